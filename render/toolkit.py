"""The shared drawing toolkit: fonts, colours, panels, text that fits, cached text.

Every renderer draws with these, so the games look like one product. Text uses
Pillow's built-in scalable font (`ImageFont.load_default(size)`, Aileron); bold is
the same font with a one-pixel stroke. Aileron has Latin letters only: characters it
lacks (player names in Cyrillic, Greek, accented Latin) are drawn in runs of the
shipped fallback font, and characters no font has are left out or marked
(typeface.py). Discord shows a picture about 360 px wide on a phone, so every
picture is drawn for that (docs/architecture.md, "Pictures read on a phone"): each
text is noted with its size (measure.py) and held to a floor at that width; the
capitals of the texts a turn depends on are checked by `phone_cap_height` too.

What to draw, where, at which size and in which colour is passed by position; the
optional styling (`bold`, `anchor`, `min_size`, `corner_radius`, `outline`,
`outline_width`, `shadow`, ...) is keyword-only, so a call says what each value does.

Thread safety: the renderers run in a thread pool. FreeType faces are not shared
between threads (each thread loads its own font objects); rendered text snippets
are cached as immutable images behind a lock and only ever read afterwards.
"""

from __future__ import annotations

import functools
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from lang import money_in, speaking_now, spoken
from render import measure, typeface
from render.measure import Box
from render.typeface import Face

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont


def hex_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour t of the way from a to b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# The table: dark felt, slightly lighter panels, warm highlight for "whose turn".
FELT = hex_rgb("#1d4a33")
FELT_DARK = hex_rgb("#153826")
PANEL = hex_rgb("#245a3f")
PANEL_EDGE = hex_rgb("#3a7a57")
INK = hex_rgb("#f4f1e8")
INK_SOFT = hex_rgb("#b9cdbf")
INK_DARK = hex_rgb("#1b1b1b")
GOLD = hex_rgb("#f5c542")
ALERT = hex_rgb("#e0483e")
PAPER = hex_rgb("#f7f3ea")
PAPER_LINE = hex_rgb("#d9d1bf")
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


# -- fonts -------------------------------------------------------------------------

_local = threading.local()


def font(size: int) -> Font:
    """Pillow's built-in scalable font at `size` px, loaded once per thread."""
    fonts: dict[int, Font] | None = getattr(_local, "fonts", None)
    if fonts is None:
        fonts = {}
        _local.fonts = fonts
    found = fonts.get(size)
    if found is None:
        loaded = ImageFont.load_default(size)
        assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow was built without FreeType"
        found = fonts[size] = loaded
    return found


class TextStyle(NamedTuple):
    """A size and weight a renderer draws some text with; named, so that a test can
    measure what the renderer draws (`phone_cap_height`)."""

    size: int
    bold: bool = False


# Discord shows an image about 340 px wide on a phone (CSS px, whatever the screen's
# density), the width of the message column.
PHONE_WIDTH = 340
# The smallest capitals, in those px, of the texts a turn depends on (names, money and
# points, whose turn it is, the last move). 7 px capitals are those of 10 px type
# (this font's capitals are 0.69 of its size), just under the smallest text styles
# phones offer (iOS's Caption 2 is 11 pt, Material's smallest 11 sp): below that,
# the 6 and the 8 of "$86,000" blur together. A higher floor (8 px) would need names
# and figures 10% larger again, which a six-seat row 1000 px wide cannot hold beside
# its cards; labels such as "stash" or a card's short name may stay smaller.
PHONE_MIN_CAP = 7.0


def cap_height(style: TextStyle) -> int:
    """Height in px of the ink of a capital letter drawn in `style`, as drawn: the
    font's hinted "H" plus, when bold, the one-pixel stroke above and below."""
    box = font(style.size).getbbox("H", anchor="ls")
    return -int(box[1]) + int(box[3]) + (2 if style.bold else 0)


def phone_cap_height(style: TextStyle, image_width: int) -> float:
    """The capitals' height in px once an image `image_width` px wide is shown
    `PHONE_WIDTH` px wide; the texts players must read reach `PHONE_MIN_CAP`."""
    return cap_height(style) * PHONE_WIDTH / image_width


def _run_font(face: Face, size: int) -> Font:
    return font(size) if face is Face.MAIN else typeface.fallback_font(size, face)


def text_width(text: str, size: int, *, bold: bool = False) -> int:
    """Width of `text` in px, in the language being drawn (its advance; bold adds the
    stroke)."""
    return _width(spoken(text), size, bold)


@functools.lru_cache(maxsize=16384)
def _width(text: str, size: int, bold: bool) -> int:
    """Cached: measuring costs more than pasting a cached mask, and the same names and
    figures come back on every render. Only plain strings come here: a `Text` hashes as
    its English."""
    advance = sum(
        _run_font(face, size).getlength(piece) for face, piece in typeface.runs(plain(text))
    )
    return math.ceil(advance) + (2 if bold else 0)


def fit_size(
    text: str, max_width: int, size: int, *, min_size: int = 12, bold: bool = False
) -> int:
    """The largest font size <= size at which `text` fits in max_width (at least min_size)."""
    while size > min_size and text_width(text, size, bold=bold) > max_width:
        size -= 1
    return size


def ellipsize(text: str, max_width: int, size: int, *, bold: bool = False) -> str:
    """`text` cut with an ellipsis so that it fits in max_width at `size`."""
    text = spoken(text)
    if text_width(text, size, bold=bold) <= max_width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with the ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if text_width(text[:mid] + "…", size, bold=bold) <= max_width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def wrap(text: str, max_width: int, size: int, *, bold: bool = False) -> list[str]:
    """Greedy word wrap at `size`; a single word too long for a line is kept whole.
    Lines break at spaces only, never at a no-break space ("25 000 $" stays whole)."""
    text = spoken(text)
    lines: list[str] = []
    current = ""
    for word in re.split(r"[ \t\n]+", text.strip(" \t\n")):
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size, bold=bold) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


# The built-in font has Latin letters and common punctuation but no dashes, arrows or
# math signs; event texts written by the engines may use them. The fallback font has
# them, but these look-alikes keep engine texts in one font.
_SUBSTITUTES = str.maketrans(
    {"−": "-", "–": "-", "—": "-", "→": "->", "←": "<-", "×": "x", "\u00a0": " "}
)


def plain(content: str) -> str:
    """`content` with the characters the font lacks replaced by look-alikes."""
    return content.translate(_SUBSTITUTES)


# -- cached parts of a picture -------------------------------------------------------


class Tiles:
    """Parts of pictures kept while their inputs stay the same: from one move to the
    next most of a table's seats do not change, and pasting a kept panel costs a
    fraction of drawing it again. `key` must hold everything the part shows, the
    language it is drawn in included. While texts are being recorded
    (render/measure.py) every part is drawn afresh, so that each text is noted."""

    def __init__(self, size: int) -> None:
        self._kept: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def get(self, key: Hashable, make: Callable[[], Image.Image]) -> Image.Image:
        """The part for `key`: kept, or made by `make` (and kept; read-only after)."""
        if measure.active():
            return make()
        with self._lock:
            hit = self._kept.get(key)
            if hit is not None:
                self._kept.move_to_end(key)
                return hit
        made = make()
        with self._lock:
            self._kept[key] = made
            if len(self._kept) > self._size:
                self._kept.popitem(last=False)
        return made

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


# -- cached text -------------------------------------------------------------------

_TEXT_CACHE: OrderedDict[tuple[str, int, bool], tuple[Image.Image, int, int]] = OrderedDict()
_TEXT_LOCK = threading.Lock()
_TEXT_CACHE_SIZE = 4096


def _text_mask(content: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """An "L" mask of the text and its offset from the anchor point (left, top of the
    font's ascender line). Names, labels and figures repeat from one render to the
    next, so masks are kept (rendering a string costs more than pasting it)."""
    key = (content, size, bold)
    with _TEXT_LOCK:
        hit = _TEXT_CACHE.get(key)
        if hit is not None:
            _TEXT_CACHE.move_to_end(key)
            return hit
    stroke = 1 if bold else 0
    f = font(size)
    content = plain(content)
    # Sized from the advance and the line metrics (measuring the exact ink box would
    # cost another layout pass); the mask starts at the anchor, stroke included, and
    # grows upwards and downwards if a fallback run stands taller than the main font.
    ascent, descent = f.getmetrics()
    pieces = [(face, piece, _run_font(face, size)) for face, piece in typeface.runs(content)]
    up = max([0] + [run_font.getmetrics()[0] - ascent for _, _, run_font in pieces])
    down = max([0] + [run_font.getmetrics()[1] - descent for _, _, run_font in pieces])
    width = text_width(content, size, bold=bold)
    mask = Image.new("L", (max(1, width), up + ascent + descent + down + 2 * stroke), 0)
    draw = ImageDraw.Draw(mask)
    x: float = stroke
    for _, piece, run_font in pieces:
        draw.text(
            (x, stroke + up + ascent),
            piece,
            font=run_font,
            fill=255,
            anchor="ls",
            stroke_width=stroke,
            stroke_fill=255,
        )
        x += run_font.getlength(piece)
    made = (mask, -stroke, -stroke - up)
    with _TEXT_LOCK:
        _TEXT_CACHE[key] = made
        if len(_TEXT_CACHE) > _TEXT_CACHE_SIZE:
            _TEXT_CACHE.popitem(last=False)
    return made


def text(
    image: Image.Image,
    xy: tuple[float, float],
    content: str,
    size: int,
    fill: RGB,
    *,
    bold: bool = False,
    anchor: str = "la",
    area: Box | None = None,
    key: bool = False,
) -> int:
    """Draw `content` at xy. anchor: first letter l/m/r (left, middle, right of the
        text), second a/m/s (top of the ascender, middle of the line box, baseline)
        -- a subset of Pillow's anchors. `area`: the box the words must stay in when it is
        smaller than the image (render/measure.py checks it). `key`: a text players look at
    every turn, held to a larger size at phone width (measure.py). Returns the drawn width."""
    if not content:
        return 0
    said = spoken(content)
    mask, left, top = _text_mask(said, size, bold)
    f = font(size)
    ascent, descent = f.getmetrics()
    x, y = xy
    width = mask.width
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    if anchor[1] == "m":
        y -= (ascent + descent) / 2
    elif anchor[1] == "s":
        y -= ascent
    at = (round(x + left), round(y + top))
    image.paste(fill, at, mask)
    if measure.active():
        ink = mask.getbbox() or (0, 0, 0, 0)
        box = (at[0] + ink[0], at[1] + ink[1], at[0] + ink[2], at[1] + ink[3])
        measure.note(image, said, box, area, size, key)
    return width


def text_block(
    image: Image.Image,
    xy: tuple[float, float],
    lines: Sequence[str],
    size: int,
    fill: RGB,
    *,
    bold: bool = False,
    anchor_x: str = "l",
    line_spacing: float = 1.2,
) -> int:
    """Lines top-down from xy (x anchored left/middle/right), their tops `line_spacing`
    times `size` apart; returns the height used."""
    step = round(size * line_spacing)
    for index, line in enumerate(lines):
        text(
            image, (xy[0], xy[1] + index * step), line, size, fill, bold=bold, anchor=anchor_x + "a"
        )
    return step * len(lines)


# -- shapes ------------------------------------------------------------------------


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    fill: RGB,
    *,
    corner_radius: int = 14,
    outline: RGB | None = None,
    outline_width: int = 2,
    shadow: RGB | None = None,
) -> None:
    """A rounded panel, with an optional outline and an optional hard drop shadow in
    the colour `shadow` (blur would cost too much per frame; a 4 px offset reads as
    depth at phone size)."""
    if shadow is not None:
        x0, y0, x1, y1 = box
        draw.rounded_rectangle((x0 + 3, y0 + 4, x1 + 3, y1 + 4), corner_radius, fill=shadow)
    draw.rounded_rectangle(box, corner_radius, fill=fill, outline=outline, width=outline_width)


def pill(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    label: str,
    size: int,
    fill: RGB,
    ink: RGB,
    *,
    anchor_x: str = "l",
    area: Box | None = None,
    key: bool = False,
) -> tuple[int, int, int, int]:
    """A rounded badge holding `label`, top at y, its left edge at x (`anchor_x` "l"; "r"
    puts its right edge there, "m" its middle); `area` and `key` as for `text`."""
    said = spoken(label)
    badge = _pill_image(said, size, fill, ink)
    width, height = badge.size
    x, y = xy
    if anchor_x == "r":
        x -= width
    elif anchor_x == "m":
        x -= width // 2
    image.paste(badge, (x, y), badge)
    measure.note(image, said, (x, y, x + width, y + height), area, size, key)
    return (x, y, x + width, y + height)


@functools.lru_cache(maxsize=1024)
def _pill_image(label: str, size: int, fill: RGB, ink: RGB) -> Image.Image:
    """The badge as RGBA, made once (badges repeat on every render; read-only)."""
    width = text_width(label, size, bold=True) + 2 * (size // 2)
    height = round(size * 1.45)
    badge = Image.new("RGBA", (width + 1, height + 1), (*fill, 0))
    ImageDraw.Draw(badge).rounded_rectangle((0, 0, width, height), height // 2, fill=fill)
    text(badge, (width / 2, height / 2), label, size, ink, bold=True, anchor="mm")
    return badge


def money(amount: int) -> str:
    """Dollars as the language being drawn writes them ("$25,000", "25 000 $"), as the
    messages do."""
    return money_in(amount, speaking_now())


def short_money(value: int) -> str:
    """Whole thousands of dollars in a few characters, as the language being drawn
    writes them ("$25K", "25 k$"): for small card marks."""
    return short_money_in(value, speaking_now())


# Thousands of dollars on the small table cards (render/grass/cards.py), at 22 px bold:
# a value must fit the card's 72 px inside, a penalty ("-$100K") its 78 px plate.
# English: CLDR's "$100K" (67 px; "-$100K" 74). French: CLDR's "k" after a no-break
# space, the dollar joined to it as the Office québécois de la langue française writes
# thousands of dollars, "100 k$" (71; "-100 k$" 78); CLDR's "100 k $" is 76. Italian
# and German the same "k$", the "k" of kilo that both read as thousand, the dollar last
# as in their amounts: CLDR's Italian "-100K $" is 79, and CLDR has no German short
# form ("100.000 $" is 103, "100 Tsd. $" 107, "100 T$" 73).
_THOUSANDS: dict[str, str] = {
    "en": "{sign}${thousands}K",
    "fr": "{sign}{thousands}\u00a0k$",
    "it": "{sign}{thousands}\u00a0k$",
    "de": "{sign}{thousands}\u00a0k$",
}


@functools.lru_cache(maxsize=256)
def short_money_in(value: int, language: str) -> str:
    """`value` in `language`'s short form when it is whole thousands ("$100K",
    "100 k$"), else as the language writes any amount ("$2,500", "2 500 $")."""
    pattern = _THOUSANDS.get(language)
    if pattern is None or value == 0 or value % 1000:
        return money_in(value, language)
    sign = "-" if value < 0 else ""
    return pattern.format(sign=sign, thousands=abs(value) // 1000)


def log_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    lines: Sequence[str],
    line_height: int,
    size: int,
) -> None:
    """The last events in a dark panel, oldest first; the newest, the last move, white
    with a gold dot (regular weight: a long bold line is the costliest text to draw, and
    each move brings a new one). `box` is the panel's; the lines start 10 px in."""
    left, top, right, _ = box
    panel(draw, box, FELT_DARK)
    for index, line in enumerate(lines):
        newest = index == len(lines) - 1
        y = top + 10 + index * line_height + line_height / 2
        shown = ellipsize(line, right - left - 52, size)
        ink = INK if newest else INK_SOFT
        text(image, (left + 32, y), shown, size, ink, anchor="lm", key=newest)
        if newest:
            draw.ellipse((left + 13, y - 6, left + 25, y + 6), fill=GOLD)
