"""Gracias card faces and colour chips (C1): every colour also carries its shape (heart,
triangle, star, club, diamond, circle, as `Colour.symbol` names them), drawn by code
because the built-in font has no such glyphs. A card shows it large in its middle and
again in its top-left corner, which stays in sight where the table's cards overlap; no
letter, since a colour's initial is one language's (G is green in English, yellow in
German and Italian). Cached, read-only.
"""

from __future__ import annotations

import math
import threading

from PIL import Image, ImageDraw

from games.gracias.cards import Colour
from render.toolkit import RGB, TextStyle, hex_rgb, mix, text

COLOURS: dict[Colour, RGB] = {
    Colour.RED: hex_rgb("#d62839"),
    Colour.ORANGE: hex_rgb("#f07f13"),
    Colour.YELLOW: hex_rgb("#f2cf3a"),
    Colour.GREEN: hex_rgb("#2f9a4c"),
    Colour.BLUE: hex_rgb("#2f6bd0"),
    Colour.PURPLE: hex_rgb("#7d3fa6"),
}
DARK_INK = hex_rgb("#3b2c00")
RIM = (250, 248, 242)
EDGE = (120, 120, 120)
BACK = hex_rgb("#1f2f5c")
SUPERSAMPLE = 3
COUNT = TextStyle(28, bold=True)  # a reserve chip's count: read on a phone (table.py)
CORNER = 0.16
"""The corner shape's radius, as a share of the card's width: 17 to 21 px across on
the table's 64 px cards, 9.6 to 11.8 px once the 640 px table is shown 360 px wide
(tests/render/test_gracias.py)."""


def ink(colour: Colour) -> RGB:
    """Text colour on a card of this colour."""
    return DARK_INK if colour is Colour.YELLOW else (255, 255, 255)


def shape(
    draw: ImageDraw.ImageDraw, colour: Colour, cx: float, cy: float, r: float, fill: RGB
) -> None:
    """The colour's C1 shape, centred, about 2r across."""
    if colour is Colour.RED:  # heart
        k = r * 0.52
        draw.ellipse((cx - 2 * k, cy - r * 0.75, cx, cy - r * 0.75 + 2 * k), fill=fill)
        draw.ellipse((cx, cy - r * 0.75, cx + 2 * k, cy - r * 0.75 + 2 * k), fill=fill)
        draw.polygon(
            [(cx - r * 1.0, cy - r * 0.15), (cx + r * 1.0, cy - r * 0.15), (cx, cy + r * 0.95)],
            fill=fill,
        )
    elif colour is Colour.ORANGE:  # triangle
        draw.polygon(
            [(cx, cy - r), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)], fill=fill
        )
    elif colour is Colour.YELLOW:  # star
        points = []
        for i in range(10):
            a = math.radians(-90 + i * 36)
            rr = r if i % 2 == 0 else r * 0.45
            points.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr * 1.02 + r * 0.08))
        draw.polygon(points, fill=fill)
    elif colour is Colour.GREEN:  # club
        k = r * 0.42
        for dx, dy in ((0, -0.5), (-0.5, 0.12), (0.5, 0.12)):
            x, y = cx + dx * r, cy + dy * r
            draw.ellipse((x - k, y - k, x + k, y + k), fill=fill)
        draw.polygon([(cx, cy), (cx - r * 0.35, cy + r), (cx + r * 0.35, cy + r)], fill=fill)
    elif colour is Colour.BLUE:  # diamond
        draw.polygon(
            [(cx, cy - r), (cx + r * 0.78, cy), (cx, cy + r), (cx - r * 0.78, cy)], fill=fill
        )
    else:  # purple: circle
        draw.ellipse((cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), fill=fill)


def _card(colour: Colour | None, width: int, height: int) -> Image.Image:
    s = SUPERSAMPLE
    w, h = width * s, height * s
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = max(6, w // 9)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius, fill=(*RIM, 255), outline=(*EDGE, 255), width=s
    )
    inset = max(3 * s, w // 16)
    fill = BACK if colour is None else COLOURS[colour]
    draw.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius - inset, fill=fill)
    if colour is None:
        line = mix(BACK, (255, 255, 255), 0.2)
        for k in range(-h, w + h, 10 * s):
            draw.line([(k, inset), (k + h, inset + h)], fill=line, width=s)
        draw.rectangle((0, 0, w, inset - 1), fill=(0, 0, 0, 0))
        draw.rectangle((0, h - inset, w, h), fill=(0, 0, 0, 0))
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, outline=(*RIM, 255), width=inset)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, outline=(*EDGE, 255), width=s)
    else:
        shape(draw, colour, w / 2, h * 0.6, w * 0.26, mix(fill, ink(colour), 0.85))
        r = w * CORNER  # the corner index (C1), where overlapping cards leave it seen
        shape(draw, colour, inset + 3 * s + r, inset + 3 * s + r, r, ink(colour))
    small = image.resize((width, height), Image.Resampling.LANCZOS)
    if colour is None:
        # 16 px at the least: a phone shows the smallest back, on the 640 px table, at 9 px.
        mark = max(16, width // 3)
        text(small, (width / 2, height / 2), "?", mark, RIM, bold=True, anchor="mm")
    return small


def _chip(colour: Colour, count: int, width: int, height: int, faded: RGB) -> Image.Image:
    """A reserve count: the colour with its shape, then the count."""
    image = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    s = SUPERSAMPLE
    fill = COLOURS[colour] if count else mix(COLOURS[colour], faded, 0.72)
    draw.rounded_rectangle((0, 0, width * s - 1, height * s - 1), 9 * s, fill=fill)
    r = height * s * 0.28
    shape(
        draw,
        colour,
        height * s * 0.48,
        height * s * 0.5,
        r,
        mix(fill, ink(colour), 0.85 if count else 0.35),
    )
    small = image.resize((width, height), Image.Resampling.LANCZOS)
    colour_ink = ink(colour) if count else mix(fill, ink(colour), 0.5)
    text(
        small,
        (width - 8, height / 2),
        str(count),
        COUNT.size,
        colour_ink,
        bold=True,
        anchor="rm",
        key=True,
    )
    return small


_CACHE: dict[tuple[object, ...], Image.Image] = {}
_LOCK = threading.Lock()


def card(colour: Colour | None, width: int = 64, height: int = 90) -> Image.Image:
    """A card face (None: the back, for face-down cards). Cached RGBA."""
    key = ("card", colour, width, height)
    found = _CACHE.get(key)
    if found is None:
        with _LOCK:
            found = _CACHE.get(key) or _card(colour, width, height)
            _CACHE[key] = found
    return found


def chip(colour: Colour, count: int, faded: RGB, width: int = 74, height: int = 42) -> Image.Image:
    """A reserve chip showing `count` cards of `colour`. Cached RGBA."""
    key = ("chip", colour, count, faded, width, height)
    found = _CACHE.get(key)
    if found is None:
        with _LOCK:
            found = _CACHE.get(key) or _chip(colour, count, width, height, faded)
            _CACHE[key] = found
    return found
