"""The one interface of every computer player, the random level, the search budget and
the search itself (shared by the three games' hard levels).

A player is anything with `choose(view, legal, rng) -> Action`: it is given one
player's view (the engine's `view_for`), that player's legal actions and a seeded
generator, and nothing else. It never receives the game object, so it cannot read
another player's hand: what it may know is exactly what the view shows.

The hard levels search under a `Budget`: a fixed number of iterations (deterministic:
the tests and the benchmark use it) or a time limit read from an injectable clock (the
bot's mode). The search is determinized Monte Carlo with UCB1 at the root: every
iteration samples one complete game consistent with the view (the game's `worlds`
module), plays one root action in it, finishes with a rollout policy and scores the
result for the searching player. Every arm is played on the same samples (see
`paired_search`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self, TypeVar

from games.protocol import Action

CONFIDENCE = 2.0
"""Standard errors by which a searched arm must beat the heuristic's choice."""
DEFAULT_SECONDS = 1.0
"""The hard level's default time budget per decision (the bot's limit is 2 s)."""


class Player(Protocol):
    """A computer player. `view` is the engine's `view_for(player)`, `legal` the
    engine's `legal_actions(player)` (never empty); the answer is one of `legal`, or
    an action the engine validates without listing it (a Grass trade offer, G20; a
    Gracias bare take of a trio, C5)."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomPlayer:
    """The "random" level: a uniformly random legal action (the benchmark's baseline)."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


@dataclass
class Budget:
    """How long a search may run. `iterations` set: exactly that many (deterministic,
    the clock is never read). Otherwise iterations run until `seconds` have passed on
    `clock`, checked before each one (an iteration is a few milliseconds at most)."""

    seconds: float = DEFAULT_SECONDS
    iterations: int | None = None
    clock: Callable[[], float] = time.perf_counter

    def runner(self) -> Callable[[int], bool]:
        """A predicate `more(done)`: whether iteration number `done` may start."""
        if self.iterations is not None:
            limit = self.iterations
            return lambda done: done < limit
        clock = self.clock
        deadline = clock() + self.seconds
        return lambda done: clock() < deadline


@dataclass
class SearchStats:
    """What the last search did (for tests and the benchmark)."""

    iterations: int = 0
    rounds: int = 0


def paired_search(
    arms: int,
    simulate: Callable[[int, int], float],
    budget: Budget,
    rng: random.Random,
    prior: Sequence[float] | None = None,
    stats: SearchStats | None = None,
    confidence: float = CONFIDENCE,
) -> int:
    """An arm (0 .. arms-1) chosen by sampling `simulate(arm, sample_seed)` (a value in
    [0, 1]) in rounds: every round draws one sample seed and plays every arm with it
    (common random numbers: the arms are compared on the same hidden cards and dice,
    which removes most of the noise between them). One simulation is one iteration of
    the budget; with an iteration count only whole rounds run, and a round cut short by
    a time limit is dropped.

    The answer is the baseline (the arm `prior` ranks first, e.g. the easy level's
    choice) unless another arm beats it on the paired samples by more than
    `confidence` standard errors: the search only overrides the heuristic when the
    samples say so clearly, so noise cannot make it play worse than the heuristic."""
    ranking = list(prior) if prior is not None else [0.0] * arms
    base = max(range(arms), key=lambda arm: ranking[arm])
    sums = [0.0] * arms  # of the paired differences with the baseline
    squares = [0.0] * arms
    values = [0.0] * arms
    more = budget.runner()
    done = 0
    rounds = 0
    while budget.iterations is None or done + arms <= budget.iterations:
        seed = rng.getrandbits(62)
        complete = True
        for arm in range(arms):
            if not more(done):
                complete = False
                break
            values[arm] = simulate(arm, seed)
            done += 1
        if not complete:
            break
        rounds += 1
        for arm in range(arms):
            difference = values[arm] - values[base]
            sums[arm] += difference
            squares[arm] += difference * difference
    if stats is not None:
        stats.iterations = done
        stats.rounds = rounds
    best, best_mean = base, 0.0
    if rounds >= 2:
        for arm in range(arms):
            mean = sums[arm] / rounds
            variance = max(0.0, squares[arm] / rounds - mean * mean) * rounds / (rounds - 1)
            margin = confidence * math.sqrt(variance / rounds)
            if mean > best_mean and mean > margin:
                best, best_mean = arm, mean
    return best


class Clonable(Protocol):
    def clone(self) -> Self: ...


W = TypeVar("W", bound=Clonable)


def per_round(build: Callable[[int], W]) -> Callable[[int], W]:
    """`build(seed)` as a fresh copy for every call, built once per seed: `paired_search`
    plays every arm on one sample seed in turn, so a sampled world is built once a
    round and cloned for each arm (the same world, for a fraction of the cost). Only
    for builds whose generator is not used afterwards, or the arms would differ."""
    last: list[Any] = [None, None]

    def world(seed: int) -> W:
        if last[0] != seed:
            last[0], last[1] = seed, build(seed)
        built: W = last[1]
        return built.clone()

    return world


def squash(margin: float, scale: float) -> float:
    """A score margin as a value in (0, 1): 0.5 for even, near 1 far ahead."""
    return 1.0 / (1.0 + math.exp(-margin / scale))


def decision_rng(seed: int, moves: int) -> random.Random:
    """A generator for one decision, from the seat's seed and the game's move count:
    an AI seat restored after a restart then decides exactly as it would have."""
    return random.Random(f"ai:{seed}:{moves}")
