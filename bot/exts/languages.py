"""`/language`: a member's own language (a server's is `/settings language`:
bot/exts/settings.py). Which language goes where: bot/core/language.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import Refusal, reply
from bot.core.language import AUTO, language_options
from games.text import _
from lang import NAMES

if TYPE_CHECKING:
    from bot.client import GameBot


class LanguageCommands(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="language", description="The language I use for you alone")
    @app_commands.describe(language="A language, or auto: your Discord app's")
    @app_commands.choices(language=language_options("auto (your Discord app's language)"))
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        chosen = None if language == AUTO else language
        if chosen is not None and chosen not in NAMES:
            raise Refusal(_("I do not speak that language."))
        await self.bot.storage.set_user_language(interaction.user.id, chosen)
        if chosen is None:
            text = _(
                "From now on I write to you in your Discord app's language, when I speak it "
                "(English otherwise). Tables in channels stay in their game's language."
            )
        else:
            text = _(
                "From now on I write to you in {language}: your hands, turns and answers. "
                "Tables in channels stay in their game's language.",
                language=NAMES[chosen],
            )
        await reply(interaction, text)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(LanguageCommands(bot))
