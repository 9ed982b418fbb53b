"""Seasons (bot/core/seasons.py): which season a finished game counts in, by the
server's choice, and how a season is named to players in their language."""

from __future__ import annotations

import datetime

import pytest

from bot.core.seasons import Seasons, season_name, season_of


def at(text: str) -> float:
    return datetime.datetime.fromisoformat(text).replace(tzinfo=datetime.UTC).timestamp()


def test_a_server_without_seasons_counts_games_all_time_only():
    assert season_of(None, None, at("2026-11-29T10:00:00")) is None
    # A manual season counts nothing until a member starts one.
    assert season_of(Seasons.MANUAL, None, at("2026-11-29T10:00:00")) is None


def test_a_monthly_season_is_the_calendar_month_in_utc():
    assert season_of(Seasons.MONTHLY, None, at("2026-11-30T23:59:59")) == "2026-11"
    # Midnight UTC is the new month, whatever the server's time zone.
    assert season_of(Seasons.MONTHLY, None, at("2026-12-01T00:00:00")) == "2026-12"


def test_a_manual_season_is_labelled_by_the_moment_it_started():
    started = at("2026-11-18T11:06:40.123456")
    label = season_of(Seasons.MANUAL, started, at("2026-12-24T20:00:00"))
    assert label == "2026-11-18T11:06:40.123456"
    # Two seasons started within one second are two seasons.
    assert season_of(Seasons.MANUAL, started + 0.25, at("2026-12-24T20:00:00")) != label


@pytest.mark.parametrize(
    ("language", "month"),
    [
        ("en", "November 2026"),
        ("fr", "novembre 2026"),
        ("de", "November 2026"),
        ("it", "novembre 2026"),
    ],
)
def test_a_month_is_named_as_the_language_writes_it(language, month):
    assert season_name("2026-11", language) == month


def test_a_manual_season_is_named_by_its_start_in_utc():
    assert season_name("2026-11-18T11:06:40.123456", "en") == "Nov 18, 2026 11:06\u202fAM"
    assert season_name("2026-11-18T11:06:40.123456", "fr") == "18 nov. 2026 11:06"


def test_a_label_of_neither_shape_is_shown_as_it_is():
    assert season_name("spring cup", "en") == "spring cup"
