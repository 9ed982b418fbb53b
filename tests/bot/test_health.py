"""`python -m bot.health`, the container's HEALTHCHECK and the systemd unit's wait for
readiness, run as they run it (a process of its own) against the bot's real metrics
server in this process, over a real SQLite file."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.metrics import Metrics, Readings
from bot.core.metrics_server import MetricsServer, Watched
from bot.core.storage import Storage

ROOT = Path(__file__).resolve().parents[2]


class Bot:
    """What the server watches, switched by the test: the gateway and the database."""

    def __init__(self, storage: Storage) -> None:
        self.connected = True
        self.storage: Storage | None = storage
        watched = Watched(lambda: self.connected, lambda: self.storage, Readings)
        self.server = MetricsServer(Metrics(), watched, "127.0.0.1", 0)

    @property
    def port(self) -> str:
        return self.server.address.rsplit(":", 1)[1]


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    bot = Bot(storage)
    await bot.server.start()
    try:
        yield bot
    finally:
        await bot.server.stop()
        await storage.close()


async def health(*args: str, **env: str) -> tuple[int, str]:
    """The exit status and output of `python -m bot.health`, with these settings alone
    (nothing of this process's METRICS_* or proxies)."""
    inherited = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("METRICS_") and "proxy" not in key.lower()
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.health",
        *args,
        env={**inherited, **env},
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await process.communicate()
    assert process.returncode is not None
    return process.returncode, output.decode().strip()


def free_port() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


async def test_ready_is_0_and_not_ready_is_1_with_the_reason(bot):
    assert await health(METRICS_PORT=bot.port) == (0, "ready")

    bot.connected = False
    assert await health(METRICS_PORT=bot.port) == (1, "not ready: the gateway is not connected")
    bot.connected = True

    bot.storage = None
    assert await health(METRICS_PORT=bot.port) == (1, "not ready: the database is not open")


async def test_a_bot_listening_everywhere_is_asked_on_this_machine_without_a_proxy(bot):
    # The server listens on 127.0.0.1 only: 0.0.0.0 must become 127.0.0.1, and a proxy
    # (nothing listens at this one) must not be used.
    proxy = f"http://127.0.0.1:{free_port()}"
    answer = await health(
        METRICS_PORT=bot.port, METRICS_HOST="0.0.0.0", http_proxy=proxy, HTTP_PROXY=proxy
    )
    assert answer == (0, "ready")


async def test_nothing_listening_or_no_port_is_unhealthy():
    status, said = await health(METRICS_PORT=free_port())
    assert status == 1 and said.startswith("no answer from http://127.0.0.1:")
    assert await health() == (1, "METRICS_PORT is not set: the bot serves no health checks")


async def test_wait_asks_again_until_the_bot_is_ready(bot):
    bot.connected = False
    started = time.monotonic()
    waiting = asyncio.create_task(health("--wait", "20", METRICS_PORT=bot.port))
    await asyncio.sleep(1.5)
    assert not waiting.done()  # still asking: not ready yet
    bot.connected = True
    assert await waiting == (0, "ready")
    assert time.monotonic() - started < 10


async def test_wait_gives_up_after_its_seconds(bot):
    bot.connected = False
    started = time.monotonic()
    answer = await health("--wait", "2", METRICS_PORT=bot.port)
    assert answer == (1, "not ready: the gateway is not connected")
    assert 1.5 < time.monotonic() - started < 8
