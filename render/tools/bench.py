"""Renderer speed: `python -m render.tools.bench` (also `make bench`).

Prints, per image kind, the time to compose the image and to encode it as PNG
(median and 99th percentile over many renders, milliseconds, one thread) and the
PNG's size. The views come from the gallery's seeded games (each game kind's cases
are its render package's, gallery.py's `bench_cases`). Card faces, sprites and
the empty Graps board are cached on first use, as in the running bot, so a warm-up
render comes first; text snippets are cached too, but each kind is measured over
several different views of a game so the figures include fresh text.

Goals on these machines: a 6-player Grass table composed and encoded within 15 ms at
p99; every picture under 100 KB; a Graps board within 20 ms. `--runs` renders per kind
cycle through the game's successive moments, so the first pass draws every text new
and the later ones find the texts (and the unchanged Grass seats) kept, as the bot
does from one move to the next.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from render import prepare
from render.encode import to_png
from render.scoreboard import scoreboard_image
from render.tools import kind_modules
from render.tools.gallery import images
from render.tools.seeded import NAMES, Render


def cases() -> list[tuple[str, list[Render]]]:
    """(name, renders) per image kind: every game kind's own (its render package's
    gallery.py), then the pictures every kind shares."""
    found = [case for gallery in kind_modules("gallery") for case in gallery.bench_cases()]
    rows = [[name, "3", "$250,000"] for name in NAMES]
    return [
        *found,
        ("scoreboard", [lambda: scoreboard_image("Scores", ["player", "wins", "total"], rows, 0)]),
        ("player card", [dict(images())["player-card.png"]]),
    ]


def p99(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def measure(renders: list[Render], runs: int) -> tuple[list[float], list[float], list[float], int]:
    """Compose and encode wall times and the CPU time of both (ms) over `runs`
    renders cycling through `renders`, and the largest PNG (bytes)."""
    prepare()  # every card face drawn, as in a bot that has run a while
    for render in renders[:3]:  # warm-up: sprites, fonts, the palette
        to_png(render())
    compose, encode, cpu, size = [], [], [], 0
    for index in range(runs):
        render = renders[index % len(renders)]
        cpu_start = time.thread_time()
        start = time.perf_counter()
        image = render()
        mid = time.perf_counter()
        data = to_png(image)
        end = time.perf_counter()
        cpu.append((time.thread_time() - cpu_start) * 1000)
        compose.append((mid - start) * 1000)
        encode.append((end - mid) * 1000)
        size = max(size, len(data))
    return compose, encode, cpu, size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.tools.bench")
    parser.add_argument("--runs", type=int, default=200, help="renders per image kind")
    args = parser.parse_args(argv)
    print(f"{'image':<18}{'size':>10}{'compose ms':>16}{'encode ms':>16}{'total ms':>16}{'PNG':>8}")
    print(f"{'':<28}" + f"{'median':>8}{'p99':>8}" * 3 + f"{'max':>8}")
    for name, renders in cases():
        compose, encode, cpu, size = measure(renders, args.runs)
        total = [c + e for c, e in zip(compose, encode, strict=True)]
        width, height = renders[0]().size
        print(
            f"{name:<18}{f'{width}x{height}':>10}"
            f"{statistics.median(compose):>8.1f}{p99(compose):>8.1f}"
            f"{statistics.median(encode):>8.1f}{p99(encode):>8.1f}"
            f"{statistics.median(total):>8.1f}{p99(total):>8.1f}"
            f"{size / 1024:>5.0f} KB   (CPU p99 {p99(cpu):.1f} ms)"
        )
    print("Wall-clock times; CPU p99 is this thread's own time, unaffected by other load.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
