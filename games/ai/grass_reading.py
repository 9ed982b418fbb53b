"""Grass: what each opponent's last turn says about the hand they hold now (G3, G4).

A player chose their last play or discard from the hand they hold now plus that card:
nothing has entered or left their hand since, or the engine would have forgotten that
turn (`LastTurn`: their next draw, a Paranoia pass, a trade and a new deal forget it).
A discard says that nothing they valued more was playable; a small peddle, that they
held no bigger one. So the hard level does not deal the others' hands uniformly: for
each opponent it draws candidate hands from the cards it cannot see, weighs each by
how likely that last turn was with it, and its sampled worlds deal from them by weight
(sampling importance resampling; the inference of Buro, Long, Furtak and Sturtevant's
Skat program, games/ai/research.md).

The model of a player: they play as the easy level would (`grass_easy.choose_turn`,
which the search's rollouts play for them too), but not always: a hand under which the
easy level would have done otherwise weighs `STRAY` (one hundredth) of one under which
it would have done the same. So no hand is ruled out, and a turn that no candidate
explains (a person playing their own way) weighs them all the same: the deal is
uniform again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import accumulate

from games.ai.grass_easy import choose_turn, keep_value
from games.ai.grass_trades import unseen_cards
from games.grass.actions import Discard, Play
from games.grass.cards import Card
from games.grass.legal import legal_actions
from games.grass.state import Peddle, Seat, State
from games.grass.views import GrassOptions, GrassPlayerView, LastTurn, Phase, SeatView

STRAY = 0.01  # the weight of a hand under which the easy level would have played otherwise
CANDIDATES = 400  # candidate hands drawn per opponent and decision


@dataclass(frozen=True, slots=True)
class Reading:
    """An opponent's candidate hands and their cumulative weights (`random.choices`)."""

    hands: tuple[tuple[Card, ...], ...]
    cum_weights: tuple[float, ...]


def read_hands(view: GrassPlayerView, rng: random.Random) -> dict[str, Reading]:
    """For each other player whose last turn still tells about their hand, the hands
    they may hold, weighed by that turn. Players whose turn tells nothing (every
    candidate alike) are left out: the deal stays uniform for them."""
    public = view.public
    unseen = list(unseen_cards(view).elements())
    readings: dict[str, Reading] = {}
    for turn in public.last_turns:
        if turn.by == view.name:
            continue
        then = next(seat for seat in turn.seats if seat.name == turn.by)
        size = public.seat(turn.by).hand_size
        if size != then.hand_size - 1 or size > len(unseen):
            continue  # not the hand that turn was chosen from (never, by the engine)
        judge = Judge(turn, public.options)
        hands = tuple(tuple(rng.sample(unseen, size)) for _ in range(CANDIDATES))
        weights = [judge.likelihood(hand) for hand in hands]
        if min(weights) < max(weights):
            readings[turn.by] = Reading(hands, tuple(accumulate(weights)))
    return readings


class Judge:
    """How likely one player's last turn was with a given hand: the table as it stood
    then, rebuilt once, their hand put in for each candidate."""

    def __init__(self, turn: LastTurn, options: GrassOptions) -> None:
        assert isinstance(turn.action, Play | Discard)
        self.action = turn.action
        state = State(tuple(seat.name for seat in turn.seats), options, 0, ())
        state.seats = [_seat(seat) for seat in turn.seats]
        state.phase = Phase.TURN
        state.mover = state.seat(turn.by)
        self.turn = turn
        self.state = state
        self.me = next(seat for seat in turn.seats if seat.name == turn.by)

    def likelihood(self, hand: tuple[Card, ...]) -> float:
        turn = self.turn
        mover = self.state.mover
        assert mover is not None
        action = self.action
        mover.hand = [*hand, action.card]
        legal = legal_actions(self.state, turn.by)
        choice = choose_turn(self.me, mover.hand, turn.seats, turn.draw_pile, legal)
        if choice == action or _alike(choice, action, self.me):
            return 1.0
        return STRAY


def _alike(choice: object, action: Play | Discard, me: SeatView) -> bool:
    """Two choices the easy level tells apart only by the order of the cards in hand
    (two Heat On cards on the same player, two discards it values alike)."""
    if type(choice) is not type(action):
        return False
    assert isinstance(choice, Play | Discard)
    if choice.card.kind is not action.card.kind:
        return False
    if keep_value(choice.card, me) != keep_value(action.card, me):
        return False
    if isinstance(choice, Play) and isinstance(action, Play):
        return choice.target == action.target and choice.cover == action.cover
    return True


def _seat(view: SeatView) -> Seat:
    seat = Seat(view.name)
    seat.stash = [Peddle(p.card, p.covered) for p in view.stash]
    seat.protection = list(view.protection)
    seat.market_open = view.market_open
    seat.heat = list(view.heat)
    seat.skip = view.skip
    seat.total = view.total
    return seat


__all__ = ["CANDIDATES", "STRAY", "Judge", "Reading", "read_hands"]
