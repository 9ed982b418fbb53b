"""The views of a Gracias game: the only place that decides who sees what (C5).

The public view never holds a face-down card or a hidden card's colour, only how
many hidden cards each player has; a player's view adds their own hidden cards and
the one they just took while still choosing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.gracias.cards import COLOURS
from games.gracias.views import (
    ColourCounts,
    GraciasPlayerView,
    GraciasPublicView,
    Phase,
    SeatView,
    TrioView,
)

if TYPE_CHECKING:
    from games.gracias.engine import Gracias

RECENT = 6  # public event texts kept in a view for the table image


def public_view(game: Gracias) -> GraciasPublicView:
    names = game.players
    trios = tuple(
        TrioView(
            number,
            tuple(COLOURS[c] for c in trio.up),
            trio.down is not None,
            None if trio.taker is None else names[trio.taker],
        )
        for number, trio in enumerate(game.trios, 1)
    )
    seats = tuple(
        SeatView(
            name,
            seat,
            ColourCounts(tuple(game.reserves[seat])),
            len(game.hidden[seat]),
            tuple(game.round_scores[seat]),
            sum(game.round_scores[seat]),
            game.active[seat],
        )
        for seat, name in enumerate(names)
    )
    recent: list[str] = []
    for event in reversed(game.log):
        if event.text:
            recent.append(event.text)
            if len(recent) == RECENT:
                break
    recent.reverse()
    return GraciasPublicView(
        round=game.round,
        turn=game.turn,
        big_opener=names[game.big],
        small_opener=names[game.small],
        players=names,
        to_move=None if game.to_move is None else names[game.to_move],
        phase=Phase.OVER if game.over else Phase.CHOOSE,
        choosing=None if game.holding is None else game.holding + 1,
        trios=trios,
        seats=seats,
        last_round=None if game.last_round is None else game.last_round.view(),
        winners=game.winners,
        recent=tuple(recent),
    )


def player_view(game: Gracias, player: str) -> GraciasPlayerView:
    seat = game.seat_of.get(player)
    if seat is None:
        raise KeyError(f"{player} is not playing in this game")
    just_taken = None
    if game.holding is not None and game.to_move == seat:
        just_taken = COLOURS[game.hidden[seat][-1]]
    return GraciasPlayerView(
        public=public_view(game),
        player=player,
        hidden=tuple(COLOURS[c] for c in game.hidden[seat]),
        just_taken=just_taken,
    )
