"""`/gracias ...` slash commands: declarations only.

Every command body is a call into the shared machinery (bot/commands.py, the lobby,
the session service); the words and controls live in bot/gracias/ui.py and texts.py.
A turn is played with the hand message's menus (C5), not with typed commands.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import commands as shared
from bot.gracias.texts import rules_text
from bot.gracias.ui import GraciasUI
from bot.lobby import open_lobby

if TYPE_CHECKING:
    from bot.client import GameBot

KIND = "gracias"


class GraciasCog(commands.GroupCog, group_name="gracias", group_description="Play Gracias"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start", description="Open a Gracias table in this channel")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await open_lobby(self.bot, interaction, KIND, {})

    @app_commands.command(name="hand", description="Your hidden cards and reserve, privately")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await shared.show_hand(self.bot, interaction, KIND)

    @app_commands.command(name="leave", description="Give up your seat in this game")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await shared.act(
            self.bot,
            interaction,
            KIND,
            lambda session, name: {"leave": True},
            "You left the game; your reserve and hidden cards left the round.",
        )

    @app_commands.command(name="abandon", description="End this channel's game, no result")
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        await shared.abandon(self.bot, interaction, KIND)

    @app_commands.command(name="scores", description="The current game's round scores")
    async def scores(self, interaction: discord.Interaction[Any]) -> None:
        await shared.show_scores(self.bot, interaction, KIND, GraciasUI.score_sheet)

    @app_commands.command(name="scoreboard", description="This server's Gracias standings")
    @app_commands.describe(player="Show one player's own figures")
    async def scoreboard(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        await shared.scoreboard(self.bot, interaction, KIND, player)

    @app_commands.command(name="rules", description="The rules of Gracias as this bot plays them")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            "The rules of Gracias as this bot plays them (decision ids C1 to C8):",
            file=discord.File(io.BytesIO(rules_text().encode()), filename="gracias-rules.md"),
            ephemeral=True,
        )

    @app_commands.command(name="export", description="This game's replay file")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await shared.export(self.bot, interaction, KIND)


async def setup(bot: commands.Bot) -> None:
    from bot.client import GameBot

    assert isinstance(bot, GameBot)
    bot.register_game(GraciasUI())
    await bot.add_cog(GraciasCog(bot))
