"""`/toy ...`: the toy game's slash command group. The shared commands (hand, leave,
kick, abandon, scores, scoreboard, rules, export) come from `GameCommands`; this adds
`start` (an open lobby: Join, then the host's Start) and the move typed as a command,
`/toy mark cell:b2`."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.exts import _commands as shared
from bot.exts._lobby import open_lobby
from tests.toygame.engine import CELLS, Mark, parse_cell


class ToyCommands(
    shared.GameCommands, group_name="toy", group_description="Play tic-tac-toe (a test game)"
):
    @app_commands.command(name="start", description="Open a tic-tac-toe table; you play X")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await open_lobby(self.bot, interaction, self.kind, {})

    @app_commands.command(name="mark", description="Mark a free cell with your X or O")
    @app_commands.describe(cell="The cell: a1 to c3 (column a-c, row 1-3)")
    @app_commands.choices(cell=[app_commands.Choice(name=cell, value=cell) for cell in CELLS])
    async def mark(self, interaction: discord.Interaction[Any], cell: str) -> None:
        await shared.act(
            self.bot,
            interaction,
            self.kind,
            lambda hand: Mark(hand.name, parse_cell(cell)),
            f"You marked {cell}.",
        )
