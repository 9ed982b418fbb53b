"""Grass on Discord: its record (`KIND`), the `/grass` commands (cog.py), words and
controls (ui.py, texts.py). Loaded as the extension `bot.exts.grass`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.kinds import GameKind
from bot.exts.grass.cog import GrassCommands
from bot.exts.grass.ui import GrassUI
from games.grass import Grass

if TYPE_CHECKING:
    from bot.client import GameBot

KIND = GameKind("grass", Grass, GrassUI(), GrassCommands, turn_minutes=3)


async def setup(bot: GameBot) -> None:
    await bot.add_game(KIND)
