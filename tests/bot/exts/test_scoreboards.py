"""The scoreboards' rows from stored figures: a game's board ranked by rating with the
game's own figures, and the overall board with each game's rating."""

from __future__ import annotations

from bot.core.skill import Rating
from bot.core.storage import Standing
from bot.exts._boards import Entry, board_columns, board_row, overall_rows
from bot.exts.gracias.ui import WORDS as GRACIAS
from bot.exts.graps.ui import WORDS as GRAPS
from bot.exts.grass.ui import WORDS as GRASS
from lang import translate

SETTLED = Rating(30.0, 5.0, 12)  # shown 1000 + 40 * (30 - 15) = 1,600
NEWCOMER = Rating()  # shown 1,000, provisional


def cells(row: tuple[str, ...], language: str = "en") -> list[str]:
    return [translate(cell, language) for cell in row]


def test_a_grass_row_has_the_rating_the_win_rate_and_the_dollars():
    entry = Entry("ann", Standing(1, 4, 3, 450_000, 120_000, 1), SETTLED, {})
    assert cells(board_columns(GRASS)) == [
        "player", "rating", "games", "wins", "win rate", "banked", "best hand",
    ]  # fmt: skip
    assert cells(board_row(GRASS, 1, entry)) == [
        "1. ann", "1,600", "4", "3 (1)", "75%", "$450,000", "$120,000",
    ]  # fmt: skip
    assert cells(board_row(GRASS, 1, entry), "de")[5] == "450.000\u00a0$"


def test_a_gracias_row_averages_the_points_and_a_new_rating_is_marked():
    entry = Entry("bob", Standing(2, 3, 1, 61, 9), NEWCOMER, {})
    assert cells(board_columns(GRACIAS))[-2:] == ["average", "best round"]
    assert cells(board_row(GRACIAS, 2, entry)) == ["2. bob", "1,000?", "3", "1", "33%", "20", "9"]


def test_graps_wins_are_split_by_how_they_came():
    endings = {"reached": 3, "stuck": 1, "exhausted_win": 2, "resigned": 4}
    entry = Entry("cy", Standing(3, 12, 10, 0, None), SETTLED, endings)
    assert cells(board_columns(GRAPS))[-2:] == ["far row", "pruned out"]
    # Resignations count as wins, in neither column.
    assert cells(board_row(GRAPS, 1, entry))[-2:] == ["3", "3"]


def test_the_overall_board_shows_each_games_rating_and_ranks_by_wins():
    standings = {
        "grass": [Standing(1, 2, 1, 300_000, 120_000), Standing(2, 1, 1, 90_000, 90_000)],
        "gracias": [Standing(2, 2, 0, 25, 9), Standing(3, 1, 1, 19, 7)],
    }
    ratings = {"grass": {1: SETTLED, 2: NEWCOMER}, "gracias": {2: SETTLED, 3: NEWCOMER}}
    names = {1: "ann", 2: "bob", 3: "cy"}
    rows = overall_rows(standings, ratings, ["grass", "gracias", "graps"], names)
    assert [cells(row) for row in rows] == [
        ["1. cy", "1", "1", "-", "1,000?", "-"],
        ["2. ann", "1", "2", "1,600", "-", "-"],
        ["3. bob", "1", "3", "1,000?", "1,600", "-"],
    ]
    assert overall_rows({"grass": []}, {}, ["grass"], {}) == []
