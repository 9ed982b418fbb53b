"""`/settings`: a server's settings for games, for members who can manage the server.

/settings language   the language of new games (bot/core/language.py)
/settings season     seasons for the scoreboards (bot/core/seasons.py): monthly, a new
                     one started now, or none
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import Refusal, reply
from bot.core.language import AUTO, language_options, private
from bot.core.seasons import Seasons, season_name, season_of
from games.text import _
from lang import NAMES

if TYPE_CHECKING:
    from bot.client import GameBot

MONTHLY, NEW, OFF = "monthly", "new", "off"


def _may_manage(interaction: discord.Interaction[Any]) -> int:
    """The server's id, when the member may change its settings."""
    permissions = interaction.permissions
    if interaction.guild_id is None or not (permissions and permissions.manage_guild):
        raise Refusal(_("Only members who can manage this server change its settings."))
    return interaction.guild_id


class ServerSettings(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    settings = app_commands.Group(
        name="settings",
        description="This server's settings for games (Manage Server)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @settings.command(name="language", description="The language of new games in this server")
    @app_commands.describe(language="A language, or auto: each game's host's")
    @app_commands.choices(language=language_options("auto (each game's host's language)"))
    async def settings_language(self, interaction: discord.Interaction[Any], language: str) -> None:
        guild_id = _may_manage(interaction)
        chosen = None if language == AUTO else language
        if chosen is not None and chosen not in NAMES:
            raise Refusal(_("I do not speak that language."))
        await self.bot.storage.set_guild_language(guild_id, chosen)
        if chosen is None:
            text = _(
                "New games in this server now speak their host's language when I speak it "
                "(else the server's Discord language, else English); the host can switch it "
                "in the lobby. Games under way keep theirs."
            )
        else:
            text = _(
                "New games in this server are now in {language}, unless their host chooses "
                "another with the language option or in the lobby. Games under way keep "
                "theirs.",
                language=NAMES[chosen],
            )
        await reply(interaction, text)

    @settings.command(name="season", description="Seasons for this server's scoreboards")
    @app_commands.describe(season="A season every month, a new one from now, or none")
    @app_commands.choices(
        season=[
            app_commands.Choice(name="monthly", value=MONTHLY),
            app_commands.Choice(name="new season now", value=NEW),
            app_commands.Choice(name="off", value=OFF),
        ]
    )
    async def settings_season(self, interaction: discord.Interaction[Any], season: str) -> None:
        guild_id = _may_manage(interaction)
        language = (await private(interaction)).language
        now = time.time()
        if season == OFF:
            await self.bot.storage.set_guild_seasons(guild_id, None, None)
            text = _(
                "No more seasons: the scoreboards show all-time ratings. The games of past "
                "seasons still count all-time, and their seasons can still be looked up."
            )
        elif season in (MONTHLY, NEW):
            seasons = Seasons.MONTHLY if season == MONTHLY else Seasons.MANUAL
            await self.bot.storage.set_guild_seasons(guild_id, seasons, now)
            label = season_of(seasons, now, now)
            assert label is not None
            words = {"season": season_name(label, language)}
            if seasons == Seasons.MONTHLY:
                text = _(
                    "Seasons now last a calendar month; this one is {season}. Each player's "
                    "first rating of a season starts from their all-time rating, less "
                    "certain. The scoreboards show the season; all-time on request.",
                    **words,
                )
            else:
                text = _(
                    "A new season started now ({season}), until you start the next one. Each "
                    "player's first rating of a season starts from their all-time rating, "
                    "less certain. The scoreboards show the season; all-time on request.",
                    **words,
                )
        else:
            raise Refusal(_("Choose monthly, a new season now, or off."))
        await reply(interaction, text)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(ServerSettings(bot))
