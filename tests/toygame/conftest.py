"""End-to-end fixtures for the toy game kind: the emulator and a bot process started
through tests/toygame/launch.py, so that it hosts tic-tac-toe beside the real games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.registry import registered
from tests.fakediscord.fixtures import StartBot, bot_process, fake_discord, start_bot  # noqa: F401
from tests.fakediscord.process import BotProcess
from tests.toygame import ENTRY


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    """The toy kind in the registry (games/registry.py) for the length of a test, as
    launch.py registers it for the bot it starts."""
    with registered(ENTRY):
        yield


@pytest.fixture
async def toy_bot(start_bot: StartBot) -> BotProcess:  # noqa: F811
    return await start_bot("tests.toygame.launch")
