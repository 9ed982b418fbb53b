"""The Grass table image: the cards on the public table (G6, G12), drawn for a phone first.

`table_image` takes only a `GrassPublicView`: it cannot draw a card it was not
given, so no private card reaches the channel through it. The picture is 640 px wide,
about the width a phone's chat column shows it at (360 px) times 1.8, so that every
text reads at least 9 px there and what a turn depends on at least 12 px
(render/measure.py; tests/render/test_legibility.py measures every text).

The table message says the figures in native text around the picture (bot/exts/grass/
ui.py): over it the game, whose turn it is and one line per seat (running total,
market state, stash value, cards in hand, lost turns), under it the last actions. So
the picture draws only what words tell badly, the cards lying on the table, and stays
short: a phone shows the whole message on about one screen, and a desktop, which fits
a lone picture in a box about 550 x 350 px, does not shrink it to a thumbnail.

A header holds the hand number, the target and the trading options, whose turn it is,
and the draw pile and the discard pile's top card, captioned. Under it one tile per
seat, two a row in seat order, left to right (a lone last tile centred): the name
(gold outline and a marker for the player to move, a badge while a Paranoia pass
waits for their choice, G13), then the cards: the hassle pile (Market Open with the
Heat On stack fanned over it, oldest first, G6, G8; an empty outline when there is no
market), the stash as one pile per value with its count and its covered peddles
counted (G12), and the Protect cards played, one pile per value too. A card's value
spans its face's whole width, so piles never overlap by more than the rim beside it:
up to two piles lie beside the hassle pile as whole cards; more are drawn as short
cards (a face's top, where its value is, over a band for the covered peddles) in two
rows, which hold the most a table can show (four peddle values and two Protect
values, G1, G12) in a tile's width.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.grass.cards import Card
from games.grass.views import GrassPublicView, Phase, SeatView
from games.text import Money, Text, _, _p, joined
from lang import speaking_now, spoken
from render.grass.cards import EDGE, MINI_VALUE, RIM, Size, back, face, style
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
    Tiles,
    ellipsize,
    hex_rgb,
    panel,
    pill,
    text,
    text_width,
    wrap,
)

WIDTH = 640
MARGIN = 7  # from the picture's edges to the tiles
GAP = 6  # between two tiles
TILE_W = (WIDTH - 2 * MARGIN - GAP) // 2  # 310
HEADER = 138
CARD_W, CARD_H = Size.MINI.value

# Font sizes: at 640 px shown 360 px wide, 16 px reads 9 px and 22 px reads 12 px.
SMALL = 16  # the smallest text: captions, labels
FACTS = 18  # the hand, the target, the options
BADGE = 22  # a Paranoia pass: a key text on a badge
COUNT = 18  # how many cards a pile holds, on its badge
NAME = TextStyle(24, bold=True)
STATUS = TextStyle(26, bold=True)  # whose turn it is
CARD_VALUE = TextStyle(MINI_VALUE, bold=True)  # the smallest value a table card shows
# The last move is no longer drawn: it is native text under the picture.
PHONE_TEXTS = {"name": NAME, "whose turn": STATUS, "card value": CARD_VALUE}

# A tile, measured from its own top left corner.
LEFT = 5  # the cards start here
RIGHT = TILE_W - 5  # and end here
NAME_X = LEFT + 12  # right of the mover's marker
NAME_BASELINE = 31
CARDS_Y = 52  # the cards' top: room above for a pile's count badge and its peeking card
SHORT_W, SHORT_H = 76, 60  # a short card: a face's top (its value), a band, the rim
SHORT_VALUE_H = 38  # a face's rows down to its value's foot (render/grass/cards.py)
SHORT_ROW_GAP = 12  # between two rows of short cards: the lower row's count badges
AREA_H = 2 * SHORT_H + SHORT_ROW_GAP  # the cards' height, whichever way they are drawn
TILE_H = CARDS_Y + AREA_H + 6
# A face's value ink stops short of x 74 in every language, a short card's of x 72
# (tests/render/test_grass.py): the next pile may cover the rim beyond, not a digit.
CARD_STEP, CARD_STEP_MIN = CARD_W + 4, 76
SHORT_STEP, SHORT_STEP_MIN = SHORT_W + 4, 74
HASSLE_GAP = 10  # between the hassle pile and the stash
FAN = 48  # the widest the Heat On cards fan right over the Market Open (G8)
FAN_STEP = 24  # and the farthest apart two of them lie
FAN_STEP_MIN = 12  # closer, a card would show as a line: the stack fans down instead
WHOLE_CARDS_MOST = 2  # piles beside the hassle pile as whole cards; more are short

COVER = hex_rgb("#6b3fa0")  # Protect purple: the covered-peddle band


@dataclass(frozen=True, slots=True)
class SeatLayout:
    """Where one seat's tile and its cards sit (tests look up pixels with it)."""

    row: tuple[int, int, int, int]  # the tile's box
    hassle: tuple[tuple[int, int], ...]  # Market Open then Heat On cards, top-left corners
    stash: tuple[tuple[int, int], ...]  # one per stash pile (`stash_piles`)
    protection: tuple[tuple[int, int], ...]  # one per Protect pile (`protect_piles`)
    short: bool = False  # the piles drawn as short cards, in two rows

    @property
    def pile_size(self) -> tuple[int, int]:
        """The width and height of one of the seat's stash or Protect cards."""
        return (SHORT_W, SHORT_H) if self.short else (CARD_W, CARD_H)


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


def _spread(count: int, left: int, right: int, step: int, width: int = CARD_W) -> list[int]:
    """x of `count` cards `width` wide from `left`, closer than `step` when they do not
    fit before `right`."""
    if count == 0:
        return []
    if count > 1:
        step = min(step, (right - left - width) // (count - 1))
    return [left + i * step for i in range(count)]


def _seat_layout(seat: SeatView) -> SeatLayout:
    """A seat's cards in its tile, measured from the tile's top left corner."""
    stash_n = len(stash_piles(seat))
    piles = stash_n + len(protect_piles(seat))
    short = piles > WHOLE_CARDS_MOST
    rows = 2 if short else 1
    columns = math.ceil(piles / rows)
    width, step, step_min = (
        (SHORT_W, SHORT_STEP, SHORT_STEP_MIN) if short else (CARD_W, CARD_STEP, CARD_STEP_MIN)
    )
    block = width + (columns - 1) * step if columns else 0
    # The Heat On cards fan right while the piles leave room, else down the tile.
    hassle_n = max(1, len(seat.hassle))
    fan = min(FAN, FAN_STEP * (hassle_n - 1))
    room = RIGHT - LEFT - CARD_W - (HASSLE_GAP + block if columns else 0)
    if hassle_n == 1 or room >= FAN_STEP_MIN * (hassle_n - 1):
        fan = min(fan, room)
        hassle_x = _spread(hassle_n, LEFT, LEFT + CARD_W + fan, FAN_STEP)
        hassle = [(x, CARDS_Y) for x in hassle_x]
        start = hassle_x[-1] + CARD_W + HASSLE_GAP
    else:
        drop = min(FAN_STEP, (AREA_H - CARD_H) // (hassle_n - 1))
        hassle = [(LEFT, CARDS_Y + i * drop) for i in range(hassle_n)]
        start = LEFT + CARD_W + HASSLE_GAP
    if columns > 1 and (RIGHT - start - width) // (columns - 1) < step_min:
        # The fullest stash: the piles close up on the hassle pile, over its rim only.
        start = RIGHT - width - (columns - 1) * step_min
    xs = _spread(columns, start, RIGHT, step, width)
    spots = [
        (xs[index % columns], CARDS_Y + (index // columns) * (SHORT_H + SHORT_ROW_GAP))
        for index in range(piles)
    ]
    return SeatLayout(
        (0, 0, TILE_W, TILE_H),
        tuple(hassle[: len(seat.hassle)]),
        tuple(spots[:stash_n]),
        tuple(spots[stash_n:]),
        short,
    )


def _tile_origins(players: int) -> list[tuple[int, int]]:
    """The top left corner of each seat's tile: two a row, a lone last one centred."""
    origins = []
    for index in range(players):
        row, column = divmod(index, 2)
        x = MARGIN + column * (TILE_W + GAP)
        if index == players - 1 and column == 0:
            x = (WIDTH - TILE_W) // 2
        origins.append((x, HEADER + row * (TILE_H + GAP)))
    return origins


def _moved(where: SeatLayout, dx: int, dy: int) -> SeatLayout:
    def moved(points: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        return tuple((x + dx, y + dy) for x, y in points)

    x0, y0, x1, y1 = where.row
    return SeatLayout(
        (x0 + dx, y0 + dy, x1 + dx, y1 + dy),
        moved(where.hassle),
        moved(where.stash),
        moved(where.protection),
        where.short,
    )


def layout(view: GrassPublicView) -> TableLayout:
    """The table's geometry for this view."""
    origins = _tile_origins(len(view.seats))
    seats = tuple(
        _moved(_seat_layout(seat), x, y) for seat, (x, y) in zip(view.seats, origins, strict=True)
    )
    rows = math.ceil(len(view.seats) / 2)
    # The last row's shadow and a margin under it.
    return TableLayout((WIDTH, HEADER + rows * (TILE_H + GAP) + 2), seats)


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
    text(image, (x + CARD_W / 2, y + CARD_H + 12), caption, SMALL, INK_SOFT, anchor="mm")


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: GrassPublicView) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER - 6), fill=FELT_DARK)
    # The draw pile (a back with its count) and the discard pile's top card, right.
    y = 6
    discard_x = WIDTH - MARGIN - CARD_W - 4
    draw_x = discard_x - CARD_W - 14
    _pile_of_cards(
        image, draw, (draw_x, y), back(Size.MINI) if view.draw_pile else None, _("draw pile")
    )
    if view.draw_pile:
        xy = (draw_x + CARD_W // 2, y + CARD_H - 34)
        pill(image, draw, xy, str(view.draw_pile), 18, INK, INK_DARK, anchor_x="m")
    top = face(view.discard_pile[-1], Size.MINI) if view.discard_pile else None
    _pile_of_cards(image, draw, (discard_x, y), top, _("discard pile"))
    # The game, the hand and its options, left of the piles.
    left, right = MARGIN + 6, draw_x - 14
    title_w = text(image, (left, 34), "GRASS", 30, GOLD, bold=True, anchor="ls")
    # TRANSLATORS: {target} is the running total that wins the game: "$250,000".
    sub = _("Hand {hand}  ·  first to {target}", hand=view.hand, target=Money(view.options.target))
    facts = (left, 8, right, 70)
    shown = ellipsize(sub, right - left - title_w - 14, FACTS)
    text(image, (left + title_w + 14, 34), shown, FACTS, INK_SOFT, anchor="ls", area=facts)
    trades = _("trades open") if view.trading else _("no trading")
    if view.options.secret_trades and view.trading:
        trades = _("secret trades")
    options = [trades, _("learning deck")] if view.options.learning else [trades]
    shown = ellipsize(joined("  ·  ", options), right - left, FACTS)
    text(image, (left, 58), shown, FACTS, INK_SOFT, anchor="ls", area=facts)
    # Whose turn it is, on two lines when it is long (a Paranoia pass names everyone).
    status, colour = _status(view)
    lines = wrap(status, right - left, STATUS.size, bold=True)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    lines = [ellipsize(line, right - left, STATUS.size, bold=True) for line in lines]
    middle = (70 + HEADER - 6) / 2
    area = (left, 68, right, HEADER - 6)
    for index, line in enumerate(lines):
        at = (left, middle + (index - (len(lines) - 1) / 2) * 30)
        text(image, at, line, STATUS.size, colour, bold=True, anchor="lm", area=area, key=True)


def _covered_mark(
    image: Image.Image, draw: ImageDraw.ImageDraw, band: tuple[int, int, int, int], pile: Pile
) -> None:
    """G12: a purple band with a shield across a pile's foot, saying how many of its
    peddles are covered when not all are."""
    x = band[0] - 3
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
    width = text_width(label, SMALL, bold=True)
    if width > room:
        # No room for the shield too: the words alone while they fit, else the shield
        # and the count (a short card's band is narrower than a whole card's).
        if width <= band[2] - band[0] - 2 or pile.covered == pile.count:
            middle = ((band[0] + band[2]) / 2, cy)
            shown = ellipsize(label, band[2] - band[0] - 2, SMALL, bold=True)
            text(image, middle, shown, SMALL, white, bold=True, anchor="mm", area=band)
            return
        label = Text.verbatim("{count}", count=pile.covered)
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


def _make_short_face(card: Card) -> Image.Image:
    """A stash or Protect card cut short: its face's top, where its value is, over a
    band left plain for the covered-peddle mark (`_covered_mark`), on a narrower rim."""
    tab = Image.new("RGBA", (SHORT_W, SHORT_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tab)
    rim, edge = (*RIM, 255), (*EDGE, 255)
    draw.rounded_rectangle((0, 0, SHORT_W - 1, SHORT_H - 1), 6, fill=rim, outline=edge)
    inside = (3, 3, SHORT_W - 4, SHORT_H - 4)
    draw.rounded_rectangle(inside, 3, fill=(*style(card).colour, 255))
    # The face's inside from x 5 (a px in from its rim) lands 3 px in: its value, which
    # spans x 6 to 74 on the face, keeps every px.
    value = face(card, Size.MINI).crop((5, 7, 5 + SHORT_W - 6, SHORT_VALUE_H))
    tab.paste(value, (3, 7))
    return tab


_SHORT_FACES = Tiles(128)  # one per card type and language


def short_face(card: Card) -> Image.Image:
    """`_make_short_face`, kept (read-only), redrawn while texts are recorded."""
    return _SHORT_FACES.get((card, speaking_now()), lambda: _make_short_face(card))


@functools.lru_cache(maxsize=4)
def _row_tile(moving: bool, winner: bool) -> Image.Image:
    """A seat's empty tile on felt, with its shadow (the same on every render, so drawn
    once; the mover's outlined gold with a marker, a winner's outlined gold). The
    picture holds the tile from 3 px left of its box (the marker) to its shadow."""
    tile = Image.new("RGB", (TILE_W + 6, TILE_H + GAP), FELT)
    draw = ImageDraw.Draw(tile)
    edge = GOLD if moving or winner else PANEL_EDGE
    box = (3, 0, 3 + TILE_W, TILE_H)
    panel(
        draw,
        box,
        PANEL,
        corner_radius=14,
        outline=edge,
        outline_width=4 if moving else 2,
        shadow=FELT_DARK,
    )
    if moving:
        middle = NAME_BASELINE - 8
        draw.polygon([(0, middle - 12), (16, middle), (0, middle + 12)], fill=GOLD)
    return tile


def _name_line(image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatView, winner: bool) -> None:
    """The name, and while a Paranoia pass waits a badge saying whether the player has
    chosen their card (G13): who is awaited."""
    right = RIGHT + 3
    line = (3, 2, 3 + TILE_W, CARDS_Y - 14)
    if seat.to_pass or seat.passed:
        # TRANSLATORS: a badge in a Paranoia pass (G13): the player is still to choose a
        # card to pass, or has chosen it.
        passing = _p("paranoia pass", "passing") if seat.to_pass else _p("paranoia pass", "passed")
        colours = (GOLD, INK_DARK) if seat.to_pass else (PANEL_EDGE, INK)
        box = pill(image, draw, (right, 5), passing, BADGE, *colours, anchor_x="r", key=True)
        right = box[0] - 10
    name = ellipsize(seat.name, right - (NAME_X + 3), NAME.size, bold=True)
    colour = GOLD if winner else INK
    at = (NAME_X + 3, NAME_BASELINE)
    text(image, at, name, NAME.size, colour, bold=True, anchor="ls", area=line, key=True)


def _pile(
    image: Image.Image, draw: ImageDraw.ImageDraw, pile: Pile, xy: tuple[int, int], short: bool
) -> None:
    x, y = xy
    card = short_face(pile.card) if short else face(pile.card, Size.MINI)
    if pile.count > 1:  # the cards under the top one peek out above it
        _paste(image, card, (x + 4, y - 6))
    _paste(image, card, (x, y))
    if pile.covered:
        w, h = card.size
        foot = (x + 3, y + SHORT_VALUE_H, x + w - 4, y + h - 4) if short else None
        _covered_mark(image, draw, foot or (x + 3, y + h - 30, x + w - 4, y + h - 4), pile)


def _count_badge(
    image: Image.Image, draw: ImageDraw.ImageDraw, pile: Pile, xy: tuple[int, int], width: int
) -> None:
    """How many cards a pile holds, over its top right corner (drawn after every pile:
    the next one may lie over this one's rim)."""
    if pile.count > 1:
        # TRANSLATORS: a small badge on a pile: how many cards it holds ("x3").
        count = _p("pile", "x{count}", count=pile.count)
        x, y = xy
        pill(image, draw, (x + width - 2, y - 14), count, COUNT, GOLD, INK_DARK, anchor_x="r")


# A seat's tile is kept for as long as it shows the same (about 0.18 MB each): the
# last few moves of several tables at once.
_SEATS = Tiles(64)


def _seat(image: Image.Image, view: GrassPublicView, seat: SeatView, where: SeatLayout) -> None:
    """A seat's tile, drawn on its own (from a move to the next most seats show the
    same: the tile is kept) and pasted in its place."""
    x0, y0 = where.row[:2]
    moving = seat.name == view.to_move and not view.over
    winner = seat.name in view.winners
    # What the tile shows, and nothing else: the running total or the cards in hand,
    # native text now, change on most moves without changing the tile.
    shown = (seat.name, seat.hassle, seat.stash, seat.protection, seat.to_pass, seat.passed)
    key = (speaking_now(), shown, moving, winner)
    tile = _SEATS.get(key, lambda: _seat_tile(seat, moving, winner))
    image.paste(tile, (x0 - 3, y0))


def _seat_tile(seat: SeatView, moving: bool, winner: bool) -> Image.Image:
    """The seat's tile on an image of its own, 3 px wider left than its box."""
    image = _row_tile(moving, winner).copy()
    draw = ImageDraw.Draw(image)
    where = _moved(_seat_layout(seat), 3, 0)
    _name_line(image, draw, seat, winner)
    # Hassle pile: Market Open, Heat On stack over it (G6, G8).
    x, y = 3 + LEFT, CARDS_Y
    if seat.hassle:
        for card, xy in zip(seat.hassle, where.hassle, strict=True):
            _paste(image, face(card, Size.MINI), xy)
    else:
        draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 8, outline=INK_SOFT)
        # TRANSLATORS: in an empty card outline 80 px wide, one short word a line: the
        # line break separates the lines.
        lines = spoken(_("no\nmarket")).split("\n")
        for index, line in enumerate(lines):
            middle = y + CARD_H / 2 + (index - (len(lines) - 1) / 2) * 20
            text(image, (x + CARD_W / 2, middle), line, SMALL, INK_SOFT, anchor="mm")
    # Stash piles, covered peddles counted (G12), then the Protect cards played.
    piles = list(zip(stash_piles(seat), where.stash, strict=True))
    piles += zip(protect_piles(seat), where.protection, strict=True)
    for pile, xy in piles:
        _pile(image, draw, pile, xy, where.short)
    for pile, xy in piles:
        _count_badge(image, draw, pile, xy, where.pile_size[0])
    if not piles:
        empty = _("empty stash")
        x = (where.hassle[-1][0] if where.hassle else x) + CARD_W + 16
        area = (x, y, 3 + RIGHT, y + CARD_H)
        shown = ellipsize(empty, area[2] - x, FACTS)
        text(image, (x, y + CARD_H / 2), shown, FACTS, INK_SOFT, anchor="lm", area=area)
    return image


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
    return image
