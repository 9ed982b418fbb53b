"""Grass, easy level: the dollar values its rules of thumb weigh, pinned on a real
seat (G4, G7, G8, G12, G13, G18, G20): what a card in hand is worth keeping, what
playing a Paranoia card costs now, a stash and a standing."""

from __future__ import annotations

import pytest

from games.ai.grass_easy import (
    _at_stake,
    keep_value,
    offer_gain,
    paranoia_cost,
    stash_value,
    unprotected,
    wants_offer,
    worth,
)
from games.grass import Offer
from games.grass.cards import Card
from games.grass.state import Peddle, Seat

from ..grass.helpers import seat_of
from .play import grass

C = Card


def ann(market_open: bool = False, heat: tuple[Card, ...] = (), *stash: Peddle) -> Seat:
    game = grass(["mexico", "panama", "colombia", "immunity", "immunity", "bust"])
    seat = seat_of(game, "ann")
    seat.market_open, seat.heat, seat.stash = market_open, list(heat), list(stash)
    return seat


def test_a_stash_counts_its_peddles_all_covered_or_open() -> None:
    seat = ann(True, (), Peddle(C.PANAMA, covered=True), Peddle(C.MEXICO), Peddle(C.COLOMBIA))
    assert stash_value(seat) == 80_000
    assert stash_value(seat, covered=True) == 50_000
    assert stash_value(seat, covered=False) == 30_000
    assert unprotected(seat) == [5_000, 25_000]


def test_a_standing_is_the_total_plus_the_stash_and_more_at_stake_while_unblocked_G8() -> None:
    seat = ann(True, (), Peddle(C.PANAMA))
    seat.total = 40_000
    assert worth(seat) == 90_000
    assert _at_stake(seat) == 120_000  # an unblocked market: $30,000 more at stake
    seat.heat = [C.BUST]
    assert _at_stake(seat) == 90_000


@pytest.mark.parametrize(
    ("card", "value"),
    [
        (C.PANAMA, 50_000),
        (C.HOME_GROWN, 5_000),
        (C.SOLD_OUT, -25_000),
        (C.UTTERLY_WIPED_OUT, -100_000),
        (C.BANKER, 60_000),
        (C.STEAL_YOUR_NEIGHBORS_POT, 20_000),
        (C.PAY_FINE, 10_000),
        (C.BUST, 12_000),
        (C.LUST_CONQUERS_ALL, 15_000),
        (C.MARKET_CLOSE, 9_000),
        (C.STONEHIGH, 50_000),
        (C.EUPHORIA, 50_000),
        (C.MARKET_OPEN, 40_000),  # ann's market is closed
        (C.IMMUNITY, 8_000),  # no Heat On to lift
    ],
)
def test_what_a_card_in_hand_is_worth_keeping_on_a_closed_market_G4(
    card: Card, value: float
) -> None:
    assert keep_value(card, ann()) == value


def test_a_market_open_is_worth_little_once_the_market_is_open_G5() -> None:
    assert keep_value(C.MARKET_OPEN, ann(True)) == 2_000


def test_a_heat_off_is_worth_more_while_its_heat_on_blocks_the_market_G9() -> None:
    seat = ann(True, (C.FELONY,))
    assert keep_value(C.HEARSAY_EVIDENCE, seat) == 15_000
    assert keep_value(C.IMMUNITY, seat) == 8_000


def test_what_playing_paranoia_costs_early_in_the_hand_G13() -> None:
    # unprotected $5,000 and $50,000; the covered Colombia is safe
    seat = ann(True, (), Peddle(C.MEXICO), Peddle(C.PANAMA), Peddle(C.COLOMBIA, covered=True))
    assert paranoia_cost(C.SOLD_OUT, seat, late=False) == 10_000 + 5_000
    assert paranoia_cost(C.DOUBLE_CROSSED, seat, late=False) == 20_000 + 50_000
    # every free peddle and the Market Open it would need again
    assert paranoia_cost(C.UTTERLY_WIPED_OUT, seat, late=False) == 20_000 + 55_000 + 20_000


def test_a_lost_turn_costs_less_near_the_end_of_the_hand_G13() -> None:
    seat = ann(True, (), Peddle(C.MEXICO), Peddle(C.PANAMA))
    assert paranoia_cost(C.SOLD_OUT, seat, late=True) == 4_000 + 5_000
    assert paranoia_cost(C.DOUBLE_CROSSED, seat, late=True) == 8_000 + 50_000
    assert paranoia_cost(C.UTTERLY_WIPED_OUT, seat, late=True) == 8_000 + 55_000 + 20_000


def test_paranoia_on_an_empty_closed_table_costs_only_the_turns_G13() -> None:
    seat = ann()
    assert paranoia_cost(C.SOLD_OUT, seat, late=False) == 10_000
    assert paranoia_cost(C.DOUBLE_CROSSED, seat, late=False) == 20_000
    assert paranoia_cost(C.UTTERLY_WIPED_OUT, seat, late=False) == 20_000


def test_an_offer_gains_the_cards_and_peddles_received_less_those_given_G20() -> None:
    seat = ann(True)
    offer = Offer(
        "bob", "ann", give=(C.PANAMA,), take=(C.BUST,), give_stash=(C.MEXICO,), take_stash=()
    )
    assert offer_gain(offer, seat) == 50_000 + 5_000 - 12_000
    taking = Offer("bob", "ann", give=(C.PANAMA,), take=(C.BUST,), take_stash=(C.COLOMBIA,))
    assert offer_gain(taking, seat) == 50_000 - 12_000 - 25_000


def test_an_even_swap_is_declined_G20() -> None:
    game = grass(["mexico", "panama", "colombia", "immunity", "immunity", "bust"])
    even = Offer("bob", "ann", give=(C.HOME_GROWN,), take=(C.MEXICO,))
    assert offer_gain(even, seat_of(game, "ann")) == 0
    assert not wants_offer(game.view_for("ann"), even)
    better = Offer("bob", "ann", give=(C.COLOMBIA,), take=(C.MEXICO,))
    assert wants_offer(game.view_for("ann"), better)
