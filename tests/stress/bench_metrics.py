"""`python -m tests.stress.bench_metrics`: what the operators' metrics cost a move.

In this process, the real session service on a real SQLite file (WAL, `synchronous =
FULL`, as the bot runs it) with the recording screen of tests/bot/core/harness.py: Grass
and Graps games between people, random legal moves through `Sessions.act`, in batches
with the metrics on (`Sessions.metrics` set, the event loop's lag watched) and off, in
pairs of batches playing the same games, so that only the metrics differ. Nothing is
drawn or sent to Discord here, so a move takes a fraction of its server-side time through
Discord (about 20 ms, docs/performance.md): the share printed is an upper bound of the
metrics' share.

Then the recording alone, timed in a loop: a move's three figures (moved, its time, its
commit) and the requests to Discord that discord.py's trace reports (`Metrics.answered`),
REST_PER_MOVE of them, the most a move makes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import yarl

from bot.core.metrics import Metrics
from tests.bot.core.harness import Services, services

PEOPLE = {
    "grass": [(10, "ann"), (11, "bob"), (12, "cy")],
    "graps": [(10, "ann"), (11, "bob")],
}
REST_PER_MOVE = 5
"""Requests to Discord a move makes at most: typed Grass moves make 4.6 (README.md)."""
GOAL = 0.02
"""The metrics may cost at most 2% of a move's server-side time."""


async def timed_moves(svc: Services, kind: str, count: int, rng: random.Random) -> list[float]:
    """`count` moves of `kind`, each timed from its call to its return (a new game when
    one ends)."""
    times: list[float] = []
    session = await svc.start_game(kind, PEOPLE[kind])
    while len(times) < count:
        if not session.engine.awaiting:
            session = await svc.start_game(kind, PEOPLE[kind])
        name = session.engine.awaiting[0]

        def pick(hand: Any) -> Any:
            return rng.choice(hand.legal)

        started = time.perf_counter()
        await svc.sessions.act(session.id, session.user_of(name), pick)
        times.append(time.perf_counter() - started)
    return times


async def compare(kind: str, pairs: int, size: int, folder: Path) -> tuple[float, float]:
    """The median move with the metrics off and on: `pairs` pairs of batches, the two of
    a pair playing the same games (the same deals, the same random choices) in turn,
    which goes first alternating, so that only the metrics differ."""
    off: list[float] = []
    on: list[float] = []
    async with services(folder, game_seed=5) as svc:
        await timed_moves(svc, kind, size, random.Random(0))  # warm: imports, caches
        for pair in range(pairs):
            for metrics in (None, Metrics()) if pair % 2 else (Metrics(), None):
                svc.sessions.metrics = metrics
                watching = asyncio.create_task(metrics.watch_loop()) if metrics else None
                times = await timed_moves(svc, kind, size, random.Random(pair))
                if watching is not None:
                    watching.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await watching
                (on if metrics else off).extend(times)
    return statistics.median(off), statistics.median(on)


def recording_cost(rounds: int = 20_000) -> float:
    """Seconds the metrics take to record one move and its REST_PER_MOVE requests."""
    metrics = Metrics()
    url = yarl.URL("https://discord.com/api/v10/channels/1/messages/2")
    started = time.perf_counter()
    for _ in range(rounds):
        metrics.moved("grass", "typed")
        metrics.move_took("grass", 0.02)
        metrics.committed("sqlite", 0.001)
        for _ in range(REST_PER_MOVE):
            metrics.answered(url, 200)
    return (time.perf_counter() - started) / rounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.stress.bench_metrics")
    parser.add_argument("--pairs", type=int, default=10, help="pairs of batches, on and off")
    parser.add_argument("--moves", type=int, default=150, help="moves per batch")
    args = parser.parse_args(argv)
    print("What the metrics cost a move (in process: Sessions.act on SQLite, nothing drawn)")
    quickest = 1.0
    for kind in PEOPLE:
        with tempfile.TemporaryDirectory() as folder:
            off, on = asyncio.run(compare(kind, args.pairs, args.moves, Path(folder)))
        quickest = min(quickest, off)
        print(
            f"  {kind}: median move {off * 1e3:.3f} ms with metrics off, {on * 1e3:.3f} ms on "
            f"({(on - off) / off:+.1%}; {2 * args.pairs * args.moves} moves, the same games "
            "each way)"
        )
    cost = recording_cost()
    print(
        f"  recording a move and {REST_PER_MOVE} requests to Discord: {cost * 1e6:.1f} µs, "
        f"{cost / quickest:.2%} of a move in process, {cost / 0.020:.2%} of a 20 ms "
        f"server-side move (goal: at most {GOAL:.0%})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
