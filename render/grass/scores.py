"""The Grass hand-score sheet (G18, G19): the last scored hand in full, every hand before.

Drawn for a phone first: 640 px wide, so that shown 360 px wide every word reads at
least 9 px and the scores and totals at least 12 px (render/measure.py). A table of
eight columns cannot hold such type in that width, so each player has a block
instead. Top: the last scored hand, one block per player: the name, the hand's score
and the running total in large figures, and under them in words what made the score
(table, banker, hand peddle, paranoia, bonus; the zeros left out). Below: every
player's running total, with each scored hand's score under the name, so the whole
game reads at a glance.

Two kinds of best must not be taken for one another: the game's winners (G19) are
named in the title, their blocks gold with a star and a "winner" badge, their totals
ringed; the players with the last hand's highest score (G18 bonus) only carry a
green "best hand" badge and a green ring round the hand's score. Badges say in words
what the colours say.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.grass.views import GrassPublicView, ScoreRow
from games.text import Listed, Money, Text, _, _p, joined
from render.scoreboard import (
    BEST,
    HIGHLIGHT,
    MARK,
    MUTED,
    STRIPE,
    WINNER,
    heading,
    paper_sheet,
    star,
    title_band,
    winners_line,
)
from render.toolkit import INK_DARK, PAPER_LINE, RGB, ellipsize, money, text, text_width, wrap

WIDTH = 640
LEFT, RIGHT = 36, WIDTH - 36  # the blocks' edges, inside the paper
NAME_SIZE = 22
FIGURE = 24  # the hand's score and the running total: key texts, 13.5 px on a phone
WORDS = 17  # what made a score, a hand's score in the history: 9.6 px on a phone
HEAD_SIZE = 16
NEGATIVE: RGB = (179, 38, 30)  # a score below zero, as the scoreboards draw it
WORDS_LINE = 22  # from one line of words to the next
BLOCK = 44  # a block's first line, the name and the figures
TOTAL_W = 130  # the running total's column, right-aligned at RIGHT - 12
SCORE_RIGHT = RIGHT - 12 - TOTAL_W - 12  # the hand score's right edge
# The parts of a hand's score (G18), in words before their amounts.
PARTS: tuple[Text, ...] = (
    # TRANSLATORS: a score sheet's column: the value of the stash on the table (G18).
    _p("column", "table"),
    # TRANSLATORS: a score sheet's column: what the Banker took or gave (G15).
    _p("column", "banker"),
    # TRANSLATORS: a score sheet's column: the peddles held in hand, deducted (G18).
    _p("column", "hand peddle"),
    # TRANSLATORS: a score sheet's column: the Paranoia cards held, deducted (G13).
    _p("column", "paranoia"),
    # TRANSLATORS: a score sheet's column: the best hand's bonus (G18).
    _p("column", "bonus"),
)
SCORE = _p("column", "score")
# TRANSLATORS: a score sheet's column: the running total.
TOTAL = _p("column", "total")
# TRANSLATORS: a badge before the names of the players with the hand's highest score.
BEST_HAND: tuple[Text, RGB] = (_p("badge", "best hand"), BEST)


def _signed(value: int) -> str:
    """A change of score: +$5,000, -$25,000, and a plain 0 for nothing."""
    if value == 0:
        return "0"
    return ("+" if value > 0 else "") + money(value)


def _made_of(row: ScoreRow) -> str:
    """What made a hand's score, in words: "table $55,000 · banker -$5,000"."""
    amounts = (row.table, row.banker, -row.hand_peddle, -row.paranoia, row.bonus)
    parts = [
        Text.verbatim(
            "{part} {amount}", part=part, amount=money(amount) if i == 0 else _signed(amount)
        )
        for i, (part, amount) in enumerate(zip(PARTS, amounts, strict=True))
        if amount or i == 0
    ]
    return str(joined("  ·  ", parts))


def _history(view: GrassPublicView, name: str, separator: str = "  ·  ") -> str:
    """Each scored hand's score of one player: "hand 1: $25,000  ·  hand 2: $30,000"."""
    parts = []
    for hand in view.scores:
        row = next((r for r in hand.rows if r.name == name), None)
        if row is not None:
            # TRANSLATORS: one hand's score under a player's name on the score sheet:
            # "hand 2: $30,000", several in a row.
            parts.append(_("hand {hand}: {score}", hand=hand.hand, score=Money(row.score)))
    return str(joined(separator, parts))


def _lines(words: str) -> list[str]:
    return wrap(words, RIGHT - LEFT - 24, WORDS) if words else []


def _block_height(lines: int) -> int:
    return BLOCK + lines * WORDS_LINE + (8 if lines else 0)


def _heads(image: Image.Image, top: int, first: Text | None) -> int:
    """The figures' headings over the blocks; returns the y under them."""
    if first is not None:
        right = SCORE_RIGHT
        text(image, (right, top), first, HEAD_SIZE, MUTED, bold=True, anchor="ra")
    text(image, (RIGHT - 12, top), TOTAL, HEAD_SIZE, MUTED, bold=True, anchor="ra")
    return top + 26


def _block(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    top: int,
    index: int,
    name: str,
    figures: tuple[str | None, str],
    lines: Sequence[str],
    marks: tuple[bool, bool, bool],
) -> int:
    """One player's block; marks: (a winner, the hand's best, ringed total). Returns the
    y under it."""
    won, best, ring_total = marks
    bottom = top + _block_height(len(lines))
    if won:
        draw.rectangle((LEFT, top, RIGHT, bottom - 1), fill=HIGHLIGHT)
    elif index % 2:
        draw.rectangle((LEFT, top, RIGHT, bottom - 1), fill=STRIPE)
    x = LEFT + 12
    if won:
        star(draw, x + 9, top + BLOCK / 2, 10)
        x += 24
    score, total = figures
    middle = top + BLOCK / 2
    total_w = text_width(total, FIGURE, bold=True)
    score_w = text_width(score, FIGURE, bold=True) if score is not None else 0
    name_room = (SCORE_RIGHT - score_w if score is not None else RIGHT - 12 - total_w) - x - 16
    shown = ellipsize(name, name_room, NAME_SIZE, bold=True)
    text(image, (x, middle), shown, NAME_SIZE, INK_DARK, bold=True, anchor="lm")
    ink = NEGATIVE if total.startswith("-") else INK_DARK
    text(image, (RIGHT - 12, middle), total, FIGURE, ink, bold=True, anchor="rm", key=True)
    if ring_total:
        ring = (RIGHT - 12 - total_w - 10, top + 5, RIGHT - 4, top + BLOCK - 5)
        draw.rounded_rectangle(ring, 9, outline=MARK, width=3)
    if score is not None:
        ink = NEGATIVE if score.startswith("-") else INK_DARK
        text(image, (SCORE_RIGHT, middle), score, FIGURE, ink, bold=True, anchor="rm", key=True)
        if best:
            ring = (SCORE_RIGHT - score_w - 10, top + 5, SCORE_RIGHT + 8, top + BLOCK - 5)
            draw.rounded_rectangle(ring, 9, outline=BEST_HAND[1], width=3)
    for number, line in enumerate(lines):
        y = top + BLOCK + number * WORDS_LINE
        text(image, (LEFT + 12, y), line, WORDS, MUTED, area=(LEFT, top, RIGHT, bottom))
    draw.line([(LEFT, bottom - 1), (RIGHT, bottom - 1)], fill=PAPER_LINE)
    return bottom


def score_sheet_image(view: GrassPublicView) -> Image.Image:
    """The last scored hand in full, every player's total with their hands' scores,
    the last hand's best and the game's winners marked apart."""
    scores = view.scores
    winners = view.winners if view.over else ()
    seats = [seat.name for seat in view.seats]
    totals = {seat.name: seat.total for seat in view.seats}
    last = scores[-1] if scores else None
    detail = [(row, _lines(_made_of(row))) for row in last.rows] if last else []
    history = [(name, _lines(_history(view, name))) for name in seats]
    height = 100 + 50 + 26 + 36
    if last:
        height += sum(_block_height(len(lines)) for _, lines in detail) + 60 + 26
    height += sum(_block_height(len(lines)) for _, lines in history)
    image, draw = paper_sheet(WIDTH, height)
    sub = winners_line(winners) or _("first to {target}", target=Money(view.options.target))
    top = title_band(image, draw, _("Grass score sheet"), sub)
    if last is not None:
        heading(image, (LEFT + 4, top + 12), _("Hand {hand}", hand=last.hand), BEST_HAND, last.best)
        top = _heads(image, top + 56, SCORE)
        for index, (row, lines) in enumerate(detail):
            marks = (row.name in winners, row.name in last.best, False)
            figures = (money(row.score), money(row.total))
            top = _block(image, draw, top, index, row.name, figures, lines, marks)
        top += 24
        heading(image, (LEFT + 4, top), _("All hands"), WINNER, winners)
        top = _heads(image, top + 44, None)
    else:
        text(image, (LEFT + 4, top + 12), _("No hand scored yet"), 22, MUTED, bold=True)
        top = _heads(image, top + 56, None)
    for index, (name, lines) in enumerate(history):
        marks = (name in winners, False, name in winners)
        top = _block(image, draw, top, index, name, (None, money(totals[name])), lines, marks)
    return image


def score_sheet_text(view: GrassPublicView) -> Text:
    """The score sheet in words, its picture's description for screen readers: the
    winners or the target, the last scored hand's scores and its best, every player's
    total, then each one's hands (a `Text`: the bot translates it). The totals come
    before the hands: a long game's description is cut at Discord's limit, from the end."""
    winners = winners_line(view.winners if view.over else ())
    sub = winners or _("first to {target}", target=Money(view.options.target))
    # TRANSLATORS: the start of the score sheet's description for screen readers;
    # {about} is "first to $500,000" or "winner: ann".
    sentences: list[Text] = [_("Grass score sheet, {about}.", about=sub)]
    if view.scores:
        last = view.scores[-1]
        scores = joined(
            ", ",
            [
                Text.verbatim("{player} {score}", player=row.name, score=Money(row.score))
                for row in last.rows
            ],
        )
        # TRANSLATORS: the score sheet's description: "Hand 2: ann $30,000, bob -$5,000;
        # best hand: ann."
        sentences.append(
            _(
                "Hand {hand}: {scores}; best hand: {players}.",
                hand=last.hand,
                scores=scores,
                players=Listed(last.best),
            )
        )
    else:
        sentences.append(_("No hand scored yet."))
    totals = joined(
        ", ",
        [
            Text.verbatim("{player} {total}", player=seat.name, total=Money(seat.total))
            for seat in view.seats
        ],
    )
    # TRANSLATORS: the score sheet's description: "Totals: ann $75,000, bob $105,000."
    sentences.append(_("Totals: {totals}.", totals=totals))
    if len(view.scores) > 1:
        for seat in view.seats:
            # TRANSLATORS: the score sheet's description, one sentence per player;
            # {hands} is "hand 1: $25,000, hand 2: $30,000".
            hands = _(
                "{player}, hand by hand: {hands}.",
                player=seat.name,
                hands=_history(view, seat.name, ", "),
            )
            sentences.append(hands)
    return joined(" ", sentences)
