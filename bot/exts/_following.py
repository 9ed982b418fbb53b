"""Following a game one does not play (bot/core/followers.py): `/games` in a server lists
the running games there that the member may watch, with Follow a game…; the follower's
DM message has Unfollow. The controls' ids carry the game, so they work after a
restart."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.core.errors import Refusal, reply, report
from bot.core.followers import UNFOLLOW_TEMPLATE
from bot.core.language import private
from bot.core.storage import GameRow
from games.text import _

if TYPE_CHECKING:
    from bot.client import GameBot

FOLLOW_TEMPLATE = r"follow:0:s"
"""The menu of games to follow; its options' values are the games' ids."""
FOLLOW = _("Follow a game…")
MOST_LISTED = 25
"""Games offered to follow in one menu (Discord's limit of options)."""


async def watchable(bot: GameBot, interaction: discord.Interaction[Any]) -> list[GameRow]:
    """The running games of the asker's server that they may follow: in a channel they
    can see, and without a seat of theirs (their hand message shows those)."""
    guild = interaction.guild
    member = interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return []
    found = []
    for row in await bot.storage.running_here(guild.id):
        channel = guild.get_channel_or_thread(row.channel_id)
        if channel is None or not channel.permissions_for(member).view_channel:
            continue
        seats = await bot.storage.seats(row.id)
        if any(seat.user_id == member.id and not seat.left_game for seat in seats):
            continue
        found.append(row)
    return found


def follow_menu(rows: Sequence[GameRow], label: Any) -> FollowSelect:
    """The menu of `rows` to follow, each option named by `label(row)`."""
    options = [
        discord.SelectOption(label=label(row), value=str(row.id)) for row in rows[:MOST_LISTED]
    ]
    return FollowSelect(options)


class FollowSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=FOLLOW_TEMPLATE):
    def __init__(self, options: Sequence[discord.SelectOption] = ()) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id="follow:0:s",
                placeholder=FOLLOW,
                options=list(options) or [discord.SelectOption(label="?")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FollowSelect:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: GameBot = interaction.client
        try:
            values = self.item.values
            game = int(values[0]) if values and values[0].isdigit() else 0
            await interaction.response.defer(ephemeral=True, thinking=True)
            if game not in {row.id for row in await watchable(bot, interaction)}:
                raise Refusal(_("That game cannot be followed from here (any more)."))
            session = await bot.sessions.started(game)
            speech = await private(interaction)
            await bot.publisher.followers.follow(session, interaction.user.id, speech.language)
            words = _(
                "You follow {game} game {number}: its table is in your direct messages, "
                "kept up to date without notifications until the game ends or you unfollow.",
                game=session.record.words.title,
                number=session.id,
            )
            await reply(interaction, words)
        except Exception as error:
            await report(interaction, error)


class UnfollowButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=UNFOLLOW_TEMPLATE):
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"follow:{game}:u"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UnfollowButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: GameBot = interaction.client
        try:
            await bot.publisher.followers.unfollow(self.game, interaction.user.id)
            # The table it showed would go stale: the message says so instead.
            speech = await private(interaction)
            layout = discord.ui.LayoutView(timeout=None)
            words = _("You no longer follow game {number}.", number=self.game)
            layout.add_item(discord.ui.TextDisplay(speech(words)))
            await interaction.response.edit_message(attachments=[], view=layout)
        except Exception as error:
            await report(interaction, error)
