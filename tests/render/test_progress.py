"""The score-progression chart (progress.py): running totals of finished games (G18,
G19; C6, C8) as lines, and the same in words."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from games.grass.views import HandScore
from games.grass.views import Phase as GrassPhase
from render import toolkit
from render.encode import to_png
from render.gracias import samples as gracias_samples
from render.grass import samples as grass_samples
from render.progress import (
    BADGE,
    LABEL,
    NAME,
    WIDTH,
    Progress,
    Unit,
    colour_of,
    draw_progress,
    gracias_progress,
    grass_progress,
    progress_words,
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
    # ann's line is drawn wider beneath bob's, a band of her colour on both sides:
    # about 650 pixels of it, where bob's line alone would leave her about 300
    assert _pixels(image, colour_of(0)) > 500
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
