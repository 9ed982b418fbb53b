"""The overall scoreboard's rows (`/scoreboard` without a game): one row per player over
every game, best first (wins, then fewer games for as many wins), per game wins/games."""

from __future__ import annotations

from bot.core.storage import Standing
from bot.exts.scoreboards import overall_rows


def test_overall_rows_add_up_each_game_and_rank_by_wins_then_fewer_games():
    standings = {
        "grass": [Standing(1, 2, 1, 300_000, 120_000), Standing(2, 1, 1, 90_000, 90_000)],
        "gracias": [Standing(2, 2, 0, 25, 9), Standing(3, 1, 1, 19, 7)],
    }
    names = {1: "ann", 2: "bob", 3: "cy"}
    rows = overall_rows(standings, ["grass", "gracias", "graps"], names)
    assert rows == [
        ("1. cy", "1", "1", "-", "1/1", "-"),
        ("2. ann", "2", "1", "1/2", "-", "-"),
        ("3. bob", "3", "1", "1/1", "0/2", "-"),
    ]


def test_overall_rows_name_unknown_players_by_id_and_are_empty_without_games():
    assert overall_rows({"grass": []}, ["grass"], {}) == []
    rows = overall_rows({"graps": [Standing(7, 1, 0, 0, None)]}, ["graps"], {})
    assert rows == [("1. 7", "1", "0", "0/1")]
