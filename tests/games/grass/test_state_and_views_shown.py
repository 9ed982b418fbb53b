"""What the replay state JSON (docs/notation.md, "Grass") and the views show during a
trade offer and a pass, and what a player who has left still sees: the keys an outside
tool reads, and the fields the table and the seats' panels are drawn from. A clone
(the computer players think ahead on clones) keeps the offer and the pass choices."""

from __future__ import annotations

from games.grass import Card, Phase
from tests.games.grass.helpers import game_with, hand_of, move, traders


def test_g20_an_offer_under_negotiation_in_the_state_json_the_views_and_a_clone():
    g = traders()
    offer = {
        "to": "bob",
        "give": ["panama"],
        "take": ["sold_out"],
        "give_stash": ["mexico"],
        "take_stash": ["jamaica"],
    }
    move(g, "ann", offer=offer)
    state = g.state_json()
    assert state["phase"] == "offer" and state["to_move"] == "ann"
    assert state["awaiting"] == ["bob", "ann"]  # bob answers; ann may withdraw
    assert state["offers"] == 1
    assert state["offer"] == {"by": "ann", **offer}
    table = g.public_view()
    assert table.awaiting == ("bob", "ann") and table.extra_turn is False
    assert [(seat.name, seat.seat) for seat in table.seats] == [("ann", 0), ("bob", 1)]
    copy = g.clone()
    assert copy.to_json() == g.to_json() and copy.view_for("bob") == g.view_for("bob")
    copy.apply_json({"by": "bob", "accept": True})
    assert "panama" in copy.state_json()["players"]["bob"]["hand"]
    assert g.state_json()["offer"] == {"by": "ann", **offer}  # the game itself is untouched
    move(g, "ann", withdraw=True)
    assert g.state_json()["offer"] is None and g.state_json()["awaiting"] == ["ann"]


def test_g13_a_pass_in_the_state_json_the_views_and_a_clone_for_every_seat():
    g = game_with({"ann": ["sold_out"]}, players=["ann", "bob", "cy"])
    move(g, "ann", play="sold_out")
    chosen = hand_of(g, "bob")[0]
    move(g, "bob", pass_=chosen)
    state = g.state_json()
    assert state["awaiting"] == ["ann", "cy"]
    assert {name: seat["pass_choice"] for name, seat in state["players"].items()} == {
        "ann": None,
        "bob": chosen,
        "cy": None,
    }
    table = g.public_view()
    assert (table.phase, table.to_move, table.awaiting) == (Phase.PASS, "ann", ("ann", "cy"))
    assert [(seat.name, seat.seat) for seat in table.seats] == [("ann", 0), ("bob", 1), ("cy", 2)]
    assert [g.view_for(name).pass_choice for name in ("ann", "bob", "cy")] == [
        None,
        Card.parse(chosen),
        None,
    ]
    copy = g.clone()
    assert copy.to_json() == g.to_json()
    assert [copy.view_for(name).pass_choice for name in ("ann", "bob", "cy")] == [
        None,
        Card.parse(chosen),
        None,
    ]


def test_g22_a_player_who_left_sees_the_table_and_holds_nothing():
    g = game_with({"ann": ["sold_out"]}, players=["ann", "bob", "cy"])
    move(g, "ann", play="sold_out")
    move(g, "bob", pass_=hand_of(g, "bob")[0])
    move(g, "ann", leave=True)
    table = g.public_view()
    assert (table.to_move, table.awaiting) == (None, ("cy",))
    assert g.state_json()["to_move"] is None
    assert [(seat.name, seat.seat) for seat in table.seats] == [("bob", 0), ("cy", 1)]
    gone = g.view_for("ann")
    assert gone.public == table
    assert (gone.hand, gone.drawn, gone.pass_choice, gone.offer, gone.received) == (
        (),
        None,
        None,
        None,
        (),
    )
    assert gone.offers_left == 0
