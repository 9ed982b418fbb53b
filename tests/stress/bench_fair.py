"""`python -m tests.stress.bench_fair`: whether one busy server slows another server's
computer players (audit finding 1), with the bot's own settings (AI_DELAY, AI_SECONDS,
and one worker per core).

On server B, bob sits at Grass with three hard computer seats and makes simple moves
(tests/stress/bench_waits.py). He plays once alone on the bot, then again while twelve
members of server A each play the same kind of table (a person and three hard
computers) as fast as the bot lets them. Per computer move at bob's table: the time
since the move before it, beyond the computer's pause, from the moves' commit times in
the bot's database. The goal: at most 0.5 s beyond the pause while server A is busy.
Also printed: how many of server A's computer moves were made in that time, so a bot
that kept B fast by starving A would show.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bot.core.settings import AI_DELAY, AI_SECONDS
from bot.core.thinking import default_workers
from tests.bot.table import play_to_the_end
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.model import Channel
from tests.stress.bench_waits import ROBOTS, simple_move
from tests.stress.driver import game_id_in, measured_bot, query

KIND = "grass"
DECISIONS = "computer players' decisions: "
BUSY_TABLES = 12


async def open_table(emu: FakeDiscord, player: Any, channel: Channel) -> Any:
    table = await (await player.slash(channel, f"{KIND} start")).message()
    for _ in range(ROBOTS):
        await (await player.click(table, "Add AI (hard)")).ack()
    await table.wait_until(lambda m: f"{1 + ROBOTS} of" in m.text)
    await (await player.click(table, "Start")).ack()
    return table


def computer_moves(database: Path, game_id: int, person: int) -> list[tuple[bool, float]]:
    [rows] = query(
        database,
        ("SELECT actor_id, at FROM moves WHERE game_id = ? ORDER BY number", (game_id,)),
    )
    return [(row[0] != person, float(row[1])) for row in rows]


def beyond_pause(log: list[tuple[bool, float]]) -> list[float]:
    """Per computer move, the seconds since the move before it, beyond the pause."""
    return [
        at - log[number - 1][1] - AI_DELAY
        for number, (robot, at) in enumerate(log)
        if robot and number > 0
    ]


async def quiet_table(
    emu: FakeDiscord, database: Path, server: int, name: str, moves: int
) -> list[float]:
    """bob's table on server B, played until `moves` computer moves are logged."""
    bob = emu.user(name)
    channel = emu.channel(f"quiet-{name}", server=server)
    table = await open_table(emu, bob, channel)
    game_id = game_id_in(database, channel, KIND)

    def enough() -> bool:
        return sum(robot for robot, _ in computer_moves(database, game_id, bob.id)) >= moves

    await play_to_the_end(emu, bob, table, simple_move, enough, timeout=300)
    return beyond_pause(computer_moves(database, game_id, bob.id))


async def busy_table(emu: FakeDiscord, number: int, stop: asyncio.Event) -> None:
    """A member of server A at their own table, playing game after game until `stop`
    (at their next moment: a task cancelled inside the emulator's waits may not stop)."""
    player = emu.user(f"a{number}")
    channel = emu.channel(f"busy-{number}")
    while not stop.is_set():
        table = await open_table(emu, player, channel)
        await play_to_the_end(emu, player, table, simple_move, stop.is_set, timeout=300)


def computer_moves_on(database: Path, server: int, since: float, until: float) -> int:
    """The computer moves made at a server's tables between two moments."""
    [rows] = query(
        database,
        (
            "SELECT COUNT(*) FROM moves JOIN games ON games.id = moves.game_id "
            "WHERE games.guild_id = ? AND moves.actor_id IS NULL AND moves.at BETWEEN ? AND ?",
            (server, since, until),
        ),
    )
    return int(rows[0][0])


async def measure(moves: int) -> tuple[list[float], list[float], float, str]:
    async with measured_bot(7, dev_guild=False, log_level="INFO") as (emu, bot):
        database = bot.database_path
        server_b = emu.add_server()
        alone = await quiet_table(emu, database, server_b, "bob", moves)
        stop = asyncio.Event()
        busy = [asyncio.create_task(busy_table(emu, n, stop)) for n in range(BUSY_TABLES)]
        try:
            await asyncio.sleep(10)  # every busy table started and at its computers' turns
            since = time.time()
            loaded = await quiet_table(emu, database, server_b, "cy", moves)
            until = time.time()
        finally:
            stop.set()
            await asyncio.gather(*busy)  # a busy table that failed fails the benchmark
        busy_moves = computer_moves_on(database, emu.guild_id, since, until)
        await bot.stop()  # it logs how its computer players decided
        decided = [line for line in bot.log_text().splitlines() if DECISIONS in line]
        return alone, loaded, busy_moves / (until - since), decided[-1].split(DECISIONS)[-1]


def summary(found: list[float]) -> str:
    ordered = sorted(found)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{len(found):>6}{statistics.median(found):>12.2f}{p95:>8.2f}{max(found):>8.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.stress.bench_fair")
    parser.add_argument("--moves", type=int, default=30, help="computer moves on server B")
    args = parser.parse_args(argv)
    alone, loaded, busy_rate, decided = asyncio.run(measure(args.moves))
    print(
        f"server B's computer moves beyond their pause ({AI_DELAY} s), {ROBOTS} hard seats, "
        f"thinking {AI_SECONDS} s, {default_workers()} workers; goal: at most 0.5 s"
    )
    print(f"{'server A':<34}{'moves':>6}{'median':>12}{'p95':>8}{'worst':>8}")
    print(f"{'idle':<34}{summary(alone)}")
    print(f"{f'{BUSY_TABLES} tables of 1 person + {ROBOTS} hard':<34}{summary(loaded)}")
    print(f"meanwhile, server A's computers made {busy_rate:.1f} moves a second in all")
    print(f"the bot's decisions over the run: {decided}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
