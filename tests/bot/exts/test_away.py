"""`/away` through the emulator: in a slow game, bob goes away in the middle of his turn;
his clock stands still (the time past his old deadline brings no time-out, no computer
move, no reminder), the table says until when he is away, and once he is back his turn
runs out after the time it had left. Also `/away`'s list, its refusals and its
autocomplete, from the bot's DM.

Time is shrunk with TIMER_MINUTE: a day's turn lasts about six seconds here, while a
vacation is counted in calendar days; so bob comes back by ending his vacation
(`end:True`), which runs his clock from where it stood, as its natural end does (the
arithmetic of that end, in process: tests/bot/core/test_absences.py)."""

from __future__ import annotations

import asyncio
import datetime as dt
import sqlite3
import time
from typing import Any

from babel.dates import format_skeleton

from bot.core.table_lines import day_words
from tests.bot.slow_play import discard_any
from tests.bot.table import answer

DAY = 24 * 60
MINUTE = 0.002
"""Seconds in a clock minute: a day lasts 2.88 seconds, a week 20."""


def stored_deadline(database: Any, name: str) -> float | None:
    with sqlite3.connect(database) as db:
        found = db.execute("SELECT deadline FROM seats WHERE name = ?", (name,)).fetchone()
    return None if found is None else found[0]


async def test_a_player_away_keeps_his_clock_until_he_is_back(fake_discord, start_bot):
    env = {"TIMER_MINUTE": str(MINUTE), "AI_DELAY": "0.01", "GAME_SEED": "3"}
    proc = await start_bot(dev_guild=False, env=env)
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("slow")
    table = await (await ann.slash(general, "grass start", pace=DAY)).message()
    await (await bob.click(table, "Join")).ack()
    await table.wait_until(lambda m: bob.mention in m.text)
    await (await ann.click(table, "Start")).ack()
    version = await discard_any(emu, ann, -1)
    began = time.monotonic()  # bob's day begins
    await emu.wait_for(lambda: stored_deadline(proc.database_path, "bob"), what="bob's day")

    today = dt.datetime.now(dt.UTC).date()
    until = today + dt.timedelta(days=3)
    dm = bob.dm_channel()
    said = await answer(await bob.slash(dm, "away", until=until.isoformat()))
    went = time.monotonic()
    shown = day_words(until, "en")
    assert said.startswith(f"You are away now until {shown} (UTC): your clocks in slow games")
    taken = sum(1 for n in range(4) if (today + dt.timedelta(days=n)).year == today.year)
    assert f"{30 - taken} days of vacation are left of {today.year}'s 30." in said
    await table.wait_until(lambda m: f"away until {shown}" in m.text)
    line = next(line for line in table.text.splitlines() if f"away until {shown}" in line)
    assert "bob" in line

    # Well past his old deadline and its half, and past a week, after which a game
    # where nothing happens ends: nothing happens.
    mark = general.mark()
    reminders = len([m for m in bob.dm_messages() if "Half of your turn time" in m.text])
    await asyncio.sleep(8 * DAY * MINUTE)
    assert not [m for m in general.all_messages[mark:] if "ran out" in m.text]
    assert not [m for m in general.all_messages[mark:] if "abandoned" in m.text]
    assert reminders == len([m for m in bob.dm_messages() if "Half of your turn time" in m.text])
    listed = await answer(await bob.slash(dm, "away"))
    assert f"- now until {shown}" in listed

    said = await answer(await bob.slash(dm, "away", end=True))
    back = time.monotonic()
    assert said.startswith("Welcome back: your vacation is over")
    await table.wait_until(lambda m: "away until" not in m.text)
    expired = await general.wait_message(lambda m: "ran out" in m.text, after=mark)
    assert expired.text.startswith(bob.mention)
    left = DAY * MINUTE - (went - began)
    assert time.monotonic() - back >= left - 1.0
    assert version >= 0

    # The days offered in words; a date that does not parse refused in words.
    offered = await bob.autocomplete(dm, "away", "until")
    assert offered[0].value == today.isoformat() and offered[0].name.endswith("(today)")
    assert (
        offered[1].name == f"{format_skeleton('yMMMEd', today + dt.timedelta(days=1))} (tomorrow)"
    )
    assert len(offered) == 25
    said = await answer(await bob.slash(dm, "away", until="next friday"))
    assert said.startswith("I cannot read next friday as a date: write it as YYYY-MM-DD")
