"""The committed PNG palette (render/palette_data.py, made by render/tools/make_palette.py)
still covers the colours the sample views draw: a renderer change that brings new
colours fails here until the palette is rebuilt."""

from __future__ import annotations

from PIL import Image, ImageChops

from render import encode, toolkit
from render.palette_data import PALETTE
from render.tools import make_palette

# The committed palette maps every reference pixel within 34 of its colour in each
# channel (anti-aliased blends are the far ones); a little slack for rasteriser
# versions, while a new flat colour missing from the palette is off by far more.
MAX_ERROR = 44


def _worst_error(image: Image.Image) -> int:
    mapped = encode.quantize(image).convert("RGB")
    r, g, b = ImageChops.difference(image, mapped).split()
    histogram = ImageChops.lighter(ImageChops.lighter(r, g), b).histogram()
    return max(value for value, count in enumerate(histogram) if count)


def test_palette_is_256_distinct_colours_holding_the_base_colours_exactly():
    assert len(PALETTE) == 768
    colours = {tuple(PALETTE[i : i + 3]) for i in range(0, 768, 3)}
    assert len(colours) == 256
    for base in (toolkit.FELT, toolkit.PANEL, toolkit.INK, toolkit.PAPER, toolkit.GOLD):
        nearest = min(sum(abs(a - b) for a, b in zip(c, base, strict=True)) for c in colours)
        assert nearest <= 6, f"{base} is {nearest} away from the palette"


def test_committed_palette_holds_every_sample_colour():
    for index, part in enumerate(make_palette.reference_parts()):
        worst = _worst_error(part)
        assert worst <= MAX_ERROR, (
            f"reference part {index} has a colour {worst} away from the committed palette: "
            "run python -m render.tools.make_palette and look at the golden images"
        )


def test_the_check_fails_on_a_palette_far_from_the_samples(monkeypatch):
    # The check above can fail: a palette without the felt greens maps the table badly.
    reds = bytes(value for i in range(256) for value in (i, 0, 0))
    image = Image.new("P", (1, 1))
    image.putpalette(reds)
    monkeypatch.setattr(encode, "_PALETTE_IMAGE", image)
    assert _worst_error(make_palette.reference_parts()[0]) > MAX_ERROR


def test_generated_module_round_trips():
    namespace: dict[str, object] = {}
    exec(make_palette.module_text(PALETTE), namespace)
    assert namespace["PALETTE"] == PALETTE
    # and the committed file is exactly what the script writes (never edited by hand)
    assert make_palette.TARGET.read_text(encoding="utf-8") == make_palette.module_text(PALETTE)
