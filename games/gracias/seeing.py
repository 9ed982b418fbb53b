"""The views of a Gracias game: the only place that decides who sees what (C5), and
the replay state that `python -m games replay` prints (docs/notation.md).

The public view never holds a face-down card or a hidden card's colour, only how
many hidden cards each player has; a player's view adds their own hidden cards and
the one they just took while still choosing. The replay state shows everything.
"""

from __future__ import annotations

from games.gracias.cards import COLOUR_IDS, COLOURS, colour_ids
from games.gracias.state import State
from games.gracias.views import (
    ColourCounts,
    GraciasPlayerView,
    GraciasPublicView,
    Phase,
    SeatView,
    TrioView,
)
from games.protocol import JSON

RECENT = 6  # public event texts kept in a view for the table image


def public_view(state: State) -> GraciasPublicView:
    names = state.players
    trios = tuple(
        TrioView(
            number,
            tuple(COLOURS[c] for c in trio.up),
            trio.down is not None,
            None if trio.taker is None else names[trio.taker],
        )
        for number, trio in enumerate(state.trios, 1)
    )
    seats = tuple(
        SeatView(
            name,
            seat,
            ColourCounts(tuple(state.reserves[seat])),
            len(state.hidden[seat]),
            tuple(state.round_scores[seat]),
            sum(state.round_scores[seat]),
            state.active[seat],
        )
        for seat, name in enumerate(names)
    )
    recent: list[str] = []
    for event in reversed(state.log):
        if event.text:
            recent.append(event.text)
            if len(recent) == RECENT:
                break
    recent.reverse()
    return GraciasPublicView(
        round=state.round,
        turn=state.turn,
        big_opener=names[state.big],
        small_opener=names[state.small],
        players=names,
        to_move=None if state.to_move is None else names[state.to_move],
        phase=Phase.OVER if state.over else Phase.CHOOSE,
        choosing=None if state.holding is None else state.holding + 1,
        trios=trios,
        seats=seats,
        last_round=None if state.last_round is None else state.last_round.view(),
        winners=state.winners,
        recent=tuple(recent),
    )


def player_view(state: State, player: str) -> GraciasPlayerView:
    seat = state.seat_of.get(player)
    if seat is None:
        raise KeyError(f"{player} is not playing in this game")
    just_taken = None
    if state.holding is not None and state.to_move == seat:
        just_taken = COLOURS[state.hidden[seat][-1]]
    return GraciasPlayerView(
        public=public_view(state),
        player=player,
        hidden=tuple(COLOURS[c] for c in state.hidden[seat]),
        just_taken=just_taken,
    )


def _counts(row: list[int]) -> dict[str, int]:
    return {colour.id: row[c] for c, colour in enumerate(COLOURS)}


def state_json(state: State) -> dict[str, JSON]:
    """The public shape of the whole state that `python -m games replay` prints."""
    names = state.players
    return {
        "game": "gracias",
        "round": state.round,
        "turn": state.turn,
        "phase": "over" if state.over else "choose",
        "to_move": None if state.to_move is None else names[state.to_move],
        "taken_trio": None if state.holding is None else state.holding + 1,
        "big_opener": names[state.big],
        "small_opener": names[state.small],
        "trios": [
            {
                "number": number,
                "face_up": colour_ids(trio.up),
                "taken": trio.taker is not None,
                "taken_by": None if trio.taker is None else names[trio.taker],
                "face_down": None if trio.down is None else COLOUR_IDS[trio.down],
            }
            for number, trio in enumerate(state.trios, 1)
        ],
        "players": {
            name: {
                "seat": seat,
                "in_game": state.active[seat],
                "reserve": _counts(state.reserves[seat]),
                "hidden": colour_ids(state.hidden[seat]),
                "round_scores": list(state.round_scores[seat]),
                "total": sum(state.round_scores[seat]),
            }
            for seat, name in enumerate(names)
        },
        "pile": len(state.pile),
        "moves": state.moves,
        "winners": list(state.winners),
    }
