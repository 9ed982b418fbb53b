"""The "plausible random" Grass chooser of random play (`games.ai.grass_playout`): its
rules pinned on hand-made positions, over many generators whose first draw keeps it
off its uniform share (which `EXPLORE` leaves to chance)."""

from __future__ import annotations

import random

from games.ai.grass_playout import EXPLORE, choose
from games.grass import Grass, PassCard, Play
from games.grass.actions import Accept, Decline, Discard, MakeOffer
from games.grass.cards import Card
from games.grass.state import Peddle

from ..grass.helpers import game_with, move, seat_of
from .play import FILL, grass

C = Card
# generators whose first draw is not below EXPLORE: the chooser follows its rules
RULED = [seed for seed in range(200) if random.Random(seed).random() >= EXPLORE][:60]


def choices(game: Grass, name: str = "ann") -> set[object]:
    legal = game.legal_actions(name)
    found: set[object] = set()
    for seed in RULED:
        action = choose(game.state, name, legal, random.Random(seed))
        assert action in legal
        found.add(action)
    return found


def test_the_biggest_peddle_is_played_first_the_first_of_equal_ones_G7() -> None:
    game = grass(["bust", "jamaica", "colombia", "mexico", *FILL[:2]], market_open=True)
    assert choices(game) == {Play("ann", C.JAMAICA)}


def test_the_market_is_opened_or_unblocked_before_anything_else_G5_G9() -> None:
    game = grass(["mexico", "bust", "stonehigh", "market_open", *FILL[:2]])
    assert choices(game) == {Play("ann", C.MARKET_OPEN)}  # the Mexico cannot be played
    game = grass(["mexico", "bust", "stonehigh", "hearsay_evidence", *FILL[:2]])
    seat_of(game, "ann").market_open = True
    seat_of(game, "ann").heat = [C.FELONY]
    assert choices(game) == {Play("ann", C.HEARSAY_EVIDENCE)}


def closing(ann: list[Card], bob: list[Card]) -> set[object]:
    game = grass(["market_close", "bust", *FILL], market_open=True)
    seat_of(game, "ann").stash = [Peddle(c) for c in ann]
    seat_of(game, "bob").stash = [Peddle(c) for c in bob]
    seat_of(game, "bob").market_open = True
    return choices(game)


def test_the_market_is_closed_only_by_a_leader_with_a_stash_G16() -> None:
    assert Play("ann", C.MARKET_CLOSE) in closing([C.PANAMA], [C.MEXICO])
    assert Play("ann", C.MARKET_CLOSE) in closing([C.PANAMA], [C.PANAMA])  # tied lead
    assert Play("ann", C.MARKET_CLOSE) not in closing([C.MEXICO], [C.PANAMA])
    assert Play("ann", C.MARKET_CLOSE) not in closing([], [])
    assert closing([], []) == {Play("ann", C.BUST, "bob")}


def test_with_nothing_to_play_it_discards_no_peddle_G4() -> None:
    game = grass(["mexico", "colombia", *FILL])  # a closed market, nobody to target
    found = choices(game)
    assert found and all(type(a) is Discard and not a.card.is_peddle for a in found)
    assert len(found) > 1  # still random among the others


def test_a_paranoia_card_is_passed_on_first_G13() -> None:
    game = game_with(
        {"ann": ["sold_out", *FILL, "bust"], "bob": ["mexico", "double_crossed", *FILL]},
        draws=["charges_dropped"],
        players=["ann", "bob", "cy"],
    )
    move(game, "ann", play="sold_out")
    assert choices(game, "bob") == {PassCard("bob", C.DOUBLE_CROSSED)}


def test_an_offer_is_answered_at_random_G20() -> None:
    game = grass(["mexico", *FILL, "bust"])
    seat_of(game, "bob").hand[0] = C.MARKET_OPEN
    game.apply(MakeOffer("ann", "bob", give=(C.MEXICO,), take=(C.MARKET_OPEN,)))
    assert choices(game, "bob") == {Accept("bob"), Decline("bob")}


def test_a_hand_of_one_card_kind_passes_it_G13() -> None:
    game = game_with(
        {"ann": ["sold_out", *FILL, "bust"]}, draws=["charges_dropped"], players=["ann", "bob"]
    )
    move(game, "ann", play="sold_out")
    seat_of(game, "bob").hand = [C.MARKET_OPEN] * 6
    assert choices(game, "bob") == {PassCard("bob", C.MARKET_OPEN)}
