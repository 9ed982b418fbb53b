"""Random play over the protocol, shared by the benchmark, the random-play tests, the
image gallery and the stress tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from games.protocol import JSON, Action, Game
from games.registry import game_class

AnyGame = Game[Any, Any, Any]
A = TypeVar("A", bound=Action)

Chooser = Callable[[str, list[A], random.Random], A]
"""Random play's choice: (player, that player's legal actions, generator) -> one of them."""


def playout_chooser(game: Game[A, Any, Any]) -> Chooser[A]:
    """How random play picks among a player's legal actions in `game`: uniformly, but
    for Grass the biased chooser of games/ai/grass_playout.py, as uniformly random
    Grass players drift below zero forever at 4+ seats and the game never ends. Both
    draw only from the generator they are given, so a seed always plays the same game."""
    if game.kind == "grass":
        # Imported only for a Grass game: the other games never load Grass, as with
        # the registry's engines.
        from games.ai.grass_playout import choose
        from games.grass.actions import GrassAction
        from games.grass.engine import Grass

        grass = cast(Grass, game)

        def biased(player: str, actions: list[GrassAction], rng: random.Random) -> GrassAction:
            return choose(grass.state, player, actions, rng)

        return cast(Chooser[A], biased)
    return _uniform


def _uniform(player: str, actions: list[A], rng: random.Random) -> A:
    return actions[rng.randrange(len(actions))]


def random_game(
    kind: str,
    players: list[str],
    options: Mapping[str, JSON] | None,
    seed: int,
    check: Callable[[AnyGame], None] | None = None,
    max_actions: int = 100_000,
    record: list[JSON] | None = None,
) -> tuple[AnyGame, int]:
    """Play one game to its end with random legal actions (`playout_chooser`); returns
    the game and the number of actions applied. `check` runs after every action;
    `record` receives each action in the notation."""
    generator = random.Random(seed ^ 0x5EED)
    game = game_class(kind).create(players, options, seed)
    choose = playout_chooser(game)
    applied = 0
    while game.outcome() is None:
        if applied >= max_actions:
            raise AssertionError(f"{kind} seed {seed}: no end after {max_actions} actions")
        awaiting = game.awaiting
        if not awaiting:
            raise AssertionError(f"{kind} seed {seed}: nobody may act but the game runs")
        player = awaiting[generator.randrange(len(awaiting))]
        actions = game.legal_actions(player)
        if not actions:
            raise AssertionError(f"{kind} seed {seed}: {player} is awaited with no action")
        action = choose(player, actions, generator)
        game.apply(action)
        if record is not None:
            record.append(action.to_json())
        applied += 1
        if check is not None:
            check(game)
    return game, applied


def random_replay(
    kind: str, players: list[str], seed: int, options: Mapping[str, JSON] | None = None
) -> dict[str, JSON]:
    """A whole random game (`random_game`) as a replay file: its header and actions."""
    header = game_class(kind).create(players, options, seed).replay_header()
    actions: list[JSON] = []
    random_game(kind, players, options, seed, record=actions)
    return {**header, "actions": actions}
