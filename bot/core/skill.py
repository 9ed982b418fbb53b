"""Skill ratings: the Weng-Lin Bayesian method (openskill), one rating per player, game
kind, server and season (docs/ratings.md says what players are told).

A rating is a belief about skill: `mu`, the skill most likely, and `sigma`, how unsure
that is. Every finished game moves each player's rating from the final places, ties
shared. The model is `BradleyTerryFull`: with openskill 6.2.0's default model
(PlackettLuce) a player placed below two tied players can end level with them.

Shown to players as one number, the conservative estimate `mu - 3 sigma` (the skill the
player has with 99.7% certainty) scaled to a chess-like range: 1000 for a newcomer,
40 points per unit of skill. While `sigma` is above `PROVISIONAL_SIGMA` the number ends
with "?" (a newcomer's first games move it a lot).

This module only computes: storage (bot/core/storage/ratings.py) decides what is rated.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import BradleyTerryFull

from games.registry import Level
from games.text import Text

MODEL = BradleyTerryFull()
START_MU: float = MODEL.mu
START_SIGMA: float = MODEL.sigma
SCALE_BASE = 1000
SCALE_STEP = 40
PROVISIONAL_SIGMA = 6.5
"""Above this uncertainty the rating is shown provisional ("1,060?"). A newcomer starts
at 8.33; two 6-player games, or about nine 2-player games won in turn, bring it below."""
SEASON_WIDENING = 25 / 6
"""A new season starts from the all-time rating with this much uncertainty added (as
independent errors add: the square root of the sum of squares), never above a
newcomer's: last season's skill is a good guess, not a certainty."""

COMPUTER: Mapping[str, int] = {Level.EASY: -1, Level.HARD: -2, Level.RANDOM: -3}
"""The identity rated for each computer level. Computer seats have negative user ids of
their own in every game; the ratings know the computer by its level instead, one
identity per level (per server and game kind, like everyone)."""


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA

    def for_new_season(self) -> Rating:
        sigma = min(START_SIGMA, math.hypot(self.sigma, SEASON_WIDENING))
        return Rating(self.mu, sigma, 0)


def shown(mu: float, sigma: float) -> int:
    return round(SCALE_BASE + SCALE_STEP * (mu - 3 * sigma))


def identity(user_id: int, ai_level: str | None) -> int:
    """Who a seat's result is rated for: the person, or the computer's level."""
    if ai_level is None:
        return user_id
    return COMPUTER.get(ai_level, COMPUTER[Level.RANDOM])


def rated(priors: Mapping[int, Rating], places: Sequence[tuple[int, int]]) -> dict[int, Rating]:
    """Everyone's rating after one game: `places` pairs each seat's identity with its
    final place (1 is best; equal places are ties). An identity seated more than once
    (two computer seats of one level) is updated once, by the mean of its seats'
    updates. Fewer than two seats: nobody to be measured against, no change."""
    seats = sorted(places, key=lambda item: (item[1], item[0]))
    if len(seats) < 2:
        return {}
    teams = [[MODEL.rating(mu=priors[who].mu, sigma=priors[who].sigma)] for who, _ in seats]
    after: Any = MODEL.rate(teams, ranks=[float(place) for _, place in seats])
    updates: dict[int, list[tuple[float, float]]] = {}
    for (who, _), team in zip(seats, after, strict=True):
        updates.setdefault(who, []).append((float(team[0].mu), float(team[0].sigma)))
    return {
        who: Rating(
            sum(mu for mu, _ in moved) / len(moved),
            sum(sigma for _, sigma in moved) / len(moved),
            priors[who].games + 1,
        )
        for who, moved in updates.items()
    }


def rating_text(mu: float, sigma: float) -> Text:
    """ "1,136", or "1,060?" while provisional, grouped as the reader's language does."""
    if sigma > PROVISIONAL_SIGMA:
        return Text.verbatim("{rating:,}?", rating=shown(mu, sigma))
    return Text.verbatim("{rating:,}", rating=shown(mu, sigma))


def change_text(before: tuple[float, float], after: tuple[float, float]) -> str:
    """ "+23", "−8" or "±0": the move of the shown number."""
    change = shown(*after) - shown(*before)
    if change > 0:
        return f"+{change}"
    if change < 0:
        return f"−{-change}"
    return "±0"
