"""G5b, G11 Nirvana, G12 Protect, G14 Steal, G15 Banker, G16 Market Close."""

from __future__ import annotations

from games.grass import Card, Play
from games.grass.legal import cover_sets
from tests.games.grass.helpers import (
    drain,
    game_with,
    hand_of,
    idle,
    move,
    refused,
    seat_of,
    seat_state,
    stash,
)


def _nirvana_table():
    g = game_with(
        {
            "ann": ["market_open", "stonehigh", "euphoria"],
            "bob": ["market_open", "mexico", "colombia", "bust"],
            "cy": ["market_open", "panama", "jamaica", "home_grown"],
        }
    )
    for by, action in [
        ("ann", {"play": "market_open"}),
        ("bob", {"play": "market_open"}),
        ("cy", {"play": "market_open"}),
        ("ann", {"discard": "immunity"}),
        ("bob", {"play": "mexico"}),
        ("cy", {"play": "panama"}),
        ("ann", {"discard": "immunity"}),
        ("bob", {"play": "colombia"}),
        ("cy", {"play": "home_grown"}),
        ("ann", {"discard": "immunity"}),
        ("bob", {"play": "bust", "target": "ann"}),
        ("cy", {"play": "jamaica"}),
    ]:
        move(g, by, **action)
    return g


def test_g11_stonehigh_lifts_heat_takes_lowest_peddles_and_gives_an_extra_turn():
    g = _nirvana_table()
    assert seat_state(g, "ann")["market"] == "blocked"
    move(g, "ann", play="stonehigh")
    assert seat_state(g, "ann")["heat"] == []
    assert seat_state(g, "ann")["market"] == "open"
    assert stash(g, "ann") == ["mexico", "home_grown"]
    assert stash(g, "bob") == ["colombia"]
    assert stash(g, "cy") == ["panama", "jamaica"]
    state = g.state_json()
    assert state["to_move"] == "ann" and state["extra_turn"] is True
    assert g.public_view().extra_turn is True
    assert len(hand_of(g, "ann")) == 7  # the extra turn's draw


def test_g11_euphoria_takes_highest_peddles_and_works_with_a_closed_market():
    g = _nirvana_table()
    move(g, "ann", play="stonehigh")
    move(g, "ann", play="euphoria")  # in the extra turn: a second extra turn
    assert stash(g, "ann") == ["mexico", "home_grown", "colombia", "panama"]
    assert stash(g, "bob") == [] and stash(g, "cy") == ["jamaica"]
    assert g.state_json()["to_move"] == "ann"
    idle(g, "ann")
    assert g.state_json()["to_move"] == "bob"
    g2 = game_with({"ann": ["euphoria"]})
    assert seat_state(g2, "ann")["market"] == "closed"
    move(g2, "ann", play="euphoria")  # nobody has a peddle: nothing is taken
    assert g2.state_json()["to_move"] == "ann"


def test_g11_extra_turn_with_an_empty_draw_pile_ends_the_hand():
    g = game_with({"ann": ["stonehigh"]})
    drain(g, 0)
    move(g, "ann", play="stonehigh")
    state = g.state_json()
    assert len(state["scores"]) == 1 and state["hand"] == 2


def test_g12_protect_cover_sets_limits_and_dr_feelgood():
    g = game_with(
        {"ann": ["market_open", "colombia", "mexico", "home_grown", "lust_conquers_all"]},
        draws=["grab_a_snack", "immunity", "dr_feelgood"],
    )
    refused(
        "G12",
        "you cannot protect: your market is closed (no Market Open in your hassle pile)",
        g,
        "ann",
        play="grab_a_snack",
        cover=["colombia"],
    )  # closed market
    move(g, "ann", play="market_open")
    for card in ["colombia", "mexico", "home_grown", "dr_feelgood"]:
        idle(g, "bob")
        move(g, "ann", play=card)
    idle(g, "bob")
    seat = seat_of(g, "ann")
    snack = {tuple(c.value for c in s) for s in cover_sets(seat, 25_000)}
    assert snack == {("colombia",), ("mexico",), ("home_grown",), ("home_grown", "mexico")}
    assert len(list(cover_sets(seat, 50_000))) == 7
    legal = [a for a in g.legal_actions("ann") if isinstance(a, Play) and a.cover]
    assert len(legal) == 4 + 7
    refused(
        "G12",
        "Grab a Snack covers up to $25,000; the named peddles are worth $30,000",
        g,
        "ann",
        play="grab_a_snack",
        cover=["colombia", "mexico"],
    )  # $30,000
    refused(
        "G12",
        "Dr. Feelgood can never be protected",
        g,
        "ann",
        play="lust_conquers_all",
        cover=["dr_feelgood"],
    )
    refused(
        "G12", "name the stash peddles Grab a Snack covers", g, "ann", play="grab_a_snack", cover=[]
    )
    refused(
        "G12",
        "you do not have 1 unprotected Panama in your stash",
        g,
        "ann",
        play="grab_a_snack",
        cover=["panama"],
    )  # not in the stash
    move(g, "ann", play="lust_conquers_all", cover=["colombia", "mexico", "home_grown"])
    covered = [e["covered"] for e in seat_state(g, "ann")["stash"]]
    assert covered == [True, True, True, False]
    assert seat_state(g, "ann")["protection"] == ["lust_conquers_all"]


def test_g12_repeated_ids_cover_two_copies_and_later_peddles_stay_uncovered():
    g = game_with({"ann": ["market_open", "mexico", "mexico", "grab_a_snack", "mexico"]})
    move(g, "ann", play="market_open")
    idle(g, "bob")
    move(g, "ann", play="mexico")
    idle(g, "bob")
    move(g, "ann", play="mexico")
    idle(g, "bob")
    move(g, "ann", play="grab_a_snack", cover=["mexico", "mexico"])
    idle(g, "bob")
    move(g, "ann", play="mexico")
    covered = [e["covered"] for e in seat_state(g, "ann")["stash"]]
    assert covered == [True, True, False]


def test_g12_g14_covered_peddles_cannot_be_stolen():
    g = game_with(
        {
            "ann": ["market_open", "panama", "home_grown", "lust_conquers_all"],
            "bob": ["market_open", "steal_your_neighbors_pot", "steal_your_neighbors_pot"],
        }
    )
    move(g, "ann", play="market_open")
    move(g, "bob", play="market_open")
    move(g, "ann", play="panama")
    idle(g, "bob")
    move(g, "ann", play="home_grown")
    idle(g, "bob")
    move(g, "ann", play="lust_conquers_all", cover=["panama"])
    move(g, "bob", play="steal_your_neighbors_pot", target="ann")
    assert stash(g, "bob") == ["home_grown"]  # Panama is covered
    assert stash(g, "ann") == ["panama"]
    idle(g, "ann")
    refused(
        "G14",
        "ann has no unprotected peddle to steal",
        g,
        "bob",
        play="steal_your_neighbors_pot",
        target="ann",
    )


def test_g14_steal_takes_the_highest_earliest_peddle_even_from_a_blocked_target():
    g = game_with(
        {
            "ann": ["market_open", "steal_your_neighbors_pot", "bust"],
            "bob": ["market_open", "colombia", "jamaica"],
        }
    )
    refused(
        "G14",
        "you cannot steal: your market is closed (no Market Open in your hassle pile)",
        g,
        "ann",
        play="steal_your_neighbors_pot",
        target="bob",
    )  # ann closed
    move(g, "ann", play="market_open")
    move(g, "bob", play="market_open")
    refused(
        "G14",
        "bob has no unprotected peddle to steal",
        g,
        "ann",
        play="steal_your_neighbors_pot",
        target="bob",
    )  # no peddles
    refused(
        "G14",
        "Steal Your Neighbor's Pot is played on an opponent, not on you",
        g,
        "ann",
        play="steal_your_neighbors_pot",
        target="ann",
    )
    refused(
        "G14",
        "Steal Your Neighbor's Pot needs a target player",
        g,
        "ann",
        play="steal_your_neighbors_pot",
    )
    idle(g, "ann")
    move(g, "bob", play="colombia")
    idle(g, "ann")
    move(g, "bob", play="jamaica")
    move(g, "ann", play="bust", target="bob")
    idle(g, "bob")
    assert Play("ann", Card.STEAL_YOUR_NEIGHBORS_POT, "bob") in g.legal_actions("ann")
    move(g, "ann", play="steal_your_neighbors_pot", target="bob")
    assert stash(g, "ann") == ["colombia"]  # G5b: equal values, the earliest goes
    assert stash(g, "bob") == ["jamaica"]
    assert g.state_json()["discard_pile"][-1] == "steal_your_neighbors_pot"


def test_g15_banker_cannot_be_played_only_discarded():
    g = game_with({"ann": ["banker", "market_open"]})
    refused(
        "G15",
        "the Banker has no effect when played: you can discard it or trade it",
        g,
        "ann",
        play="banker",
    )
    assert Play("ann", Card.BANKER) not in g.legal_actions("ann")
    move(g, "ann", discard="banker")
    assert g.state_json()["discard_pile"] == ["banker"]


def test_g16_market_close_needs_a_clear_market_and_ends_the_hand():
    g = game_with({"ann": ["market_open", "market_close", "market_close"], "bob": ["bust"]})
    refused(
        "G16",
        "you cannot close the market: your market is closed (no Market Open in your hassle pile)",
        g,
        "ann",
        play="market_close",
    )
    move(g, "ann", discard="market_close")  # discarding has no effect
    assert g.state_json()["hand"] == 1
    idle(g, "bob")
    move(g, "ann", play="market_open")
    move(g, "bob", play="bust", target="ann")
    refused(
        "G16",
        "you cannot close the market: your market is blocked by Bust",
        g,
        "ann",
        play="market_close",
    )
    g2 = game_with({"ann": ["market_open", "market_close"]})
    move(g2, "ann", play="market_open")
    idle(g2, "bob")
    move(g2, "ann", play="market_close")
    state = g2.state_json()
    assert len(state["scores"]) == 1 and state["hand"] == 2
    assert state["to_move"] == "bob"  # G2: hand 2 starts one seat further left


def test_g12_covered_peddles_are_safe_from_nirvana_and_cannot_pay_a_fine():
    g = game_with(
        {
            "ann": ["market_open", "colombia", "catch_a_buzz", "pay_fine"],
            "bob": ["market_open", "stonehigh", "bust"],
        }
    )
    move(g, "ann", play="market_open")
    move(g, "bob", play="market_open")
    move(g, "ann", play="colombia")
    idle(g, "bob")
    move(g, "ann", play="catch_a_buzz", cover=["colombia"])
    move(g, "bob", play="bust", target="ann")
    refused(
        "G10", "Pay Fine needs an unprotected peddle in your stash", g, "ann", play="pay_fine"
    )  # the only peddle is covered
    idle(g, "ann")
    move(g, "bob", play="stonehigh")
    assert stash(g, "ann") == ["colombia"] and stash(g, "bob") == []
