"""The Grass table image: the public table (G6, G12), drawn for a phone first.

`table_image` takes only a `GrassPublicView`: it cannot draw a card it was not
given, so no private card reaches the channel through it. The picture is 640 px wide,
about the width a phone's chat column shows it at (360 px) times 1.8, so that every
text reads at least 9 px there and what a turn depends on at least 12 px
(render/measure.py; tests/render/test_legibility.py measures every text).

One panel per seat, in seat order, stacked (a portrait table, whatever the number of
players): the name and the running total on the first line; the market's state (G6),
the lost turns owed (G3), the stash's value and the cards in hand on the second; then
the cards: the hassle pile (Market Open with the Heat On stack fanned over it, oldest
first), the stash as one pile per value with its count and its covered peddles
counted (G12), and the Protect cards played, one pile per value too. Piles by value
keep every card side by side, so no card hides another's value: four peddle values
and two Protect values fit a row beside the Market Open. The header holds the hand
number, whose turn it is, the draw pile and the discard pile's top card, each
captioned; the footer the last public events.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.grass.cards import Card
from games.grass.views import GrassPublicView, Market, Phase, SeatView
from games.text import Money, Text, _, _n, _p, joined
from lang import speaking_now, spoken
from render.grass.cards import Size, back, face
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
    TextStyle,
    Tiles,
    ellipsize,
    hex_rgb,
    log_panel,
    money,
    panel,
    pill,
    text,
    text_width,
    wrap,
)

WIDTH = 640
MARGIN = 12
HEADER = 176
ROW = 216  # a seat's panel: two lines of words over a row of cards
GAP = 8
RECENT = 6
LINE = 34  # one recent event
CARD_W, CARD_H = Size.MINI.value

# Font sizes: at 640 px shown 360 px wide, 16 px reads 9 px and 22 px reads 12 px.
SMALL = 16  # the smallest text: captions, labels
BADGE = 22  # market state, lost turns, a Paranoia pass: key texts on badges
NAME = TextStyle(26, bold=True)
TOTAL = TextStyle(26, bold=True)  # the running total and the stash's value
STATUS = TextStyle(26, bold=True)  # whose turn it is
HAND = TextStyle(22)  # cards in hand
LOG = TextStyle(22)  # the recent events, the last move among them
PHONE_TEXTS = {"name": NAME, "money": TOTAL, "whose turn": STATUS, "last move": LOG}

LEFT = MARGIN + 8  # the panels' contents start here
RIGHT = WIDTH - MARGIN - 8  # and end here
LINE_1 = 12  # the name and the total, from the panel's top
LINE_2 = 52  # the badges, the stash's value and the cards in hand
CARDS_Y = 100  # the cards' top
MARKET_W = CARD_W + 48  # the hassle pile: Heat On cards fanned over the Market Open
STEP = CARD_W + 4  # from one pile to the next: side by side, every value in sight
PROTECT_GAP = 6  # between the stash and the Protect cards

COVER = hex_rgb("#6b3fa0")  # Protect purple: the covered-peddle band
STATE_COLOURS: dict[Market, tuple[RGB, RGB]] = {
    Market.OPEN: (hex_rgb("#2f8f46"), (255, 255, 255)),
    Market.BLOCKED: (hex_rgb("#cc2f2a"), (255, 255, 255)),
    Market.CLOSED: (hex_rgb("#5b6b63"), (235, 235, 235)),
}
# The market's state on the badge under a player's name (G6), in capitals.
STATE_BADGES: dict[Market, Text] = {
    # TRANSLATORS: a Grass market's state, on a small badge in capitals (G6).
    Market.OPEN: _p("market state", "OPEN"),
    # TRANSLATORS: a Grass market's state, on a small badge in capitals (G6).
    Market.BLOCKED: _p("market state", "BLOCKED"),
    # TRANSLATORS: a Grass market's state, on a small badge in capitals (G6).
    Market.CLOSED: _p("market state", "CLOSED"),
}


@dataclass(frozen=True, slots=True)
class SeatLayout:
    """Where one seat's row and its cards sit (tests look up pixels with it)."""

    row: tuple[int, int, int, int]
    hassle: tuple[tuple[int, int], ...]  # Market Open then Heat On cards, top-left corners
    stash: tuple[tuple[int, int], ...]  # one per stash pile (`stash_piles`)
    protection: tuple[tuple[int, int], ...]  # one per Protect pile (`protect_piles`)


@dataclass(frozen=True, slots=True)
class Pile:
    """Cards of one value drawn as one card with a count, highest value first. A pile
    of mixed types (Home Grown and Mexico, Grab a Snack and Catch a Buzz) shows the
    type it holds most of; `covered` counts its covered peddles (G12)."""

    card: Card
    covered: int
    count: int


def _piles(cards: list[tuple[Card, bool]]) -> tuple[Pile, ...]:
    groups: dict[int, list[tuple[Card, bool]]] = {}
    for card, covered in cards:
        groups.setdefault(card.value_usd, []).append((card, covered))
    piles = []
    for group in groups.values():
        types = [card for card, _ in group]
        shown = max(types, key=types.count)
        piles.append(Pile(shown, sum(covered for _, covered in group), len(group)))
    piles.sort(key=lambda pile: -pile.card.value_usd)
    return tuple(piles)


def stash_piles(seat: SeatView) -> tuple[Pile, ...]:
    """The stash by value: a covered peddle shares its pile with uncovered ones of
    its value, counted on the pile's band (G12)."""
    return _piles([(s.card, s.covered) for s in seat.stash])


def protect_piles(seat: SeatView) -> tuple[Pile, ...]:
    return _piles([(card, False) for card in seat.protection])


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
        card_y = top + CARDS_Y
        hassle_x = _spread(max(1, len(seat.hassle)), LEFT, LEFT + MARKET_W, 24)
        # The stash starts right of the hassle pile (its outline when empty).
        stash_x = hassle_x[-1] + CARD_W + 8
        hassle_x = hassle_x[: len(seat.hassle)]
        stash_n, prot_n = len(stash_piles(seat)), len(protect_piles(seat))
        gap = PROTECT_GAP if stash_n and prot_n else 0
        xs = _spread(stash_n + prot_n, stash_x, RIGHT - gap - 4, STEP)
        # The most piles (4 peddle values and 2 Protect values, G1, G12) fit side by
        # side beside a lone Market Open; beside Heat On cards (G8) they close up.
        stash_at, prot_x = xs[:stash_n], [x + gap for x in xs[stash_n:]]
        seats.append(
            SeatLayout(
                row,
                tuple((x, card_y) for x in hassle_x),
                tuple((x, card_y) for x in stash_at),
                tuple((x, card_y) for x in prot_x),
            )
        )
        top += ROW + GAP
    recent_lines = min(RECENT, len(view.recent))
    recent_top = top + 4
    height = recent_top + (recent_lines * LINE + 28 if recent_lines else 0) + MARGIN
    return TableLayout((WIDTH, height), tuple(seats), recent_top)


def _status(view: GrassPublicView) -> tuple[Text, RGB]:
    if view.phase is Phase.OVER:
        if len(view.winners) == 1:
            return _("Game over: {player} wins", player=view.winners[0]), GOLD
        # TRANSLATORS: {players} are the winners' names, separated by commas.
        return _("Game over: shared win, {players}", players=joined(", ", view.winners)), GOLD
    if view.phase is Phase.PASS:
        # TRANSLATORS: {players} are the names of those still to choose a card to pass.
        waiting = _("Paranoia pass: waiting for {players}", players=joined(", ", view.awaiting))
        return waiting, INK
    if view.phase is Phase.OFFER and view.offer is not None:
        return _("{player} offers {other} a trade", player=view.offer.by, other=view.offer.to), INK
    if view.extra_turn:
        return _("{player} to play (Nirvana extra turn)", player=view.to_move), INK
    return _("{player} to play", player=view.to_move), INK


def _paste(image: Image.Image, card_face: Image.Image, xy: tuple[int, int]) -> None:
    image.paste(card_face, xy, card_face)


def _pile_of_cards(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    picture: Image.Image | None,
    caption: Text,
) -> None:
    """A header pile: its top card, or an empty outline, captioned below in words (a
    discarded card alone, "Crossed" say, would not tell what the pile is)."""
    x, y = xy
    if picture is None:
        draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 8, outline=INK_SOFT)
        # TRANSLATORS: in the outline of a pile (draw pile, discard pile) with no card.
        empty = _p("pile", "empty")
        text(image, (x + CARD_W / 2, y + CARD_H / 2), empty, SMALL, INK_SOFT, anchor="mm")
    else:
        _paste(image, picture, xy)
    text(image, (x + CARD_W / 2, y + CARD_H + 14), caption, SMALL, INK_SOFT, anchor="mm")


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: GrassPublicView) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER - 8), fill=FELT_DARK)
    # The draw pile (a back with its count) and the discard pile's top card, right.
    y = 10
    discard_x = WIDTH - MARGIN - CARD_W - 6
    draw_x = discard_x - CARD_W - 16
    _pile_of_cards(
        image, draw, (draw_x, y), back(Size.MINI) if view.draw_pile else None, _("draw pile")
    )
    if view.draw_pile:
        xy = (draw_x + CARD_W // 2, y + CARD_H - 34)
        pill(image, draw, xy, str(view.draw_pile), 18, INK, INK_DARK, anchor_x="m")
    top = face(view.discard_pile[-1], Size.MINI) if view.discard_pile else None
    _pile_of_cards(image, draw, (discard_x, y), top, _("discard pile"))
    # The game, the hand and its options, left of the piles.
    right = draw_x - 14
    text(image, (LEFT, 12), "GRASS", 32, GOLD, bold=True)
    # TRANSLATORS: {target} is the running total that wins the game: "$250,000".
    sub = _("Hand {hand}  ·  first to {target}", hand=view.hand, target=Money(view.options.target))
    facts = (LEFT, 50, right, 100)
    trades = _("trades open") if view.trading else _("no trading")
    if view.options.secret_trades and view.trading:
        trades = _("secret trades")
    options = [trades, _("learning deck")] if view.options.learning else [trades]
    for fact, y_fact in ((sub, 60), (joined("  ·  ", options), 84)):
        shown = ellipsize(fact, right - LEFT, 18)
        text(image, (LEFT, y_fact), shown, 18, INK_SOFT, anchor="lm", area=facts)
    # Whose turn it is, on two lines when it is long (a Paranoia pass names everyone).
    status, colour = _status(view)
    lines = wrap(status, right - LEFT, STATUS.size, bold=True)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    lines = [ellipsize(line, right - LEFT, STATUS.size, bold=True) for line in lines]
    middle = (104 + HEADER - 8) / 2
    area = (LEFT, 100, right, HEADER - 8)
    for index, line in enumerate(lines):
        at = (LEFT, middle + (index - (len(lines) - 1) / 2) * 32)
        text(image, at, line, STATUS.size, colour, bold=True, anchor="lm", area=area, key=True)


def _covered_mark(
    image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, pile: Pile
) -> None:
    """G12: a purple band with a shield across a pile's foot, saying how many of its
    peddles are covered when not all are."""
    band = (x + 3, y + CARD_H - 30, x + CARD_W - 4, y + CARD_H - 4)
    draw.rounded_rectangle(band, 6, fill=COVER)
    if pile.covered == pile.count:
        # TRANSLATORS: on a band across a pile of peddles that are all covered (G12), in
        # capitals; it must stay as short as "SAFE".
        label = _p("covered peddles", "SAFE")
    else:
        # TRANSLATORS: on a band across a pile, how many of its peddles are covered (G12);
        # it must stay as short as "2 SAFE".
        label = _p("covered peddles", "{count} SAFE", count=pile.covered)
    white = (255, 255, 255)
    cx, cy = x + 13, (band[1] + band[3]) / 2
    room = band[2] - (x + 21) - 2
    if text_width(label, SMALL, bold=True) > room:
        if pile.covered == pile.count:  # a longer word than "SAFE": words alone
            middle = ((band[0] + band[2]) / 2, cy)
            shown = ellipsize(label, band[2] - band[0] - 4, SMALL, bold=True)
            text(image, middle, shown, SMALL, white, bold=True, anchor="mm", area=band)
            return
        label = Text.verbatim("{count}", count=pile.covered)  # the shield says the rest
    draw.polygon(
        [
            (cx - 6, cy - 8),
            (cx, cy - 10),
            (cx + 6, cy - 8),
            (cx + 6, cy),
            (cx, cy + 8),
            (cx - 6, cy),
        ],
        fill=white,
    )
    text(image, (x + 21, cy), label, SMALL, white, bold=True, anchor="lm", area=band)


@functools.lru_cache(maxsize=4)
def _row_tile(moving: bool, winner: bool) -> Image.Image:
    """A seat's empty panel on felt, with its shadow (the same on every render, so
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
        draw.polygon([(MARGIN - 2, 14), (MARGIN + 10, 26), (MARGIN - 2, 38)], fill=GOLD)
    return tile


def _words(
    image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatView, where: SeatLayout, winner: bool
) -> None:
    """The name and the running total; the market's state (G6), the lost turns owed
    (G3), the stash's value and the cards in hand (or a Paranoia pass, G13)."""
    y0 = where.row[1]
    # TRANSLATORS: before a player's running total in dollars, drawn after it.
    label = _p("running total", "total")
    total = money(seat.total)
    baseline = y0 + LINE_1 + 26
    total_w = text(
        image, (RIGHT, baseline), total, TOTAL.size, INK, bold=True, anchor="rs", key=True
    )
    label_w = text(image, (RIGHT - total_w - 8, baseline), label, SMALL, INK_SOFT, anchor="rs")
    room = RIGHT - LEFT - total_w - label_w - 24
    name = ellipsize(seat.name, room, NAME.size, bold=True)
    text(image, (LEFT, baseline), name, NAME.size, GOLD if winner else INK, bold=True, anchor="ls")
    # The second line: badges left, the stash's value and the hand right.
    top = y0 + LINE_2
    line = (LEFT - 4, top - 4, RIGHT + 4, top + 36)
    if seat.to_pass or seat.passed:  # G13: in a pass the hand matters, not its size
        # TRANSLATORS: a badge in a Paranoia pass (G13): the player is still to choose a
        # card to pass, or has chosen it.
        passing = _p("paranoia pass", "passing") if seat.to_pass else _p("paranoia pass", "passed")
        box = pill(
            image, draw, (RIGHT, top), passing, BADGE, GOLD, INK_DARK, anchor_x="r", key=True
        )
        right = box[0] - 12
    else:
        hand = _n("{count} in hand", "{count} in hand", seat.hand_size)
        middle = top + 16
        right = RIGHT - text(image, (RIGHT, middle), hand, HAND.size, INK, anchor="rm", key=True)
        right -= 16
    value = money(sum(s.card.value_usd for s in seat.stash))
    value_w = text(
        image, (right, top + 16), value, HAND.size, INK, bold=True, anchor="rm", key=True
    )
    # TRANSLATORS: before the value of a player's stash, in dollars.
    stash = _p("stash value", "stash")
    left_end = right - value_w - 6
    left_end -= text(image, (left_end, top + 16), stash, SMALL, INK_SOFT, anchor="rm", area=line)
    state = STATE_BADGES[seat.market]
    if len(seat.heat) > 1:  # G8: stacked Heat On cards, each to be lifted
        # TRANSLATORS: a market's state badge and how many Heat On cards are stacked on
        # it (G8): "BLOCKED x2".
        state = _("{state} x{count}", state=state, count=len(seat.heat))
    fill, ink = STATE_COLOURS[seat.market]
    box = pill(image, draw, (LEFT - 4, top), state, BADGE, fill, ink, area=line, key=True)
    if seat.skip:
        # TRANSLATORS: a badge: the player loses their next {count} turns (G3).
        skip = _n("skips {count}", "skips {count}", seat.skip)
        pill(
            image, draw, (box[2] + 6, top), skip, BADGE, ALERT, (255, 255, 255), area=line, key=True
        )


def _pile(image: Image.Image, draw: ImageDraw.ImageDraw, pile: Pile, xy: tuple[int, int]) -> None:
    x, y = xy
    mini = face(pile.card, Size.MINI)
    if pile.count > 1:  # the cards under the top one peek out above it
        _paste(image, mini, (x + 4, y - 6))
    _paste(image, mini, (x, y))
    if pile.covered:
        _covered_mark(image, draw, x, y, pile)
    if pile.count > 1:
        pill(
            image,
            draw,
            (x + CARD_W + 2, y - 10),
            # TRANSLATORS: a small badge on a pile: how many cards it holds ("x3").
            _p("pile", "x{count}", count=pile.count),
            18,
            GOLD,
            INK_DARK,
            anchor_x="r",
        )


# A seat's panel is kept for as long as it shows the same (about 0.45 MB each): the
# last few moves of several tables at once.
_SEATS = Tiles(48)


def _shifted(where: SeatLayout, dy: int) -> SeatLayout:
    def moved(points: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        return tuple((x, y + dy) for x, y in points)

    x0, y0, x1, y1 = where.row
    return SeatLayout(
        (x0, y0 + dy, x1, y1 + dy),
        moved(where.hassle),
        moved(where.stash),
        moved(where.protection),
    )


def _seat(image: Image.Image, view: GrassPublicView, seat: SeatView, where: SeatLayout) -> None:
    """A seat's panel, drawn on its own tile (from a move to the next most seats stay
    the same: the tile is kept) and pasted in its row."""
    y0 = where.row[1]
    moving = seat.name == view.to_move and not view.over
    winner = seat.name in view.winners
    key = (speaking_now(), seat, moving, winner)
    tile = _SEATS.get(key, lambda: _seat_tile(seat, _shifted(where, -y0), moving, winner))
    image.paste(tile, (0, y0))


def _seat_tile(seat: SeatView, where: SeatLayout, moving: bool, winner: bool) -> Image.Image:
    """The seat's panel on a tile of its own (`where` measured from the tile's top)."""
    image = _row_tile(moving, winner).copy()
    draw = ImageDraw.Draw(image)
    y0 = where.row[1]
    _words(image, draw, seat, where, winner)
    # Hassle pile: Market Open, Heat On stack over it (G6, G8).
    y = y0 + CARDS_Y
    if seat.hassle:
        for card, xy in zip(seat.hassle, where.hassle, strict=True):
            _paste(image, face(card, Size.MINI), xy)
    else:
        draw.rounded_rectangle((LEFT, y, LEFT + CARD_W, y + CARD_H), 8, outline=INK_SOFT)
        # TRANSLATORS: in an empty card outline 80 px wide, one short word a line: the
        # line break separates the lines.
        lines = spoken(_("no\nmarket")).split("\n")
        for index, line in enumerate(lines):
            middle = y + CARD_H / 2 + (index - (len(lines) - 1) / 2) * 20
            text(image, (LEFT + CARD_W / 2, middle), line, SMALL, INK_SOFT, anchor="mm")
    # Stash piles, covered peddles counted (G12), then the Protect cards played.
    for pile, xy in zip(stash_piles(seat), where.stash, strict=True):
        _pile(image, draw, pile, xy)
    for pile, xy in zip(protect_piles(seat), where.protection, strict=True):
        _pile(image, draw, pile, xy)
    if not seat.stash and not seat.protection:
        empty = _("empty stash")
        x = (where.hassle[-1][0] if where.hassle else LEFT) + CARD_W + 16
        text(image, (x, y + CARD_H / 2), empty, 18, INK_SOFT, anchor="lm")
    return image


def _recent(
    image: Image.Image, draw: ImageDraw.ImageDraw, lines: tuple[str, ...], top: int
) -> None:
    """The last public events (the engine's texts, translated as they are drawn)."""
    box = (MARGIN, top, WIDTH - MARGIN, top + len(lines) * LINE + 20)
    log_panel(image, draw, box, lines, LINE, LOG.size)


def table_image(view: GrassPublicView) -> Image.Image:
    """The public table: takes only the public view (hidden cards cannot reach it)."""
    if not isinstance(view, GrassPublicView):
        raise TypeError(f"table_image draws a GrassPublicView only, not {type(view).__name__}")
    where = layout(view)
    image = Image.new("RGB", where.size, FELT)
    draw = ImageDraw.Draw(image)
    _header(image, draw, view)
    for seat, seat_layout in zip(view.seats, where.seats, strict=True):
        _seat(image, view, seat, seat_layout)
    recent = view.recent[-RECENT:]
    if recent:
        _recent(image, draw, recent, where.recent_top)
    return image
