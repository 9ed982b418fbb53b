"""Taking back a move: the move log's undo entry (docs/notation.md, "Taking a move back").

`{"by": P, "undo": true}` takes back the last action still standing in the log, which P
must have made. Engines keep no history, so the game without that action is the log
replayed up to it; the undo entry still counts as a move (`Game.moves`), so a state's
version only ever grows and a control drawn for the taken-back position stays out of
date. Only a move that showed nothing hidden may be taken back (`Game.reveals`): once a
card was drawn or a roll made, replaying without the move would leave someone knowing
what the game had not yet shown. A move that ended the game, or a player leaving, is
final too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.protocol import JSON, Event, EventKind, Game, IllegalAction
from games.registry import game_class
from games.text import _

UNDO = "undo"
"""The key that makes a move log entry an undo entry."""

AnyGame = Game[Any, Any, Any]


def is_undo(entry: JSON) -> bool:
    return isinstance(entry, Mapping) and UNDO in entry


def undo_entry(by: str) -> dict[str, JSON]:
    """The undo entry of player `by`, as the move log and replay files hold it."""
    return {"by": by, UNDO: True}


class CannotTakeBack(IllegalAction):
    """The move exists and is the asker's, but the rules keep it: `why` in a player's
    words ("a card has been drawn since")."""

    def __init__(self, why: str) -> None:
        self.why = why
        # TRANSLATORS: {why} says why ("a card has been drawn since", "it ended the game").
        super().__init__(_("that move cannot be taken back: {why}", why=why))


def taken_back_event(by: str) -> Event:
    return Event(EventKind.UNDO, _("{player} took back their last move", player=by), by)


def final_reason(events: Sequence[Event]) -> str | None:
    """Why a move is final whatever the game, in a player's words, or None."""
    kinds = {event.kind for event in events}
    if EventKind.GAME_OVER in kinds:
        # TRANSLATORS: why a move cannot be taken back: the move ended the game.
        return _("it ended the game")
    if EventKind.LEAVE in kinds:
        # TRANSLATORS: why a move cannot be taken back: the move was leaving the game.
        return _("leaving a game is final")
    return None


@dataclass(frozen=True, slots=True)
class TakenBack:
    game: AnyGame
    """The game without the move, its version one past the log's last entry."""
    redone: AnyGame
    """The game with the move played again: equal to the game the log was at."""
    events: list[Event]
    """What the move did, as it did it the first time."""


def _standing(entries: Sequence[JSON]) -> list[int]:
    """The indexes of the actions of `entries` that no undo entry took back."""
    standing: list[int] = []
    for index, entry in enumerate(entries):
        if is_undo(entry):
            if standing:
                standing.pop()
        else:
            standing.append(index)
    return standing


def _check_undo_entry(entry: Mapping[str, JSON]) -> str:
    if set(entry) != {"by", UNDO} or entry[UNDO] is not True:
        # TRANSLATORS: the entry in braces is notation: as is (each brace is doubled here).
        raise IllegalAction(_('an undo entry is {{"by": PLAYER, "undo": true}}'))
    by = entry["by"]
    if not isinstance(by, str):
        # TRANSLATORS: "by" is a key of the notation: as is.
        raise IllegalAction(_('an undo entry\'s "by" names a player'))
    return by


def take_back(header: Mapping[str, JSON], entries: Sequence[JSON], by: str) -> TakenBack:
    """The game of `header` after the move log `entries` followed by `by`'s undo entry.
    `IllegalAction`, saying why in a player's words, when there is no move to take
    back, when the last move standing is someone else's, or when it cannot be taken
    back; an illegal earlier entry raises its own `IllegalAction`."""
    standing = _standing(entries)
    if not standing:
        raise IllegalAction(_("there is no move to take back"))
    last = standing[-1]
    action = entries[last]
    if not isinstance(action, Mapping):
        raise IllegalAction(_("an action is a JSON object"))
    if action.get("by") != by:
        # TRANSLATORS: {mover} made the last move; {player} asked to take it back.
        raise IllegalAction(
            _("the last move is {mover}'s, not {player}'s", mover=str(action.get("by")), player=by)
        )
    before = _replayed(header, entries[:last])
    redone = before.clone()
    events = redone.apply_json(action)
    reason = final_reason(events) or redone.reveals(events)
    if reason is not None:
        raise CannotTakeBack(reason)
    before.moves = len(entries) + 1
    before.note(taken_back_event(by))
    return TakenBack(before, redone, events)


def _replayed(header: Mapping[str, JSON], entries: Sequence[JSON]) -> AnyGame:
    game = game_class(header.get("game")).from_replay(header)
    for index in range(len(entries)):
        game, _ = apply_entry(game, header, entries, index)
    return game


def apply_entry(
    game: AnyGame, header: Mapping[str, JSON], entries: Sequence[JSON], index: int
) -> tuple[AnyGame, list[Event]]:
    """Entry `index` of a move log applied to `game`, the game after the entries before
    it: an action is applied in place; an undo entry gives the game replayed without
    the action it takes back. Returns the game and the entry's events."""
    entry = entries[index]
    if not isinstance(entry, Mapping):
        raise IllegalAction(_("an action is a JSON object"))
    if is_undo(entry):
        by = _check_undo_entry(entry)
        return take_back(header, entries[:index], by).game, [taken_back_event(by)]
    return game, game.apply_json(entry)
