"""How many games a member and a server may have going at once, against people or the
computer (bot/core/limits.py), as players meet it through the emulator: a member hosts
at most `GAMES_PER_MEMBER` games on a server, waiting or running, and after
`STARTS_IN_A_ROW` starts waits until the first is `START_COOLDOWN_SECONDS` old. A start
is refused before its thread is made, so a refused start, even among many sent at once,
leaves no empty thread. The rules themselves (the server's cap, the lobbies' caps, what
an expired lobby counts, the cooldown's seconds) are tested in process:
tests/bot/core/test_start_limits.py; a rematch counted toward its opener's games:
tests/bot/core/test_lobbies.py.

The bot's clock is shrunk (TIMER_MINUTE) where one member starts more games than that,
so that the cooldown's seconds are short: such a member starts again for as long as
they are told to wait (`started`). Computer players never move here (AI_DELAY): the
member places first in Graps, and what is counted is games, threads and refusals."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from typing import Any

from bot.core.limits import (
    GAMES_PER_MEMBER,
)
from tests.bot.table import answer, polled
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.model import PUBLIC_THREAD, Channel, Message
from tests.fakediscord.players import Player

WEEK = 7 * 24 * 60
"""The slowest pace, in minutes: a game that waits a week for each turn."""
SHORT_SECONDS = {"TIMER_MINUTE": "0.01", "AI_DELAY": "3600"}
"""A bot minute of 10 ms (a second of 0.17 ms; a week's turn lasts 100 s), and computer
players that would wait an hour before moving."""
COOLDOWN = re.compile(
    r"You opened \d+ games in a row; wait (\d+) seconds? before opening another\."
)
"""The refusal of a member's start after too many in a row."""


async def started(player: Player, channel: Channel, command: str, **options: Any) -> Message:
    """The answer to a start command, sent again for as long as it is `COOLDOWN`."""
    while True:
        said: Message = await (await player.slash(channel, command, **options)).message()
        if not COOLDOWN.fullmatch(said.text):
            return said


def threads(emu: FakeDiscord) -> list[Channel]:
    return [channel for channel in emu.channels.values() if channel.kind == PUBLIC_THREAD]


def statuses(bot) -> list[str]:
    """Every game's status, as stored."""
    with sqlite3.connect(bot.database_path) as db:
        return [row[0] for row in db.execute("SELECT status FROM games ORDER BY id")]


async def test_games_against_the_computer_count_toward_what_a_member_hosts(fake_discord, start_bot):
    """Audit finding 2: games against the computer were never counted by the lobby
    caps, which count only games waiting for players, and one starts at once: 25 times
    `/graps start ai:hard thread:true pace:7 days` by one member gave 25 threads and 25
    running games, each kept for weeks, from the REST budget every server shares. Now a
    member hosts at most ten games on a server, waiting or running: the eleventh start
    is refused before any thread is made, a lobby too, and the refusal says what to do;
    a game abandoned makes room again."""
    emu = fake_discord
    bot = await start_bot(env=SHORT_SECONDS)
    general = emu.channel("general")
    ann = emu.user("ann")
    for _ in range(GAMES_PER_MEMBER):
        opened = await started(ann, general, "graps start", ai="hard", thread=True, pace=WEEK)
        assert opened.text == f"**Graps**: {ann.mention} opened a table in the thread below."
        thread = await emu.wait_for(lambda o=opened: emu.channels.get(o.id), what="its thread")
        await thread.wait_message(lambda m: "set-up grape" in m.text)
    assert statuses(bot) == ["running"] * GAMES_PER_MEMBER
    mark = len(emu.requests)
    refused = await started(ann, general, "graps start", ai="hard", thread=True, pace=WEEK)
    assert refused.ephemeral
    assert refused.text == (
        "You already host 10 games on this server, waiting for players or being played, "
        "the most one member may. Finish, cancel or abandon one of them before starting "
        "another; `/games` lists your games with links to their tables."
    )
    lobby = await started(ann, emu.channel("other"), "grass start")
    assert lobby.text == refused.text  # a game waiting for players counts too
    assert len(threads(emu)) == GAMES_PER_MEMBER
    assert not [r for r in emu.requests[mark:] if "/threads" in r.path]
    assert statuses(bot) == ["running"] * GAMES_PER_MEMBER
    # Another member is not held back by ann's games.
    bob = emu.user("bob")
    assert "Grass" in (await started(bob, emu.channel("bob's"), "grass start")).text
    # A game abandoned by its host makes room for another.
    ended = await answer(await ann.slash(threads(emu)[0], "graps abandon"))
    assert "abandoned" in ended
    again = await started(ann, general, "graps start", ai="hard", thread=True, pace=WEEK)
    assert again.text == f"**Graps**: {ann.mention} opened a table in the thread below."
    thread = await emu.wait_for(lambda: emu.channels.get(again.id), what="its thread")
    await thread.wait_message(lambda m: "set-up grape" in m.text)
    assert statuses(bot).count("running") == GAMES_PER_MEMBER


async def test_starts_sent_at_once_leave_no_empty_thread(fake_discord, stacked_bot):
    """Audit finding 3: a start was checked against the caps, got its thread, and only
    then was checked again under the lock: in between, starts sent back to back all
    passed the first check, and 23 threads were made of which 10 ever held a game. Now
    the checks and the thread are made under one lock: every thread holds a game. Of
    five starts a member sends at once, three open a game in their thread (a member's
    most games waiting for players) and two are refused, without a thread."""
    emu = fake_discord
    general = emu.channel("general")
    players = [emu.user(name) for name in ("ann", "bob", "cy")]
    sent = [
        player.slash(general, "grass start", thread=True) for player in players for _ in range(5)
    ]
    interactions = await asyncio.gather(*sent)
    answers = await asyncio.gather(*(interaction.message() for interaction in interactions))
    await emu.settle()
    games = await polled(lambda: shown_games(stacked_bot), what="every game's table message")
    empty = [thread.name for thread in threads(emu) if not thread.messages()]
    assert empty == []  # every thread holds a game
    assert len(threads(emu)) == games == 3 * len(players)
    opened = [said for said in answers if said.text.endswith("opened a table in the thread below.")]
    refused = [said.text for said in answers if said not in opened]
    assert len(opened) == 9
    assert (
        refused
        == [
            "You already host 3 games waiting for players on this server; start or cancel one "
            "of them before opening another."
        ]
        * 6
    )


def shown_games(bot) -> int | None:
    """How many games are stored, once each has its table message (None before)."""
    with sqlite3.connect(bot.database_path) as db:
        shown, stored = db.execute("SELECT COUNT(table_message_id), COUNT(*) FROM games").fetchone()
    return stored if shown == stored else None
