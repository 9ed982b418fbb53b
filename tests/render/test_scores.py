"""Final score sheets (G18, G19; C6, C8): the game's winners and the last hand's or
round's best players are marked apart, each with its word, and never taken for one
another (the sheet once starred the best hand's player under a title naming the
winner)."""

from __future__ import annotations

from dataclasses import replace

from games.gracias.views import GraciasPublicView
from games.gracias.views import Phase as GraciasPhase
from games.grass.views import GrassOptions, GrassPublicView, HandScore, Phase, ScoreRow
from render import gracias, grass
from render.gracias import samples as gracias_samples
from render.grass import samples as grass_samples
from render.grass import scores as grass_scores
from render.grass.scores import BEST_HAND
from render.scoreboard import HIGHLIGHT, WINNER
from tests.render.helpers import assert_image_similar, close


def grass_final() -> GrassPublicView:
    """Hand 3 ends the game (target $150,000, G19): ann has the best hand (G18 bonus),
    fay the best total."""
    first, second = grass_samples.hand_scores(grass_samples.NAMES)
    totals = {row.name: row.total for row in second.rows}
    scores = {"ann": 75_000, "bob": 5_000, "cy": 0, "dee": 20_000, "eve": 0, "fay": 30_000}
    rows = []
    for name, score in scores.items():
        bonus = 25_000 if name == "ann" else 0
        totals[name] += score
        rows.append(ScoreRow(name, score - bonus, 0, 0, 0, bonus, score, totals[name]))
    view = grass_samples.six()
    seats = tuple(replace(seat, total=totals[seat.name]) for seat in view.seats)
    return replace(
        view,
        phase=Phase.OVER,
        to_move=None,
        awaiting=(),
        seats=seats,
        scores=(first, second, HandScore(3, tuple(rows))),
        options=GrassOptions(target=150_000),
        winners=("fay",),
    )


def gracias_final() -> GraciasPublicView:
    """Round 3 scored (the sample's round scoring): cy has the best round, bob the
    best total (C8)."""
    view = gracias_samples.six()
    scoring = replace(gracias_samples.scoring(), round=3)
    last = {row.player: row.score for row in scoring.rows}
    earlier = {
        "ann": (3, 4),
        "bob": (9, 8),
        "cy": (2, 3),
        "dee": (5, 5),
        "eve": (6, 2),
        "fay": (4, 4),
    }
    seats = tuple(
        replace(seat, round_scores=(*earlier[seat.name], last[seat.name])) for seat in view.seats
    )
    seats = tuple(replace(seat, total=sum(seat.round_scores)) for seat in seats)
    return replace(
        view,
        round=3,
        turn=4,
        to_move=None,
        phase=GraciasPhase.OVER,
        choosing=None,
        trios=(),
        seats=seats,
        last_round=scoring,
        winners=("bob",),
    )


def test_g19_the_final_grass_sheet_marks_the_winner_apart_from_the_best_hand():
    image = grass.score_sheet_image(grass_final())
    assert_image_similar(image, "grass-score-sheet-final")
    # the winner's block (fay, last) is gold; the best hand's (ann, first) is not. The
    # blocks start under the title band (100), the heading (56) and the column heads
    # (26); each holds a line of figures and a line of words.
    first, block = 100 + 56 + 26, grass_scores.BLOCK + grass_scores.WORDS_LINE + 8
    assert close(image.getpixel((200, first + 5 * block + 22)), HIGHLIGHT, 8)
    assert not close(image.getpixel((200, first + 22)), HIGHLIGHT, 8)
    assert WINNER[0] == "winner" and BEST_HAND[0] == "best hand"


def test_c8_the_final_gracias_sheet_marks_the_winner_apart_from_the_best_round():
    view = gracias_final()
    assert max(view.seats, key=lambda seat: seat.total).name == "bob"
    assert_image_similar(gracias.round_score_image(view), "gracias-round-score-final")
