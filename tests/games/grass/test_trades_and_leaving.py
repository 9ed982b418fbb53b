"""G20 trades (with hypothesis-generated offers), G21 no trading in the first learning
hand, and the project's G22 leaving."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.grass import Accept, Card, Decline, Grass, GrassEventKind, MakeOffer, Withdraw
from games.protocol import EventKind, IllegalAction
from games.randomplay import playout_chooser
from tests.games.grass.helpers import (
    build_deck,
    game_with,
    hand_of,
    idle,
    move,
    refused,
    seat_of,
    stash,
    traders,
)


def test_g20_accepted_trade_moves_hand_and_stash_cards_publicly():
    g = traders()
    offer = {"to": "bob", "give": ["banker"], "take": ["sold_out"], "give_stash": ["mexico"]}
    offer["take_stash"] = ["jamaica"]
    events = move(g, "ann", offer=offer)
    assert g.state_json()["phase"] == "offer" and set(g.awaiting) == {"ann", "bob"}
    assert "banker" not in events[0].text  # an offer under negotiation is private
    assert "Banker" in events[0].private["bob"]
    refused(
        "G20", "a trade offer is waiting for an answer first", g, "ann", discard="panama"
    )  # the offer waits for an answer
    assert g.legal_actions("bob") == [Accept("bob"), Decline("bob")]
    assert g.legal_actions("ann") == [Withdraw("ann")]
    events = move(g, "bob", accept=True)
    details = "ann gives Banker (hand), Mexico (stash); bob gives Sold Out (hand), Jamaica (stash)"
    assert (events[0].kind, events[0].text, events[0].actor, dict(events[0].private)) == (
        GrassEventKind.TRADE,
        f"ann and bob traded: {details}",
        "ann",
        {"ann": f"Trade done: {details}", "bob": f"Trade done: {details}"},
    )
    assert "banker" in hand_of(g, "bob") and "sold_out" in hand_of(g, "ann")
    assert stash(g, "ann") == ["jamaica"] and stash(g, "bob") == ["colombia", "mexico"]
    assert len(hand_of(g, "ann")) == 7 and len(hand_of(g, "bob")) == 6
    assert g.state_json()["phase"] == "turn" and g.awaiting == ("ann",)
    move(g, "ann", offer={"to": "bob", "give": ["panama"], "take": ["banker"]})  # again
    move(g, "bob", decline=True)
    assert "banker" in hand_of(g, "bob")


def test_g20_option_secret_trades_hides_the_cards_from_the_table():
    g = traders({"secret_trades": True})
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["sold_out"]})
    events = move(g, "bob", accept=True)
    assert events[0].text == "ann and bob traded"
    details = "Trade done: ann gives Banker (hand); bob gives Sold Out (hand)"
    assert dict(events[0].private) == {"ann": details, "bob": details}
    assert "Banker" in events[0].private["ann"] and "Banker" in events[0].private["bob"]
    assert "Banker" not in " ".join(g.public_view().recent)


def test_g20_offers_the_rules_refuse():
    g = traders()
    refused(
        "G20",
        "only the player whose turn it is can propose a trade",
        g,
        "bob",
        offer={"to": "ann", "give": ["sold_out"], "take": ["banker"]},
    )
    refused(
        "G20",
        "hand cards are traded one for one, so hands stay at 7 and 6: give as many as you take",
        g,
        "ann",
        offer={"to": "bob", "give": ["banker"], "take": []},
    )  # 1 for 0
    refused(
        "G20",
        "in a trade each side gives at least one card",
        g,
        "ann",
        offer={"to": "bob", "give_stash": ["mexico"]},
    )  # bob gives nothing
    refused(
        "G20",
        "in a trade each side gives at least one card",
        g,
        "ann",
        offer={"to": "bob", "take_stash": ["colombia"], "give": []},
    )
    refused(
        "G20",
        "there are not enough unprotected Colombia in bob's stash (protected peddles cannot be "
        "traded)",
        g,
        "ann",
        offer={"to": "bob", "give_stash": ["mexico"], "take_stash": ["colombia"]},
    )
    refused(
        "G20",
        "you do not hold enough Dr. Feelgood to give",
        g,
        "ann",
        offer={"to": "bob", "give": ["dr_feelgood"], "take": ["sold_out"]},
    )
    refused(
        "G20",
        "you cannot trade with yourself",
        g,
        "ann",
        offer={"to": "ann", "give": ["banker"], "take": ["panama"]},
    )
    refused(
        "G20",
        "zed is not playing in this game",
        g,
        "ann",
        offer={"to": "zed", "give": ["banker"], "take": ["panama"]},
    )
    refused(
        "G20",
        "only peddles lie in a stash, not Banker",
        g,
        "ann",
        offer={"to": "bob", "give_stash": ["banker"], "take": ["sold_out"], "give": ["panama"]},
    )
    refused(
        "G20",
        "there are not enough unprotected Jamaica in your stash (protected peddles cannot be "
        "traded)",
        g,
        "ann",
        offer={"to": "bob", "give_stash": ["jamaica"], "take_stash": ["jamaica"]},
    )
    refused("G20", "there is no trade offer to you to answer", g, "bob", accept=True)
    refused("G20", "you have no trade offer to withdraw", g, "ann", withdraw=True)
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["sold_out"]})
    refused(
        "G20",
        "a trade offer is already waiting for an answer",
        g,
        "ann",
        offer={"to": "bob", "give": ["panama"], "take": ["sold_out"]},
    )


def test_g20_an_offer_is_made_holding_seven_cards_and_at_most_ten_a_turn():
    g = traders()
    offer = {"to": "bob", "give": ["banker"], "take": ["sold_out"]}
    for _ in range(10):
        move(g, "ann", offer=offer)
        move(g, "ann", withdraw=True)
    refused(
        "G20",
        "you have made 10 trade offers this turn, the most a turn allows: play or discard a card",
        g,
        "ann",
        offer=offer,
    )
    short = traders()
    seat_of(short, "ann").hand.pop()  # no rule leaves the mover short: the guard holds
    refused(
        "G20",
        "trades are proposed while holding 7 cards, before you play",
        short,
        "ann",
        offer=offer,
    )


def test_g20_accepting_needs_the_asked_cards_and_withdraw_ends_the_offer():
    g = traders()
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["dr_feelgood"]})
    assert g.legal_actions("bob") == [Decline("bob")]
    refused("G20", "you cannot accept: you do not hold enough Dr. Feelgood", g, "bob", accept=True)
    refused(
        "G20", "there is no trade offer to you to answer", g, "ann", decline=True
    )  # only bob answers
    move(g, "ann", withdraw=True)
    assert g.state_json()["phase"] == "turn"
    assert g.state_json()["offer"] is None


def test_g21_no_trading_in_the_first_learning_hand_then_trading():
    players = ["ann", "bob"]
    deck = build_deck(players, {"ann": ["market_open", "market_close"]}, learning=True)
    header = {"game": "grass", "players": players, "seed": 3, "decks": [deck]}
    g = Grass.from_replay({**header, "options": {"learning": True}})
    assert g.public_view().trading is False
    give, take = hand_of(g, "ann")[2], hand_of(g, "bob")[0]
    refused(
        "G21",
        "the first learning hand is played without trading",
        g,
        "ann",
        offer={"to": "bob", "give": [give], "take": [take]},
    )
    move(g, "ann", play="market_open")
    idle(g, "bob")
    move(g, "ann", play="market_close")
    assert g.state_json()["hand"] == 2 and g.public_view().trading is True
    mover = g.state_json()["to_move"]
    other = "ann" if mover == "bob" else "bob"
    move(
        g,
        mover,
        offer={"to": other, "give": [hand_of(g, mover)[0]], "take": [hand_of(g, other)[0]]},
    )
    move(g, other, accept=True)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 40),
    picks=st.lists(st.integers(0, 200), min_size=4, max_size=12),
    answer=st.sampled_from(["accept", "decline", "withdraw"]),
)
def test_g20_generated_offers_are_refused_cleanly_or_keep_every_card(seed, steps, picks, answer):
    """Any offer either is refused with the state untouched or, once answered, leaves
    104 cards, hands of 7 and 6, and protected peddles where they were."""
    g = Grass.create(["ann", "bob", "cy"], seed=seed)
    rng = random.Random(seed)
    choose = playout_chooser(g)
    for _ in range(steps):
        if g.outcome() is not None:
            return
        who = g.awaiting[0]
        g.apply(choose(who, g.legal_actions(who), rng))
    if g.state.phase.value != "turn":
        return
    mover = g.state_json()["to_move"]
    state = g.state_json()
    others = [p for p in state["players"] if p != mover]
    to = others[picks[0] % len(others)]
    pools = {
        "give": state["players"][mover]["hand"],
        "take": state["players"][to]["hand"] + ["dr_feelgood"],
        "give_stash": [e["card"] for e in state["players"][mover]["stash"]],
        "take_stash": [e["card"] for e in state["players"][to]["stash"]],
    }
    offer: dict[str, object] = {"to": to}
    for index, (key, pool) in enumerate(pools.items()):
        count = picks[index + 1] % 3 if index + 1 < len(picks) else 0
        if pool and count:
            offer[key] = [pool[picks[(index + k) % len(picks)] % len(pool)] for k in range(count)]
    covered_before = {
        p: [e for e in v["stash"] if e["covered"]] for p, v in state["players"].items()
    }
    before = g.to_json()
    try:
        move(g, mover, offer=offer)
    except IllegalAction:
        assert g.to_json() == before
        return
    responder = mover if answer == "withdraw" else to
    try:
        move(g, responder, **{answer: True})
    except IllegalAction:
        move(g, to, decline=True)
    after = g.state_json()
    assert g.state.deck_size() == 104
    assert len(after["players"][mover]["hand"]) == 7
    assert all(len(v["hand"]) == 6 for p, v in after["players"].items() if p != mover)
    for name, entries in covered_before.items():
        assert [e for e in after["players"][name]["stash"] if e["covered"]] == entries


def test_g22_a_player_leaving_has_their_cards_discarded_and_play_goes_on():
    g = game_with({"bob": ["market_open"]}, players=["ann", "bob", "cy"])
    idle(g, "ann")
    move(g, "bob", play="market_open")
    events = move(g, "bob", leave=True)
    assert events[0].text.startswith("bob left")
    assert g.players == ("ann", "cy")
    assert "market_open" in g.state_json()["discard_pile"]
    assert g.state.deck_size() == 104
    assert g.state_json()["to_move"] == "cy" and g.state_json()["left"] == ["bob"]
    move(g, "cy", leave=True)  # the mover leaves: the next seat moves
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == ("ann",)
    with pytest.raises(IllegalAction):
        move(g, "ann", leave=True)


def test_g22_leaving_cancels_an_offer_and_closes_a_pass_ring():
    g = traders()
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["sold_out"]})
    g2 = g.clone()
    move(g, "bob", leave=True)  # two players: ann wins
    assert g.outcome().winners == ("ann",)
    move(g2, "ann", leave=True)
    assert g2.outcome().winners == ("bob",) and g2.state_json()["offer"] is None
    g3 = game_with({"ann": ["sold_out"]}, players=["ann", "bob", "cy"])
    move(g3, "ann", play="sold_out")
    move(g3, "ann", pass_="immunity")
    move(g3, "bob", leave=True)
    move(g3, "cy", pass_=hand_of(g3, "cy")[0])
    assert g3.state_json()["phase"] == "turn" and g3.state_json()["to_move"] == "cy"
    assert hand_of(g3, "cy").count("immunity") >= 1 and g3.state.deck_size() == 104


def test_g20_offer_notation_round_trips():
    action = MakeOffer("ann", "bob", (Card.BANKER,), (Card.PANAMA,), (), (Card.MEXICO,))
    g = Grass.create(["ann", "bob"])
    assert g.parse_action(action.to_json()) == action


def test_g20_each_step_of_a_trade_tells_the_table_and_each_side_what_happened():
    g = traders()
    offer = {"to": "bob", "give": ["banker"], "take": ["sold_out"], "give_stash": ["mexico"]}
    detail = "ann gives Banker (hand), Mexico (stash); bob gives Sold Out (hand)"
    [made] = move(g, "ann", offer=offer)
    assert (made.kind, made.text, made.actor, dict(made.private)) == (
        GrassEventKind.OFFER,
        "ann offers bob a trade",
        "ann",
        {"ann": f"You offer: {detail}", "bob": f"Offer: {detail}"},
    )
    refused("G20", "you have no trade offer to withdraw", g, "bob", withdraw=True)
    [withdrawn] = move(g, "ann", withdraw=True)
    assert (withdrawn.kind, withdrawn.text, withdrawn.actor, dict(withdrawn.private)) == (
        GrassEventKind.WITHDRAW,
        "ann withdrew the trade offer",
        "ann",
        {"bob": "ann withdrew the trade offer to you"},
    )
    refused("G20", "there is no trade offer to you to answer", g, "bob", decline=True)
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["sold_out"]})
    [declined] = move(g, "bob", decline=True)
    assert (declined.kind, declined.text, declined.actor, dict(declined.private)) == (
        GrassEventKind.DECLINE,
        "bob declined the trade",
        "bob",
        {"ann": "bob declined your trade offer"},
    )


def test_g22_leaving_cancels_only_an_offer_the_leaver_is_part_of():
    g = game_with({"ann": ["banker"], "bob": ["panama"]}, players=["ann", "bob", "cy", "dee"])
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["panama"]})
    [left] = move(g, "cy", leave=True)
    assert (left.kind, left.text, left.actor) == (
        EventKind.LEAVE,
        "cy left the game; their cards are discarded",
        "cy",
    )
    assert g.state_json()["phase"] == "offer" and g.state_json()["offer"] is not None
    move(g, "bob", leave=True)
    state = g.state_json()
    assert (state["phase"], state["offer"], state["to_move"]) == ("turn", None, "ann")
    move(g, "dee", leave=True)
    over = g.log[-1]
    assert (over.kind, over.text) == (
        EventKind.GAME_OVER,
        "Game over: ann wins (everyone else left)",
    )


def test_g13_g22_the_last_player_still_to_pass_leaving_ends_the_pass():
    g = game_with({"ann": ["sold_out"]}, players=["ann", "bob", "cy"])
    move(g, "ann", play="sold_out")
    move(g, "ann", pass_="immunity")
    move(g, "cy", pass_=hand_of(g, "cy")[0])
    events = move(g, "bob", leave=True)
    assert [e.kind for e in events] == [
        EventKind.LEAVE,
        GrassEventKind.PASS_DONE,
        GrassEventKind.DRAW,
    ]
    assert (g.state_json()["phase"], g.state_json()["to_move"]) == ("turn", "cy")


def test_g13_g22_the_player_whose_card_began_a_pass_may_leave_during_it():
    g = game_with({"ann": ["sold_out"]}, players=["ann", "bob", "cy"])
    move(g, "ann", play="sold_out")
    move(g, "ann", leave=True)
    assert (g.state_json()["phase"], g.state_json()["to_move"]) == ("pass", None)
    assert g.awaiting == ("bob", "cy")
    move(g, "bob", pass_=hand_of(g, "bob")[0])
    move(g, "cy", pass_=hand_of(g, "cy")[0])
    assert (g.state_json()["phase"], g.state_json()["to_move"]) == ("turn", "bob")


def test_g20_a_stash_trade_moves_the_peddle_named_not_the_first_one():
    g = game_with({"ann": ["market_open", "panama", "mexico"], "bob": ["market_open", "jamaica"]})
    move(g, "ann", play="market_open")
    move(g, "bob", play="market_open")
    move(g, "ann", play="panama")
    move(g, "bob", play="jamaica")
    move(g, "ann", play="mexico")
    idle(g, "bob")
    move(g, "ann", offer={"to": "bob", "give_stash": ["mexico"], "take_stash": ["jamaica"]})
    move(g, "bob", accept=True)
    assert stash(g, "ann") == ["panama", "jamaica"] and stash(g, "bob") == ["mexico"]


def test_g20_only_the_player_offered_a_trade_may_accept_or_decline_it():
    g = game_with({"ann": ["banker"], "bob": ["panama"]}, players=["ann", "bob", "cy"])
    nothing = "there is no trade offer to you to answer"
    refused("G20", nothing, g, "bob", accept=True)  # no offer at all
    refused("G20", nothing, g, "ann", decline=True)
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["panama"]})
    for by in ("ann", "cy"):  # the one who offered, and a player not in the trade
        refused("G20", nothing, g, by, accept=True)
        refused("G20", nothing, g, by, decline=True)
    move(g, "bob", accept=True)
    assert "banker" in hand_of(g, "bob") and "panama" in hand_of(g, "ann")


def test_g22_the_player_to_move_leaving_hands_the_turn_to_their_left():
    g = game_with({"ann": ["banker"]}, players=["ann", "bob", "cy"])
    refused("G20", "you have no trade offer to withdraw", g, "ann", withdraw=True)
    left, drew = move(g, "ann", leave=True)
    assert (left.kind, left.text, left.actor) == (
        EventKind.LEAVE,
        "ann left the game; their cards are discarded",
        "ann",
    )
    assert (drew.kind, drew.actor, drew.text) == (GrassEventKind.DRAW, "bob", "")
    assert dict(drew.private) == {"bob": f"You drew {Card.parse(hand_of(g, 'bob')[-1]).title}"}
    state = g.state_json()
    assert (state["to_move"], state["awaiting"], state["left"]) == ("bob", ["bob"], ["ann"])
    assert [len(hand_of(g, name)) for name in ("bob", "cy")] == [7, 6]
