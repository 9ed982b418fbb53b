"""Grass card faces, drawn by code and cached: one face per card type (G1), in two sizes.

Colours follow the German article's categories: Peddle green, Protect purple, Heat On
red, Heat Off red with a black diagonal bar (Pay Fine is a Heat Off too, G10),
Nirvana light blue, Paranoia black, Skim yellow; Market Open and Market Close have
colours of their own. Every face shows the card's name and its dollar value (or what
it does); the small table faces keep only what reads at phone size: the value, or a
short name. Card names stay as printed in every language; the category band and what
the card does are translated, and amounts written as the language writes them, so a
face is drawn once per language. Heat Off's bar passes under the words' plates, never
through a letter.

Faces are RGBA (transparent rounded corners), rendered on first use under a lock and
never changed afterwards, so any thread may paste them.
"""

from __future__ import annotations

import enum
import math
import threading
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from games.grass.cards import LIFTS, Card, Kind
from games.text import Money, Text, _, _p
from lang import speaking_now
from render.grass.emblems import emblem
from render.measure import Box
from render.toolkit import (
    RGB,
    ellipsize,
    fit_size,
    font,
    hex_rgb,
    mix,
    money,
    short_money,
    text,
    text_width,
    wrap,
)


class Size(enum.Enum):
    """FULL for the hand image, MINI for the table."""

    FULL = (180, 252)
    MINI = (80, 106)

    @property
    def width(self) -> int:
        return self.value[0]

    @property
    def height(self) -> int:
        return self.value[1]


def card_label(card: Card) -> str:
    """The card's printed name; a peddle's with its value: "Panama ($50,000)", as the
    hand message, the trade form and the Activity's page name it."""
    if card.kind is Kind.PEDDLE:
        return Text.verbatim("{card} ({amount})", card=card.title, amount=Money(card.value_usd))
    return card.title


@dataclass(frozen=True, slots=True)
class Style:
    """A category's look: card colour, ink on it, label on top."""

    colour: RGB
    ink: RGB
    label: Text


STYLES: dict[Kind, Style] = {
    # TRANSLATORS: the card categories of Grass (G1), in capitals on the band at the
    # top of a card 180 px wide (each card's own name is printed under it in English).
    Kind.PEDDLE: Style(hex_rgb("#2f8f46"), (255, 255, 255), _p("card category", "PEDDLE")),
    Kind.PROTECT: Style(hex_rgb("#6b3fa0"), (255, 255, 255), _p("card category", "PROTECT")),
    Kind.HEAT_ON: Style(hex_rgb("#cc2f2a"), (255, 255, 255), _p("card category", "HEAT ON")),
    Kind.HEAT_OFF: Style(hex_rgb("#cc2f2a"), (255, 255, 255), _p("card category", "HEAT OFF")),
    Kind.PAY_FINE: Style(hex_rgb("#cc2f2a"), (255, 255, 255), _p("card category", "HEAT OFF")),
    Kind.NIRVANA: Style(hex_rgb("#8ed2f0"), hex_rgb("#0f3550"), _p("card category", "NIRVANA")),
    Kind.PARANOIA: Style(hex_rgb("#141414"), (255, 255, 255), _p("card category", "PARANOIA")),
    Kind.SKIM: Style(hex_rgb("#f3c22f"), hex_rgb("#3a2a00"), _p("card category", "SKIM")),
    Kind.MARKET_OPEN: Style(hex_rgb("#f08a1c"), (255, 255, 255), _p("card category", "MARKET")),
    Kind.MARKET_CLOSE: Style(hex_rgb("#4d6478"), (255, 255, 255), _p("card category", "MARKET")),
}

# The table's faces (render/grass/table.py, 640 px wide): a value at 22 px reads 12 px
# on a phone, a short name at 16 px reads 9 px.
MINI_VALUE = 22
MINI_LABEL = 16
# The hand's faces (render/grass/hand.py, 644 px wide) the same: at least 22 px for what
# the card does or is worth, 17 px for its name.
FULL_VALUE = 22
FULL_NAME = 17
LABEL = 17  # the category band's
BAR = (12, 12, 12)  # Heat Off's diagonal bar
BAR_GAP = 4  # px of the card's colour between the bar's ends and the words it passes under
PENALTY = hex_rgb("#b01e1e")  # a Paranoia's penalty, on its plate
RIM = (250, 248, 242)
EDGE = (120, 120, 120)


def style(card: Card) -> Style:
    return STYLES[card.kind]


# TRANSLATORS: what a Grass card does, at the foot of a card 160 px wide (G5-G16).
_BLOCKS = _p("card effect", "blocks a market")
_EFFECTS: dict[Card, Text] = {
    Card.MARKET_OPEN: _p("card effect", "opens a market"),
    Card.MARKET_CLOSE: _p("card effect", "ends the hand"),
    Card.PAY_FINE: _p("card effect", "lifts any Heat"),
    Card.STONEHIGH: _p("card effect", "takes the lowest"),
    Card.EUPHORIA: _p("card effect", "takes the highest"),
    Card.STEAL_YOUR_NEIGHBORS_POT: _p("card effect", "steal a top peddle"),
    # TRANSLATORS: on the Banker card (G15): it takes 20% at the end of the hand.
    Card.BANKER: _p("card effect", "20% at the end"),
}


def effect(card: Card) -> str:
    """What the card does, in a few words (the big line at the bottom of the face): a
    `Text`, or a peddle's value already in the language being drawn."""
    kind = card.kind
    if kind is Kind.PEDDLE:
        return money(card.value_usd)
    if kind is Kind.PROTECT:
        # TRANSLATORS: on a Protect card (G12), 160 px wide: the stash value it covers.
        return _("covers {amount}", amount=Money(card.value_usd))
    if kind is Kind.PARANOIA:
        # TRANSLATORS: on a Paranoia card (G13), 160 px wide: the penalty for holding it
        # at the end of the hand, "-$25,000 held".
        return _("{penalty} held", penalty=Money(-card.value_usd))
    if kind is Kind.HEAT_OFF:
        lifted = LIFTS[card]
        # TRANSLATORS: on a Heat Off card (G9), 160 px wide: the Heat On card it lifts,
        # by its printed name ("Bust", "Search").
        return _("lifts {card}", card=MINI_NAMES.get(lifted, lifted.title))
    return _EFFECTS.get(card, _BLOCKS)


# Short forms of the printed names, for the small table faces: names, so the same in
# every language, as the full faces print them.
MINI_NAMES: dict[Card, str] = {
    Card.MARKET_OPEN: "OPEN",
    Card.MARKET_CLOSE: "CLOSE",
    Card.DR_FEELGOOD: "Feelgood",
    Card.HOME_GROWN: "Home Grn",
    Card.SEARCH_AND_SEIZURE: "Search",
    Card.A_BREEZE_TO_FLY: "Breeze",
    Card.HEARSAY_EVIDENCE: "Hearsay",
    Card.CHARGES_DROPPED: "Dropped",
    Card.LUST_CONQUERS_ALL: "Lust",
    Card.GRAB_A_SNACK: "Snack",
    Card.CATCH_A_BUZZ: "Buzz",
    Card.UTTERLY_WIPED_OUT: "Wiped",
    Card.DOUBLE_CROSSED: "Crossed",
    Card.STEAL_YOUR_NEIGHBORS_POT: "Steal",
}


# -- faces -------------------------------------------------------------------------


def _blank(size: Size, colour: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """A card: white rim, rounded corners, coloured inside; returns the inset."""
    w, h = size.value
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = max(6, w // 12)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=(*RIM, 255), outline=(*EDGE, 255))
    inset = max(4, w // 22)
    draw.rounded_rectangle(
        (inset, inset, w - 1 - inset, h - 1 - inset), max(3, radius - inset), fill=colour
    )
    return image, draw, inset


def _heat_off_bar(
    draw: ImageDraw.ImageDraw, size: Size, inset: int, colour: RGB, words: list[Box]
) -> None:
    """The black diagonal bar of the Heat Off cards (German article), from corner to
    corner, broken around `words` (boxes that must stay clear of it), as if it passed
    under them. Drawn first: the emblem, the plates and the words go over it."""
    w, h = size.value
    width = max(8, w // 7)
    draw.line([(inset + 2, inset + 2), (w - inset - 3, h - inset - 3)], fill=BAR, width=width)
    for x0, y0, x1, y1 in words:
        gap = (x0 - BAR_GAP, y0 - BAR_GAP, x1 + BAR_GAP, y1 + BAR_GAP)
        draw.rectangle(_within(gap, _inside(size, inset)), fill=colour)


def _inside(size: Size, inset: int) -> Box:
    """The coloured inside of a face, within its rim."""
    w, h = size.value
    return (inset, inset, w - inset, h - inset)


def _within(box: Box, outer: Box) -> Box:
    return (
        max(box[0], outer[0]),
        max(box[1], outer[1]),
        min(box[2], outer[2]),
        min(box[3], outer[3]),
    )


def _line_box(words: str, centre_x: float, top: float, size: int) -> Box:
    """The box of a line of bold text centred on centre_x, its ascender line at top:
    its width and the font's line height, a little larger than its ink."""
    half = text_width(words, size, bold=True) / 2
    ascent, descent = font(size).getmetrics()
    return (
        math.floor(centre_x - half),
        math.floor(top),
        math.ceil(centre_x + half),
        math.ceil(top + ascent + descent),
    )


def _full_face(card: Card) -> Image.Image:
    st = style(card)
    size = Size.FULL
    w, h = size.value
    image, draw, inset = _blank(size, st.colour)
    label_top = inset + 8
    # Value or effect on a light plate at the bottom, on two lines when it is long:
    # what a player reads every turn, so never smaller than FULL_VALUE.
    room = w - 2 * inset - 25
    line = effect(card)
    value_size = fit_size(line, room, 24, min_size=FULL_VALUE, bold=True)
    lines = wrap(line, room, value_size, bold=True)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    lines = [ellipsize(one, room, value_size, bold=True) for one in lines]
    step = 26
    plate = (inset + 6, h - inset - 18 - step * len(lines), w - inset - 7, h - inset - 8)
    # Name, up to two lines (three if it must), as large as fits, centred between the
    # emblem and the plate.
    name_size = 26
    while name_size > FULL_NAME:
        names = wrap(card.title, w - 2 * inset - 14, name_size, bold=True)
        if len(names) <= 2:
            break
        name_size -= 1
    names = wrap(card.title, w - 2 * inset - 14, name_size, bold=True)
    name_step = round(name_size * 1.1)
    top = (96 + plate[1] - 4) / 2 - (len(names) * name_step) / 2
    name_tops = [top + index * name_step for index in range(len(names))]
    barred = card.kind in (Kind.HEAT_OFF, Kind.PAY_FINE)
    if barred:
        _heat_off_bar(draw, size, inset, st.colour, [_line_box(st.label, w / 2, label_top, LABEL)])
    # Category band on top, above the emblem.
    band = (inset + 2, inset + 2, w - inset - 2, 64 - 28)
    label_ink = mix(st.colour, st.ink, 0.75)
    text(image, (w / 2, label_top), st.label, LABEL, label_ink, bold=True, anchor="ma", area=band)
    emblem(draw, card, w / 2, 64, 28, st.colour, st.ink)
    draw.rounded_rectangle(plate, 10, fill=RIM)
    ink = (20, 20, 20) if card.kind is not Kind.PARANOIA else PENALTY
    middle = (plate[1] + plate[3]) / 2
    for index, one in enumerate(lines):
        at = (w / 2, middle + (index - (len(lines) - 1) / 2) * step)
        text(image, at, one, value_size, ink, bold=True, anchor="mm", area=plate, key=True)
    between = (inset + 2, 64 + 28, w - inset - 2, plate[1] - 2)
    if barred:
        # The bar passes under the name on a darker plate, as under the value's plate:
        # it runs whole from corner to corner and never through a letter.
        ascent, descent = font(name_size).getmetrics()
        bottom = round(name_tops[-1]) + ascent + descent + 2
        between = (inset + 4, round(name_tops[0]) - 4, w - inset - 5, bottom)
        draw.rounded_rectangle(between, 10, fill=mix(st.colour, BAR, 0.2))
    for one, name_top in zip(names, name_tops, strict=True):
        text(image, (w / 2, name_top), one, name_size, st.ink, bold=True, anchor="ma", area=between)
    return image


def _mini_face(card: Card) -> Image.Image:
    """The table's face: a peddle's or a Protect's value alone, large (a phone reads
    it at 12 px; the table piles cards by value, so a name would speak for one card of
    the pile only); another card's short name, with a Paranoia's penalty under it."""
    st = style(card)
    size = Size.MINI
    w, h = size.value
    image, draw, inset = _blank(size, st.colour)
    inside = _inside(size, inset)
    valued = bool(card.value_usd) and card.kind is not Kind.PARANOIA
    room = w - 2 * inset - 4
    if valued:
        # As large as fits with air on both sides, and never cut: a cut figure is a
        # wrong one. At MINI_VALUE every language's amounts fit the inside
        # (tests/render/test_grass_card_faces.py).
        big = short_money(card.value_usd)
        big_size = fit_size(big, room, 26, min_size=MINI_VALUE, bold=True)
    else:
        big = MINI_NAMES.get(card, card.title)
        big_size = fit_size(big, room, 26, min_size=MINI_LABEL, bold=True)
        big = ellipsize(big, room, big_size, bold=True)
    big_middle = inset + 19
    if card.kind in (Kind.HEAT_OFF, Kind.PAY_FINE):
        # The bar starts under the short name: a corner of it left above the name would
        # read as a speck.
        ascent, descent = font(big_size).getmetrics()
        name_band = (0, 0, w, math.ceil(big_middle + (ascent + descent) / 2))
        _heat_off_bar(draw, size, inset, st.colour, [name_band])
    emblem_middle = h * 0.62
    if card.kind is Kind.PARANOIA:
        # The penalty for holding it, red on a light plate as on the full face. The
        # plate runs into the rim, which is as light: "-$100K" and "-100 k$" need the
        # card's whole width at MINI_VALUE, 4 px more than its inside.
        plate_top = h - inset - 27
        draw.rectangle((inset, plate_top, w - 1 - inset, h - 1 - inset), fill=RIM)
        plate = (2, plate_top, w - 2, h - 2)
        penalty = short_money(-card.value_usd)
        # One px right: the toolkit sets a bold line's middle a px left of its anchor
        # (the stroke), and here each px of the plate counts.
        at = (w / 2 + 1, (plate_top + h - 1 - inset) / 2 + 1)
        text(image, at, penalty, MINI_VALUE, PENALTY, bold=True, anchor="mm", area=plate, key=True)
        emblem_middle = h * 0.53
    emblem(draw, card, w / 2, emblem_middle, 24 if valued else 20, st.colour, st.ink)
    at = (w / 2, big_middle)
    text(image, at, big, big_size, st.ink, bold=True, anchor="mm", area=inside, key=valued)
    return image


def _back(size: Size) -> Image.Image:
    """The back: deep green with a lattice and the game's name."""
    w, h = size.value
    colour = hex_rgb("#0f5132")
    image, draw, inset = _blank(size, colour)
    line = mix(colour, (255, 255, 255), 0.18)
    step = max(8, w // 7)
    for k in range(-h, w + h, step):
        draw.line([(k, inset), (k + h, inset + h)], fill=line, width=1)
        draw.line([(k + h, inset), (k, inset + h)], fill=line, width=1)
    # Restore the rim the lattice crossed.
    rim = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(rim).rounded_rectangle(
        (0, 0, w - 1, h - 1), max(6, w // 12), fill=None, outline=(*RIM, 255), width=inset
    )
    image.alpha_composite(rim)
    mask_draw = ImageDraw.Draw(image)
    mask_draw.rounded_rectangle((0, 0, w - 1, h - 1), max(6, w // 12), outline=(*EDGE, 255))
    label_size = fit_size("GRASS", w - 2 * inset - 6, 30, min_size=10, bold=True)
    text(image, (w / 2, h / 2), "GRASS", label_size, hex_rgb("#f5c542"), bold=True, anchor="mm")
    return _clip_corners(image, size)


def _clip_corners(image: Image.Image, size: Size) -> Image.Image:
    w, h = size.value
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), max(6, w // 12), fill=255)
    alpha = image.getchannel("A")
    image.putalpha(ImageChops.multiply(alpha, mask))
    return image


_FACES: dict[tuple[Card | None, Size, str], Image.Image] = {}
_LOCK = threading.Lock()


def face(card: Card, size: Size = Size.FULL) -> Image.Image:
    """The card's face (RGBA), its words in the language being drawn (`lang.speaking`).
    Cached: treat it as read-only."""
    # The small faces write their amounts in the language too.
    key = (card, size, speaking_now())
    found = _FACES.get(key)
    if found is None:
        with _LOCK:
            found = _FACES.get(key)
            if found is None:
                found = _full_face(card) if size is Size.FULL else _mini_face(card)
                _FACES[key] = found
    return found


def back(size: Size = Size.FULL) -> Image.Image:
    """The card back (RGBA), cached."""
    key = (None, size, "")
    found = _FACES.get(key)
    if found is None:
        with _LOCK:
            found = _FACES.get(key)
            if found is None:
                found = _FACES[key] = _back(size)
    return found


def prepare() -> None:
    """Draw every face and back now (about 0.1 s) instead of on first use: the bot may
    call it at start-up so no player's move pays for a new card's first picture. The
    faces hold words and amounts: those of the enclosing `lang.speaking` block (English
    outside one); another language's are drawn on their first use."""
    for size in Size:
        back(size)
        for card in Card:
            face(card, size)
