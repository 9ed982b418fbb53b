"""A test Activity for the emulator's Activity tests, standing in for the bot's Activity
server: its pages (activity_page/: one speaking the SDK's protocol by hand, one using the
Embedded App SDK itself), `POST /api/token` exchanging the page's code at the emulator's
OAuth2 token route with the client secret, and `GET /api/ws`, a websocket that tells who
an access token belongs to (asked of the emulator's `users/@me`). Also the SDK's bundle
for the page that uses it, built with npm and esbuild into a cache outside the tree."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import aiohttp
from aiohttp import web

from tests.fakediscord import FakeDiscord

PAGES = Path(__file__).parent / "activity_page"
SDK_VERSION = "2.5.0"
ESBUILD_VERSION = "0.25.0"


class ActivityServer:
    """`async with ActivityServer(emu, sdk_bundle=None) as server:` on a random port;
    `server.url` is what `emu.activities.target` maps `/` to."""

    def __init__(self, emu: FakeDiscord, sdk_bundle: Path | None = None) -> None:
        self.emu = emu
        self.sdk_bundle = sdk_bundle
        self.exchanged: list[str] = []
        """The users whose codes this server exchanged."""
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None
        self.url = ""

    async def __aenter__(self) -> ActivityServer:
        app = web.Application()
        app.add_routes(
            [
                web.get("/api/ws", self.socket),
                web.post("/api/token", self.token),
                web.get("/assets/sdk-page.js", self.bundle),
                web.get("/{page}", self.page),
            ]
        )
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        assert site._server is not None
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self.url = f"http://127.0.0.1:{port}"
        self._session = aiohttp.ClientSession()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._session is not None:
            await self._session.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def page(self, request: web.Request) -> web.Response:
        path = PAGES / request.match_info["page"]
        if path.suffix != ".html" or not path.is_file():
            raise web.HTTPNotFound()
        text = path.read_text(encoding="utf-8")
        text = text.replace("{{client_id}}", str(self.emu.application_id))
        return web.Response(text=text, content_type="text/html")

    async def bundle(self, request: web.Request) -> web.Response:
        if self.sdk_bundle is None:
            raise web.HTTPNotFound()
        return web.Response(body=self.sdk_bundle.read_bytes(), content_type="text/javascript")

    async def token(self, request: web.Request) -> web.Response:
        """As the bot's server does it: the code goes to Discord with the client secret."""
        code = str((await request.json()).get("code", ""))
        form = {
            "client_id": str(self.emu.application_id),
            "client_secret": self.emu.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        assert self._session is not None
        async with self._session.post(f"{self.emu.url}/api/v10/oauth2/token", data=form) as r:
            body = await r.json()
        if r.status != 200:
            return web.json_response({"error": body.get("error")}, status=400)
        me = await self._who(body["access_token"])
        self.exchanged.append(str(me.get("username")))
        return web.json_response({"access_token": body["access_token"]})

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        hello = await ws.receive_json()
        me = await self._who(str(hello.get("access_token")))
        await ws.send_json({"user": me.get("username")})
        await ws.receive()  # until the page closes
        return ws

    async def _who(self, access_token: str) -> dict[str, object]:
        assert self._session is not None
        headers = {"Authorization": f"Bearer {access_token}"}
        async with self._session.get(f"{self.emu.url}/api/v10/users/@me", headers=headers) as r:
            me: dict[str, object] = await r.json()
        return me


def sdk_bundle() -> tuple[Path | None, str]:
    """activity_page/sdk_page.js bundled with the Embedded App SDK (its exact version),
    built once into a cache outside the tree; (None, why) when npm cannot fetch it."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    where = Path(base) / "fakediscord" / f"embedded-app-sdk-{SDK_VERSION}"
    source = (PAGES / "sdk_page.js").read_bytes()
    out = where / f"sdk-page-{hashlib.sha256(source).hexdigest()[:16]}.js"
    if out.exists():
        return out, ""
    npm = shutil.which("npm")
    if npm is None:
        return None, "no npm to fetch @discord/embedded-app-sdk"
    where.mkdir(parents=True, exist_ok=True)
    esbuild = where / "node_modules" / ".bin" / "esbuild"
    if not esbuild.exists():
        packages = [f"@discord/embedded-app-sdk@{SDK_VERSION}", f"esbuild@{ESBUILD_VERSION}"]
        installed = subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", "--prefix", str(where), *packages],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if installed.returncode != 0:
            return None, f"npm install failed: {installed.stderr[-500:]}"
    entry = where / "sdk_page.js"
    entry.write_bytes(source)
    built = subprocess.run(
        [str(esbuild), str(entry), "--bundle", "--format=iife", f"--outfile={out}"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if built.returncode != 0:
        return None, f"esbuild failed: {built.stderr[-500:]}"
    return out, ""
