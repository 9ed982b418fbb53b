"""Image assertions for the renderer tests, after Pillow's own Tests/helper.py.

Golden images live in tests/render/golden/, written with the project's PNG encoder
(render.encode.to_png: palette-quantised, so small). A rendered image is compared
with its golden one by the share of pixels that differ by more than `threshold` in
some channel: palette quantisation and font rasteriser versions move pixels by a
little, a missing card or a moved label moves thousands by a lot. On failure the
actual image and a diff image are saved to a temporary folder whose path is printed.
Run with UPDATE_GOLDEN=1 to (re)write the golden images after a deliberate change,
then look at them before committing.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

from render import gracias, graps, grass
from render.encode import to_png

GOLDEN = Path(__file__).resolve().parent / "golden"


def differing_share(actual: Image.Image, expected: Image.Image, threshold: int) -> float:
    """Share of pixels where some channel differs by more than `threshold`."""
    diff = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB"))
    worst = _channel_max(diff)
    over = worst.point(lambda value: 255 if value > threshold else 0)
    histogram = over.histogram()
    return histogram[255] / (actual.width * actual.height)


def _channel_max(diff: Image.Image) -> Image.Image:
    r, g, b = diff.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b)


def assert_image_similar(
    actual: Image.Image, name: str, threshold: int = 48, max_share: float = 0.004
) -> None:
    """`actual` matches golden/<name>.png within the tolerance (see the module doc)."""
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(to_png(actual))
    assert path.exists(), f"no golden image {path.name}: run with UPDATE_GOLDEN=1 and look at it"
    expected = Image.open(path).convert("RGB")
    problem = None
    if expected.size != actual.size:
        problem = f"size {actual.size} != golden {expected.size}"
    else:
        share = differing_share(actual, expected, threshold)
        if share > max_share:
            problem = (
                f"{share:.2%} of pixels differ by more than {threshold} (allowed {max_share:.2%})"
            )
    if problem:
        out = Path(tempfile.mkdtemp(prefix=f"render-{name}-"))
        actual.convert("RGB").save(out / "actual.png")
        if expected.size == actual.size:
            diff = ImageChops.difference(actual.convert("RGB"), expected)
            diff.point(lambda value: min(255, value * 4)).save(out / "diff.png")
        print(f"image {name} differs from its golden image: actual and diff saved in {out}")
        raise AssertionError(f"{name}: {problem}; see {out}")


def assert_not_blank(image: Image.Image, min_colours: int = 20) -> None:
    """More than a background: the image holds many distinct colours."""
    colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) >= min_colours


def close(pixel: object, colour: tuple[int, int, int], tolerance: int = 24) -> bool:
    """An RGB(A) pixel (as `getpixel` returns it) within `tolerance` of `colour`."""
    assert isinstance(pixel, tuple), f"not an RGB pixel: {pixel!r}"
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def renders(kind: str, game: Any) -> list[Callable[[], Image.Image]]:
    """Every picture of a game's moment: the table, a hand (or hidden cards), the
    scores once there are some."""
    view = game.public_view()
    if kind == "grass":
        hand = game.view_for(view.to_move or view.seats[0].name)
        found = [lambda: grass.table_image(view), lambda: grass.hand_image(hand)]
        if view.scores:
            found.append(lambda: grass.score_sheet_image(view))
        return found
    if kind == "gracias":
        hidden = game.view_for(view.to_move or view.seats[0].name)
        found = [lambda: gracias.table_image(view), lambda: gracias.hidden_image(hidden)]
        if view.last_round is not None:
            found.append(lambda: gracias.round_score_image(view))
        return found
    return [lambda: graps.board_image(view, legal_for=view.to_move)]
