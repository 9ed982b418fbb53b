"""Gracias images: the public table and a player's hidden cards (C1, C3, C5).

`table_image` takes only a `GraciasPublicView`: the trios of the turn (face-up cards,
the face-down card as a back, taken trios gone, the trio being split outlined),
then one row per seat: name with the big and small opener badges (C3), the reserve
as counts by colour (C5), how many hidden cards they hold (not which), round scores
and total. Every colour also shows its letter and shape (C1). The footer holds the
last six events. The texts a player must read on a phone (`PHONE_TEXTS`) are sized
for it (toolkit.phone_cap_height; measured by tests/render/test_phone_width.py).
The round scores are scores.py's.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from games.gracias.cards import COLOURS, Colour
from games.gracias.views import GraciasPlayerView, GraciasPublicView, Phase, SeatView, TrioView
from games.text import Text, _, _p, joined
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
    log_panel,
    panel,
    pill,
    text,
)

WIDTH = 1000
MARGIN = 16
HEADER = 112
STATUS_X = 320
TRIOS_TOP = HEADER + 8
TRIOS_H = 160
CARD_W, CARD_H = 70, 98
ROW = 92
GAP = 8
LINE = 40
RECENT = 6
CHIP_W, CHIP_H = 74, 42
CHIPS_X = 300

# The texts a turn depends on, sized to read on a phone (toolkit.PHONE_MIN_CAP).
NAME = TextStyle(28, bold=True)
POINTS = TextStyle(28, bold=True)  # the total, the hidden cards' count
STATUS = TextStyle(28, bold=True)  # whose turn it is
LOG = TextStyle(31)  # the recent events, the last move among them
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


def _paste(image: Image.Image, picture: Image.Image, xy: tuple[int, int]) -> None:
    image.paste(picture, xy, picture)


def _trio(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GraciasPublicView,
    trio: TrioView,
    x: int,
    width: int,
) -> None:
    """One trio: its number, two face-up cards and the face-down back (C5)."""
    top = TRIOS_TOP + 10
    choosing = view.choosing == trio.number
    cx = x + width // 2
    text(
        image,
        (cx, top + 4),
        _("Trio {number}", number=trio.number),
        19,
        GOLD if choosing else INK_SOFT,
        bold=True,
        anchor="ma",
    )
    cards_top = top + 32
    cards: list[Image.Image] = [card(colour, CARD_W, CARD_H) for colour in trio.face_up]
    if trio.has_face_down:
        cards.append(card(None, CARD_W, CARD_H))
    if not cards:
        box = (cx - 56, cards_top, cx + 56, cards_top + CARD_H)
        draw.rounded_rectangle(box, 10, outline=PANEL_EDGE, width=2)
        who = ellipsize(trio.taken_by or "", 100, 18, bold=True)
        # TRANSLATORS: in the empty place of a trio, above the name of the player who
        # took it (on the next line); about 110 px wide.
        taken = _("taken by")
        size = fit_size(taken, box[2] - box[0] - 8, 16, min_size=11)
        inside = (box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2)
        text(
            image,
            (cx, cards_top + CARD_H / 2 - 12),
            taken,
            size,
            INK_SOFT,
            anchor="mm",
            area=inside,
        )
        text(
            image,
            (cx, cards_top + CARD_H / 2 + 12),
            who,
            18,
            INK_SOFT,
            bold=True,
            anchor="mm",
            area=inside,
        )
        return
    step = min(CARD_W - 20, (width - 12 - CARD_W) // max(1, len(cards) - 1))
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
    """A seat row's empty panel on felt with its shadow, drawn once (read-only)."""
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
        draw.polygon([(MARGIN - 2, 30), (MARGIN + 14, 42), (MARGIN - 2, 54)], fill=GOLD)
    return tile


def _seat(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: GraciasPublicView, seat: SeatView, top: int
) -> None:
    moving = seat.name == view.to_move
    winner = seat.name in view.winners
    image.paste(_row_tile(moving, winner), (0, top))
    name_colour = GOLD if winner else INK if seat.in_game else INK_SOFT
    name = ellipsize(seat.name, CHIPS_X - 60, NAME.size, bold=True)
    text(image, (MARGIN + 20, top + 10), name, NAME.size, name_colour, bold=True)
    badge_x = MARGIN + 18
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
    for label, colour in badges:
        pill_box = pill(image, draw, (badge_x, top + 52), label, 15, colour, INK_DARK)
        badge_x = pill_box[2] + 6
    # Reserve counts by colour (C5), letter and shape on each chip (C1).
    chip_y = top + (ROW - CHIP_H) // 2
    for index, (hue, count) in enumerate(seat.reserve.items()):
        _paste(image, chip(hue, count, PANEL), (CHIPS_X + index * (CHIP_W + 6), chip_y))
    # Hidden cards: how many, never which (C5).
    hx = CHIPS_X + 6 * (CHIP_W + 6) + 10
    back = card(None, 30, 42)
    _paste(image, back, (hx, chip_y))
    text(
        image,
        (hx + 36, chip_y + CHIP_H / 2),
        f"{seat.hidden_count}",
        POINTS.size,
        INK,
        bold=True,
        anchor="lm",
        key=True,
    )
    # Total and round scores, right-aligned.
    right = WIDTH - MARGIN - 18
    # TRANSLATORS: over a player's total points.
    text(image, (right, top + 14), _p("running total", "total"), 16, INK_SOFT, anchor="ra")
    text(
        image,
        (right, top + 32),
        str(seat.total),
        POINTS.size,
        INK,
        bold=True,
        anchor="ra",
        key=True,
    )
    if seat.round_scores:
        scores = enumerate(seat.round_scores, 1)
        # TRANSLATORS: a round's score, R for round: "R1 12"; a row holds three.
        rounds = joined(" · ", [_("R{round} {score}", round=n, score=s) for n, s in scores])
        size = fit_size(rounds, 150, 16, min_size=11)
        text(image, (right, top + ROW - 12), rounds, size, INK_SOFT, anchor="rs")


def table_image(view: GraciasPublicView) -> Image.Image:
    """The public table: takes only the public view (hidden cards cannot reach it)."""
    if not isinstance(view, GraciasPublicView):
        raise TypeError(f"table_image draws a GraciasPublicView only, not {type(view).__name__}")
    recent = view.recent[-RECENT:]
    trios_h = TRIOS_H if view.trios else 64
    seats_top = TRIOS_TOP + trios_h + 12
    recent_top = seats_top + len(view.seats) * (ROW + GAP) + 4
    height = recent_top + (len(recent) * LINE + 28 if recent else 0) + MARGIN
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    # Header.
    draw.rectangle((0, 0, WIDTH, HEADER - 10), fill=FELT_DARK)
    text(image, (MARGIN + 12, 16), "GRACIAS", 34, GOLD, bold=True)
    when = _("Round {round} of 3  ·  Turn {turn} of 4", round=view.round, turn=view.turn)
    left = (MARGIN + 14, 50, STATUS_X - 12, HEADER - 10)  # the openers' line is to its right
    size = fit_size(when, left[2] - left[0], 20, min_size=14)
    text(image, (MARGIN + 14, 72), when, size, INK_SOFT, anchor="lm", area=left)
    right = (STATUS_X, 0, WIDTH - MARGIN, HEADER - 10)
    status = ellipsize(_status(view), WIDTH - 340, STATUS.size, bold=True)
    text(
        image,
        (STATUS_X, 34),
        status,
        STATUS.size,
        GOLD if view.phase is Phase.OVER else INK,
        bold=True,
        anchor="lm",
        area=right,
        key=True,
    )
    # TRANSLATORS: the players who open the turn (C3), by name.
    openers = _(
        "big opener {big}  ·  small opener {small}", big=view.big_opener, small=view.small_opener
    )
    shown = ellipsize(openers, WIDTH - 340, 19)
    text(image, (STATUS_X, 72), shown, 19, INK_SOFT, anchor="lm", area=right)
    # Trios of the turn.
    panel(
        draw, (MARGIN, TRIOS_TOP, WIDTH - MARGIN, TRIOS_TOP + trios_h), FELT_DARK, corner_radius=16
    )
    if view.trios:
        width = (WIDTH - 2 * MARGIN - 16) // len(view.trios)
        for index, trio in enumerate(view.trios):
            _trio(image, draw, view, trio, MARGIN + 8 + index * width, width)
    else:
        text(
            image,
            (WIDTH / 2, TRIOS_TOP + trios_h / 2),
            _("No trios on the table"),
            22,
            INK_SOFT,
            anchor="mm",
        )
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
