"""The emblems in the middle of the Grass card faces, one per category (G1): a leaf for
Peddle, a shield for Protect, a badge star for Heat, a coin for Pay Fine, a sun for
Nirvana, an eye for Paranoia, a money bag for Steal and a bank for the Banker, a
market stall (shut for Market Close). Drawn with plain polygons at any size.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from games.grass.cards import Card, Kind
from render.toolkit import RGB, font, mix


def _leaf(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    """Seven leaflets fanning up from a stem: the Peddle mark."""
    for angle, length in ((-90, 1.0), (-60, 0.8), (-120, 0.8), (-25, 0.62), (-155, 0.62)):
        a = math.radians(angle)
        tip = (cx + math.cos(a) * r * length, cy + math.sin(a) * r * length)
        side = math.radians(angle + 90)
        w = r * 0.13
        mid = (cx + math.cos(a) * r * length * 0.5, cy + math.sin(a) * r * length * 0.5)
        draw.polygon(
            [
                (cx, cy),
                (mid[0] + math.cos(side) * w, mid[1] + math.sin(side) * w),
                tip,
                (mid[0] - math.cos(side) * w, mid[1] - math.sin(side) * w),
            ],
            fill=fill,
        )
    draw.line([(cx, cy), (cx, cy + r * 0.45)], fill=fill, width=max(2, round(r * 0.07)))


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    """A six-point badge: the Heat mark."""
    points = []
    for i in range(12):
        a = math.radians(-90 + i * 30)
        rr = r if i % 2 == 0 else r * 0.55
        points.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    draw.polygon(points, fill=fill)


def _shield(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    w = r * 0.85
    draw.polygon(
        [
            (cx - w, cy - r * 0.8),
            (cx, cy - r),
            (cx + w, cy - r * 0.8),
            (cx + w, cy),
            (cx, cy + r),
            (cx - w, cy),
        ],
        fill=fill,
    )


def _sun(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    for i in range(12):
        a = math.radians(i * 30)
        draw.line(
            [
                (cx + math.cos(a) * r * 0.6, cy + math.sin(a) * r * 0.6),
                (cx + math.cos(a) * r, cy + math.sin(a) * r),
            ],
            fill=fill,
            width=max(2, round(r * 0.1)),
        )
    draw.ellipse((cx - r * 0.45, cy - r * 0.45, cx + r * 0.45, cy + r * 0.45), fill=fill)


def _eye(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, bg: RGB) -> None:
    draw.ellipse((cx - r, cy - r * 0.5, cx + r, cy + r * 0.5), fill=fill)
    draw.ellipse((cx - r * 0.38, cy - r * 0.38, cx + r * 0.38, cy + r * 0.38), fill=bg)
    draw.ellipse((cx - r * 0.16, cy - r * 0.16, cx + r * 0.16, cy + r * 0.16), fill=fill)


def _bag(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    draw.ellipse((cx - r * 0.8, cy - r * 0.45, cx + r * 0.8, cy + r), fill=fill)
    draw.polygon(
        [(cx - r * 0.35, cy - r * 0.35), (cx + r * 0.35, cy - r * 0.35), (cx, cy - r * 0.1)],
        fill=fill,
    )
    draw.polygon([(cx - r * 0.45, cy - r), (cx + r * 0.45, cy - r), (cx, cy - r * 0.3)], fill=fill)


def _bank(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    draw.polygon([(cx - r, cy - r * 0.4), (cx, cy - r), (cx + r, cy - r * 0.4)], fill=fill)
    for i in range(4):
        x = cx - r * 0.75 + i * r * 0.5
        draw.rectangle((x - r * 0.1, cy - r * 0.3, x + r * 0.1, cy + r * 0.6), fill=fill)
    draw.rectangle((cx - r, cy + r * 0.7, cx + r, cy + r * 0.9), fill=fill)


def _awning(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, shut: bool
) -> None:
    """A market stall's awning over a counter; shut = boarded with a cross."""
    top = cy - r * 0.8
    for i in range(5):
        x0 = cx - r + i * r * 0.4
        draw.pieslice((x0, top, x0 + r * 0.4, top + r * 0.5), 0, 180, fill=fill)
        if i % 2 == 0:
            draw.rectangle((x0, top, x0 + r * 0.4, top + r * 0.25), fill=fill)
    draw.rectangle((cx - r, cy + r * 0.55, cx + r, cy + r * 0.8), fill=fill)
    draw.rectangle((cx - r * 0.9, top + r * 0.5, cx - r * 0.78, cy + r * 0.55), fill=fill)
    draw.rectangle((cx + r * 0.78, top + r * 0.5, cx + r * 0.9, cy + r * 0.55), fill=fill)
    if shut:
        width = max(2, round(r * 0.14))
        draw.line([(cx - r * 0.6, cy - r * 0.2), (cx + r * 0.6, cy + r * 0.45)], fill, width)
        draw.line([(cx - r * 0.6, cy + r * 0.45), (cx + r * 0.6, cy - r * 0.2)], fill, width)


def emblem(
    draw: ImageDraw.ImageDraw, card: Card, cx: float, cy: float, r: float, colour: RGB, ink: RGB
) -> None:
    """The card's category emblem, a tint between its colour and its ink."""
    tint = mix(colour, ink, 0.45 if card.kind is Kind.PARANOIA else 0.28)
    kind = card.kind
    if kind is Kind.PEDDLE:
        _leaf(draw, cx, cy + r * 0.25, r * 1.1, tint)
    elif kind is Kind.PROTECT:
        _shield(draw, cx, cy, r, tint)
    elif kind in (Kind.HEAT_ON, Kind.HEAT_OFF):
        _star(draw, cx, cy, r, tint)
    elif kind is Kind.PAY_FINE:
        draw.ellipse((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8), fill=tint)
        text_size = max(10, round(r * 1.1))
        draw_text_centre(draw, (cx, cy), "$", text_size, colour)
    elif kind is Kind.NIRVANA:
        _sun(draw, cx, cy, r, tint)
    elif kind is Kind.PARANOIA:
        _eye(draw, cx, cy, r, tint, colour)
    elif card is Card.BANKER:
        _bank(draw, cx, cy, r * 0.9, tint)
    elif kind is Kind.SKIM:
        _bag(draw, cx, cy, r * 0.9, tint)
    else:
        _awning(draw, cx, cy, r, tint, shut=kind is Kind.MARKET_CLOSE)


def draw_text_centre(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], content: str, size: int, fill: RGB
) -> None:
    """Centred bold text straight onto a draw surface (emblems only)."""
    draw.text(
        xy, content, font=font(size), fill=fill, anchor="mm", stroke_width=1, stroke_fill=fill
    )
