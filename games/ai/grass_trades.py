"""Grass, hard level: the trades it proposes (G20), a rule played before the search.

On its turn, holding 7 cards, the hard level looks at every one-for-one swap of a
card of its hand for a card an opponent may hold, and proposes the best one when it
gains clearly:

- what it gains is what the card it takes is worth to it minus what the card it
  gives is (`use_value`: the easy level's `keep_value`, but a card it can use now to
  open or unblock its market, and lacks, is worth what that makes possible);
- what the partner gains is measured the way a computer partner answers
  (`grass_easy.wants_offer`: kept value on the partner's own table); an offer goes
  only where the partner gains too, and less than the proposer;
- whether the partner holds the card asked for is unknown: its chance comes from
  counting the cards the view leaves unseen (the deck of this hand less every card
  on the table, in the discard pile and in its own hand), dealt uniformly among the
  other hands and the draw pile; an offer is ranked by that chance times its gain,
  and long shots are not sent at all (a person must stop to answer each one).

It never asks twice in a turn for what was refused: its list depends only on what a
refusal leaves unchanged (its hand, the table, the unseen cards), and the k-th offer
of a turn is the k-th of that list. Once an offer is accepted (the card taken shows
among the cards it received, `GrassPlayerView.received`) it trades no more that turn,
so the list never changes under it. At most `PROPOSALS_PER_TURN` offers a turn.

Only the player's view is read, and no random number: a restored seat proposes the
same offers, and the decision costs a few hundred comparisons.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from games.ai.grass_easy import SeatLike, keep_value, unprotected
from games.grass.actions import MakeOffer
from games.grass.cards import HEAT_OFF_FOR, Card, Kind, deck_for_hand
from games.grass.trades import MAX_OFFERS_PER_TURN
from games.grass.views import GrassPlayerView, Phase

PROPOSALS_PER_TURN = 2
MIN_GAIN = 10_000.0
"""Dollars of kept value an offer must gain the proposer, if accepted."""
MIN_CHANCE = 0.2
"""The least chance that the partner holds the card asked for."""
OPEN_NOW = 40_000.0  # a Market Open on a closed market (as `keep_value`)
UNBLOCK_NOW = 30_000.0  # the Heat Off that lifts the oldest Heat On (G9)
ORDER = {card: number for number, card in enumerate(Card)}  # ties go to the first card


def unseen_cards(view: GrassPlayerView) -> Counter[Card]:
    """Every card of this hand's deck the player cannot see (G1, G21): the other hands
    and the draw pile."""
    public = view.public
    unseen = Counter(deck_for_hand(public.hand, public.options.learning))
    seen: list[Card] = [*view.hand, *public.discard_pile]
    for seat in public.seats:
        seen.extend(p.card for p in seat.stash)
        seen.extend(seat.protection)
        seen.extend(seat.hassle)
    unseen.subtract(seen)
    return +unseen


def holds_chance(copies: int, unseen: int, hand_size: int) -> float:
    """The chance that a hand of `hand_size` cards dealt from `unseen` cards holds at
    least one of `copies` (hypergeometric)."""
    if copies <= 0 or hand_size <= 0 or unseen <= 0:
        return 0.0
    if unseen - copies < hand_size:
        return 1.0
    return 1.0 - math.comb(unseen - copies, hand_size) / math.comb(unseen, hand_size)


def _lifts_now(me: SeatLike, hand: Sequence[Card]) -> bool:
    """Whether a card of `hand` already lifts the oldest Heat On (G9, G10, G11)."""
    if not me.heat:
        return True
    oldest = me.heat[0]
    for card in hand:
        if card is HEAT_OFF_FOR[oldest] or card.kind is Kind.NIRVANA:
            return True
        if card is Card.PAY_FINE and unprotected(me):
            return True
    return False


def use_value(card: Card, me: SeatLike, hand: Sequence[Card]) -> float:
    """What `card` is worth to the proposer, with `hand` (its other cards) beside it."""
    if card is Card.MARKET_OPEN and not me.market_open and Card.MARKET_OPEN not in hand:
        return OPEN_NOW
    if me.heat and card is HEAT_OFF_FOR[me.heat[0]] and not _lifts_now(me, hand):
        return UNBLOCK_NOW
    return keep_value(card, me)


def ranked_offers(view: GrassPlayerView) -> list[MakeOffer]:
    """Every offer worth making now, best first (see the module docstring)."""
    public = view.public
    me = public.seat(view.name)
    hand = list(view.hand)
    unseen = unseen_cards(view)
    pool = sum(unseen.values())
    asked = sorted(unseen.items(), key=lambda item: ORDER[item[0]])
    gives = sorted(set(hand), key=ORDER.__getitem__)
    scored: list[tuple[float, int, int, MakeOffer]] = []
    for seat_no, partner in enumerate(public.seats):
        if partner.name == view.name or partner.hand_size == 0:
            continue
        for take_no, (take, copies) in enumerate(asked):
            chance = holds_chance(copies, pool, partner.hand_size)
            if chance < MIN_CHANCE:
                continue
            best: tuple[float, float, Card] | None = None
            for give in gives:
                rest = list(hand)
                rest.remove(give)
                mine = use_value(take, me, rest) - use_value(give, me, rest)
                theirs = keep_value(give, partner) - keep_value(take, partner)
                if mine < MIN_GAIN or theirs <= 0 or theirs >= mine:
                    continue
                if best is None or mine - theirs > best[0] - best[1]:
                    best = (mine, theirs, give)
            if best is not None:
                offer = MakeOffer(view.name, partner.name, give=(best[2],), take=(take,))
                scored.append((chance * best[0], seat_no, take_no, offer))
    scored.sort(key=lambda item: (-item[0], item[1], item[2]))
    return [offer for *_, offer in scored]


def propose(view: GrassPlayerView) -> MakeOffer | None:
    """The offer to make now, or None: not its turn to trade, nothing worth asking, an
    offer already accepted this turn, or the turn's offers used up."""
    public = view.public
    if public.phase is not Phase.TURN or public.to_move != view.name or len(view.hand) != 7:
        return None
    if view.offers_left <= 0 or not public.trading:
        return None
    made = MAX_OFFERS_PER_TURN - view.offers_left
    if made >= PROPOSALS_PER_TURN or (made and view.received):
        return None
    offers = ranked_offers(view)
    return offers[made] if made < len(offers) else None


__all__ = ["PROPOSALS_PER_TURN", "holds_chance", "propose", "ranked_offers", "use_value"]
