"""Random-play throughput of every engine: `python -m games.bench` (also `make bench`).

Prints actions per second and games per second on one core, the median of several
runs. Legal-action listing is included in the figures, as the bot and the AI list
them before every move.
"""

from __future__ import annotations

import argparse
import statistics
import time

from games.randomplay import random_game
from games.registry import available_kinds

PLAYERS = {
    "grass": ["ann", "bob", "cy", "dee"],
    "gracias": ["ann", "bob", "cy", "dee"],
    "graps": ["ann", "bob"],
}


def measure(kind: str, games: int, seed0: int) -> tuple[float, float]:
    actions = 0
    start = time.perf_counter()
    for seed in range(seed0, seed0 + games):
        _, applied = random_game(kind, PLAYERS[kind], None, seed)
        actions += applied
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m games.bench")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=60, help="games per run")
    args = parser.parse_args()
    print(f"{'game':<10}{'players':>8}{'actions/s':>12}{'games/s':>10}   (median of runs)")
    for kind in available_kinds():
        runs = [measure(kind, args.games, run * args.games) for run in range(args.runs)]
        actions_per_s = statistics.median(r[0] for r in runs)
        games_per_s = statistics.median(r[1] for r in runs)
        print(f"{kind:<10}{len(PLAYERS[kind]):>8}{actions_per_s:>12,.0f}{games_per_s:>10,.1f}")


if __name__ == "__main__":
    main()
