"""The shared parts of the computer players: the random level, the budget, the paired
search's rule for overriding the heuristic, and the entry points (`make_ai`, `decide`)."""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from games.ai import (
    DEFAULT_SECONDS,
    LEVELS,
    Budget,
    RandomPlayer,
    SearchStats,
    decide,
    decision_rng,
    make_ai,
)
from games.ai.graps_easy import GrapsEasy
from games.ai.graps_hard import GrapsHard
from games.ai.player import CONFIDENCE, paired_search, per_round, squash
from games.gracias.actions import TakeTrio
from games.graps.actions import Place
from games.graps.cells import parse_cell
from games.graps.engine import Graps
from games.protocol import GameError
from games.registry import game_class

from ..graps.positions import DARK, LIGHT, position
from .play import AnyGame, played


def test_the_random_level_draws_one_legal_action_uniformly() -> None:
    legal = [Place(DARK, cell) for cell in range(5)]
    picks = [RandomPlayer().choose(None, legal, random.Random(seed)) for seed in range(6)]
    assert picks == [legal[random.Random(seed).randrange(5)] for seed in range(6)]
    assert set(picks) != {picks[0]}


def table(rows: dict[int, list[float]]) -> Callable[[int, int], float]:
    """A simulation answering, for each arm, its values round after round."""
    calls = dict.fromkeys(rows, 0)

    def simulate(arm: int, seed: int) -> float:
        value = rows[arm][calls[arm]]
        calls[arm] += 1
        return value

    return simulate


def search(rows: dict[int, list[float]], prior: list[float] | None = None, **kw: float) -> int:
    rounds = len(rows[0])
    budget = Budget(iterations=rounds * len(rows))
    return paired_search(len(rows), table(rows), budget, random.Random(1), prior, **kw)  # type: ignore[arg-type]


def test_the_baseline_is_the_arm_the_prior_ranks_first() -> None:
    even = {0: [0.5] * 3, 1: [0.5] * 3, 2: [0.5] * 3}
    assert search(even, prior=[0.1, 0.9, 0.5]) == 1
    assert search(even) == 0  # without a prior, the first arm


def test_an_arm_with_a_steady_lead_overrides_the_baseline() -> None:
    # The differences are 0.1 every round (no spread at all; in floating point their
    # variance comes out a hair below zero and counts as zero).
    assert search({0: [0.0] * 3, 1: [0.1] * 3}) == 1
    assert search({0: [0.0] * 2, 1: [0.1] * 2}) == 1  # two rounds are enough
    assert search({0: [0.0], 1: [1.0]}) == 0  # one round says nothing of the spread


def test_of_several_clear_leads_the_largest_wins() -> None:
    rows = {0: [0.0] * 3, 1: [0.4] * 3, 2: [0.2] * 3, 3: [0.3] * 3}
    assert search(rows) == 1
    assert search({0: [0.5] * 3, 1: [0.4] * 3, 2: [0.5] * 3}) == 0  # behind or even: no
    assert search({0: [0.0] * 3, 1: [0.3] * 3, 2: [0.3] * 3}) == 1  # equal leads: the first


def test_an_arm_must_lead_by_two_standard_errors() -> None:
    # Paired differences 0.1 and 0.5: mean 0.3, sample variance 0.08 (divided by
    # rounds - 1), standard error sqrt(0.08 / 2) = 0.2.
    rows = {0: [0.2, 0.2], 1: [0.3, 0.7]}
    assert search(rows) == 0  # 0.3 < 2 x 0.2
    assert search(rows, confidence=1.4) == 1  # 0.3 > 1.4 x 0.2
    assert search(rows, confidence=1.6) == 0
    # Differences 0.25 and 0.75: mean 0.5, standard error 0.25, exactly two of them
    # (binary fractions: no rounding). Exactly two standard errors is not more.
    exact = {0: [0.0, 0.0], 1: [0.25, 0.75]}
    assert search(exact) == 0
    assert search(exact, confidence=1.99) == 1
    assert CONFIDENCE == 2.0


def test_every_arm_of_a_round_is_played_on_that_rounds_sample_seed() -> None:
    seen: list[tuple[int, int]] = []

    def simulate(arm: int, seed: int) -> float:
        seen.append((arm, seed))
        return 0.5

    stats = SearchStats()
    paired_search(3, simulate, Budget(iterations=9), random.Random(7), stats=stats)
    draw = random.Random(7)
    seeds = [draw.getrandbits(62) for _ in range(3)]
    assert seen == [(arm, seed) for seed in seeds for arm in range(3)]
    assert (stats.iterations, stats.rounds) == (9, 3)


def test_a_rounds_world_is_built_once_and_each_arm_gets_its_own_copy() -> None:
    builds: list[int] = []

    def build(seed: int) -> Graps:
        builds.append(seed)
        return Graps.create([DARK, LIGHT], seed=seed)

    world = per_round(build)
    first, second = world(5), world(5)
    assert builds == [5] and first is not second
    first.apply(first.legal_actions(DARK)[0])
    assert second.to_json() == Graps.create([DARK, LIGHT], seed=5).to_json()
    assert world(6).seed == 6 and builds == [5, 6]
    assert world(5).seed == 5 and builds == [5, 6, 5]  # only the latest seed is kept


@pytest.mark.parametrize("kind", ["gracias", "grass"])
def test_the_hard_levels_build_one_world_a_round(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = importlib.import_module(f"games.ai.{kind}_hard")
    real, calls = module.sample_world, []

    def counted(*args: Any) -> Any:
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(module, "sample_world", counted)
    game: AnyGame = played(9, seed=3) if kind == "gracias" else grass_midgame()
    name = game.awaiting[0]
    player = make_ai(kind, "hard", iterations=60)
    player.choose(game.view_for(name), game.legal_actions(name), random.Random(2))
    stats = player.stats  # type: ignore[attr-defined]
    assert stats.rounds >= 5 and stats.iterations > stats.rounds
    assert len(calls) == stats.rounds


def grass_midgame() -> AnyGame:
    game = game_class("grass").create(["ann", "bob", "cy"], None, 3)
    easy = make_ai("grass", "easy")
    for _move in range(10):
        name = game.awaiting[0]
        game.apply(easy.choose(game.view_for(name), game.legal_actions(name), random.Random(0)))
    return game


def test_an_iteration_budget_is_used_to_the_last_whole_round() -> None:
    stats = SearchStats()
    paired_search(4, lambda arm, seed: 0.5, Budget(iterations=8), random.Random(1), stats=stats)
    assert (stats.iterations, stats.rounds) == (8, 2)
    assert Budget(iterations=3).runner()(2) and not Budget(iterations=3).runner()(3)


def test_a_time_budget_runs_until_its_deadline() -> None:
    now = [10.0]
    budget = Budget(seconds=0.5, clock=lambda: now[0])
    more = budget.runner()  # deadline 10.5
    assert more(0)
    now[0] = 10.49
    assert more(100)
    now[0] = 10.5
    assert not more(0)
    assert Budget().seconds == DEFAULT_SECONDS == 1.0
    assert Budget().iterations is None


def test_squash_maps_a_margin_to_a_value_between_zero_and_one() -> None:
    assert squash(0.0, 2.0) == 0.5
    assert squash(2.0, 2.0) == pytest.approx(1 / (1 + math.exp(-1)))
    assert squash(-6.0, 3.0) == pytest.approx(1 / (1 + math.exp(2)))


def test_a_decisions_generator_depends_on_the_seat_seed_and_the_move_count_only() -> None:
    assert decision_rng(4, 7).random() == decision_rng(4, 7).random()
    assert decision_rng(4, 7).random() == random.Random("ai:4:7").random()
    assert decision_rng(4, 7).random() != decision_rng(7, 4).random()


def test_make_ai_gives_each_level_its_player_and_the_hard_one_its_budget() -> None:
    assert LEVELS == ("random", "easy", "hard")
    assert isinstance(make_ai("graps", "random"), RandomPlayer)
    assert isinstance(make_ai("graps", "easy"), GrapsEasy)
    hard = make_ai("graps", "hard", seconds=0.25, iterations=9)
    assert isinstance(hard, GrapsHard)
    assert (hard.budget.seconds, hard.budget.iterations) == (0.25, 9)
    default = make_ai("graps", "hard")
    assert isinstance(default, GrapsHard)
    assert (default.budget.seconds, default.budget.iterations) == (DEFAULT_SECONDS, None)


def test_make_ai_refuses_unknown_levels_and_games_in_full_words() -> None:
    with pytest.raises(GameError) as refused:
        make_ai("graps", "expert")
    assert str(refused.value) == "unknown AI level 'expert'; levels: random, easy, hard"
    with pytest.raises(GameError) as refused:
        make_ai("chess", "hard")
    assert str(refused.value) == "no computer player for the game 'chess'"


def test_decide_is_the_levels_choice_with_the_seats_generator() -> None:
    # Dark's blank cells: C4 and D4 tie for best, so the generator decides.
    game = position({1: "..X", 2: "..x", 3: "..xx"}, {15: "O"})
    view, legal = game.view_for(DARK), game.legal_actions(DARK)
    made = {decide("graps", "easy", view, legal, seed=seed, moves=3) for seed in range(12)}
    assert made == {Place(DARK, parse_cell(cell)) for cell in ("C4", "D4")}
    for seed in range(4):
        expected = GrapsEasy().choose(view, legal, decision_rng(seed, 3))
        assert decide("graps", "easy", view, legal, seed=seed, moves=3) == expected


def test_decide_with_no_time_keeps_its_own_choice_a_search_would_override() -> None:
    # Round 2 of a real game: ann's own scoring chooses trio 2 (blue kept, one to cy);
    # a search takes trio 3 instead (test_gracias_levels). With no time at all the
    # hard level takes its own choice's trio, to split it once it has seen the card.
    game = played(25, seed=6)
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    hard = decide("gracias", "hard", view, legal, seed=1, moves=25, seconds=0.0)
    assert hard == TakeTrio("ann", 2)


def test_decide_passes_the_time_budget_to_the_hard_level() -> None:
    # With no time at all the hard level keeps the easy scoring's first choice: C5,
    # the only cell that advances the front.
    game = position({1: "..X", 2: "..x", 3: "..x", 4: "..x"}, {15: "O"})
    view, legal = game.view_for(DARK), game.legal_actions(DARK)
    assert decide("graps", "hard", view, legal, seed=1, moves=0, seconds=0.0) == Place(
        DARK, parse_cell("C5")
    )
