"""Grass, hard level: how the trades it may propose are weighed and ranked (G20), on
both sides of each threshold: the chance that a partner holds a card, the gains on
both sides, the order of the list and when no offer is made at all."""

from __future__ import annotations

import pytest

from games.ai.grass_trades import holds_chance, propose, ranked_offers, unseen_cards
from games.grass import MakeOffer, Phase
from games.grass.actions import Accept
from games.grass.cards import Card
from games.grass.state import Peddle

from ..grass.helpers import game_with, seat_of
from .play import grass

C = Card
HEAT_OFFS = ["immunity", "immunity", "a_breeze_to_fly", "a_breeze_to_fly"]


def offer(give: Card, take: Card, to: str = "bob") -> MakeOffer:
    return MakeOffer("ann", to, give=(give,), take=(take,))


def test_the_chance_of_holding_a_card_at_its_edges() -> None:
    assert holds_chance(1, 10, 1) == pytest.approx(0.1)  # one card dealt of ten
    assert holds_chance(1, 10, 0) == 0.0  # an empty hand holds nothing
    assert holds_chance(2, 1, 0) == 0.0
    assert holds_chance(1, 0, 1) == 0.0  # nothing unseen
    assert holds_chance(0, 3, 6) == 0.0  # no copy left
    assert holds_chance(1, 1, 1) == 1.0  # the one unseen card is in the hand
    assert holds_chance(1, 2, 1) == 0.5
    assert holds_chance(3, 2, 1) == 1.0  # more copies than places: surely held


def test_a_learning_hand_counts_its_own_smaller_deck_G21() -> None:
    game = game_with({"ann": ["mexico"]}, options={"learning": True})
    view = game.view_for("ann")
    unseen = unseen_cards(view)
    assert sum(unseen.values()) == view.public.deck_size - 7
    assert unseen[C.STONEHIGH] == 0  # left out of learning hands 1 and 2


def blocked_by_felony(*hand: str) -> MakeOffer | None:
    game = grass([*hand, *HEAT_OFFS, "bust"][:6])
    for name in ("ann", "bob", "cy"):
        seat_of(game, name).market_open = True
    seat_of(game, "ann").heat = [C.FELONY]
    seat_of(game, "ann").stash = [Peddle(C.MEXICO)]
    offers = ranked_offers(game.view_for("ann"))
    return next((o for o in offers if o.take == (C.HEARSAY_EVIDENCE,)), None)


def test_the_heat_off_is_asked_for_only_for_the_pay_fine_that_lifts_the_heat_too_G9_G10() -> None:
    # nothing lifts her Felony: Hearsay Evidence is worth $30,000 for a Market Close
    assert blocked_by_felony("market_close") == offer(C.MARKET_CLOSE, C.HEARSAY_EVIDENCE)
    # a Pay Fine lifts it already (her Mexico pays): Hearsay Evidence is worth its
    # $15,000 unless the Pay Fine itself goes for it
    assert blocked_by_felony("pay_fine") == offer(C.PAY_FINE, C.HEARSAY_EVIDENCE)
    # so even beside a Market Close (worth less to her, and to bob, than the Pay Fine)
    assert blocked_by_felony("pay_fine", "market_close") == offer(C.PAY_FINE, C.HEARSAY_EVIDENCE)


def test_a_gain_of_exactly_10_000_is_asked_for_G9_G20() -> None:
    # ann and bob both blocked by Felony: Hearsay Evidence is worth $30,000 to ann
    # (nothing else lifts her Felony), $15,000 to bob; the Steal $20,000 to both.
    # ann gains $10,000, bob $5,000: the least ann asks for.
    game = grass(["steal_your_neighbors_pot", *HEAT_OFFS, "bust"])
    for name in ("ann", "bob"):
        seat_of(game, name).market_open = True
        seat_of(game, name).heat = [C.FELONY]
    offers = ranked_offers(game.view_for("ann"))
    assert offer(C.STEAL_YOUR_NEIGHBORS_POT, C.HEARSAY_EVIDENCE) in offers


def test_of_two_cards_given_for_the_same_gain_the_first_in_the_deck_goes_G20() -> None:
    # a Home Grown and a Mexico are both worth $5,000: the Home Grown comes first
    game = grass(["mexico", "home_grown", *HEAT_OFFS])
    seat_of(game, "bob").market_open = True
    assert propose(game.view_for("ann")) == offer(C.HOME_GROWN, C.MARKET_OPEN)


def test_offers_of_equal_worth_go_by_seat_then_by_card_G20() -> None:
    # a spare Market Open for a $25,000 peddle to two closed markets: Colombia and
    # Jamaica are as likely in either hand (5 copies each, none seen)
    game = grass(["market_open", *HEAT_OFFS, "bust"], market_open=True)
    offers = ranked_offers(game.view_for("ann"))
    assert offers[:4] == [
        offer(C.MARKET_OPEN, C.COLOMBIA),
        offer(C.MARKET_OPEN, C.JAMAICA),
        offer(C.MARKET_OPEN, C.COLOMBIA, to="cy"),
        offer(C.MARKET_OPEN, C.JAMAICA, to="cy"),
    ]


def test_offers_are_ranked_by_chance_times_the_proposer_s_gain_G20() -> None:
    # three Colombias seen in the discard pile: a Colombia is less likely in a hand
    # than a Jamaica, which goes first
    game = grass(["market_open", *HEAT_OFFS, "bust"], market_open=True)
    game.state.discard.extend([C.COLOMBIA] * 3)
    offers = ranked_offers(game.view_for("ann"))
    assert offers[:2] == [offer(C.MARKET_OPEN, C.JAMAICA), offer(C.MARKET_OPEN, C.JAMAICA, "cy")]
    # a Market Open ($40,000 to ann's closed market, $2,000 to bob's open one) for
    # a Mexico gains more than a Colombia for a Market Open ($23,000) at any chance
    game = grass(["mexico", "colombia", *HEAT_OFFS])
    seat_of(game, "bob").market_open = True
    offers = ranked_offers(game.view_for("ann"))
    assert offers[0] == offer(C.MEXICO, C.MARKET_OPEN)


def test_a_partner_holding_a_single_card_is_asked_G20() -> None:
    # every card but ann's hand and bob's last one lies in the discard pile: bob
    # surely holds the Market Open ann lacks
    game = grass(["mexico", *HEAT_OFFS, "bust"])
    bob, cy = seat_of(game, "bob"), seat_of(game, "cy")
    bob.market_open, bob.hand, cy.hand = True, [C.MARKET_OPEN], []
    unseen = unseen_cards(game.view_for("ann"))
    unseen[C.MARKET_OPEN] -= 1
    game.state.discard.extend(unseen.elements())
    game.state.draw.clear()
    assert propose(game.view_for("ann")) == offer(C.MEXICO, C.MARKET_OPEN)


def test_no_offer_while_an_offer_waits_or_out_of_turn_G20() -> None:
    game = grass(["mexico", *HEAT_OFFS, "bust"])
    seat_of(game, "bob").market_open = True
    seat_of(game, "cy").market_open = True
    assert len(ranked_offers(game.view_for("ann"))) >= 2
    made = propose(game.view_for("ann"))
    assert made == offer(C.MEXICO, C.MARKET_OPEN)
    seat_of(game, "bob").hand[0] = C.MARKET_OPEN
    game.apply(made)
    assert game.view_for("ann").public.phase is Phase.OFFER
    assert propose(game.view_for("ann")) is None
    game.apply(Accept("bob"))
    assert propose(game.view_for("bob")) is None


def test_a_bigger_gain_goes_first_at_the_same_chance_G20() -> None:
    # ann, blocked by Felony with nothing to lift it, holds a spare Market Open. A
    # Colombia or a Jamaica for it from cy (closed) gains her $23,000; Hearsay Evidence
    # for her Market Close $21,000 (from bob or cy): 5 copies unseen of each card.
    game = grass(["market_open", "market_close", *HEAT_OFFS])
    ann = seat_of(game, "ann")
    ann.market_open, ann.heat = True, [C.FELONY]
    seat_of(game, "bob").market_open = True
    assert ranked_offers(game.view_for("ann"))[:4] == [
        offer(C.MARKET_OPEN, C.COLOMBIA, to="cy"),
        offer(C.MARKET_OPEN, C.JAMAICA, to="cy"),
        offer(C.MARKET_CLOSE, C.HEARSAY_EVIDENCE),
        offer(C.MARKET_CLOSE, C.HEARSAY_EVIDENCE, to="cy"),
    ]


def test_a_likelier_card_goes_first_when_chance_times_gain_says_so_G20() -> None:
    # as above, but a Colombia and a Jamaica lie in the discard pile: 4 copies unseen
    # of each against 5 of Hearsay Evidence, so $21,000 at the better chance first
    game = grass(["market_open", "market_close", *HEAT_OFFS])
    ann = seat_of(game, "ann")
    ann.market_open, ann.heat = True, [C.FELONY]
    seat_of(game, "bob").market_open = True
    game.state.discard.extend([C.COLOMBIA, C.JAMAICA])
    view = game.view_for("ann")
    assert unseen_cards(view)[C.COLOMBIA] == 4 and unseen_cards(view)[C.HEARSAY_EVIDENCE] == 5
    assert ranked_offers(view)[:4] == [
        offer(C.MARKET_CLOSE, C.HEARSAY_EVIDENCE),
        offer(C.MARKET_CLOSE, C.HEARSAY_EVIDENCE, to="cy"),
        offer(C.MARKET_OPEN, C.COLOMBIA, to="cy"),
        offer(C.MARKET_OPEN, C.JAMAICA, to="cy"),
    ]
