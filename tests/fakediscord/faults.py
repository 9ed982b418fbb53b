"""What wraps every REST call: the bot token check, faults on demand (429 with retry_after and
the headers discord.py reads, 500s), error answers as Discord's JSON, rate-limit headers per
bucket, and the request log (so tests and benchmarks can count and time the bot's calls)."""

from __future__ import annotations

import fnmatch
import hashlib
import time
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from tests.fakediscord.core import ApiError, invalid_form
from tests.fakediscord.rest import json_response

if TYPE_CHECKING:
    from tests.fakediscord.emulator import FakeDiscord

API = "/api/v10"


@dataclass
class Fault:
    """Answer the next `times` matching requests with `status` instead of serving them."""

    method: str
    path: str
    status: int
    times: int = 1
    retry_after: float = 0.05
    is_global: bool = False
    hits: int = 0

    def matches(self, method: str, path: str) -> bool:
        return (
            self.hits < self.times
            and self.method in ("*", method)
            and fnmatch.fnmatchcase(path, self.path)
        )

    def response(self) -> web.Response:
        self.hits += 1
        if self.status == 429:
            body = {
                "message": "You are being rate limited.",
                "retry_after": self.retry_after,
                "global": self.is_global,
            }
            response = json_response({**body, "code": 0}, status=429)
            response.headers.update(
                {
                    "Retry-After": str(max(1, round(self.retry_after))),
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": f"{time.time() + self.retry_after:.3f}",
                    "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
                    "X-RateLimit-Scope": "global" if self.is_global else "user",
                }
            )
            if self.is_global:
                response.headers["X-RateLimit-Global"] = "true"
            return response
        return json_response(
            {"message": f"{self.status}: Emulated server error", "code": 0}, status=self.status
        )

    @property
    def exhausted(self) -> bool:
        return self.hits >= self.times


@dataclass(frozen=True)
class RequestRecord:
    """One REST call the bot made: what, when (event-loop time), and how it was answered."""

    method: str
    path: str
    route: str
    status: int
    code: int | None
    error: str | None
    started: float
    finished: float
    interaction_id: int | None


class RateLimits:
    """Honest X-RateLimit-* headers: a fixed window per bucket and major parameter. Discord's
    real limits are tighter; these are generous so tests run fast, never enforced (use faults)."""

    def __init__(self, limit: int = 50, window: float = 1.0) -> None:
        self.limit, self.window = limit, window
        self._windows: dict[tuple[str, str], tuple[float, int]] = {}

    def headers(self, route: str, major: str) -> dict[str, str]:
        now = time.time()
        start, count = self._windows.get((route, major), (now, 0))
        if now - start >= self.window:
            start, count = now, 0
        count += 1
        self._windows[(route, major)] = (start, count)
        reset = start + self.window
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - count)),
            "X-RateLimit-Reset": f"{reset:.3f}",
            "X-RateLimit-Reset-After": f"{max(0.0, reset - now):.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(route.encode()).hexdigest()[:16],
        }


def make_middleware(
    emu: FakeDiscord,
) -> Middleware:
    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(API + "/"):
            try:
                return await handler(request)
            except ApiError as error:
                return json_response(error.body(), error.status)
        loop_time = emu.loop_time
        started = emu.last_request_at = loop_time()
        emu.requests_under_way += 1
        try:
            return await _answered(request, handler, started)
        finally:
            emu.requests_under_way -= 1
            emu.last_request_at = loop_time()

    async def _answered(
        request: web.Request, handler: Handler, started: float
    ) -> web.StreamResponse:
        loop_time = emu.loop_time
        path = request.path[len(API) :]
        code: int | None = None
        error_text: str | None = None
        response: web.StreamResponse
        try:
            # The OAuth2 token route takes client credentials, /users/@me an OAuth2 access
            # token (`Bearer`): their handlers check those (tests/fakediscord/activities.py).
            bearer = request.headers.get("Authorization", "").startswith("Bearer ")
            public = path.startswith(("/interactions/", "/webhooks/", "/oauth2/token")) or (
                bearer and path == "/users/@me"
            )
            if not public and request.headers.get("Authorization") != f"Bot {emu.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            fault = next((f for f in emu.faults if f.matches(request.method, path)), None)
            response = fault.response() if fault is not None else await handler(request)
        except ApiError as error:
            code, error_text = error.code, error.message
            response = json_response(error.body(), error.status)
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            # A body of the wrong shape: Discord answers 400 Invalid Form Body. Kept in
            # emu.malformed with the traceback, since it may also be an emulator bug.
            emu.malformed.append(f"{request.method} {path}: {traceback.format_exc()}")
            refusal = invalid_form(f"{type(exc).__name__}: {exc}")
            code, error_text = refusal.code, refusal.message
            response = json_response(refusal.body(), refusal.status)
        info = request.match_info
        route = info.route.resource.canonical if info.route.resource is not None else path
        major = info.get("channel") or info.get("guild") or info.get("token") or ""
        if response.status != 429:
            response.headers.update(emu.rate_limits.headers(route, major))
        response.headers["Via"] = "1.1 google"  # discord.py trusts a 429 only with this header
        token = info.get("token")
        interaction = emu.interaction_by_token(token) if token else None
        record = RequestRecord(
            method=request.method,
            path=path,
            route=route[len(API) :],
            status=response.status,
            code=code,
            error=error_text,
            started=started,
            finished=loop_time(),
            interaction_id=None if interaction is None else interaction.id,
        )
        emu.requests.append(record)
        if 400 <= response.status < 500 and response.status != 429:
            emu.rejected.append(record)
        emu.changed()
        return response

    return middleware
