"""Taking back a move: the move log's undo entry (docs/notation.md, "Taking a move back").

`{"by": P, "undo": true}` takes back the last action still standing in the log, which P
must have made. Engines keep no history, so a `Replayer` applying a log keeps the
position before each action that may still be taken back, and an undo entry goes back
to it: a log of n entries costs n actions and n copies of the game, however many undo
entries it holds. The undo entry still counts as a move (`Game.moves`), so a state's
version only ever grows and a control drawn for the taken-back position stays out of
date. Only a move that showed nothing hidden may be taken back (`Game.reveals`): once a
card was drawn or a roll made, replaying without the move would leave someone knowing
what the game had not yet shown. A move that ended the game, or a player leaving, is
final too, and so is every action before a final one.

Two limits keep a table from being stalled, and the move log from growing, by taking
back and playing again for ever (docs/notation.md): a player takes back at most
`TAKE_BACKS_IN_A_ROW` moves before another player moves, and at most
`TAKE_BACKS_PER_TURN` moves in one turn, that is between two final actions (the first
limit alone would let two players choosing at once, at a Grass Paranoia pass, take back
turn about for ever). Replaying a log holds it to the first
limit only, as logs were written before the second (`Replayer.apply`); a take-back
made now is held to both (`Replayer.take_back`, `take_back`), so a log written since
holds at most `TAKE_BACKS_PER_TURN` undo entries per player per turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.protocol import JSON, Event, EventKind, Game, IllegalAction
from games.registry import game_class
from games.text import _, _n

UNDO = "undo"
"""The key that makes a move log entry an undo entry."""

AnyGame = Game[Any, Any, Any]

TAKE_BACKS_IN_A_ROW = 3
"""How many moves one player may take back before another player has moved."""

TAKE_BACKS_PER_TURN = 3
"""How many moves one player may take back in one turn: since the last action that
could not be taken back (it showed something hidden, ended the game or was a leave)."""


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


class TooManyTakeBacks(CannotTakeBack):
    """`by` took back `TAKE_BACKS_PER_TURN` moves this turn already: their moves stand
    until the turn is over."""

    def __init__(self, by: str) -> None:
        self.by = by
        self.count = TAKE_BACKS_PER_TURN
        super().__init__(
            # TRANSLATORS: why a move cannot be taken back: {player} took back too many
            # this turn (or, at a Paranoia pass, during the pass).
            _n(
                "{player} took back {count} move this turn already, the most allowed",
                "{player} took back {count} moves this turn already, the most allowed",
                self.count,
                player=by,
                count=self.count,
            )
        )


@dataclass(slots=True)
class TakeBackCount:
    """How many moves each player took back, as the limits on taking back count them."""

    in_a_row: dict[str, int] = field(default_factory=dict)
    """Since another player's action (`TAKE_BACKS_IN_A_ROW`)."""
    this_turn: dict[str, int] = field(default_factory=dict)
    """Since the last action that could not be taken back (`TAKE_BACKS_PER_TURN`)."""

    def took_back(self, by: str) -> None:
        self.in_a_row[by] = self.in_a_row.get(by, 0) + 1
        self.this_turn[by] = self.this_turn.get(by, 0) + 1

    def acted(self, by: str, final: bool) -> None:
        """`by` made an action (not an undo entry); `final`: it cannot be taken back."""
        self.in_a_row = {by: self.in_a_row.get(by, 0)}
        if final:
            self.this_turn = {}

    def refusal(self, by: str) -> CannotTakeBack | None:
        """Why `by` may not take back one more move now, or None: the limit of a turn,
        then the limit in a row (which the turn's usually makes moot)."""
        if self.this_turn.get(by, 0) >= TAKE_BACKS_PER_TURN:
            return TooManyTakeBacks(by)
        return self.in_a_row_refusal(by)

    def in_a_row_refusal(self, by: str) -> CannotTakeBack | None:
        """Why `by` may not take back one more move by the limit in a row alone (all a
        log replayed is held to), or None."""
        if self.in_a_row.get(by, 0) < TAKE_BACKS_IN_A_ROW:
            return None
        return CannotTakeBack(
            # TRANSLATORS: why a move cannot be taken back: {player} took back too many.
            _n(
                "{player} took back {count} move in a row, and another player must move first",
                "{player} took back {count} moves in a row, and another player must move first",
                TAKE_BACKS_IN_A_ROW,
                player=by,
                count=TAKE_BACKS_IN_A_ROW,
            )
        )


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
    """The game with the move: the game the log was at (not a copy)."""
    events: list[Event]
    """What the move did, as it did it the first time."""


def _check_undo_entry(entry: Mapping[str, JSON]) -> str:
    if set(entry) != {"by", UNDO} or entry[UNDO] is not True:
        # TRANSLATORS: the entry in braces is notation: as is (each brace is doubled here).
        raise IllegalAction(_('an undo entry is {{"by": PLAYER, "undo": true}}'))
    by = entry["by"]
    if not isinstance(by, str):
        # TRANSLATORS: "by" is a key of the notation: as is.
        raise IllegalAction(_('an undo entry\'s "by" names a player'))
    return by


@dataclass(slots=True)
class _Standing:
    """An action of the log that no undo entry took back."""

    by: str
    events: list[Event]
    before: AnyGame | None
    """The game before the action, or None when the action is final."""
    final: str | None
    """Why the action cannot be taken back, in a player's words, or None."""


class Replayer:
    """A move log applied entry by entry to the game of a replay header, undo entries
    included, in time linear in the log's length."""

    def __init__(self, header: Mapping[str, JSON]) -> None:
        self.game: AnyGame = game_class(header.get("game")).from_replay(header)
        """The game after the entries applied so far."""
        self.entries = 0
        """How many entries were applied."""
        # The actions standing since the last final one: nothing before it can come back.
        self._standing: list[_Standing] = []
        # Each player's take-backs, as the limits count them.
        self._counts = TakeBackCount()

    def apply(self, entry: JSON) -> list[Event]:
        """Applies the next entry of the log: an action, or an undo entry, which goes
        back to the position before the action it takes back. Returns its events;
        `IllegalAction` (nothing changed) when it is illegal."""
        if not isinstance(entry, Mapping):
            raise IllegalAction(_("an action is a JSON object"))
        if is_undo(entry):
            by = _check_undo_entry(entry)
            standing = self._takeable(by)
            # A log is held to the limit in a row alone: logs written before the limit
            # of a turn still replay (docs/notation.md).
            refused = self._counts.in_a_row_refusal(by)
            if refused is not None:
                raise refused
            self.game = self._without(standing, by)
            self._standing.pop()
            self._counts.took_back(by)
            self.entries += 1
            return [taken_back_event(by)]
        before = self.game.clone()
        events = self.game.apply_json(entry)
        by = str(entry.get("by"))
        final = final_reason(events) or self.game.reveals(events)
        if final is None:
            self._standing.append(_Standing(by, events, before, None))
        else:
            self._standing = [_Standing(by, events, None, final)]
        self._counts.acted(by, final is not None)
        self.entries += 1
        return events

    def take_back(self, by: str) -> TakenBack:
        """What `by`'s undo entry would give now, leaving the replay as it is; the
        `IllegalAction` of `apply` when it is illegal, and `TooManyTakeBacks` when `by`
        took back `TAKE_BACKS_PER_TURN` moves this turn already: a take-back made now
        is held to both limits."""
        standing = self._takeable(by)
        refused = self._counts.refusal(by)
        if refused is not None:
            raise refused
        return TakenBack(self._without(standing, by), self.game, standing.events)

    def _takeable(self, by: str) -> _Standing:
        if not self._standing:
            raise IllegalAction(_("there is no move to take back"))
        last = self._standing[-1]
        if last.by != by:
            # TRANSLATORS: {mover} made the last move; {player} asked to take it back.
            raise IllegalAction(
                _("the last move is {mover}'s, not {player}'s", mover=last.by, player=by)
            )
        if last.final is not None:
            raise CannotTakeBack(last.final)
        return last

    def _without(self, standing: _Standing, by: str) -> AnyGame:
        assert standing.before is not None  # `_takeable` refuses final actions
        game = standing.before.clone()
        game.moves = self.entries + 1
        game.note(taken_back_event(by))
        return game


def take_back(header: Mapping[str, JSON], entries: Sequence[JSON], by: str) -> TakenBack:
    """The game of `header` after the move log `entries` followed by `by`'s undo entry.
    `IllegalAction`, saying why in a player's words, when there is no move to take
    back, when the last move standing is someone else's, or when it cannot be taken
    back (`TooManyTakeBacks` when `by` took back enough this turn); an illegal earlier
    entry raises its own `IllegalAction`."""
    replayer = Replayer(header)
    for entry in entries:
        replayer.apply(entry)
    return replayer.take_back(by)
