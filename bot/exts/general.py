"""Commands that belong to no game: /ping."""

from __future__ import annotations

import math
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.language import private
from games.text import _


class General(commands.Cog):
    @app_commands.command(name="ping", description="Check that the bot is awake")
    async def ping(self, interaction: discord.Interaction[Any]) -> None:
        latency = interaction.client.latency
        if math.isfinite(latency):
            text = _(
                "Pong! (gateway latency {milliseconds} ms)", milliseconds=round(latency * 1000)
            )
        else:
            text = _("Pong!")
        speech = await private(interaction)
        await interaction.response.send_message(speech(text), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(General())
