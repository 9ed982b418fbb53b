"""The score-progression chart of a finished game: each player's running total after
every Grass hand (money) or Gracias round (points), as lines, with the same in words.

`grass_progress` and `gracias_progress` read a game's public view into a `Progress`
(the running totals of G18 and C6, the winners of G19 and C8); `draw_progress` draws
it, `progress_words` says it for screen readers (an image's alt text: a `Text`, which
the bot translates for the reader).

Discord shows the image about 360 px wide on a phone, about half its 680 px, so
every text is 20 px or more (capitals of 7 px or more there) and every marker about
20 px across (9 px or more there). Each player has a colour and a marker shape, so
the lines tell apart without colour too; the winner's line is the widest, drawn on
top with a paper edge. Players with equal totals must all show: lines that meet are
moved a few px apart (dodged), and each line ends with its total beside it, totals
that would touch pushed apart. Lines and markers are drawn at twice the size and
scaled down, since Pillow draws lines without anti-aliasing. A player who left has
a line that stops at their last score, and their total in the legend only.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal

from PIL import Image, ImageDraw

from games.gracias.views import GraciasPublicView
from games.grass.views import GrassPublicView
from games.text import Money, Text, _, _n, _p, joined
from render.scoreboard import HIGHLIGHT, MUTED, paper_sheet
from render.toolkit import (
    FELT_DARK,
    GOLD,
    INK_DARK,
    PAPER,
    PAPER_LINE,
    RGB,
    ellipsize,
    fit_size,
    hex_rgb,
    money,
    pill,
    text,
    text_width,
)


class Unit(enum.Enum):
    DOLLARS = "dollars"
    POINTS = "points"


Step = Literal["hand", "round"]
"""What is scored, a hand (Grass) or a round (Gracias): each has its own sentences."""


@dataclass(frozen=True, slots=True)
class Progress:
    """`totals[i]` holds player `names[i]`'s running total after each hand or round,
    from the first; shorter for a player who left (the line stops there)."""

    title: str  # the game: "Grass", a name, the same in every language
    step: Step  # what is scored
    unit: Unit
    names: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]
    winners: tuple[str, ...]

    @property
    def steps(self) -> int:
        return max((len(series) for series in self.totals), default=0)


def grass_progress(view: GrassPublicView) -> Progress:
    """Running totals after every scored hand (G18); the winners are G19's."""
    names = list(dict.fromkeys([row.name for hand in view.scores for row in hand.rows]))
    names += [seat.name for seat in view.seats if seat.name not in names]
    totals = []
    for name in names:
        series: list[int] = []
        for hand in view.scores:
            row = next((row for row in hand.rows if row.name == name), None)
            if row is None:  # they left during this hand (G22): no later scores
                break
            series.append(row.total)
        totals.append(tuple(series))
    return Progress("Grass", "hand", Unit.DOLLARS, tuple(names), tuple(totals), view.winners)


def gracias_progress(view: GraciasPublicView) -> Progress:
    """Running totals after every scored round (C6); the winners are C8's."""
    names = tuple(seat.name for seat in view.seats)
    totals = tuple(tuple(accumulate(seat.round_scores)) for seat in view.seats)
    return Progress("Gracias", "round", Unit.POINTS, names, totals, view.winners)


# -- words -------------------------------------------------------------------------
# The sentences depend on what is scored (a hand, a round) and on the unit (dollars,
# points): each pair has its own, whole, so that translators see every sentence.


def _amount(progress: Progress, value: int) -> str:
    """A total drawn alone, in the language being drawn."""
    return money(value) if progress.unit is Unit.DOLLARS else str(value)


def _title(progress: Progress) -> Text:
    """The chart's title: "Grass: money after each hand"."""
    game, dollars = progress.title, progress.unit is Unit.DOLLARS
    if progress.step == "hand":
        if dollars:
            # TRANSLATORS: a chart's title; {game} is the game's name, as in the others.
            return _("{game}: money after each hand", game=game)
        return _("{game}: points after each hand", game=game)
    if dollars:
        return _("{game}: money after each round", game=game)
    return _("{game}: points after each round", game=game)


def _opening(progress: Progress) -> Text:
    """The words' first sentence: "Grass, money after each hand." """
    game, dollars = progress.title, progress.unit is Unit.DOLLARS
    if progress.step == "hand":
        if dollars:
            # TRANSLATORS: the first sentence of a chart's description for screen
            # readers (the others alike); {game} is the game's name ("Grass").
            return _("{game}, money after each hand.", game=game)
        return _("{game}, points after each hand.", game=game)
    if dollars:
        return _("{game}, money after each round.", game=game)
    return _("{game}, points after each round.", game=game)


def _who(progress: Progress, name: str, series: tuple[int, ...]) -> Text | str:
    """The player, "ann, the winner", "cy, who left in hand 2"."""
    won = name in progress.winners
    if len(series) >= progress.steps:
        # TRANSLATORS: a chart's description for screen readers: the player who won.
        return _("{player}, the winner", player=name) if won else name
    left = len(series) + 1
    if progress.step == "hand":
        if won:
            return _("{player}, the winner, who left in hand {hand}", player=name, hand=left)
        return _("{player}, who left in hand {hand}", player=name, hand=left)
    if won:
        return _("{player}, the winner, who left in round {round}", player=name, round=left)
    return _("{player}, who left in round {round}", player=name, round=left)


def _figures(progress: Progress, series: tuple[int, ...]) -> Text:
    """The running totals, "$25,000, $80,000", "4, 9, 14 points", in the reader's
    language (dollars as `Money`)."""
    if progress.unit is Unit.DOLLARS:
        return joined(", ", [Text.verbatim("{amount}", amount=Money(v)) for v in series])
    # TRANSLATORS: the last of a player's running totals in points, after the others.
    last = _n("{count} point", "{count} points", series[-1])
    return joined(", ", [*(str(value) for value in series[:-1]), last])


def progress_words(progress: Progress) -> Text:
    """One sentence per player: "ann, the winner: $25,000, $80,000, $105,000." (a
    `Text`: the bot translates it for the reader)."""
    if progress.steps == 0:
        if progress.step == "hand":
            return _("{game}: no hand was scored.", game=progress.title)
        return _("{game}: no round was scored.", game=progress.title)
    sentences: list[str] = [_opening(progress)]
    for name, series in zip(progress.names, progress.totals, strict=True):
        who = _who(progress, name, series)
        if not series:
            # TRANSLATORS: a chart's description for screen readers: {player} is a name,
            # maybe followed by ", the winner" or ", who left in hand 2".
            sentences.append(_("{player}: no score.", player=who))
            continue
        # TRANSLATORS: a chart's description for screen readers: {player} as above,
        # {scores} the player's running totals after each hand or round.
        sentences.append(_("{player}: {scores}.", player=who, scores=_figures(progress, series)))
    return joined(" ", sentences)


# -- the picture -------------------------------------------------------------------

WIDTH = 680
SCALE = 2  # lines and markers are drawn this many times larger, then scaled down
PLOT_TOP = 112
PLOT_HEIGHT = 300
LEGEND_ROW = 44
LABEL = 22  # axis figures and end totals: 7.5 px capitals on a phone
NAME = 24
BADGE = 20
LINE, WINNER_LINE = 4, 7  # lines' widths
# A marker's radius: the smallest shape, the square, stands 18 px tall, 9.5 px on a
# phone (a 12 px marker read 5 to 6 px there). A winner's is one larger.
MARKER = 11
DODGE = 10  # px between the middles of lines that meet: side by side, not one over one
END_GAP = 24  # px between the middles of end totals: their figures (16 px) never touch
NEGATIVE = hex_rgb("#b3261e")
# Six colours of the shared PNG palette (encode.py), so they survive it unchanged, far
# apart in hue or lightness; six shapes beside them for readers who cannot tell them.
COLOURS: tuple[RGB, ...] = tuple(
    hex_rgb(code) for code in ("#2d6cd5", "#cc2f2a", "#2e9a4c", "#7c3ea5", "#ef7704", "#151515")
)
SHAPES = ("circle", "square", "triangle", "diamond", "down", "hexagon")
WINNER_MARK = hex_rgb("#b8860b")

Point = tuple[float, float]


def colour_of(index: int) -> RGB:
    return COLOURS[index % len(COLOURS)]


def round_ticks(low: int, high: int) -> list[int]:
    """Round gridline values, about four steps, covering low..high."""
    raw = max(high - low, 1) / 4
    magnitude = 10 ** max(0, math.floor(math.log10(raw)))
    steps = [magnitude, 2 * magnitude, 5 * magnitude, 10 * magnitude]
    if magnitude >= 10:  # $250K steps; whole numbers only
        steps.insert(2, magnitude * 5 // 2)
    step = next(step for step in steps if step >= raw)
    first = math.floor(low / step) * step
    last = max(math.ceil(high / step) * step, first + step)  # two lines at least
    return list(range(first, last + 1, step))


def spread(
    wanted: list[float], gap: float, low: float = -math.inf, high: float = math.inf
) -> list[float]:
    """Places as near `wanted` (in rising order) as they can be, `gap` or more apart,
    within low..high: places that would crowd move as one run, centred on what they
    want, as chart libraries keep labels apart (label repulsion, in one dimension)."""

    def first(total: float, count: int) -> float:
        return min(max(total / count, low), high - (count - 1) * gap)

    runs: list[tuple[float, int]] = []  # (sum of wanted minus gap times rank in run, count)
    for value in wanted:
        total, count = value, 1
        while runs and first(*runs[-1]) + runs[-1][1] * gap > first(total, count):
            before, size = runs.pop()
            total, count = before + total - count * size * gap, size + count
        runs.append((total, count))
    return [first(*run) + rank * gap for run in runs for rank in range(run[1])]


def _shape(draw: ImageDraw.ImageDraw, index: int, xy: Point, radius: float, fill: RGB) -> None:
    """Player `index`'s shape, on a layer SCALE times larger than the image."""
    shape, (x, y), r = SHAPES[index % len(SHAPES)], (xy[0] * SCALE, xy[1] * SCALE), radius * SCALE
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
    elif shape == "square":
        s = r * 0.85
        draw.rectangle((x - s, y - s, x + s, y + s), fill=fill)
    else:  # a triangle larger, its point being thin: each shape looks about one size
        sides, rotation, reach = {
            "triangle": (3, 0, 1.3),
            "diamond": (4, 45, 1.15),
            "down": (3, 180, 1.3),
        }.get(shape, (6, 0, 1.15))
        draw.regular_polygon((x, y, r * reach), sides, rotation=rotation, fill=fill)


def _marker(pen: ImageDraw.ImageDraw, index: int, xy: Point, radius: float) -> None:
    """Player `index`'s marker on a paper rim, which parts it from the lines it sits
    on and from a marker it half covers."""
    _shape(pen, index, xy, radius + 2, PAPER)
    _shape(pen, index, xy, radius, colour_of(index))


class Plot:
    """Where a hand's or round's total lies on the image: step 0 (every total at 0) at
    `left`, the last step at `right`, the gridlines' range from `bottom` to PLOT_TOP."""

    def __init__(self, left: int, right: int, steps: int, ticks: list[int]) -> None:
        self.left, self.right, self.bottom = left, right, PLOT_TOP + PLOT_HEIGHT
        self.steps, self.ticks = max(steps, 1), ticks

    def at(self, step: int, value: int) -> Point:
        low, high = self.ticks[0], self.ticks[-1]
        x = self.left + (self.right - self.left) * step / self.steps
        return x, self.bottom - (self.bottom - PLOT_TOP) * (value - low) / (high - low)


def _finishing(progress: Progress) -> list[int]:
    """The players whose line reaches the last step (one who left has none there)."""
    return [
        i for i, series in enumerate(progress.totals) if series and len(series) == progress.steps
    ]


def plot_for(progress: Progress) -> Plot:
    """The plot's place: the gridlines' figures left of it, the end totals right."""
    values = [0] + [value for series in progress.totals for value in series]
    ticks = round_ticks(min(values), max(values))
    label = money if progress.unit is Unit.DOLLARS else str
    left = 40 + max(text_width(label(tick), LABEL) for tick in ticks) + 14
    ends = [_amount(progress, progress.totals[i][-1]) for i in _finishing(progress)]
    room = max((text_width(end, LABEL, bold=True) for end in ends), default=0)
    return Plot(left, WIDTH - 40 - room - MARKER - 12, progress.steps, ticks)


def _frame(image: Image.Image, draw: ImageDraw.ImageDraw, progress: Progress) -> Plot:
    """The title band, the gridlines with their figures, the steps' numbers."""
    draw.rounded_rectangle((16, 16, WIDTH - 17, 84), 18, fill=FELT_DARK)
    draw.rectangle((16, 60, WIDTH - 17, 84), fill=FELT_DARK)
    title = _title(progress)
    size = fit_size(title, WIDTH - 80, 30, min_size=20, bold=True)
    text(image, (40, 50), title, size, GOLD, bold=True, anchor="lm")
    plot = plot_for(progress)
    label = money if progress.unit is Unit.DOLLARS else str
    for tick in plot.ticks:
        y = plot.at(0, tick)[1]
        fill = MUTED if tick == 0 else PAPER_LINE
        draw.line([(plot.left, y), (plot.right, y)], fill=fill, width=2)
        text(image, (plot.left - 12, y), label(tick), LABEL, MUTED, anchor="rm")
    below = plot.bottom + 12
    # TRANSLATORS: under a chart's x axis, which counts the hands or the rounds.
    axis = _p("chart axis", "hand") if progress.step == "hand" else _p("chart axis", "round")
    text(image, (plot.left, below), axis, LABEL, MUTED, anchor="ma")
    # About a dozen numbers along x, the last always; on a narrow plot (wide end
    # totals, many hands) any that would run into the next or into the axis's word
    # left out.
    clear = plot.left + text_width(axis, LABEL) / 2 + 8
    every, free = math.ceil(progress.steps / 12), math.inf
    for step in range(progress.steps, 0, -1):
        x, half = plot.at(step, 0)[0], text_width(str(step), LABEL) / 2
        shown = step % every == 0 or step == progress.steps
        if shown and clear < x - half and x + half + 8 < free:
            text(image, (x, below), str(step), LABEL, MUTED, anchor="ma")
            free = x - half
    if progress.steps == 0:
        middle = ((plot.left + plot.right) / 2, (PLOT_TOP + plot.bottom) / 2)
        empty = _("No hand scored") if progress.step == "hand" else _("No round scored")
        text(image, middle, empty, NAME, MUTED, bold=True, anchor="mm")
    return plot


def _drawing_order(progress: Progress) -> list[int]:
    """The players as their lines are drawn, the winners last, on top."""
    winners = [i for i, name in enumerate(progress.names) if name in progress.winners]
    return [i for i in range(len(progress.names)) if i not in winners] + winners


def _dodged(progress: Progress, plot: Plot) -> dict[int, list[Point]]:
    """Each player's points, moved apart where lines meet: at every step the totals
    within DODGE px of each other are spread DODGE px apart (equal ones in drawing
    order, the same at every step), so that lines sharing a stretch run side by side
    and markers sharing a point stack, none wholly hidden. Every line still starts at
    0: lines leaving it together part by their first step."""
    rank = {index: n for n, index in enumerate(_drawing_order(progress))}
    true = {
        index: [plot.at(step, value) for step, value in enumerate((0, *series))]
        for index, series in enumerate(progress.totals)
        if series
    }
    moved = {index: list(points) for index, points in true.items()}
    for step in range(1, progress.steps + 1):
        here = sorted(
            (i for i in true if len(true[i]) > step), key=lambda i: (true[i][step][1], rank[i])
        )
        places = spread([true[i][step][1] for i in here], DODGE)
        for index, y in zip(here, places, strict=True):
            moved[index][step] = (true[index][step][0], y)
    return moved


def _lines(layer: Image.Image, progress: Progress, points: dict[int, list[Point]]) -> None:
    """Every player's line on `layer` (SCALE times larger), the winners last on a paper
    edge that keeps them clear of the lines they cross; then the markers, the winners'
    one larger."""
    pen = ImageDraw.Draw(layer)
    order = [i for i in _drawing_order(progress) if i in points]
    winners = [i for i in order if progress.names[i] in progress.winners]
    scaled = {i: [(x * SCALE, y * SCALE) for x, y in line] for i, line in points.items()}
    for index in winners:
        pen.line(scaled[index], fill=(*PAPER, 255), width=(WINNER_LINE + 4) * SCALE, joint="curve")
    for index in order:
        width = WINNER_LINE if index in winners else LINE
        pen.line(scaled[index], colour_of(index), width * SCALE, "curve")
    for index in order:
        for point in points[index][1:]:
            _marker(pen, index, point, MARKER + (index in winners))


def _end_totals(
    image: Image.Image,
    layer: Image.Image,
    progress: Progress,
    plot: Plot,
    points: dict[int, list[Point]],
) -> None:
    """Each finishing player's total right of their line's end, in their colour, the
    totals of equal or close ends spread apart (`spread`), a thin line in the player's
    colour leading from the end to a total moved off it."""
    pen = ImageDraw.Draw(layer)
    ends = sorted(_finishing(progress), key=lambda i: points[i][-1][1])
    wanted = [points[i][-1][1] for i in ends]
    places = spread(wanted, END_GAP, PLOT_TOP - 10, plot.bottom)
    x = plot.right + MARKER + 12
    for index, y in zip(ends, places, strict=True):
        end = points[index][-1]
        if abs(y - end[1]) > 2:
            lead = [((end[0] + MARKER) * SCALE, end[1] * SCALE), ((x - 4) * SCALE, y * SCALE)]
            pen.line(lead, colour_of(index), 2 * SCALE)
        total = _amount(progress, progress.totals[index][-1])
        text(image, (x, y), total, LABEL, colour_of(index), bold=True, anchor="lm")


def _legend(image: Image.Image, layer: Image.Image, progress: Progress, top: int) -> None:
    """One row per player, the winners first, then by final total: the line's colour
    and marker, the name, a badge ("winner", or "left" for a player who left), the
    final total."""
    draw, pen = ImageDraw.Draw(image), ImageDraw.Draw(layer)
    ranked = sorted(
        range(len(progress.names)),
        key=lambda i: (progress.names[i] not in progress.winners, -sum(progress.totals[i][-1:])),
    )
    for row, index in enumerate(ranked):
        y = top + row * LEGEND_ROW + LEGEND_ROW // 2
        name, series = progress.names[index], progress.totals[index]
        won = name in progress.winners
        if won:
            box = (36, y - LEGEND_ROW // 2, WIDTH - 37, y + LEGEND_ROW // 2 - 1)
            draw.rectangle(box, fill=HIGHLIGHT)
        swatch = [(48 * SCALE, y * SCALE), (92 * SCALE, y * SCALE)]
        pen.line(swatch, fill=colour_of(index), width=(WINNER_LINE if won else LINE) * SCALE)
        _shape(pen, index, (70, y), MARKER, colour_of(index))
        total = _amount(progress, series[-1]) if series else "-"
        badge: str = ""
        if won:
            badge = _p("badge", "winner")
        elif len(series) < progress.steps:
            # TRANSLATORS: a badge beside a player who left the game before its end.
            badge = _p("badge", "left")
        room = WIDTH - 48 - text_width(total, NAME, bold=True) - 116
        if badge:
            room -= text_width(badge, BADGE, bold=True) + 2 * (BADGE // 2) + 10
        shown = ellipsize(name, room, NAME, bold=True)
        x = 104 + text(image, (104, y), shown, NAME, INK_DARK, bold=True, anchor="lm")
        if badge:
            fill = WINNER_MARK if won else MUTED
            pill(image, draw, (x + 10, y - round(BADGE * 1.45) // 2), badge, BADGE, fill, PAPER)
        ink = NEGATIVE if series and series[-1] < 0 else INK_DARK
        text(image, (WIDTH - 48, y), total, NAME, ink, bold=True, anchor="rm", key=True)


def draw_progress(progress: Progress) -> Image.Image:
    """The chart: gridlines, a line per player with its total at its end, and a legend
    with the final totals."""
    height = PLOT_TOP + PLOT_HEIGHT + 56 + len(progress.names) * LEGEND_ROW + 36
    image, draw = paper_sheet(WIDTH, height)
    plot = _frame(image, draw, progress)
    layer = Image.new("RGBA", (WIDTH * SCALE, height * SCALE), (*PAPER, 0))
    points = _dodged(progress, plot)
    _lines(layer, progress, points)
    _end_totals(image, layer, progress, plot, points)
    _legend(image, layer, progress, plot.bottom + 56)
    small = layer.reduce(SCALE)  # a box average: anti-aliased edges, quickly
    image.paste(small, (0, 0), small)
    return image


def grass_progress_image(view: GrassPublicView) -> Image.Image:
    """The chart of a finished Grass game (the game-over message)."""
    return draw_progress(grass_progress(view))


def grass_progress_text(view: GrassPublicView) -> Text:
    return progress_words(grass_progress(view))


def gracias_progress_image(view: GraciasPublicView) -> Image.Image:
    """The chart of a finished Gracias game (the game-over message)."""
    return draw_progress(gracias_progress(view))


def gracias_progress_text(view: GraciasPublicView) -> Text:
    return progress_words(gracias_progress(view))
