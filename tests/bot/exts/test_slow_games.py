"""A slow game over several days, through the emulator: `pace:` on `start` gives each
turn a day; the absent player is reminded at half time in their DM (not in the
channel), the bot is restarted in between and the stored deadline still runs out, and
the easy computer player moves for them. `/games` tells the awaited player how long
they have. (Three days missed in a row hand the seat over, as any turn timer does:
tests/bot/core/test_turns.py.)

Time is shrunk with the bot's TIMER_MINUTE setting (seconds in a timer minute): a day
of 1,440 minutes lasts about six seconds here."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

from bot.core.language import moment, moment_from_now
from games.text import Listed, _, _p
from lang import translate
from tests.bot.slow_play import discard_any
from tests.bot.table import answer

DAY = 24 * 60
REMINDED = "Half of your turn time is gone: "


async def test_a_slow_game_reminds_by_dm_and_its_deadline_survives_a_restart(
    fake_discord, start_bot
):
    env = {"TIMER_MINUTE": "0.004", "AI_DELAY": "0.01", "GAME_SEED": "3"}
    proc = await start_bot(dev_guild=False, env=env)
    emu = fake_discord
    ann, bob, cy = emu.user("ann"), emu.user("bob"), emu.user("cy")
    general = emu.channel("slow")
    lobby = await (await ann.slash(general, "grass start", pace=DAY)).message()
    assert "A slow game: 1 day for each turn" in lobby.text
    for player in (bob, cy):
        await (await player.click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: "3 of 2 to 6" in m.text)
    await (await ann.click(lobby, "Start")).ack()

    version = await discard_any(emu, ann, -1)
    version = await discard_any(emu, bob, version)
    # cy is away: half a day later her hand message comes anew, with the reminder.
    reminded = await emu.wait_for(
        lambda: next((m for m in cy.dm_messages() if REMINDED in m.text), None),
        what="cy reminded in her DM",
    )
    assert re.search(
        r"Half of your turn time is gone: \d+ hours left before the computer", reminded.text
    )
    assert not [m for m in general.all_messages if "half of your turn time" in m.text.lower()]
    games = await answer(await cy.slash(cy.dm_channel(), "games"))
    assert re.search(r"\*\*your turn\*\*, \d+ hours left", games), games

    await proc.stop()  # the bot is down for a while; cy's deadline is stored
    mark = general.mark()
    await proc.start()
    expired = await general.wait_message(lambda m: "ran out" in m.text, after=mark)
    assert expired.text.startswith(cy.mention)
    assert "turn time (1 day) ran out" in expired.text and "1 of 3 in a row" in expired.text


def stored_deadline(database: Any, name: str) -> float | None:
    with sqlite3.connect(database) as db:
        found = db.execute("SELECT deadline FROM seats WHERE name = ?", (name,)).fetchone()
    return None if found is None else found[0]


def deadline_line(text: str) -> tuple[int, int] | None:
    """The two Discord timestamps of a table's deadline line: its date and time left."""
    found = re.search(r"<t:(\d+):f> \(<t:(\d+):R>\)", text)
    return None if found is None else (int(found[1]), int(found[2]))


async def test_a_slow_tables_message_says_until_when_the_awaited_player_has(
    fake_discord, start_bot
):
    env = {"TIMER_MINUTE": "0.02", "GAME_SEED": "3"}  # a day: about 30 seconds
    proc = await start_bot(dev_guild=False, env=env)
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("slow")
    week = 7 * DAY
    table = await (await ann.slash(general, "grass start", pace=week, language="fr")).message()
    join, start = (translate(_p("button", label), "fr") for label in ("Join", "Start"))
    await (await bob.click(table, join)).ack()
    await table.wait_until(lambda m: bob.mention in m.text)
    await (await ann.click(table, start)).ack()

    # The line is written as the table is drawn, before the deadline is stored: both
    # come from one rule, so they agree (to the second the two clocks read).
    await table.wait_until(lambda m: deadline_line(m.text) is not None)
    await emu.wait_for(lambda: stored_deadline(proc.database_path, "ann"), what="ann's deadline")
    date, left = deadline_line(table.text) or (0, 0)
    assert date == left
    assert abs(date - int(stored_deadline(proc.database_path, "ann") or 0)) <= 1
    line = _(
        "Deadline for {players}: {date} ({left}).",
        players=Listed(["ann"]),
        date=moment(date),
        left=moment_from_now(date),
    )
    said = translate(line, "fr")
    assert said == f"Heure limite pour ann\xa0: <t:{date}:f> (<t:{date}:R>)."
    assert said in table.text

    # ann moves: the table, edited anyway, now says until when bob has.
    await discard_any(emu, ann, -1)
    await table.wait_until(lambda m: "Heure limite pour bob" in m.text)
    await emu.wait_for(lambda: stored_deadline(proc.database_path, "bob"), what="bob's deadline")
    date, _left = deadline_line(table.text) or (0, 0)
    assert abs(date - int(stored_deadline(proc.database_path, "bob") or 0)) <= 1
    assert "ann" not in table.text.split("Heure limite pour")[1].split("\n")[0]

    # A live game's table has no such line: its turns last minutes.
    live = await (await ann.slash(emu.channel("live"), "graps start", ai="easy")).message()
    await live.wait_until(lambda m: "Graps" in m.text and bool(m.buttons()))
    assert deadline_line(live.text) is None and "Deadline" not in live.text
