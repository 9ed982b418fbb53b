"""The game services in process, for their tests: a real SQLite file, the real game
kinds, and a screen that records what it was asked to show instead of Discord. What
the services do is checked on what they stored and what they asked to show; a whole
journey through sockets is left to the emulator tests (tests/bot/exts/)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import heapq
import itertools
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.core.clock import SYSTEM_CLOCK, Clock
from bot.core.kinds import GameKind
from bot.core.lobbies import Lobbies
from bot.core.lobby_messages import drawn
from bot.core.screen import Lobby
from bot.core.session import Clicked, Session
from bot.core.sessions import Sessions
from bot.core.settings import Settings
from bot.core.storage import GameRow, Storage
from bot.core.tables import Tables
from bot.core.turns import Turns
from bot.exts.gracias import KIND as GRACIAS
from bot.exts.graps import KIND as GRAPS
from bot.exts.grass import KIND as GRASS
from games.graps import Graps
from games.protocol import JSON, Event

KINDS: dict[str, GameKind] = {kind.name: kind for kind in (GRASS, GRACIAS, GRAPS)}


@dataclass
class Shown:
    """One thing a service asked the screen to show."""

    what: str
    """"publish", "refresh", "say", "remind", "hands", "close lobby", "edit lobby"."""
    game_id: int
    text: str = ""
    """What was said (in English), or the kinds of the events published."""
    about: str | None = None


def words_of(lobby: Lobby) -> str:
    """What a lobby's message says, drawn as the screen draws it (English)."""
    return str(drawn(lobby)["content"])


@dataclass
class RecordingScreen:
    """The services' screen (bot/core/screen.py), recording every request in order."""

    shown: list[Shown] = field(default_factory=list)

    def said(self, game_id: int | None = None) -> list[str]:
        return [s.text for s in self.shown if s.what == "say" and game_id in (None, s.game_id)]

    def prefetch(self, session: Session, names: Sequence[str]) -> None:
        pass

    async def publish(
        self,
        session: Session,
        events: Sequence[Event],
        before_awaiting: Sequence[str],
        via: Clicked | None = None,
        repeat: bool = False,
    ) -> None:
        kinds = " ".join(str(event.kind) for event in events)
        self.shown.append(Shown("publish", session.id, kinds))

    async def refresh(self, session: Session) -> None:
        self.shown.append(Shown("refresh", session.id))

    async def say(
        self, session: Session, text: str, ping: bool = True, about: str | None = None
    ) -> bool:
        self.shown.append(Shown("say", session.id, str(text), about))
        return True

    async def remind(self, session: Session, name: str, events: Sequence[Event]) -> None:
        words = " ".join(str(event.private.get(name, "")) for event in events)
        self.shown.append(Shown("remind", session.id, words, name))

    async def update_hands(
        self, session: Session, via: Clicked | None = None, asked: Sequence[str] = ()
    ) -> None:
        self.shown.append(Shown("hands", session.id))

    async def flush(self, game_id: int) -> None:
        pass

    async def close_lobby(self, row: GameRow, message_id: int, text: str) -> None:
        self.shown.append(Shown("close lobby", row.id, str(text)))

    async def edit_lobby(self, message_id: int, lobby: Lobby) -> None:
        self.shown.append(Shown("edit lobby", lobby.row.id, words_of(lobby)))


@dataclass
class Click:
    """A click's Discord side for the lobbies service (`lobbies.Answer`): whether it was
    acknowledged, and every redraw of the clicked message."""

    acknowledged: bool = False
    shown: list[Lobby] = field(default_factory=list)

    async def ready(self) -> None:
        self.acknowledged = True

    async def show(self, lobby: Lobby) -> None:
        self.shown.append(lobby)

    @property
    def text(self) -> str:
        """The clicked message's text as last redrawn (English)."""
        return words_of(self.shown[-1]) if self.shown else ""


@dataclass
class Services:
    storage: Storage
    sessions: Sessions
    screen: RecordingScreen
    tables: Tables
    lobbies: Lobbies
    turns: Turns
    settings: Settings
    clock: Clock

    async def later(self, minutes: float) -> None:
        """`minutes` of the bot's clock on (the services were given a `MovedClock`)."""
        assert isinstance(self.clock, MovedClock), "services(..., MovedClock()) moves time"
        await self.clock.advance(minutes * self.settings.timer_minute)

    async def start_game(
        self,
        kind: str,
        people: Sequence[tuple[int, str]],
        computers: Sequence[str] = (),
        options: Mapping[str, JSON] | None = None,
        turn_minutes: int | None = None,
        channel_id: int | None = None,
    ) -> Session:
        """A game opened by the first person and started with everyone seated (the
        people, then computer seats of the given levels), as the lobbies service does;
        `turn_minutes` as `/<game> start`'s timer or pace. In `channel_id`, else channel
        100 + the host's id."""
        host_id, host = people[0]
        storage = self.storage
        channel = channel_id if channel_id is not None else 100 + host_id
        game_id = await storage.create_game(1, channel, kind, options or {}, host_id, host)
        for user_id, name in people[1:]:
            await storage.add_seat(game_id, user_id, name)
        for number, level in enumerate(computers, start=1):
            await storage.add_ai_seat(game_id, f"Robot {number} ({level})", level)
        await storage.set_table_message(game_id, 10_000 + game_id)
        if turn_minutes is not None:
            await storage.set_turn_minutes(game_id, turn_minutes)
        async with self.sessions.lock(game_id):
            row = await storage.game(game_id)
            assert row is not None
            return await self.tables.start(row, await storage.seats(game_id))

    async def until(self, holds: Callable[[], Any], what: str, timeout: float = 30.0) -> None:
        """Waits (letting the services run) until `holds()` is true."""
        try:
            async with asyncio.timeout(timeout):
                while not await _value(holds()):
                    await asyncio.sleep(0.005)
        except TimeoutError:
            raise AssertionError(f"waited {timeout:g} s for {what}") from None


async def run_clock(
    clock: MovedClock, holds: Callable[[], Any], what: str, step: float, most: int = 500
) -> float:
    """Moves `clock` on by `step` seconds at a time until `holds()` is true (at most
    `most` steps); the clock's time then (`MovedClock.monotonic`)."""
    for _step in range(most):
        if await _value(holds()):
            return clock.monotonic()
        await clock.advance(step)
    raise AssertionError(f"the clock moved {most * step:g} s without {what}")


async def _value(found: Any) -> Any:
    return await found if asyncio.iscoroutine(found) else found


class MovedClock:
    """A clock that stands still until the test moves it (`advance`): the turn timers'
    waits end when it passes their moment, however long they are."""

    SETTLE_SECONDS = 5.0
    """The most a woken task is given, in real time, to reach its next wait."""

    def __init__(self) -> None:
        self._wall = time.time()
        self._now = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[Any], asyncio.Task[Any]]] = []
        self._order = itertools.count()

    def time(self) -> float:
        return self._wall + self._now

    def monotonic(self) -> float:
        """Seconds the test has moved the clock on."""
        return self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        await self._alarm(seconds)

    async def wait(self, event: asyncio.Event, timeout: float) -> bool:
        if event.is_set() or timeout <= 0:
            await asyncio.sleep(0)
            return event.is_set()
        alarm = self._alarm(timeout)
        setter: asyncio.Future[Any] = asyncio.ensure_future(event.wait())
        try:
            await asyncio.wait([setter, alarm], return_when=asyncio.FIRST_COMPLETED)
        finally:
            setter.cancel()
            alarm.cancel()
        return event.is_set()

    def _alarm(self, seconds: float) -> asyncio.Future[Any]:
        """A future set when the clock reaches `seconds` from now, registered at once."""
        owner = asyncio.current_task()
        assert owner is not None, "the clock is waited on from a task"
        woken = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + seconds, next(self._order), woken, owner))
        return woken

    async def advance(self, seconds: float) -> None:
        """Moves the clock `seconds` on, waking each sleeper at its moment in turn; each
        woken task runs until it waits on this clock again or ends (what it does next
        may sleep again within the span)."""
        end = self._now + seconds
        while self._sleepers and self._sleepers[0][0] <= end:
            moment, _, woken, owner = heapq.heappop(self._sleepers)
            self._now = max(self._now, moment)
            if not woken.done():
                woken.set_result(None)
                await self._settled(owner)
        self._now = end

    async def _settled(self, task: asyncio.Task[Any]) -> None:
        give_up = asyncio.get_running_loop().time() + self.SETTLE_SECONDS
        await asyncio.sleep(0)
        while not task.done() and not self._asleep(task):
            if asyncio.get_running_loop().time() > give_up:
                return
            await asyncio.sleep(0.001)

    def _asleep(self, task: asyncio.Task[Any]) -> bool:
        return any(owner is task and not woken.done() for _, _, woken, owner in self._sleepers)


@contextlib.asynccontextmanager
async def services(
    folder: Path, clock: Clock = SYSTEM_CLOCK, database: str | None = None, **settings: Any
) -> AsyncIterator[Services]:
    """The services on a new SQLite file in `folder` (or on the PostgreSQL `database`,
    which several services may share, as several bot processes do), with `settings` over
    the bot's defaults (no token), their timers on `clock` (a `MovedClock` for timers
    that run out in a test); everything stopped and closed at the end, pass or fail."""
    chosen = dataclasses.replace(Settings(token=None), **settings)
    storage = await Storage.open(database or folder / "bot.sqlite3")
    executor = ThreadPoolExecutor(max_workers=2)
    turns: Turns | None = None
    try:
        screen = RecordingScreen()
        sessions = Sessions(storage, KINDS, screen)
        tables = Tables(sessions, screen, chosen, executor)

        async def connected() -> None:
            return None

        turns = Turns(tables, chosen, connected, clock)
        await turns.start()
        lobbies = Lobbies(tables, clock)
        yield Services(storage, sessions, screen, tables, lobbies, turns, chosen, clock)
    finally:
        if turns is not None:
            await turns.stop()
        executor.shutdown(wait=True)
        await storage.close()


ANN, BOB = 10, 11


async def started_graps(storage: Storage) -> int:
    """A Graps game between ann and bob, running; and a lobby waiting beside it."""
    game_id = await storage.create_game(1, 2, "graps", {}, ANN, "ann")
    await storage.add_seat(game_id, BOB, "bob")
    engine = Graps.create(["ann", "bob"], {}, 7)
    await storage.start_game(
        game_id, [(ANN, "ann"), (BOB, "bob")], engine.replay_header(), engine.to_json(), 0
    )
    await storage.create_game(1, 3, "graps", {}, BOB, "bob")
    return game_id


async def one_move_each_way(sessions: Sessions, game_id: int) -> None:
    """Whoever is awaited moves: typed, clicked, by the timer (the easy level for a
    person), then, their seat handed to the computer, by the computer."""

    async def nothing(**_: Any) -> None:
        return None

    def first(hand: Any) -> Any:
        return hand.legal[0]

    session = await sessions.load(game_id)
    assert session is not None
    name = session.engine.awaiting[0]
    user = session.user_of(name)
    await sessions.act(game_id, user, first)
    name = session.engine.awaiting[0]
    user = session.user_of(name)
    await sessions.act(game_id, user, first, via=Clicked(1, user or 0, nothing))
    await sessions.act(game_id, None, first, actor_name=session.engine.awaiting[0])
    name = session.engine.awaiting[0]
    seat = session.seat_of(name)
    assert seat is not None
    async with session.lock:
        await sessions.seat_to_computer(session, seat, kicked=False)
    await sessions.act(game_id, None, first, actor_name=name)
