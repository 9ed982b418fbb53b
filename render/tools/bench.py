"""Renderer speed: `python -m render.tools.bench` (also `make bench`).

Prints, per image kind, the time to compose the image and to encode it as PNG
(median and 99th percentile over many renders, milliseconds, one thread) and the
PNG's size. The views come from the gallery's seeded games. Card faces, sprites and
the empty Graps board are cached on first use, as in the running bot, so a warm-up
render comes first; text snippets are cached too, but each kind is measured over
several different views of a game so the figures include fresh text.

Goals on these machines: a 6-player Grass table composed and encoded within 30 ms at
p99 and at most 300 KB; a Graps board within 20 ms.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

from lang import speaking
from render import gracias, graps, grass, prepare
from render.encode import to_png
from render.scoreboard import scoreboard_image
from render.tools.gallery import NAMES, _step, images, play_until

Render = Callable[[], Image.Image]


def _snapshots(kind: str, players: int, seed: int, start: int, count: int) -> list[Any]:
    """`count` successive public-view moments of one seeded game from move `start`."""
    import random

    game = play_until(kind, players, seed, lambda g: g.moves >= start)
    rng = random.Random(seed + 1)
    games = []
    for _ in range(count):
        games.append(game.clone())
        if game.outcome() is not None:
            break
        _step(game, rng)
    return games


def _renders(games: list[Any], render: Callable[[Any], Image.Image]) -> list[Render]:
    return [functools.partial(render, game) for game in games]


def _in_german(draw: Callable[[Any], Image.Image]) -> Callable[[Any], Image.Image]:
    """The table drawn in German, usually the longest of the bot's languages."""

    def german(game: Any) -> Image.Image:
        with speaking("de"):
            return draw(game.public_view())

    return german


def cases() -> list[tuple[str, list[Render]]]:
    grass6 = _snapshots("grass", 6, 11, 150, 40)
    grass2 = _snapshots("grass", 2, 3, 40, 40)
    gracias6 = _snapshots("gracias", 6, 4, 10, 30)
    graps2 = _snapshots("graps", 2, 6, 60, 40)
    scored = play_until("grass", 6, 7, lambda g: len(g.public_view().scores) >= 2)
    rows = [[name, "3", "$250,000"] for name in NAMES]
    return [
        ("grass table 6p", _renders(grass6, lambda g: grass.table_image(g.public_view()))),
        ("grass table 6p de", _renders(grass6, _in_german(grass.table_image))),
        ("grass table 2p", _renders(grass2, lambda g: grass.table_image(g.public_view()))),
        ("grass hand", _renders(grass6, lambda g: grass.hand_image(g.view_for(NAMES[0])))),
        (
            "grass score sheet",
            _renders([scored], lambda g: grass.score_sheet_image(g.public_view())),
        ),
        ("gracias table 6p", _renders(gracias6, lambda g: gracias.table_image(g.public_view()))),
        ("gracias hidden", _renders(gracias6, lambda g: gracias.hidden_image(g.view_for("ann")))),
        (
            "graps board",
            _renders(graps2, lambda g: graps.board_image(g.public_view(), g.public_view().to_move)),
        ),
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
