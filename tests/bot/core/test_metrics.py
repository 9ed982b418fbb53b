"""The operators' metrics and health checks (bot/core/metrics.py,
bot/core/metrics_server.py), in this process: the real session service on a real SQLite
file, the real server scraped over HTTP and read with prometheus_client's own parser,
discord.py's kind of HTTP session talking to a small real server. Counts, never times."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from prometheus_client import Counter

from bot.core.metrics import Metrics, Readings
from bot.core.metrics_server import MetricsServer, Watched
from bot.core.restbudget import RestBudget
from bot.core.session import Clicked
from bot.core.sessions import Sessions
from bot.core.storage import Storage
from bot.core.thinking import ThinkingStats
from bot.exts.graps import KIND as GRAPS
from games.graps import Graps
from tests.bot.core.harness import RecordingScreen
from tests.bot.scraped import get, scrape

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


async def stored_moves(storage: Storage) -> int:
    row = await storage.driver.fetch_one("SELECT COUNT(*) FROM moves")
    assert row is not None
    return int(row[0])


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


async def test_each_database_answers_and_counts_the_games_not_over(where, opened):
    """What /readyz asks and a scrape counts, on SQLite and on PostgreSQL."""
    database = await opened(where)
    await database.ping()
    assert await database.open_games() == (0, 0)
    await started_graps(database)
    assert await database.open_games() == (1, 1)  # one lobby waiting, one game running


async def test_moves_are_counted_by_kind_and_how_they_were_made(storage):
    game_id = await started_graps(storage)
    metrics = Metrics()
    sessions = Sessions(storage, {"graps": GRAPS}, RecordingScreen())
    sessions.metrics = metrics
    await one_move_each_way(sessions, game_id)
    sample = metrics.registry.get_sample_value
    for how in ("typed", "clicked", "timer", "computer"):
        assert sample("grassbot_moves_total", {"kind": "graps", "how": how}) == 1, how
    assert await stored_moves(storage) == 4
    assert sample("grassbot_move_commit_seconds_count", {"database": "sqlite"}) == 4
    assert sample("grassbot_move_seconds_count", {"kind": "graps"}) == 4


async def test_a_failing_metric_never_breaks_a_move(storage, caplog):
    """An instrument that raises (here a counter made with other labels than the
    session service gives it) is logged; the move is committed all the same."""
    game_id = await started_graps(storage)
    metrics = Metrics()
    metrics.moves = Counter("broken_moves", "", ["only_one"], registry=metrics.registry)
    sessions = Sessions(storage, {"graps": GRAPS}, RecordingScreen())
    sessions.metrics = metrics
    session = await sessions.load(game_id)
    assert session is not None
    name = session.engine.awaiting[0]
    with caplog.at_level(logging.ERROR, logger="bot.core.metrics"):
        await sessions.act(game_id, session.user_of(name), lambda hand: hand.legal[0])
    assert await stored_moves(storage) == 1 and session.version == 1
    assert "metrics: moved failed" in caplog.text
    sample = metrics.registry.get_sample_value
    assert sample("grassbot_move_commit_seconds_count", {"database": "sqlite"}) == 1


async def test_the_endpoint_serves_every_metric_with_its_type(storage, serving):
    game_id = await started_graps(storage)
    metrics = serving.server.metrics
    sessions = Sessions(storage, {"graps": GRAPS}, RecordingScreen())
    sessions.metrics = metrics
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


async def discord_like_server() -> tuple[web.AppRunner, str]:
    """Answers a REST path with the status it names (/api/v10/status/429...)."""

    async def answer(request: web.Request) -> web.Response:
        return web.Response(status=int(request.match_info["status"]))

    app = web.Application()
    app.router.add_get("/api/v10/status/{status}", answer)
    app.router.add_get("/api/v10/interactions/1/token/{status}", answer)
    app.router.add_get("/gateway/{status}", answer)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    host, port = runner.addresses[0][:2]
    return runner, f"http://{host}:{port}"


async def test_discord_s_answers_are_counted_by_outcome_and_budget():
    metrics = Metrics()
    runner, url = await discord_like_server()
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        nobody = f"http://127.0.0.1:{closed.getsockname()[1]}/api/v10/status/200"
    try:
        async with aiohttp.ClientSession(trace_configs=[metrics.discord_trace()]) as http:
            for path in [
                *["/api/v10/status/200"] * 3,
                "/api/v10/status/204",
                *["/api/v10/status/429"] * 2,
                "/api/v10/status/404",
                "/api/v10/status/502",
                "/api/v10/interactions/1/token/204",
                "/gateway/200",  # the gateway is no REST request
            ]:
                async with http.get(url + path):
                    pass
            with pytest.raises(aiohttp.ClientConnectionError):
                await http.get(nobody)
    finally:
        await runner.cleanup()
    sample = metrics.registry.get_sample_value
    expected = {
        ("ok", "counted"): 4,
        ("rate_limited", "counted"): 2,
        ("client_error", "counted"): 1,
        ("server_error", "counted"): 1,
        ("no_answer", "counted"): 1,
        ("ok", "exempt"): 1,
    }
    for (outcome, budget), count in expected.items():
        labels = {"outcome": outcome, "budget": budget}
        assert sample("grassbot_discord_requests_total", labels) == count, labels
    total = sum(
        s.value
        for family in metrics.registry.collect()
        for s in family.samples
        if s.name == "grassbot_discord_requests_total"
    )
    assert total == sum(expected.values())


async def test_a_blocked_event_loop_shows_as_lag():
    metrics = Metrics()
    watching = asyncio.create_task(metrics.watch_loop(interval=0.01))
    await asyncio.sleep(0.05)
    time.sleep(0.3)  # the loop blocked: the next look comes at least this late
    await asyncio.sleep(0.05)
    watching.cancel()
    sample = metrics.registry.get_sample_value
    looks = sample("grassbot_event_loop_lag_seconds_count")
    assert looks is not None and looks >= 2
    late = looks - (sample("grassbot_event_loop_lag_seconds_bucket", {"le": "0.25"}) or 0)
    assert late >= 1
