"""G4-G10: discarding, Market Open, market states, Peddle, Heat On, Heat Off, Pay Fine."""

from __future__ import annotations

import pytest

from games.grass import Card, Discard, Play
from tests.games.grass.helpers import game_with, hand_of, move, refused, seat_state, stash


def test_g4_any_card_may_be_discarded_face_up():
    g = game_with({"ann": ["panama", "banker", "market_open"]})
    move(g, "ann", discard="panama")
    assert g.state_json()["discard_pile"] == ["panama"]
    move(g, "bob", discard="a_breeze_to_fly")
    move(g, "ann", discard="banker")
    assert g.state_json()["discard_pile"] == ["panama", "a_breeze_to_fly", "banker"]


@pytest.mark.parametrize(
    ("card", "title"),
    [
        ("stonehigh", "Stonehigh"),
        ("euphoria", "Euphoria"),
        ("sold_out", "Sold Out"),
        ("double_crossed", "Double Crossed"),
    ],
)
def test_g4_nirvana_and_paranoia_cannot_be_discarded(card, title):
    g = game_with({"ann": [card]})
    why = f"{title} cannot be discarded: putting it on the discard pile is playing it"
    refused("G4", why, g, "ann", discard=card)
    assert Discard("ann", Card.parse(card)) not in g.legal_actions("ann")
    assert Play("ann", Card.parse(card)) in g.legal_actions("ann")


def test_g5_market_open_playable_only_without_one():
    g = game_with({"ann": ["market_open", "market_open"]})
    assert seat_state(g, "ann")["market"] == "closed"
    move(g, "ann", play="market_open")
    assert seat_state(g, "ann")["market"] == "open"
    move(g, "bob", discard="a_breeze_to_fly")
    refused(
        "G5",
        "you already have a Market Open in your hassle pile; this one can only be discarded",
        g,
        "ann",
        play="market_open",
    )
    assert Play("ann", Card.MARKET_OPEN) not in g.legal_actions("ann")
    move(g, "ann", discard="market_open")  # it can still be discarded


def test_g5_market_open_never_lifts_heat():
    g = game_with({"ann": ["market_open", "market_open"], "bob": ["bust"]})
    move(g, "ann", play="market_open")
    move(g, "bob", play="bust", target="ann")
    refused(
        "G5",
        "you already have a Market Open in your hassle pile; this one can only be discarded",
        g,
        "ann",
        play="market_open",
    )
    assert seat_state(g, "ann")["market"] == "blocked"


def test_g6_market_states_closed_open_blocked():
    g = game_with({"ann": ["market_open"], "bob": ["bust"]})
    assert seat_state(g, "ann")["market"] == "closed"
    move(g, "ann", play="market_open")
    assert seat_state(g, "ann")["market"] == "open"
    move(g, "bob", play="bust", target="ann")
    assert seat_state(g, "ann")["market"] == "blocked"
    assert seat_state(g, "ann")["heat"] == ["bust"]


def test_g7_peddle_needs_a_clear_market():
    g = game_with({"ann": ["market_open", "panama", "mexico"], "bob": ["bust"]})
    refused(
        "G7",
        "you cannot peddle: your market is closed (no Market Open in your hassle pile)",
        g,
        "ann",
        play="panama",
    )  # closed
    move(g, "ann", play="market_open")
    move(g, "bob", play="bust", target="ann")
    refused(
        "G7", "you cannot peddle: your market is blocked by Bust", g, "ann", play="panama"
    )  # blocked
    assert Play("ann", Card.PANAMA) not in g.legal_actions("ann")


def test_g7_peddle_goes_to_the_stash():
    g = game_with({"ann": ["market_open", "panama"]})
    move(g, "ann", play="market_open")
    move(g, "bob", discard="a_breeze_to_fly")
    assert Play("ann", Card.PANAMA) in g.legal_actions("ann")
    move(g, "ann", play="panama")
    assert seat_state(g, "ann")["stash"] == [{"card": "panama", "covered": False}]
    assert "panama" not in hand_of(g, "ann")


def test_g8_heat_on_needs_an_open_or_blocked_target_and_stacks():
    g = game_with({"ann": ["market_open"], "bob": ["bust", "felony", "detained"]})
    move(g, "ann", discard="immunity")
    refused(
        "G8",
        "ann's market is closed: there is nothing to block",
        g,
        "bob",
        play="bust",
        target="ann",
    )  # ann's market is closed
    move(g, "bob", discard="detained")
    move(g, "ann", play="market_open")
    refused(
        "G8", "Bust is played on an opponent, not on you", g, "bob", play="bust", target="bob"
    )  # not on yourself
    refused("G8", "Bust needs a target player", g, "bob", play="bust")  # a target is needed
    move(g, "bob", play="bust", target="ann")  # bob's own market is closed: allowed
    move(g, "ann", discard="immunity")
    assert Play("bob", Card.FELONY, "ann") in g.legal_actions("bob")
    move(g, "bob", play="felony", target="ann")  # stacking on a blocked market
    assert seat_state(g, "ann")["heat"] == ["bust", "felony"]


def test_g8_a_blocked_player_cannot_put_heat_on():
    g = game_with({"ann": ["market_open", "detained"], "bob": ["market_open", "bust"]})
    move(g, "ann", play="market_open")
    move(g, "bob", play="market_open")
    move(g, "ann", play="detained", target="bob")
    refused(
        "G8",
        "you cannot put Heat On others while your market is blocked",
        g,
        "bob",
        play="bust",
        target="ann",
    )
    assert not any(isinstance(a, Play) and a.card is Card.BUST for a in g.legal_actions("bob"))


def test_g8_option_heat_stacking_off_refuses_a_second_heat_on():
    hands = {"ann": ["market_open"], "bob": ["bust", "felony"]}
    g = game_with(hands, options={"heat_stacking": False})
    move(g, "ann", play="market_open")
    move(g, "bob", play="bust", target="ann")
    move(g, "ann", discard="immunity")
    refused(
        "G8",
        "ann's market is already blocked (heat stacking is off in this game)",
        g,
        "bob",
        play="felony",
        target="ann",
    )
    assert Play("bob", Card.FELONY, "ann") not in g.legal_actions("bob")


def test_g9_heat_off_must_match_oldest_heat_on():
    g = game_with(
        {
            "ann": ["market_open", "hearsay_evidence", "immunity", "hearsay_evidence"],
            "bob": ["bust", "felony"],
        }
    )
    move(g, "ann", play="market_open")
    move(g, "bob", play="bust", target="ann")
    move(g, "ann", discard="immunity")
    move(g, "bob", play="felony", target="ann")
    assert "immunity" in hand_of(g, "ann")
    refused(
        "G9",
        "Hearsay Evidence only lifts Felony; the oldest Heat On over your market is Bust",
        g,
        "ann",
        play="hearsay_evidence",
    )  # felony is not the oldest
    assert Play("ann", Card.HEARSAY_EVIDENCE) not in g.legal_actions("ann")
    move(g, "ann", play="immunity")
    assert seat_state(g, "ann")["heat"] == ["felony"]
    assert seat_state(g, "ann")["market"] == "blocked"
    assert g.state_json()["discard_pile"][-2:] == ["bust", "immunity"]
    move(g, "bob", discard="a_breeze_to_fly")
    move(g, "ann", play="hearsay_evidence")
    assert seat_state(g, "ann")["market"] == "open"  # the Market Open is back on top


def test_g9_heat_off_refused_when_not_blocked():
    g = game_with({"ann": ["market_open", "immunity"]})
    refused("G9", "Immunity lifts Heat, and your market is not blocked", g, "ann", play="immunity")
    move(g, "ann", play="market_open")
    move(g, "bob", discard="a_breeze_to_fly")
    refused("G9", "Immunity lifts Heat, and your market is not blocked", g, "ann", play="immunity")
    move(g, "ann", discard="immunity")  # a Heat Off that matches nothing is discarded


def _blocked_with_stash():
    """ann has Mexico, Panama and Home Grown in her stash and Bust then Felony on her."""
    g = game_with(
        {"ann": ["market_open", "mexico", "panama", "home_grown", "pay_fine", "pay_fine"]},
        draws=["immunity", "bust", "immunity", "felony"],
        players=["ann", "bob"],
    )
    move(g, "ann", play="market_open")
    move(g, "bob", discard="immunity")
    move(g, "ann", play="mexico")
    move(g, "bob", discard="a_breeze_to_fly")
    move(g, "ann", play="panama")
    move(g, "bob", discard="a_breeze_to_fly")
    move(g, "ann", play="home_grown")
    move(g, "bob", play="bust", target="ann")
    move(g, "ann", discard="immunity")
    move(g, "bob", play="felony", target="ann")
    return g


def test_g10_pay_fine_lifts_oldest_heat_and_pays_lowest_peddle_g5b_earliest():
    g = _blocked_with_stash()
    assert seat_state(g, "ann")["heat"] == ["bust", "felony"]
    move(g, "ann", play="pay_fine")
    assert seat_state(g, "ann")["heat"] == ["felony"]
    # Mexico and Home Grown are both $5,000: Mexico entered the stash first (G5b).
    assert stash(g, "ann") == ["panama", "home_grown"]
    assert g.state_json()["discard_pile"][-3:] == ["bust", "mexico", "pay_fine"]


def test_g10_pay_fine_refused_when_not_blocked_or_without_unprotected_peddle():
    g = game_with({"ann": ["market_open", "pay_fine"], "bob": ["bust"]})
    refused(
        "G10", "Pay Fine lifts Heat, and your market is not blocked", g, "ann", play="pay_fine"
    )  # not blocked
    move(g, "ann", play="market_open")
    move(g, "bob", play="bust", target="ann")
    refused(
        "G10", "Pay Fine needs an unprotected peddle in your stash", g, "ann", play="pay_fine"
    )  # blocked, but nothing to pay with
    assert Play("ann", Card.PAY_FINE) not in g.legal_actions("ann")
