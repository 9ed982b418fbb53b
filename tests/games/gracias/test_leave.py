"""The project's leave rule (docs/rules/gracias.md, "Leaving"): `{"by": P, "leave": true}`."""

from __future__ import annotations

import random

import pytest

from games.gracias import Gracias
from games.protocol import IllegalAction
from tests.games.gracias.helpers import NAMES, play, step
from tests.games.gracias.invariants import check_cards, check_end, check_hidden, check_saving


def test_leave_by_a_waiting_player_sets_their_cards_aside() -> None:
    game = Gracias.create(NAMES[:4], seed=1)
    play(game, {"by": "ann", "trio": 1})
    events = game.apply_json({"by": "cy", "leave": True})
    assert [e.kind for e in events] == ["leave"]
    assert events[0].text == "cy left the game."
    state = game.state_json()
    assert state["players"]["cy"]["in_game"] is False
    assert sum(state["players"]["cy"]["reserve"].values()) == 0
    assert state["players"]["cy"]["hidden"] == []
    check_cards(game)  # cy's cards are set aside, still accounted for
    # nobody may give to a leaver (C5) and the legal actions no longer offer it
    with pytest.raises(IllegalAction, match="cy has left") as refused:
        game.apply_json({"by": "ann", "keep": state["trios"][0]["face_up"][0], "give_to": "cy"})
    assert refused.value.rule == "leave"
    assert all(a.to_json()["give_to"] != "cy" for a in game.legal_actions("ann"))
    game.apply(game.legal_actions("ann")[0])
    assert game.awaiting == ("bob",)
    game.apply(game.legal_actions("bob")[0])
    # cy is skipped: dee chooses, then the turn ends with one trio left over
    assert game.awaiting == ("dee",)
    game.apply(game.legal_actions("dee")[0])
    assert (game.turn, len(game.trios)) == (2, 3)  # as many trios as players left
    assert game.public_view().small_opener == "bob"
    check_cards(game)


def test_leave_while_holding_a_trio_sets_that_trio_aside() -> None:
    game = Gracias.create(NAMES[:4], seed=2)
    play(game, {"by": "ann", "trio": 2})
    game.apply_json({"by": "ann", "leave": True})
    state = game.state_json()
    assert state["taken_trio"] is None
    assert state["trios"][1]["face_up"] == [] and state["trios"][1]["taken_by"] == "ann"
    assert state["to_move"] == "bob"
    check_cards(game)
    with pytest.raises(IllegalAction, match="ann has left"):
        game.apply_json({"by": "ann", "trio": 1})
    with pytest.raises(IllegalAction, match="ann has left"):
        game.apply_json({"by": "ann", "leave": True})


def test_leave_by_the_big_opener_moves_the_next_rounds_opener_on() -> None:
    game = Gracias.create(NAMES[:4], seed=3)
    for _ in range(4):
        game.apply(game.legal_actions(game.awaiting[0])[0])
    game.apply_json({"by": "bob", "leave": True})  # bob would open round 2
    while game.round == 1:
        game.apply(game.legal_actions(game.awaiting[0])[0])
    view = game.public_view()
    assert view.big_opener == view.small_opener == "cy"
    assert game.trios and len(game.trios) == 3
    while game.outcome() is None:
        game.apply(game.legal_actions(game.awaiting[0])[0])
    check_end(game)
    outcome = game.outcome()
    assert outcome is not None and "bob" not in outcome.winners
    # bob left during round 1: no round is scored for him
    assert game.state_json()["players"]["bob"]["round_scores"] == []
    assert [row.player for row in game.public_view().last_round.rows] == ["ann", "cy", "dee"]  # type: ignore[union-attr]


def test_leave_below_three_players_ends_the_game_ranked_by_totals_so_far() -> None:
    game = Gracias.create(NAMES[:3], seed=4)
    while game.round == 1:
        game.apply(game.legal_actions(game.awaiting[0])[0])
    totals = {p: game.state_json()["players"][p]["total"] for p in NAMES[:3]}
    events = game.apply_json({"by": "cy", "leave": True})
    assert [e.kind for e in events] == ["leave", "game_over"]
    outcome = game.outcome()
    assert outcome is not None
    best = max(totals["ann"], totals["bob"])
    assert outcome.winners == tuple(p for p in ("ann", "bob") if totals[p] == best)
    assert outcome.reason == "fewer than 3 players left"
    state = game.state_json()
    assert state["phase"] == "over" and state["to_move"] is None and state["trios"] == []
    assert state["winners"] == list(outcome.winners)
    assert game.legal_actions("ann") == []
    with pytest.raises(IllegalAction):
        game.apply_json({"by": "ann", "leave": True})


def test_leave_in_the_first_turn_of_a_three_player_game_shares_the_win() -> None:
    game = Gracias.create(NAMES[:3], seed=5)
    game.apply_json({"by": "bob", "leave": True})
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("ann", "cy")


@pytest.mark.parametrize("count", [4, 5, 6])
def test_leave_at_random_moments_keeps_every_invariant(count: int) -> None:
    for seed in range(60):
        chooser = random.Random(seed)
        game = Gracias.create(NAMES[:count], seed=seed)
        while game.outcome() is None:
            if chooser.random() < 0.03:
                still_in = [p for s, p in enumerate(game.players) if game.active[s]]
                game.apply_json({"by": chooser.choice(still_in), "leave": True})
            else:
                step(game, chooser)
            check_cards(game)
            check_hidden(game, chooser.choice(NAMES[:count]))
        check_end(game)
        check_saving(game)
        assert all(game.active[game.seat_of[p]] for p in game.outcome().winners)  # type: ignore[union-attr]


def test_two_leaving_in_round_one_end_the_game_shared_by_the_two_left() -> None:
    game = Gracias.create(NAMES[:4], seed=1)
    [left] = game.apply_json({"by": "dee", "leave": True})
    assert (left.kind, left.text, left.actor) == ("leave", "dee left the game.", "dee")
    left, over = game.apply_json({"by": "cy", "leave": True})
    assert (left.kind, left.text, left.actor) == ("leave", "cy left the game.", "cy")
    assert (over.kind, over.text, over.actor) == (
        "game_over",
        "ann and bob share the win (fewer than 3 players left).",
        None,
    )
    assert over.data == {
        "winners": ["ann", "bob"],
        "totals": {"ann": 0, "bob": 0, "cy": 0, "dee": 0},
    }
    assert [entry["actor"] for entry in game.to_json()["log"][-3:]] == ["dee", "cy", None]
