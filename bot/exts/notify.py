"""`/notify`: how often a member's hand messages notify them (a push on their phone):
at every turn, only when they are away from the table (the default), or never. Which
new hand message notifies whom: bot/core/pushes.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import Refusal, reply
from bot.core.pushes import AWAY_MINUTES, DEFAULT, Notify
from games.text import _, _n

if TYPE_CHECKING:
    from bot.client import GameBot


class NotifyCommands(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="notify", description="When your turns notify you")
    @app_commands.describe(when="Every turn, only when you are away (default), or never")
    @app_commands.choices(
        when=[
            app_commands.Choice(name="every turn", value=Notify.EVERY.value),
            app_commands.Choice(name="only when I am away", value=Notify.AWAY.value),
            app_commands.Choice(name="never", value=Notify.NEVER.value),
        ]
    )
    async def notify(self, interaction: discord.Interaction[Any], when: str) -> None:
        try:
            chosen = Notify(when)
        except ValueError:
            raise Refusal(_("Choose every turn, only when you are away, or never.")) from None
        # The default is stored as no choice, so that a better default reaches everyone.
        await self.bot.storage.set_user_notify(
            interaction.user.id, None if chosen is DEFAULT else chosen.value
        )
        if chosen is Notify.EVERY:
            text = _("From now on I notify you at the start of every turn of yours.")
        elif chosen is Notify.NEVER:
            text = _(
                "From now on I never notify you of your turns: keep an eye on the table. "
                "(If I cannot send you direct messages, the channel still mentions you.)"
            )
        else:
            text = _n(
                "From now on I notify you when your turn starts and you have done nothing "
                "here for {count} minute, or when someone asks you for an answer; otherwise "
                "your hand arrives silently.",
                "From now on I notify you when your turn starts and you have done nothing "
                "here for {count} minutes, or when someone asks you for an answer; otherwise "
                "your hand arrives silently.",
                AWAY_MINUTES,
            )
        await reply(interaction, text)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(NotifyCommands(bot))
