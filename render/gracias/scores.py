"""The Gracias round-score image (C6, C8).

Top: the last scored round, one row per player and one cell per colour: the points
the colour earned, and under them how: a packet of five set aside ("pack"), the
face-up cards kept, or discarded for holding the most ("3 out"); the players with
the round's highest score are named beside a green "best round" badge and their
round scores ringed in green. Below: every round's score and the totals; the game's
winners (C8) are gold with a star, named beside a "winner" badge, their totals ringed
in gold (during the game the same marks, with "leading", show who leads). The marks
and badges are the Grass score sheet's (shared in scoreboard.py), so both sheets read
alike.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.gracias.cards import COLOURS
from games.gracias.views import ColourScore, GraciasPublicView
from games.text import Text, _, _n, _p
from render.gracias.cards import COLOURS as COLOUR_RGB
from render.gracias.cards import shape
from render.scoreboard import (
    BEST,
    MUTED,
    WINNER,
    draw_grid,
    grid_height,
    heading,
    paper_sheet,
    ring_cells,
    title_band,
    winners_line,
)
from render.toolkit import INK_DARK, RGB, ellipsize, fit_size, hex_rgb, mix, text

WIDTH = 1000
NAME_W = 170
CELL_W = 104
CELL_H = 66
ROUND_W = WIDTH - 72 - NAME_W - 6 * CELL_W
OUT = hex_rgb("#b3261e")
# TRANSLATORS: a badge before the names of the players with the round's highest score.
BEST_ROUND: tuple[Text, RGB] = (_p("badge", "best round"), BEST)
# TRANSLATORS: a badge before the names of the players leading the game so far.
LEADING: tuple[Text, RGB] = (_p("badge", "leading"), MUTED)


def _how(score: ColourScore) -> tuple[Text | None, bool]:
    """How a colour scored, in a few words, and whether cards were discarded (C6):
    "pack + 2" (a packet and two face-up cards kept), "3 out" (three face-up cards
    discarded for holding the most), "pack, 1 out", "2 kept"."""
    if score.cards == 0:
        return None, False
    if score.discarded:
        n = score.discarded
        if score.packet:
            # TRANSLATORS: under a colour's points on the round scores (C6), about 90 px
            # wide: a packet of five set aside, and {count} face-up cards discarded for
            # holding the most of the colour.
            return _n("pack, {count} out", "pack, {count} out", n), True
        # TRANSLATORS: under a colour's points on the round scores (C6), about 90 px
        # wide: {count} face-up cards discarded for holding the most of the colour.
        return _n("{count} out", "{count} out", n), True
    if score.packet:
        if score.face_up:
            # TRANSLATORS: under a colour's points on the round scores (C6), about 90 px
            # wide: a packet of five set aside, and {count} face-up cards kept.
            return _("pack + {count}", count=score.face_up), False
        # TRANSLATORS: under a colour's points on the round scores (C6), about 90 px
        # wide: a packet of five cards set aside.
        return _p("round score", "pack"), False
    # TRANSLATORS: under a colour's points on the round scores (C6), about 90 px wide:
    # {count} face-up cards kept.
    return _n("{count} kept", "{count} kept", score.face_up), False


def _colour_head(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    for index, colour in enumerate(COLOURS):
        cx = x + index * CELL_W + CELL_W // 2
        draw.rounded_rectangle((cx - 44, y, cx + 44, y + 34), 9, fill=COLOUR_RGB[colour])
        ink = (255, 255, 255) if colour.letter != "Y" else INK_DARK
        shape(draw, colour, cx - 24, y + 17, 10, ink)
        text(image, (cx + 10, y + 17), colour.letter, 20, ink, bold=True, anchor="mm")


def round_score_image(view: GraciasPublicView) -> Image.Image:
    """The last round's scoring in detail, then every round and the totals."""
    scoring = view.last_round
    rows = len(scoring.rows) if scoring else 0
    height = 100 + (40 + 44 + rows * CELL_H + 24 if scoring else 50)
    height += 40 + grid_height(len(view.seats)) + 36
    image, draw = paper_sheet(WIDTH, height)
    winners = view.winners if view.phase.value == "over" else ()
    sub = winners_line(winners)
    if sub is None:
        if scoring:
            sub = _("after round {round}", round=scoring.round)
        else:
            sub = _("round {round}", round=view.round)
    top = title_band(image, draw, _("Gracias scores"), sub)
    x = 36
    if scoring is None:
        text(image, (x + 4, top + 12), _("No round scored yet"), 22, MUTED, bold=True)
        top += 50
    else:
        best = max((row.score for row in scoring.rows), default=0)
        best_names = [row.player for row in scoring.rows if row.score == best]
        title = _("Round {round}", round=scoring.round)
        heading(image, (x + 4, top + 12), title, BEST_ROUND, best_names)
        top += 44
        _colour_head(image, draw, x + NAME_W, top)
        # TRANSLATORS: a column heading, over each player's score for the round.
        round_head = _p("column", "round")
        text(image, (WIDTH - 48, top + 17), round_head, 18, MUTED, bold=True, anchor="rm")
        top += 44
        for r, row in enumerate(scoring.rows):
            y = top + r * CELL_H
            if r % 2:
                draw.rectangle((x, y, WIDTH - 36, y + CELL_H - 1), fill=hex_rgb("#efe9dc"))
            name = ellipsize(row.player, NAME_W - 16, 22, bold=True)
            text(image, (x + 12, y + CELL_H / 2), name, 22, INK_DARK, bold=True, anchor="lm")
            for c, score in enumerate(row.colours):
                cx = x + NAME_W + c * CELL_W + CELL_W // 2
                tint = mix(COLOUR_RGB[score.colour], (255, 255, 255), 0.8)
                if score.cards:
                    draw.rounded_rectangle((cx - 48, y + 5, cx + 48, y + CELL_H - 6), 8, fill=tint)
                points = str(score.points) if score.cards else "-"
                text(image, (cx, y + 24), points, 24, INK_DARK, bold=True, anchor="mm")
                how, out = _how(score)
                if how:
                    cell = (cx - 48, y + 5, cx + 48, y + CELL_H - 6)
                    size = fit_size(how, cell[2] - cell[0] - 6, 15, min_size=10, bold=True)
                    ink = OUT if out else MUTED
                    text(image, (cx, y + 49), how, size, ink, bold=True, anchor="mm", area=cell)
            if row.score == best:
                ring = (WIDTH - 116, y + 9, WIDTH - 39, y + CELL_H - 10)
                draw.rounded_rectangle(ring, 9, outline=BEST_ROUND[1], width=3)
            round_score = str(row.score)
            text(
                image,
                (WIDTH - 50, y + CELL_H / 2),
                round_score,
                28,
                INK_DARK,
                bold=True,
                anchor="rm",
                key=True,
            )
            draw.line([(x, y + CELL_H - 1), (WIDTH - 36, y + CELL_H - 1)], fill=hex_rgb("#d9d1bf"))
        top += rows * CELL_H + 24
    # Every round and the totals (C8).
    if winners:
        marked = [i for i, seat in enumerate(view.seats) if seat.name in winners]
    else:
        top_total = max((seat.total for seat in view.seats), default=0)
        marked = [i for i, seat in enumerate(view.seats) if seat.total == top_total and top_total]
    badge = WINNER if winners else LEADING
    heading(image, (x + 4, top + 8), _("All rounds"), badge, [view.seats[i].name for i in marked])
    top += 40
    columns = [
        _p("column", "player"),
        # TRANSLATORS: a column heading, over each player's score for round {round}.
        *(_p("column", "round {round}", round=number) for number in (1, 2, 3)),
        _p("column", "total"),
    ]
    table = [
        [seat.name]
        + [str(s) for s in seat.round_scores]
        + [""] * (3 - len(seat.round_scores))
        + [str(seat.total)]
        for seat in view.seats
    ]
    box = (x, top, WIDTH - 72)
    draw_grid(image, box, columns, table, marked, emphasis=(4,))
    ringed = [(r, 4) for r in marked] if winners else []  # a result, not a lead
    ring_cells(image, box, columns, table, ringed, WINNER[1])
    return image
