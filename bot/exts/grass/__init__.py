"""Grass on Discord: its record (`KIND`), the `/grass` commands (cog.py), words and
controls (ui.py, texts.py). Loaded as the extension `bot.exts.grass`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.kinds import GameKind
from bot.exts.grass.cog import GrassCommands
from bot.exts.grass.ui import GrassUI
from games.grass import Grass
from games.grass.actions import Leave
from render.grass import hand_image, score_sheet_image, table_image

if TYPE_CHECKING:
    from bot.client import GameBot

KIND = GameKind(
    "grass",
    "Grass",
    Grass,
    GrassUI(),
    GrassCommands,
    Leave,
    table_image,
    hand_image,
    score_sheet_image,
    round_name="hand",
    money=True,
    left_text="You left the game; your cards go to the discard pile.",
    rules_caption="The rules of Grass as this bot plays them (decision ids G1 to G21):",
    turn_minutes=3,
)


async def setup(bot: GameBot) -> None:
    await bot.add_game(KIND)
