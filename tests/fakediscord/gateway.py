"""The gateway: an aiohttp websocket speaking plain JSON text frames. HELLO, IDENTIFY (token and
privileged intents checked), heartbeats and their ACKs, sequence numbers, READY with a
resume_gateway_url back to the emulator, GUILD_CREATE, dispatched events, and RESUME after a
dropped connection, replaying the events the bot missed."""

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


class Gateway:
    def __init__(self, emu: FakeDiscord) -> None:
        self.emu = emu
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.connections: set[Connection] = set()
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.replayed = 0  # events sent again on a RESUME
        self.close_codes: list[int] = []

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.connection is not None

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Sends an event to the bot's session (kept for replay while it is disconnected)."""
        session = self.current
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
        self.identifies += 1
        if self.current is not None and self.current.connection not in (None, connection):
            await self.current.connection.ws.close(code=4000)
        session = Session(id=secrets.token_hex(16), intents=intents, connection=connection)
        self.sessions[session.id] = session
        self.current = session
        self.dispatch("READY", self.emu.ready_payload(session.id, data.get("shard")))
        for guild_id in self.emu.guild_ids:
            self.dispatch("GUILD_CREATE", self.emu.guild_payload(guild_id))
        self.emu.note_ready()

    async def _resume(self, connection: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.emu.token or session is not self.current:
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
        self.dispatch("RESUMED", {})
        self.emu.changed()

    async def drop(self, *, abrupt: bool = False) -> None:
        """Drops the bot's connection: a close frame (code 4000, resumable), or with
        abrupt=True the TCP connection cut without one."""
        session = self._live("drop")
        connection = session.connection
        assert connection is not None
        session.connection = None
        if abrupt and connection.request.transport is not None:
            connection.request.transport.abort()
        else:
            await self._close(connection, 4000)

    def ask_reconnect(self) -> None:
        """Op 7 RECONNECT: Discord asks the bot to reconnect and resume (as when a gateway
        server restarts)."""
        session = self._live("ask to reconnect")
        assert session.connection is not None
        session.connection.queue.put_nowait(
            json.dumps({"op": RECONNECT, "d": None, "s": None, "t": None})
        )

    def invalidate(self) -> None:
        """Op 9 INVALID_SESSION (not resumable): the session is forgotten, the bot identifies
        again and gets a new READY; events it had not received are lost, as on Discord."""
        session = self._live("invalidate")
        assert session.connection is not None
        self.sessions.pop(session.id, None)
        session.connection.queue.put_nowait(
            json.dumps({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
        )

    def _live(self, what: str) -> Session:
        if self.current is None or self.current.connection is None:
            raise RuntimeError(f"the bot has no gateway connection to {what}")
        return self.current

    async def close_all(self) -> None:
        for connection in list(self.connections):
            await connection.ws.close(code=1001)
