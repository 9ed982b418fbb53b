"""`python -m render.tools.bench_replay`: how long an animated replay of a whole game
takes to draw on one core, and how large it is (render/animation.py), and the same of
its replay page (render/page.py), for each game: a 4-player Grass game of four hands, a
4-player Gracias game, a Graps game; seeded games played by random playouts
(games/randomplay.py). The goals: at most 3 s and 8 MB for the Grass game's animation,
2 MB for its page. Then the same frames of one Gracias round as animated WebP, for the
size against GIF (the format Discord animates on every client)."""

from __future__ import annotations

import argparse
import io
import statistics
import time
from typing import Any

from games.randomplay import random_replay
from games.watch import parts, watch
from lang import speaking
from render.animation import Drawers, animation, frames, game_animation
from render.page import replay_page

GAMES = (("grass", 4, 78), ("gracias", 4, 3), ("graps", 2, 3))
"""(kind, players, seed): seed 78 deals the Grass game four hands."""
NAMES = ["ann", "bob", "cy", "dee"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.tools.bench_replay")
    parser.add_argument("--runs", type=int, default=3, help="replays drawn per game")
    args = parser.parse_args(argv)
    print(f"{'replay':<32}{'moves':>6}{'frames':>8}{'CPU s':>8}{'MB':>7}{'plays':>8}", end="")
    print(f"{'page s':>8}{'page MB':>9}")
    for kind, players, seed in GAMES:
        document = random_replay(kind, NAMES[:players], seed)
        seconds: list[float] = []
        made: Any = None
        for _ in range(args.runs):
            started = time.process_time()
            made = game_animation(document, "en")
            seconds.append(time.process_time() - started)
        paged: list[float] = []
        page = ""
        for _ in range(args.runs):
            started = time.process_time()
            page = replay_page(document, "en")
            paged.append(time.process_time() - started)
        steps = watch(document)
        name = f"{kind}, {players} players, {len(parts(steps))} part(s)"
        print(
            f"{name:<32}{len(document['actions']):>6}{made.frames:>8}"
            f"{statistics.median(seconds):>8.2f}{len(made.data) / 1e6:>7.2f}"
            f"{made.milliseconds / 60000:>6.1f} min"
            f"{statistics.median(paged):>8.2f}{len(page.encode()) / 1e6:>9.2f}"
        )
    document = random_replay("gracias", NAMES, 3)
    steps = watch(document)
    one_round = [steps[i] for i in parts(steps)[0]]
    drawers = Drawers.of("gracias")
    with speaking("en"):
        gif = animation(one_round, drawers)
        pictures = list(frames(one_round, drawers))
    webp = io.BytesIO()
    pictures[0].save(webp, "WEBP", save_all=True, append_images=pictures[1:], lossless=True)
    print(
        f"One Gracias round, {gif.frames} frames: GIF {len(gif.data) / 1024:.0f} KB, "
        f"lossless animated WebP {webp.tell() / 1024:.0f} KB."
    )
    print("CPU s: this process's time (one core), the median of the runs.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
