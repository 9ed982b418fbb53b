"""What the lists of legal actions and the views show, pinned whole: every cover set a
Protect card may take (G12), the targets of a Heat On and of a Steal (G8, G14), each
pass choice (G13), who is awaited in each phase, the table's seats and deck count,
a spectator's view, the options refused in words, and scores that stay whole dollars.

Legal actions are kept in caches shared by every game (games/grass/legal.py): the
tests that pin them use names no other test plays with, or empty the cover-set memo,
so that what they read is built by the code under test."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from games.grass import Card, Discard, Grass, PassCard, Play, legal
from games.protocol import StateFormatError
from tests.games.grass.helpers import game_with, hand_of, idle, move, traders

TWO = ["ann", "bob"]
_fresh = itertools.count()


def _newcomers(count: int) -> list[str]:
    """Names no other test plays with (the legal actions' cache is keyed by name)."""
    round_ = next(_fresh)
    return [f"lister{round_}-{i}" for i in range(count)]


def test_g12_a_protect_card_lists_every_cover_set_within_its_limit() -> None:
    legal._COVER_SETS.clear()  # a memo: emptying it changes no game
    g = game_with(
        {"ann": ["market_open", "home_grown", "mexico", "mexico", "colombia", "lust_conquers_all"]},
        draws=["grab_a_snack"],
    )
    move(g, "ann", play="market_open")
    for peddle in ("home_grown", "mexico", "mexico", "colombia"):
        idle(g, "bob")
        move(g, "ann", play=peddle)
    idle(g, "bob")
    covers = {
        (action.card.value, tuple(c.value for c in action.cover))
        for action in g.legal_actions("ann")
        if isinstance(action, Play) and action.cover
    }
    hg, mx, co = "home_grown", "mexico", "colombia"
    within_25 = {(hg,), (mx,), (mx, mx), (hg, mx), (hg, mx, mx), (co,)}
    within_50 = within_25 | {(hg, co), (mx, co), (mx, mx, co), (hg, mx, co), (hg, mx, mx, co)}
    assert covers == {("grab_a_snack", cover) for cover in within_25} | {
        ("lust_conquers_all", cover) for cover in within_50
    }


def test_g8_g14_heat_on_and_steal_list_each_target_the_rules_allow() -> None:
    """The first seat plays: bob's market is closed (no Heat On there) and he has no
    peddle (nothing to steal); cy's market is open with a Mexico in it."""
    ann, bob, cy = names = _newcomers(3)
    g = game_with(
        {ann: ["market_open", "bust", "steal_your_neighbors_pot"], cy: ["market_open", "mexico"]},
        players=names,
    )
    move(g, ann, play="market_open")
    idle(g, bob)
    move(g, cy, play="market_open")
    idle(g, ann)
    idle(g, bob)
    move(g, cy, play="mexico")
    plays = [action for action in g.legal_actions(ann) if not isinstance(action, Discard)]
    assert plays == [
        Play(ann, Card.BUST, cy),
        Play(ann, Card.STEAL_YOUR_NEIGHBORS_POT, cy),
    ]


def test_g13_each_card_in_hand_is_a_pass_choice_until_one_is_chosen() -> None:
    ann, bob = names = _newcomers(2)
    g = game_with({ann: ["sold_out"]}, players=names)
    move(g, ann, play="sold_out")
    hand = [Card.parse(c) for c in dict.fromkeys(hand_of(g, bob))]
    assert len(hand) > 1
    assert g.legal_actions(bob) == [PassCard(bob, card) for card in hand]
    move(g, bob, pass_=hand[0].value)
    assert g.legal_actions(bob) == []


def test_g3_only_the_player_to_move_has_actions_in_a_turn() -> None:
    g = game_with({"ann": ["market_open"]})
    assert g.legal_actions("ann") and g.legal_actions("bob") == []


def _awaited(g: Grass) -> list[str]:
    listed = g.state_json()["awaiting"]
    assert list(g.public_view().awaiting) == listed
    return list(listed)


def test_the_table_is_told_who_is_awaited_in_each_phase() -> None:
    g = game_with({"ann": ["sold_out"]}, players=["ann", "bob", "cy"])
    assert _awaited(g) == ["ann"]
    move(g, "ann", play="sold_out")
    assert _awaited(g) == ["ann", "bob", "cy"]  # a pass: everyone chooses
    move(g, "ann", pass_="immunity")
    assert _awaited(g) == ["bob", "cy"]
    trade = traders()
    move(trade, "ann", offer={"to": "bob", "give": ["banker"], "take": ["sold_out"]})
    assert _awaited(trade) == ["bob", "ann"]  # the one answering first
    move(g, "bob", leave=True)
    move(g, "cy", leave=True)
    assert _awaited(g) == []


def test_the_table_view_numbers_the_seats_and_says_no_extra_turn() -> None:
    table = game_with({}, players=["ann", "bob", "cy"]).public_view()
    assert [(seat.name, seat.seat) for seat in table.seats] == [("ann", 0), ("bob", 1), ("cy", 2)]
    assert table.extra_turn is False and table.to_move == "ann"


def test_once_over_nobody_is_to_move() -> None:
    g = game_with({})
    move(g, "bob", leave=True)
    assert g.public_view().to_move is None and g.state_json()["to_move"] is None


def test_a_spectator_and_a_player_who_left_see_the_table_and_no_cards() -> None:
    g = game_with({"ann": ["sold_out"]}, players=["ann", "bob", "cy"])
    move(g, "ann", play="sold_out")
    move(g, "cy", leave=True)
    for name in ("eve", "cy"):
        view = g.view_for(name)
        assert view.public == g.public_view()
        assert (view.hand, view.drawn, view.pass_choice, view.offer, view.received) == (
            (),
            None,
            None,
            None,
            (),
        )


def test_the_deck_count_counts_every_card_in_front_of_a_player() -> None:
    """ann has a market, two peddles, a Protect card and bob's Bust in front of her."""
    g = game_with({"ann": ["market_open", "panama", "mexico", "grab_a_snack"], "bob": ["bust"]})
    move(g, "ann", play="market_open")
    idle(g, "bob")
    move(g, "ann", play="panama")
    idle(g, "bob")
    move(g, "ann", play="mexico")
    idle(g, "bob")
    move(g, "ann", play="grab_a_snack", cover=["mexico"])
    move(g, "bob", play="bust", target="ann")
    ann = g.public_view().seat("ann")
    assert (len(ann.stash), len(ann.protection), ann.heat, ann.market_open) == (
        2,
        1,
        (Card.BUST,),
        True,
    )
    assert g.public_view().deck_size == 104


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ([("target", 1)], "options must be an object"),
        ({"colour": 1, "speed": 2}, "unknown Grass option(s): colour, speed"),
        ({"target": True}, "option target must be a positive whole number of dollars"),
        ({"target": 2.5}, "option target must be a positive whole number of dollars"),
        ({"target": 0}, "option target must be a positive whole number of dollars"),
        ({"learning": "yes"}, "option learning must be true or false"),
    ],
)
def test_options_are_refused_in_words(options: Any, words: str) -> None:
    with pytest.raises(StateFormatError) as refused:
        Grass.create(TWO, options)
    assert str(refused.value) == words


def test_g19_the_smallest_target_is_one_dollar() -> None:
    assert Grass.create(TWO, {"target": 1}).public_view().options.target == 1


def test_g15_the_bankers_cut_is_saved_in_whole_dollars() -> None:
    """20% of bob's $50,000 Panama goes to ann, who holds the Banker at the end."""
    g = game_with({"ann": ["banker"], "bob": ["market_open", "panama", "market_close"]})
    idle(g, "ann")
    move(g, "bob", play="market_open")
    idle(g, "ann")
    move(g, "bob", play="panama")
    idle(g, "ann")
    move(g, "bob", play="market_close")
    assert json.dumps(g.state_json()["scores"]) == json.dumps(
        [
            {
                "ann": {
                    "table": 0,
                    "banker": 10_000,
                    "hand_peddle": 0,
                    "paranoia": 0,
                    "bonus": 0,
                    "score": 10_000,
                },
                "bob": {
                    "table": 50_000,
                    "banker": -10_000,
                    "hand_peddle": 0,
                    "paranoia": 0,
                    "bonus": 25_000,
                    "score": 65_000,
                },
            }
        ]
    )
    assert json.dumps(g.to_json()["seats"]["bob"]["total"]) == "65000"
