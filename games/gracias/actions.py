"""Gracias actions and their JSON notation (docs/notation.md, "Gracias").

Four shapes, all with "by":
- `{"by": P, "trio": K, "keep": COLOUR, "give_to": Q}`: a whole choice (C5) at once.
- `{"by": P, "trio": K}`: take trio K only; its face-down card joins P's hidden cards
  (P alone sees it), then P still has to split the face-up cards.
- `{"by": P, "keep": COLOUR, "give_to": Q}`: split the trio P has just taken.
- `{"by": P, "leave": true}`: P gives up (the project's rule, docs/rules/gracias.md).
Bad notation raises `MalformedAction`; whether a well-formed action is allowed is
the engine's business (`IllegalAction`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from games.gracias.cards import COLOURS, Colour, parse_colour
from games.protocol import JSON, Action, MalformedAction, quoted
from games.text import _


class GraciasAction(Action):
    """Base of the four Gracias actions."""

    __slots__ = ()
    by: str


@dataclass(frozen=True, slots=True)
class ChooseTrio(GraciasAction):
    """C5 in one step: take trio `trio`, keep the face-up card of colour `keep`, give
    the other face-up card to `give_to`."""

    by: str
    trio: int
    keep: Colour
    give_to: str

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "trio": self.trio, "keep": self.keep.id, "give_to": self.give_to}


@dataclass(frozen=True, slots=True)
class TakeTrio(GraciasAction):
    """C5, first half: take trio `trio` and look at its face-down card."""

    by: str
    trio: int

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "trio": self.trio}


@dataclass(frozen=True, slots=True)
class SplitTrio(GraciasAction):
    """C5, second half: of the trio just taken, keep `keep` and give the other card."""

    by: str
    keep: Colour
    give_to: str

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "keep": self.keep.id, "give_to": self.give_to}


@dataclass(frozen=True, slots=True)
class Leave(GraciasAction):
    """The player gives up and leaves the game."""

    by: str

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "leave": True}


@lru_cache(maxsize=16384)
def choices(by: str, trio: int, keep: int, opponents: tuple[str, ...]) -> tuple[ChooseTrio, ...]:
    """The combined actions for one trio and kept colour (index), one per opponent.
    Actions are values, so the engine hands out these shared instances (listing them
    is hot)."""
    return tuple(ChooseTrio(by, trio, COLOURS[keep], opponent) for opponent in opponents)


@lru_cache(maxsize=4096)
def splits(by: str, keep: int, opponents: tuple[str, ...]) -> tuple[SplitTrio, ...]:
    """The completions for one kept colour (index), one per opponent (shared instances)."""
    return tuple(SplitTrio(by, COLOURS[keep], opponent) for opponent in opponents)


_SHAPES = {
    frozenset({"by", "trio", "keep", "give_to"}),
    frozenset({"by", "trio"}),
    frozenset({"by", "keep", "give_to"}),
    frozenset({"by", "leave"}),
}


def parse_action(data: Mapping[str, JSON]) -> GraciasAction:
    """The notation's JSON object as an action; `MalformedAction` otherwise."""
    if not isinstance(data, Mapping):
        raise MalformedAction(_("a Gracias action is a JSON object"))
    keys = frozenset(data)
    if keys not in _SHAPES:
        given = "+".join(sorted(str(key) for key in data))
        if not given:
            raise MalformedAction(
                # TRANSLATORS: the keys (by, trio, keep, give_to, leave) are notation: as is.
                _(
                    "a Gracias action has the keys by+trio+keep+give_to, by+trio, "
                    "by+keep+give_to or by+leave, not none"
                )
            )
        raise MalformedAction(
            # TRANSLATORS: the keys are notation, as is; {keys} are the keys given ("by+card").
            _(
                "a Gracias action has the keys by+trio+keep+give_to, by+trio, "
                "by+keep+give_to or by+leave, not {keys}",
                keys=given,
            )
        )
    by = data["by"]
    if not isinstance(by, str) or not by:
        # TRANSLATORS: "by" is a key of the notation: as is.
        raise MalformedAction(_('"by" must be a player name'))
    if "leave" in keys:
        if data["leave"] is not True:
            # TRANSLATORS: "leave" and true are notation: as is.
            raise MalformedAction(_('"leave" must be true'))
        return Leave(by)
    trio = data.get("trio")
    if "trio" in keys and (not isinstance(trio, int) or isinstance(trio, bool)):
        # TRANSLATORS: "trio" is a key of the notation: as is.
        raise MalformedAction(_('"trio" must be a trio number (1, 2, ...)'))
    if "keep" not in keys:
        assert isinstance(trio, int)
        return TakeTrio(by, trio)
    keep = parse_colour(data["keep"])
    if keep is None:
        raise MalformedAction(
            # TRANSLATORS: "keep" and the colour ids in brackets are notation: as is.
            # {value} is what was given, quoted.
            _(
                '"keep" must be a colour id (red, orange, yellow, green, blue, purple), '
                "not {value}",
                value=quoted(data["keep"]),
            )
        )
    give_to = data["give_to"]
    if not isinstance(give_to, str) or not give_to:
        # TRANSLATORS: "give_to" is a key of the notation: as is.
        raise MalformedAction(_('"give_to" must be a player name'))
    if isinstance(trio, int):
        return ChooseTrio(by, trio, keep, give_to)
    return SplitTrio(by, keep, give_to)
