"""The cards a player was given by another (a G13 Paranoia pass, a G20 trade), marked in
their own view until their next own action or a new deal; saved compatibly."""

from __future__ import annotations

import json

import pytest

from games.grass import Card, Grass
from games.protocol import StateFormatError
from tests.games.grass.helpers import (
    drain,
    game_with,
    hand_of,
    idle,
    move,
    refused,
    seat_of,
    stash,
    traders,
)

NAMES = ("ann", "bob", "cy")


def _received(game: Grass) -> dict[str, tuple[Card, ...]]:
    return {name: game.view_for(name).received for name in game.players}


def _passed() -> Grass:
    """ann played Sold Out (G13); ann passes Stonehigh, bob Double Crossed, cy Banker."""
    g = game_with({"ann": ["sold_out", "stonehigh"], "bob": ["double_crossed"], "cy": ["banker"]})
    move(g, "ann", play="sold_out")
    move(g, "ann", pass_="stonehigh")
    move(g, "bob", pass_="double_crossed")
    move(g, "cy", pass_="banker")
    return g


def test_g13_each_player_sees_exactly_the_card_passed_to_them():
    g = _passed()
    # Each card goes to the left: ann's to bob, bob's to cy, cy's to ann.
    assert _received(g) == {
        "ann": (Card.BANKER,),
        "bob": (Card.STONEHIGH,),
        "cy": (Card.DOUBLE_CROSSED,),
    }
    assert g.state_json()["to_move"] == "bob" and g.view_for("bob").drawn is not None
    assert "received" not in repr(g.public_view())  # the table never learns it


def test_g13_nothing_is_marked_while_the_pass_is_still_being_chosen():
    g = game_with({"ann": ["sold_out"]}, players=list(NAMES))
    move(g, "ann", play="sold_out")
    move(g, "ann", pass_=hand_of(g, "ann")[0])
    move(g, "bob", pass_=hand_of(g, "bob")[0])
    assert _received(g) == {"ann": (), "bob": (), "cy": ()}


def test_g13_the_mark_clears_with_the_players_own_next_action_only():
    g = _passed()
    idle(g, "bob")  # bob's discard clears his mark, nobody else's
    assert _received(g) == {"ann": (Card.BANKER,), "bob": (), "cy": (Card.DOUBLE_CROSSED,)}
    idle(g, "cy")  # cy's discard; ann then loses her turn (G13), so bob moves again
    assert g.state_json()["to_move"] == "bob"
    # ann has not acted since the pass: her Banker is still marked.
    assert _received(g) == {"ann": (Card.BANKER,), "bob": (), "cy": ()}


def test_g13_a_refused_action_keeps_the_mark():
    g = _passed()
    refused(
        "G13", "there is no Paranoia pass under way", g, "bob", pass_="immunity"
    )  # no pass under way
    assert g.view_for("bob").received == (Card.STONEHIGH,)


def test_g13_g2_a_new_deal_clears_the_marks():
    g = game_with({"ann": ["sold_out"]})
    drain(g, 0)  # the pass is the hand's last action (G17)
    move(g, "ann", play="sold_out")
    move(g, "ann", pass_=hand_of(g, "ann")[0])
    move(g, "bob", pass_=hand_of(g, "bob")[0])
    assert g.state_json()["hand"] == 2
    assert _received(g) == {"ann": (), "bob": ()}


def test_g20_both_partners_see_what_they_received_in_a_trade():
    g = traders()
    bob_card = next(c for c in hand_of(g, "bob") if c != "banker")
    offer = {"to": "bob", "give": ["banker"], "take": [bob_card], "give_stash": ["mexico"]}
    offer["take_stash"] = ["jamaica"]
    move(g, "ann", offer=offer)
    assert _received(g) == {"ann": (), "bob": ()}  # nothing moves before the answer
    move(g, "bob", accept=True)
    # Hand cards only: the peddles changing stash lie face up already.
    assert _received(g) == {"ann": (Card.parse(bob_card),), "bob": (Card.BANKER,)}
    assert stash(g, "ann") == ["jamaica"]
    assert "received" not in repr(g.public_view())
    idle(g, "ann")  # ann's discard clears her mark; bob's stays until he acts
    assert _received(g) == {"ann": (), "bob": (Card.BANKER,)}
    idle(g, "bob")
    assert _received(g) == {"ann": (), "bob": ()}


def test_g20_a_third_player_never_sees_a_trade_between_two_others():
    g = game_with({"ann": ["banker"], "bob": ["panama"]}, players=list(NAMES))
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["panama"]})
    move(g, "bob", accept=True)
    assert _received(g) == {"ann": (Card.PANAMA,), "bob": (Card.BANKER,), "cy": ()}


def test_g20_the_proposers_next_offer_clears_their_mark_and_a_card_traded_on_loses_it():
    g = game_with({"ann": ["banker"], "bob": ["panama"]}, players=list(NAMES))
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["panama"]})
    move(g, "bob", accept=True)
    move(g, "ann", offer={"to": "bob", "give": ["panama"], "take": ["banker"]})
    assert g.view_for("ann").received == ()  # making an offer is her own action
    move(g, "bob", accept=True)
    # bob handed back the Banker he had received: only the Panama is new to him now.
    assert _received(g) == {"ann": (Card.BANKER,), "bob": (Card.PANAMA,), "cy": ()}
    assert "banker" not in hand_of(g, "bob")


def test_g13_g20_marks_gathered_outside_ones_turn_add_up():
    g = _passed()
    idle(g, "bob")
    given = hand_of(g, "cy")[0]
    move(g, "cy", offer={"to": "ann", "give": [given], "take": ["banker"]})
    move(g, "ann", accept=True)  # answering is not her turn: the pass mark stays
    assert "banker" not in hand_of(g, "ann")  # she gave the Banker she had received
    assert g.view_for("ann").received == (Card.parse(given),)
    assert g.view_for("cy").received == (Card.BANKER,)


def test_the_marks_are_saved_and_an_older_save_without_them_loads():
    g = _passed()
    saved = json.loads(json.dumps(g.to_json()))
    assert saved["seats"]["bob"]["received"] == ["stonehigh"]
    loaded = Grass.from_json(saved)
    assert loaded.to_json() == saved and loaded.view_for("bob").received == (Card.STONEHIGH,)
    assert g.clone().view_for("ann").received == (Card.BANKER,)
    # The printed replay state carries the key only when set, like the saved one.
    printed = g.state_json()["players"]
    assert printed["cy"]["received"] == ["double_crossed"]
    older = json.loads(json.dumps(saved))
    for seat in older["seats"].values():
        del seat["received"]
    old = Grass.from_json(older)
    assert _received(old) == {"ann": (), "bob": (), "cy": ()}
    assert old.to_json() == older  # no marks: written exactly as before the key existed
    assert "received" not in json.dumps(old.state_json())


def test_a_save_marking_a_card_not_in_the_hand_is_refused():
    saved = json.loads(json.dumps(_passed().to_json()))
    saved["seats"]["bob"]["received"] = ["banker", "banker"]
    with pytest.raises(StateFormatError, match="received"):
        Grass.from_json(saved)


def test_a_fresh_game_marks_nothing():
    g = Grass.create(list(NAMES), seed=3)
    assert _received(g) == {"ann": (), "bob": (), "cy": ()}
    assert all("received" not in seat for seat in g.to_json()["seats"].values())
    assert seat_of(g, "ann").received == []


def test_g20_handing_over_one_of_two_alike_cards_keeps_the_received_mark():
    # Copies are alike: bob holds his own Home Grown and the one ann gave him; when cy takes
    # one from him before bob acts, he still holds a copy he received.
    g = game_with(
        {"ann": ["home_grown"], "bob": ["panama", "home_grown"]}, players=["ann", "cy", "bob"]
    )
    move(g, "ann", offer={"to": "bob", "give": ["home_grown"], "take": ["panama"]})
    move(g, "bob", accept=True)
    assert hand_of(g, "bob").count("home_grown") == 2
    idle(g, "ann")
    move(g, "cy", offer={"to": "bob", "give": [hand_of(g, "cy")[0]], "take": ["home_grown"]})
    move(g, "bob", accept=True)  # answering is not his turn: his marks stay
    assert hand_of(g, "bob").count("home_grown") == 1
    assert Card.HOME_GROWN in g.view_for("bob").received
