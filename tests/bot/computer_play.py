"""Playing against the computer through the emulator, for the tests of several modules:
a bot whose computer players answer at once, a Grass lobby filled with computer seats,
and a person who makes the simplest move at each of their moments (in Grass, in Gracias)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.table import control_ids, find_menu
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


async def play_first_choice(player: Any, message: Message) -> None:
    """Takes the first trio offered (menu or button), or makes the first split."""
    for verb in ("take", "split"):
        menu = find_menu(message, verb)
        if menu is not None:
            select = next(s for s in message.selects() if s.custom_id == menu)
            await (await player.select(message, menu, [select.values[0]])).ack()
            return
        for button in message.buttons():
            if (button.custom_id or "").split(":")[3:4] == [verb]:
                await (await player.click(message, button.custom_id)).ack()
                return
    raise AssertionError(f"no take or split control in {control_ids(message)}")
