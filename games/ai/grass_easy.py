"""Grass, easy level: a rule-aware priority list (G5-G16, G13 pass, G20 answers).

On its turn, the first that applies:
1. a Paranoia card whose cost now (the peddles it takes and the turns it loses, G13)
   is at most half its penalty if held at the end (G18), or at most the penalty once
   the draw pile runs low: it never keeps one to the end when playing it costs less;
2. Market Open on a closed market (G5); a matching Heat Off, a Nirvana or Pay Fine on a
   blocked one (G9-G11);
3. a Nirvana that takes something from the opponents (G11);
4. on a clear market: Market Close when its own net for the hand beats every other
   stash (G16, G18 bonus); the biggest peddle of $25,000 or more (G7); a Protect
   covering $25,000 or more (G12); a Steal of $25,000 or more (G14);
5. Heat On on the leader (G8); a small peddle; any Protect; any Steal;
6. else it discards the card it values least (G4).
In a Paranoia pass it passes its worst Paranoia card, else the card it values least
(G13). It answers a trade offer (G20) by accepting only what gains it value
(`wants_offer`). It never proposes trades (the hard level does: grass_trades.py).

The rules of thumb read only seat-like objects (a `SeatView` of the player's view, or a
searched game's own seats in the hard level's rollouts) and the player's own hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from games.grass.actions import Accept, Decline, Discard, GrassAction, PassCard, Play
from games.grass.cards import LIFTS, PARANOIA_LOST_TURNS, PARANOIA_PENALTIES, Card, Kind
from games.grass.views import GrassPlayerView, Offer
from games.protocol import Action

BONUS = 25_000  # G18
TURN = 10_000  # what a lost turn costs (G13), early in a hand and near its end
LATE_TURN = 4_000


class StashLike(Protocol):
    @property
    def card(self) -> Card: ...
    @property
    def covered(self) -> bool: ...


class SeatLike(Protocol):
    """What the heuristics read of a seat (a `SeatView` or the engine's own `Seat`)."""

    @property
    def name(self) -> str: ...
    @property
    def market_open(self) -> bool: ...
    @property
    def heat(self) -> Sequence[Card]: ...
    @property
    def stash(self) -> Sequence[StashLike]: ...
    @property
    def total(self) -> int: ...


def stash_value(seat: SeatLike, covered: bool | None = None) -> int:
    return sum(p.card.value_usd for p in seat.stash if covered is None or p.covered == covered)


def unprotected(seat: SeatLike) -> list[int]:
    return [p.card.value_usd for p in seat.stash if not p.covered]


def keep_value(card: Card, me: SeatLike) -> float:
    """How much a card in hand is worth keeping, in dollars (low = discard or pass it)."""
    kind = card.kind
    if kind is Kind.PEDDLE:
        return card.value_usd
    if kind is Kind.PARANOIA:
        return -card.value_usd
    if card is Card.BANKER:
        return 60_000.0
    if kind is Kind.MARKET_OPEN:
        return 2_000.0 if me.market_open else 40_000.0
    if kind is Kind.HEAT_OFF:
        return 15_000.0 if LIFTS[card] in me.heat else 8_000.0
    return {
        Kind.PAY_FINE: 10_000.0,
        Kind.HEAT_ON: 12_000.0,
        Kind.PROTECT: 15_000.0,
        Kind.SKIM: 20_000.0,
        Kind.MARKET_CLOSE: 9_000.0,
        Kind.NIRVANA: 50_000.0,
    }.get(kind, 5_000.0)


def paranoia_cost(card: Card, me: SeatLike, late: bool) -> int:
    """G13: what playing this Paranoia card costs now: the peddles it throws away, the
    turns it loses (worth less near the end of the hand) and, for Utterly Wiped Out,
    the Market Open it would need again."""
    free = unprotected(me)
    turns = PARANOIA_LOST_TURNS[card] * (LATE_TURN if late else TURN)
    if card is Card.SOLD_OUT:
        return turns + min(free, default=0)
    if card is Card.DOUBLE_CROSSED:
        return turns + max(free, default=0)
    return turns + sum(free) + (20_000 if me.market_open else 0)


def worth(seat: SeatLike) -> int:
    """A seat's standing: running total plus what lies in its stash."""
    return seat.total + stash_value(seat)


def choose_turn(
    me: SeatLike,
    hand: Sequence[Card],
    seats: Sequence[SeatLike],
    draw_pile: int,
    legal: Sequence[GrassAction],
    sharp: bool = False,
) -> GrassAction:
    """The priority list of the module docstring, over `legal` (plays and discards).

    `sharp` (the hard level's own choices, measured stronger against this level):
    Paranoia cards are kept until the draw pile is empty (passed on meanwhile), and
    Heat On goes to the opponent with the most at stake whose market is not yet
    blocked, or is saved for later when a clear market has better to do."""
    plays: dict[Card, list[Play]] = {}
    for action in legal:
        if type(action) is Play:
            plays.setdefault(action.card, []).append(action)
    others = [seat for seat in seats if seat.name != me.name]
    late = draw_pile <= (0 if sharp else 2 * len(seats))
    # 1. Paranoia (G13); the sharp choice keeps it to pass on until the last draw
    best_paranoia: tuple[float, Play] | None = None
    for card in PARANOIA_PENALTIES:
        if card in plays and (late or not sharp):
            cost = paranoia_cost(card, me, late)
            penalty = card.value_usd
            if cost <= penalty * (1.0 if late else 0.5):
                gain = penalty - cost
                if best_paranoia is None or gain > best_paranoia[0]:
                    best_paranoia = (gain, plays[card][0])
    if best_paranoia is not None:
        return best_paranoia[1]
    # 2. Open, unblock (G5, G9, G10, G11)
    if not me.market_open and Card.MARKET_OPEN in plays:
        return plays[Card.MARKET_OPEN][0]
    if me.heat:
        for card, actions in plays.items():
            if card.kind is Kind.HEAT_OFF:
                return actions[0]
        for card in (Card.STONEHIGH, Card.EUPHORIA):
            if card in plays:
                return plays[card][0]
        if Card.PAY_FINE in plays and min(unprotected(me), default=0) <= 25_000:
            return plays[Card.PAY_FINE][0]
    # 3. Nirvana that takes something (G11)
    for card, pick in ((Card.EUPHORIA, max), (Card.STONEHIGH, min)):
        if card in plays:
            gain = sum(pick(unprotected(seat), default=0) for seat in others)
            if gain >= (50_000 if card is Card.EUPHORIA and not late else 5_000) or late:
                return plays[card][0]
    clear = me.market_open and not me.heat
    peddles = sorted((c for c in plays if c.kind is Kind.PEDDLE), key=lambda c: -c.value_usd)
    leader_worth = max((worth(seat) for seat in others), default=0)
    if clear:
        # 4. Close when ahead (G16, G18)
        if Card.MARKET_CLOSE in plays:
            in_hand = max((c.value_usd for c in hand if c.kind is Kind.PEDDLE), default=0)
            penalty = sum(c.value_usd for c in hand if c.kind is Kind.PARANOIA)
            net = stash_value(me) - in_hand - penalty
            best_other = max((stash_value(seat) for seat in others), default=0)
            if net > best_other and net > 0 and me.total + net + BONUS >= leader_worth:
                return plays[Card.MARKET_CLOSE][0]
        if peddles and peddles[0].value_usd >= 25_000:
            return plays[peddles[0]][0]
        cover = _best_cover(plays)
        if cover is not None and sum(c.value_usd for c in cover.cover) >= 25_000:
            return cover
        steal = _best_steal(plays, seats)
        if steal is not None and steal[0] >= 25_000:
            return steal[1]
    # 5. Heat On the leader (G8), then the small things
    heat = [a for card, actions in plays.items() if card.kind is Kind.HEAT_ON for a in actions]
    if heat:
        by_name = {seat.name: seat for seat in seats}
        if not sharp:
            return max(heat, key=lambda a: worth(by_name[a.target]) if a.target else 0)
        target = max(heat, key=lambda a: _at_stake(by_name[a.target]) if a.target else 0)
        if not clear or not (target.target and by_name[target.target].heat):
            return target
    if clear:
        if peddles:
            return plays[peddles[0]][0]
        cover = _best_cover(plays)
        if cover is not None:
            return cover
        steal = _best_steal(plays, seats)
        if steal is not None and steal[0] > 0:
            return steal[1]
    # 6. Discard the least useful card (G4)
    discards = [a for a in legal if type(a) is Discard]
    if discards:
        return min(discards, key=lambda a: keep_value(a.card, me))
    return legal[0]


def _at_stake(seat: SeatLike) -> int:
    """What a Heat On would hold back: the seat's standing, more while unblocked."""
    return worth(seat) + (0 if seat.heat else 30_000)


def _best_cover(plays: dict[Card, list[Play]]) -> Play | None:
    covers = [a for card, actions in plays.items() if card.kind is Kind.PROTECT for a in actions]
    if not covers:
        return None
    return max(covers, key=lambda a: sum(c.value_usd for c in a.cover))


def _best_steal(
    plays: dict[Card, list[Play]], seats: Sequence[SeatLike]
) -> tuple[int, Play] | None:
    steals = plays.get(Card.STEAL_YOUR_NEIGHBORS_POT)
    if not steals:
        return None
    by_name = {seat.name: seat for seat in seats}
    options = [(max(unprotected(by_name[a.target]), default=0), a) for a in steals if a.target]
    return max(options, key=lambda item: item[0], default=None)


def choose_pass(me: SeatLike, legal: Sequence[GrassAction]) -> GrassAction:
    """G13: the worst card goes left (a Paranoia card first, the biggest penalty)."""
    passes = [a for a in legal if type(a) is PassCard]
    return min(passes, key=lambda a: keep_value(a.card, me))


def offer_gain(offer: Offer, me: SeatLike) -> float:
    """What accepting `offer` (made to `me`) gains in kept value (G20): cards received
    minus cards given, stash peddles at face value."""
    received = sum(keep_value(c, me) for c in offer.give)
    received += sum(c.value_usd for c in offer.give_stash)
    given = sum(keep_value(c, me) for c in offer.take)
    given += sum(c.value_usd for c in offer.take_stash)
    return received - given


def wants_offer(view: GrassPlayerView, offer: Offer) -> bool:
    """Whether the player of `view` should accept `offer`: only when it gains value."""
    me = view.public.seat(view.name)
    return offer_gain(offer, me) > 0


class GrassEasy:
    """The easy level over a player's view (`sharp`: see `choose_turn`)."""

    def __init__(self, sharp: bool = False) -> None:
        self.sharp = sharp

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(view, GrassPlayerView)
        actions = [a for a in legal if isinstance(a, GrassAction)]
        first = actions[0]
        public = view.public
        me = public.seat(view.name)
        if type(first) is PassCard:
            return choose_pass(me, actions)
        if type(first) in (Accept, Decline):
            accept = next((a for a in actions if type(a) is Accept), None)
            if accept is not None and view.offer is not None and wants_offer(view, view.offer):
                return accept
            return next(a for a in actions if type(a) is Decline)
        if type(first) not in (Play, Discard):
            return first  # withdrawing its own offer (the bot never asks: Action.optional)
        return choose_turn(me, view.hand, public.seats, public.draw_pile, actions, self.sharp)
