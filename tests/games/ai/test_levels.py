"""Every level of every game plays only legal actions over whole games, and a seeded
hard level decides the same way twice."""

from __future__ import annotations

import inspect
import pickle

import pytest

from games import registry
from games.ai import LEVELS, decide, make_ai
from games.protocol import GameError
from games.registry import game_class

from ...toygame import fifth
from .play import play_game

# Uniformly random Grass rarely ends (docs/rules/grass.md), so random Grass seats play
# beside easy ones, whose peddles end the game.
TABLES = {
    "graps": [["random", "random"], ["easy", "easy"], ["hard", "easy"], ["easy", "hard"]],
    "gracias": [
        ["random", "random", "random"],
        ["easy", "easy", "easy", "easy"],
        ["hard", "easy", "random", "easy", "easy"],
    ],
    "grass": [["random", "easy", "easy"], ["easy", "easy", "easy", "easy"], ["hard", "easy"]],
}


@pytest.mark.parametrize(
    ("kind", "levels"), [(kind, levels) for kind, tables in TABLES.items() for levels in tables]
)
def test_every_level_plays_only_legal_actions_to_the_end(kind: str, levels: list[str]) -> None:
    for seed in (1, 2):
        game, chosen = play_game(kind, levels, seed)
        assert game.outcome() is not None, f"{kind} {levels} seed {seed} did not end"
        assert chosen


@pytest.mark.parametrize("kind", ["graps", "gracias", "grass"])
def test_a_seeded_hard_level_is_deterministic(kind: str) -> None:
    levels = ["hard", "easy"] if kind != "gracias" else ["hard", "easy", "easy"]
    _, first = play_game(kind, levels, seed=7, max_actions=60)
    _, second = play_game(kind, levels, seed=7, max_actions=60)
    assert first == second


@pytest.mark.parametrize("kind", ["graps", "gracias", "grass"])
@pytest.mark.parametrize("level", LEVELS)
def test_the_entry_point_takes_only_a_view_the_legal_actions_and_a_generator(
    kind: str, level: str
) -> None:
    player = make_ai(kind, level)
    assert list(inspect.signature(player.choose).parameters) == ["view", "legal", "rng"]


def test_unknown_levels_and_games_are_refused_in_words() -> None:
    with pytest.raises(GameError, match="unknown AI level 'expert'"):
        make_ai("grass", "expert")
    with pytest.raises(GameError, match="no computer player"):
        make_ai("chess", "easy")


@pytest.mark.parametrize("kind", ["graps", "gracias", "grass"])
def test_one_decision_travels_to_a_worker_process_and_back(kind: str) -> None:
    """`decide` takes and returns only things that pickle (the bot runs it off its
    event loop), and a seat's decision depends on its seed and the move count."""
    players = ["ann", "bob", "cy"][: 2 if kind == "graps" else 3]
    game = game_class(kind).create(players, None, 11)
    name = game.awaiting[0]
    view, legal = game.view_for(name), game.legal_actions(name)
    shipped_view, shipped_legal = pickle.loads(pickle.dumps((view, legal)))
    assert shipped_view == view and shipped_legal == legal
    first = decide(kind, "easy", shipped_view, shipped_legal, seed=4, moves=game.moves)
    again = decide(kind, "easy", view, legal, seed=4, moves=game.moves)
    assert first in legal and pickle.loads(pickle.dumps(first)) == first
    assert again == first


def test_a_level_a_game_has_no_player_of_is_refused_by_its_name() -> None:
    with registry.registered(fifth.ENTRY), pytest.raises(GameError) as refused:
        make_ai("tac", "hard")
    assert str(refused.value) == "no hard computer player for the game 'tac'"
