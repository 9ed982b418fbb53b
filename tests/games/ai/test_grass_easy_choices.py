"""Grass, easy level and its sharp variant (the hard level's default choice): each
rule of thumb of `games.ai.grass_easy` pinned on a hand-made position, on both sides
of its thresholds (rule ids as in docs/rules)."""

from __future__ import annotations

import random

from games.ai.grass_easy import GrassEasy
from games.ai.grass_hard import GrassHard
from games.grass import Grass, Offer, Play
from games.grass.actions import Accept, Decline, Discard, MakeOffer
from games.grass.cards import Card
from games.grass.state import Peddle

from ..grass.helpers import seat_of
from .play import FILL, grass

C = Card


def decide(game: Grass, sharp: bool = False, name: str = "ann") -> object:
    legal = game.legal_actions(name)
    action = GrassEasy(sharp).choose(game.view_for(name), legal, random.Random(1))
    assert action in legal
    return action


def draw_pile(game: Grass, cards: int) -> Grass:
    del game.state.draw[cards:]
    assert game.view_for("ann").public.draw_pile == cards
    return game


def stash(game: Grass, name: str, *cards: Card, total: int = 0) -> None:
    seat = seat_of(game, name)
    seat.market_open = True
    seat.stash = [Peddle(card) for card in cards]
    seat.total = total


# 1. Paranoia (G13): at most half its penalty early, all of it once the pile runs low


def sold_out_on_a_mexico(pile: int) -> object:
    game = grass(["sold_out", *FILL, "bust"], market_open=True)
    stash(game, "ann", C.MEXICO)  # Sold Out costs a turn and the Mexico
    return decide(draw_pile(game, pile))


def test_the_easy_level_plays_paranoia_costing_more_than_half_once_the_pile_is_low_G13() -> None:
    # three players: "low" is 6 cards or fewer ($4,000 a turn then, $10,000 before)
    assert sold_out_on_a_mexico(6) == Play("ann", C.SOLD_OUT)
    assert sold_out_on_a_mexico(7) != Play("ann", C.SOLD_OUT)


def test_paranoia_costing_exactly_half_its_penalty_is_played_early_G13() -> None:
    game = grass(["double_crossed", *FILL, "bust"], market_open=True)
    stash(game, "ann", C.MEXICO)  # two turns and the Mexico: $25,000 of $50,000
    assert decide(game) == Play("ann", C.DOUBLE_CROSSED)


def test_paranoia_costing_more_than_half_its_penalty_is_kept_early_G13() -> None:
    game = grass(["sold_out", *FILL, "bust"], market_open=True)
    stash(game, "ann", C.COLOMBIA)  # a turn and the Colombia: $35,000 of $25,000
    assert decide(game) != Play("ann", C.SOLD_OUT)


def utterly_wiped_out_late(*cards: Card) -> object:
    game = grass(["utterly_wiped_out", *FILL, "bust"], market_open=True)
    stash(game, "ann", *cards)
    return decide(draw_pile(game, 3))


def test_late_paranoia_is_played_while_it_costs_at_most_its_penalty_G13_G18() -> None:
    # two late turns ($8,000), $65,000 of peddles, the Market Open ($20,000): $93,000,
    # where early turns ($20,000) would make it $105,000 (more than $100,000)
    assert utterly_wiped_out_late(C.PANAMA, C.MEXICO, C.HOME_GROWN, C.HOME_GROWN) == Play(
        "ann", C.UTTERLY_WIPED_OUT
    )
    # $8,000 + $100,000 + $20,000: more than the penalty even at the end
    assert utterly_wiped_out_late(C.DR_FEELGOOD) != Play("ann", C.UTTERLY_WIPED_OUT)


def test_of_two_paranoia_cards_the_one_that_saves_the_most_is_played_G13() -> None:
    # late; free $50,000, $5,000 and $5,000, the market open. Sold Out would save
    # $16,000, Utterly Wiped Out $12,000: Sold Out, the smaller card, goes.
    game = grass(["sold_out", "utterly_wiped_out", *FILL], market_open=True)
    stash(game, "ann", C.PANAMA, C.MEXICO, C.MEXICO)
    assert decide(draw_pile(game, 3)) == Play("ann", C.SOLD_OUT)


def test_of_two_paranoia_cards_saving_as_much_the_first_in_the_deck_goes_G13() -> None:
    # late; Double Crossed costs $8,000 + $25,000, Utterly Wiped Out $8,000 + $55,000
    # + $20,000: both save $17,000
    game = grass(["double_crossed", "utterly_wiped_out", *FILL], market_open=True)
    stash(game, "ann", C.COLOMBIA, C.JAMAICA, C.MEXICO)
    assert decide(draw_pile(game, 3)) == Play("ann", C.DOUBLE_CROSSED)


def test_sharp_keeps_paranoia_until_the_draw_pile_is_empty_G13() -> None:
    game = grass(["double_crossed", *FILL, "bust"])
    assert decide(game) == Play("ann", C.DOUBLE_CROSSED)
    assert decide(draw_pile(game, 1), sharp=True) != Play("ann", C.DOUBLE_CROSSED)
    assert decide(draw_pile(game, 0), sharp=True) == Play("ann", C.DOUBLE_CROSSED)


def test_the_hard_level_s_rules_are_the_sharp_ones_G13() -> None:
    game = grass(["double_crossed", *FILL, "bust"])
    easy = GrassHard().easy
    legal = game.legal_actions("ann")
    assert easy.choose(game.view_for("ann"), legal, random.Random(1)) != Play(
        "ann", C.DOUBLE_CROSSED
    )


# 2. Unblock (G10)


def pay_fine_on(peddle: Card) -> object:
    game = grass(["pay_fine", *FILL, "bust"], market_open=True, heat=[C.FELONY])
    stash(game, "ann", peddle)
    seat_of(game, "ann").heat = [C.FELONY]  # nothing in hand lifts it
    return decide(game)


def test_pay_fine_lifts_the_heat_when_it_costs_at_most_25_000_G10() -> None:
    assert pay_fine_on(C.COLOMBIA) == Play("ann", C.PAY_FINE)
    assert pay_fine_on(C.PANAMA) != Play("ann", C.PAY_FINE)


# 3. Nirvana (G11)


def test_stonehigh_is_played_for_as_little_as_5_000_G11() -> None:
    game = grass(["stonehigh", *FILL, "bust"])
    stash(game, "bob", C.MEXICO)
    assert decide(game) == Play("ann", C.STONEHIGH)
    seat_of(game, "bob").stash = []
    assert decide(game) != Play("ann", C.STONEHIGH)


def test_euphoria_waits_for_50_000_to_take_until_the_pile_runs_low_G11() -> None:
    game = grass(["euphoria", *FILL, "bust"])
    stash(game, "bob", C.COLOMBIA)
    assert decide(game) != Play("ann", C.EUPHORIA)
    assert decide(draw_pile(game, 6)) == Play("ann", C.EUPHORIA)
    game = grass(["euphoria", *FILL, "bust"])
    stash(game, "bob", C.PANAMA)
    assert decide(game) == Play("ann", C.EUPHORIA)


# 4. On a clear market: close when ahead (G16, G18)


def closes(hand: list[str], mine: list[Card], **others: list[Card] | int) -> bool:
    game = grass([*hand, *FILL][:6], market_open=True)
    stash(game, "ann", *mine)
    for name, value in others.items():
        if isinstance(value, int):
            seat_of(game, name).total = value
        else:
            stash(game, name, *value)
    return decide(game) == Play("ann", C.MARKET_CLOSE)


def test_market_close_when_the_hand_s_net_and_bonus_reach_the_leader_G16_G18() -> None:
    # $50,000 on the table and the $25,000 bonus reach bob's $75,000, not $80,000
    assert closes(["market_close", "bust"], [C.PANAMA], bob=75_000)
    assert not closes(["market_close", "bust"], [C.PANAMA], bob=80_000)


def test_market_close_needs_a_net_above_every_other_stash_G16() -> None:
    assert not closes(["market_close", "bust"], [C.PANAMA], bob=[C.PANAMA])
    assert closes(["market_close", "bust"], [C.PANAMA], bob=[C.JAMAICA])


def test_market_close_counts_the_biggest_peddle_still_in_hand_G16_G18() -> None:
    # net $50,000 - $25,000 = $25,000, below bob's $30,000
    assert not closes(["market_close", "colombia"], [C.PANAMA], bob=[C.COLOMBIA, C.MEXICO])
    # a Protect card in hand is no peddle: the net stays $50,000
    assert closes(["market_close", "lust_conquers_all"], [C.PANAMA])


def test_market_close_counts_the_paranoia_penalties_in_hand_G16_G18() -> None:
    assert not closes(["market_close", "sold_out"], [C.PANAMA], bob=[C.COLOMBIA, C.MEXICO])


def test_market_close_is_not_played_on_an_empty_stash_even_far_ahead_G16() -> None:
    assert not closes(["market_close", "bust"], [], ann=100_000, bob=[C.MEXICO])


def test_market_close_is_not_played_behind_the_leader_s_total_G16() -> None:
    assert not closes(["market_close", "bust"], [C.PANAMA], bob=200_000)


# 4-5. Big things before Heat On, small ones after it (G7, G8, G12, G14)


def clear_with_bust(hand: list[str]) -> Grass:
    game = grass([*hand, "bust", *FILL][:6], market_open=True)
    stash(game, "bob", C.MEXICO, C.COLOMBIA, total=100_000)
    seat_of(game, "bob").stash[1].covered = True
    stash(game, "cy", C.COLOMBIA)
    return game


def test_a_25_000_peddle_goes_before_heat_on_G7_G8() -> None:
    assert decide(clear_with_bust(["colombia"])) == Play("ann", C.COLOMBIA)
    assert decide(clear_with_bust(["mexico"])) == Play("ann", C.BUST, "bob")


def test_a_protect_covering_25_000_goes_before_heat_on_G12() -> None:
    game = clear_with_bust(["grab_a_snack"])
    stash(game, "ann", C.COLOMBIA)
    assert decide(game) == Play("ann", C.GRAB_A_SNACK, None, (C.COLOMBIA,))
    stash(game, "ann", C.MEXICO)
    assert decide(game) == Play("ann", C.BUST, "bob")


def test_a_steal_of_25_000_goes_before_heat_on_G14() -> None:
    game = clear_with_bust(["steal_your_neighbors_pot"])
    assert decide(game) == Play("ann", C.STEAL_YOUR_NEIGHBORS_POT, "cy")
    seat_of(game, "cy").stash = [Peddle(C.MEXICO)]
    assert decide(game) == Play("ann", C.BUST, "bob")


def test_a_small_protect_or_steal_still_beats_a_discard_G12_G14() -> None:
    game = grass(["grab_a_snack", *FILL, "felony"], market_open=True)
    stash(game, "ann", C.MEXICO)
    assert decide(game) == Play("ann", C.GRAB_A_SNACK, None, (C.MEXICO,))
    game = grass(["steal_your_neighbors_pot", *FILL, "market_close"], market_open=True)
    stash(game, "bob", C.MEXICO)
    assert decide(game) == Play("ann", C.STEAL_YOUR_NEIGHBORS_POT, "bob")


# 5. Heat On (G8): easy on the leader, sharp on the most at stake


def heat_position() -> Grass:
    game = grass(["bust", *FILL, "hearsay_evidence"])
    stash(game, "bob", total=50_000)
    stash(game, "cy", total=70_000)
    return game


def test_sharp_heat_on_goes_to_the_most_at_stake_G8() -> None:
    game = heat_position()
    assert decide(game) == Play("ann", C.BUST, "cy")
    assert decide(game, sharp=True) == Play("ann", C.BUST, "cy")
    seat_of(game, "cy").heat = [C.FELONY]  # cy blocked: bob has more at stake
    assert decide(game) == Play("ann", C.BUST, "cy")
    assert decide(game, sharp=True) == Play("ann", C.BUST, "bob")


def test_sharp_heat_on_stacks_on_a_blocked_leader_only_while_its_own_market_is_not_clear_G8() -> (
    None
):
    game = grass(["bust", *FILL, "hearsay_evidence"])  # ann's market closed
    stash(game, "bob", C.PANAMA, total=100_000)
    seat_of(game, "bob").heat = [C.FELONY]
    stash(game, "cy")
    assert decide(game, sharp=True) == Play("ann", C.BUST, "bob")
    seat_of(game, "ann").market_open = True  # a clear market keeps the Bust for later
    assert type(decide(game, sharp=True)) is Discard
    seat_of(game, "bob").heat = []
    assert decide(game, sharp=True) == Play("ann", C.BUST, "bob")


# 6. Nothing to play (G4, G11, G13)


def test_a_hand_of_nirvana_and_paranoia_alone_plays_its_first_card_G4() -> None:
    game = grass(
        ["sold_out", "double_crossed", "utterly_wiped_out", "stonehigh", "stonehigh", "euphoria"]
    )
    seat_of(game, "ann").hand[-1] = C.STONEHIGH  # for her draw: 7 cards never discarded
    assert decide(game, sharp=True) == game.legal_actions("ann")[0]


# Answers (G20)


def test_the_easy_level_answers_an_offer_by_its_gain_G20() -> None:
    for give, answer in ((C.PANAMA, Accept), (C.HOME_GROWN, Decline)):
        game = grass([give.value, *FILL, "bust"])
        seat_of(game, "bob").hand[0] = C.MEXICO
        game.apply(MakeOffer("ann", "bob", give=(give,), take=(C.MEXICO,)))
        assert game.view_for("bob").offer == Offer("ann", "bob", give=(give,), take=(C.MEXICO,))
        assert decide(game, name="bob") == answer("bob")
