"""The operators' metrics (docs/operations.md has the table): what this process counts
and times, in Prometheus's terms, on a registry of its own, so that several bots built
in one process (tests) never share a figure.

Two sorts of figures: those the services record as things happen (moves, commits,
Discord's answers, failed interactions, the event loop's lag), through the methods of
`Metrics`; and those read at scrape time from what the process already keeps (the
computer players' queue, the REST budget, games in memory, the gateway's latency), set
as `Metrics.readings` by the server just before each scrape (bot/core/metrics_server.py).

Recording never raises into game code: a failure is logged and the move goes on.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Histogram, ProcessCollector
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily
from prometheus_client.registry import Collector

from bot.core.restbudget import EXEMPT
from bot.core.thinking import WAIT_BUCKETS, ThinkingStats

log = logging.getLogger(__name__)
P = ParamSpec("P")

PREFIX = "grassbot_"
MOVE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds; the goals are p50 40 ms and p99 150 ms (README.md, Performance)."""
COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
"""Seconds; the goal is p99 10 ms."""
LAG_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
LAG_INTERVAL = 0.5
"""Seconds between two looks at the event loop's lag."""


def never_raises(record: Callable[P, None]) -> Callable[P, None]:
    """A recording method whose failure is logged, never raised to its caller."""

    @functools.wraps(record)
    def safely(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            record(*args, **kwargs)
        except Exception:
            log.exception("metrics: %s failed", record.__name__)

    return safely


@dataclass(frozen=True, slots=True)
class Readings:
    """What a scrape reads of the process; None: not known (yet)."""

    thinking: ThinkingStats | None = None
    rest_used: float | None = None
    rest_waited: int | None = None
    games_in_memory: int | None = None
    games_running: int | None = None
    lobbies_waiting: int | None = None
    latencies: Sequence[tuple[int, float]] = ()
    """(shard, seconds) for each of this process's shards."""


class Metrics:
    """This process's metrics; one per bot (`GameBot.metrics`), when METRICS_PORT is set."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.readings = Readings()
        registry = self.registry
        self.moves = Counter(
            f"{PREFIX}moves",
            "Moves committed, by game kind and by how they were made.",
            ["kind", "how"],
            registry=registry,
        )
        self.move_seconds = Histogram(
            f"{PREFIX}move_seconds",
            "A move's time in the session service, from its call to its publication.",
            ["kind"],
            buckets=MOVE_BUCKETS,
            registry=registry,
        )
        self.commit_seconds = Histogram(
            f"{PREFIX}move_commit_seconds",
            "A move's database transaction, by database.",
            ["database"],
            buckets=COMMIT_BUCKETS,
            registry=registry,
        )
        self.discord_requests = Counter(
            f"{PREFIX}discord_requests",
            "HTTP requests to Discord's REST API, by outcome and by whether the global "
            "limit counts them.",
            ["outcome", "budget"],
            registry=registry,
        )
        self.failed_interactions = Counter(
            f"{PREFIX}failed_interactions",
            "Interactions the bot could not serve as asked, by reason.",
            ["reason"],
            registry=registry,
        )
        self.loop_lag = Histogram(
            f"{PREFIX}event_loop_lag_seconds",
            "How late the event loop ran a timer due every half second.",
            buckets=LAG_BUCKETS,
            registry=registry,
        )
        registry.register(_ReadingsCollector(self))
        ProcessCollector(registry=registry)

    # -- recorded as things happen ------------------------------------------------------

    @never_raises
    def moved(self, kind: str, how: str) -> None:
        self.moves.labels(kind, how).inc()

    @never_raises
    def move_took(self, kind: str, seconds: float) -> None:
        self.move_seconds.labels(kind).observe(seconds)

    @never_raises
    def committed(self, database: str, seconds: float) -> None:
        self.commit_seconds.labels(database).observe(seconds)

    @never_raises
    def failed(self, reason: str) -> None:
        self.failed_interactions.labels(reason).inc()

    @never_raises
    def answered(self, url: Any, status: int | None) -> None:
        """Discord answered a request with `status` (None: no answer came)."""
        path = str(url.path)
        if "/api/" not in path:  # the gateway's websocket, an attachment from the CDN
            return
        budget = "exempt" if any(part in path for part in EXEMPT) else "counted"
        self.discord_requests.labels(outcome(status), budget).inc()

    def discord_trace(self) -> aiohttp.TraceConfig:
        """What discord.py's HTTP session tells of each request (`Client(http_trace=)`):
        every attempt, the 429s it retries by itself included."""

        async def ended(_: Any, __: Any, params: aiohttp.TraceRequestEndParams) -> None:
            self.answered(params.url, params.response.status)

        async def failed(_: Any, __: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
            self.answered(params.url, None)

        trace = aiohttp.TraceConfig()
        trace.on_request_end.append(ended)
        trace.on_request_exception.append(failed)
        return trace

    @never_raises
    def lagged(self, seconds: float) -> None:
        self.loop_lag.observe(max(0.0, seconds))

    async def watch_loop(self, interval: float = LAG_INTERVAL) -> None:
        """Runs until cancelled: the lag of a timer due every `interval`, which is how
        long everything else waited for the loop (a long render or query on it)."""
        loop = asyncio.get_running_loop()
        while True:
            started = loop.time()
            await asyncio.sleep(interval)
            self.lagged(loop.time() - started - interval)


def outcome(status: int | None) -> str:
    """A Discord answer's outcome label; 429s apart from the other refusals."""
    if status is None:
        return "no_answer"
    if status == 429:
        return "rate_limited"
    if status >= 500:
        return "server_error"
    if status >= 400:
        return "client_error"
    return "ok"


class _ReadingsCollector(Collector):
    """The figures read at scrape time (`Metrics.readings`)."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Any]:
        try:
            yield from self._families(self.metrics.readings)
        except Exception:
            log.exception("metrics: reading the process failed")

    def _families(self, readings: Readings) -> Iterator[Any]:
        yield from _gauge(
            "games_in_memory", "Running games held in memory.", readings.games_in_memory
        )
        yield from _gauge("games_running", "Running games in the database.", readings.games_running)
        yield from _gauge(
            "lobbies_waiting",
            "Games waiting for players in the database.",
            readings.lobbies_waiting,
        )
        yield from _gauge(
            "discord_rest_budget_used_ratio",
            "Share of this process's REST budget taken in the last second.",
            readings.rest_used,
        )
        if readings.rest_waited is not None:
            yield CounterMetricFamily(
                f"{PREFIX}discord_rest_budget_waits",
                "Requests that waited for this process's REST budget.",
                value=readings.rest_waited,
            )
        latency = GaugeMetricFamily(
            f"{PREFIX}gateway_latency_seconds",
            "Time between a heartbeat and its acknowledgement, by shard.",
            labels=["shard"],
        )
        for shard, seconds in readings.latencies:
            if math.isfinite(seconds):  # infinite until the first heartbeat is answered
                latency.add_metric([str(shard)], seconds)
        yield latency
        if readings.thinking is not None:
            yield from _thinking(readings.thinking)


def _gauge(name: str, meaning: str, value: float | None) -> Iterator[GaugeMetricFamily]:
    if value is not None:
        yield GaugeMetricFamily(f"{PREFIX}{name}", meaning, value=value)


def _thinking(stats: ThinkingStats) -> Iterator[Any]:
    """The computer players' queue (bot/core/thinking.py), as it keeps it."""
    yield GaugeMetricFamily(
        f"{PREFIX}ai_decisions_waiting", "Hard decisions waiting for a worker.", stats.waiting
    )
    yield GaugeMetricFamily(
        f"{PREFIX}ai_decisions_running", "Hard decisions searching in a worker.", stats.running
    )
    yield GaugeMetricFamily(f"{PREFIX}ai_workers", "Worker processes for searches.", stats.workers)
    buckets = [
        (str(bound), count) for bound, count in zip(WAIT_BUCKETS, stats.wait_buckets, strict=True)
    ]
    yield HistogramMetricFamily(
        f"{PREFIX}ai_decision_wait_seconds",
        "How long a hard decision waited for a worker.",
        buckets=[*buckets, ("+Inf", stats.wait_count)],
        sum_value=stats.wait_sum,
    )
    decisions = CounterMetricFamily(
        f"{PREFIX}ai_decisions",
        "Computer players' decisions, by how they were made.",
        labels=["how"],
    )
    for how, count in sorted(stats.decisions.items()):
        decisions.add_metric([how.replace(" ", "_")], count)
    yield decisions
