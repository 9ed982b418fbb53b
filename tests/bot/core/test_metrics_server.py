"""The metrics server (bot/core/metrics_server.py) in this process: the real server
scraped over HTTP and read with prometheus_client's own parser, every metric served
with its type after moves made by the real session service on a real SQLite file;
`/healthz` and `/readyz` as the gateway and the database come and go; a port already
taken. Counts, never times."""

from __future__ import annotations

import logging
import socket
from collections.abc import AsyncIterator

import pytest

from bot.core.metrics import Metrics, Readings
from bot.core.metrics_server import MetricsServer, Watched
from bot.core.restbudget import RestBudget
from bot.core.sessions import Sessions
from bot.core.storage import Storage
from bot.core.thinking import ThinkingStats
from bot.exts.graps import KIND as GRAPS
from tests.bot.core.harness import RecordingScreen, one_move_each_way, started_graps
from tests.bot.scraped import get, scrape


class Serving:
    """The server over a storage that may be closed and opened again, and a gateway
    that the test connects and disconnects (there is none in this process)."""

    def __init__(self, metrics: Metrics, storage: Storage | None) -> None:
        self.storage = storage
        self.connected = True
        self.readings = Readings()
        watched = Watched(lambda: self.connected, lambda: self.storage, lambda: self.readings)
        self.server = MetricsServer(metrics, watched, "127.0.0.1", 0)


@pytest.fixture
async def serving(storage: Storage) -> AsyncIterator[Serving]:
    serving = Serving(Metrics(), storage)
    await serving.server.start()
    try:
        yield serving
    finally:
        await serving.server.stop()


async def test_the_endpoint_serves_every_metric_with_its_type(storage, serving):
    game_id = await started_graps(storage)
    metrics = serving.server.metrics
    sessions = Sessions(storage, {"graps": GRAPS}, RecordingScreen(), metrics)
    await one_move_each_way(sessions, game_id)
    stats = ThinkingStats(workers=2)
    stats.waited(0.03)
    stats.waited(0.3)
    stats.decisions.update({"hard": 1, "easy under load": 1, "easy": 3})
    stats.running = 1
    budget = RestBudget(10)
    for _ in range(3):
        await budget.take()
    serving.readings = Readings(
        thinking=stats,
        rest_used=budget.used(),
        rest_waited=budget.waited,
        games_in_memory=sessions.cached,
        latencies=[(0, 0.042), (1, float("inf"))],
    )

    scraped = await scrape(serving.server.address)

    assert (
        scraped.types().items()
        >= {
            "grassbot_moves": "counter",
            "grassbot_move_seconds": "histogram",
            "grassbot_move_commit_seconds": "histogram",
            "grassbot_games_in_memory": "gauge",
            "grassbot_games_running": "gauge",
            "grassbot_lobbies_waiting": "gauge",
            "grassbot_discord_rest_budget_used_ratio": "gauge",
            "grassbot_discord_rest_budget_waits": "counter",
            "grassbot_gateway_latency_seconds": "gauge",
            "grassbot_ai_decisions_waiting": "gauge",
            "grassbot_ai_decisions_running": "gauge",
            "grassbot_ai_workers": "gauge",
            "grassbot_ai_decision_wait_seconds": "histogram",
            "grassbot_ai_decisions": "counter",
            "grassbot_event_loop_lag_seconds": "histogram",
            "process_resident_memory_bytes": "gauge",
        }.items()
    )
    assert all(name.startswith(("grassbot_", "process_")) for name in scraped.families)
    assert scraped.total("grassbot_moves_total", kind="graps") == 4
    assert scraped.value("grassbot_move_commit_seconds_count", database="sqlite") == 4
    assert scraped.value("grassbot_games_in_memory") == 1
    assert scraped.value("grassbot_games_running") == 1  # counted by the database
    assert scraped.value("grassbot_lobbies_waiting") == 1
    assert scraped.value("grassbot_discord_rest_budget_used_ratio") == pytest.approx(0.3)
    assert scraped.labelled("grassbot_gateway_latency_seconds") == {(("shard", "0"),): 0.042}
    assert scraped.value("grassbot_ai_decisions_running") == 1
    assert scraped.value("grassbot_ai_decision_wait_seconds_bucket", le="0.05") == 1
    assert scraped.value("grassbot_ai_decision_wait_seconds_bucket", le="+Inf") == 2
    assert scraped.value("grassbot_ai_decision_wait_seconds_count") == 2
    assert scraped.labelled("grassbot_ai_decisions_total") == {
        (("how", "easy"),): 3,
        (("how", "easy_under_load"),): 1,
        (("how", "hard"),): 1,
    }


async def test_a_scrape_goes_on_without_the_database(storage, serving):
    """The database's counts are left out when it cannot give them; the rest is served."""
    serving.readings = Readings(games_in_memory=0)
    await storage.close()
    scraped = await scrape(serving.server.address)
    assert scraped.value("grassbot_games_in_memory") == 0
    assert "grassbot_games_running" not in scraped.families
    assert "grassbot_event_loop_lag_seconds" in scraped.families


async def test_ready_only_with_the_gateway_connected_and_the_database_answering(
    tmp_path, storage, serving
):
    address = serving.server.address
    assert await get(address, "/healthz") == (200, "alive\n")
    assert await get(address, "/readyz") == (200, "ready\n")

    serving.connected = False
    assert await get(address, "/readyz") == (503, "not ready: the gateway is not connected\n")
    serving.connected = True

    await storage.close()
    status, text = await get(address, "/readyz")
    assert status == 503 and text.startswith("not ready: the database failed")
    assert await get(address, "/healthz") == (200, "alive\n")  # alive all the same

    serving.storage = None
    assert await get(address, "/readyz") == (503, "not ready: the database is not open\n")

    serving.storage = await Storage.open(tmp_path / "bot.sqlite3")  # back
    try:
        assert await get(address, "/readyz") == (200, "ready\n")
    finally:
        await serving.storage.close()


async def test_a_port_already_taken_leaves_the_bot_without_metrics(caplog):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        nowhere = Watched(lambda: True, lambda: None, Readings)
        server = MetricsServer(Metrics(), nowhere, "127.0.0.1", port)
        with caplog.at_level(logging.ERROR, logger="bot.core.metrics_server"):
            await server.start()
        await server.stop()
    assert server.address == "" and "cannot serve on 127.0.0.1 port" in caplog.text
