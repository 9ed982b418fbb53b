"""Images to PNG bytes, fast: the settings were measured with `python -m render.bench`.

The images are flat colours and anti-aliased text, so a 256-colour palette keeps
them looking the same while the file and the encoding get much cheaper than 24-bit
RGB (one byte per pixel to filter and deflate instead of three: on a 1000 x 1100
table, about 5 ms and 70 KB instead of 28 ms and 170 KB). The palette is built per
image with Pillow's fast octree (median cut is about five times slower), without
dithering (dither noise on flat felt costs bytes and looks grainy). zlib level 3 is
as fast as level 1 on palette images and a fifth smaller; level 6 doubles the time;
the RLE strategy makes bigger files and is no faster. `optimize=True` is never used:
it retries filters and levels and costs tens of milliseconds.
"""

from __future__ import annotations

import io

from PIL import Image

COMPRESS_LEVEL = 3


def quantize(image: Image.Image) -> Image.Image:
    """A 256-colour palette image of `image`, without dithering."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    return image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def to_png(image: Image.Image) -> bytes:
    """The image as PNG bytes: palette-quantised, zlib level 3."""
    buffer = io.BytesIO()
    quantize(image).save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
