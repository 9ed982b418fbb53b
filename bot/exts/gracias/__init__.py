"""Gracias on Discord: its record (`KIND`), the `/gracias` commands (cog.py), words and
controls (ui.py, texts.py). Loaded as the extension `bot.exts.gracias`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.kinds import GameKind
from bot.exts.gracias.cog import GraciasCommands
from bot.exts.gracias.ui import GraciasUI
from games.gracias import Gracias

if TYPE_CHECKING:
    from bot.client import GameBot

KIND = GameKind("gracias", Gracias, GraciasUI(), GraciasCommands, turn_minutes=3)


async def setup(bot: GameBot) -> None:
    await bot.add_game(KIND)
