"""The operators' HTTP server (docs/operations.md), on the bot's own event loop with
aiohttp, which discord.py brings; started only when METRICS_PORT is set.

- `/metrics`: this process's metrics (bot/core/metrics.py) for Prometheus; the figures
  read at scrape time are gathered just before, the database's counts included.
- `/healthz`: 200 while the process runs its event loop.
- `/readyz`: 200 when the gateway is connected and the database answers a trivial
  query within `READY_TIMEOUT`; else 503, with the reason in plain text.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import web
from prometheus_client.aiohttp import make_aiohttp_handler

from bot.core.metrics import Metrics, Readings
from bot.core.storage import Storage

log = logging.getLogger(__name__)

READY_TIMEOUT = 2.0
"""Seconds the database has to answer `/readyz`'s query."""
COUNT_TIMEOUT = 2.0
"""Seconds the database has to count the games for a scrape; without them, the scrape
goes on with the rest."""


@dataclass(frozen=True, slots=True)
class Watched:
    """What the server looks at, read afresh at each request: the bot's services are
    built after the server starts, and the storage may be closed or opened again."""

    connected: Callable[[], bool]
    """Whether the gateway is connected (every shard of this process)."""
    storage: Callable[[], Storage | None]
    readings: Callable[[], Readings]
    """The figures a scrape reads from memory (the database's counts are added here)."""


class MetricsServer:
    def __init__(self, metrics: Metrics, watched: Watched, host: str, port: int) -> None:
        self.metrics = metrics
        self.watched = watched
        self.host = host
        self.port = port
        """The port asked for; 0: a free one, known once started (`address`)."""
        self.address = ""
        self._exposition = make_aiohttp_handler(metrics.registry)
        self._runner: web.AppRunner | None = None
        self._lag: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Serves until `stop`. A port that cannot be had is logged, and the bot runs on
        without metrics: the games matter more than their figures."""
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except OSError as error:
            log.error("metrics: cannot serve on %s port %s (%s)", self.host, self.port, error)
            await runner.cleanup()
            return
        self._runner = runner
        host, port = runner.addresses[0][:2]
        self.address = f"http://{host}:{port}"
        log.info("metrics and health checks on %s (/metrics, /healthz, /readyz)", self.address)
        self._lag = asyncio.create_task(self.metrics.watch_loop())

    async def stop(self) -> None:
        if self._lag is not None:
            self._lag.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._lag
            self._lag = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def unready(self) -> str | None:
        """Why this process cannot serve players now, or None when it can."""
        if not self.watched.connected():
            return "the gateway is not connected"
        storage = self.watched.storage()
        if storage is None:
            return "the database is not open"
        try:
            await asyncio.wait_for(storage.ping(), READY_TIMEOUT)
        except TimeoutError:
            return f"the database did not answer within {READY_TIMEOUT:g} s"
        except Exception as error:
            return f"the database failed: {type(error).__name__}: {error}"
        return None

    async def _healthz(self, _: web.Request) -> web.Response:
        return web.Response(text="alive\n")

    async def _readyz(self, _: web.Request) -> web.Response:
        reason = await self.unready()
        if reason is None:
            return web.Response(text="ready\n")
        return web.Response(status=503, text=f"not ready: {reason}\n")

    async def _metrics(self, request: web.Request) -> web.StreamResponse:
        try:
            self.metrics.readings = await self._read()
        except Exception:
            log.exception("metrics: reading the process failed")
        return await self._exposition(request)

    async def _read(self) -> Readings:
        readings = self.watched.readings()
        storage = self.watched.storage()
        if storage is None:
            return readings
        try:
            lobbies, running = await asyncio.wait_for(storage.open_games(), COUNT_TIMEOUT)
        except Exception as error:
            log.warning("metrics: the database did not count the games (%r)", error)
            return readings
        return dataclasses.replace(readings, games_running=running, lobbies_waiting=lobbies)
