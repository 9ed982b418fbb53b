"""A slow game played through the emulator: a player discards on their next turn, found
in their DMs by the version its controls were drawn for (tests/bot/exts/test_slow_games.py,
test_away.py)."""

from __future__ import annotations

from typing import Any

from tests.bot.table import control_ids, find_menu
from tests.fakediscord.emulator import FakeDiscord


def newest_version(message: Any) -> int:
    versions = [int(i.split(":")[2]) for i in control_ids(message) if i.startswith(("g:", "s:"))]
    return max(versions, default=-1)


async def discard_any(emu: FakeDiscord, player: Any, after: int) -> int:
    """`player` discards the first card their hand message offers, on a turn drawn after
    version `after`; the version it was drawn for."""

    def ready() -> Any:
        for message in reversed(player.dm_messages()):
            if find_menu(message, "discard") and newest_version(message) > after:
                return message
        return None

    message = await emu.wait_for(ready, what=f"{player.name}'s turn after version {after}")
    menu = find_menu(message, "discard")
    select = next(s for s in message.selects() if s.custom_id == menu)
    await (await player.select(message, menu, [select.values[0]])).ack()
    return newest_version(message)
