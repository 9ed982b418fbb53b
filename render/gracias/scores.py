"""The Gracias round-score image (C6, C8), drawn for a phone first.

640 px wide, so that shown 360 px wide every word reads at least 9 px and the scores
at least 12 px (render/measure.py). Top: the last scored round, a block per player:
the name and the round's score, then a cell per colour: the points the colour
earned, and under them how: a packet of five set aside ("pack"), the face-up cards
kept, or discarded for holding the most ("3 out"). The colours head the cells by
their colour and shape alone (C1): a letter would be one language's initial. The
players with the round's highest score are named beside a green "best round" badge
and their round scores ringed in green. Below: every round's score and the totals;
the game's winners (C8) are gold with a star, named beside a "winner" badge, their
totals ringed in gold (during the game the same marks, with "leading", show who
leads). The marks and badges are the Grass score sheet's (shared in scoreboard.py),
so both sheets read alike.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.gracias.cards import COLOURS, Colour
from games.gracias.views import ColourScore, GraciasPublicView, RoundScoreRow
from games.text import Listed, Text, _, _n, _p, joined
from render.gracias.cards import COLOURS as COLOUR_RGB
from render.gracias.cards import shape
from render.scoreboard import (
    BEST,
    BODY_SIZE,
    MUTED,
    STRIPE,
    WINNER,
    column_widths,
    draw_grid,
    grid_height,
    heading,
    paper_sheet,
    ring_cells,
    title_band,
    winners_line,
)
from render.toolkit import (
    INK_DARK,
    PAPER_LINE,
    RGB,
    ellipsize,
    hex_rgb,
    mix,
    text,
    text_width,
    wrap,
)

WIDTH = 640
LEFT, RIGHT = 36, WIDTH - 36
CELL_W = (RIGHT - LEFT) // 6  # a colour's cell
CELL_H = 74  # its points over two lines of words
BLOCK = CELL_H + 48  # a player's block: the name and the score over the cells
HOW = 16  # how a colour scored: 9 px on a phone
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


def _colour_head(draw: ImageDraw.ImageDraw, y: int) -> None:
    """Each colour over its cells: its colour and its shape (C1), no letter."""
    for index, colour in enumerate(COLOURS):
        x0 = LEFT + index * CELL_W
        draw.rounded_rectangle((x0 + 3, y, x0 + CELL_W - 3, y + 30), 9, fill=COLOUR_RGB[colour])
        ink = (255, 255, 255) if colour is not Colour.YELLOW else INK_DARK
        shape(draw, colour, x0 + CELL_W / 2, y + 15, 10, ink)


def _cell(
    image: Image.Image, draw: ImageDraw.ImageDraw, x0: int, y: int, score: ColourScore
) -> None:
    """A colour's points, and how it scored on up to two lines (C6)."""
    cell = (x0 + 3, y, x0 + CELL_W - 3, y + CELL_H)
    if score.cards:
        tint = mix(COLOUR_RGB[score.colour], (255, 255, 255), 0.8)
        draw.rounded_rectangle(cell, 8, fill=tint)
    middle = (cell[0] + cell[2]) / 2
    points = str(score.points) if score.cards else "-"
    text(image, (middle, y + 18), points, 24, INK_DARK, bold=True, anchor="mm", key=True)
    how, out = _how(score)
    if not how:
        return
    room = cell[2] - cell[0] - 6
    lines = wrap(how, room, HOW, bold=True)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    for index, line in enumerate(lines):
        shown = ellipsize(line, room, HOW, bold=True)
        at = (middle, y + 44 + index * 18)
        text(image, at, shown, HOW, OUT if out else MUTED, bold=True, anchor="mm", area=cell)


def round_score_image(view: GraciasPublicView) -> Image.Image:
    """The last round's scoring in detail, then every round and the totals."""
    scoring = view.last_round
    rows = len(scoring.rows) if scoring else 0
    height = 100 + (44 + 40 + rows * BLOCK + 16 if scoring else 50)
    height += 44 + grid_height(len(view.seats)) + 36
    image, draw = paper_sheet(WIDTH, height)
    winners = view.winners if view.phase.value == "over" else ()
    sub = winners_line(winners)
    if sub is None:
        if scoring:
            sub = _("after round {round}", round=scoring.round)
        else:
            sub = _("round {round}", round=view.round)
    top = title_band(image, draw, _("Gracias scores"), sub)
    if scoring is None:
        text(image, (LEFT + 4, top + 12), _("No round scored yet"), 22, MUTED, bold=True)
        top += 50
    else:
        best = max((row.score for row in scoring.rows), default=0)
        best_names = [row.player for row in scoring.rows if row.score == best]
        title = _("Round {round}", round=scoring.round)
        heading(image, (LEFT + 4, top + 12), title, BEST_ROUND, best_names)
        top += 44
        _colour_head(draw, top)
        top += 40
        for r, row in enumerate(scoring.rows):
            y = top + r * BLOCK
            if r % 2:
                draw.rectangle((LEFT, y, RIGHT, y + BLOCK - 1), fill=STRIPE)
            score = str(row.score)
            score_w = text_width(score, 28, bold=True)
            middle = y + 22
            # TRANSLATORS: a column heading, over each player's score for the round.
            label = _p("column", "round")
            label_w = text_width(label, HOW)
            room = RIGHT - LEFT - 24 - score_w - label_w - 24
            name = ellipsize(row.player, room, 22, bold=True)
            text(image, (LEFT + 12, middle), name, 22, INK_DARK, bold=True, anchor="lm")
            text(image, (RIGHT - 12, middle), score, 28, INK_DARK, bold=True, anchor="rm", key=True)
            at = (RIGHT - 12 - score_w - 10, middle)
            text(image, at, label, HOW, MUTED, anchor="rm")
            if row.score == best:
                ring = (RIGHT - 12 - score_w - 10, y + 4, RIGHT - 3, y + 40)
                draw.rounded_rectangle(ring, 9, outline=BEST_ROUND[1], width=3)
            for c, colour_score in enumerate(row.colours):
                _cell(image, draw, LEFT + c * CELL_W, y + 42, colour_score)
            draw.line([(LEFT, y + BLOCK - 1), (RIGHT, y + BLOCK - 1)], fill=PAPER_LINE)
        top += rows * BLOCK + 16
    # Every round and the totals (C8).
    if winners:
        marked = [i for i, seat in enumerate(view.seats) if seat.name in winners]
    else:
        top_total = max((seat.total for seat in view.seats), default=0)
        marked = [i for i, seat in enumerate(view.seats) if seat.total == top_total and top_total]
    badge = WINNER if winners else LEADING
    heading(
        image, (LEFT + 4, top + 8), _("All rounds"), badge, [view.seats[i].name for i in marked]
    )
    top += 44
    table = [
        [seat.name]
        + [str(s) for s in seat.round_scores]
        + [""] * (3 - len(seat.round_scores))
        + [str(seat.total)]
        for seat in view.seats
    ]
    columns = _total_columns(table)
    box = (LEFT, top, RIGHT - LEFT)
    draw_grid(image, box, columns, table, marked, emphasis=(4,))
    ringed = [(r, 4) for r in marked] if winners else []  # a result, not a lead
    ring_cells(image, box, columns, table, ringed, WINNER[1])
    return image


def _total_columns(table: list[list[str]]) -> list[Text]:
    """The totals' headings: "round 1" over each round, or the bare number under "All
    rounds" when the long words would cut a player's name."""
    rounds = [
        # TRANSLATORS: a column heading, over each player's score for round {round}.
        _p("column", "round {round}", round=number)
        for number in (1, 2, 3)
    ]
    columns = [_p("column", "player"), *rounds, _p("column", "total")]
    star = 24  # the winner's mark before their name
    widest = max(text_width(row[0], BODY_SIZE, bold=True) for row in table) + star + 20
    if column_widths(columns, table, RIGHT - LEFT)[0] >= widest:
        return columns
    return [columns[0], *(Text.verbatim(str(n)) for n in (1, 2, 3)), columns[-1]]


def _colours_scored(row: RoundScoreRow) -> Text:
    """ "red 2, blue 6": the colours that earned points, in words."""
    return joined(
        ", ",
        [
            Text.verbatim("{colour} {points}", colour=score.colour.word, points=score.points)
            for score in row.colours
            if score.points
        ],
    )


def round_score_text(view: GraciasPublicView) -> Text:
    """The round scores in words, their picture's description for screen readers: the
    last scored round, each player's score and the colours that made it, its best, then
    every player's total with their rounds' scores (a `Text`: the bot translates it)."""
    scoring = view.last_round
    winners = winners_line(view.winners if view.phase.value == "over" else ())
    if winners is not None:
        # TRANSLATORS: the start of the round scores' description for screen readers;
        # {winners} is "winner: ann" or "winners: ann, bob".
        sentences: list[Text] = [_("Gracias scores, {winners}.", winners=winners)]
    else:
        sentences = [_("Gracias scores.")]
    if scoring is None:
        sentences.append(_("No round scored yet."))
    else:
        best = max((row.score for row in scoring.rows), default=0)
        rows = []
        for row in scoring.rows:
            colours = _colours_scored(row)
            if colours:
                rows.append(
                    Text.verbatim(
                        "{player} {score} ({colours})",
                        player=row.player,
                        score=row.score,
                        colours=colours,
                    )
                )
            else:
                rows.append(Text.verbatim("{player} {score}", player=row.player, score=row.score))
        # TRANSLATORS: the round scores' description: "Round 2: ann 7 (red 2, blue 5),
        # bob 3 (green 3); best round: ann."
        sentences.append(
            _(
                "Round {round}: {scores}; best round: {players}.",
                round=scoring.round,
                scores=joined(", ", rows),
                players=Listed([row.player for row in scoring.rows if row.score == best]),
            )
        )
    for seat in view.seats:
        rounds = joined(
            ", ",
            [
                # TRANSLATORS: one round's score in the round scores' description.
                _("round {round}: {score}", round=number, score=score)
                for number, score in enumerate(seat.round_scores, 1)
            ],
        )
        if seat.round_scores:
            # TRANSLATORS: the round scores' description, one sentence per player: "ann:
            # total 12 (round 1: 5, round 2: 7)."
            line = _(
                "{player}: total {total} ({rounds}).",
                player=seat.name,
                total=seat.total,
                rounds=rounds,
            )
        else:
            line = _("{player}: total {total}.", player=seat.name, total=seat.total)
        sentences.append(line)
    return joined(" ", sentences)
