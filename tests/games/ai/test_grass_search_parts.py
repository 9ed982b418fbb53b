"""Grass, hard level: the parts of its search (games.ai.grass_hard) pinned one by one:
the sampled world agrees with everything the view shows (G1, G13, G20), the rollout
policy of each seat, the value of a finished rollout (G18, G19) and the candidate
actions at the root."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from games.ai.grass_easy import GrassEasy
from games.ai.grass_hard import (
    GrassHard,
    candidates,
    evaluate,
    rollout_choice,
    sample_world,
    world_document,
)
from games.ai.player import Budget, squash
from games.grass import Grass, PassCard, Play
from games.grass.actions import Accept, Decline, Discard, Leave, MakeOffer
from games.grass.cards import Card, deck_for_hand
from games.grass.state import Peddle

from ..grass.helpers import game_with, move, seat_of
from .play import FILL, grass

C = Card
# "turns": sample_world gives a sampled game the view's last turns, not the document
HIDDEN = {"seed", "moves", "recent", "texts", "draw", "decks", "offers", "turns"}


def paranoia_pass() -> Grass:
    """ann played Sold Out: everyone passes a card left (G13)."""
    game = game_with(
        {"ann": ["sold_out", *FILL, "bust"], "bob": ["utterly_wiped_out", "panama", *FILL]},
        draws=["charges_dropped"],
        players=["ann", "bob", "cy"],
    )
    move(game, "ann", play="sold_out")
    return game


def same_table(game: Grass, name: str, seed: int) -> dict[str, Any]:
    document = world_document(game.view_for(name), random.Random(seed))
    saved = game.to_json()
    for key in saved.keys() - HIDDEN:
        if key != "seats":
            assert document[key] == saved[key], key
    for seat, kept in saved["seats"].items():
        shown = {k: v for k, v in kept.items() if k not in ("hand", "chosen", "received")}
        assert {k: document["seats"][seat][k] for k in shown} == shown
    return document


def test_a_sampled_world_keeps_the_table_during_a_turn_G1() -> None:
    game = grass(["mexico", *FILL, "bust"], market_open=True, total=30_000)
    stash_seat = seat_of(game, "bob")
    stash_seat.market_open, stash_seat.stash = True, [Peddle(C.PANAMA)]
    for seed in range(3):
        document = same_table(game, "ann", seed)
        assert document["next_mover"] is None
        assert document["starter"] == "ann"


def test_a_sampled_world_keeps_whose_pass_comes_next_and_one_s_own_choice_G13() -> None:
    game = paranoia_pass()
    move(game, "bob", pass_="utterly_wiped_out")
    for seed in range(5):
        document = same_table(game, "bob", seed)
        assert document["next_mover"] == "bob"
        assert document["seats"]["bob"]["chosen"] == "utterly_wiped_out"
        assert sample_world(game.view_for("bob"), random.Random(seed)).legal_actions("bob") == []


def test_a_sampled_world_of_hand_2_starts_with_the_second_player_G1() -> None:
    game = grass(["mexico", *FILL, "bust"])
    data = game.to_json()
    data["hand"], data["starter"] = 2, "bob"
    game = Grass.from_json(data)
    assert world_document(game.view_for("ann"), random.Random(1))["starter"] == "bob"


# The rollout policy: the easy level for everyone, the sharp rules for the searcher


def test_rollouts_play_the_sharp_rules_for_the_searcher_and_easy_for_the_others_G13() -> None:
    game = grass(["double_crossed", *FILL, "bust"])
    assert rollout_choice(game, "ann") != Play("ann", C.DOUBLE_CROSSED)
    assert rollout_choice(game, "bob") == Play("ann", C.DOUBLE_CROSSED)
    assert rollout_choice(game) == Play("ann", C.DOUBLE_CROSSED)


def test_rollouts_follow_the_rules_when_the_first_legal_action_is_a_discard_G4_G5() -> None:
    game = grass(["mexico", "market_open", *FILL])  # the Mexico cannot be played yet
    assert type(game.legal_actions("ann")[0]) is Discard
    assert rollout_choice(game, "ann") == Play("ann", C.MARKET_OPEN)


def test_rollouts_decline_every_offer_G20() -> None:
    game = grass(["mexico", *FILL, "bust"])
    seat_of(game, "bob").hand[0] = C.MARKET_OPEN
    game.apply(MakeOffer("ann", "bob", give=(C.MEXICO,), take=(C.MARKET_OPEN,)))
    assert game.legal_actions("bob")[0] == Accept("bob")
    assert rollout_choice(game, "ann") == Decline("bob")


def test_rollouts_pass_the_worst_card_G13() -> None:
    game = paranoia_pass()
    move(game, "ann", pass_="bust")  # bob's choice is awaited first now
    assert rollout_choice(game, "ann") == PassCard("bob", C.UTTERLY_WIPED_OUT)


def test_a_hand_of_one_card_kind_passes_it_G13() -> None:
    game = paranoia_pass()
    move(game, "ann", pass_="bust")
    seat_of(game, "bob").hand = [C.MARKET_OPEN] * 6
    assert game.legal_actions("bob") == [PassCard("bob", C.MARKET_OPEN)]
    assert rollout_choice(game) == PassCard("bob", C.MARKET_OPEN)


# The value of a rollout


def totals(game: Grass, **money: int) -> Grass:
    for name, total in money.items():
        seat_of(game, name).total = total
    return game


def test_a_rollout_is_worth_the_gain_in_margin_over_the_best_opponent_G18() -> None:
    game = totals(grass(["mexico", *FILL, "bust"]), ann=100_000, bob=40_000, cy=60_000)
    assert evaluate(game, "ann") == squash(40_000, 60_000)
    assert evaluate(game, "ann", 10_000) == squash(30_000, 60_000)
    assert evaluate(game, "cy", -5_000) == squash(-35_000, 60_000)


def finished(winners: list[str]) -> Grass:
    game = totals(grass(["mexico", *FILL, "bust"]), ann=300_000, bob=300_000, cy=100_000)
    data = game.to_json()
    data["phase"], data["winners"], data["mover"] = "over", winners, None
    over = Grass.from_json(data)
    assert over.outcome() is not None
    return over


def test_a_finished_game_is_worth_half_margin_half_the_win_G19() -> None:
    game = finished(["ann"])
    assert evaluate(game, "ann") == pytest.approx((0.5 + 1.0) / 2)
    assert evaluate(game, "cy") == pytest.approx((squash(-200_000, 60_000) + 0.0) / 2)
    tied = finished(["ann", "bob"])
    assert evaluate(tied, "bob", 10_000) == pytest.approx((squash(-10_000, 60_000) + 0.5) / 2)


# The candidates at the root


def test_the_candidates_are_the_default_every_other_play_the_best_cover_and_3_discards() -> None:
    game = grass(["grab_a_snack", "bust", "sold_out", "mexico", "colombia", "jamaica"])
    ann = seat_of(game, "ann")
    ann.market_open = True
    ann.stash = [Peddle(C.JAMAICA), Peddle(C.COLOMBIA), Peddle(C.MEXICO)]
    seat_of(game, "bob").market_open = True
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    first = GrassEasy(sharp=True).choose(view, legal, random.Random(1))
    assert first == Play("ann", C.COLOMBIA)
    covers = [a for a in legal if type(a) is Play and a.card is C.GRAB_A_SNACK]
    assert len(covers) == 3  # one peddle each: Jamaica, Colombia ($25,000 each), Mexico
    assert candidates(view, legal, first) == [
        Play("ann", C.COLOMBIA),
        Play("ann", C.GRAB_A_SNACK, None, (C.JAMAICA,)),  # the first of the best covers
        Play("ann", C.BUST, "bob"),
        Play("ann", C.SOLD_OUT),
        Play("ann", C.MEXICO),
        Play("ann", C.JAMAICA),
        Discard("ann", C.MEXICO),
        Discard("ann", C.CHARGES_DROPPED),
    ]


def test_only_discards_fill_the_candidates_after_the_plays() -> None:
    # the Grab a Snack covering the Mexico is not the best cover: it is left out even
    # though a Protect card is worth less to keep than a Jamaica
    game = grass(["grab_a_snack", "banker", "stonehigh", "panama", "dr_feelgood", "jamaica"])
    ann = seat_of(game, "ann")
    ann.market_open = True
    ann.stash = [Peddle(C.JAMAICA), Peddle(C.MEXICO)]
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    first = GrassEasy(sharp=True).choose(view, legal, random.Random(1))
    assert first == Play("ann", C.DR_FEELGOOD)
    assert candidates(view, legal, first) == [
        first,
        Play("ann", C.GRAB_A_SNACK, None, (C.JAMAICA,)),
        Play("ann", C.STONEHIGH),
        Play("ann", C.PANAMA),
        Play("ann", C.JAMAICA),
        Discard("ann", C.CHARGES_DROPPED),
        Discard("ann", C.GRAB_A_SNACK),
        Discard("ann", C.JAMAICA),
    ]


def test_with_few_plays_only_the_3_discards_valued_least_join_the_default() -> None:
    # A closed market: the peddles cannot be played (G7), only discarded.
    game = grass(["panama", "mexico", "jamaica", "colombia", "banker", "hearsay_evidence"])
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    assert not [a for a in legal if type(a) is Play]
    first = GrassEasy(sharp=True).choose(view, legal, random.Random(1))
    assert first == Discard("ann", C.MEXICO)  # the $5,000 peddle is valued least
    # Then the two Heat Off cards ($8,000 each), then a $25,000 peddle; not the other
    # one, nor the Panama or the Banker.
    assert candidates(view, legal, first) == [
        first,
        Discard("ann", C.HEARSAY_EVIDENCE),
        Discard("ann", C.CHARGES_DROPPED),
        Discard("ann", C.JAMAICA),
    ]


def test_the_candidates_of_a_pass_are_every_card_G13() -> None:
    game = paranoia_pass()
    view, legal = game.view_for("bob"), game.legal_actions("bob")
    first = PassCard("bob", C.UTTERLY_WIPED_OUT)
    assert candidates(view, legal, first) == [first] + [a for a in legal if a != first]


# The search itself


def test_a_new_hard_player_reports_no_search_yet() -> None:
    assert GrassHard().stats.iterations == 0


def test_the_hard_level_searches_its_answer_to_an_offer_G20() -> None:
    game = grass(["mexico", *FILL, "bust"])
    seat_of(game, "bob").hand[0] = C.MARKET_OPEN
    game.apply(MakeOffer("ann", "bob", give=(C.MEXICO,), take=(C.MARKET_OPEN,)))
    hard = GrassHard(Budget(iterations=4))
    answer = hard.choose(game.view_for("bob"), game.legal_actions("bob"), random.Random(1))
    assert answer in (Accept("bob"), Decline("bob"))
    assert hard.stats.iterations == 4 and hard.stats.rounds == 2


def last_turn_with_utterly_wiped_out(**money: int) -> Grass:
    """ann holds Utterly Wiped Out with an empty stash and a closed market (playing it
    costs her nothing) and the hand ends after bob draws the last card (G13, G18)."""
    game = grass(["utterly_wiped_out", *FILL, "hearsay_evidence"])
    game.state.discard.extend(game.state.draw[1:])  # seen: the sampled worlds agree
    del game.state.draw[1:]
    game.state.options = dataclasses.replace(game.state.options, target=10**12)
    return totals(game, **money)


def searched(game: Grass) -> object:
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    assert GrassEasy(sharp=True).choose(view, legal, random.Random(1)) == Discard(
        "ann", C.IMMUNITY
    )  # the sharp rules keep Paranoia while a card is left to draw
    return GrassHard(Budget(iterations=50)).choose(view, legal, random.Random(1))


def test_the_search_overrides_the_default_when_the_hand_s_end_says_so_clearly_G13_G18() -> None:
    # held at the end, the card costs $100,000; played now, nothing
    game = last_turn_with_utterly_wiped_out()
    assert searched(game) == Play("ann", C.UTTERLY_WIPED_OUT)


def test_the_search_measures_the_margin_from_the_one_at_the_root_G18() -> None:
    # far ahead in running totals (a margin of $100,000,000): only the change counts
    game = last_turn_with_utterly_wiped_out(ann=200_000_000, bob=100_000_000, cy=100_000_000)
    assert searched(game) == Play("ann", C.UTTERLY_WIPED_OUT)


def test_a_world_is_sampled_after_the_paranoia_player_left_during_the_pass_G13() -> None:
    game = game_with(
        {"ann": ["mexico", *FILL, "bust"], "bob": ["sold_out", *FILL, "bust"]},
        draws=["charges_dropped", "hearsay_evidence"],
        players=["ann", "bob", "cy", "dee"],
    )
    move(game, "ann", discard="mexico")
    move(game, "bob", play="sold_out")
    game.apply(Leave("bob"))
    assert game.view_for("ann").public.to_move is None
    world = sample_world(game.view_for("ann"), random.Random(1))
    assert world.awaiting == ("ann", "cy", "dee")
    assert world.legal_actions("ann") == game.legal_actions("ann")
    # After the pass the turn goes on from bob's place: to cy, in the sample as in the game.
    assert game.to_json()["next_mover"] == "cy" == game.view_for("ann").public.after_pass
    for seed in range(3):
        assert world_document(game.view_for("ann"), random.Random(seed))["next_mover"] == "cy"


def test_after_the_first_player_leaves_their_pass_the_next_one_moves_in_the_sample_G13() -> None:
    game = paranoia_pass()  # ann played Sold Out
    game.apply(Leave("ann"))
    assert game.to_json()["next_mover"] == "bob"
    for seed in range(3):
        assert world_document(game.view_for("bob"), random.Random(seed))["next_mover"] == "bob"


def double_crossed_before_a_panama() -> Grass:
    """ann holds Double Crossed, a Market Open and a Panama on a closed market; every
    card she cannot see does nothing for anyone (Heat Off cards without Heat On, Pay
    Fine, Market Close on closed markets), 12 of them left to draw."""
    game = grass(
        ["double_crossed", "market_open", "panama", "immunity", "immunity", "a_breeze_to_fly"]
    )
    idle = [C.IMMUNITY] * 3 + [C.A_BREEZE_TO_FLY] * 3 + [C.HEARSAY_EVIDENCE] * 5
    idle += [C.CHARGES_DROPPED] * 4 + [C.PAY_FINE] * 4 + [C.MARKET_CLOSE] * 5
    seat_of(game, "bob").hand, seat_of(game, "cy").hand = idle[:6], idle[6:12]
    game.state.draw[:] = idle[12:24]
    rest = Counter(deck_for_hand(1, False))
    rest.subtract([*seat_of(game, "ann").hand, *idle[:24]])
    game.state.discard[:] = list(rest.elements())
    return game


def test_the_search_plays_its_own_later_turns_by_the_sharp_rules_G13_G18() -> None:
    # By the sharp rules ann keeps Double Crossed until the last draw, when the Panama
    # she will have peddled makes it cost more than its $50,000 penalty: she keeps it
    # and pays. Played now, with an empty stash, it costs two turns.
    game = double_crossed_before_a_panama()
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    assert GrassEasy(sharp=True).choose(view, legal, random.Random(1)) == Play("ann", C.MARKET_OPEN)
    for seed in (1, 2, 3):
        hard = GrassHard(Budget(iterations=60))
        assert hard.choose(view, legal, random.Random(seed)) == Play("ann", C.DOUBLE_CROSSED)
