"""Random play over the protocol, shared by the benchmark and the random-play tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from games.protocol import JSON, Game
from games.registry import game_class

AnyGame = Game[Any, Any, Any]


def random_game(
    kind: str,
    players: list[str],
    options: Mapping[str, JSON] | None,
    seed: int,
    check: Callable[[AnyGame], None] | None = None,
    max_actions: int = 100_000,
) -> tuple[AnyGame, int]:
    """Play one game to its end with random legal actions; returns the game
    and the number of actions applied. `check` runs after every action."""
    chooser = random.Random(seed ^ 0x5EED)
    game = game_class(kind).create(players, options, seed)
    # An engine may offer a random player that still plays sensibly enough for games
    # to end (uniformly random Grass players drift below zero forever at 4+ seats).
    playout_choice = getattr(game, "playout_choice", None)
    applied = 0
    while game.outcome() is None:
        if applied >= max_actions:
            raise AssertionError(f"{kind} seed {seed}: no end after {max_actions} actions")
        awaiting = game.awaiting
        if not awaiting:
            raise AssertionError(f"{kind} seed {seed}: nobody may act but the game runs")
        player = awaiting[chooser.randrange(len(awaiting))]
        actions = game.legal_actions(player)
        if not actions:
            raise AssertionError(f"{kind} seed {seed}: {player} is awaited with no action")
        if playout_choice is not None:
            game.apply(playout_choice(player, actions, chooser))
        else:
            game.apply(actions[chooser.randrange(len(actions))])
        applied += 1
        if check is not None:
            check(game)
    return game, applied
