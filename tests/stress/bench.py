"""`python -m tests.stress.bench`: the bot's performance on this machine, as one table.

Through the Discord emulator, with the real bot process (`python -m bot`):
- server-side time per move for each game (the interaction received to the last REST
  call of the move done: the table edit, the DMs, the confirmation), beside a bare
  `/ping`, medians and p99; moves typed as commands ("typed") and picked in the menus
  of the DM hand message ("click", how most players play: tests/stress/clicks.py);
- REST calls per move outside interaction responses (these count against Discord's
  global 50 per second; interaction callbacks and follow-ups do not);
- a ramp: games played at once, moves per second sustained, and the p99 at each step.
In this process: the SQLite commit of a move (p99), memory per loaded game (1,000
games, in a subprocess), engine actions per second (`games.bench`). Render time and
PNG size per image kind: `python -m render.tools.bench`. Figures: docs/performance.md.
The emulator runs in the same process as this driver and shares the machine's cores
with the bot, so the figures are conservative.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from games.registry import get, kind_names
from tests.fakediscord.emulator import FakeDiscord
from tests.stress.clicks import EXEMPT, METHODS, clicked_move
from tests.stress.driver import (
    Table,
    choose,
    confirmed,
    game_id_in,
    measured_bot,
    open_table,
    send,
    stored,
)


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


Mover = Callable[[FakeDiscord, Path, Table, random.Random], Awaitable[Any]]


async def timed_move(emu: FakeDiscord, database: Path, table: Table, rng: random.Random) -> Any:
    """One move typed as a command: (server-side seconds, the REST calls outside
    interaction responses by what they do), or None once the game is over."""
    game = stored(database, table.game_id)
    action = choose(game.engine(), rng) if game.status == "running" else None
    if action is None:
        return None
    first = len(emu.requests)
    interaction = await send(table, action)
    await emu.wait_for(lambda: confirmed(interaction), what=f"{action} confirmed")
    mine = [r for r in emu.requests[first:] if r.started >= interaction.created]
    table.sent.append((game.version, action))
    outside = [METHODS.get(r.method, "other") for r in mine if not r.path.startswith(EXEMPT)]
    return max(r.finished for r in mine) - interaction.created, outside


async def new_table(emu: FakeDiscord, database: Path, kind: str, name: str) -> Table:
    names = [f"{name}{n}" for n in range(get(kind).seats)]
    table = await open_table(emu, kind, emu.channel(name), names)
    table.game_id = game_id_in(database, table.channel, kind)
    return table


async def kind_rows(
    emu: FakeDiscord, database: Path, moves: int, mover: Mover, label: str
) -> dict[str, Any]:
    """kind -> (seconds per move, REST calls per move, what those calls did), `moves`
    moves of each game kind made by `mover`, new games opened as games end."""
    rng = random.Random(label)
    rows: dict[str, Any] = {}
    for kind in kind_names():
        times: list[float] = []
        verbs: list[list[str]] = []
        count = 0
        while len(times) < moves:
            table = await new_table(emu, database, kind, f"{label}-{kind}-{count}")
            count += 1
            while len(times) < moves:
                result = await mover(emu, database, table, rng)
                if result is None:
                    break
                times.append(result[0])
                verbs.append(result[1])
        rows[f"{kind} {label}"] = (times, [len(v) for v in verbs], [v for vs in verbs for v in vs])
    return rows


async def per_move(emu: FakeDiscord, database: Path, moves: int) -> dict[str, Any]:
    """Typed moves, clicked moves (tests/stress/clicks.py: the mover's hand is redrawn
    through the click's response, exempt from the limit) and a bare `/ping`."""
    rows = await kind_rows(emu, database, moves, timed_move, "typed")
    rows.update(await kind_rows(emu, database, moves, clicked_move, "click"))
    ping: list[float] = []
    ann = emu.user("ann")
    for _ in range(moves):
        interaction = await ann.slash(emu.channel("general"), "ping")
        await interaction.message()
        mine = [r for r in emu.requests if r.started >= interaction.created]
        ping.append(max(r.finished for r in mine) - interaction.created)
    rows["/ping"] = (ping, [0] * len(ping), [])
    return rows


async def ramp(emu: FakeDiscord, database: Path, levels: list[int], seconds: float) -> list[Any]:
    """`n` Graps games played at once, each as fast as its players answer."""
    results = []
    for level in levels:
        tables = [await new_table(emu, database, "graps", f"ramp{level}-{n}") for n in range(level)]
        times: list[float] = []
        stop = time.perf_counter() + seconds

        started = time.perf_counter()
        await asyncio.gather(
            *(_run(emu, database, t, n, stop, times) for n, t in enumerate(tables))
        )
        elapsed = time.perf_counter() - started
        results.append((level, len(times) / elapsed, statistics.median(times), p(times, 0.99)))
    return results


async def _run(
    emu: FakeDiscord, database: Path, table: Table, seed: int, stop: float, times: list[float]
) -> None:
    rng = random.Random(seed)
    while time.perf_counter() < stop:
        result = await timed_move(emu, database, table, rng)
        if result is None:
            return
        times.append(result[0])


def commit_times(moves: int, url: str | None = None) -> list[float]:
    """The storage's move transaction, timed in-process on a file database (or the
    PostgreSQL database at `url`)."""
    from bot.core.storage import Storage
    from games.grass import Grass

    async def go() -> list[float]:
        with tempfile.TemporaryDirectory() as folder:
            storage = await Storage.open(url or Path(folder) / "bench.sqlite3")
            try:
                engine = Grass.create(["ann", "bob", "cy", "dee"], None, 3)
                game_id = await storage.create_game(1, 2, "grass", {}, 10, "ann")
                for user, name in ((11, "bob"), (12, "cy"), (13, "dee")):
                    await storage.add_seat(game_id, user, name)
                await storage.start_game(
                    game_id,
                    [(10, "ann"), (11, "bob"), (12, "cy"), (13, "dee")],
                    engine.replay_header(),
                    engine.to_json(),
                    0,
                )
                rng = random.Random(3)
                times = []
                for _ in range(moves):
                    action = choose(engine, rng)
                    if action is None:
                        break
                    before = engine.moves
                    engine.apply_json(action)
                    started = time.perf_counter()
                    await storage.record_move(
                        game_id, before, 10, action, engine.to_json(), engine.moves
                    )
                    times.append(time.perf_counter() - started)
            finally:
                await storage.close()
            return times

    return asyncio.run(go())


MEMORY = """
import gc, json, random, resource, sys
from games.registry import game_class, kinds
from games.randomplay import random_game
from tests.stress.driver import choose
states = []
for n in range(30):
    entry = kinds()[n % len(kinds())]
    kind = entry.name
    players = ["ann", "bob", "cy", "dee", "eve", "fay"][: entry.seats]
    game = game_class(kind).create(players, None, n)
    rng = random.Random(n)
    for _ in range(40):
        action = choose(game, rng)
        if action is None:
            break
        game.apply_json(action)
    states.append((kind, json.dumps(game.to_json())))
gc.collect()
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096
before = rss()
loaded = [game_class(k).from_json(json.loads(s)) for k, s in (states * 34)[:1000]]
gc.collect()
print((rss() - before) / len(loaded))
"""


def memory_per_game() -> float:
    out = subprocess.run([sys.executable, "-c", MEMORY], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def engine_rates() -> str:
    out = subprocess.run(
        [sys.executable, "-m", "games.bench", "--runs", "3", "--games", "20"],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


async def through_the_bot(moves: int, levels: list[int], seconds: float) -> tuple[Any, Any]:
    async with measured_bot(1) as (emu, bot):
        rows = await per_move(emu, bot.database_path, moves)
        steps = await ramp(emu, bot.database_path, levels, seconds)
    return rows, steps


def ms(value: float) -> str:
    return f"{value * 1000:7.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.stress.bench")
    parser.add_argument("--moves", type=int, default=150, help="timed moves per game kind")
    parser.add_argument("--levels", default="1,2,4,8,16", help="games at once in the ramp")
    parser.add_argument("--seconds", type=float, default=8.0, help="per ramp step")
    args = parser.parse_args(argv)
    levels = [int(n) for n in args.levels.split(",")]
    rows, steps = asyncio.run(through_the_bot(args.moves, levels, args.seconds))
    commits = commit_times(300)
    memory = memory_per_game()
    print(f"python {sys.version.split()[0]}, {args.moves} moves per kind, through the emulator")
    goals = "   goal p50<=40, p99<=150, REST<=1.5"
    print(f"{'per move':<16}{'p50 ms':>8}{'p99 ms':>8}{'REST/move':>11}{goals}")
    for kind, (times, calls, verbs) in rows.items():
        label = kind
        split = ", ".join(f"{verbs.count(v) / len(calls):.2f} {v}" for v in sorted(set(verbs)))
        print(
            f"{label:<16}{ms(statistics.median(times)):>8}{ms(p(times, 0.99)):>8}"
            f"{statistics.mean(calls):>11.2f}   {split}"
        )
    print(f"{'ramp':<16}{'games':>8}{'moves/s':>9}{'p50 ms':>8}{'p99 ms':>8}")
    for level, rate, median, p99 in steps:
        print(f"{'':<16}{level:>8}{rate:>9.1f}{ms(median):>8}{ms(p99):>8}")
    print(
        f"SQLite move commit: p50 {ms(statistics.median(commits)).strip()} ms,"
        f" p99 {ms(p(commits, 0.99)).strip()} ms (goal p99 <= 10 ms)"
    )
    print(f"memory per loaded game (1,000 engines): {memory / 1024:.1f} KB (goal <= 100 KB)")
    print("engine random play (games.bench):")
    print(engine_rates())
    print("render time and PNG size per image kind: python -m render.tools.bench")
    return 0


if __name__ == "__main__":
    sys.exit(main())
