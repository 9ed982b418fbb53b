"""Images to PNG bytes, fast: the settings were measured with `python -m render.bench`.

The images are flat colours and anti-aliased text, so a 256-colour palette keeps
them looking the same while the file and the encoding get much cheaper than 24-bit
RGB (one byte per pixel to filter and deflate instead of three: on a 1000 x 1100
table, about 4 ms and 60 KB instead of 28 ms and 170 KB).

The palette is one fixed palette for every image, built once (under a lock) by
Pillow's fast octree from reference renders of the hand-built sample views of all
games (samples.py): every felt, paper, card and ink colour and their anti-aliased
blends are in it. Mapping an image onto a known palette costs about 2 ms where
building a palette per image costs about 8 ms (median cut: about 40 ms). No
dithering: dither noise on flat felt costs bytes and looks grainy. zlib level 3 is
as fast as level 1 on palette images and smaller; level 6 doubles the time; the RLE
strategy makes bigger files. `optimize=True` is never used: it retries filters and
levels and costs tens of milliseconds.
"""

from __future__ import annotations

import io
import threading

from PIL import Image

COMPRESS_LEVEL = 3

_palette: Image.Image | None = None
_lock = threading.Lock()


def _reference() -> Image.Image:
    """Every sample image of every game, stacked: the colours the palette must hold."""
    from games.grass.cards import Card
    from render import gracias, graps, grass, samples
    from render.grass_cards import Size, back, face
    from render.scoreboard import scoreboard_image

    parts = [
        grass.table_image(samples.grass_six()),
        grass.hand_image(samples.grass_hand()),
        grass.score_sheet_image(samples.grass_six()),
        gracias.table_image(samples.gracias_six()),
        gracias.hidden_image(samples.gracias_hidden()),
        gracias.round_score_image(samples.gracias_six()),
        graps.board_image(samples.graps_play(), "ann"),
        scoreboard_image("Scores", ["player", "total"], [["ann", "-$5,000"], ["bob", "7"]], 0),
    ]
    cards = Image.new("RGB", (27 * 184, 256), (29, 74, 51))
    for index, card in enumerate(Card):
        cards.paste(face(card), (index * 184, 0), face(card))
        cards.paste(face(card, Size.MINI), (index * 184, 0), face(card, Size.MINI))
    cards.paste(back(), (0, 0), back())
    parts.append(cards)
    width = max(part.width for part in parts)
    sheet = Image.new("RGB", (width, sum(part.height for part in parts)))
    y = 0
    for part in parts:
        sheet.paste(part.convert("RGB"), (0, y))
        y += part.height
    return sheet


def palette() -> Image.Image:
    """The shared 256-colour palette image (built on first use)."""
    global _palette
    if _palette is None:
        with _lock:
            if _palette is None:
                _palette = _reference().quantize(
                    colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
                )
    return _palette


def quantize(image: Image.Image) -> Image.Image:
    """`image` mapped onto the shared palette, without dithering."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    return image.quantize(palette=palette(), dither=Image.Dither.NONE)


def to_png(image: Image.Image) -> bytes:
    """The image as PNG bytes: shared 256-colour palette, zlib level 3."""
    buffer = io.BytesIO()
    quantize(image).save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
