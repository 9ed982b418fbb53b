"""games/randomplay.py: random play to a game's end, the same game for the same seed
(the benchmarks, the stress tests and the gallery replay games by their seeds)."""

from __future__ import annotations

import json

import pytest

from games.protocol import Game
from games.randomplay import random_game

NAMES = ["ann", "bob", "cy"]


def test_a_seed_plays_the_same_game_every_time() -> None:
    game, applied = random_game("gracias", NAMES, None, 1)
    again, applied_again = random_game("gracias", NAMES, None, 1)
    assert applied == applied_again == game.moves
    assert json.dumps(game.to_json()) == json.dumps(again.to_json())
    # Pinned: a change to how random play draws would replay every stored seed anew.
    outcome = game.outcome()
    assert outcome is not None and (applied, outcome.totals) == (
        36,
        {"ann": 16, "bob": 12, "cy": 24},
    )
    other, _ = random_game("gracias", NAMES, None, 2)
    ending = other.outcome()
    assert ending is not None and ending.totals == {"ann": 11, "bob": 14, "cy": 21}


def test_the_options_are_those_of_the_game_played() -> None:
    game, _ = random_game("graps", NAMES[:2], {"grape_faces": 5}, 7)
    assert game.public_view().options.grape_faces == 5


def test_the_check_sees_the_game_after_every_action() -> None:
    seen: list[int] = []

    def check(game: Game) -> None:  # type: ignore[type-arg]
        seen.append(game.moves)

    played, applied = random_game("graps", NAMES[:2], None, 3, check=check)
    assert seen == list(range(1, applied + 1)) and applied == played.moves == 90  # 45 pawns a side


def test_a_game_that_outlasts_its_bound_is_an_error_naming_its_seed() -> None:
    random_game("graps", NAMES[:2], None, 3, max_actions=90)  # exactly enough
    with pytest.raises(AssertionError) as stopped:
        random_game("graps", NAMES[:2], None, 3, max_actions=89)
    assert str(stopped.value) == "graps seed 3: no end after 89 actions"
