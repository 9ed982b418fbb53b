"""The steps the rules take by themselves in a Graps game: rolling for each turn (P3),
passing turns that cannot be played and the stuck rule (P8), exhaustion (P9) and the
end of the game. Checking and carrying out a placement is the engine's job
(engine.py); these functions follow it.
"""

from __future__ import annotations

from functools import lru_cache

from games.graps.dice import seeded_grape
from games.graps.state import State
from games.graps.views import Face, GrapsEventKind, GrapsTermination, Phase
from games.protocol import Event, EventKind
from games.text import Listed, Text, _, _n


def start_turn(state: State, seat: int, events: list[Event]) -> None:
    """Roll for seat's turn (P3), passing turns that cannot be played (P8), until a
    player has a roll with a legal cell or the game ends (P8, P9)."""
    board = state.board
    supply = state.supply
    while True:
        if not supply[0] and not supply[1]:
            _exhausted(state, events)
            return
        name = state.players[seat]
        if not supply[seat]:  # P8: a player with no pawns left passes
            events.append(
                Event(
                    GrapsEventKind.PASS,
                    _("{player} has no pawns left: turn passes", player=name),
                    name,
                    data={"why": "no_pawns"},
                )
            )
            seat = 1 - seat
            continue
        if not board.can_place(seat):  # P8: the player who left them stuck loses
            loser = state.players[1 - seat]
            # the pattern GrapsEndReason.STUCK
            # TRANSLATORS: either face of the die, grape or blank.
            reason = _(
                "{winner} has no legal cell for either face: {loser} loses",
                winner=name,
                loser=loser,
            )
            finish(state, (name,), reason, GrapsTermination.STUCK, events)
            return
        n = state.rolls_made
        state.rolls_made = n + 1
        if n < len(state.header_rolls):
            face = state.header_rolls[n]
        else:
            grape = seeded_grape(state.roll_base, n, state.options.grape_faces)
            face = Face.GRAPE if grape else Face.BLANK
        legal = board.grape_cells(seat) if face is Face.GRAPE else board.blank_cells(seat)
        word = "grape" if face is Face.GRAPE else "blank"  # faster than face.value
        if legal:
            text = _rolled(name, face)
            events.append(Event(GrapsEventKind.ROLL, text, name, data={"face": word}))
            state.mover = seat
            state.roll = face
            state.legal = legal
            return
        events.append(Event(GrapsEventKind.ROLL, "", name, data={"face": word}))
        text = _no_cell(name, face)
        events.append(Event(GrapsEventKind.PASS, text, name, data={"why": "no_cell", "face": word}))
        seat = 1 - seat


# The words of every turn, made once per player and face (AI rollouts roll thousands of
# times): a `Text` is a value, so events may share it.


@lru_cache(maxsize=256)
def _rolled(player: str, face: Face) -> Text:
    if face is Face.GRAPE:
        # TRANSLATORS: grape and blank are the two kinds of face of the Graps die.
        return _("{player} rolled grape", player=player)
    return _("{player} rolled blank", player=player)


@lru_cache(maxsize=256)
def _no_cell(player: str, face: Face) -> Text:
    if face is Face.GRAPE:
        return _("{player} rolled grape: no legal cell, turn passes", player=player)
    return _("{player} rolled blank: no legal cell, turn passes", player=player)


def _exhausted(state: State, events: list[Event]) -> None:
    """P9: both supplies are used up; the pawn nearest the opponent's land decides."""
    far = 99  # farther than any pawn: a player with no pawn on the board
    dark, light = (state.board.distance(seat) for seat in (0, 1))
    d0 = far if dark is None else dark
    d1 = far if light is None else light
    distances = Listed(_distance(state.players[seat], d, far) for seat, d in ((0, d0), (1, d1)))
    if d0 == d1:
        # the pattern GrapsEndReason.EXHAUSTED_DRAW
        # TRANSLATORS: {distances}: how far each player's pawns got ("ann 2 rows away and
        # bob no pawn").
        reason = _("no pawns left, {distances}: a draw", distances=distances)
        finish(state, state.players, reason, GrapsTermination.EXHAUSTED_DRAW, events)
    else:
        winner = state.players[0 if d0 < d1 else 1]
        # the pattern GrapsEndReason.EXHAUSTED_WIN
        # TRANSLATORS: {distances}: how far each player's pawns got ("ann 2 rows away and
        # bob no pawn").
        reason = _("no pawns left, {distances}: {winner} wins", distances=distances, winner=winner)
        finish(state, (winner,), reason, GrapsTermination.EXHAUSTED_WIN, events)


def _distance(player: str, rows: int, far: int) -> Text:
    """P9: how far `player`'s most advanced pawn is from the opponent's land row."""
    if rows == far:
        # TRANSLATORS: a player without a pawn on the board, in the list of how far each
        # player's pawns got when the game ended ("ann 2 rows away and bob no pawn").
        return _("{player} no pawn", player=player)
    # TRANSLATORS: rows between the player's most advanced pawn and the opponent's land
    # row, in the list of how far each player's pawns got ("ann 2 rows away and bob no pawn").
    return _n("{player} {count} row away", "{player} {count} rows away", rows, player=player)


def finish(
    state: State,
    winners: tuple[str, ...],
    reason: str,
    termination: GrapsTermination,
    events: list[Event],
) -> None:
    """The game ends with `winners` (both players for a draw), `reason` in words (a
    `GrapsEndReason` pattern filled in, as a `Text`) and `termination` its name."""
    state.phase = Phase.OVER
    state.mover = None
    state.roll = None
    state.legal = []
    state.winners = winners
    state.reason = reason
    state.termination = termination
    kind = GrapsEventKind.DRAW if len(winners) > 1 else GrapsEventKind.WIN
    events.append(Event(kind, reason, winners[0], data={}))
    if len(winners) == 1:
        text = _("game over: {player} wins", player=winners[0])
    else:
        text = _("game over: a draw")
    events.append(Event(EventKind.GAME_OVER, text, data={"winners": [*winners]}))
