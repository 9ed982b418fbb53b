"""The Activity's own origin, as Discord serves it at `<client id>.discordsays.com`: a
second HTTP server of the emulator that passes every request (websockets too) to the
Activity's URL mapping for `/` (`emu.activities.target`, the bot's Activity server), with
`/.proxy/...` also accepted as Discord's proxy accepts it, and a fake Discord client under
the reserved `/.fakediscord/`: the parent page that runs the Activity in an iframe
(activity_parent/) and answers its Embedded App SDK (the RPC below).

The SDK takes messages only from its own page's origin (or discord.com's), so the parent
page lives on this same origin. It relays each message the SDK posts to
`POST /.fakediscord/rpc/{frame_id}` and posts back what the emulator answers; events
(ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE) come by long polling `/.fakediscord/events/...`.
The messages and their shapes follow discord/embedded-app-sdk 2.5.0 (src/Discord.ts,
src/schema/*): replies the SDK's zod schemas would refuse are never sent."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode, urlsplit, urlunsplit

import aiohttp
from aiohttp import web

from tests.fakediscord.core import iso_time

if TYPE_CHECKING:
    from tests.fakediscord.activities import ActivityInstance
    from tests.fakediscord.emulator import FakeDiscord
    from tests.fakediscord.players import Player

PARENT = Path(__file__).parent / "activity_parent"
RESERVED = "/.fakediscord/"
HANDSHAKE, FRAME, CLOSE = 0, 1, 2
# RPC error codes (the SDK's RPCErrorCodes) and close codes (RPCCloseCodes).
INVALID_PAYLOAD, INVALID_COMMAND, INVALID_EVENT = 4000, 4002, 4004
INVALID_PERMISSIONS, INVALID_CLIENTID, INVALID_TOKEN = 4006, 4007, 4009
CLOSE_INVALID_CLIENTID, CLOSE_INVALID_VERSION = 4000, 4004
EVENTS = frozenset(
    {
        "VOICE_STATE_UPDATE",
        "SPEAKING_START",
        "SPEAKING_STOP",
        "ACTIVITY_LAYOUT_MODE_UPDATE",
        "ORIENTATION_UPDATE",
        "CURRENT_USER_UPDATE",
        "CURRENT_GUILD_MEMBER_UPDATE",
        "ENTITLEMENT_CREATE",
        "THERMAL_STATE_UPDATE",
        "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE",
        "RELATIONSHIP_UPDATE",
        "ACTIVITY_JOIN",
        "QUEST_ENROLLMENT_STATUS_UPDATE",
    }
)
"""The events the SDK can subscribe to (its Events enum, READY aside)."""
HOP_HEADERS = frozenset(
    {
        "host",
        "connection",
        "keep-alive",
        "upgrade",
        "transfer-encoding",
        "content-length",
        "content-encoding",
        "proxy-connection",
        "te",
        "trailer",
    }
)


class RpcError(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


@dataclass(eq=False)
class Frame:
    """One parent page: the Activity open for one player (`emu.activities.frames`)."""

    id: str
    player: Player
    instance: ActivityInstance
    platform: str
    ready: bool = False
    closed: bool = False
    access_token: str | None = None
    """The token AUTHENTICATE accepted: the page's player is known to Discord's client."""
    commands: list[tuple[str, Any]] = field(default_factory=list)
    """Every command the SDK sent, (cmd, args), in order."""
    logs: list[tuple[str, str]] = field(default_factory=list)
    """The page's console, as the SDK forwards it after READY (CAPTURE_LOG): (level, text)."""
    subscriptions: set[str] = field(default_factory=set)
    pending: list[list[Any]] = field(default_factory=list)
    """Events waiting for the page's next poll."""


class ActivitySite:
    """`emu.activities.site`: started with the emulator."""

    def __init__(self, emu: FakeDiscord) -> None:
        self.emu = emu
        self.frames: dict[str, Frame] = {}
        self.port = 0
        self.closing = False
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        app = web.Application(client_max_size=16 * 1024 * 1024)
        reserved = RESERVED.rstrip("/")
        app.add_routes(
            [
                web.get(reserved + "/parent.html", self.parent_page),
                web.get(reserved + "/parent.js", self.parent_script),
                web.post(reserved + "/rpc/{frame}", self.rpc),
                web.get(reserved + "/events/{frame}", self.events),
                web.route("*", "/{tail:.*}", self.proxy),
            ]
        )
        # A page's long poll must not hold the emulator's stop for long.
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=0.5
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self._session = aiohttp.ClientSession(auto_decompress=False)

    async def stop(self) -> None:
        self.closing = True
        self.emu.changed()
        if self._session is not None:
            await self._session.close()
            self._session = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def parent_url(
        self,
        player: Player,
        instance: ActivityInstance,
        *,
        platform: str = "desktop",
        path: str = "/",
        join: bool = True,
    ) -> str:
        query = {"user": player.name, "instance": instance.id, "platform": platform, "path": path}
        if not join:
            query["join"] = "0"
        return f"{self.origin}{RESERVED}parent.html?{urlencode(query)}"

    # --- the parent page ---
    async def parent_page(self, request: web.Request) -> web.Response:
        """The fake Discord client around the Activity: opening it is the player opening
        the Activity, which joins them to the instance (unless `join=0`)."""
        query = request.query
        player = self.emu.players.get(query.get("user", ""))
        instance = self.emu.activities.instances.get(query.get("instance", ""))
        platform = query.get("platform", "desktop")
        if player is None or instance is None or platform not in ("desktop", "mobile"):
            raise web.HTTPBadRequest(text="parent.html?user=NAME&instance=ID[&platform=mobile]")
        if query.get("join", "1") != "0":
            self.emu.activities.join(instance, player)
        frame = Frame(str(uuid.uuid4()), player, instance, platform)
        self.frames[frame.id] = frame
        channel = instance.channel
        params = {
            "frame_id": frame.id,
            "instance_id": instance.id,
            "platform": platform,
            "location_id": instance.location_id,
            "channel_id": str(channel.id),
            "launch_id": str(instance.launch_id),
        }
        if channel.guild_id is not None:
            params["guild_id"] = str(channel.guild_id)
        config = {"frame": frame.id, "src": _with_query(query.get("path", "/"), params)}
        html = (PARENT / "parent.html").read_text(encoding="utf-8")
        inline = json.dumps(config).replace("<", "\\u003c")
        return web.Response(text=html.replace("{{config}}", inline), content_type="text/html")

    async def parent_script(self, request: web.Request) -> web.Response:
        return web.Response(
            text=(PARENT / "parent.js").read_text(encoding="utf-8"),
            content_type="text/javascript",
        )

    async def rpc(self, request: web.Request) -> web.Response:
        """One message the SDK posted: the messages to post back to it."""
        frame = self.frames.get(request.match_info["frame"])
        if frame is None:
            raise web.HTTPNotFound(text="no such frame")
        message = await request.json()
        replies = self.answer(frame, message)
        self.emu.changed()
        return web.json_response(replies)

    async def events(self, request: web.Request) -> web.Response:
        """Long polling: the frame's waiting events, once there are any (or [] after a
        while, and the page asks again)."""
        frame = self.frames.get(request.match_info["frame"])
        if frame is None:
            raise web.HTTPNotFound(text="no such frame")
        with contextlib.suppress(TimeoutError):
            await self.emu.wait_for(
                lambda: frame.pending or frame.closed or self.closing, 20.0, what="events"
            )
        out, frame.pending = frame.pending, []
        return web.json_response(out)

    def participants_changed(self, instance: ActivityInstance) -> None:
        """ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE to every page of the instance subscribed."""
        event = "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE"
        for frame in self.frames.values():
            if frame.instance is instance and event in frame.subscriptions and not frame.closed:
                data = {"participants": [_participant(p) for p in instance.users]}
                frame.pending.append(_dispatch(event, data))

    # --- the SDK's protocol ---
    def answer(self, frame: Frame, message: Any) -> list[list[Any]]:
        if not isinstance(message, list) or len(message) != 2:
            return []  # Discord's client ignores what is not [opcode, payload]
        opcode, payload = message
        if opcode == HANDSHAKE:
            return self._handshake(frame, payload)
        if opcode == CLOSE:
            frame.closed = True
            self.emu.activities.leave(frame.instance, frame.player)
            return []
        if opcode != FRAME or not isinstance(payload, dict) or not frame.ready:
            return [[CLOSE, {"code": 1003, "message": "a frame before the handshake"}]]
        cmd, nonce = payload.get("cmd"), payload.get("nonce")
        given = payload.get("args")
        args: dict[str, Any] = given if isinstance(given, dict) else {}
        frame.commands.append((str(cmd), args))
        try:
            data = self._command(frame, str(cmd), args, payload)
        except RpcError as error:
            body = {"code": error.code, "message": error.message}
            return [[FRAME, {"cmd": cmd, "evt": "ERROR", "nonce": nonce, "data": body}]]
        return [[FRAME, {"cmd": cmd, "evt": None, "nonce": nonce, "data": data}]]

    def _handshake(self, frame: Frame, payload: Any) -> list[list[Any]]:
        body = payload if isinstance(payload, dict) else {}
        if body.get("v") != 1 or body.get("encoding", "json") != "json":
            return [[CLOSE, {"code": CLOSE_INVALID_VERSION, "message": "Invalid Version"}]]
        if body.get("client_id") != str(self.emu.application_id):
            return [[CLOSE, {"code": CLOSE_INVALID_CLIENTID, "message": "Invalid Client ID"}]]
        if body.get("frame_id") != frame.id:
            return [[CLOSE, {"code": CLOSE_INVALID_CLIENTID, "message": "Invalid frame_id"}]]
        frame.ready = True
        user = {
            "id": str(frame.player.id),
            "username": frame.player.name,
            "discriminator": "0",
        }  # no avatar: the SDK's READY takes a string or nothing, never null
        data = {
            "v": 1,
            "config": {
                "cdn_host": "cdn.discordapp.com",
                "api_endpoint": "//discord.com/api",
                "environment": "production",
            },
            "user": user,
        }
        return [_dispatch("READY", data)]

    def _command(self, frame: Frame, cmd: str, args: dict[str, Any], payload: Any) -> Any:
        activities = self.emu.activities
        client_id = str(self.emu.application_id)
        if cmd == "AUTHORIZE":
            if args.get("client_id") != client_id:
                raise RpcError(INVALID_CLIENTID, "Invalid Client ID")
            scopes = args.get("scope")
            if not isinstance(scopes, list) or not scopes or args.get("response_type") != "code":
                raise RpcError(INVALID_PAYLOAD, "AUTHORIZE takes scope (a list) and response_type")
            try:
                return {"code": activities.authorize(frame.player, tuple(map(str, scopes)))}
            except ValueError as error:
                raise RpcError(INVALID_PAYLOAD, str(error)) from error
        if cmd == "AUTHENTICATE":
            token = str(args.get("access_token") or "")
            grant = activities.token_user(token)
            if grant is None or grant.user is not frame.player:
                raise RpcError(INVALID_TOKEN, "Invalid access token")
            frame.access_token = token
            return {
                "access_token": token,
                "user": {**frame.player.payload(), "avatar": None},
                "scopes": list(grant.scopes),
                "expires": iso_time(grant.expires_at),
                "application": {
                    "id": client_id,
                    "name": self.emu.bot_user.name,
                    "description": "An emulated application",
                    "icon": None,
                    "rpc_origins": [],
                },
            }
        if cmd in ("SUBSCRIBE", "UNSUBSCRIBE"):
            event = payload.get("evt")
            if event not in EVENTS:
                raise RpcError(INVALID_EVENT, f"Invalid event: {event}")
            (frame.subscriptions.add if cmd == "SUBSCRIBE" else frame.subscriptions.discard)(event)
            return {"evt": event}
        if cmd == "CAPTURE_LOG":
            frame.logs.append((str(args.get("level")), str(args.get("message"))))
            return None
        if cmd in ("SET_ORIENTATION_LOCK_STATE", "SEND_ANALYTICS_EVENT", "SET_CERTIFIED_DEVICES"):
            return None
        if cmd == "SET_CONFIG":
            return {"use_interactive_pip": bool(args.get("use_interactive_pip"))}
        if cmd == "ENCOURAGE_HW_ACCELERATION":
            return {"enabled": True}
        if cmd == "GET_PLATFORM_BEHAVIORS":
            return {"iosKeyboardResizesView": frame.platform == "mobile"}
        if cmd == "OPEN_EXTERNAL_LINK":
            return {"opened": False}  # nothing opens outside the test browser
        # The rest speak for the player: only once Discord knows them (AUTHENTICATE).
        if frame.access_token is None or activities.token_user(frame.access_token) is None:
            raise RpcError(INVALID_PERMISSIONS, "Not authenticated or invalid scope")
        return self._authenticated(frame, cmd, args)

    def _authenticated(self, frame: Frame, cmd: str, args: dict[str, Any]) -> Any:
        instance, player = frame.instance, frame.player
        channel = instance.channel
        if cmd == "USER_SETTINGS_GET_LOCALE":
            return {"locale": player.locale}
        if cmd == "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS":
            return {"participants": [_participant(p) for p in instance.users]}
        if cmd == "GET_CHANNEL":
            if args.get("channel_id") != str(channel.id):
                raise RpcError(4005, "Invalid channel id")
            return {
                "id": str(channel.id),
                "type": channel.kind,
                "guild_id": None if channel.guild_id is None else str(channel.guild_id),
                "name": channel.name,
                "voice_states": [],
                "messages": [],
            }
        if cmd == "GET_CHANNEL_PERMISSIONS":
            return {"permissions": str(self.emu.permissions(player, channel))}
        if cmd == "SET_ACTIVITY":
            given = args.get("activity")
            activity: dict[str, Any] = given if isinstance(given, dict) else {}
            return {
                **activity,
                "name": self.emu.bot_user.name,
                "type": int(activity.get("type") or 0),
                "application_id": str(self.emu.application_id),
                "created_at": int(time.time() * 1000),
            }
        raise RpcError(INVALID_COMMAND, f"{cmd} is not emulated")

    # --- the proxy ---
    async def proxy(self, request: web.Request) -> web.StreamResponse:
        """Everything else goes to the Activity's URL mapping, as Discord's proxy does."""
        target = self.emu.activities.target
        if target is None:
            return web.Response(status=502, text="no URL mapping for / (emu.activities.target)")
        path = request.path_qs
        if path.startswith("/.proxy/"):
            path = path[len("/.proxy") :]
        url = target.rstrip("/") + path
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_HEADERS}
        assert self._session is not None
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._proxy_websocket(request, url, headers)
        body = await request.read() if request.can_read_body else None
        try:
            async with self._session.request(
                request.method, url, headers=headers, data=body, allow_redirects=False
            ) as answer:
                content = await answer.read()
                kept = {
                    k: v
                    for k, v in answer.headers.items()
                    if k.lower() not in HOP_HEADERS or k.lower() == "content-encoding"
                }
                return web.Response(status=answer.status, body=content, headers=kept)
        except aiohttp.ClientConnectionError as error:
            return web.Response(status=502, text=f"the Activity's server did not answer: {error}")

    async def _proxy_websocket(
        self, request: web.Request, url: str, headers: dict[str, str]
    ) -> web.StreamResponse:
        assert self._session is not None
        kept = {k: v for k, v in headers.items() if not k.lower().startswith("sec-websocket")}
        try:
            upstream = await self._session.ws_connect(url.replace("http", "ws", 1), headers=kept)
        except aiohttp.ClientError as error:
            return web.Response(status=502, text=f"the Activity's server refused: {error}")
        downstream = web.WebSocketResponse()
        await downstream.prepare(request)

        async def pump(source: Any, sink: Any) -> None:
            async for message in source:
                if message.type == aiohttp.WSMsgType.TEXT:
                    await sink.send_str(message.data)
                elif message.type == aiohttp.WSMsgType.BINARY:
                    await sink.send_bytes(message.data)
                else:
                    break

        tasks = [
            asyncio.create_task(pump(upstream, downstream)),
            asyncio.create_task(pump(downstream, upstream)),
        ]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            code = upstream.close_code or downstream.close_code or 1000
            await upstream.close()
            await downstream.close(code=code)
        return downstream


def _dispatch(event: str, data: Any) -> list[Any]:
    return [FRAME, {"cmd": "DISPATCH", "evt": event, "nonce": None, "data": data}]


def _participant(player: Player) -> dict[str, Any]:
    """A user as GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS gives them."""
    return {
        "id": str(player.id),
        "username": player.name,
        "global_name": player.name,
        "discriminator": "0",
        "avatar": None,
        "flags": 0,
        "bot": False,
    }


def _with_query(path: str, params: dict[str, str]) -> str:
    parts = urlsplit(path if path.startswith("/") else "/" + path)
    query = "&".join(q for q in (parts.query, urlencode(params)) if q)
    return urlunsplit(("", "", parts.path, query, parts.fragment))
