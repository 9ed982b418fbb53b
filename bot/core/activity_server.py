"""The Activity's server (docs/activity.md), on the bot's own event loop with aiohttp,
which discord.py brings; started only when ACTIVITY_PORT is set.

- `/` and `/assets/...`: the page's static files (activity/dist/index.html and
  activity/dist/assets/, once built: activity/build.py);
- `GET /api/config`: what the page's SDK needs, the application's (client) id;
- `POST /api/token`: the OAuth2 code exchange, with the application's client secret;
- `GET /api/ws`: the live table. Its first frame says who the player is with an access
  token Discord gave the page: the server asks Discord who that is, and which channel
  and users the Activity instance has (with the bot's token), and the player must be
  one of them. Then the page gets the channel's game (bot/core/activity.py) and sends
  its moves.

Discord's API is reached at discord.py's REST base, so the emulator of the tests (and a
proxy, if an operator has one) serves it the same way as the bot's other requests.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import discord.http
from aiohttp import web

from bot.core.activity import LiveTables, Player, Refused, Viewer
from bot.core.errors import SORRY, Refusal
from bot.core.settings import Secret
from games.text import _
from lang import LANGUAGES, translate

log = logging.getLogger(__name__)

HELLO_SECONDS = 10.0
"""How long a new socket has to say who it is."""
MOST_FRAME = 64 * 1024
"""The largest frame a page may send (a move is a few hundred bytes)."""
DISCORD_SECONDS = 10.0
"""How long Discord has to answer one of the server's questions."""
STATIC = Path(__file__).resolve().parents[2] / "activity" / "dist"
SILENT = _("The page did not say who you are in time; reload it.")
UNASKED = _("Discord could not be asked who you are; try again in a moment.")


class NotAllowed(Exception):
    """Discord did not vouch for the page's player; the message says why, in words."""


@dataclass(frozen=True)
class Application:
    """What the server asks Discord with: the application's id, the bot's token, the
    client secret of the code exchange."""

    id: Callable[[], int | None]
    token: Secret
    secret: Secret | None


class DiscordAsker:
    """The server's questions to Discord's API."""

    def __init__(self, application: Application) -> None:
        self.application = application
        self._http: aiohttp.ClientSession | None = None

    def _session(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            timeout = aiohttp.ClientTimeout(total=DISCORD_SECONDS)
            self._http = aiohttp.ClientSession(timeout=timeout)
        return self._http

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()

    async def exchange(self, code: str) -> str:
        """The access token for an authorization code the page got."""
        application_id = self.application.id()
        secret = self.application.secret
        if secret is None or application_id is None:
            raise NotAllowed(
                _("The table cannot be opened here: this bot has no client secret set.")
            )
        form = {
            "client_id": str(application_id),
            "client_secret": secret.reveal(),
            "grant_type": "authorization_code",
            "code": code,
        }
        url = f"{discord.http.Route.BASE}/oauth2/token"
        async with self._session().post(url, data=form) as answer:
            found = await answer.json(content_type=None)
            if answer.status != 200 or not isinstance(found, dict) or "access_token" not in found:
                raise NotAllowed(_("Discord did not confirm who you are; open the table again."))
            return str(found["access_token"])

    async def user(self, access_token: str) -> tuple[int, str]:
        """Who the access token belongs to: their id and name."""
        url = f"{discord.http.Route.BASE}/users/@me"
        headers = {"Authorization": f"Bearer {access_token}"}
        async with self._session().get(url, headers=headers) as answer:
            if answer.status != 200:
                raise NotAllowed(_("Discord did not confirm who you are; open the table again."))
            found = await answer.json()
        name = found.get("global_name") or found.get("username") or "player"
        return int(found["id"]), str(name)

    async def instance(self, instance_id: str) -> tuple[int, set[int]]:
        """The channel of an Activity instance and the users in it."""
        application_id = self.application.id()
        if not instance_id or not instance_id.replace("-", "").isalnum():
            raise NotAllowed(_("This table was not opened from a Discord channel."))
        path = f"/applications/{application_id}/activity-instances/{instance_id}"
        headers = {"Authorization": f"Bot {self.application.token.reveal()}"}
        async with self._session().get(discord.http.Route.BASE + path, headers=headers) as answer:
            if answer.status != 200:
                raise NotAllowed(_("This table was not opened from a Discord channel."))
            found = await answer.json()
        location = found.get("location") or {}
        users = {int(user) for user in found.get("users") or ()}
        return int(location["channel_id"]), users


class ActivityServer:
    """The page's files, its code exchange and its websocket (see the module's docstring)."""

    def __init__(
        self, live: LiveTables, asker: DiscordAsker, host: str, port: int, static: Path = STATIC
    ) -> None:
        self.live = live
        self.asker = asker
        self.host, self.port = host, port
        self.static = static
        self.address = ""
        """Its URL once started ("http://127.0.0.1:8080")."""
        self._runner: web.AppRunner | None = None
        self._sockets: set[web.WebSocketResponse] = set()

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MOST_FRAME)
        app.router.add_get("/", self.index)
        app.router.add_get("/assets/{name:[A-Za-z0-9._-]+}", self.asset)
        app.router.add_get("/api/config", self.config)
        app.router.add_post("/api/token", self.token)
        app.router.add_get("/api/ws", self.socket)
        return app

    async def start(self) -> None:
        runner = web.AppRunner(self.app(), access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        host, port = runner.addresses[0][:2]
        self.address = f"http://{host}:{port}"
        log.info("the Activity's server on %s", self.address)

    async def stop(self) -> None:
        for socket in list(self._sockets):
            await socket.close()
        await self.live.close()
        await self.asker.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- the page's files -------------------------------------------------------------

    async def index(self, request: web.Request) -> web.StreamResponse:
        return self._file("index.html")

    async def asset(self, request: web.Request) -> web.StreamResponse:
        return self._file(f"assets/{request.match_info['name']}")

    def _file(self, name: str) -> web.StreamResponse:
        path = self.static / name
        if not path.is_file():
            raise web.HTTPNotFound(text="The Activity's page is not built here.")
        return web.FileResponse(path, headers={"Cache-Control": "no-cache"})

    # -- what the page needs before it can speak to Discord -----------------------------

    async def config(self, request: web.Request) -> web.Response:
        """The application's id: the page's SDK is made with it (its client id)."""
        application_id = self.asker.application.id()
        if application_id is None:  # the bot has not logged in yet
            return web.json_response({"error": "the bot is starting; try again"}, status=503)
        return web.json_response({"client_id": str(application_id)})

    # -- the code exchange ------------------------------------------------------------

    async def token(self, request: web.Request) -> web.Response:
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            body = None
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not code:
            return web.json_response({"error": 'send {"code": ...}'}, status=400)
        try:
            token = await self.asker.exchange(code)
        except NotAllowed as refused:
            return web.json_response({"error": translate(refused.args[0], "en")}, status=400)
        except (aiohttp.ClientError, TimeoutError):
            log.warning("the Activity's code exchange failed", exc_info=True)
            return web.json_response({"error": "Discord did not answer"}, status=502)
        return web.json_response({"access_token": token})

    # -- the live table ---------------------------------------------------------------

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MOST_FRAME)
        await socket.prepare(request)
        self._sockets.add(socket)
        viewer: Viewer | None = None
        try:
            viewer = await self._hello(socket)
            if viewer is not None:
                await self._serve(socket, viewer)
        finally:
            if viewer is not None:
                self.live.leave(viewer)
            self._sockets.discard(socket)
        return socket

    async def _hello(self, socket: web.WebSocketResponse) -> Viewer | None:
        """The page's player known and its game joined; None (the socket closed with
        the reason) when Discord does not vouch for it or there is no game."""

        async def send(message: dict[str, Any]) -> None:
            await socket.send_json(message)

        language = "en"
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                frame = await socket.receive()
            hello = _frame(frame)
            if hello is None or hello.get("op") != "hello":
                raise NotAllowed(_("This page does not speak to me as the table does; reload it."))
            chosen = hello.get("language")
            language = chosen if chosen in LANGUAGES else "en"
            user_id, name = await self.asker.user(str(hello.get("access_token") or ""))
            channel_id, users = await self.asker.instance(str(hello.get("instance_id") or ""))
            if user_id not in users:
                raise NotAllowed(
                    _("You are not in this channel's Activity; open it from the channel.")
                )
            return await self.live.join(Player(user_id, name, channel_id), language, send)
        except NotAllowed as error:
            await _fatal(socket, translate(error.args[0], language))
        except TimeoutError:
            await _fatal(socket, translate(SILENT, language))
        except Refusal as refusal:
            await _fatal(socket, translate(refusal.args[0], language))
        except (aiohttp.ClientError, KeyError, ValueError, TypeError):
            log.warning("an Activity page's hello failed", exc_info=True)
            await _fatal(socket, translate(UNASKED, language))
        return None

    async def _serve(self, socket: web.WebSocketResponse, viewer: Viewer) -> None:
        async for frame in socket:
            message = _frame(frame)
            if message is None:
                continue
            op = message.get("op")
            if op == "ping":
                await socket.send_json({"op": "pong"})
            elif op == "move":
                await self._move(socket, viewer, message)

    async def _move(
        self, socket: web.WebSocketResponse, viewer: Viewer, message: dict[str, Any]
    ) -> None:
        version, action = message.get("version"), message.get("action")
        try:
            if not isinstance(version, int) or not isinstance(action, dict):
                raise Refusal(_("That move is not one I can read."))
            await self.live.move(viewer, version, action)
        except Refusal as refusal:
            said: dict[str, Any] = {
                "op": "refused",
                "reason": translate(refusal.args[0], viewer.language),
            }
            if isinstance(refusal, Refused):
                said["version"] = refusal.version
            with contextlib.suppress(ConnectionError, RuntimeError):
                await socket.send_json(said)
        except Exception:
            log.exception("game %s: an Activity move failed", viewer.game_id)
            with contextlib.suppress(ConnectionError, RuntimeError):
                await socket.send_json(
                    {"op": "refused", "reason": translate(SORRY, viewer.language)}
                )


def _frame(frame: aiohttp.WSMessage) -> dict[str, Any] | None:
    """A text frame's JSON object, or None."""
    if frame.type != aiohttp.WSMsgType.TEXT:
        return None
    try:
        found = json.loads(frame.data)
    except json.JSONDecodeError:
        return None
    return found if isinstance(found, dict) else None


async def _fatal(socket: web.WebSocketResponse, reason: str) -> None:
    with contextlib.suppress(ConnectionError, RuntimeError):
        await socket.send_json({"op": "error", "reason": reason, "fatal": True})
    await socket.close()
