"""Seeded games for the gallery and the bench: each played by its engine with seeded
random choices (random play's chooser, games/randomplay.py: plausible-random for
Grass, so hands end) until a moment worth drawing."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from PIL import Image

from games.randomplay import playout_chooser
from games.registry import game_class
from lang import speaking

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")
# Discord names in other scripts: fallback-font runs, an emoji left out, CJK marked.
WORLD_NAMES = ("José Müller", "Иван Петров", "Ελένη", "Zoë 🔥", "山田太郎", "Łukasz Żółć")
Game = Any  # an engine instance (games.protocol.Game)
Render = Callable[[], Image.Image]
Picture = tuple[str, Render]  # a gallery picture: its file name, and how to draw it


def step(game: Game, rng: random.Random) -> None:
    """One seeded random action, chosen as random play chooses."""
    awaiting = game.awaiting
    player = awaiting[rng.randrange(len(awaiting))]
    actions = game.legal_actions(player)
    game.apply(playout_chooser(game)(player, actions, rng))


def play_until(
    kind: str,
    players: int,
    seed: int,
    stop: Callable[[Game], bool],
    limit: int = 20_000,
    names: tuple[str, ...] = NAMES,
) -> Game:
    """A new seeded game played until `stop(game)` holds (or it ends, or `limit`)."""
    game = game_class(kind).create(list(names[:players]), None, seed)
    rng = random.Random(seed)
    for _move in range(limit):
        if stop(game) or game.outcome() is not None:
            break
        step(game, rng)
    return game


def snapshots(kind: str, players: int, seed: int, start: int, count: int) -> list[Game]:
    """`count` successive moments (copies) of one seeded game from move `start`."""
    game = play_until(kind, players, seed, lambda g: g.moves >= start)
    rng = random.Random(seed + 1)
    games = []
    for _ in range(count):
        games.append(game.clone())
        if game.outcome() is not None:
            break
        step(game, rng)
    return games


def renders(games: list[Game], draw: Callable[[Game], Image.Image]) -> list[Render]:
    """One render per game: `draw(game)`, for the bench."""
    return [functools.partial(draw, game) for game in games]


def in_german(draw: Callable[[Any], Image.Image]) -> Callable[[Game], Image.Image]:
    """`draw` of a game's public view in German, usually the longest of the bot's
    languages."""

    def german(game: Game) -> Image.Image:
        with speaking("de"):
            return draw(game.public_view())

    return german
