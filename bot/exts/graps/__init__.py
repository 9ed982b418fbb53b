"""Graps on Discord: its record (`KIND`), the `/graps` commands (cog.py), words and
controls (ui.py, texts.py). Loaded as the extension `bot.exts.graps`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.kinds import GameKind
from bot.exts.graps.cog import GrapsCommands
from bot.exts.graps.ui import GrapsUI
from games.graps import Graps

if TYPE_CHECKING:
    from bot.client import GameBot

KIND = GameKind("graps", Graps, GrapsUI(), GrapsCommands, turn_minutes=2)


async def setup(bot: GameBot) -> None:
    await bot.add_game(KIND)
