"""Shared helpers of the AI tests: play a game between computer players, checking that
every chosen action is one of the legal ones, or one of the actions the engines accept
without listing them: a Grass trade offer (G20: then that the engine accepts it), a
Gracias bare take of a trio (C5: one of `trio_takes`)."""

from __future__ import annotations

import random
from typing import Any

from games.ai import Player, make_ai
from games.ai.gracias_easy import GraciasEasy
from games.gracias import Gracias
from games.gracias.actions import GraciasAction
from games.grass import Grass, MakeOffer
from games.protocol import Game
from games.registry import game_class

from ..grass.helpers import game_with, seat_of

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")
AnyGame = Game[Any, Any, Any]


def table(kind: str, levels: list[str], iterations: int = 4) -> dict[str, Player]:
    return {NAMES[i]: make_ai(kind, level, iterations=iterations) for i, level in enumerate(levels)}


def play_game(
    kind: str, levels: list[str], seed: int, max_actions: int = 5_000, iterations: int = 4
) -> tuple[AnyGame, list[Any]]:
    """One game; returns the game and the actions chosen. Asserts legality all along."""
    players = table(kind, levels, iterations)
    names = list(players)
    game = game_class(kind).create(names, None, seed)
    rngs = {name: random.Random(f"{seed}:{name}") for name in names}
    chosen = []
    for _ in range(max_actions):
        if game.outcome() is not None:
            break
        name = game.awaiting[0]
        legal = game.legal_actions(name)
        action = players[name].choose(game.view_for(name), legal, rngs[name])
        offer = isinstance(action, MakeOffer)
        take = isinstance(game, Gracias) and action in game.trio_takes(name)
        assert offer or take or action in legal, f"{kind}: {name} chose {action!r}, not legal"
        game.apply(action)  # IllegalAction if an offer is not one the rules allow
        chosen.append(action)
    return game, chosen


FILL = ["immunity", "immunity", "a_breeze_to_fly", "a_breeze_to_fly"]


def grass(hand: list[str], **ann: object) -> Grass:
    """ann to move with `hand` (6 cards; she draws a Heat Off), bob and cy idle."""
    game = game_with({"ann": hand}, draws=["charges_dropped"], players=["ann", "bob", "cy"])
    seat = seat_of(game, "ann")
    for key, value in ann.items():
        setattr(seat, key, value)
    return game


def played(moves: int, seed: int = 4) -> Gracias:
    """A real game some choices in (every card where the rules put it), easy players."""
    game = Gracias.create(["ann", "bob", "cy", "dee"], None, seed)
    easy = GraciasEasy()
    for _ in range(moves):
        name = game.awaiting[0]
        action = easy.choose(game.view_for(name), game.legal_actions(name), random.Random(0))
        assert isinstance(action, GraciasAction)
        game.apply(action)
    return game
