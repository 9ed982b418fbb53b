"""Grass images: the public table, a player's hand, the hand-score sheet (G6, G12, G18).

`table_image` takes only a `GrassPublicView`: it cannot draw a card it was not
given, so no private card reaches the channel through it. One row per seat, in
seat order: name, running total, market state (G6) and lost turns owed (G3), the
hassle pile (Market Open with the Heat On stack over it, oldest first), the stash in
the order it was built with covered peddles marked (G12) and the Protect cards
played, then the stash's value and the cards in hand. The header holds the hand
number, whose turn it is, the draw pile and the discard pile's top card; the footer
the last public events.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.grass.cards import Card
from games.grass.views import GrassPublicView, Market, Phase, SeatView
from render.grass_cards import Size, back, face
from render.grass_hand import hand_image
from render.grass_scores import score_sheet_image
from render.toolkit import (
    ALERT,
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    INK_DARK,
    INK_SOFT,
    PANEL,
    PANEL_EDGE,
    RGB,
    ellipsize,
    fit_size,
    hex_rgb,
    money,
    panel,
    pill,
    text,
    text_width,
)

__all__ = ["hand_image", "layout", "score_sheet_image", "table_image"]

WIDTH = 1000
MARGIN = 16
HEADER = 124
ROW = 124
GAP = 10
LINE = 32  # one recent event
RECENT = 5
CARD_W, CARD_H = Size.MINI.value

MARKET_X = 226  # the hassle pile's left edge
MARKET_W = 150
STASH_X = 392
STASH_END = 862  # the stash and protection cards stay left of this
INFO_X = WIDTH - MARGIN - 16  # right edge of the value / hand-size column

COVER = hex_rgb("#6b3fa0")  # Protect purple: the covered-peddle band
STATE_COLOURS: dict[Market, tuple[RGB, RGB]] = {
    Market.OPEN: (hex_rgb("#2f8f46"), (255, 255, 255)),
    Market.BLOCKED: (hex_rgb("#cc2f2a"), (255, 255, 255)),
    Market.CLOSED: (hex_rgb("#5b6b63"), (235, 235, 235)),
}


@dataclass(frozen=True, slots=True)
class SeatLayout:
    """Where one seat's row and its cards sit (tests look up pixels with it)."""

    row: tuple[int, int, int, int]
    hassle: tuple[tuple[int, int], ...]  # Market Open then Heat On cards, top-left corners
    stash: tuple[tuple[int, int], ...]  # one per stash pile (`stash_piles`)
    protection: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class StashPile:
    """Peddles of one value drawn as one pile with a count: covered piles first (G12),
    then the rest, highest value first. A pile of mixed types (Home Grown and Mexico)
    shows the type it holds most of."""

    card: Card
    covered: bool
    count: int


def stash_piles(seat: SeatView) -> tuple[StashPile, ...]:
    groups: dict[tuple[bool, int], list[Card]] = {}
    for stash_card in seat.stash:
        groups.setdefault((stash_card.covered, stash_card.card.value_usd), []).append(
            stash_card.card
        )
    piles = [
        StashPile(max(cards, key=cards.count), covered, len(cards))
        for (covered, _), cards in groups.items()
    ]
    piles.sort(key=lambda pile: (not pile.covered, -pile.card.value_usd))
    return tuple(piles)


@dataclass(frozen=True, slots=True)
class TableLayout:
    size: tuple[int, int]
    seats: tuple[SeatLayout, ...]
    recent_top: int


def _spread(count: int, left: int, right: int, step: int) -> list[int]:
    """x of `count` cards from `left`, overlapping when they do not fit before `right`."""
    if count == 0:
        return []
    if count > 1:
        step = min(step, (right - left - CARD_W) // (count - 1))
    return [left + i * step for i in range(count)]


def layout(view: GrassPublicView) -> TableLayout:
    """The table's geometry for this view."""
    seats = []
    top = HEADER
    for seat in view.seats:
        row = (MARGIN, top, WIDTH - MARGIN, top + ROW)
        card_y = top + (ROW - CARD_H) // 2
        hassle_x = _spread(len(seat.hassle), MARKET_X, MARKET_X + MARKET_W, 30)
        stash_n, prot_n = len(stash_piles(seat)), len(seat.protection)
        # Protection cards sit after the stash, a little apart; both share the width.
        need = (stash_n + prot_n) * (CARD_W + 6) + (14 if prot_n else 0)
        room = STASH_END - STASH_X
        if need <= room or stash_n + prot_n <= 1:
            stash_x = [STASH_X + i * (CARD_W + 6) for i in range(stash_n)]
            after = STASH_X + stash_n * (CARD_W + 6) + 8
            prot_x = [after + i * (CARD_W + 6) for i in range(prot_n)]
        else:
            prot_room = min(room // 3, CARD_W + (prot_n - 1) * 24) if prot_n else 0
            stash_end = STASH_END - prot_room - (14 if prot_n else 0)
            stash_x = _spread(stash_n, STASH_X, stash_end, CARD_W + 6)
            prot_x = _spread(prot_n, STASH_END - prot_room, STASH_END, 24)
        seats.append(
            SeatLayout(
                row,
                tuple((x, card_y) for x in hassle_x),
                tuple((x, card_y) for x in stash_x),
                tuple((x, card_y) for x in prot_x),
            )
        )
        top += ROW + GAP
    recent_lines = min(RECENT, len(view.recent))
    recent_top = top + 4
    height = recent_top + (recent_lines * LINE + 28 if recent_lines else 0) + MARGIN
    return TableLayout((WIDTH, height), tuple(seats), recent_top)


def _status(view: GrassPublicView) -> tuple[str, RGB]:
    if view.phase is Phase.OVER:
        if len(view.winners) == 1:
            return f"Game over: {view.winners[0]} wins", GOLD
        return "Game over: shared win, " + ", ".join(view.winners), GOLD
    if view.phase is Phase.PASS:
        return "Paranoia pass: waiting for " + ", ".join(view.awaiting), INK
    if view.phase is Phase.OFFER and view.offer is not None:
        return f"{view.offer.by} offers {view.offer.to} a trade", INK
    extra = " (Nirvana extra turn)" if view.extra_turn else ""
    return f"{view.to_move} to play{extra}", INK


def _paste(image: Image.Image, card_face: Image.Image, xy: tuple[int, int]) -> None:
    image.paste(card_face, xy, card_face)


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: GrassPublicView) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER - 12), fill=FELT_DARK)
    text(image, (MARGIN + 12, 18), "GRASS", 34, GOLD, bold=True)
    sub = f"Hand {view.hand}  ·  first to {money(view.options.target)}"
    text(image, (MARGIN + 14, 64), sub, 20, INK_SOFT)
    status, colour = _status(view)
    status_left = 300
    status_right = WIDTH - MARGIN - 2 * CARD_W - 40
    size = fit_size(status, status_right - status_left, 28, min_size=18, bold=True)
    status = ellipsize(status, status_right - status_left, size, bold=True)
    text(image, (status_left, 34), status, size, colour, bold=True, anchor="lm")
    learning = "  ·  learning deck" if view.options.learning else ""
    trades = "trades open" if view.trading else "no trading"
    if view.options.secret_trades and view.trading:
        trades = "secret trades"
    text(image, (status_left, 72), f"{trades}{learning}", 19, INK_SOFT, anchor="lm")
    # Draw pile (a back with its count) and the discard pile's top card.
    y = (HEADER - 12 - CARD_H) // 2
    discard_x = WIDTH - MARGIN - CARD_W - 4
    draw_x = discard_x - CARD_W - 22
    if view.draw_pile:
        _paste(image, back(Size.MINI), (draw_x, y))
    else:
        draw.rounded_rectangle((draw_x, y, draw_x + CARD_W, y + CARD_H), 8, outline=INK_SOFT)
    pill(
        image,
        draw,
        (draw_x + CARD_W // 2, y + CARD_H - 30),
        str(view.draw_pile),
        17,
        INK,
        INK_DARK,
        anchor_x="m",
    )
    if view.discard_pile:
        _paste(image, face(view.discard_pile[-1], Size.MINI), (discard_x, y))
    else:
        draw.rounded_rectangle((discard_x, y, discard_x + CARD_W, y + CARD_H), 8, outline=INK_SOFT)
        text(image, (discard_x + CARD_W / 2, y + CARD_H / 2), "discard", 14, INK_SOFT, anchor="mm")


def _covered_mark(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """G12: a purple band with a shield across a covered peddle's foot."""
    band = (x + 3, y + CARD_H - 28, x + CARD_W - 4, y + CARD_H - 4)
    draw.rounded_rectangle(band, 6, fill=COVER)
    cx, cy = x + 15, y + CARD_H - 16
    draw.polygon(
        [
            (cx - 7, cy - 8),
            (cx, cy - 10),
            (cx + 7, cy - 8),
            (cx + 7, cy),
            (cx, cy + 8),
            (cx - 7, cy),
        ],
        fill=(255, 255, 255),
    )
    text(image, (x + 23, cy), "SAFE", 13, (255, 255, 255), bold=True, anchor="lm")


@functools.lru_cache(maxsize=4)
def _row_tile(moving: bool, winner: bool) -> Image.Image:
    """A seat row's empty panel on felt, with its shadow (the same on every render, so
    drawn once; the mover's is outlined gold with an arrow, a winner's outlined gold)."""
    tile = Image.new("RGB", (WIDTH, ROW + GAP), FELT)
    draw = ImageDraw.Draw(tile)
    edge = GOLD if moving or winner else PANEL_EDGE
    box = (MARGIN, 0, WIDTH - MARGIN, ROW)
    panel(
        draw,
        box,
        PANEL,
        corner_radius=16,
        outline=edge,
        outline_width=4 if moving else 2,
        shadow=FELT_DARK,
    )
    if moving:
        draw.polygon([(MARGIN - 2, 40), (MARGIN + 14, 52), (MARGIN - 2, 64)], fill=GOLD)
    return tile


def _seat(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GrassPublicView,
    seat: SeatView,
    where: SeatLayout,
) -> None:
    x0, y0, x1, y1 = where.row
    moving = seat.name == view.to_move and not view.over
    winner = seat.name in view.winners
    image.paste(_row_tile(moving, winner), (0, y0))
    # Name, total, state badges.
    name = ellipsize(seat.name, MARKET_X - x0 - 36, 27, bold=True)
    text(image, (x0 + 20, y0 + 12), name, 27, GOLD if winner else INK, bold=True)
    total_w = text(image, (x0 + 20, y0 + 48), money(seat.total), 22, INK_SOFT, bold=True)
    fill, ink = STATE_COLOURS[seat.market]
    state = seat.market.value.upper()
    if len(seat.heat) > 1:  # G8: stacked Heat On cards, each to be lifted
        state += f" x{len(seat.heat)}"
    box = pill(image, draw, (x0 + 18, y0 + 82), state, 17, fill, ink)
    badge_x = box[2] + 6
    if seat.skip:  # G3: lost turns owed; beside the total when the state badge is wide
        label = f"skips {seat.skip}"
        xy = (badge_x, y0 + 82)
        if badge_x + text_width(label, 17, bold=True) + 17 > MARKET_X - 8:
            xy = (x0 + 28 + total_w, y0 + 47)
        pill(image, draw, xy, label, 17, ALERT, (255, 255, 255))
    # Hassle pile: Market Open, Heat On stack over it (G6, G8).
    if seat.hassle:
        for card, xy in zip(seat.hassle, where.hassle, strict=True):
            _paste(image, face(card, Size.MINI), xy)
    else:
        y = y0 + (ROW - CARD_H) // 2
        draw.rounded_rectangle((MARKET_X, y, MARKET_X + CARD_W, y + CARD_H), 8, outline=INK_SOFT)
        text(image, (MARKET_X + CARD_W / 2, y + CARD_H / 2 - 9), "no", 15, INK_SOFT, anchor="mm")
        text(
            image, (MARKET_X + CARD_W / 2, y + CARD_H / 2 + 9), "market", 15, INK_SOFT, anchor="mm"
        )
    # Stash piles, covered peddles marked (G12), then the Protect cards played.
    for pile, (x, y) in zip(stash_piles(seat), where.stash, strict=True):
        mini = face(pile.card, Size.MINI)
        if pile.count > 1:  # the cards under the top one peek out above it
            _paste(image, mini, (x + 4, y - 6))
        _paste(image, mini, (x, y))
        if pile.covered:
            _covered_mark(image, draw, x, y)
        if pile.count > 1:
            pill(
                image,
                draw,
                (x + CARD_W + 2, y - 10),
                f"x{pile.count}",
                15,
                GOLD,
                INK_DARK,
                anchor_x="r",
            )
    for card, xy in zip(seat.protection, where.protection, strict=True):
        _paste(image, face(card, Size.MINI), xy)
    if not seat.stash and not seat.protection:
        text(image, (STASH_X + 6, (y0 + y1) / 2), "empty stash", 19, INK_SOFT, anchor="lm")
    # Stash value and cards in hand, right-aligned.
    value = sum(s.card.value_usd for s in seat.stash)
    text(image, (INFO_X, y0 + 14), "stash", 18, INK_SOFT, anchor="ra")
    size = fit_size(money(value), x1 - STASH_END - 28, 22, min_size=14, bold=True)
    text(image, (INFO_X, y0 + 38), money(value), size, INK, bold=True, anchor="ra")
    if seat.to_pass or seat.passed:  # G13: in a pass the hand matters, not its size
        label = "passing" if seat.to_pass else "passed"
        pill(image, draw, (INFO_X, y0 + 82), label, 17, GOLD, INK_DARK, anchor_x="r")
    else:
        hand = f"{seat.hand_size} in hand"
        text(image, (INFO_X, y0 + 86), hand, 18, INK_SOFT, anchor="ra")


def table_image(view: GrassPublicView) -> Image.Image:
    """The public table: takes only the public view (hidden cards cannot reach it)."""
    if not isinstance(view, GrassPublicView):
        raise TypeError(f"table_image draws a GrassPublicView only, not {type(view).__name__}")
    where = layout(view)
    image = Image.new("RGB", where.size, FELT)
    draw = ImageDraw.Draw(image)
    _header(image, draw, view)
    for seat, seat_layout in zip(view.seats, where.seats, strict=True):
        _seat(image, draw, view, seat, seat_layout)
    recent = view.recent[-RECENT:]
    if recent:
        top = where.recent_top
        box = (MARGIN, top, WIDTH - MARGIN, top + len(recent) * LINE + 20)
        panel(draw, box, FELT_DARK)
        for index, line in enumerate(recent):
            newest = index == len(recent) - 1
            y = top + 10 + index * LINE + LINE / 2
            # The newest line is white with a gold dot (regular weight: a long bold line
            # is the costliest text to draw, and each move brings a new one).
            content = ellipsize(line, WIDTH - 2 * MARGIN - 52, 22)
            text(image, (MARGIN + 32, y), content, 22, INK if newest else INK_SOFT, anchor="lm")
            if newest:
                draw.ellipse((MARGIN + 14, y - 5, MARGIN + 24, y + 5), fill=GOLD)
    return image
