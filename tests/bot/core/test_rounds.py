"""What rounds make (bot/core/rounds.py): a board's outcome from its game's results,
forfeits included, and the standings after a round, a later round's bye counted only
once its round is over."""

from __future__ import annotations

from bot.core.rounds import duel_points, field, next_boards, places, standings
from bot.core.storage import Result, Status
from bot.core.storage.tournaments import Board

ANN, BOB, CY, DEE = 1, 2, 3, 4


def finished(round_: int, number: int, players: tuple[int, ...], *results: Result) -> Board:
    return Board(round_, number, players, 100 + number, Status.FINISHED, tuple(results))


def test_a_duel_is_won_drawn_or_forfeited():
    won = finished(1, 1, (ANN, BOB), Result(ANN, 1, 0), Result(BOB, 2, 0))
    assert duel_points(won) == (1.0, 0.0)
    drawn = finished(1, 1, (ANN, BOB), Result(ANN, 1, 0), Result(BOB, 1, 0))
    assert duel_points(drawn) == (0.5, 0.5)
    # bob sat it out: the computer took his seat (and won), he is placed after the last.
    absent = finished(1, 1, (ANN, BOB), Result(-1, 1, 0), Result(ANN, 2, 0), Result(BOB, 3, 0))
    assert places(absent) == {ANN: 2, BOB: 3} and duel_points(absent) == (1.0, 0.0)
    both = finished(
        1, 1, (ANN, BOB), Result(-1, 1, 0), Result(-2, 2, 0), Result(ANN, 3, 0), Result(BOB, 3, 0)
    )
    assert duel_points(both) == (0.0, 0.0)
    abandoned = Board(1, 1, (ANN, BOB), 101, Status.ABANDONED)
    assert duel_points(abandoned) == (0.0, 0.0)


def test_at_a_table_forfeits_share_the_last_places():
    table = finished(
        1,
        1,
        (ANN, BOB, CY, DEE),
        Result(ANN, 1, 30),
        Result(-1, 2, 20),
        Result(CY, 3, -5),
        Result(BOB, 5, 0),
        Result(DEE, 5, 0),
    )
    ranked = standings([ANN, BOB, CY, DEE], [table], duel=False, through=1)
    # ann 6, cy third of the people but second among them: 5; bob and dee share 3 and 1.
    assert [(s.player, s.points, s.tiebreak) for s in ranked] == [
        (ANN, 6, 30),
        (CY, 5, -5),
        (BOB, 2, 0),
        (DEE, 2, 0),
    ]


def test_a_bye_counts_once_its_round_is_over():
    first = [finished(1, 1, (ANN, BOB), Result(ANN, 1, 0), Result(BOB, 2, 0)), Board(1, 2, (CY,))]
    running = Board(2, 1, (CY, ANN), 200, Status.RUNNING)
    second_bye = Board(2, 2, (BOB,))
    boards = [*first, running, second_bye]
    after_one = standings([ANN, BOB, CY], boards, duel=True, through=1)
    assert [(s.player, s.points) for s in after_one] == [(ANN, 1), (CY, 1), (BOB, 0)]
    entrants = field([ANN, BOB, CY], after_one, boards)
    assert [(e.player, e.byes, e.dark, e.light) for e in entrants] == [
        (ANN, 0, 1, 1),
        (CY, 1, 1, 0),
        (BOB, 1, 0, 1),
    ]


def test_a_dropped_player_is_not_paired_again():
    boards = [finished(1, 1, (ANN, BOB), Result(ANN, 1, 0), Result(BOB, 2, 0)), Board(1, 2, (CY,))]
    ranked = standings([ANN, BOB, CY], boards, duel=True, through=1)
    # bob left after round 1: ann and cy meet, nobody has the bye.
    assert next_boards(field([ANN, CY], ranked, boards), True, 2, 2, 2) == [(CY, ANN)]
