"""Building the views (what the table and each player see) and the replay state JSON.

Hidden information is decided here and only here: hands, the card just drawn, pass
choices (G13), the cards received in a pass or trade (G13, G20) and the contents of an
offer under negotiation (G20) reach only the player(s) concerned.
"""

from __future__ import annotations

from games.grass.state import Seat, State
from games.grass.trades import offers_left, trading_allowed
from games.grass.views import (
    GrassPlayerView,
    GrassPublicView,
    PendingOffer,
    Phase,
    SeatView,
    StashCard,
)
from games.protocol import JSON


def _seat_view(state: State, index: int, seat: Seat) -> SeatView:
    passing = state.phase is Phase.PASS
    return SeatView(
        name=seat.name,
        seat=index,
        market=seat.market,
        market_open=seat.market_open,
        heat=tuple(seat.heat),
        stash=tuple(StashCard(p.card, p.covered) for p in seat.stash),
        protection=tuple(seat.protection),
        hand_size=len(seat.hand),
        total=seat.total,
        skip=seat.skip,
        to_pass=passing and seat.chosen is None,
        passed=passing and seat.chosen is not None,
    )


def seat_views(state: State) -> tuple[SeatView, ...]:
    return tuple(_seat_view(state, i, seat) for i, seat in enumerate(state.seats))


def _awaiting(state: State) -> tuple[str, ...]:
    if state.phase is Phase.TURN and state.mover is not None:
        return (state.mover.name,)
    if state.phase is Phase.PASS:
        return tuple(seat.name for seat in state.seats if seat.chosen is None)
    if state.phase is Phase.OFFER and state.offer is not None:
        return (state.offer.to, state.offer.by)
    return ()


def public_view(state: State) -> GrassPublicView:
    offer = state.offer
    return GrassPublicView(
        hand=state.hand_no,
        phase=state.phase,
        to_move=state.mover.name if state.mover else None,
        awaiting=_awaiting(state),
        draw_pile=len(state.draw),
        deck_size=state.deck_size(),
        discard_pile=tuple(state.discard),
        seats=seat_views(state),
        extra_turn=state.extra_turn,
        trading=trading_allowed(state),
        offer=PendingOffer(offer.by, offer.to) if offer else None,
        scores=tuple(state.scores),
        options=state.options,
        winners=state.winners,
        recent=tuple(state.recent),
        after_pass=state.next_mover.name if state.next_mover else None,
        last_turns=tuple(state.turns[s.name] for s in state.seats if s.name in state.turns),
    )


def player_view(state: State, name: str) -> GrassPlayerView:
    seat = state.seat(name)
    offer = state.offer
    mine = seat is not None and state.mover is seat
    return GrassPlayerView(
        public=public_view(state),
        name=name,
        hand=tuple(seat.hand) if seat else (),
        drawn=state.drawn if mine else None,
        pass_choice=seat.chosen if seat else None,
        offer=offer if offer is not None and name in (offer.by, offer.to) else None,
        offers_left=offers_left(state, name),
        received=tuple(seat.received) if seat else (),
    )


def state_json(state: State) -> dict[str, JSON]:
    """The public contract of `python -m games replay` (docs/notation.md)."""
    return {
        "game": "grass",
        "hand": state.hand_no,
        "phase": state.phase.value,
        "to_move": state.mover.name if state.mover else None,
        "awaiting": list(_awaiting(state)),
        "draw_pile": len(state.draw),
        "discard_pile": [c.value for c in state.discard],
        "players": {
            seat.name: {
                "hand": [c.value for c in seat.hand],
                "stash": [{"card": p.card.value, "covered": p.covered} for p in seat.stash],
                "protection": [c.value for c in seat.protection],
                "market": seat.market.value,
                "heat": [c.value for c in seat.heat],
                "skip": seat.skip,
                "total": seat.total,
                "pass_choice": seat.chosen.value if seat.chosen else None,
                # Only when set, so printed states stay as they were before the key.
                **({"received": [c.value for c in seat.received]} if seat.received else {}),
            }
            for seat in state.seats
        },
        "scores": [
            {
                row.name: {
                    "table": row.table,
                    "banker": row.banker,
                    "hand_peddle": row.hand_peddle,
                    "paranoia": row.paranoia,
                    "bonus": row.bonus,
                    "score": row.score,
                }
                for row in hand.rows
            }
            for hand in state.scores
        ],
        "winners": list(state.winners),
        "left": list(state.left),
        "extra_turn": state.extra_turn,
        "offers": state.offers,
        "offer": None
        if state.offer is None
        else {
            "by": state.offer.by,
            "to": state.offer.to,
            "give": [c.value for c in state.offer.give],
            "take": [c.value for c in state.offer.take],
            "give_stash": [c.value for c in state.offer.give_stash],
            "take_stash": [c.value for c in state.offer.take_stash],
        },
    }
