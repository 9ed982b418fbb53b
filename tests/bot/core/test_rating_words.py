"""The ratings as players read them (docs/ratings.md): the number shown, its "?" while
provisional, the change after a game ("+8", "−8", "±0", whole texts), a new season's
widening by the documented formula, and the computer levels' stored identities, written
out here rather than read back from bot/core/skill.py."""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.core.skill import (
    COMPUTER,
    START_MU,
    START_SIGMA,
    Rating,
    change_text,
    identity,
    rating_text,
    shown,
)
from bot.core.storage.ratings import RatingChange
from bot.core.summary import ratings_line

NEWCOMER = (25.0, 25 / 3)  # docs/ratings.md: mu 25, sigma 25/3, shown 1,000


def test_the_number_shown_is_the_documented_formula():
    """shown = round(1000 + 40 × (mu − 3 × sigma))"""
    assert (START_MU, START_SIGMA) == NEWCOMER
    assert shown(*NEWCOMER) == 1000
    assert shown(30.0, 5.0) == 1600
    assert shown(20.0, 7.0) == 960
    assert shown(25.0, 6.5) == 1220
    assert shown(0.0, 9.0) == -80


@pytest.mark.parametrize(
    ("mu", "sigma", "text"),
    [
        (25.0, 25 / 3, "1,000?"),
        (25.0, 6.5 + 1e-9, "1,220?"),  # just above 6.5: provisional
        (25.0, 6.5, "1,220"),  # 6.5 itself is settled
        (30.0, 5.0, "1,600"),
        (20.0, 7.0, "960?"),
        (0.0, 9.0, "-80?"),
    ],
)
def test_a_rating_reads_with_a_question_mark_only_above_6_5(mu, sigma, text):
    assert str(rating_text(mu, sigma)) == text
    assert Rating(mu, sigma).provisional == text.endswith("?")


@pytest.mark.parametrize(
    ("after", "text"),
    [
        ((25.2, 25 / 3), "+8"),
        ((25.9, 25 / 3), "+36"),
        ((24.8, 25 / 3), "−8"),  # U+2212, the minus sign, not a hyphen
        ((24.1, 25 / 3), "−36"),
        ((25.0, 25 / 3), "±0"),
        ((25.001, 25 / 3), "±0"),  # moved, but not the number shown
        ((25.0 + 1 / 40, 25 / 3), "+1"),
        ((25.0 - 1 / 40, 25 / 3), "−1"),
    ],
)
def test_the_change_after_a_game_reads_plus_minus_or_plus_minus_zero(after, text):
    assert change_text(NEWCOMER, after) == text


@pytest.mark.parametrize(("sigma"), [1.0, 3.0, 5.0, 6.5, 7.0])
def test_a_new_season_widens_sigma_as_docs_ratings_md_says(sigma):
    """sigma' = min(25/3, √(sigma² + (25/6)²)), mu kept, no games yet."""
    season = Rating(31.5, sigma, 17).for_new_season()
    expected = min(25 / 3, math.sqrt(sigma**2 + (25 / 6) ** 2))
    assert math.isclose(season.sigma, expected, rel_tol=1e-12)
    assert (season.mu, season.games) == (31.5, 0)


def test_a_new_season_from_a_settled_rating_in_figures():
    """A settled 1,600 (mu 30, sigma 5) starts its season at mu 30, sigma 6.509: shown
    1,419, provisional again."""
    season = Rating(30.0, 5.0, 40).for_new_season()
    assert round(season.sigma, 3) == 6.509
    assert str(rating_text(season.mu, season.sigma)) == "1,419?"
    assert Rating(25.0, 8.0).for_new_season().sigma == 25 / 3  # capped at a newcomer's


def test_the_computer_levels_identities_are_the_stored_ones():
    """Stored ratings are keyed by these ids: changing one orphans every computer
    rating kept so far."""
    assert dict(COMPUTER) == {"easy": -1, "hard": -2, "random": -3}
    assert identity(42, None) == 42
    assert [identity(42, level) for level in ("easy", "hard", "random")] == [-1, -2, -3]
    assert identity(42, "a level unknown here") == -3


def test_the_game_over_ratings_line_reads_each_change_whole():
    """docs/ratings.md: "Ratings: ann 1,136 (+36), bob 964? (−36)", in the standings'
    order, a player without a change left out."""
    standings = [
        SimpleNamespace(name=name, place=place)
        for place, name in enumerate(("ann", "bob", "cy", "dee"), 1)
    ]
    kind = cast(Any, SimpleNamespace(ui=SimpleNamespace(results=lambda table: standings)))
    changes = {
        "ann": RatingChange("", 1, (29.1, 5.0), (30.0, 5.0)),
        "bob": RatingChange("", 2, NEWCOMER, (24.1, 25 / 3)),
        "cy": RatingChange("", 3, NEWCOMER, NEWCOMER),
    }
    line = ratings_line(kind, cast(Any, None), changes)
    assert str(line) == "Ratings: ann 1,600 (+36), bob 964? (−36), cy 1,000? (±0)."
    assert ratings_line(kind, cast(Any, None), {}) is None
