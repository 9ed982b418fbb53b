"""Every refusal of the Gracias engine, compared whole: the words a player reads and
the rule id (C1, C2, C3, C5, or "leave" for the project's leave rule), and the game
left as it was. test_rules.py shows which rule refuses; here the texts are pinned, since
a name or a number in them is what tells the player what went wrong."""

from __future__ import annotations

import pytest

from games.gracias import Colour, Gracias, SplitTrio
from games.protocol import GameError, IllegalAction
from tests.games.gracias.helpers import NAMES, layout_game, play


def refusal(game: Gracias, action: dict[str, object]) -> tuple[str, str | None]:
    """The refusal's reason and rule; the saved state is the same after it."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply_json(action)
    assert game.to_json() == before
    return str(refused.value.reason), refused.value.rule


@pytest.mark.parametrize(
    ("players", "options", "reason"),
    [
        (["ann", "", "cy"], None, "every player needs a non-empty name"),
        (["ann", 3, "cy"], None, "every player needs a non-empty name"),
        (["ann", "bob", "ann"], None, "two players have the same name"),
        (["ann", "bob", "cy"], {"target": 3}, "Gracias has no options; unknown: target"),
        (
            ["ann", "bob", "cy"],
            {"target": 3, "speed": 1},
            "Gracias has no options; unknown: speed, target",
        ),
    ],
)
def test_C1_a_game_that_cannot_start_says_why_whole(
    players: list[str], options: dict[str, object] | None, reason: str
) -> None:
    with pytest.raises(GameError) as refused:
        Gracias.create(players, options)
    assert str(refused.value) == reason


def test_C7_a_game_created_without_a_seed_is_dealt_from_seed_0() -> None:
    game = Gracias.create(NAMES[:3])
    assert game.replay_header() == {"game": "gracias", "players": NAMES[:3], "seed": 0}
    assert game.to_json() == Gracias.create(NAMES[:3], seed=0).to_json()


@pytest.mark.parametrize(
    ("action", "reason", "rule"),
    [
        (
            {"by": "bob", "trio": 1, "keep": "blue", "give_to": "cy"},
            "it is ann's turn to choose a trio, not bob's",
            "C5",
        ),
        ({"by": "cy", "trio": 1}, "it is ann's turn to choose a trio, not cy's", "C5"),
        (
            {"by": "ann", "trio": 4, "keep": "blue", "give_to": "cy"},
            "there is no trio 4: the trios are numbered 1 to 3",
            "C5",
        ),
        ({"by": "ann", "trio": 0}, "there is no trio 0: the trios are numbered 1 to 3", "C5"),
        (
            {"by": "ann", "trio": 1, "keep": "green", "give_to": "cy"},
            "ann cannot keep green: the face-up cards are orange and blue",
            "C5",
        ),
        (
            {"by": "ann", "trio": 3, "keep": "red", "give_to": "cy"},
            "ann cannot keep red: the face-up cards are green",
            "C5",
        ),
        (
            {"by": "ann", "trio": 1, "keep": "blue", "give_to": "ann"},
            "ann must give the other face-up card to an opponent, not keep both",
            "C5",
        ),
        (
            {"by": "ann", "trio": 1, "keep": "blue", "give_to": "zed"},
            "zed is not playing in this game",
            "C5",
        ),
        (
            {"by": "ann", "keep": "blue", "give_to": "cy"},
            'ann must first take a trio (say which with "trio")',
            "C5",
        ),
        ({"by": "zed", "trio": 1}, "zed is not playing in this game", "C3"),
        ({"by": "zed", "leave": True}, "zed is not playing in this game", "C3"),
    ],
)
def test_C3_C5_a_refused_choice_says_why_whole(
    action: dict[str, object], reason: str, rule: str
) -> None:
    assert refusal(layout_game(), action) == (reason, rule)


HELD = "ann has already taken trio 3: say which face-up card to keep and to whom the other goes"


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"by": "ann", "trio": 1}, HELD),
        ({"by": "ann", "trio": 1, "keep": "blue", "give_to": "bob"}, HELD),
        (
            {"by": "ann", "keep": "red", "give_to": "bob"},
            "ann cannot keep red: the face-up cards are green",
        ),
        (
            {"by": "ann", "keep": "green", "give_to": "ann"},
            "ann must give the other face-up card to an opponent, not keep both",
        ),
    ],
)
def test_C5_while_a_taken_trio_waits_to_be_split_a_refusal_says_why_whole(
    action: dict[str, object], reason: str
) -> None:
    game = layout_game()
    play(game, {"by": "ann", "trio": 3})
    assert refusal(game, action) == (reason, "C5")


def test_C5_a_refusal_for_two_differing_face_up_cards_names_both_while_held() -> None:
    game = layout_game()
    play(game, {"by": "ann", "trio": 1})
    assert refusal(game, {"by": "ann", "keep": "yellow", "give_to": "bob"}) == (
        "ann cannot keep yellow: the face-up cards are orange and blue",
        "C5",
    )


@pytest.mark.parametrize(
    "action",
    [{"by": "bob", "trio": 2}, {"by": "bob", "trio": 2, "keep": "yellow", "give_to": "cy"}],
)
def test_C5_a_trio_taken_by_another_is_refused_naming_its_taker(
    action: dict[str, object],
) -> None:
    game = layout_game()
    play(game, {"by": "ann", "trio": 2, "keep": "purple", "give_to": "cy"})
    assert refusal(game, action) == ("trio 2 has already been taken by ann", "C5")


def test_C2_once_the_game_is_over_every_action_is_refused_whole() -> None:
    game = Gracias.create(NAMES[:3], seed=1)
    game.apply_json({"by": "bob", "leave": True})  # two left: the game ends at once
    assert game.outcome() is not None
    for action in ({"by": "ann", "trio": 1}, {"by": "cy", "leave": True}):
        assert refusal(game, action) == ("the game is over", "C2")


def test_leave_a_player_who_left_can_neither_act_nor_receive_and_is_told_so_whole() -> None:
    game = Gracias.create(NAMES[:4], seed=1)
    play(game, {"by": "ann", "trio": 1}, {"by": "cy", "leave": True})
    keep = game.state_json()["trios"][0]["face_up"][0]
    assert refusal(game, {"by": "ann", "keep": keep, "give_to": "cy"}) == (
        "cy has left the game and cannot receive cards",
        "leave",
    )
    for action in ({"by": "cy", "trio": 2}, {"by": "cy", "leave": True}):
        assert refusal(game, action) == ("cy has left the game", "leave")


def test_C5_a_held_trio_offers_each_face_up_colour_once_to_each_opponent() -> None:
    game = layout_game()
    play(game, {"by": "ann", "trio": 1})  # orange + blue
    assert game.legal_actions("ann") == [
        SplitTrio("ann", Colour.ORANGE, "bob"),
        SplitTrio("ann", Colour.ORANGE, "cy"),
        SplitTrio("ann", Colour.BLUE, "bob"),
        SplitTrio("ann", Colour.BLUE, "cy"),
    ]
    game = layout_game()
    play(game, {"by": "ann", "trio": 3})  # green + green
    assert game.legal_actions("ann") == [
        SplitTrio("ann", Colour.GREEN, "bob"),
        SplitTrio("ann", Colour.GREEN, "cy"),
    ]


def test_a_saved_game_in_progress_has_no_end_reason_winners_or_end() -> None:
    game = layout_game()
    saved = game.to_json()
    assert (saved["over"], saved["winners"], saved["end_reason"]) == (False, [], "")
