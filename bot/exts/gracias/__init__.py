"""Gracias on Discord: its record (`KIND`), the `/gracias` commands (cog.py), words and
controls (ui.py, texts.py). Loaded as the extension `bot.exts.gracias`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.kinds import GameKind
from bot.exts.gracias.cog import GraciasCommands
from bot.exts.gracias.ui import GraciasUI
from games.gracias import Gracias
from games.gracias.actions import Leave
from render.gracias import hidden_image, round_score_image, table_image

if TYPE_CHECKING:
    from bot.client import GameBot

KIND = GameKind(
    "gracias",
    "Gracias",
    Gracias,
    GraciasUI(),
    GraciasCommands,
    Leave,
    table_image,
    hidden_image,
    round_score_image,
    left_text="You left the game; your reserve and hidden cards left the round.",
    rules_caption="The rules of Gracias as this bot plays them (decision ids C1 to C8):",
    turn_minutes=3,
)


async def setup(bot: GameBot) -> None:
    await bot.add_game(KIND)
