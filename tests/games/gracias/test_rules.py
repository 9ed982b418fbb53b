"""One or more tests per rule id C1..C5, C7 (scoring C6 and C8 are in test_scoring.py)."""

from __future__ import annotations

import random

import pytest

from games.gracias import COLOURS, Colour, Gracias, Phase, TakeTrio
from games.gracias.cards import full_deck
from games.protocol import GameError, IllegalAction
from tests.games.gracias.helpers import NAMES, game_with, layout_game, play, reserve, stacked


def test_C1_six_colours_eighteen_each_with_letters_and_symbols() -> None:
    assert [c.id for c in COLOURS] == ["red", "orange", "yellow", "green", "blue", "purple"]
    assert len({c.letter for c in COLOURS}) == 6
    assert len({c.symbol for c in COLOURS}) == 6
    deck = full_deck()
    assert len(deck) == 108
    assert all(deck.count(c) == 18 for c in range(6))
    assert Colour("blue") is Colour.BLUE


@pytest.mark.parametrize("count", [2, 7])
def test_C1_three_to_six_players(count: int) -> None:
    with pytest.raises(GameError, match="3 to 6 players"):
        Gracias.create(NAMES[:count] if count <= 6 else [*NAMES, "gus"])


def test_C1_names_must_differ_and_there_are_no_options() -> None:
    with pytest.raises(GameError):
        Gracias.create(["ann", "ann", "bob"])
    with pytest.raises(GameError):
        Gracias.create(["ann", "bob", "cy"], {"target": 3})


def first_choice_actions(game: Gracias) -> None:
    """Let whoever is to move make their first legal choice."""
    mover = game.awaiting[0]
    game.apply(game.legal_actions(mover)[0])


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_C2_C3_openers_rotate_over_all_12_turns(count: int) -> None:
    game = Gracias.create(NAMES[:count], seed=count)
    seen: list[tuple[int, int, str, str, list[str]]] = []
    chooser = random.Random(count)
    while game.outcome() is None:
        view = game.public_view()
        movers = []
        while game.public_view().turn == view.turn and game.outcome() is None:
            mover = game.awaiting[0]
            movers.append(mover)
            actions = game.legal_actions(mover)
            game.apply(actions[chooser.randrange(len(actions))])
        seen.append((view.round, view.turn, view.big_opener, view.small_opener, movers))
    assert len(seen) == 12  # C2: 3 rounds of 4 turns
    for round_no, turn, big, small, movers in seen:
        big_seat = (round_no - 1) % count  # C3: seat 0, then one seat left per round
        small_seat = (big_seat + turn - 1) % count  # C3: turn 1 big = small, then left
        assert big == NAMES[big_seat]
        assert small == NAMES[small_seat]
        # C3/C5: the small opener chooses first, then clockwise, everyone once.
        assert movers == [NAMES[(small_seat + i) % count] for i in range(count)]


def test_C2_game_over_after_round_3_and_nothing_more_is_legal() -> None:
    game = Gracias.create(NAMES[:3], seed=1)
    while game.outcome() is None:
        first_choice_actions(game)
    assert game.turns_played == 12
    assert game.public_view().phase is Phase.OVER
    assert game.legal_actions("ann") == []
    assert game.awaiting == ()
    with pytest.raises(IllegalAction, match="C2"):
        game.apply_json({"by": "ann", "trio": 1})


def test_C4_deal_two_face_up_cards_each_from_the_big_opener() -> None:
    top = ["red", "orange", "yellow", "green", "blue", "purple"]
    game = game_with(["ann", "bob", "cy"], stacked(top))
    # one at a time, twice round the table, starting with the big opener (ann)
    assert reserve(game, "ann") == {"red": 1, "green": 1}
    assert reserve(game, "bob") == {"orange": 1, "blue": 1}
    assert reserve(game, "cy") == {"yellow": 1, "purple": 1}
    assert all(len(game.hidden[s]) == 0 for s in range(3))


def test_C4_C7_round_two_deals_from_its_own_deck_starting_with_the_new_big_opener() -> None:
    second = stacked(["red", "orange", "yellow", "green", "blue", "purple"])
    game = game_with(["ann", "bob", "cy"], stacked([]), second)
    for _ in range(12):
        first_choice_actions(game)
    assert (game.round, game.turn) == (2, 1)
    view = game.public_view()
    assert view.big_opener == view.small_opener == "bob"
    # C7: reserves start again from the deal; C4 starts dealing with bob
    assert reserve(game, "bob") == {"red": 1, "green": 1}
    assert reserve(game, "cy") == {"orange": 1, "blue": 1}
    assert reserve(game, "ann") == {"yellow": 1, "purple": 1}
    assert game.state_json()["players"]["ann"]["hidden"] == []


def test_C7_rounds_are_reshuffled_from_the_seed() -> None:
    game = Gracias.create(NAMES[:4], seed=7)
    decks = [game.round_deck(n) for n in (1, 2, 3)]
    assert decks[0] != decks[1] != decks[2]
    assert decks == [Gracias.create(NAMES[:4], seed=7).round_deck(n) for n in (1, 2, 3)]
    assert decks[0] != Gracias.create(NAMES[:4], seed=8).round_deck(1)


def test_C5_trios_laid_first_cards_then_second_then_face_down() -> None:
    deal = ["red"] * 6
    layout = ["orange", "yellow", "green", "blue", "purple", "orange", "red", "green", "blue"]
    game = game_with(["ann", "bob", "cy"], stacked(deal + layout))
    trios = game.state_json()["trios"]
    assert [t["face_up"] for t in trios] == [
        ["orange", "blue"],
        ["yellow", "purple"],
        ["green", "orange"],
    ]
    assert [t["face_down"] for t in trios] == ["red", "green", "blue"]
    assert game.state_json()["pile"] == 108 - 6 - 9


def test_C5_keep_one_give_the_other_hidden_card_to_the_taker() -> None:
    game = layout_game()
    events = game.apply_json({"by": "ann", "trio": 1, "keep": "blue", "give_to": "cy"})
    assert reserve(game, "ann") == {"red": 2, "blue": 1}
    assert reserve(game, "cy") == {"red": 2, "orange": 1}
    assert reserve(game, "bob") == {"red": 2}
    assert game.state_json()["players"]["ann"]["hidden"] == ["red"]
    assert [e.kind for e in events] == ["take", "give"]
    assert events[0].private == {"ann": "You took a hidden red"}
    assert "red" not in events[0].text
    assert events[1].text == "ann kept blue, gave orange to cy — Gracias!"
    assert game.awaiting == ("bob",)


def test_C5_same_colour_pair_lists_the_keep_once() -> None:
    game = layout_game()
    trio3 = [a for a in game.legal_actions("ann") if a.to_json()["trio"] == 3]
    assert [a.to_json() for a in trio3] == [
        {"by": "ann", "trio": 3, "keep": "green", "give_to": "bob"},
        {"by": "ann", "trio": 3, "keep": "green", "give_to": "cy"},
    ]
    assert len(game.legal_actions("ann")) == 2 * 2 + 2 * 2 + 2
    assert game.legal_actions("bob") == []


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"by": "bob", "trio": 1, "keep": "blue", "give_to": "cy"}, "ann's turn"),
        ({"by": "ann", "trio": 4, "keep": "blue", "give_to": "cy"}, "no trio 4"),
        ({"by": "ann", "trio": 0}, "no trio 0"),
        ({"by": "ann", "trio": 1, "keep": "green", "give_to": "cy"}, "cannot keep green"),
        ({"by": "ann", "trio": 1, "keep": "blue", "give_to": "ann"}, "not keep both"),
        ({"by": "ann", "trio": 1, "keep": "blue", "give_to": "zed"}, "zed is not playing"),
        ({"by": "ann", "keep": "blue", "give_to": "cy"}, "first take a trio"),
        ({"by": "zed", "trio": 1}, "zed is not playing"),
    ],
)
def test_C5_refusals_say_why_and_change_nothing(action: dict[str, object], words: str) -> None:
    game = layout_game()
    before = game.to_json()
    with pytest.raises(IllegalAction, match=words) as refused:
        game.apply_json(action)
    # C3: only the seated players act; every other refusal here is C5
    assert refused.value.rule == ("C3" if action["by"] == "zed" else "C5")
    assert game.to_json() == before


def test_C5_a_taken_trio_cannot_be_taken_again() -> None:
    game = layout_game()
    play(game, {"by": "ann", "trio": 2, "keep": "yellow", "give_to": "bob"})
    with pytest.raises(IllegalAction, match="already been taken by ann") as refused:
        game.apply_json({"by": "bob", "trio": 2, "keep": "purple", "give_to": "cy"})
    assert refused.value.rule == "C5"


def test_C5_two_steps_take_look_then_keep_and_give() -> None:
    game = layout_game()
    events = game.apply_json({"by": "ann", "trio": 3})
    assert [e.kind for e in events] == ["take"]
    state = game.state_json()
    assert state["phase"] == "choose"
    assert state["to_move"] == "ann"
    assert state["taken_trio"] == 3
    assert state["trios"][2] == {
        "number": 3,
        "face_up": ["green", "green"],
        "taken": True,
        "taken_by": "ann",
        "face_down": None,
    }
    assert game.view_for("ann").just_taken is Colour.BLUE
    assert game.view_for("bob").just_taken is None
    assert game.public_view().choosing == 3
    # while holding, only completions are legal, and a second take is refused (C5)
    assert {a.to_json()["give_to"] for a in game.legal_actions("ann")} == {"bob", "cy"}
    with pytest.raises(IllegalAction, match="already taken trio 3"):
        game.apply_json({"by": "ann", "trio": 1})
    with pytest.raises(IllegalAction, match="already taken trio 3"):
        game.apply_json({"by": "ann", "trio": 1, "keep": "blue", "give_to": "bob"})
    with pytest.raises(IllegalAction, match="cannot keep red"):
        game.apply_json({"by": "ann", "keep": "red", "give_to": "bob"})
    events = game.apply_json({"by": "ann", "keep": "green", "give_to": "bob"})
    assert [e.kind for e in events] == ["give"]
    assert reserve(game, "ann") == {"red": 2, "green": 1}
    assert reserve(game, "bob") == {"red": 2, "green": 1}
    assert game.state_json()["taken_trio"] is None
    assert game.awaiting == ("bob",)


def test_C5_both_forms_reach_the_same_state() -> None:
    one, two = layout_game(), layout_game()
    one.apply_json({"by": "ann", "trio": 2, "keep": "purple", "give_to": "bob"})
    play(two, {"by": "ann", "trio": 2}, {"by": "ann", "keep": "purple", "give_to": "bob"})
    a, b = one.state_json(), two.state_json()
    assert a.pop("moves") == 1
    assert b.pop("moves") == 2
    assert a == b


def test_C5_hidden_cards_seen_only_by_their_owner() -> None:
    game = layout_game()
    play(game, {"by": "ann", "trio": 1, "keep": "blue", "give_to": "cy"})
    assert game.view_for("ann").hidden == (Colour.RED,)
    assert game.view_for("bob").hidden == ()
    public = game.public_view()
    assert public.seat("ann").hidden_count == 1
    assert "red" not in " ".join(public.recent)
    assert [t.has_face_down for t in public.trios] == [False, True, True]


def test_C2_C6_C7_events_at_the_end_of_a_round_and_of_the_game() -> None:
    game = Gracias.create(NAMES[:3], seed=11)
    kinds: list[list[str]] = []
    while game.outcome() is None:
        events = game.apply(game.legal_actions(game.awaiting[0])[0])
        kinds.append([e.kind for e in events])
    assert kinds.count(["take", "give", "turn_started"]) == 9  # turns 2-4 of 3 rounds x 3
    assert kinds.count(["take", "give", "round_scored", "round_started", "turn_started"]) == 2
    assert kinds[-1] == ["take", "give", "round_scored", "game_over"]
    over = game.log[-1]
    assert over.data["winners"] == list(game.outcome().winners)  # type: ignore[union-attr]
    assert game.public_view().recent[-1] == over.text
    assert game.public_view().recent[-2].startswith("Round 3 scored: ann ")
    assert len(game.public_view().recent) == 6


def test_c5_only_the_player_to_choose_may_take_a_bare_trio() -> None:
    game = Gracias.create(["ann", "bob", "cy"], seed=4)
    assert game.trio_takes("ann") == [TakeTrio("ann", 1), TakeTrio("ann", 2), TakeTrio("ann", 3)]
    assert game.trio_takes("bob") == game.trio_takes("cy") == []
    game.apply_json({"by": "ann", "trio": 2})
    assert game.trio_takes("ann") == []  # ann still splits the trio she took
    game.apply(game.legal_actions("ann")[0])
    assert game.trio_takes("bob") == [TakeTrio("bob", 1), TakeTrio("bob", 3)]
    assert game.trio_takes("ann") == []
    game.apply_json({"by": "bob", "leave": True})
    assert game.outcome() is not None
    assert [game.trio_takes(name) for name in ("ann", "bob", "cy")] == [[], [], []]
