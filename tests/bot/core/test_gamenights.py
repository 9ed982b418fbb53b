"""The game nights service (bot/core/gamenights.py) in process, on both databases: the
refusals of planning one in their words, the event it asks Discord for, the tables it
opens at its time (balanced, each member called to theirs), a night opened once however
many sweeps or processes look, ended when its last game is over, and cancelled by its
host, a manager, or Discord. Discord's side is a fake: it is not our code."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.core.errors import Refusal
from bot.core.gamenights import (
    Allowed,
    EventDraft,
    GameNights,
    Plan,
    parse_time,
    proposals,
    seating,
)
from bot.core.lobbies import Lobbies
from bot.core.screen import Lobby
from bot.core.sessions import Sessions
from bot.core.settings import Settings
from bot.core.storage import GameRow, Status, Storage
from bot.core.storage.gamenights import NightRow, NightStatus
from bot.core.tables import Member, Tables
from tests.bot.core.harness import KINDS, RecordingScreen

GUILD, CHANNEL = 1, 50
ANN, BOB, CY, DEE, EVE, FAY = (
    Member(10 + n, name) for n, name in enumerate(["ann", "bob", "cy", "dee", "eve", "fay"])
)
ALLOWED = Allowed(member_manages_events=True, member_manages_server=False, bot_manages_events=True)
NOW = datetime(2026, 11, 27, 15, 0, tzinfo=UTC).timestamp()  # a Friday afternoon
HOUR = 3600


@dataclass
class FakeDiscordSide:
    """Scheduled events and messages as Discord would keep them, in memory."""

    drafts: dict[int, EventDraft] = field(default_factory=dict)
    status: dict[int, str] = field(default_factory=dict)
    interested_in: dict[int, list[Member]] = field(default_factory=dict)
    calls: list[tuple[str, tuple[int, ...], str]] = field(default_factory=list)
    posted: list[tuple[int, Lobby]] = field(default_factory=list)
    _ids: int = 1000

    def _next(self) -> int:
        self._ids += 1
        return self._ids

    async def create(self, guild_id: int, draft: EventDraft) -> int:
        event_id = self._next()
        self.drafts[event_id] = draft
        self.status[event_id] = "SCHEDULED"
        return event_id

    async def start(self, night: NightRow) -> bool:
        assert night.event_id is not None
        if self.status.get(night.event_id) != "SCHEDULED":
            return False
        self.status[night.event_id] = "ACTIVE"
        return True

    async def end(self, night: NightRow) -> None:
        assert night.event_id is not None
        self.status[night.event_id] = "COMPLETED"

    async def cancel(self, night: NightRow) -> None:
        assert night.event_id is not None
        self.status[night.event_id] = "CANCELED"

    async def interested(self, night: NightRow) -> list[Member]:
        assert night.event_id is not None
        return list(self.interested_in.get(night.event_id, []))

    async def call(self, night: NightRow, words: str, pinged: Sequence[int], thread: str) -> int:
        await asyncio.sleep(0)  # Discord answers later: another sweep may run meanwhile
        self.calls.append((words, tuple(pinged), thread))
        return self._next() if thread else night.channel_id

    async def post(self, night: NightRow, channel_id: int, lobby: Lobby) -> int:
        self.posted.append((channel_id, lobby))
        return self._next()


@dataclass
class Bot:
    storage: Storage
    tables: Tables
    nights: GameNights
    side: FakeDiscordSide
    clock: list[float]

    def plan(self, kind: str = "grass", **changes: Any) -> Plan:
        plan = Plan(KINDS[kind], GUILD, CHANNEL, "games", ANN, NOW + 5 * HOUR, "en")
        return dataclasses.replace(plan, **changes)


async def services(storage: Storage, side: FakeDiscordSide, clock: list[float]) -> GameNights:
    screen = RecordingScreen()
    settings = Settings(token=None)
    tables = Tables(Sessions(storage, KINDS, screen), screen, settings, ThreadPoolExecutor(1))
    return GameNights(Lobbies(tables), side, KINDS, settings.timer_minute, lambda: clock[0])


@pytest.fixture
async def bot(where: str, opened: Any) -> AsyncIterator[Bot]:
    storage = await opened(where)
    side, clock = FakeDiscordSide(), [NOW]
    nights = await services(storage, side, clock)
    yield Bot(storage, nights.lobbies.tables, nights, side, clock)
    nights.lobbies.tables.executor.shutdown(wait=False)


async def night_of(bot: Bot, night_id: int) -> NightRow:
    found = await bot.storage.night(night_id)
    assert found is not None
    return found


async def game_of(bot: Bot, game_id: int) -> GameRow:
    found = await bot.storage.game(game_id)
    assert found is not None
    return found


async def refusal(work: Any) -> str:
    with pytest.raises(Refusal) as refused:
        await work
    return str(refused.value)


async def test_planning_refusals_say_what_is_missing(bot: Bot) -> None:
    member = Allowed(
        member_manages_events=False, member_manages_server=False, bot_manages_events=True
    )
    assert await refusal(bot.nights.plan(bot.plan(), member)) == (
        "Planning a game night takes the Manage Events permission (or Manage Server): ask "
        "someone who has it."
    )
    server_manager = dataclasses.replace(member, member_manages_server=True)
    no_bot = dataclasses.replace(server_manager, bot_manages_events=False)
    assert await refusal(bot.nights.plan(bot.plan(), no_bot)) == (
        "The bot cannot make events on this server: the server must give it the Manage "
        "Events permission (Server Settings, Roles)."
    )
    past = bot.plan(starts=NOW - HOUR)
    assert await refusal(bot.nights.plan(past, server_manager)) == (
        "That time has passed: choose one still to come."
    )
    assert bot.side.drafts == {} and await bot.nights.coming(GUILD) == []


def test_a_time_is_read_in_the_members_zone_and_refused_past_or_too_far() -> None:
    assert parse_time("2026-11-27 20:00", None, NOW) == NOW + 5 * HOUR
    assert parse_time(" 2026-11-27 21:00 ", "Europe/Paris", NOW) == NOW + 5 * HOUR
    with pytest.raises(Refusal) as wrong:
        parse_time("friday 8pm", "Europe/Paris", NOW)
    assert str(wrong.value) == (
        "Write the time as 2026-11-28 20:00: the date, then the hour and minutes, in your "
        "time zone (Europe/Paris)."
    )
    with pytest.raises(Refusal) as past:
        parse_time("2026-11-27 14:00", None, NOW)
    assert str(past.value) == "That time has passed: choose one still to come."
    with pytest.raises(Refusal) as far:
        parse_time("2027-06-01 20:00", None, NOW)
    assert str(far.value) == "A game night is planned at most 92 days ahead."


def test_the_suggestions_are_the_next_evenings_in_words() -> None:
    said = [(str(words), typed) for words, typed in proposals(None, NOW)]
    assert said[:3] == [
        ("This evening, 20:00 (2026-11-27 20:00)", "2026-11-27 20:00"),
        ("Tomorrow, 20:00 (2026-11-28 20:00)", "2026-11-28 20:00"),
        ("Friday, 20:00 (2026-12-04 20:00)", "2026-12-04 20:00"),
    ]
    late = NOW + 6 * HOUR  # 21:00: this evening is past
    assert str(proposals(None, late)[0][0]).startswith("Tomorrow")


async def test_a_planned_night_makes_its_event_in_the_servers_language(bot: Bot) -> None:
    night = await bot.nights.plan(bot.plan(note="Bring snacks."), ALLOWED)
    assert night.status == NightStatus.SCHEDULED and night.host_name == "ann"
    draft = bot.side.drafts[night.event_id or 0]
    assert draft.name == "Grass night" and draft.location == "#games"
    assert draft.starts == NOW + 5 * HOUR and draft.ends == NOW + 8 * HOUR
    assert draft.description == (
        "Bring snacks.\n\nGrass at the table of the bot: at this time the lobby opens in "
        "#games; click Join there to take a seat."
    )
    french = await bot.nights.plan(bot.plan("gracias", language="fr", voice_channel_id=77), ALLOWED)
    voiced = bot.side.drafts[french.event_id or 0]
    assert voiced.voice_channel_id == 77 and voiced.location is None and voiced.ends is None
    assert [n.id for n in await bot.nights.coming(GUILD)] == [night.id, french.id]


def test_tables_are_as_even_as_the_game_allows() -> None:
    people = [Member(n, f"p{n}") for n in range(13)]
    assert [len(t) for t in seating(people[:9], KINDS["grass"])] == [5, 4]
    assert [len(t) for t in seating(people, KINDS["gracias"])] == [5, 4, 4]
    assert [len(t) for t in seating(people[:5], KINDS["graps"])] == [2, 2, 1]
    assert [len(t) for t in seating(people[:6], KINDS["grass"])] == [6]
    assert [len(t) for t in seating(people[:1], KINDS["gracias"])] == [1]


async def test_at_its_time_the_interested_are_called_to_balanced_tables(bot: Bot) -> None:
    night = await bot.nights.plan(bot.plan(), ALLOWED)
    crowd = [ANN, BOB, CY, DEE, EVE, FAY, *(Member(30 + n, f"guest{n}") for n in range(3))]
    bot.side.interested_in[night.event_id or 0] = crowd
    await bot.nights.sweep(lambda guild: True)
    assert bot.nights.clock() == NOW  # nothing yet: its time has not come
    assert bot.side.calls == []
    bot.clock[0] = night.starts
    await bot.nights.sweep(lambda guild: True)
    assert bot.side.status[night.event_id or 0] == "ACTIVE"
    games = await bot.storage.night_games(night.id)
    assert list(games.values()) == ["lobby", "lobby"]
    first, second = bot.side.calls
    assert first[1] == tuple(m.id for m in crowd[:5]) and second[1] == tuple(
        m.id for m in crowd[5:]
    )
    assert first[0].startswith(f"Table 1 of 2: <@{ANN.id}>, <@{BOB.id}>, <@{CY.id}>")
    assert "the Grass night starts; join your table in the thread below." in first[0]
    assert (first[2], second[2]) == ("Grass night: table 1", "Grass night: table 2")
    hosts = [(await game_of(bot, game_id)).host_id for game_id in games]
    assert hosts == [ANN.id, FAY.id]  # the night's host, then the second table's first
    assert len(bot.side.posted) == 2 and all(channel != CHANNEL for channel, _ in bot.side.posted)


async def test_one_table_opens_in_the_channel_even_with_nobody_interested(bot: Bot) -> None:
    night = await bot.nights.plan(bot.plan(host=BOB), ALLOWED)
    bot.clock[0] = night.starts
    [game_id] = await bot.nights.open(night)
    assert bot.side.calls == [
        (f"<@{BOB.id}>: the Grass night starts; join the table below.", (BOB.id,), "")
    ]
    row = await bot.storage.game(game_id)
    assert row is not None and row.channel_id == CHANNEL and row.host_id == BOB.id


async def test_a_night_is_opened_once_by_two_processes_and_a_restart(
    bot: Bot, where: str, opened: Any
) -> None:
    night = await bot.nights.plan(bot.plan(), ALLOWED)
    bot.side.interested_in[night.event_id or 0] = [ANN, BOB, CY]
    bot.clock[0] = night.starts
    shared = where.startswith("postgresql")  # a SQLite file has one process: two sweeps

    async def process() -> GameNights:
        storage = await opened(where) if shared else bot.storage
        return await services(storage, bot.side, bot.clock)

    other = await process()
    await asyncio.gather(bot.nights.sweep(lambda g: True), other.sweep(lambda g: True))
    restarted = await process()
    await restarted.sweep(lambda g: True)
    for nights in (other, restarted):
        nights.lobbies.tables.executor.shutdown(wait=False)
    assert len(await bot.storage.night_games(night.id)) == 1 and len(bot.side.calls) == 1
    reread = await bot.storage.night(night.id)
    assert reread is not None and reread.status == NightStatus.OPEN


async def test_the_night_ends_when_its_last_game_is_over(bot: Bot) -> None:
    night = await bot.nights.plan(bot.plan(), ALLOWED)
    bot.side.interested_in[night.event_id or 0] = [
        ANN,
        BOB,
        *(Member(30 + n, f"g{n}") for n in range(6)),
    ]
    bot.clock[0] = night.starts
    first, second = await bot.nights.open(night)
    row = await bot.storage.game(first)
    assert row is not None
    await bot.tables.close(row, "closed")  # a lobby that never started
    await bot.nights.sweep(lambda g: True)
    assert bot.side.status[night.event_id or 0] == "ACTIVE"
    await bot.storage.set_status(second, Status.ABANDONED)
    await bot.nights.sweep(lambda g: True)
    assert bot.side.status[night.event_id or 0] == "COMPLETED"
    assert (await night_of(bot, night.id)).status == NightStatus.ENDED


async def test_a_night_is_cancelled_by_its_host_a_manager_or_discord(bot: Bot) -> None:
    first = await bot.nights.plan(bot.plan(), ALLOWED)
    refused = await refusal(bot.nights.cancel(first.id, GUILD, BOB.id, manager=False))
    assert (
        refused == "Only the game night's host, or a member who may manage events, can cancel it."
    )
    assert await refusal(bot.nights.cancel(first.id, 2, ANN.id, manager=False)) == (
        "There is no such game night on this server."
    )
    await bot.nights.cancel(first.id, GUILD, ANN.id, manager=False)
    assert bot.side.status[first.event_id or 0] == "CANCELED"
    assert await refusal(bot.nights.cancel(first.id, GUILD, ANN.id, manager=False)) == (
        "That game night is over or was cancelled already."
    )
    second = await bot.nights.plan(bot.plan(), ALLOWED)
    await bot.nights.cancel(second.id, GUILD, BOB.id, manager=True)
    third = await bot.nights.plan(bot.plan(), ALLOWED)
    await bot.nights.event_gone(third.event_id or 0)  # deleted in Discord by someone
    fourth = await bot.nights.plan(bot.plan(), ALLOWED)
    bot.side.status[fourth.event_id or 0] = "CANCELED"  # cancelled while the bot was away
    bot.clock[0] = fourth.starts
    await bot.nights.sweep(lambda g: True)
    assert bot.side.calls == [] and await bot.nights.coming(GUILD) == []
    statuses = [(await night_of(bot, n.id)).status for n in (first, second, third, fourth)]
    assert statuses == [NightStatus.CANCELLED] * 4
    bot.clock[0] = NOW
    opened = await bot.nights.plan(bot.plan(starts=NOW + 2 * HOUR), ALLOWED)
    bot.clock[0] = opened.starts
    await bot.nights.open(opened)
    assert await refusal(bot.nights.cancel(opened.id, GUILD, ANN.id, manager=False)) == (
        "That game night has begun: its games are being played."
    )
