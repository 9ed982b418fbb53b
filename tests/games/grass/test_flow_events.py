"""What the automatic steps between actions tell the table and each player
(games/grass/flow.py): the deal (G2), a turn's draw and lost turns (G3), the end of a
Paranoia pass (G13), an empty draw pile and the hand's scoring (G17, G18), the end of
the game (G19). Their words and data are what the table and the score sheets show."""

from __future__ import annotations

from games.grass import Card, Grass, GrassEventKind
from games.protocol import Event, EventKind
from tests.games.grass.helpers import build_deck, drain, game_with, idle, move, seat_of

PLAYERS = ["ann", "bob", "cy"]


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def test_g2_the_deal_says_its_hand_deck_and_first_mover_and_the_mover_draws() -> None:
    deck = build_deck(PLAYERS, {})
    g = Grass.from_replay({"game": "grass", "players": PLAYERS, "seed": 1, "decks": [deck]})
    dealt, drew = g.log
    assert (dealt.kind, dealt.text, dict(dealt.data)) == (
        GrassEventKind.HAND_DEALT,
        "Hand 1 is dealt (104 cards); ann moves first",
        {"hand": 1, "deck": 104, "starter": "ann"},
    )
    first_draw = Card.parse(deck[18]).title
    assert (drew.kind, drew.text, drew.actor, dict(drew.private), dict(drew.data)) == (
        GrassEventKind.DRAW,
        "",  # the table is not told which card
        "ann",
        {"ann": f"You drew {first_draw}"},
        {},
    )
    assert g.state_json()["offers"] == 0  # the cap on trade offers starts afresh (G20)


def test_g3_a_lost_turn_is_said_with_the_turns_still_owed() -> None:
    g = game_with({}, players=PLAYERS)
    seat_of(g, "bob").skip = 2
    events = move(g, "ann", discard="immunity")
    lost = [e for e in events if e.kind == GrassEventKind.LOST_TURN]
    assert [(e.text, e.actor) for e in lost] == [("bob loses this turn (1 more owed)", "bob")]
    assert g.state_json()["to_move"] == "cy" and seat_of(g, "bob").skip == 1
    idle(g, "cy")
    events = move(g, "ann", discard=g.state_json()["players"]["ann"]["hand"][0])
    lost = [e for e in events if e.kind == GrassEventKind.LOST_TURN]
    assert [e.text for e in lost] == ["bob loses this turn (the last one owed)"]
    assert g.state_json()["to_move"] == "cy" and seat_of(g, "bob").skip == 0


def test_g17_an_empty_draw_pile_scores_the_hand_and_deals_the_next_afresh() -> None:
    g = game_with({"ann": ["market_open"]}, players=PLAYERS)
    move(g, "ann", play="market_open")
    assert g.state_json()["players"]["ann"]["market"] == "open"
    seat_of(g, "ann").skip = 1  # owed when the hand ends: forgiven (G3)
    drain(g, 0)
    bob_card = g.state_json()["players"]["bob"]["hand"][0]
    events = move(g, "bob", discard=bob_card)  # cy would draw from the empty pile
    assert kinds(events)[:4] == [
        GrassEventKind.DISCARD,
        GrassEventKind.DRAW_PILE_EMPTY,
        GrassEventKind.HAND_SCORED,
        GrassEventKind.HAND_DEALT,
    ]
    empty, scored, dealt = events[1:4]
    assert (empty.text, empty.actor) == ("The draw pile is empty: the hand ends", "cy")
    assert scored.text == "Hand 1 is scored; best: ann, bob, cy"
    rows = {row["name"]: row for row in scored.data["rows"]}
    assert scored.data["hand"] == 1 and list(rows) == PLAYERS
    assert rows["ann"] == {
        "name": "ann",
        "table": 0,
        "banker": 0,
        "hand_peddle": 0,
        "paranoia": 0,
        "bonus": 25_000,  # every net is 0: all share the best, and its bonus (G18)
        "score": 25_000,
        "total": 25_000,
    }
    assert (dealt.text, dict(dealt.data)) == (
        f"Hand 2 is dealt ({dealt.data['deck']} cards); bob moves first",
        {"hand": 2, "deck": dealt.data["deck"], "starter": "bob"},
    )
    # A new deal starts every seat afresh: markets closed, nothing owed, no discards.
    state = g.state_json()
    assert state["hand"] == 2 and state["discard_pile"] == [] and state["to_move"] == "bob"
    assert {p["market"] for p in state["players"].values()} == {"closed"}
    assert seat_of(g, "ann").skip == 0


def test_g13_the_pass_tells_each_player_what_they_gave_and_got() -> None:
    g = game_with({"ann": ["sold_out"]}, players=PLAYERS)
    move(g, "ann", play="sold_out")
    move(g, "ann", pass_="immunity")
    move(g, "bob", pass_="a_breeze_to_fly")
    events = move(g, "cy", pass_="hearsay_evidence")
    done = next(e for e in events if e.kind == GrassEventKind.PASS_DONE)
    assert done.text == "Paranoia: everyone passed a card to the left"
    assert dict(done.private) == {
        "ann": "You passed Immunity to bob and received Hearsay Evidence from cy",
        "bob": "You passed A Breeze to Fly to cy and received Immunity from ann",
        "cy": "You passed Hearsay Evidence to ann and received A Breeze to Fly from bob",
    }


def test_g19_the_game_over_names_one_winner_or_every_winner_joined_by_and() -> None:
    for totals, text, winners in (
        ((240_000, 100_000), "Game over: ann wins (reached the target)", ["ann"]),
        ((300_000, 300_000), "Game over: ann and bob win (reached the target)", ["ann", "bob"]),
    ):
        g = game_with({"ann": ["market_open", "market_close"]})
        seat_of(g, "ann").total, seat_of(g, "bob").total = totals
        move(g, "ann", play="market_open")
        idle(g, "bob")
        events = move(g, "ann", play="market_close")
        over = events[-1]
        assert (over.kind, over.text, dict(over.data)) == (
            EventKind.GAME_OVER,
            text,
            {"winners": winners},
        )
        state = g.state_json()
        assert state["to_move"] is None and state["offer"] is None and state["offers"] == 0
