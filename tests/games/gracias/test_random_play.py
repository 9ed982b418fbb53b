"""Seeded random play (2,000 complete games for 3 to 6 players) with the invariants of
invariants.py after every action; both notation forms are used at random. Set
RUN_SLOW=1 for the long variant (10,000 more games, save/load after every action)."""

from __future__ import annotations

import os
import random

import pytest

from games.gracias import Gracias
from games.gracias.scoring import ranking_key
from tests.games.gracias.helpers import NAMES, step
from tests.games.gracias.invariants import check_cards, check_end, check_hidden, check_saving

SLOW = os.environ.get("RUN_SLOW") == "1"
GAMES_PER_COUNT = 500  # x 4 player counts = 2,000 games
SAVE_EVERY_ACTION = 25  # games per count with save/load after every action (all if slow)


def play_checked(count: int, seed: int, save_every_action: bool) -> Gracias:
    chooser = random.Random(seed)
    game = Gracias.create(NAMES[:count], seed=seed)
    save_at = chooser.randrange(60)
    actions = 0
    while game.outcome() is None:
        step(game, chooser)
        actions += 1
        assert actions < 200
        check_cards(game)
        check_hidden(game, NAMES[chooser.randrange(count)])
        if save_every_action or actions == save_at:
            check_saving(game)
    check_end(game)
    check_saving(game)
    return game


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_C1_C2_C5_random_games_keep_every_invariant(count: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        play_checked(count, seed * 10 + count, seed < SAVE_EVERY_ACTION)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="long variant: set RUN_SLOW=1")
@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_C1_C2_C5_many_more_random_games_saving_after_every_action(count: int) -> None:
    for seed in range(GAMES_PER_COUNT, GAMES_PER_COUNT * 6):
        play_checked(count, seed * 10 + count, True)


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_clone_is_independent_and_equal(count: int) -> None:
    chooser = random.Random(count)
    game = Gracias.create(NAMES[:count], seed=count)
    while game.outcome() is None:
        before = game.to_json()
        twin = game.clone()
        assert twin.to_json() == before
        for _ in range(3):  # moving the clone leaves the original as it was
            if twin.outcome() is None:
                step(twin, chooser)
        assert game.to_json() == before
        step(game, chooser)
    assert game.clone().outcome() == game.outcome()


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_random_games_are_reproducible_from_seed_and_actions(count: int) -> None:
    for seed in range(5):
        first = play_checked(count, seed, False)
        second = play_checked(count, seed, False)
        assert first.to_json() == second.to_json()


def test_C8_tie_breaks_happen_in_random_play_and_follow_the_rounds() -> None:
    """Among random games, find ties on the total and check who won (C8)."""
    found = 0
    for seed in range(600):
        chooser = random.Random(seed)
        game = Gracias.create(NAMES[:3], seed=seed)
        while game.outcome() is None:
            step(game, chooser)
        outcome = game.outcome()
        assert outcome is not None
        best = max(outcome.totals.values())
        tied = [p for p, total in outcome.totals.items() if total == best]
        if len(tied) < 2:
            assert outcome.winners == tuple(tied)
            continue
        found += 1
        rounds = {p: sorted(game.round_scores[game.seat_of[p]], reverse=True) for p in tied}
        top = max(rounds.values())
        assert outcome.winners == tuple(p for p in tied if rounds[p] == top)
        assert all(ranking_key(best, rounds[p]) <= ranking_key(best, top) for p in tied)
    assert found >= 10
