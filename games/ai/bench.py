"""Strength of the computer players: `python -m games.ai.bench` (a benchmark, not a test).

For each game and each comparison (easy vs random, hard vs easy) it plays seeded games
and prints the tested level's win rate with a 95% Wilson interval (to three decimals: a
goal's bound is read on them, not on a rounded figure), next to its fair share (1 /
players: what an equal player would win). How a comparison is built:
- one seat of the tested level, every other seat of the baseline level (Graps: one
  against one); the tested seat moves one place every game (seat rotation), so the
  first-mover advantage is spread evenly;
- a shared win counts as 1 / (number of winners), a Graps draw as 1/2;
- game i uses seed `--seed + i`; each seat's generator is seeded from it, so a run
  is reproduced exactly (the hard level runs a fixed number of iterations unless
  `--seconds` is given).
- every game has a duplicate: the same seed with the baseline level in the tested
  seat too ("twin": that seat's win rate then). The same seed deals the same cards
  (Grass and Gracias deal each hand or round from the seed) and rolls the same dice
  (Graps), so the "paired gain" (win share minus the twin's, mean and 95% interval)
  removes much of the luck a plain win rate carries.
It also prints the tested level's decision times (mean, 95th percentile, max).

Grass between random players rarely ends (random players throw their peddles away),
so a game stops after `--max-actions`; the highest running total then wins.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from games.ai import make_ai
from games.protocol import Game
from games.registry import game_class, kinds

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")
TABLES = {"grass": 3}
"""The players of a kind's games where they are not its typical table (its `seats` in
games/registry.py): README.md's Grass figures were measured with three."""


def players() -> dict[str, int]:
    """The players of each benchmarked kind's games: every kind with computer players."""
    return {kind.name: TABLES.get(kind.name, kind.seats) for kind in kinds() if kind.computer}


def iterations() -> dict[str, int]:
    """The hard level's iterations per decision in the benchmark, each kind's
    `iterations` (about 0.2 to 0.4 s each on one core; the bot's time budget of 1 s
    allows several times more)."""
    return {kind.name: kind.iterations for kind in kinds() if kind.computer}


COMPARISONS = (("easy", "random"), ("hard", "easy"))


@dataclass(frozen=True)
class Match:
    kind: str
    tested: str
    baseline: str
    players: int
    seed: int
    iterations: int | None
    seconds: float
    max_actions: int


@dataclass(frozen=True)
class Result:
    credit: float  # the tested seat's share of the win
    twin: float  # the same seat's share with the baseline level there (same seed)
    times: tuple[float, ...]  # the tested seat's decision times, seconds


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _standings(game: Game[Any, Any, Any]) -> tuple[str, ...]:
    """The winners of a finished game, or the leaders by running total of a stopped one."""
    outcome = game.outcome()
    if outcome is not None:
        return outcome.winners
    seats = getattr(game.public_view(), "seats", ())
    totals = {seat.name: seat.total for seat in seats}
    if not totals:
        return tuple(game.players)
    top = max(totals.values())
    return tuple(name for name, total in totals.items() if total == top)


def play(match: Match) -> Result:
    """One game with the tested level in seat `seed % players` and the baseline
    elsewhere, and its duplicate: the same seed with the baseline in every seat."""
    seat = match.seed % match.players
    credit, times = _game(match, seat, match.tested)
    twin, _ = _game(match, seat, match.baseline)
    return Result(credit, twin, times)


def _game(match: Match, tested_seat: int, level: str) -> tuple[float, tuple[float, ...]]:
    """The win share of `level` in `tested_seat` (baseline elsewhere), and its times."""
    names = list(NAMES[: match.players])
    ais = {
        name: make_ai(
            match.kind,
            level if seat == tested_seat else match.baseline,
            seconds=match.seconds,
            iterations=match.iterations,
        )
        for seat, name in enumerate(names)
    }
    rngs = {name: random.Random(f"bench:{match.seed}:{name}") for name in names}
    game = game_class(match.kind).create(names, None, match.seed)
    tested = names[tested_seat]
    times: list[float] = []
    for _ in range(match.max_actions):
        if game.outcome() is not None:
            break
        name = game.awaiting[0]
        legal = game.legal_actions(name)
        start = time.perf_counter()
        action = ais[name].choose(game.view_for(name), legal, rngs[name])
        if name == tested:
            times.append(time.perf_counter() - start)
        game.apply(action)
    winners = _standings(game)
    return (1.0 / len(winners) if tested in winners else 0.0), tuple(times)


def run(matches: Sequence[Match], jobs: int) -> list[Result]:
    if jobs <= 1:
        return [play(match) for match in matches]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(play, matches, chunksize=1))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m games.ai.bench")
    parser.add_argument("--games", type=int, default=30, help="games per comparison")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--kinds", default=",".join(players()))
    parser.add_argument("--only", default="", help="one comparison, e.g. hard-easy")
    parser.add_argument("--iterations", type=int, default=0, help="hard level iterations")
    parser.add_argument("--seconds", type=float, default=0.0, help="time budget instead")
    parser.add_argument("--players", default="", help="e.g. grass=4,gracias=5")
    parser.add_argument("--max-actions", type=int, default=4000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seated = players()
    for item in filter(None, args.players.split(",")):
        kind, count = item.split("=")
        seated[kind] = int(count)
    per_decision = iterations()
    if args.iterations:
        per_decision = dict.fromkeys(per_decision, args.iterations)
    if args.seconds > 0:
        budget = f"{args.seconds:g} s"
    else:
        budget = ", ".join(f"{kind} {count} iterations" for kind, count in per_decision.items())
    print(f"hard level: {budget} per decision; {args.games} games per line; jobs {args.jobs}")
    print(
        f"{'game':<8}{'n':>2}  {'tested vs baseline':<18}{'win rate':>9}  {'95% CI':<15}"
        f"{'fair':>5}{'twin':>6}  {'paired gain, 95% CI':<21}"
        f"{'decision ms: mean / p95 / max':<30}{'wall s':>7}"
    )
    for kind in args.kinds.split(","):
        for tested, baseline in COMPARISONS:
            if args.only and args.only != f"{tested}-{baseline}":
                continue
            matches = [
                Match(
                    kind,
                    tested,
                    baseline,
                    seated[kind],
                    args.seed + i,
                    None if args.seconds > 0 else per_decision[kind],
                    args.seconds,
                    args.max_actions,
                )
                for i in range(args.games)
            ]
            start = time.perf_counter()
            results = run(matches, args.jobs)
            wall = time.perf_counter() - start
            wins = sum(r.credit for r in results)
            low, high = wilson(wins, len(results))
            twin = sum(r.twin for r in results) / len(results)
            gains = [r.credit - r.twin for r in results]
            gain = statistics.fmean(gains)
            spread = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 1
            paired = f"{gain:+.2f} [{gain - spread:+.2f}, {gain + spread:+.2f}]"
            times = sorted(t for r in results for t in r.times)
            timing = ""
            if times:
                p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
                timing = (
                    f"{1000 * statistics.fmean(times):.1f} / {1000 * p95:.1f} / "
                    f"{1000 * times[-1]:.1f}"
                )
            print(
                f"{kind:<8}{seated[kind]:>2}  {tested + ' vs ' + baseline:<18}"
                f"{wins / len(results):>9.3f}  [{low:.3f}, {high:.3f}] "
                f"{1 / seated[kind]:>5.2f}{twin:>6.2f}  {paired:<21}{timing:<30}{wall:>7.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
