"""The search budget (a hard decision has a time limit) and the paired search.
Time is never measured here: an injected clock shows that the budget bounds the loop."""

from __future__ import annotations

import random

import pytest

from games.ai import Budget, make_ai
from games.ai.gracias_easy import ranked
from games.ai.gracias_hard import GraciasHard, spread, trio_values
from games.ai.player import SearchStats, paired_search
from games.gracias import Gracias
from games.gracias.actions import TakeTrio


class StepClock:
    """A clock that moves `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def test_a_time_budget_stops_the_search_when_the_clock_says_so() -> None:
    clock = StepClock(0.125)  # binary fractions: exact arithmetic
    stats = SearchStats()
    budget = Budget(seconds=1.0, clock=clock)
    paired_search(2, lambda arm, seed: 0.5, budget, random.Random(1), stats=stats)
    # The deadline is 1.125 (the clock read once at the start); the clock is read before
    # each iteration: at 0.25, ..., 1.0 seven start, at 1.125 the search stops, with the
    # fourth round cut short.
    assert stats.iterations == 7
    assert stats.rounds == 3
    assert clock.reads == 9


def test_an_iteration_budget_never_reads_the_clock() -> None:
    def clock() -> float:
        raise AssertionError("the clock was read")

    stats = SearchStats()
    budget = Budget(iterations=10, clock=clock)
    paired_search(4, lambda arm, seed: 0.5, budget, random.Random(1), stats=stats)
    assert stats.iterations == 8  # two whole rounds of four arms; the third is cut short
    assert stats.rounds == 2


def test_a_hard_player_under_a_time_budget_stops_on_the_injected_clock() -> None:
    clock = StepClock(0.25)
    player = GraciasHard(Budget(seconds=2.0, clock=clock))
    game = Gracias.create(["ann", "bob", "cy", "dee"], None, 4)
    legal = game.legal_actions("ann")
    action = player.choose(game.view_for("ann"), legal, random.Random(2))
    assert action in game.trio_takes("ann")
    assert player.stats.iterations <= 8  # 2.0 s / 0.25 s per read


def test_with_no_time_at_all_its_own_choice_stands() -> None:
    clock = StepClock(10.0)
    player = GraciasHard(Budget(seconds=1.0, clock=clock))
    game = Gracias.create(["ann", "bob", "cy"], None, 4)
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    trios = trio_values(legal, ranked(view, legal, spread(1)))
    own = max(trios, key=lambda trio: trios[trio])
    assert list(trios.values()).count(trios[own]) == 1
    taken = player.choose(view, legal, random.Random(2))
    assert taken == TakeTrio("ann", own)
    assert player.stats.iterations == 0


def test_the_paired_search_finds_the_best_arm_and_compares_arms_on_the_same_samples() -> None:
    seeds: dict[int, set[int]] = {}

    def simulate(arm: int, seed: int) -> float:
        seeds.setdefault(arm, set()).add(seed)
        noise = random.Random(seed).random()  # shared by every arm of a round
        return min(1.0, 0.3 * noise + 0.1 * arm)

    best = paired_search(5, simulate, Budget(iterations=50), random.Random(3))
    assert best == 4
    assert seeds[0] == seeds[4] and len(seeds[0]) == 10


@pytest.mark.parametrize("seconds", [0.5, 2.0])
def test_make_ai_passes_the_time_budget_on(seconds: float) -> None:
    player = make_ai("graps", "hard", seconds=seconds)
    assert player.budget.seconds == seconds  # type: ignore[attr-defined]
    assert player.budget.iterations is None  # type: ignore[attr-defined]
