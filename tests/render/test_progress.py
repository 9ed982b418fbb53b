"""The score-progression chart (progress.py): running totals of finished games (G18,
G19; C6, C8) as lines, and the same in words."""

from __future__ import annotations

import io
import itertools
from dataclasses import replace

import pytest
from PIL import Image

from games.grass.views import HandScore
from games.grass.views import Phase as GrassPhase
from lang import speaking
from render import measure, toolkit
from render.encode import to_png
from render.gracias import samples as gracias_samples
from render.grass import samples as grass_samples
from render.progress import (
    BADGE,
    END_GAP,
    LABEL,
    NAME,
    PLOT_HEIGHT,
    PLOT_TOP,
    WIDTH,
    Progress,
    Unit,
    colour_of,
    draw_progress,
    gracias_progress,
    grass_progress,
    plot_for,
    progress_words,
    spread,
)
from render.tools.seeded import play_until

NAMES = ("ann", "bob", "Иван Петров", "山田太郎", "eve", "fay")


def _grass(players: int, hands: int, winners: tuple[str, ...] = ("ann",)) -> Progress:
    totals = tuple(
        tuple(25_000 * (hand + 1) * (2 - index) for hand in range(hands))
        for index in range(players)
    )
    return Progress("Grass", "hand", Unit.DOLLARS, NAMES[:players], totals, winners)


def _decoded(progress: Progress) -> Image.Image:
    """The chart as the bot sends it (the shared palette's PNG), decoded again."""
    image = Image.open(io.BytesIO(to_png(draw_progress(progress))))
    image.load()
    return image.convert("RGB")


def _pixels(image: Image.Image, colour: toolkit.RGB) -> int:
    return sum(count for count, pixel in image.getcolors(1 << 20) or () if pixel == colour)


def test_g18_grass_progress_reads_the_running_totals_of_every_hand():
    view = replace(grass_samples.six(), phase=GrassPhase.OVER, winners=("fay",))
    progress = grass_progress(view)
    assert progress.names == grass_samples.NAMES and progress.winners == ("fay",)
    for name, series in zip(progress.names, progress.totals, strict=True):
        assert series == tuple(
            row.total for hand in view.scores for row in hand.rows if row.name == name
        )
    assert progress.steps == len(view.scores) == 2


def test_g22_a_grass_player_who_left_has_a_shorter_line():
    first, second = grass_samples.hand_scores(("ann", "bob", "cy"))
    second = HandScore(2, tuple(row for row in second.rows if row.name != "cy"))
    view = replace(
        grass_samples.two(), scores=(first, second), phase=GrassPhase.OVER, winners=("ann",)
    )
    progress = grass_progress(view)
    assert progress.names == ("ann", "bob", "cy")
    assert [len(series) for series in progress.totals] == [2, 2, 1]
    assert "cy, who left in hand 2: $100,000." in progress_words(progress)


def test_c6_gracias_progress_adds_up_the_round_scores():
    view = gracias_samples.six()
    seats = tuple(
        replace(seat, round_scores=(index, 3, 5), total=index + 8)
        for index, seat in enumerate(view.seats)
    )
    progress = gracias_progress(replace(view, seats=seats, winners=("fay",)))
    assert progress.totals[0] == (0, 3, 8) and progress.totals[5] == (5, 8, 13)
    assert progress.unit is Unit.POINTS and progress.step == "round"


def test_finished_engine_games_draw():
    for kind, build in (("grass", grass_progress), ("gracias", gracias_progress)):
        game = play_until(kind, 3, 5, lambda g: g.outcome() is not None)
        progress = build(game.public_view())
        assert progress.winners and progress.steps >= 1
        image = _decoded(progress)
        assert image.width == WIDTH


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_players_line_colour_appears(players):
    progress = _grass(players, 4)
    image = _decoded(progress)
    assert image.width == WIDTH and 500 <= image.height <= 900
    for index in range(players):
        assert _pixels(image, colour_of(index)) > 400, f"no line for player {index}"
    assert len({colour_of(index) for index in range(players)}) == players


def test_one_hand_only_and_negative_totals():
    progress = Progress(
        "Grass", "hand", Unit.DOLLARS, ("ann", "bob"), ((50_000,), (-75_000,)), ("ann",)
    )
    image = _decoded(progress)
    assert _pixels(image, colour_of(0)) > 200 and _pixels(image, colour_of(1)) > 200
    # bob's line runs below the $0 line: his colour below its middle of the plot
    low = image.crop((0, 260, WIDTH, 420))
    assert _pixels(low, colour_of(1)) > 100
    assert progress_words(progress) == (
        "Grass, money after each hand. ann, the winner: $50,000. bob: -$75,000."
    )


def test_c8_tied_winners_both_show_where_their_lines_meet():
    same = (4, 9, 14)
    progress = Progress(
        "Gracias",
        "round",
        Unit.POINTS,
        ("ann", "bob", "cy"),
        (same, same, (6, 8, 11)),
        ("ann", "bob"),
    )
    image = _decoded(progress)
    # ann's line runs beside bob's, whole: about 3,800 pixels of her colour, where
    # under his she would keep those of her legend's row and end total, about 700
    assert _pixels(image, colour_of(0)) > 2000
    assert progress_words(progress) == (
        "Gracias, points after each round. ann, the winner: 4, 9, 14 points. "
        "bob, the winner: 4, 9, 14 points. cy: 6, 8, 11 points."
    )


def test_no_step_scored_still_draws():
    progress = Progress("Grass", "hand", Unit.DOLLARS, ("ann", "bob"), ((), ()), ("ann",))
    assert _decoded(progress).width == WIDTH
    assert progress_words(progress) == "Grass: no hand was scored."


def test_words_say_one_point_and_carry_no_rule_ids():
    progress = Progress("Gracias", "round", Unit.POINTS, ("ann", "bob"), ((1,), (0,)), ("ann",))
    words = progress_words(progress)
    assert "ann, the winner: 1 point." in words and "bob: 0 points." in words
    assert "(C" not in words and "(G" not in words


def test_texts_are_readable_on_a_phone():
    """Shown 340 px wide, every text's capitals stand 7 px or more."""
    for size, bold in ((LABEL, False), (NAME, True), (BADGE, True)):
        box = toolkit.font(size).getbbox("H", anchor="ls")
        cap = -box[1] + (2 if bold else 0)
        assert cap * 340 / WIDTH >= 7, size


# The smallest marker, shown PHONE_VIEW px wide, stands this tall or more: about a
# phone's smallest caption type, where the old 12 px markers read 5 to 6 px.
MARKER_FLOOR = 9.0


def _tallest_runs(image: Image.Image, colour: toolkit.RGB) -> dict[int, int]:
    """For each column of the plot, the tallest unbroken run of `colour` in it."""
    pixels = image.load()
    assert pixels is not None
    tallest: dict[int, int] = {}
    for x in range(image.width):
        run = 0
        for y in range(PLOT_TOP - 30, PLOT_TOP + PLOT_HEIGHT + 24):
            run = run + 1 if pixels[x, y] == colour else 0
            tallest[x] = max(tallest.get(x, 0), run)
    return tallest


@pytest.mark.parametrize("index", range(6))
def test_every_marker_shape_reads_on_a_phone(index):
    """A lone flat line along $0 (a player at `index` has its shape): where its
    markers stand taller than the line, in the three leftmost such stretches (the
    end label's strokes come after), each is MARKER_FLOOR px tall at a phone's width."""
    totals = tuple((0, 0, 0) if n == index else () for n in range(6))
    progress = Progress("Grass", "hand", Unit.DOLLARS, NAMES, totals, ())
    tallest = _tallest_runs(_decoded(progress), colour_of(index))
    runs = sorted(run for run in tallest.values() if run)
    line = runs[len(runs) // 2]  # most columns hold the line alone
    stretches: list[list[int]] = []
    for x in sorted(x for x, run in tallest.items() if run > line + 2):
        if stretches and x == stretches[-1][-1] + 1:
            stretches[-1].append(x)
        else:
            stretches.append([x])
    assert len(stretches) >= 3, "fewer markers than steps stand out of the line"
    for stretch in stretches[:3]:
        tall = max(tallest[x] for x in stretch)
        assert tall * measure.PHONE_VIEW / WIDTH >= MARKER_FLOOR, (index, tall)


# Three players tied all game long, a fourth a point below them at the end (7.5 px on
# this scale, half a total's height), a fifth far below.
TIED = Progress(
    "Gracias",
    "round",
    Unit.POINTS,
    ("ann", "bob", "cy", "dee", "eve"),
    ((10, 25, 40), (10, 25, 40), (10, 25, 40), (12, 24, 39), (3, 8, 15)),
    ("dee",),
)


def _end_labels(progress: Progress) -> list[measure.Drawn]:
    """The texts drawn right of the plot's middle and above its step numbers."""
    with measure.recording() as drawn:
        draw_progress(progress)
    bottom = PLOT_TOP + PLOT_HEIGHT
    return [d for d in drawn if d.box[0] > WIDTH / 2 and d.box[1] < bottom + 4]


def test_tied_players_each_show_their_line_and_end():
    """Lines that share a stretch run side by side, each as wide as a line alone (a
    band a pixel wide around another's line reads as its edge), and every player's
    colour shows about their end point."""
    image = _decoded(TIED)
    pixels = image.load()
    assert pixels is not None
    plot = plot_for(TIED)
    (x2, y2), (x3, y3) = plot.at(2, 25), plot.at(3, 40)
    x, y = round((x2 + x3) / 2), round((y2 + y3) / 2)
    for index in range(3):  # the tied three
        tallest = run = 0
        for row in range(y - 30, y + 30):
            run = run + 1 if pixels[x, row] == colour_of(index) else 0
            tallest = max(tallest, run)
        assert tallest >= 3, (TIED.names[index], tallest)
    for index, series in enumerate(TIED.totals):
        x, y = (round(v) for v in plot.at(len(series), series[-1]))
        around = image.crop((x - 30, y - 24, x + 12, y + 24))
        assert _pixels(around, colour_of(index)) >= 80, TIED.names[index]


def test_end_labels_of_equal_or_close_totals_never_overlap():
    labels = _end_labels(TIED)
    assert sorted(d.words for d in labels) == ["15", "39", "40", "40", "40"]
    tops = sorted(labels, key=lambda d: d.box[1])
    assert [d.words for d in tops] == ["40", "40", "40", "39", "15"]  # as their ends lie
    for one, below in itertools.pairwise(tops):
        assert below.box[1] - one.box[3] >= 2, f"{one.box} and {below.box} touch"
    # Each stays by its end: moved at most as far as four crowding labels need.
    plot = plot_for(TIED)
    ends = sorted(plot.at(3, series[-1])[1] for series in TIED.totals)
    for end, label in zip(ends, tops, strict=True):
        assert abs((label.box[1] + label.box[3]) / 2 - end) <= 3 * END_GAP, (end, label.box)


def test_spread_moves_only_crowding_places_and_keeps_within_bounds():
    assert spread([10, 40], 8) == [10, 40]
    assert spread([20, 20, 20], 8) == [12, 20, 28]  # a run, centred where it wanted
    assert spread([0, 0, 50], 8, low=-2) == [-2, 6, 50]  # held inside its bounds
    assert spread([97, 100], 10, high=100) == [90, 100]


@pytest.mark.parametrize("hands", [10, 25])
def test_step_numbers_never_run_into_each_other_or_the_axis_word(hands):
    """The end totals narrow the plot: in Italian ("smazzata") with wide amounts, the
    numbers along x that would touch a neighbour are left out, the last one kept."""
    with speaking("it"), measure.recording() as drawn:
        draw_progress(_grass(6, hands))
    bottom = PLOT_TOP + PLOT_HEIGHT
    under = [d for d in drawn if bottom + 4 < d.box[1] and d.box[3] < bottom + 40]
    assert str(hands) in [d.words for d in under]
    assert not any(measure.collide(a, b) for a, b in itertools.combinations(under, 2))
