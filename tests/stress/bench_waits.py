"""`python -m tests.stress.bench_waits`: how long a person waits for the computer seats
at their table, with the bot's own settings (its pause before a computer move,
AI_DELAY, and the hard level's thinking time, AI_SECONDS).

ann sits with three hard computer seats at Grass and at Gracias and makes simple moves
in her DM hand message (the first card passed or discarded, the first trio taken, the
first split, offers declined). After her move the three computers move in turn; she
waits for all of them. The hard level thinks during its pause (counted from the move
before), so each computer move should cost its table the pause and its own commit, not
the pause and the thinking. The figures come from the moves' commit times in the game's
log: per computer move, the time since the move before it; per stretch of computer
moves between two of ann's, the time beyond the sum of their pauses.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path
from typing import Any

from bot.core.settings import AI_DELAY, AI_SECONDS
from tests.bot.table import control_ids, play_to_the_end
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.model import Message
from tests.stress.driver import game_id_in, measured_bot, query

ROBOTS = 3


async def simple_move(player: Any, message: Message) -> None:
    """The first choice of the hand message's first menu or button that makes a move."""
    for select in message.selects():
        if select.custom_id.split(":")[3] in ("pass", "discard", "take", "split"):
            await (await player.select(message, select.custom_id, [select.values[0]])).ack()
            return
    for button in message.buttons():
        verb = (button.custom_id or "").split(":")[3:4]
        if verb in (["take"], ["split"]) or button.label in ("Decline", "Withdraw my offer"):
            await (await player.click(message, button.custom_id)).ack()
            return
    raise AssertionError(f"no simple move in {control_ids(message)}")


async def play(emu: FakeDiscord, database: Path, kind: str, moves: int) -> list[tuple[bool, float]]:
    """A game of ann and three hard computers, played until `moves` computer moves are
    logged and it is ann's moment again (or the game ends): (whether a computer made
    it, commit time) per move."""
    ann = emu.user("ann")
    channel = emu.channel(f"waits-{kind}")
    table = await (await ann.slash(channel, f"{kind} start")).message()
    for _ in range(ROBOTS):
        await (await ann.click(table, "Add AI (hard)")).ack()
    await table.wait_until(lambda m: f"{1 + ROBOTS} of" in m.text)
    await (await ann.click(table, "Start")).ack()
    game_id = game_id_in(database, channel, kind)

    def logged() -> list[tuple[bool, float]]:
        [rows] = query(
            database,
            ("SELECT actor_id, at FROM moves WHERE game_id = ? ORDER BY number", (game_id,)),
        )
        return [(row[0] != ann.id, float(row[1])) for row in rows]

    def enough() -> bool:
        # Her moment comes once the computers before it have moved and been published.
        return sum(robot for robot, _ in logged()) >= moves

    await play_to_the_end(emu, ann, table, simple_move, enough, timeout=120)
    return logged()


def waits(log: list[tuple[bool, float]], pause: float) -> tuple[list[float], list[float]]:
    """Per computer move, the seconds since the move before; per stretch of computer
    moves after a move of ann's, the seconds beyond the sum of their pauses."""
    gaps: list[float] = []
    beyond: list[float] = []
    stretch = 0
    started = 0.0
    for number, (robot, at) in enumerate(log):
        if robot and number > 0:
            gaps.append(at - log[number - 1][1])
            if stretch == 0:
                started = log[number - 1][1]
            stretch += 1
        elif not robot and stretch:
            beyond.append(log[number - 1][1] - started - stretch * pause)
            stretch = 0
    if stretch:  # the computers' moves before ann's last moment
        beyond.append(log[-1][1] - started - stretch * pause)
    return gaps, beyond


async def measure(moves: int) -> dict[str, tuple[list[float], list[float]]]:
    found: dict[str, tuple[list[float], list[float]]] = {}
    async with measured_bot(5) as (emu, bot):
        for kind in ("grass", "gracias"):
            found[kind] = waits(await play(emu, bot.database_path, kind, moves), AI_DELAY)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.stress.bench_waits")
    parser.add_argument("--moves", type=int, default=45, help="computer moves per game")
    args = parser.parse_args(argv)
    found = asyncio.run(measure(args.moves))
    print(f"a person and {ROBOTS} hard computer seats; pause {AI_DELAY} s, thinking {AI_SECONDS} s")
    print(
        f"{'game':<9}{'moves':>6}{'wait per computer move, s: mean / p95 / max':>46}"
        f"{'beyond the pauses, s: mean / max':>36}"
    )
    for kind, (gaps, beyond) in found.items():
        ordered = sorted(gaps)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(
            f"{kind:<9}{len(gaps):>6}"
            f"{statistics.mean(gaps):>22.2f} / {p95:.2f} / {max(gaps):.2f}"
            f"{statistics.mean(beyond):>26.2f} / {max(beyond):.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
