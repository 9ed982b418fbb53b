"""pytest fixtures for end-to-end tests. Import them in a conftest.py next to your tests:

    from tests.fakediscord.fixtures import bot_process, fake_discord, start_bot  # noqa: F401

- fake_discord: a started FakeDiscord, stopped after the test; in a test marked
  `activities` (`pytestmark = pytest.mark.activities`), its application has Activities
  enabled (`FakeDiscord(activities=True)`).
- start_bot: `await start_bot(module="bot", **BotProcess options)` starts a bot process against
  fake_discord (temp DATABASE_PATH, log file in tmp_path), ready; all are stopped after the test.
- bot_process: the project's bot (`python -m bot`), started and ready.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.process import BotProcess

StartBot = Callable[..., Awaitable[BotProcess]]


@pytest.fixture
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    activities = request.node.get_closest_marker("activities") is not None
    async with FakeDiscord(activities=activities) as emu:
        yield emu


@pytest.fixture
async def start_bot(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[StartBot]:
    started: list[BotProcess] = []

    async def start(module: str = "bot", *, wait: bool = True, **options: Any) -> BotProcess:
        n = len(started)
        options.setdefault("database_path", tmp_path / f"bot{n}.sqlite3")
        options.setdefault("log_path", tmp_path / f"bot{n}.log")
        proc = BotProcess(fake_discord, module=module, **options)
        started.append(proc)
        await proc.start(wait=wait)
        return proc

    yield start
    for proc in started:
        await proc.stop()


@pytest.fixture
async def bot_process(start_bot: StartBot) -> BotProcess:
    return await start_bot("bot")
