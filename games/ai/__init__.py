"""Computer players for every game (the engine part): one interface, three levels.

    from games.ai import make_ai
    ai = make_ai("grass", "hard")            # a Player
    action = ai.choose(game.view_for(name), game.legal_actions(name), rng)

`Player.choose(view, legal, rng)` sees one player's view and legal actions only,
never the game (player.py). Levels: "random" (uniform, the baseline), "easy" (a
rule-aware heuristic per game) and "hard" (determinized Monte Carlo search over the
engine under a time or iteration budget). `decide` wraps one decision for a worker
process; `python -m games.ai.bench` measures the levels' strength (README.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import registry
from games.ai.player import (
    DEFAULT_SECONDS,
    Budget,
    Player,
    RandomPlayer,
    SearchStats,
    decision_rng,
)
from games.protocol import Action, GameError
from games.registry import Level

LEVELS: tuple[Level, ...] = tuple(Level)


def make_ai(
    kind: str,
    level: str,
    seconds: float = DEFAULT_SECONDS,
    iterations: int | None = None,
) -> Player:
    """A computer player for game `kind` at `level`. The hard level searches for
    `seconds` per decision, or exactly `iterations` iterations when given (then its
    choices depend only on the view and the generator: deterministic). Each kind's
    players are named by its entry in the registry (games/registry.py)."""
    if level not in LEVELS:
        raise GameError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
    if level == Level.RANDOM:
        return RandomPlayer()
    entry = registry.get(kind) if kind in registry.kind_names() else None
    if entry is None or entry.computer is None:
        raise GameError(f"no computer player for the game {kind!r}")
    factory = entry.computer_factory(Level(level))
    if factory is None:
        raise GameError(f"no {level} computer player for the game {kind!r}")
    if level == Level.HARD:
        player: Player = factory(Budget(seconds=seconds, iterations=iterations))
    else:
        player = factory()
    return player


def decide(
    kind: str,
    level: str,
    view: Any,
    legal: Sequence[Action],
    seed: int,
    moves: int,
    seconds: float = DEFAULT_SECONDS,
) -> Action:
    """One decision in one call, for a worker process or thread (the bot runs AI turns
    off its event loop): everything it takes and returns pickles. The generator comes
    from the seat's `seed` and the game's move count (`decision_rng`), so a seat
    decides the same way after a restart (up to the time budget's iteration count)."""
    player = make_ai(kind, level, seconds=seconds)
    return player.choose(view, legal, decision_rng(seed, moves))


__all__ = [
    "DEFAULT_SECONDS",
    "LEVELS",
    "Budget",
    "Level",
    "Player",
    "RandomPlayer",
    "SearchStats",
    "decide",
    "decision_rng",
    "make_ai",
]
