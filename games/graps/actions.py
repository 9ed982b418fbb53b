"""Graps actions in the notation of docs/notation.md: `{"by": P, "place": CELL}`
(P2 set-up grapes, then the rolled pawn of each turn, P4/P5) and
`{"by": P, "resign": true}` (the player gives up; the opponent wins)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.graps.cells import CELL_NAMES, parse_cell
from games.protocol import JSON, Action, MalformedAction
from games.text import _


class GrapsAction(Action):
    """Base of the two Graps actions."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Place(GrapsAction):
    """Put the mover's pawn on `cell` (flat index, see cells.py); the face comes from
    the roll, or is a grape in set-up."""

    by: str
    cell: int

    @property
    def cell_name(self) -> str:
        return CELL_NAMES[self.cell]

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "place": CELL_NAMES[self.cell]}

    def __repr__(self) -> str:
        return f"Place(by={self.by!r}, cell={CELL_NAMES[self.cell]})"


@dataclass(frozen=True, slots=True)
class Resign(GrapsAction):
    """The player gives up at any moment of a running game; the opponent wins."""

    by: str

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "resign": True}


def parse_action(data: Mapping[str, JSON]) -> GrapsAction:
    """The notation's JSON object as an action; `MalformedAction` for anything else."""
    if not isinstance(data, Mapping):
        raise MalformedAction(_("an action is a JSON object"))
    by = data.get("by")
    if not isinstance(by, str) or not by:
        # TRANSLATORS: "by" is a key of the notation: as is.
        raise MalformedAction(_('an action needs "by": the name of the player acting'))
    keys = set(data) - {"by"}
    if keys == {"place"}:
        return Place(by, parse_cell(data["place"]))
    if keys == {"resign"}:
        if data["resign"] is not True:
            # TRANSLATORS: "resign" and true are notation: as is.
            raise MalformedAction(_('"resign" takes the value true'))
        return Resign(by)
    raise MalformedAction(
        # TRANSLATORS: the actions in braces are notation: as is (each brace is doubled
        # here); {keys} are the keys given, as a list.
        _(
            'a Graps action is {{"by": P, "place": CELL}} or {{"by": P, "resign": true}};'
            " got the keys {keys}",
            keys=str(sorted(keys)),
        )
    )
