"""A game night through the emulator: `/gamenight plan` makes a scheduled event (read in
the emulator: its name and description in the server's language, its time, its place),
three members mark it as interested, its time comes, the lobby opens in the channel
calling them (the only members the message notifies), the event is ACTIVE; they join,
the game is abandoned, and the event is COMPLETED. A night cancelled with `/gamenight
cancel` cancels its event; an event deleted in Discord cancels its night; a member
without Manage Events and a bot without it are told so. A crowd of eight is called to two
tables, each in a thread under the message calling its members. The rules in process:
tests/bot/core/test_gamenights.py.

The night's time is a wall-clock time some hours ahead, as members type it; "its time
comes" moves the stored time of the night to now, as the hours passing would."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from games.text import _, _p
from lang import translate
from tests.bot.table import answer
from tests.fakediscord.emulator import FakeDiscord

ENV = {"TIMER_MINUTE": "0.5", "GAME_SEED": "3"}  # a sweep each half second


def tomorrow_evening() -> tuple[str, float]:
    day = datetime.now(UTC) + timedelta(days=1)
    evening = day.replace(hour=20, minute=0, second=0, microsecond=0)
    return evening.strftime("%Y-%m-%d %H:%M"), evening.timestamp()


def its_time_comes(database: Any) -> None:
    with sqlite3.connect(database) as db:
        db.execute("UPDATE game_nights SET starts = ? WHERE status = 'scheduled'", (time.time(),))


def stored_statuses(database: Any) -> list[str]:
    with sqlite3.connect(database) as db:
        return [row[0] for row in db.execute("SELECT status FROM game_nights ORDER BY id")]


async def test_a_game_night_calls_the_interested_to_its_table_and_ends_with_its_game(
    fake_discord: FakeDiscord, start_bot: Any
) -> None:
    proc = await start_bot(env=ENV)
    emu = fake_discord
    ann = emu.user("ann", manage_guild=True)
    bob, cy, dee = emu.user("bob"), emu.user("cy"), emu.user("dee")
    games = emu.channel("games")
    await answer(await ann.slash(games, "settings language", language="fr"))

    refused = await answer(await bob.slash(games, "gamenight plan", game="grass", time="x"))
    assert refused == (
        "Planning a game night takes the Manage Events permission (or Manage Server): ask "
        "someone who has it."
    )
    offered = await ann.autocomplete(games, "gamenight plan", "time")
    typed, starts = tomorrow_evening()
    assert typed in [choice.value for choice in offered]
    assert any(choice.name.startswith("Tomorrow, 20:00") for choice in offered)

    planned = await (
        await ann.slash(games, "gamenight plan", game="grass", time=typed, note="Bring snacks.")
    ).message()
    night = translate(_("{game} night", game="Grass"), "fr")
    assert f"**{night}**" in planned.text and f"<t:{int(starts)}:f>" in planned.text
    assert not planned.pushes  # the answer names ann without notifying her
    [event] = emu.scheduled_events()
    assert event.name == night and event.status_name == "SCHEDULED"
    assert (event.start, event.end, event.location) == (starts, starts + 3 * 3600, "#games")
    assert event.description is not None and event.description.startswith("Bring snacks.\n\n")
    how = _(
        "{game} at the table of the bot: at this time the lobby opens in {channel}; click "
        "Join there to take a seat.",
        game="Grass",
        channel="#games",
    )
    assert event.description.endswith(translate(how, "fr"))
    link = f"https://discord.com/events/{emu.guild_id}/{event.id}"
    assert link in planned.text

    for player in (bob, cy, dee):
        await player.interested(event)
    mark = games.mark()
    its_time_comes(proc.database_path)
    called = await games.wait_message(lambda m: bob.mention in m.text, after=mark)
    assert called.pushes == {ann.id, bob.id, cy.id, dee.id}  # those members, nobody else
    for player in (ann, bob, cy, dee):
        assert player.mention in called.text
    await emu.wait_for(lambda: event.status_name == "ACTIVE", what="the event under way")
    join, start = (translate(_p("button", label), "fr") for label in ("Join", "Start"))
    lobby = await games.wait_message(lambda m: bool(m.buttons()), after=called.id)
    for player in (bob, cy, dee):
        await (await player.click(lobby, join)).ack()
    await lobby.wait_until(lambda m: dee.mention in m.text)
    await (await ann.click(lobby, start)).ack()
    await lobby.wait_until(lambda m: join not in [b.label for b in m.buttons()])
    assert "abandon" in await answer(await ann.slash(games, "grass abandon"))
    await emu.wait_for(lambda: event.status_name == "COMPLETED", what="the event completed")
    assert emu.rejected == []


async def test_a_night_is_cancelled_by_command_or_in_discord(
    fake_discord: FakeDiscord, start_bot: Any
) -> None:
    proc = await start_bot(env=ENV)
    emu = fake_discord
    ann = emu.user("ann", manage_guild=True)
    eve = emu.user("eve")
    eve.manage_events = True
    games = emu.channel("games")
    lounge = emu.voice_channel("lounge")
    typed, starts = tomorrow_evening()
    await (await ann.slash(games, "gamenight plan", game="gracias", time=typed)).message()
    voiced = await answer(
        await eve.slash(games, "gamenight plan", game="grass", time=typed, voice=lounge)
    )
    assert lounge.mention in voiced, voiced
    first, second = emu.scheduled_events()
    assert second.channel_id == lounge.id and second.location is None and second.end is None

    listed = await answer(await ann.slash(games, "gamenight list"))
    assert listed.count(f"<t:{int(starts)}:F>") == 2 and lounge.mention in listed
    assert f"https://discord.com/events/{emu.guild_id}/{first.id}" in listed
    [choice] = await ann.autocomplete(games, "gamenight cancel", "night", "gracias")
    assert choice.name.startswith("Gracias night, ")
    said = await answer(await ann.slash(games, "gamenight cancel", night=choice.value))
    assert said.startswith("The Gracias night of ")
    assert said.endswith("is cancelled, and its event with it.")
    assert first.status_name == "CANCELED"
    assert stored_statuses(proc.database_path) == ["cancelled", "scheduled"]

    emu.events.delete(second)  # someone deletes the event in Discord's Events tab
    for _attempt in range(100):  # the bot shows nothing: its stored night is read
        if stored_statuses(proc.database_path) == ["cancelled", "cancelled"]:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the deleted event's night is still planned")
    assert "No game night is planned" in await answer(await ann.slash(games, "gamenight list"))

    emu.bot_granted = 0  # the server took Manage Events from the bot
    refused = await answer(await ann.slash(games, "gamenight plan", game="grass", time=typed))
    assert refused == (
        "The bot cannot make events on this server: the server must give it the Manage "
        "Events permission (Server Settings, Roles)."
    )


async def test_a_crowd_is_called_to_tables_in_threads(
    fake_discord: FakeDiscord, start_bot: Any
) -> None:
    proc = await start_bot(env=ENV)
    emu = fake_discord
    ann = emu.user("ann", manage_guild=True)
    crowd = [emu.user(name) for name in ("bob", "cy", "dee", "eve", "fay", "gil", "hal")]
    games = emu.channel("games")
    typed, _starts = tomorrow_evening()
    await (await ann.slash(games, "gamenight plan", game="grass", time=typed)).message()
    [event] = emu.scheduled_events()
    for player in crowd:
        await player.interested(event)
    its_time_comes(proc.database_path)
    # ann and seven more: two tables of four, each in a thread under its own call.
    first = await games.wait_message(lambda m: m.text.startswith("Table 1 of 2: "))
    second = await games.wait_message(lambda m: m.text.startswith("Table 2 of 2: "))
    assert first.pushes == {ann.id, *(p.id for p in crowd[:3])}
    assert second.pushes == {p.id for p in crowd[3:]}
    for call, name in ((first, "Grass night: table 1"), (second, "Grass night: table 2")):
        thread = await emu.wait_for(partial(emu.channels.get, call.id), what="its thread")
        lobby = await thread.wait_message(lambda m: bool(m.buttons()))
        assert thread.parent is games and thread.name == name
        host = ann if call is first else crowd[3]
        assert host.mention in lobby.text
    assert event.status_name == "ACTIVE" and emu.rejected == []
