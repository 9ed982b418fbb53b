"""The operators' metrics (bot/core/metrics.py), in this process: moves counted by the
real session service on a real SQLite file and on PostgreSQL, a failing metric that
never breaks a move, discord.py's kind of HTTP session talking to a small real server,
the event loop's lag. The server that serves them: test_metrics_server.py. Counts,
never times."""

from __future__ import annotations

import asyncio
import logging
import socket
import time

import aiohttp
import pytest
from aiohttp import web
from prometheus_client import Counter

from bot.core.metrics import Metrics
from bot.core.sessions import Sessions
from bot.core.storage import Storage
from bot.exts.graps import KIND as GRAPS
from tests.bot.core.harness import RecordingScreen, one_move_each_way, started_graps


async def stored_moves(storage: Storage) -> int:
    row = await storage.driver.fetch_one("SELECT COUNT(*) FROM moves")
    assert row is not None
    return int(row[0])


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
    sessions = Sessions(storage, {"graps": GRAPS}, RecordingScreen(), metrics)
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
    sessions = Sessions(storage, {"graps": GRAPS}, RecordingScreen(), metrics)
    session = await sessions.load(game_id)
    assert session is not None
    name = session.engine.awaiting[0]
    with caplog.at_level(logging.ERROR, logger="bot.core.metrics"):
        await sessions.act(game_id, session.user_of(name), lambda hand: hand.legal[0])
    assert await stored_moves(storage) == 1 and session.version == 1
    assert "metrics: moved failed" in caplog.text
    sample = metrics.registry.get_sample_value
    assert sample("grassbot_move_commit_seconds_count", {"database": "sqlite"}) == 1


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
