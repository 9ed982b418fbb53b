"""Gracias images: the public table and a player's hidden cards (C1, C3, C5).

`table_image` takes only a `GraciasPublicView`: the trios of the turn (face-up cards,
the face-down card as a back, taken trios gone, the trio being split outlined),
then one row per seat: name with the big and small opener badges (C3), the reserve
as counts by colour (C5), how many hidden cards they hold (not which), round scores
and total. Every colour also shows its shape (C1). The footer holds the
last six events. The texts a player must read on a phone (`PHONE_TEXTS`) are sized
for it (toolkit.phone_cap_height; measured by tests/render/test_phone_width.py).
The round scores are scores.py's.
"""

from __future__ import annotations

import functools
import re

from PIL import Image, ImageDraw

from games.gracias.cards import COLOURS, Colour
from games.gracias.views import GraciasPlayerView, GraciasPublicView, Phase, SeatView, TrioView
from games.text import Text, _, _p, joined
from lang import spoken
from render.gracias.cards import COUNT, card, chip
from render.toolkit import (
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    INK_DARK,
    INK_SOFT,
    PANEL,
    PANEL_EDGE,
    RGB,
    TextStyle,
    ellipsize,
    log_panel,
    panel,
    pill,
    text,
    text_width,
)

WIDTH = 640
MARGIN = 12
HEADER = 156
TRIOS_TOP = HEADER + 4
TRIO_W = (WIDTH - 2 * MARGIN - 16) // 3  # three trios a row
TRIO_H = 136  # a trio's number over its cards
CARD_W, CARD_H = 64, 90
ROW = 108
GAP = 8
LINE = 34
RECENT = 6
CHIP_W, CHIP_H = 74, 42
LEFT, RIGHT = MARGIN + 14, WIDTH - MARGIN - 14  # a seat's contents
SMALL = 16  # the smallest text: 640 px shown 360 px wide, 16 px reads 9 px
# A round's label, dim, and its score, larger and bright, then the next round: "R1 7"
# in one ink, spaced as one word (4 to 5 px apart on a phone), read "R17". ROUND_GAP
# is 5.6 px there, the next round about twice as far.
ROUND_GAP, NEXT_ROUND = 10, 20
ROUND_SCORE = TextStyle(18, bold=True)

# The texts a turn depends on, sized to read on a phone (render/measure.py): at
# 640 px, 22 px and more reads 12 px and more.
NAME = TextStyle(26, bold=True)
POINTS = TextStyle(28, bold=True)  # the total, the hidden cards' count
STATUS = TextStyle(26, bold=True)  # whose turn it is
LOG = TextStyle(22)  # the recent events, the last move among them
PHONE_TEXTS = {
    "name": NAME,
    "points": POINTS,
    "reserve count": COUNT,
    "whose turn": STATUS,
    "last move": LOG,
}


# The colours' names (C1), under a player's hidden cards.
COLOUR_NAMES: dict[Colour, Text] = {
    Colour.RED: _p("colour", "red"),
    Colour.ORANGE: _p("colour", "orange"),
    Colour.YELLOW: _p("colour", "yellow"),
    Colour.GREEN: _p("colour", "green"),
    Colour.BLUE: _p("colour", "blue"),
    Colour.PURPLE: _p("colour", "purple"),
}


def _status(view: GraciasPublicView) -> Text:
    if view.phase is Phase.OVER:
        if len(view.winners) == 1:
            return _("Game over: {player} wins", player=view.winners[0])
        # TRANSLATORS: {players} are the winners' names, separated by commas.
        return _("Game over: shared win, {players}", players=joined(", ", view.winners))
    if view.choosing is not None:
        # TRANSLATORS: {trio} is the number of the trio the player took (C5).
        return _(
            "{player} keeps one card of trio {trio} and gives one",
            player=view.to_move,
            trio=view.choosing,
        )
    return _("{player} to take a trio", player=view.to_move)


def _status_lines(status: Text) -> list[str]:
    """The status on one line, or on two of about one width when it is too long: the
    break that makes the longer line shortest (CSS's `text-wrap: balance`), never one
    leaving the last word alone (German's separable "ab") while another break fits."""
    said, room = spoken(status), RIGHT - LEFT
    words = re.split(r"[ \t\n]+", said.strip(" \t\n"))  # no-break spaces hold

    def width(line: str) -> int:
        return text_width(line, STATUS.size, bold=STATUS.bold)

    if len(words) < 2 or width(said) <= room:
        return [said]

    def worse(k: int) -> tuple[bool, bool, int]:
        longer = max(width(" ".join(words[:k])), width(" ".join(words[k:])))
        return longer > room, len(words) > 2 and k == len(words) - 1, longer

    k = min(range(1, len(words)), key=worse)
    return [" ".join(words[:k]), " ".join(words[k:])]


def _round_score(number: int, score: int) -> list[tuple[str, RGB, TextStyle]]:
    """A round's score as drawn, (words, ink, style): its label dim ("R1"), the score
    apart, larger and bright, in the order the language being drawn writes "R1 7"."""
    mark = "\x00"
    # TRANSLATORS: a round's score, R for round: "R1 12"; a row holds three.
    said = spoken(_("R{round} {score}", round=number, score=mark))
    before, _mark, after = said.partition(mark)
    label = TextStyle(SMALL)
    pieces = [(before.strip(), INK_SOFT, label), (str(score), INK, ROUND_SCORE)]
    return [piece for piece in [*pieces, (after.strip(), INK_SOFT, label)] if piece[0]]


def _paste(image: Image.Image, picture: Image.Image, xy: tuple[int, int]) -> None:
    image.paste(picture, xy, picture)


def trio_box(index: int, count: int) -> tuple[int, int, int, int]:
    """Where trio `index` of `count` sits: three a row, a short last row centred."""
    row, column = divmod(index, 3)
    in_row = min(3, count - row * 3)
    left = MARGIN + 8 + (3 - in_row) * TRIO_W // 2 + column * TRIO_W
    top = TRIOS_TOP + 10 + row * TRIO_H
    return left, top, left + TRIO_W, top + TRIO_H


def _trio(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GraciasPublicView,
    trio: TrioView,
    box: tuple[int, int, int, int],
) -> None:
    """One trio: its number, two face-up cards and the face-down back (C5)."""
    x, top, right, _bottom = box
    width = right - x
    choosing = view.choosing == trio.number
    cx = x + width // 2
    number = _("Trio {number}", number=trio.number)
    ink = GOLD if choosing else INK_SOFT
    text(image, (cx, top + 2), number, 18, ink, bold=True, anchor="ma")
    cards_top = top + 32
    cards: list[Image.Image] = [card(colour, CARD_W, CARD_H) for colour in trio.face_up]
    if trio.has_face_down:
        cards.append(card(None, CARD_W, CARD_H))
    if not cards:
        place = (cx - 70, cards_top, cx + 70, cards_top + CARD_H)
        draw.rounded_rectangle(place, 10, outline=PANEL_EDGE, width=2)
        inside = (place[0] + 2, place[1] + 2, place[2] - 2, place[3] - 2)
        room = inside[2] - inside[0] - 8
        # TRANSLATORS: in the empty place of a trio, above the name of the player who
        # took it (on the next line); about 130 px wide.
        taken = ellipsize(_("taken by"), room, SMALL)
        who = ellipsize(trio.taken_by or "", room, 18, bold=True)
        middle = cards_top + CARD_H / 2
        text(image, (cx, middle - 13), taken, SMALL, INK_SOFT, anchor="mm", area=inside)
        text(image, (cx, middle + 13), who, 18, INK_SOFT, bold=True, anchor="mm", area=inside)
        return
    step = min(CARD_W - 18, (width - 16 - CARD_W) // max(1, len(cards) - 1))
    span = CARD_W + step * (len(cards) - 1)
    left = cx - span // 2
    if choosing:
        draw.rounded_rectangle(
            (left - 8, cards_top - 8, left + span + 8, cards_top + CARD_H + 8),
            14,
            outline=GOLD,
            width=4,
        )
    for index, picture in enumerate(cards):
        _paste(image, picture, (left + index * step, cards_top))


@functools.lru_cache(maxsize=4)
def _row_tile(moving: bool, winner: bool) -> Image.Image:
    """A seat's empty panel on felt with its shadow, drawn once (read-only)."""
    tile = Image.new("RGB", (WIDTH, ROW + GAP), FELT)
    draw = ImageDraw.Draw(tile)
    panel(
        draw,
        (MARGIN, 0, WIDTH - MARGIN, ROW),
        PANEL,
        outline=GOLD if moving or winner else PANEL_EDGE,
        outline_width=4 if moving else 2,
        shadow=FELT_DARK,
    )
    if moving:
        draw.polygon([(MARGIN - 2, 12), (MARGIN + 10, 24), (MARGIN - 2, 36)], fill=GOLD)
    return tile


def _seat(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: GraciasPublicView, seat: SeatView, top: int
) -> None:
    """The name, the openers' badges (C3), the round scores and the total on the first
    line; the reserve by colour (C5, C1) and the hidden cards' count under them."""
    moving = seat.name == view.to_move
    winner = seat.name in view.winners
    image.paste(_row_tile(moving, winner), (0, top))
    baseline = top + 38
    # Total, right; the round scores left of it.
    total_w = text(
        image,
        (RIGHT, baseline),
        str(seat.total),
        POINTS.size,
        INK,
        bold=True,
        anchor="rs",
        key=True,
    )
    # TRANSLATORS: over a player's total points.
    label = _p("running total", "total")
    end = RIGHT - total_w - 8
    end -= text(image, (end, baseline), label, SMALL, INK_SOFT, anchor="rs") + 16
    badges: list[tuple[Text, RGB]] = []
    if seat.name == view.big_opener:
        # TRANSLATORS: a badge in capitals: the player who opens the turn (C3).
        badges.append((_p("badge", "BIG OPENER"), GOLD))
    if seat.name == view.small_opener and view.phase is not Phase.OVER:
        # TRANSLATORS: a badge in capitals: the small opener (C3), short for "SMALL
        # OPENER", beside the "BIG OPENER" badge of the same player.
        small = _p("badge", "SMALL") if badges else _p("badge", "SMALL OPENER")
        badges.append((small, INK))
    if not seat.in_game:
        # TRANSLATORS: a badge in capitals: the player left the game.
        badges = [(_p("badge", "LEFT"), INK_SOFT)]
    badges_w = sum(
        text_width(label, SMALL, bold=True) + 2 * (SMALL // 2) + 8 for label, _ in badges
    )
    # The round scores, the last nearest the total, each a dim label and a bright
    # score (ROUND_GAP); the earliest left out if the name would be cut for them.
    limit = LEFT + text_width(seat.name, NAME.size, bold=True) + badges_w + 16
    for number, score in reversed(list(enumerate(seat.round_scores, 1))):
        pieces = _round_score(number, score)
        room = sum(text_width(w, size, bold=bold) + ROUND_GAP for w, _ink, (size, bold) in pieces)
        if end - room < min(limit, RIGHT - 300):
            break
        for words, ink, (size, bold) in reversed(pieces):
            end -= text(image, (end, baseline), words, size, ink, bold=bold, anchor="rs")
            end -= ROUND_GAP
        end -= NEXT_ROUND - ROUND_GAP
    name_colour = GOLD if winner else INK if seat.in_game else INK_SOFT
    name = ellipsize(seat.name, end - LEFT - badges_w, NAME.size, bold=True)
    x = LEFT + text(image, (LEFT, baseline), name, NAME.size, name_colour, bold=True, anchor="ls")
    line = (LEFT - 4, top + 4, RIGHT + 4, top + 46)
    for label, colour in badges:
        box = pill(image, draw, (x + 8, baseline - 20), label, SMALL, colour, INK_DARK, area=line)
        x = box[2]
    # Reserve counts by colour (C5), shape and count on each chip (C1).
    chip_y = top + ROW - CHIP_H - 12
    for index, (hue, count) in enumerate(seat.reserve.items()):
        _paste(image, chip(hue, count, PANEL), (LEFT + index * (CHIP_W + 6), chip_y))
    # Hidden cards: how many, never which (C5).
    hx = LEFT + 6 * (CHIP_W + 6) + 8
    _paste(image, card(None, 30, 42), (hx, chip_y))
    middle = chip_y + CHIP_H / 2
    hidden = f"{seat.hidden_count}"
    text(image, (hx + 36, middle), hidden, POINTS.size, INK, bold=True, anchor="lm", key=True)


def table_image(view: GraciasPublicView) -> Image.Image:
    """The public table: takes only the public view (hidden cards cannot reach it)."""
    if not isinstance(view, GraciasPublicView):
        raise TypeError(f"table_image draws a GraciasPublicView only, not {type(view).__name__}")
    recent = view.recent[-RECENT:]
    trio_rows = -(-len(view.trios) // 3)
    trios_h = trio_rows * TRIO_H + 12 if view.trios else 64
    seats_top = TRIOS_TOP + trios_h + 12
    recent_top = seats_top + len(view.seats) * (ROW + GAP) + 4
    height = recent_top + (len(recent) * LINE + 28 if recent else 0) + MARGIN
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    # Header: the game, the round and turn, whose turn it is, the openers (C3).
    draw.rectangle((0, 0, WIDTH, HEADER - 8), fill=FELT_DARK)
    text(image, (LEFT, 12), "GRACIAS", 30, GOLD, bold=True)
    room = RIGHT - LEFT
    when = _("Round {round} of 3  ·  Turn {turn} of 4", round=view.round, turn=view.turn)
    area = (LEFT - 4, 0, RIGHT + 4, HEADER - 8)
    text(image, (RIGHT, 30), ellipsize(when, room - 200, 18), 18, INK_SOFT, anchor="rm", area=area)
    lines = _status_lines(_status(view))
    colour = GOLD if view.phase is Phase.OVER else INK
    # Two lines centred on one's place left the title 3 px above them, the openers 12
    # px below: they sit 3 px lower.
    first = 72 if len(lines) == 1 else 59
    for index, line in enumerate(lines):
        shown = ellipsize(line, room, STATUS.size, bold=True)
        at = (LEFT, first + index * 32)
        text(image, at, shown, STATUS.size, colour, bold=True, anchor="lm", area=area, key=True)
    # TRANSLATORS: the players who open the turn (C3), by name.
    openers = _(
        "big opener {big}  ·  small opener {small}", big=view.big_opener, small=view.small_opener
    )
    text(image, (LEFT, 124), ellipsize(openers, room, 18), 18, INK_SOFT, anchor="lm", area=area)
    # Trios of the turn, three a row.
    band = (MARGIN, TRIOS_TOP, WIDTH - MARGIN, TRIOS_TOP + trios_h)
    panel(draw, band, FELT_DARK, corner_radius=16)
    if view.trios:
        for index, trio in enumerate(view.trios):
            _trio(image, draw, view, trio, trio_box(index, len(view.trios)))
    else:
        empty = _("No trios on the table")
        text(image, (WIDTH / 2, TRIOS_TOP + trios_h / 2), empty, 22, INK_SOFT, anchor="mm")
    for index, seat in enumerate(view.seats):
        _seat(image, draw, view, seat, seats_top + index * (ROW + GAP))
    if recent:
        box = (MARGIN, recent_top, WIDTH - MARGIN, recent_top + len(recent) * LINE + 20)
        log_panel(image, draw, box, recent, LINE, LOG.size)
    return image


HIDDEN_W, HIDDEN_H = 110, 154


def hidden_image(view: GraciasPlayerView) -> Image.Image:
    """A player's own hidden cards in the order taken (C5), the one just taken marked NEW,
    with their reserve underneath for reference."""
    cards = list(view.hidden)  # the one just taken, if any, is the last (C5)
    count = max(4, len(cards))
    width = max(640, 2 * MARGIN + 32 + count * (HIDDEN_W + 16))
    height = 90 + HIDDEN_H + 40 + 84
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, 74), fill=FELT_DARK)
    title = ellipsize(_("{player}'s hidden cards", player=view.player), width - 300, 28, bold=True)
    text(image, (MARGIN + 16, 37), title, 28, GOLD, bold=True, anchor="lm")
    public = view.public
    text(
        image,
        (width - MARGIN - 16, 37),
        _("round {round} · turn {turn}", round=public.round, turn=public.turn),
        20,
        INK,
        anchor="rm",
    )
    top = 96
    if not cards:
        empty = _("No hidden cards yet")
        text(image, (width / 2, top + HIDDEN_H / 2), empty, 24, INK_SOFT, anchor="mm")
    for index, colour in enumerate(cards):
        x = MARGIN + 16 + index * (HIDDEN_W + 16)
        _paste(image, card(colour, HIDDEN_W, HIDDEN_H), (x, top))
        text(
            image,
            (x + HIDDEN_W / 2, top + HIDDEN_H + 16),
            COLOUR_NAMES[colour],
            18,
            INK,
            bold=True,
            anchor="mm",
        )
        is_new = view.just_taken is not None and index == len(cards) - 1
        if is_new:
            draw.rounded_rectangle(
                (x - 5, top - 5, x + HIDDEN_W + 4, top + HIDDEN_H + 4), 16, outline=GOLD, width=4
            )
            # TRANSLATORS: a badge in capitals on the card just drawn.
            new = _p("badge", "NEW")
            pill(image, draw, (x + HIDDEN_W - 4, top - 14), new, 17, GOLD, INK_DARK, anchor_x="r")
    seat = public.seat(view.player)
    y = top + HIDDEN_H + 44
    # TRANSLATORS: before a player's reserve (C5), counts of cards by colour.
    reserve = _p("gracias", "reserve")
    text(image, (MARGIN + 16, y + CHIP_H / 2), reserve, 20, INK_SOFT, anchor="lm")
    for index, colour in enumerate(COLOURS):
        x = MARGIN + 110 + index * (CHIP_W + 6)
        _paste(image, chip(colour, seat.reserve.of(colour), FELT), (x, y))
    return image
