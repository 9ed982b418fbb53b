"""The gateway: an aiohttp websocket speaking plain JSON text frames. HELLO, IDENTIFY (token and
privileged intents checked), heartbeats and their ACKs, sequence numbers, READY with a
resume_gateway_url back to the emulator, GUILD_CREATE, dispatched events, and RESUME after a
dropped connection, replaying the events the bot missed.

Shards: IDENTIFY may carry `shard: [id, count]` (none: [0, 1]). Each shard has its own
session; a guild's events and interactions go to shard `(guild_id >> 22) % count` only,
and everything without a guild (DMs and their interactions) to shard 0, as on Discord.
Several bot processes may each hold some of the shards."""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from tests.fakediscord.emulator import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0,
    1,
    2,
    6,
    7,
    9,
    10,
    11,
)
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content
HEARTBEAT_INTERVAL_MS = 41250
REPLAY_LIMIT = 5000


@dataclass(eq=False)
class Connection:
    request: web.Request
    ws: web.WebSocketResponse
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)

    async def write_forever(self) -> None:
        while True:
            frame = await self.queue.get()
            if self.ws.closed:
                return
            await self.ws.send_str(frame)


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    seq: int = 0
    connection: Connection | None = None
    sent: list[tuple[int, str]] = field(default_factory=list)
    shard: int = 0
    shard_count: int = 1


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's rule: a guild's shard; everything without a guild is shard 0's."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def _guild_of(event: str, data: dict[str, Any]) -> int | None:
    guild = data.get("id") if event == "GUILD_CREATE" else data.get("guild_id")
    return None if guild is None else int(guild)


class Gateway:
    def __init__(self, emu: FakeDiscord) -> None:
        self.emu = emu
        self.sessions: dict[str, Session] = {}
        self.shards: dict[int, Session] = {}
        """The current session of each shard id."""
        self.connections: set[Connection] = set()
        self.identifies = 0
        self.identified: list[tuple[float, int]] = []
        """(loop time, shard id) of every accepted IDENTIFY."""
        self.resumes = 0
        self.heartbeats = 0
        self.replayed = 0  # events sent again on a RESUME
        self.close_codes: list[int] = []

    @property
    def current(self) -> Session | None:
        """Shard 0's session: the only one of a bot that does not shard."""
        return self.shards.get(0)

    @property
    def shard_count(self) -> int:
        return max((session.shard_count for session in self.shards.values()), default=1)

    @property
    def connected(self) -> bool:
        """Every shard has identified and is connected."""
        count = self.shard_count
        return set(self.shards) == set(range(count)) and all(
            session.connection is not None for session in self.shards.values()
        )

    def session_for(self, guild_id: int | None) -> Session | None:
        """The session that receives a guild's events (or, with None, DMs)."""
        return self.shards.get(shard_of(guild_id, self.shard_count))

    def dispatch(self, event: str, data: dict[str, Any], shard: int | None = None) -> None:
        """Sends an event to the session of its guild's shard (`shard`, or found from the
        event's guild; shard 0 without one), kept for replay while it is disconnected."""
        if shard is None:
            shard = shard_of(_guild_of(event, data), self.shard_count)
        session = self.shards.get(shard)
        if session is None:
            return
        session.seq += 1
        frame = json.dumps({"op": DISPATCH, "t": event, "s": session.seq, "d": data})
        session.sent.append((session.seq, frame))
        del session.sent[:-REPLAY_LIMIT]
        if session.connection is not None:
            session.connection.queue.put_nowait(frame)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        connection = Connection(request, ws)
        self.connections.add(connection)
        writer = asyncio.create_task(connection.write_forever())
        hello = {
            "op": HELLO,
            "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS},
            "s": None,
            "t": None,
        }
        connection.queue.put_nowait(json.dumps(hello))
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._receive(connection, json.loads(msg.data))
        finally:
            writer.cancel()
            self.connections.discard(connection)
            for session in self.sessions.values():
                if session.connection is connection:
                    session.connection = None
            self.emu.changed()
        return ws

    async def _receive(self, connection: Connection, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            connection.queue.put_nowait(
                json.dumps({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
            )
        elif op == IDENTIFY:
            await self._identify(connection, data or {})
        elif op == RESUME:
            await self._resume(connection, data or {})
        # Presence updates (3), voice (4) and member requests (8) need no answer here.

    async def _close(self, connection: Connection, code: int) -> None:
        self.close_codes.append(code)
        await connection.ws.close(code=code)

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> None:
        if data.get("token") != self.emu.token:
            await self._close(connection, 4004)  # Authentication failed
            return
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED_INTENTS and not self.emu.privileged_intents:
            await self._close(connection, 4014)  # Disallowed intent(s)
            return
        shard = data.get("shard") or [0, 1]
        shard_id, count = int(shard[0]), int(shard[1])
        if not 0 <= shard_id < count or any(s.shard_count != count for s in self._others(shard_id)):
            await self._close(connection, 4010)  # Invalid shard
            return
        self.identifies += 1
        self.identified.append((self.emu.loop_time(), shard_id))
        previous = self.shards.get(shard_id)
        if previous is not None and previous.connection not in (None, connection):
            await previous.connection.ws.close(code=4000)
        session = Session(secrets.token_hex(16), intents, connection=connection)
        session.shard, session.shard_count = shard_id, count
        self.sessions[session.id] = session
        self.shards[shard_id] = session
        guilds = [g for g in self.emu.guild_ids if shard_of(g, count) == shard_id]
        ready = self.emu.ready_payload(session.id, data.get("shard"), guilds)
        self.dispatch("READY", ready, shard_id)
        for guild_id in guilds:
            self.dispatch("GUILD_CREATE", self.emu.guild_payload(guild_id), shard_id)
        self.emu.note_ready()

    def _others(self, shard_id: int) -> list[Session]:
        return [session for number, session in self.shards.items() if number != shard_id]

    async def _resume(self, connection: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        current = None if session is None else self.shards.get(session.shard)
        if session is None or data.get("token") != self.emu.token or session is not current:
            connection.queue.put_nowait(
                json.dumps({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            )
            return
        self.resumes += 1
        session.connection = connection
        last = int(data.get("seq") or 0)
        for seq, frame in session.sent:
            if seq > last:
                self.replayed += 1
                connection.queue.put_nowait(frame)
        self.dispatch("RESUMED", {}, session.shard)
        self.emu.changed()

    async def drop(self, *, abrupt: bool = False, shard: int = 0) -> None:
        """Drops a shard's connection: a close frame (code 4000, resumable), or with
        abrupt=True the TCP connection cut without one."""
        session = self._live("drop", shard)
        connection = session.connection
        assert connection is not None
        session.connection = None
        if abrupt and connection.request.transport is not None:
            connection.request.transport.abort()
        else:
            await self._close(connection, 4000)

    def ask_reconnect(self, shard: int = 0) -> None:
        """Op 7 RECONNECT: Discord asks the bot to reconnect and resume (as when a gateway
        server restarts)."""
        session = self._live("ask to reconnect", shard)
        assert session.connection is not None
        session.connection.queue.put_nowait(
            json.dumps({"op": RECONNECT, "d": None, "s": None, "t": None})
        )

    def invalidate(self, shard: int = 0) -> None:
        """Op 9 INVALID_SESSION (not resumable): the session is forgotten, the bot identifies
        again and gets a new READY; events it had not received are lost, as on Discord."""
        session = self._live("invalidate", shard)
        assert session.connection is not None
        self.sessions.pop(session.id, None)
        session.connection.queue.put_nowait(
            json.dumps({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
        )

    def _live(self, what: str, shard: int = 0) -> Session:
        session = self.shards.get(shard)
        if session is None or session.connection is None:
            raise RuntimeError(f"the bot has no gateway connection on shard {shard} to {what}")
        return session

    async def close_all(self) -> None:
        for connection in list(self.connections):
            await connection.ws.close(code=1001)
