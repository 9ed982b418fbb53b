"""Images to PNG bytes, fast: the settings were measured with `python -m render.tools.bench`.

The images are flat colours and anti-aliased text, so a 256-colour palette keeps
them looking the same while the file and the encoding get much cheaper than 24-bit
RGB (one byte per pixel to filter and deflate instead of three: on a 1000 x 1100
table, about 4 ms and 60 KB instead of 28 ms and 170 KB).

The palette is one fixed palette for every image, chosen by Pillow's fast octree
from reference renders of the hand-built sample views of all games (each game's
samples.py: render/grass/samples.py...): every felt, paper, card and ink colour and
their anti-aliased blends are in it. Choosing it takes about 1.5 s, so it is chosen
once by `python -m render.tools.make_palette` and committed as palette_data.py (768
bytes); tests/render/test_palette.py fails when the samples hold colours it no longer
covers. Mapping an image onto a known palette costs about 2 ms where building a palette
per image costs about 8 ms (median cut: about 40 ms). No dithering: dither noise on
flat felt costs bytes and looks grainy. zlib level 1 (the bundled zlib-ng) is the
fastest: on the 6-player table 3.9 ms and 68 KB, against 4.5 ms and 62 KB at level 3;
level 6 doubles the time; the RLE strategy makes files half as big again.
`optimize=True` is never used: it retries filters and levels and costs tens of
milliseconds.
"""

from __future__ import annotations

import io

from PIL import Image

from render.palette_data import PALETTE

COMPRESS_LEVEL = 1


def _palette_image() -> Image.Image:
    image = Image.new("P", (1, 1))
    image.putpalette(PALETTE)
    image.load()
    return image


# Read-only after import: quantize() only reads its palette image, from any thread.
_PALETTE_IMAGE = _palette_image()


def palette() -> Image.Image:
    """The shared 256-colour palette image (a 1 x 1 "P" image carrying it)."""
    return _PALETTE_IMAGE


def quantize(image: Image.Image) -> Image.Image:
    """`image` mapped onto the shared palette, without dithering."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    return image.quantize(palette=palette(), dither=Image.Dither.NONE)


def to_png(image: Image.Image) -> bytes:
    """The image as PNG bytes: shared 256-colour palette, zlib level 1."""
    buffer = io.BytesIO()
    quantize(image).save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
