"""Commands that belong to no game: /ping."""

from __future__ import annotations

import math
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands


class General(commands.Cog):
    @app_commands.command(name="ping", description="Check that the bot is awake")
    async def ping(self, interaction: discord.Interaction[Any]) -> None:
        latency = interaction.client.latency
        figure = f" (gateway latency {latency * 1000:.0f} ms)" if math.isfinite(latency) else ""
        await interaction.response.send_message(f"Pong!{figure}", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(General())
