"""The shared PNG palette, rebuilt from the sample views: `python -m render.tools.make_palette`.

encode.py maps every image onto one fixed 256-colour palette. Building it means
drawing every sample view of every game (each game's samples.py, in render/grass/,
render/gracias/, render/graps/) and letting Pillow's fast octree pick 256 colours
from them: about 1.5 s, too slow to pay in every bot process. So it is built here,
once, by a person, and committed as the generated module palette_data.py; encode.py
only reads those 768 bytes.

Rebuild it (and look at the golden images) when the renderers' colours change:

    python -m render.tools.make_palette          # rewrite render/palette_data.py
    python -m render.tools.make_palette --check  # exit 1 if the committed one is out of date

tests/render/test_palette.py checks the committed palette still holds every sample
colour closely, so a forgotten rebuild fails the tests.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image

TARGET = Path(__file__).resolve().parent.parent / "palette_data.py"
COLOURS = 256


def reference_parts() -> list[Image.Image]:
    """Every sample image of every game (RGB), each kind's from its render package's
    samples.py, then a scoreboard: the colours the palette must hold."""
    from render.scoreboard import scoreboard_image
    from render.tools import kind_modules

    parts = [part for samples in kind_modules("samples") for part in samples.palette_parts()]
    parts.append(
        scoreboard_image("Scores", ["player", "total"], [["ann", "-$5,000"], ["bob", "7"]], 0)
    )
    return [part.convert("RGB") for part in parts]


def reference_sheet(parts: list[Image.Image]) -> Image.Image:
    """The parts stacked on black (the layout the committed palette was built from:
    the octree counts colours, so the black margins weigh in too)."""
    width = max(part.width for part in parts)
    sheet = Image.new("RGB", (width, sum(part.height for part in parts)))
    y = 0
    for part in parts:
        sheet.paste(part, (0, y))
        y += part.height
    return sheet


def build() -> bytes:
    """The 768 palette bytes (R, G, B for 256 colours) the samples produce now."""
    sheet = reference_sheet(reference_parts())
    quantized = sheet.quantize(
        colors=COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    data = bytes(quantized.getpalette() or [])
    return data.ljust(3 * COLOURS, b"\0")


def module_text(palette: bytes) -> str:
    """palette_data.py holding `palette`, 32 bytes (64 hex digits) a line."""
    rows = [palette[i : i + 32].hex() for i in range(0, len(palette), 32)]
    body = "\n".join(f'    "{row}"' for row in rows)
    return (
        '"""The shared 256-colour PNG palette (R, G, B bytes), generated from the sample\n'
        'views by `python -m render.tools.make_palette`; do not edit by hand."""\n\n'
        f"PALETTE = bytes.fromhex(\n{body}\n)\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.tools.make_palette")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the committed palette is out of date"
    )
    args = parser.parse_args(argv)
    text = module_text(build())
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.name} is out of date: run python -m render.tools.make_palette")
            return 1
        print(f"{TARGET.name} is up to date")
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
