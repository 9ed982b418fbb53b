"""The steps the rules take by themselves in a Graps game: rolling for each turn (P3),
passing turns that cannot be played and the stuck rule (P8), exhaustion (P9) and the
end of the game. Checking and carrying out a placement is the engine's job
(engine.py); these functions follow it.
"""

from __future__ import annotations

from games.graps.dice import seeded_grape
from games.graps.state import State
from games.graps.views import Face, GrapsEndReason, GrapsEventKind, Phase
from games.protocol import Event, EventKind
from games.words import plural


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
                    f"{name} has no pawns left: turn passes",
                    name,
                    data={"why": "no_pawns"},
                )
            )
            seat = 1 - seat
            continue
        if not board.can_place(seat):  # P8: the player who left them stuck loses
            loser = state.players[1 - seat]
            reason = GrapsEndReason.STUCK.format(winner=name, loser=loser)
            finish(state, (name,), reason, events)
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
            text = f"{name} rolled {word}"
            events.append(Event(GrapsEventKind.ROLL, text, name, data={"face": word}))
            state.mover = seat
            state.roll = face
            state.legal = legal
            return
        events.append(Event(GrapsEventKind.ROLL, "", name, data={"face": word}))
        events.append(
            Event(
                GrapsEventKind.PASS,
                f"{name} rolled {word}: no legal cell, turn passes",
                name,
                data={"why": "no_cell", "face": word},
            )
        )
        seat = 1 - seat


def _exhausted(state: State, events: list[Event]) -> None:
    """P9: both supplies are used up; the pawn nearest the opponent's land decides."""
    far = 99  # farther than any pawn: a player with no pawn on the board
    dark, light = (state.board.distance(seat) for seat in (0, 1))
    d0 = far if dark is None else dark
    d1 = far if light is None else light
    words = " and ".join(
        f"{state.players[seat]} {'no pawn' if d == far else plural(d, 'row') + ' away'}"
        for seat, d in ((0, d0), (1, d1))
    )
    if d0 == d1:
        reason = GrapsEndReason.EXHAUSTED_DRAW.format(distances=words)
        finish(state, state.players, reason, events)
    else:
        winner = state.players[0 if d0 < d1 else 1]
        reason = GrapsEndReason.EXHAUSTED_WIN.format(distances=words, winner=winner)
        finish(state, (winner,), reason, events)


def finish(state: State, winners: tuple[str, ...], reason: str, events: list[Event]) -> None:
    """The game ends with `winners` (both players for a draw), `reason` in words (a
    `GrapsEndReason` pattern filled in)."""
    state.phase = Phase.OVER
    state.mover = None
    state.roll = None
    state.legal = []
    state.winners = winners
    state.reason = reason
    kind = GrapsEventKind.DRAW if len(winners) > 1 else GrapsEventKind.WIN
    events.append(Event(kind, reason, winners[0], data={}))
    result = f"{winners[0]} wins" if len(winners) == 1 else "a draw"
    events.append(Event(EventKind.GAME_OVER, f"game over: {result}", data={"winners": [*winners]}))
