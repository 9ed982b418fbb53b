"""The game services in process, for their tests: a real SQLite file, the real game
kinds, and a screen that records what it was asked to show instead of Discord. What
the services do is checked on what they stored and what they asked to show; a whole
journey through sockets is left to the emulator tests (tests/bot/exts/)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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

    async def start_game(
        self,
        kind: str,
        people: Sequence[tuple[int, str]],
        computers: Sequence[str] = (),
        options: Mapping[str, JSON] | None = None,
        turn_minutes: int | None = None,
    ) -> Session:
        """A game opened by the first person and started with everyone seated (the
        people, then computer seats of the given levels), as the lobbies service does;
        `turn_minutes` as `/<game> start`'s timer or pace."""
        host_id, host = people[0]
        storage = self.storage
        game_id = await storage.create_game(1, 100 + host_id, kind, options or {}, host_id, host)
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


async def _value(found: Any) -> Any:
    return await found if asyncio.iscoroutine(found) else found


@contextlib.asynccontextmanager
async def services(folder: Path, **settings: Any) -> AsyncIterator[Services]:
    """The services on a new SQLite file in `folder`, with `settings` over the bot's
    defaults (no token); everything stopped and closed at the end, pass or fail."""
    chosen = dataclasses.replace(Settings(token=None), **settings)
    storage = await Storage.open(folder / "bot.sqlite3")
    executor = ThreadPoolExecutor(max_workers=2)
    turns: Turns | None = None
    try:
        screen = RecordingScreen()
        sessions = Sessions(storage, KINDS, screen)
        tables = Tables(sessions, screen, chosen, executor)

        async def connected() -> None:
            return None

        turns = Turns(tables, chosen, connected)
        await turns.start()
        lobbies = Lobbies(tables)
        yield Services(storage, sessions, screen, tables, lobbies, turns, chosen)
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
