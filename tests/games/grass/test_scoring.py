"""G15 Banker, G18 hand scoring (hand-computed examples), G19 game end and ties,
G21 learning decks."""

from __future__ import annotations

from collections import Counter

from games.grass import Card, Grass
from games.grass.cards import LEARNING_HAND_1_2_OUT, LEARNING_HAND_3_OUT, full_deck
from games.grass.flow import shuffled_deck
from games.grass.scoring import game_winners, score_hand
from games.grass.state import Peddle, Seat
from tests.games.grass.helpers import game_with, idle, move, seat_of


def seat(name: str, stash: list[tuple[str, bool]], hand: list[str], total: int = 0) -> Seat:
    s = Seat(name)
    s.stash = [Peddle(Card.parse(card), covered) for card, covered in stash]
    s.hand = [Card.parse(card) for card in hand]
    s.total = total
    return s


def test_g18_g15_hand_computed_example_with_banker_hand_peddles_and_paranoia():
    ann = seat("ann", [("panama", True), ("colombia", False)], ["banker", "jamaica", "sold_out"])
    bob = seat(
        "bob",
        [("dr_feelgood", False), ("mexico", False)],
        ["panama", "double_crossed", "utterly_wiped_out", "mexico"],
    )
    cy = seat("cy", [("home_grown", True)], ["immunity"], total=10_000)
    scored = score_hand([ann, bob, cy], 1)
    rows = {r.name: r for r in scored.rows}
    # table: ann 50,000 + 25,000; bob 100,000 + 5,000; cy 5,000 (covered still scores)
    assert [rows[n].table for n in ["ann", "bob", "cy"]] == [75_000, 105_000, 5_000]
    # banker: 20% of bob's unprotected 105,000; cy's only peddle is covered
    assert [rows[n].banker for n in ["ann", "bob", "cy"]] == [21_000, -21_000, 0]
    assert [rows[n].hand_peddle for n in ["ann", "bob", "cy"]] == [25_000, 50_000, 0]
    assert [rows[n].paranoia for n in ["ann", "bob", "cy"]] == [25_000, 150_000, 0]
    # net: ann 46,000; bob -116,000; cy 5,000 -> the bonus goes to ann
    assert [rows[n].bonus for n in ["ann", "bob", "cy"]] == [25_000, 0, 0]
    assert [rows[n].score for n in ["ann", "bob", "cy"]] == [71_000, -116_000, 5_000]
    assert [rows[n].total for n in ["ann", "bob", "cy"]] == [71_000, -116_000, 15_000]
    assert sum(r.banker for r in scored.rows) == 0


def test_g18_every_player_tied_on_the_best_net_gets_the_bonus():
    ann = seat("ann", [("colombia", False)], [])
    bob = seat("bob", [("jamaica", False)], [])
    cy = seat("cy", [("mexico", False)], [])
    rows = score_hand([ann, bob, cy], 1).rows
    assert [r.bonus for r in rows] == [25_000, 25_000, 0]
    assert [r.score for r in rows] == [50_000, 50_000, 5_000]


def test_g18_scores_may_be_negative_and_are_played_through_a_market_close():
    g = game_with(
        {"ann": ["market_open", "colombia", "market_close"], "bob": ["panama", "sold_out"]}
    )
    move(g, "ann", play="market_open")
    idle(g, "bob")
    move(g, "ann", play="colombia")
    idle(g, "bob")
    events = move(g, "ann", play="market_close")
    scored = next(e for e in events if e.kind == "hand_scored")
    rows = {r["name"]: r for r in scored.data["rows"]}
    assert rows["ann"]["table"] == 25_000 and rows["ann"]["bonus"] == 25_000
    assert rows["bob"]["score"] == -50_000 - 25_000
    state = g.state_json()
    assert state["scores"][0]["bob"] == {
        "table": 0,
        "banker": 0,
        "hand_peddle": 50_000,
        "paranoia": 25_000,
        "bonus": 0,
        "score": -75_000,
    }
    assert state["players"]["bob"]["total"] == -75_000


def test_g19_reaching_the_target_ends_the_game_highest_total_wins():
    g = game_with({"ann": ["market_open", "market_close"]})
    seat_of(g, "ann").total = 240_000
    seat_of(g, "bob").total = 100_000
    move(g, "ann", play="market_open")
    idle(g, "bob")
    move(g, "ann", play="market_close")  # both net 0: both get the bonus
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == ("ann",)
    assert outcome.totals == {"ann": 265_000, "bob": 125_000}
    assert g.state_json()["phase"] == "over" and g.awaiting == ()
    assert g.state_json()["winners"] == ["ann"]


def test_g19_an_exact_tie_is_a_shared_win_and_below_target_the_next_hand_is_dealt():
    assert game_winners([seat("a", [], [], 300_000), seat("b", [], [], 300_000)], 250_000) == (
        "a",
        "b",
    )
    assert game_winners([seat("a", [], [], 249_999), seat("b", [], [], 0)], 250_000) == ()
    g = game_with({"ann": ["market_open", "market_close"]})
    for name in ("ann", "bob"):
        seat_of(g, name).total = 300_000
    move(g, "ann", play="market_open")
    idle(g, "bob")
    move(g, "ann", play="market_close")
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == ("ann", "bob")


def test_g19_option_target():
    g = game_with({"ann": ["market_open", "market_close"]}, options={"target": 25_000})
    move(g, "ann", play="market_open")
    idle(g, "bob")
    move(g, "ann", play="market_close")
    assert g.outcome() is not None


def test_g21_learning_decks_have_79_79_90_then_104_cards():
    g = Grass.create(["ann", "bob"], {"learning": True}, seed=5)
    sizes = [len(shuffled_deck(g.state, hand)) for hand in (1, 2, 3, 4, 5)]
    assert sizes == [79, 79, 90, 104, 104]
    first = Counter(shuffled_deck(g.state, 1))
    assert not set(first) & LEARNING_HAND_1_2_OUT
    third = Counter(shuffled_deck(g.state, 3))
    assert not set(third) & LEARNING_HAND_3_OUT
    assert third[Card.BANKER] == 1 and third[Card.LUST_CONQUERS_ALL] == 2
    assert Counter(shuffled_deck(g.state, 4)) == Counter(full_deck())
    assert g.public_view().deck_size == 79
    assert Grass.create(["ann", "bob"], seed=5).public_view().deck_size == 104


def test_g1_deck_has_104_cards_of_27_kinds():
    deck = Counter(full_deck())
    assert sum(deck.values()) == 104 and len(deck) == 27
    assert deck[Card.PANAMA] == 5 and deck[Card.MARKET_OPEN] == 10
    assert {c.value for c in Card} == {
        "market_open",
        "home_grown",
        "mexico",
        "colombia",
        "jamaica",
        "panama",
        "dr_feelgood",
        "bust",
        "detained",
        "felony",
        "search_and_seizure",
        "immunity",
        "a_breeze_to_fly",
        "hearsay_evidence",
        "charges_dropped",
        "pay_fine",
        "stonehigh",
        "euphoria",
        "lust_conquers_all",
        "grab_a_snack",
        "catch_a_buzz",
        "sold_out",
        "double_crossed",
        "utterly_wiped_out",
        "steal_your_neighbors_pot",
        "banker",
        "market_close",
    }
    assert (
        sum(c.value_usd * n for c, n in deck.items() if c.is_peddle)
        == 6 * 10_000 + 10 * 25_000 + 5 * 50_000 + 100_000
    )


def test_g2_seeded_shuffles_replay_exactly():
    a = Grass.create(["ann", "bob", "cy"], seed=42)
    b = Grass.create(["ann", "bob", "cy"], seed=42)
    c = Grass.create(["ann", "bob", "cy"], seed=43)
    assert a.to_json() == b.to_json()
    assert a.state_json() != c.state_json()
