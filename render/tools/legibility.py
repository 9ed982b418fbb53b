"""How large every gallery picture's texts read on a phone, and its key texts in a desktop's
box: `python -m render.tools.legibility` (`--language de`, or all four by default).

Each picture of the gallery is drawn while its texts are recorded (render/measure.py),
with the cached drawings (card faces, chips, board tiles, row panels) forgotten first,
so that the words drawn on them are recorded too. Every text's font size is scaled
to the picture shown `measure.PHONE_VIEW` px wide; the figures per picture are the
smallest text, the smallest key text, the share of texts under `measure.SMALLEST`
and how many break the goal (tests/render/test_legibility.py); then the smallest key
text once the picture is fitted in Discord's desktop box (`measure.DESKTOP_BOX`).
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from typing import NamedTuple

from PIL import Image

from lang import LANGUAGES, speaking
from render import measure
from render.gracias import cards as gracias_cards
from render.gracias import table as gracias_table
from render.graps import board as graps_board
from render.grass import cards as grass_cards
from render.grass import table as grass_table
from render.tools.gallery import images


class Legibility(NamedTuple):
    """One picture's texts at a phone's width."""

    width: int
    smallest: float
    smallest_key: float | None
    under: float  # the share of texts under measure.SMALLEST
    small: tuple[str, ...]  # the texts under their floor, with their size
    texts: int  # how many texts were drawn
    desktop_key: float | None = None
    """The smallest key text in the desktop box (`measure.DESKTOP_BOX`)."""
    desktop_small: tuple[str, ...] = ()
    """The key texts under `measure.SMALLEST` in the desktop box, with their size."""


def forget_cached_drawings() -> None:
    """Empty the caches of drawings holding words, so a render draws (and records) them."""
    grass_cards._FACES.clear()
    gracias_cards._CACHE.clear()
    graps_board._CACHE.clear()
    grass_table._row_tile.cache_clear()
    gracias_table._row_tile.cache_clear()


def legibility(render: Callable[[], Image.Image], language: str) -> Legibility:
    forget_cached_drawings()
    with speaking(language), measure.recording() as drawn:
        picture = render()
    width = picture.width
    sizes = [measure.phone_size(d, width) for d in drawn]
    keys = [measure.phone_size(d, width) for d in drawn if d.key]
    small = tuple(
        f"{d.words!r} {measure.phone_size(d, width):.1f} px{' (key)' if d.key else ''}"
        for d in drawn
        if measure.too_small(d, width)
    )
    under = sum(size < measure.SMALLEST for size in sizes) / len(sizes) if sizes else 0.0
    smallest = min(sizes, default=0.0)
    height = picture.height
    desk = [(d, measure.desktop_size(d, width, height)) for d in drawn if d.key]
    desktop_small = tuple(
        f"{d.words!r} {size:.1f} px" for d, size in desk if size < measure.SMALLEST - 0.05
    )
    return Legibility(
        width,
        smallest,
        min(keys, default=None),
        under,
        small,
        len(sizes),
        min((size for _, size in desk), default=None),
        desktop_small,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.tools.legibility")
    parser.add_argument("--language", choices=LANGUAGES, action="append")
    args = parser.parse_args(argv)
    languages = args.language or list(LANGUAGES)
    print(
        f"{'picture':<32}{'width':>6}{'smallest':>9}{'key':>6}{'<9px':>6}{'break':>6}"
        f"{'desk key':>9}"
    )
    everything: list[Legibility] = []
    for name, render in images():
        found = [legibility(render, language) for language in languages]
        everything += found
        smallest = min(f.smallest for f in found)
        keys = [f.smallest_key for f in found if f.smallest_key is not None]
        key = f"{min(keys):.1f}" if keys else "-"
        under = max(f.under for f in found)
        broken = max(len(f.small) for f in found)
        width = found[0].width
        desks = [f.desktop_key for f in found if f.desktop_key is not None]
        desk = f"{min(desks):.1f}" if desks else "-"
        print(f"{name:<32}{width:>6}{smallest:>9.1f}{key:>6}{under:>6.0%}{broken:>6}{desk:>9}")
    texts = sum(f.texts for f in everything)
    under_all = sum(f.under * f.texts for f in everything) / texts if texts else 0.0
    smallest_all = min(f.smallest for f in everything)
    middle = statistics.median(f.smallest for f in everything)
    meeting = sum(not f.small for f in everything)
    print(
        f"all: {under_all:.0%} of {texts} texts under {measure.SMALLEST:g} px, the smallest "
        f"{smallest_all:.1f} px, a picture's smallest {middle:.1f} px at the median; "
        f"{meeting} of {len(everything)} pictures (in {len(languages)} languages) meet the goal"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
