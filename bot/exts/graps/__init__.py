"""Graps on Discord: its record (`KIND`), the `/graps` commands (cog.py), words and
controls (ui.py, texts.py). Loaded as the extension `bot.exts.graps`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.kinds import GameKind
from bot.exts.graps.cog import GrapsCommands
from bot.exts.graps.ui import GrapsUI
from games.graps import Graps
from games.graps.actions import Resign
from render.graps import board_image, player_board_image

if TYPE_CHECKING:
    from bot.client import GameBot

# Graps is for two: giving up a seat is resigning, and the opponent wins.
KIND = GameKind(
    "graps",
    "Graps",
    Graps,
    GrapsUI(),
    GrapsCommands,
    Resign,
    board_image,
    player_board_image,
    round_name="game",
    hand_command="board",
    hand_button="My board",
    leave_command="resign",
    hand_words="your board and controls stay in this channel",
    left_text="You resigned; your opponent wins.",
    rules_caption="The rules of Graps as this bot plays them (decision ids P1 to P9):",
    turn_minutes=2,
)


async def setup(bot: GameBot) -> None:
    await bot.add_game(KIND)
