"""Gracias images: the public table and a player's hidden cards (C1, C3, C5).

`table_image` takes only a `GraciasPublicView`. The table message gives its figures as
text beside the picture: the game line, whose turn it is, one line per seat (name,
total, reserve, hidden cards) and, under the picture, the last actions. So the picture
keeps what only a picture shows, compactly, for the message to fit about one phone
screen (the picture shown 360 px wide) and a desktop's 550 x 350 px box:

- a header: the title, the round and turn, and whose turn it is (a long status wraps
  onto two lines of about one width; both lines always have room, so the picture keeps
  its height from one move to the next);
- the trios of the turn (face-up cards, the face-down card as a back, taken trios as
  "taken by", the trio being split outlined), three a row, or four for four players:
  one row instead of two;
- the seats two a row, as many rows as half the players: each a name, its total
  without a label (the text beside it names it), the reserve as six colour chips in
  two rows (C5; a reserve's majorities read at a glance) and how many hidden cards
  (not which). The openers' badges (C3) sit on the seat's top edge, as a legend, so
  that a name keeps its room beside the total.

The footer of recent events and the round scores are gone from the table: the events
are the message's text, the round scores the round's own picture (scores.py) and the
total the sum of them. Every colour also shows its shape (C1). The texts a player must
read on a phone (`PHONE_TEXTS`) are sized for it (toolkit.phone_cap_height; measured by
tests/render/test_phone_width.py), and every text reads at least 9 px there
(render/measure.py).
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
    fit_size,
    panel,
    pill,
    text,
    text_width,
)

WIDTH = 640
MARGIN = 12
LEFT, RIGHT = MARGIN + 14, WIDTH - MARGIN - 14  # the header's contents
SMALL = 16  # the smallest text: 640 px shown 360 px wide, 16 px reads 9 px

# The header: the title and the round and turn on one line, then the status on one
# or two lines.
HEADER = 96
TITLE_MIDDLE = 20
STATUS_MIDDLE = 65  # of one line; two lines sit STATUS_PITCH apart about it
STATUS_PITCH = 30

# The trios: a label over the cards; the trio being split outlined OUTLINE px out.
TRIOS_TOP = HEADER + 6
TRIO_H = 122
CARD_W, CARD_H = 64, 90
CARDS_TOP = 26  # below a trio's top: the label, then the outline 3 px under it
OUTLINE = 6
TRIOS_PAD = 4

# The seats, two a row. A seat's badges straddle its top edge, so rows stand
# SEAT_GAP apart: the badge's upper part (13 px) and a little felt.
SEAT_COLUMNS = 2
SEAT_GAP_X = 10
SEAT_W = (WIDTH - 2 * MARGIN - SEAT_GAP_X) // SEAT_COLUMNS
SEAT_H = 121
SEAT_GAP = 15
SEAT_PAD = 12
SHADOW = 4  # the panels' drop shadow, below and right
NAME_BASELINE = 33  # below a seat's top; the badges end 10 px below it, the names' ink 15
CHIPS_TOP = 42
SEAT_CHIP_W, SEAT_CHIP_H = 68, 34  # a two-digit count (ten of a colour) just clears the shape
CHIP_GAP = 5
CHIPS_A_ROW = 3
BACK_W, BACK_H = 30, 42  # a hidden card's back, by its count
BADGE_H = round(SMALL * 1.45)  # toolkit.pill's height
BADGE_TOP = -13  # from a seat's top: a badge's middle 1.5 px over the edge
BOTTOM = 8

# The texts a turn depends on, sized to read on a phone (render/measure.py): at
# 640 px, 22 px and more reads 12 px and more.
NAME = TextStyle(24, bold=True)
POINTS = TextStyle(28, bold=True)  # the total, the hidden cards' count
STATUS = TextStyle(26, bold=True)  # whose turn it is
# The last move is no longer drawn: it is the text under the picture.
PHONE_TEXTS = {
    "name": NAME,
    "points": POINTS,
    "reserve count": COUNT,
    "whose turn": STATUS,
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


def _paste(image: Image.Image, picture: Image.Image, xy: tuple[int, int]) -> None:
    image.paste(picture, xy, picture)


def trios_a_row(count: int) -> int:
    """Three trios a row; four players' four in one row, one row fewer (their fanned
    cards still show each one's corner shape)."""
    return 4 if count == 4 else 3


def trio_box(index: int, count: int) -> tuple[int, int, int, int]:
    """Where trio `index` of `count` sits: `trios_a_row` a row, a short last row centred."""
    a_row = trios_a_row(count)
    width = (WIDTH - 2 * MARGIN - 16) // a_row
    row, column = divmod(index, a_row)
    in_row = min(a_row, count - row * a_row)
    left = MARGIN + 8 + (a_row - in_row) * width // 2 + column * width
    top = TRIOS_TOP + TRIOS_PAD + row * TRIO_H
    return left, top, left + width, top + TRIO_H


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
    text(image, (cx, top + 2), number, 18, ink, bold=True, anchor="ma", area=box)
    cards_top = top + CARDS_TOP
    cards: list[Image.Image] = [card(colour, CARD_W, CARD_H) for colour in trio.face_up]
    if trio.has_face_down:
        cards.append(card(None, CARD_W, CARD_H))
    if not cards:
        half = min(70, width // 2 - 6)
        place = (cx - half, cards_top, cx + half, cards_top + CARD_H)
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
            (
                left - OUTLINE,
                cards_top - OUTLINE,
                left + span + OUTLINE,
                cards_top + CARD_H + OUTLINE,
            ),
            12,
            outline=GOLD,
            width=4,
        )
    for index, picture in enumerate(cards):
        _paste(image, picture, (left + index * step, cards_top))


def seat_box(index: int, count: int, top: int) -> tuple[int, int, int, int]:
    """Where seat `index` of `count` sits, the seats' rows starting at `top`: two a row
    in seat order, a lone last seat centred."""
    row, column = divmod(index, SEAT_COLUMNS)
    in_row = min(SEAT_COLUMNS, count - row * SEAT_COLUMNS)
    pitch = SEAT_W + SEAT_GAP_X
    left = MARGIN + (SEAT_COLUMNS - in_row) * pitch // 2 + column * pitch
    y = top + row * (SEAT_H + SEAT_GAP)
    return left, y, left + SEAT_W, y + SEAT_H


@functools.lru_cache(maxsize=4)
def _row_tile(moving: bool, winner: bool) -> Image.Image:
    """A seat's empty panel on felt with its shadow, drawn once (read-only)."""
    tile = Image.new("RGB", (SEAT_W + SHADOW, SEAT_H + SHADOW), FELT)
    draw = ImageDraw.Draw(tile)
    panel(
        draw,
        (0, 0, SEAT_W, SEAT_H),
        PANEL,
        outline=GOLD if moving or winner else PANEL_EDGE,
        outline_width=4 if moving else 2,
        shadow=FELT_DARK,
    )
    return tile


def _badges(view: GraciasPublicView, seat: SeatView) -> list[tuple[Text, RGB]]:
    """The seat's badges: the openers (C3), or that the player left."""
    if not seat.in_game:
        # TRANSLATORS: a badge in capitals: the player left the game.
        return [(_p("badge", "LEFT"), INK_SOFT)]
    badges: list[tuple[Text, RGB]] = []
    if seat.name == view.big_opener:
        # TRANSLATORS: a badge in capitals: the player who opens the turn (C3).
        badges.append((_p("badge", "BIG OPENER"), GOLD))
    if seat.name == view.small_opener and view.phase is not Phase.OVER:
        # TRANSLATORS: a badge in capitals: the small opener (C3), short for "SMALL
        # OPENER", beside the "BIG OPENER" badge of the same player.
        small = _p("badge", "SMALL") if badges else _p("badge", "SMALL OPENER")
        badges.append((small, INK))
    return badges


def _seat(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GraciasPublicView,
    seat: SeatView,
    box: tuple[int, int, int, int],
) -> None:
    """The openers' badges (C3) on the top edge; the name and the total on the first
    line; the reserve by colour (C5, C1) in two rows and the hidden cards' count."""
    x, top, right, _bottom = box
    moving = seat.name == view.to_move
    winner = seat.name in view.winners
    image.paste(_row_tile(moving, winner), (x, top))
    if moving:
        draw.polygon([(x - 2, top + 12), (x + 10, top + 24), (x - 2, top + 36)], fill=GOLD)
    inner_left, inner_right = x + SEAT_PAD, right - SEAT_PAD
    badge_x = inner_left
    legend = (x, top - SEAT_GAP, right, top + NAME_BASELINE - 20)
    for label, colour in _badges(view, seat):
        badge = pill(
            image, draw, (badge_x, top + BADGE_TOP), label, SMALL, colour, INK_DARK, area=legend
        )
        badge_x = badge[2] + 6
    baseline = top + NAME_BASELINE
    line = (x + 4, top + 4, right - 4, top + CHIPS_TOP)
    total_w = text(
        image,
        (inner_right, baseline),
        str(seat.total),
        POINTS.size,
        INK,
        bold=True,
        anchor="rs",
        area=line,
        key=True,
    )
    name_colour = GOLD if winner else INK if seat.in_game else INK_SOFT
    room = inner_right - total_w - 12 - inner_left
    name = ellipsize(seat.name, room, NAME.size, bold=True)
    text(
        image,
        (inner_left, baseline),
        name,
        NAME.size,
        name_colour,
        bold=True,
        anchor="ls",
        area=line,
        key=True,
    )
    # Reserve counts by colour (C5), shape and count on each chip (C1).
    for index, (hue, count) in enumerate(seat.reserve.items()):
        row, column = divmod(index, CHIPS_A_ROW)
        at = (
            inner_left + column * (SEAT_CHIP_W + CHIP_GAP),
            top + CHIPS_TOP + row * (SEAT_CHIP_H + 4),
        )
        _paste(image, chip(hue, count, PANEL, SEAT_CHIP_W, SEAT_CHIP_H), at)
    # Hidden cards: how many, never which (C5); beside the chips, across both rows.
    back_x = inner_left + CHIPS_A_ROW * (SEAT_CHIP_W + CHIP_GAP) + 8
    middle = top + CHIPS_TOP + SEAT_CHIP_H + 2
    _paste(image, card(None, BACK_W, BACK_H), (back_x, middle - BACK_H // 2))
    hidden = f"{seat.hidden_count}"
    text(
        image,
        (back_x + BACK_W + 6, middle),
        hidden,
        POINTS.size,
        INK,
        bold=True,
        anchor="lm",
        key=True,
    )


def table_image(view: GraciasPublicView) -> Image.Image:
    """The public table: takes only the public view (hidden cards cannot reach it)."""
    if not isinstance(view, GraciasPublicView):
        raise TypeError(f"table_image draws a GraciasPublicView only, not {type(view).__name__}")
    trio_rows = -(-len(view.trios) // trios_a_row(len(view.trios)))
    trios_h = trio_rows * TRIO_H + 2 * TRIOS_PAD if view.trios else 56
    seats_top = TRIOS_TOP + trios_h + SEAT_GAP
    seat_rows = -(-len(view.seats) // SEAT_COLUMNS)
    seats_h = seat_rows * SEAT_H + (seat_rows - 1) * SEAT_GAP + SHADOW
    height = seats_top + seats_h + BOTTOM
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    # Header: the game, the round and turn, whose turn it is.
    draw.rectangle((0, 0, WIDTH, HEADER), fill=FELT_DARK)
    area = (LEFT - 4, 0, RIGHT + 4, HEADER)
    title_w = text(
        image, (LEFT, TITLE_MIDDLE), "GRACIAS", 24, GOLD, bold=True, anchor="lm", area=area
    )
    when = _("Round {round} of 3  ·  Turn {turn} of 4", round=view.round, turn=view.turn)
    shown_when = ellipsize(when, RIGHT - LEFT - title_w - 24, 18)
    text(image, (RIGHT, TITLE_MIDDLE), shown_when, 18, INK_SOFT, anchor="rm", area=area)
    lines = _status_lines(_status(view))
    colour = GOLD if view.phase is Phase.OVER else INK
    first = STATUS_MIDDLE - (len(lines) - 1) * STATUS_PITCH / 2
    for index, line in enumerate(lines):
        shown = ellipsize(line, RIGHT - LEFT, STATUS.size, bold=True)
        at = (LEFT, first + index * STATUS_PITCH)
        text(image, at, shown, STATUS.size, colour, bold=True, anchor="lm", area=area, key=True)
    # Trios of the turn.
    band = (MARGIN, TRIOS_TOP, WIDTH - MARGIN, TRIOS_TOP + trios_h)
    panel(draw, band, FELT_DARK, corner_radius=16)
    if view.trios:
        for index, trio in enumerate(view.trios):
            _trio(image, draw, view, trio, trio_box(index, len(view.trios)))
    else:
        empty = _("No trios on the table")
        text(image, (WIDTH / 2, TRIOS_TOP + trios_h / 2), empty, 22, INK_SOFT, anchor="mm")
    for index, seat in enumerate(view.seats):
        _seat(image, draw, view, seat, seat_box(index, len(view.seats), seats_top))
    return image


HIDDEN_W, HIDDEN_H = 110, 154
CHIP_W, CHIP_H = 74, 42  # the reserve under them, for reference


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
    public = view.public
    when = _("round {round} · turn {turn}", round=public.round, turn=public.turn)
    text(image, (width - MARGIN - 16, 37), when, 20, INK, anchor="rm")
    room = width - 2 * MARGIN - 32 - text_width(when, 20) - 24
    whose = _("{player}'s hidden cards", player=view.player)
    size = fit_size(whose, room, 28, min_size=22, bold=True)
    shown = ellipsize(whose, room, size, bold=True)
    text(image, (MARGIN + 16, 37), shown, size, GOLD, bold=True, anchor="lm")
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
