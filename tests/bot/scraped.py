"""The bot's metrics read as Prometheus reads them: fetched over HTTP and parsed with
prometheus_client's own parser (tests/bot/core/test_metrics.py, and a whole game
through the emulator in tests/bot/test_metrics_of_a_game.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import aiohttp
from prometheus_client.metrics_core import Metric
from prometheus_client.parser import text_string_to_metric_families


async def get(address: str, path: str) -> tuple[int, str]:
    """The status and text of one request to the bot's server."""
    async with aiohttp.ClientSession() as client, client.get(address + path) as response:
        return response.status, await response.text()


@dataclass(frozen=True)
class Scraped:
    families: dict[str, Metric]
    """By family name (a counter's without its `_total`)."""

    def types(self) -> dict[str, str]:
        return {name: family.type for name, family in self.families.items()}

    def value(self, sample: str, **labels: str) -> float:
        """The one sample of that name with exactly these labels; 0 when there is none
        (a labelled counter appears once first counted)."""
        found = [
            s.value
            for family in self.families.values()
            for s in family.samples
            if s.name == sample and s.labels == labels
        ]
        assert len(found) <= 1, f"{sample} {labels}: {found}"
        return found[0] if found else 0.0

    def total(self, sample: str, **labels: str) -> float:
        """The sum of the samples of that name whose labels include these."""
        return sum(
            s.value
            for family in self.families.values()
            for s in family.samples
            if s.name == sample and labels.items() <= s.labels.items()
        )

    def labelled(self, sample: str) -> dict[tuple[tuple[str, str], ...], float]:
        """Every sample of that name, by its labels."""
        return {
            tuple(sorted(s.labels.items())): s.value
            for family in self.families.values()
            for s in family.samples
            if s.name == sample
        }


async def scrape(address: str) -> Scraped:
    status, text = await get(address, "/metrics")
    assert status == 200, text
    return Scraped({family.name: family for family in text_string_to_metric_families(text)})


def address_in_log(log: str) -> str:
    """Where a bot started with METRICS_PORT=0 serves (it writes the address it got)."""
    found = re.search(r"metrics and health checks on (http://\S+)", log)
    assert found is not None, "the bot did not say where it serves its metrics"
    return found.group(1)
