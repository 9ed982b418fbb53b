"""Final score sheets (G18, G19; C6, C8): the game's winners and the last hand's or
round's best players are marked apart, each with its word, and never taken for one
another (the sheet once starred the best hand's player under a title naming the
winner)."""

from __future__ import annotations

from dataclasses import replace

from games.gracias.views import GraciasPublicView
from games.gracias.views import Phase as GraciasPhase
from games.grass.views import GrassOptions, GrassPublicView, HandScore, Phase, ScoreRow
from lang import translate
from render import gracias, grass
from render.gracias import samples as gracias_samples
from render.gracias.scores import round_score_text
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


def test_the_grass_sheets_description_tells_the_scores_not_the_table():
    """The last hand, the totals, then each player's hands: cut at Discord's limit from
    the end, a long game's description loses hands before totals."""
    assert translate(grass_scores.score_sheet_text(grass_final()), "en") == (
        "Grass score sheet, winner: fay. Hand 3: ann $75,000, bob $5,000, cy $0, dee $20,000, "
        "eve $0, fay $30,000; best hand: ann. Totals: ann $150,000, bob $110,000, cy $75,000, "
        "dee $35,000, eve $75,000, fay $170,000. ann, hand by hand: hand 1: $25,000, hand 2: "
        "$50,000, hand 3: $75,000. bob, hand by hand: hand 1: $40,000, hand 2: $65,000, hand "
        "3: $5,000. cy, hand by hand: hand 1: $100,000, hand 2: -$25,000, hand 3: $0. dee, "
        "hand by hand: hand 1: -$5,000, hand 2: $20,000, hand 3: $20,000. eve, hand by hand: "
        "hand 1: $25,000, hand 2: $50,000, hand 3: $0. fay, hand by hand: hand 1: $45,000, "
        "hand 2: $95,000, hand 3: $30,000."
    )
    unscored = replace(grass_samples.two(), scores=())
    assert translate(grass_scores.score_sheet_text(unscored), "en") == (
        "Grass score sheet, first to $250,000. No hand scored yet. Totals: ann $0, bob $0."
    )


def test_the_gracias_sheets_description_tells_each_colours_points():
    assert translate(round_score_text(gracias_final()), "en") == (
        "Gracias scores, winner: bob. Round 3: ann 6 (orange 1, green 2, blue 2, purple 1), "
        "bob 4 (orange 2, yellow 1, green 1), cy 8 (orange 2, green 2, blue 2, purple 2), "
        "dee 4 (red 2, yellow 1, purple 1), eve 2 (red 1, blue 1), fay 6 (green 1, blue 2, "
        "purple 3); best round: cy. ann: total 13 (round 1: 3, round 2: 4, round 3: 6). bob: "
        "total 21 (round 1: 9, round 2: 8, round 3: 4). cy: total 13 (round 1: 2, round 2: "
        "3, round 3: 8). dee: total 14 (round 1: 5, round 2: 5, round 3: 4). eve: total 10 "
        "(round 1: 6, round 2: 2, round 3: 2). fay: total 14 (round 1: 4, round 2: 4, round "
        "3: 6)."
    )
    view = gracias_samples.six()
    unscored = replace(
        view,
        last_round=None,
        seats=tuple(replace(seat, round_scores=(), total=0) for seat in view.seats[:3]),
    )
    assert translate(round_score_text(unscored), "it") == (
        "Punteggi di Gracias. Ancora nessuna manche conteggiata. ann: totale 0. bob: totale 0. "
        "cy: totale 0."
    )
    assert translate(round_score_text(gracias_final()), "de").startswith(
        "Gracias-Punkte, Sieger: bob. Runde 3: ann 6 (Orange 1, Grün 2, Blau 2, Lila 1), "
    )
