"""The Grafana dashboard of docs/deploy, against the bot's own metrics: every metric its
queries read is one the bot serves (built here from bot/core/metrics.py, every figure
given a value), with labels it has, and the JSON is a dashboard Grafana imports (panels
with queries, on a Prometheus data source chosen at import)."""

from __future__ import annotations

import json
import re
from typing import Any

import yarl

from bot.core.metrics import Metrics, Readings
from bot.core.thinking import ThinkingStats
from tests.deploy.files import ROOT

DASHBOARD = ROOT / "docs" / "deploy" / "grafana-dashboard.json"
PROMQL = {
    "sum", "max", "min", "avg", "count", "by", "without", "rate", "irate", "increase",
    "histogram_quantile", "clamp_min", "clamp_max", "topk", "bottomk", "and", "or", "unless",
}  # fmt: skip
"""The functions, aggregations and keywords the queries may use; any other name is a metric."""
ANY_SERIES = {"instance", "job", "le"}
"""Labels Prometheus adds to every series, and the histogram buckets' bound."""


def served() -> dict[str, set[str]]:
    """Every sample name this bot's registry serves, with its labels, once each figure has
    a value (a labelled counter has no sample until counted)."""
    metrics = Metrics()
    metrics.moved("graps", "clicked")
    metrics.move_took("graps", 0.02)
    metrics.committed("sqlite", 0.001)
    metrics.failed("error")
    metrics.answered(yarl.URL("https://discord.com/api/v10/channels/1/messages"), 429)
    metrics.lagged(0.01)
    thinking = ThinkingStats(waiting=1, running=1, workers=2, wait_count=1, wait_sum=0.1)
    thinking.decisions["hard"] += 1
    metrics.readings = Readings(
        thinking=thinking, rest_used=0.5, rest_waited=1, games_in_memory=1,
        games_running=1, lobbies_waiting=1, latencies=((0, 0.05),),
    )  # fmt: skip
    names: dict[str, set[str]] = {}
    for family in metrics.registry.collect():
        for sample in family.samples:
            names.setdefault(sample.name, set()).update(sample.labels)
    return names


def queries(dashboard: dict[str, Any]) -> list[str]:
    return [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]


def read(expr: str) -> tuple[set[str], set[str]]:
    """The metric names an expression reads and the label names it uses."""
    labels = set(re.findall(r"(\w+)\s*(?:=~|!=|!~|=)\s*\"", expr))
    for grouping in re.findall(r"\b(?:by|without)\s*\(([^)]*)\)", expr):
        labels.update(name.strip() for name in grouping.split(",") if name.strip())
    bare = re.sub(r"\{[^}]*\}|\[[^\]]*\]|\b(?:by|without)\s*\([^)]*\)|\"[^\"]*\"", " ", expr)
    names = {word for word in re.findall(r"[A-Za-z_:][\w:]*", bare) if word not in PROMQL}
    return names, labels


def problems(dashboard: dict[str, Any], serving: dict[str, set[str]]) -> list[str]:
    found = []
    for expr in queries(dashboard):
        names, labels = read(expr)
        for name in sorted(names - serving.keys()):
            found.append(f"{name} is not served by the bot ({expr})")
        known = set().union(*(serving.get(name, set()) for name in names))
        for label in sorted(labels - known - ANY_SERIES):
            found.append(f"no metric of {expr} has the label {label}")
    return found


def test_every_query_reads_metrics_and_labels_the_bot_serves():
    dashboard = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    serving = served()
    assert problems(dashboard, serving) == []
    read_names = set().union(*(read(expr)[0] for expr in queries(dashboard)))
    # The busy evening's questions (docs/operations.md): each one answered by a panel.
    for needed in (
        "grassbot_moves_total",
        "grassbot_move_seconds_bucket",
        "grassbot_discord_rest_budget_used_ratio",
        "grassbot_discord_requests_total",
        "grassbot_event_loop_lag_seconds_bucket",
        "grassbot_ai_decisions_waiting",
        "grassbot_ai_decision_wait_seconds_bucket",
        "grassbot_move_commit_seconds_bucket",
        "grassbot_games_running",
        "grassbot_lobbies_waiting",
        "grassbot_failed_interactions_total",
        "grassbot_gateway_latency_seconds",
    ):
        assert needed in read_names, needed


def test_a_misnamed_metric_or_label_is_found():
    serving = served()
    misnamed = 'rate(grassbot_move_total{how="typed"}[5m])'
    mislabelled = "sum by (game) (rate(grassbot_moves_total[5m]))"
    wrong = {"panels": [{"targets": [{"expr": misnamed}, {"expr": mislabelled}]}]}
    assert problems(wrong, serving) == [
        f"grassbot_move_total is not served by the bot ({misnamed})",
        f"no metric of {misnamed} has the label how",
        f"no metric of {mislabelled} has the label game",
    ]


def test_it_imports_as_a_dashboard_on_a_chosen_prometheus():
    dashboard = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    assert dashboard["title"] and dashboard["uid"] and dashboard["schemaVersion"] >= 36
    (variable,) = [v for v in dashboard["templating"]["list"] if v["type"] == "datasource"]
    assert variable["query"] == "prometheus"
    source = {"type": "prometheus", "uid": "${" + variable["name"] + "}"}
    ids = [panel["id"] for panel in dashboard["panels"]]
    assert len(ids) == len(set(ids)) >= 9
    for panel in dashboard["panels"]:
        assert panel["type"] in {"timeseries", "stat", "gauge", "bargauge"}
        assert panel["datasource"] == source and panel["title"]
        assert set(panel["gridPos"]) == {"x", "y", "w", "h"}
        assert panel["gridPos"]["x"] + panel["gridPos"]["w"] <= 24
        refs = [target["refId"] for target in panel["targets"]]
        assert refs and len(refs) == len(set(refs))
        for target in panel["targets"]:
            assert target["datasource"] == source and target["expr"]
