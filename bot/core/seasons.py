"""Seasons: a server may rate its games season by season as well as all-time
(`/settings season`). Every finished game counts all-time; on a server running seasons
it counts in the season it finished in too, whose label is stored with the game.

- monthly: a season per calendar month (UTC), labelled "2026-11";
- manual: a season from the moment a member with Manage Server starts one, labelled by
  that moment ("2026-11-18T11:06:40.123456", UTC), until the next is started.

A new season's ratings start from the all-time ones, widened (bot/core/skill.py).
"""

from __future__ import annotations

import datetime
from enum import StrEnum

from babel.dates import format_date, format_time

ALL_TIME = ""
"""The season label of the all-time ratings."""


class Seasons(StrEnum):
    """A server's choice, stored as its text (no row, or NULL: no seasons)."""

    MONTHLY = "monthly"
    MANUAL = "manual"


def _utc(at: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(at, datetime.UTC)


def season_of(seasons: str | None, started: float | None, at: float) -> str | None:
    """The label of the season a game finishing at `at` (epoch seconds) counts in; None
    on a server without seasons."""
    if seasons == Seasons.MONTHLY:
        return _utc(at).strftime("%Y-%m")
    if seasons == Seasons.MANUAL and started is not None:
        return _utc(started).isoformat(timespec="microseconds").removesuffix("+00:00")
    return None


def season_name(label: str, language: str) -> str:
    """How a season is named to players: "November 2026", or the moment a manual season
    started, "Nov 18, 2026 11:06 AM" (UTC), as the language writes dates. A label of
    neither shape is shown as it is."""
    try:
        if len(label) == 7:
            month = datetime.datetime.strptime(label, "%Y-%m")
            return format_date(month, "LLLL y", locale=language)
        moment = datetime.datetime.fromisoformat(label)
    except ValueError:
        return label
    day = format_date(moment, "medium", locale=language)
    hour = format_time(moment.replace(tzinfo=datetime.UTC), "short", locale=language)
    return f"{day} {hour}"
