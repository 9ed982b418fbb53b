"""Playing against the computer through the emulator, for the tests of several modules:
a bot whose computer players answer at once, a Grass lobby filled with computer seats,
and a person who makes the simplest move at each of their moments."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.table import control_ids
from tests.fakediscord.model import Message

FAST = {"AI_DELAY": "0.01", "GAME_SEED": "7"}


@pytest.fixture
async def ai_bot(start_bot):
    return await start_bot(env=FAST)


async def open_with_ais(emu: Any, host: Any, general: Any, levels: list[str], **options: Any):
    lobby = await (await host.slash(general, "grass start", **options)).message()
    for level in levels:
        await (await host.click(lobby, f"Add AI ({level})")).ack()
    await lobby.wait_until(lambda m: f"{1 + len(levels)} of 2 to 6" in m.text)
    return lobby


async def play_simply(player: Any, message: Message) -> None:
    """A person who passes the first card, discards the first card, declines offers."""
    for verb in ("pass", "discard"):
        for select in message.selects():
            if select.custom_id.split(":")[3] == verb:
                await (await player.select(message, select.custom_id, [select.values[0]])).ack()
                return
    for label in ("Decline", "Withdraw my offer"):
        if any(button.label == label for button in message.buttons()):
            await (await player.click(message, label)).ack()
            return
    raise AssertionError(f"no simple move in {control_ids(message)}")
