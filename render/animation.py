"""A game as one animated picture: one frame per public step (games/watch.py), each the
table as the channel showed it, with what the move did written under it.

GIF, because every Discord client animates it: animated WebP plays only in the
desktop client (since late 2024; phones show its first frame), and APNG not at all.
Our pictures are flat colours on one fixed 256-colour palette (render/encode.py), which
is what GIF holds; the bench compares the sizes with WebP (render/tools/bench.py).

The frames are written as they come, each one only the rectangle that changed since the
one before (a card moved, a total changed), with its delay; a frame that changes
nothing lengthens the one before. Nothing of a whole game is held in memory but the
previous frame and the file: a four-hand Grass game is some 500 frames, 170 MB as
pictures. Frames are laid on a canvas as tall as the tallest table of the game (a
Gracias table grows with its trios), so every table is drawn first and kept deflated
(about 20 KB each) until the tallest is known.
"""

from __future__ import annotations

import functools
import io
import struct
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import GifImagePlugin, Image, ImageChops

from games import registry
from games.text import joined
from games.watch import Moment, Step, pages, parts, watch
from lang import speaking
from render.encode import quantize
from render.palette_data import PALETTE
from render.toolkit import FELT_DARK, GOLD, INK, ellipsize, text, wrap

CAPTION = 76
"""The band under each picture: two lines of what happened."""
CAPTION_SIZE = 22  # 12 px on a phone
PROGRESS = 6
"""The bar along the bottom: how far into the replay this frame is."""

DELAYS = {
    Moment.START: 1500,
    Moment.MOVE: 450,
    Moment.CLOSE: 1500,
    Moment.END: 3000,
}
"""How long each kind of step stays, in milliseconds. A closed hand or round adds its
scores (`SCORES_DELAY`), and the last frame stays `LAST_DELAY`: a replay lingers where
it matters."""
QUIET_DELAY = 250
"""A step with no words of its own (a private choice the table only counts)."""
SCORES_DELAY = 4000
LAST_DELAY = 6000
MAX_FRAMES = 3000
"""A bound on any game's frames (a whole four-hand Grass game is about 500)."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture of the replay and what it says under it."""

    picture: Image.Image
    said: tuple[str, ...]
    milliseconds: int


@dataclass(frozen=True, slots=True)
class Drawers:
    """How a kind's pictures are drawn: its table and, where a hand or round is scored,
    its scores (render/<kind>/__init__.py's `table_image` and `scores_image`)."""

    table: Callable[[Any], Image.Image]
    scores: Callable[[Any], Image.Image] | None = None

    @classmethod
    def of(cls, kind: str) -> Drawers:
        package = registry.get(kind).render_package()
        return cls(package.table_image, getattr(package, "scores_image", None))


def replay_frames(steps: Sequence[Step], drawers: Drawers) -> Iterator[Frame]:
    """The frames of `steps`, one per page (`games.watch.pages`): each table as the
    channel showed it, and the scores of a hand or round the channel got when it
    closed."""
    said: tuple[str, ...] = ()
    shown = pages(steps)
    for number, page in enumerate(shown):
        step = steps[page.step]
        last = number == len(shown) - 1
        if page.scores and drawers.scores is not None:
            yield Frame(drawers.scores(step.view), step.lines, LAST_DELAY if last else SCORES_DELAY)
            continue
        said = step.lines or said  # a step without words keeps the last ones said
        quiet = step.moment is Moment.MOVE and not step.lines
        delay = LAST_DELAY if last else QUIET_DELAY if quiet else DELAYS[step.moment]
        yield Frame(drawers.table(step.view), said, delay)


class NoSuchPart(ValueError):
    """A hand or round asked for that the game did not have. Its arguments are its
    fields, so that it crosses from the replay worker's process whole."""

    def __init__(self, asked: int, count: int) -> None:
        self.asked = asked
        self.count = count
        super().__init__(asked, count)

    def __str__(self) -> str:
        return f"no part {self.asked}: the game had {self.count}"


@dataclass(frozen=True, slots=True)
class Animation:
    """A drawn replay: the GIF, its frames and how long it plays once."""

    data: bytes
    frames: int
    milliseconds: int


def animation(steps: Sequence[Step], drawers: Drawers, *, loop: bool = True) -> Animation:
    """The GIF of `steps`, its words in the language of the enclosing `lang.speaking`
    block. Every picture is drawn first and kept deflated: the canvas is as tall as the
    tallest of them."""
    kept: list[tuple[_Kept, Frame]] = []
    for frame in replay_frames(steps, drawers):
        kept.append((_Kept.of(frame.picture), frame))
        if len(kept) > MAX_FRAMES:
            raise ValueError(f"a replay holds at most {MAX_FRAMES} frames")
    size = _canvas([picture.size for picture, _ in kept])
    writer = _GifWriter(*size, loop)
    for index, (picture, frame) in enumerate(kept):
        laid = _laid_out(size, picture.image(), frame.said, (index + 1) / len(kept))
        writer.add(laid, frame.milliseconds)
    total = sum(frame.milliseconds for _, frame in kept)
    return Animation(writer.finish(), len(kept), total)


def game_animation(
    document: Mapping[str, Any], language: str, part: int | None = None
) -> Animation:
    """A replay document's game as a GIF in `language`: the whole game, or only its
    `part`-th hand or round (from 1). For the bot's replay worker and the command line.
    `NoSuchPart` for a part the game does not have; the errors of `games.watch.watch`
    for a document that does not replay."""
    steps = watch(document)
    if part is not None:
        found = parts(steps)
        if not 1 <= part <= len(found):
            raise NoSuchPart(part, len(found))
        steps = [steps[i] for i in found[part - 1]]
    drawers = Drawers.of(str(document.get("game")))
    with speaking(language):
        return animation(steps, drawers)


@dataclass(frozen=True, slots=True)
class _Kept:
    """A drawn picture, its palette indices deflated while the others are drawn."""

    size: tuple[int, int]
    data: bytes

    @classmethod
    def of(cls, image: Image.Image) -> _Kept:
        return cls(image.size, zlib.compress(quantize(image).tobytes(), 1))

    def image(self) -> Image.Image:
        frame = Image.frombytes("P", self.size, zlib.decompress(self.data))
        frame.putpalette(PALETTE)
        return frame


def frames(steps: Sequence[Step], drawers: Drawers) -> Iterator[Image.Image]:
    """The frames of `steps` one by one (RGB), laid out as `animation` lays them, for a
    person or a test to look at."""
    drawn = list(replay_frames(steps, drawers))
    size = _canvas([frame.picture.size for frame in drawn])
    for index, frame in enumerate(drawn):
        done = (index + 1) / len(drawn)
        yield _laid_out(size, frame.picture, frame.said, done).convert("RGB")


def _canvas(sizes: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """Every frame's size: the widest and tallest picture, and the words under it."""
    return max(width for width, _ in sizes), max(height for _, height in sizes) + CAPTION


def _laid_out(
    size: tuple[int, int], picture: Image.Image, said: Sequence[str], done: float
) -> Image.Image:
    """One frame on the shared palette: the picture (already on it), what happened under
    it (the band drawn and mapped onto the palette alone), the progress bar along the
    bottom."""
    width, height = size
    canvas = Image.new("P", size, _felt_dark_index())
    canvas.putpalette(PALETTE)
    canvas.paste(picture if picture.mode == "P" else quantize(picture), (0, 0))
    band = Image.new("RGB", (width, CAPTION), FELT_DARK)
    lines = wrap(joined(" · ", list(said)) if said else "", width - 40, CAPTION_SIZE)
    if len(lines) > 2:
        lines = [lines[0], ellipsize(" ".join(lines[1:]), width - 40, CAPTION_SIZE)]
    for number, line in enumerate(lines):
        text(band, (20, 10 + number * 28), line, CAPTION_SIZE, INK)
    canvas.paste(quantize(band), (0, picture.height))
    bar = Image.new("RGB", (max(1, round(width * done)), PROGRESS), GOLD)
    canvas.paste(quantize(bar), (0, height - PROGRESS))
    return canvas


@functools.cache
def _felt_dark_index() -> int:
    return int(quantize(Image.new("RGB", (1, 1), FELT_DARK)).tobytes()[0])


class _GifWriter:
    """A GIF89a file written frame by frame on the shared palette, each frame the
    rectangle that changed since the one before, its unchanged pixels transparent (long
    runs of one index, which GIF's LZW packs to almost nothing). Pillow's own writer
    keeps every frame until the end. The palette's one colour closest to another is
    given up to be the transparent index: its pixels take that other colour."""

    def __init__(self, width: int, height: int, loop: bool) -> None:
        self._out = io.BytesIO()
        self._previous: Image.Image | None = None
        self._pending: tuple[Image.Image, tuple[int, int], int] | None = None
        header = b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF7, 0, 0)
        self._out.write(header + bytes(PALETTE))
        if loop:  # the NETSCAPE2.0 extension: play again for ever
            self._out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")

    def add(self, frame: Image.Image, milliseconds: int) -> None:
        """`frame`, on the shared palette, shown for `milliseconds`."""
        indices = _indices(frame).point(_WITHOUT_CLEAR)
        previous, self._previous = self._previous, indices
        if previous is None:
            self._flush()
            self._pending = (indices, (0, 0), milliseconds)
            return
        changed = ImageChops.difference(previous, indices).getbbox()
        if changed is None:  # nothing moved: the frame before stays longer
            if self._pending is not None:
                image, offset, shown = self._pending
                self._pending = (image, offset, shown + milliseconds)
            return
        self._flush()
        part = indices.crop(changed)
        same = ImageChops.difference(previous.crop(changed), part).point(_SAME, "1")
        part.paste(_CLEAR, mask=same)
        self._pending = (part, changed[:2], milliseconds)

    def _flush(self) -> None:
        if self._pending is None:
            return
        indices, offset, milliseconds = self._pending
        image = Image.frombytes("P", indices.size, indices.tobytes())
        image.putpalette(PALETTE)
        chunks = GifImagePlugin.getdata(
            image, offset, duration=milliseconds, transparency=_CLEAR, disposal=1
        )
        for chunk in chunks:
            self._out.write(chunk)
        self._pending = None

    def finish(self) -> bytes:
        self._flush()
        self._out.write(b";")
        return self._out.getvalue()


def _indices(frame: Image.Image) -> Image.Image:
    """A palette image's indices as a greyscale image (the operations compare indices)."""
    return Image.frombytes("L", frame.size, frame.tobytes())


def _clear_index() -> tuple[int, int]:
    """The palette index given up for transparency, and the index that stands for it:
    the pair of colours closest to each other."""
    colours = [PALETTE[i : i + 3] for i in range(0, 768, 3)]
    best = (0, 1)
    nearest = None
    for a, one in enumerate(colours):
        for b in range(a + 1, len(colours)):
            other = colours[b]
            distance = sum((x - y) ** 2 for x, y in zip(one, other, strict=True))
            if nearest is None or distance < nearest:
                nearest, best = distance, (b, a)
    return best


_CLEAR, _STANDS_IN = _clear_index()
_WITHOUT_CLEAR = [_STANDS_IN if i == _CLEAR else i for i in range(256)]
_SAME = [255, *([0] * 255)]
