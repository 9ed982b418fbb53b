"""G2 seats and dealing, G3 turns and lost turns, G13 Paranoia and the pass, G17 end of hand."""

from __future__ import annotations

import pytest

from games.grass import Card, Grass, PassCard, Phase
from games.protocol import GameError, IllegalAction
from tests.games.grass.helpers import (
    build_deck,
    drain,
    game_with,
    hand_of,
    idle,
    move,
    refused,
    seat_state,
    stash,
)


def test_g2_six_cards_dealt_one_at_a_time_from_the_first_mover():
    players = ["ann", "bob", "cy"]
    deck = build_deck(players, {})
    g = Grass.from_replay({"game": "grass", "players": players, "seed": 1, "decks": [deck]})
    assert hand_of(g, "ann") == [*deck[0:18:3], deck[18]]  # plus her first draw
    assert hand_of(g, "bob") == deck[1:18:3]
    assert hand_of(g, "cy") == deck[2:18:3]
    assert g.state_json()["draw_pile"] == 104 - 18 - 1
    assert g.state_json()["to_move"] == "ann"


def test_g2_each_later_hand_starts_one_seat_further_left():
    players = ["ann", "bob", "cy"]
    first = build_deck(players, {"ann": ["market_open", "market_close"]})
    second = build_deck(players, {}, starter=1)
    header = {"game": "grass", "players": players, "seed": 1, "decks": [first, second]}
    g = Grass.from_replay(header)
    move(g, "ann", play="market_open")
    idle(g, "bob")
    idle(g, "cy")
    move(g, "ann", play="market_close")
    assert g.state_json()["hand"] == 2 and g.state_json()["to_move"] == "bob"
    assert hand_of(g, "bob") == [*second[0:18:3], second[18]]


@pytest.mark.parametrize("players", [["ann"], ["a", "b", "c", "d", "e", "f", "g"], ["ann", "ann"]])
def test_g2_two_to_six_players_with_distinct_names(players):
    with pytest.raises(GameError):
        Grass.create(players)


def test_g3_turns_go_clockwise_with_seven_cards_for_the_mover():
    g = game_with({}, players=["ann", "bob", "cy"])
    for name in ["ann", "bob", "cy", "ann"]:
        state = g.state_json()
        assert state["to_move"] == name
        assert {p: len(v["hand"]) for p, v in state["players"].items()} == {
            n: 7 if n == name else 6 for n in ["ann", "bob", "cy"]
        }
        refused(
            "G3",
            f"it is {name}'s turn, not yours",
            g,
            "bob" if name != "bob" else "cy",
            discard="immunity",
        )
        idle(g, name)


def test_g3_an_empty_draw_pile_ends_the_hand_at_the_next_turn():
    g = game_with({})
    drain(g, 0)
    idle(g, "ann")
    assert len(g.state_json()["scores"]) == 1


def test_g13_sold_out_loses_next_turn_and_lowest_peddle_then_everyone_passes_left():
    g = game_with(
        {
            "ann": ["market_open", "panama", "mexico", "sold_out", "stonehigh"],
            "bob": ["double_crossed"],
            "cy": ["banker"],
        }
    )
    move(g, "ann", play="market_open")
    idle(g, "bob")
    idle(g, "cy")
    move(g, "ann", play="panama")
    idle(g, "bob")
    idle(g, "cy")
    move(g, "ann", play="mexico")
    idle(g, "bob")
    idle(g, "cy")
    move(g, "ann", play="sold_out")
    assert stash(g, "ann") == ["panama"]
    assert seat_state(g, "ann")["skip"] == 1
    state = g.state_json()
    assert state["phase"] == "pass" and set(g.awaiting) == {"ann", "bob", "cy"}
    refused(
        "G13", "everyone first chooses a card to pass", g, "bob", discard="immunity"
    )  # no play during the pass
    refused("G13", "you do not hold Panama", g, "bob", pass_="panama")  # not held
    assert PassCard("ann", Card.STONEHIGH) in g.legal_actions("ann")
    move(g, "ann", pass_="stonehigh")
    refused(
        "G13", "you already chose the card you pass", g, "ann", pass_="immunity"
    )  # already chose
    assert g.legal_actions("ann") == []
    move(g, "bob", pass_="double_crossed")
    assert "stonehigh" not in hand_of(g, "bob")  # nothing moves before all have chosen
    move(g, "cy", pass_="banker")
    assert "stonehigh" in hand_of(g, "bob")
    assert "double_crossed" in hand_of(g, "cy")
    assert "banker" in hand_of(g, "ann")
    assert g.state_json()["to_move"] == "bob"
    idle(g, "bob")
    events = []
    events += move(g, "cy", discard=next(c for c in hand_of(g, "cy") if c != "double_crossed"))
    assert [e.kind for e in events].count("lost_turn") == 1  # ann's lost turn
    assert g.state_json()["to_move"] == "bob"
    assert len(hand_of(g, "ann")) == 6


def test_g13_double_crossed_loses_two_turns_and_highest_peddle():
    g = game_with({"ann": ["market_open", "colombia", "panama", "double_crossed"]})
    move(g, "ann", play="market_open")
    idle(g, "bob")
    move(g, "ann", play="colombia")
    idle(g, "bob")
    move(g, "ann", play="panama")
    idle(g, "bob")
    move(g, "ann", play="double_crossed")
    assert stash(g, "ann") == ["colombia"]
    move(g, "ann", pass_=hand_of(g, "ann")[0])
    move(g, "bob", pass_=hand_of(g, "bob")[0])
    for _ in range(3):  # bob, (ann loses two turns), bob, bob
        assert g.state_json()["to_move"] == "bob"
        idle(g, "bob")
    assert g.state_json()["to_move"] == "ann"


def test_g13_utterly_wiped_out_discards_unprotected_peddles_and_the_hassle_pile():
    g = game_with(
        {
            "ann": ["market_open", "colombia", "panama", "grab_a_snack", "utterly_wiped_out"],
            "bob": ["bust"],
        }
    )
    move(g, "ann", play="market_open")
    idle(g, "bob")
    move(g, "ann", play="colombia")
    idle(g, "bob")
    move(g, "ann", play="panama")
    idle(g, "bob")
    move(g, "ann", play="grab_a_snack", cover=["colombia"])
    move(g, "bob", play="bust", target="ann")
    move(g, "ann", play="utterly_wiped_out")  # playable while blocked
    player = seat_state(g, "ann")
    assert player["stash"] == [{"card": "colombia", "covered": True}]
    assert player["market"] == "closed" and player["heat"] == []
    assert player["skip"] == 2
    assert {"market_open", "bust", "panama"} <= set(g.state_json()["discard_pile"])


def test_g13_without_unprotected_peddles_only_the_turns_are_lost():
    g = game_with({"ann": ["sold_out"]})
    move(g, "ann", play="sold_out")
    assert seat_state(g, "ann")["skip"] == 1 and stash(g, "ann") == []
    assert g.state_json()["phase"] == "pass"


def test_g3_lost_turns_are_forgiven_when_a_new_hand_starts():
    g = game_with({"ann": ["double_crossed"], "bob": ["market_open", "market_close"]})
    idle(g, "ann")
    move(g, "bob", play="market_open")
    move(g, "ann", play="double_crossed")
    move(g, "ann", pass_=hand_of(g, "ann")[0])
    move(g, "bob", pass_=next(c for c in hand_of(g, "bob") if c != "market_close"))
    move(g, "bob", play="market_close")
    assert g.state_json()["hand"] == 2
    assert seat_state(g, "ann")["skip"] == 0


def test_g17_a_pass_under_way_finishes_before_the_hand_ends():
    g = game_with({"ann": ["sold_out"]})
    drain(g, 0)
    move(g, "ann", play="sold_out")
    assert g.state_json()["phase"] == "pass" and g.state_json()["scores"] == []
    move(g, "ann", pass_=hand_of(g, "ann")[0])
    move(g, "bob", pass_=hand_of(g, "bob")[0])
    assert len(g.state_json()["scores"]) == 1
    assert g.state.phase is Phase.TURN and g.state_json()["hand"] == 2


def test_g3_only_the_mover_acts_and_only_once():
    g = game_with({})
    with pytest.raises(IllegalAction, match="turn"):
        move(g, "bob", discard="immunity")
