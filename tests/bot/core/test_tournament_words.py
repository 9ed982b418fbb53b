"""A tournament's words (bot/core/tournament_words.py): points as players read them, the
standings lines and their picture's rows, the sign-up message."""

from __future__ import annotations

from bot.core.pairing import Standing
from bot.core.storage.tournaments import EntrantRow, Stage, TournamentRow
from bot.core.tournament_words import figure, signup_notice, standings_board, standings_lines
from lang import translate
from tests.bot.core.harness import KINDS


def tournament(kind_size: int = 2, language: str = "en") -> TournamentRow:
    return TournamentRow(
        1,
        10,
        20,
        "graps" if kind_size == 2 else "grass",
        100,
        3,
        1440,
        kind_size,
        1_800_000_000.0,
        language,
        Stage.RUNNING,
        2,
        2,
        None,
        0.0,
    )


def test_points_read_as_whole_numbers_and_fractions_in_every_language():
    assert [figure(v, "en") for v in (0, 2, 2.5, 11 / 3, 0.5, 1000)] == [
        "0",
        "2",
        "2½",
        "3⅔",
        "½",
        "1,000",
    ]
    assert figure(7 / 12, "fr") == "0,58" and figure(1000, "fr") == "1\u202f000"


def test_standings_lines_name_the_tiebreak_and_who_left():
    entrants = [
        EntrantRow(1, "ann", 1),
        EntrantRow(2, "bob", 2, dropped_after=1),
        EntrantRow(3, "cy", 3),
    ]
    ranked = [Standing(1, 2, 1.5, 2), Standing(3, 1, 2, 1, byes=1), Standing(2, 0.5, 2, 2)]
    lines = [
        translate(line, "en")
        for line in standings_lines(tournament(), KINDS["graps"], entrants, ranked, 2)
    ]
    assert lines == [
        "1. **ann**: 2 points · Buchholz 1½ · 2 games",
        "2. **cy**: 1 point · Buchholz 2 · 1 game · 1 bye",
        "…and 1 more.",
    ]
    everyone = standings_lines(tournament(), KINDS["graps"], entrants, ranked, 5)
    assert translate(everyone[-1], "en") == "3. **bob**: ½ points · Buchholz 2 · 2 games (left)"


def test_at_tables_the_tiebreak_is_the_total_score_in_dollars_for_grass():
    entrants = [EntrantRow(1, "ann", 1), EntrantRow(2, "bob", 2)]
    ranked = [Standing(1, 11.5, 50_000, 2), Standing(2, 6, -125_000, 2)]
    grass = tournament(4)
    line = translate(standings_lines(grass, KINDS["grass"], entrants, ranked, 5)[0], "en")
    assert line == "1. **ann**: 11½ points · total $50,000 · 2 games"
    board = standings_board(grass, KINDS["grass"], entrants, ranked, 1)
    assert board.rows == (
        ("1. ann", "11½", "$50,000", "2", "-"),
        ("2. bob", "6", "-$125,000", "2", "-"),
    )
    assert translate(board.title, "en") == "Grass tournament: after round 1 of 3"


def test_the_sign_up_message_says_the_format_and_lists_the_players():
    entrants = [EntrantRow(100, "ann", 1), EntrantRow(2, "bob", 2)]
    notice = signup_notice(tournament(4), KINDS["grass"], entrants)
    words = translate(notice.words, "en")
    assert notice.signup and notice.pinged == ()
    assert words.startswith(
        "🏆 **Grass tournament**, hosted by <@100>: 3 rounds, tables of 4 grouped by the "
        "standings, rank points 6 for the first down to 1 for the last; 1 day per turn."
    )
    assert "Sign-ups close <t:1800000000:f> (<t:1800000000:R>)" in words
    assert words.endswith("**2 players**: ann, bob")
