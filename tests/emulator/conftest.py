"""Fixtures for the emulator's tests: the shared ones, and the tiny bot started and ready."""

from __future__ import annotations

import warnings

import pytest

from tests.fakediscord import BotProcess, FakeDiscord
from tests.fakediscord.fixtures import StartBot, bot_process, fake_discord, start_bot

__all__ = ["bot_process", "fake_discord", "start_bot", "tinybot", "tinybot_commands"]

TINYBOT = "tests.emulator.tinybot"


@pytest.fixture
async def tinybot(start_bot: StartBot) -> BotProcess:
    return await start_bot(TINYBOT)


@pytest.fixture
def tinybot_commands(fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tiny bot's commands synced to the guild without starting it: the same JSON its
    tree sends on sync, for tests of refusals that never reach a bot."""
    with warnings.catch_warnings():  # discord.py's voice module imports the deprecated audioop
        warnings.simplefilter("ignore", DeprecationWarning)
        from tests.emulator.tinybot import TinyBot

    monkeypatch.setenv("DATABASE_PATH", "unused")
    tree = TinyBot().tree
    fake_discord.commands.overwrite(
        fake_discord.guild_id, [c.to_dict(tree) for c in tree.get_commands()]
    )
