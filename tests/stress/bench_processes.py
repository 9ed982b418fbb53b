"""`python -m tests.stress.bench_processes`: SQLite beside PostgreSQL, one process beside
two, on this machine, as one table (`make bench` runs it after `tests.stress.bench`).

- The storage's move commit, timed in this process, p50 and p99, on a SQLite file and on
  a throwaway PostgreSQL server (tests/postgres.py) in the same run.
- Moves per second sustained with Graps games played at once, typed as commands, and
  the p99 at each step: one bot process on SQLite, one on PostgreSQL, and two processes
  (shards 0 and 1 of 2) on PostgreSQL with the games split between their servers.
- The REST calls per second that count against Discord's global limit (interaction
  responses are exempt), all processes together, in the busiest second of each run.
  The ramps above run with the limit lifted (REST_PER_SECOND), to measure the bot
  itself; a last run of two processes keeps Discord's limit of 50 at the heaviest
  load, and shows they stay within it.

Everything runs on the same cores: the bot processes, PostgreSQL, the emulator and this
driver, so the figures are conservative, and two processes on two cores compete with
the rest for them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path
from typing import Any

from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.gateway import shard_of
from tests.fakediscord.process import BotProcess
from tests.postgres import PostgresServer, find_binaries, running
from tests.stress.bench import commit_times, ms, p
from tests.stress.clicks import EXEMPT
from tests.stress.driver import (
    Database,
    Table,
    choose,
    confirmed,
    game_id_in,
    open_table,
    send,
    stored,
)
from tests.stress.processes import server_of_shard

LIFTED = {"GAME_SEED": "1", "REST_PER_SECOND": "100000"}
"""Discord's REST limit lifted (the emulator does not enforce it): what the bot itself
sustains. The last run keeps the limit, to show the processes stay within it."""


@contextlib.asynccontextmanager
async def bots(
    database: Database, processes: int, folder: Path, limit: bool = False
) -> AsyncIterator[tuple[FakeDiscord, list[BotProcess]]]:
    """`processes` bot processes (each its shards) on one database, logging warnings;
    `limit`: under Discord's REST limit, else with it lifted."""
    async with FakeDiscord() as emu:
        while processes > 1 and len({shard_of(g, processes) for g in emu.guild_ids}) < 2:
            emu.add_server()
        started: list[BotProcess] = []
        try:
            for shard in range(processes):
                env = {"GAME_SEED": "1"} if limit else dict(LIFTED)
                if processes > 1:
                    env.update(SHARD_COUNT=str(processes), SHARD_IDS=str(shard))
                bot = BotProcess(
                    emu,
                    database_path=folder / "bench.sqlite3",
                    database_url=database if isinstance(database, str) else None,
                    log_path=folder / f"bench{shard}.log",
                    log_level="WARNING",
                    dev_guild=processes == 1,
                    env=env,
                )
                started.append(bot)
                await bot.start(wait=False)
            await started[0].wait_ready(0, timeout=60)
            yield emu, started
        finally:
            for bot in started:
                await bot.stop()


async def ramp(
    emu: FakeDiscord, database: Database, levels: list[int], seconds: float, servers: list[int]
) -> list[tuple[int, float, float, float, int]]:
    """Graps games played at once, spread over `servers`: (games, moves/s, p50, p99,
    REST calls in the busiest second). The driver follows each game in an engine of its
    own rather than read the database at every move."""
    results = []
    for level in levels:
        games: list[tuple[Table, Any]] = []
        for n in range(level):
            channel = emu.channel(f"ramp{level}-{n}", server=servers[n % len(servers)])
            names = [f"r{level}x{n}p{seat}" for seat in range(2)]
            table = await open_table(emu, "graps", channel, names)
            table.game_id = game_id_in(database, channel, "graps")
            games.append((table, stored(database, table.game_id).engine()))
        times: list[float] = []
        first = len(emu.requests)
        stop = time.perf_counter() + seconds
        started = time.perf_counter()
        await asyncio.gather(
            *(run(emu, t, engine, n, stop, times) for n, (t, engine) in enumerate(games))
        )
        elapsed = time.perf_counter() - started
        counted = [r.started for r in emu.requests[first:] if not r.path.startswith(EXEMPT)]
        busiest = max((sum(s <= t < s + 1 for t in counted) for s in counted), default=0)
        results.append(
            (level, len(times) / elapsed, statistics.median(times), p(times, 0.99), busiest)
        )
    return results


async def run(
    emu: FakeDiscord, table: Table, engine: Any, seed: int, stop: float, times: list[float]
) -> None:
    """Moves typed as fast as the answers come, timed server-side as in the main bench
    (the interaction received to the last REST call done)."""
    rng = random.Random(seed)
    while time.perf_counter() < stop:
        action = choose(engine, rng)
        if action is None:
            return
        first = len(emu.requests)
        interaction = await send(table, action)
        await emu.wait_for(partial(confirmed, interaction), what=f"{action} confirmed")
        engine.apply_json(action)
        mine = [r for r in emu.requests[first:] if r.started >= interaction.created]
        times.append(max(r.finished for r in mine) - interaction.created)


async def setups(
    server: PostgresServer, levels: list[int], seconds: float
) -> dict[str, list[tuple[int, float, float, float, int]]]:
    found = {}
    with tempfile.TemporaryDirectory() as folder:
        async with bots(Path(folder) / "bench.sqlite3", 1, Path(folder)) as (emu, _):
            found["1 process, SQLite"] = await ramp(
                emu, Path(folder) / "bench.sqlite3", levels, seconds, [emu.guild_id]
            )
    for processes, limit in ((1, False), (2, False), (2, True)):
        with tempfile.TemporaryDirectory() as folder, server.fresh_database() as url:
            async with bots(url, processes, Path(folder), limit) as (emu, _):
                servers = [emu.guild_id]
                if processes > 1:
                    servers = [server_of_shard(emu, shard) for shard in range(processes)]
                name = f"{processes} process{'es' if processes > 1 else ''}, PostgreSQL"
                if limit:
                    name = "2 processes, Discord's limit"
                found[name] = await ramp(
                    emu, url, levels[-1:] if limit else levels, seconds, servers
                )
    return found


def best_under(steps: list[tuple[int, float, float, float, int]], p99: float) -> str:
    fast = [step for step in steps if step[3] <= p99]
    if not fast:
        return "none with p99 <= 150 ms"
    rate = max(step[1] for step in fast)
    return f"{rate:.0f} moves/s with p99 <= 150 ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.stress.bench_processes")
    parser.add_argument("--levels", default="1,2,4,8,16", help="games at once in the ramp")
    parser.add_argument("--seconds", type=float, default=8.0, help="per ramp step")
    parser.add_argument("--commits", type=int, default=300, help="timed commits per database")
    args = parser.parse_args(argv)
    levels = [int(n) for n in args.levels.split(",")]
    binaries = find_binaries()
    if binaries is None:
        print("no PostgreSQL server programs: run tests/install-postgres", file=sys.stderr)
        return 1
    with running(binaries) as server:
        sqlite_commits = commit_times(args.commits)
        with server.fresh_database() as url:
            postgres_commits = commit_times(args.commits, url)
        found = asyncio.run(setups(server, levels, args.seconds))
    print("move commit (in this process)   p50 ms  p99 ms")
    for name, times in (("SQLite file", sqlite_commits), ("PostgreSQL", postgres_commits)):
        print(f"{name:<32}{ms(statistics.median(times)):>7}{ms(p(times, 0.99)):>8}")
    print(
        f"{'ramp (Graps games at once)':<32}{'games':>6}{'moves/s':>9}{'p50 ms':>8}"
        f"{'p99 ms':>8}{'REST/s':>8}"
    )
    for name, steps in found.items():
        for n, (level, rate, median, p99, busiest) in enumerate(steps):
            label = name if n == 0 else ""
            print(f"{label:<32}{level:>6}{rate:>9.1f}{ms(median):>8}{ms(p99):>8}{busiest:>8}")
        print(
            f"{'':<32}{best_under(steps, 0.150)}; busiest second "
            f"{max(step[4] for step in steps)} REST calls (limit 50)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
