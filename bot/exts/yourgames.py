"""`/games`: the caller's running games on every server, those where it is their turn
first (the nearest deadline first), each with who is awaited, the time left and a link
to its table. Private, and in a DM too: a player of slow games over days asks it to
find where they are awaited. In a server, also the games there the caller may watch,
with a link to each table and a menu to follow one (bot/exts/_following.py)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import reply
from bot.core.followers import table_address
from bot.core.kinds import GameKind
from bot.core.language import slash
from bot.core.storage import GameRow
from bot.exts._following import FollowSelect, UnfollowButton, follow_menu, watchable
from games.text import Duration, Listed, Text, _, _n, joined, literal

if TYPE_CHECKING:
    from bot.client import GameBot

MOST_SHOWN = 15
"""Games listed in one answer (each line about 150 characters, of Discord's 2,000)."""
MOST_OTHERS_SHOWN = 3
"""Games to follow listed with their links under them; the menu offers up to 25."""


@dataclass(frozen=True, slots=True)
class Playing:
    """One of the caller's games, as `/games` lists it."""

    row: GameRow
    kind: GameKind
    yours: bool
    """It is the caller's turn (or moment: a pass, an offer to answer)."""
    deadline: float | None
    awaiting: tuple[str, ...]

    def order(self) -> tuple[bool, float, int]:
        """Their turns first, the nearest deadline first; then the oldest game first."""
        return (not self.yours, self.deadline or float("inf"), self.row.id)


class YourGames(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="games", description="Your running games: where it is your turn, links to tables"
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        playing = []
        for row in await self.bot.storage.games_playing(interaction.user.id):
            found = await self._playing(row, interaction.user.id)
            if found is not None:
                playing.append(found)
        playing.sort(key=Playing.order)
        answer = self._answer(playing)
        others = [row for row in await watchable(self.bot, interaction) if self._kind(row)]
        if not others:
            await reply(interaction, answer)
            return
        lines = [answer, "", _("**Games on this server you can follow:**")]
        lines += [self._followed_line(row) for row in others[:MOST_OTHERS_SHOWN]]
        if len(others) > MOST_OTHERS_SHOWN:
            more = len(others) - MOST_OTHERS_SHOWN
            lines.append(_n("…and {count} more.", "…and {count} more.", more))
        view = discord.ui.View(timeout=None)
        view.add_item(follow_menu(others, self._option))
        await reply(interaction, joined("\n", lines), view=view)

    def _kind(self, row: GameRow) -> GameKind | None:
        """The game's kind; None for a kind this bot no longer hosts."""
        return self.bot.kinds.get(row.kind)

    def _followed_line(self, row: GameRow) -> Text:
        kind = self._kind(row)
        assert kind is not None  # `games` lists the kinds hosted only
        awaiting = tuple(kind.engine.from_json(row.state).awaiting) if row.state else ()
        return _(
            "- **{game} game {number}** in {place}: waiting for {players}. "
            "[Go to the table]({link})",
            game=kind.words.title,
            number=row.id,
            place=self._place(row, here=True),
            players=Listed(awaiting),
            link=literal(table_address(row, row.table_message_id)),
        )

    def _option(self, row: GameRow) -> Text:
        kind = self._kind(row)
        assert kind is not None
        return _(
            "{game} game {number} in {place}",
            game=kind.words.title,
            number=row.id,
            place=self._place(row, here=True),
        )

    async def _playing(self, row: GameRow, user_id: int) -> Playing | None:
        kind = self._kind(row)
        if kind is None or row.state is None:
            return None  # a kind this bot no longer hosts
        seat = next((s for s in await self.bot.storage.seats(row.id) if s.user_id == user_id), None)
        if seat is None:
            return None
        # Read from the stored state, not a session: another process may hold the game.
        awaiting = tuple(kind.engine.from_json(row.state).awaiting)
        return Playing(row, kind, seat.name in awaiting, seat.deadline, awaiting)

    def _answer(self, playing: list[Playing]) -> Text:
        if not playing:
            return _(
                "You are not playing in any game right now. Start one in a server "
                "channel with {commands}.",
                commands=Listed((slash(f"{name} start") for name in self.bot.kinds), "or"),
            )
        yours = sum(1 for game in playing if game.yours)
        if yours:
            head = _n(
                "It is your turn in {count} game:",
                "It is your turn in {count} games:",
                yours,
            )
        else:
            head = _("It is not your turn in any of your games:")
        lines = [head]
        lines += [self._line(game) for game in playing[:MOST_SHOWN]]
        if len(playing) > MOST_SHOWN:
            more = len(playing) - MOST_SHOWN
            lines.append(_n("…and {count} more.", "…and {count} more.", more))
        return joined("\n", lines)

    def _line(self, game: Playing) -> Text:
        row = game.row
        place = self._place(row)
        if not game.yours:
            state = _("waiting for {players}", players=Listed(game.awaiting))
        elif game.deadline is None:
            state = _("**your turn**")
        else:
            # On the bot's clock (`Settings.timer_minute` seconds a minute).
            left = round((game.deadline - time.time()) * 60 / self.bot.settings.timer_minute)
            if left > 0:
                state = _("**your turn**, {time} left", time=Duration(left))
            else:
                state = _("**your turn**, your time is up")
        return _(
            "- **{game}** in {place}: {state}. [Go to the table]({link})",
            game=game.kind.words.title,
            place=place,
            state=state,
            link=literal(table_address(row, row.table_message_id)),
        )

    def _place(self, row: GameRow, here: bool = False) -> Text:
        """Where the game is played: its channel, and its server unless `here`."""
        channel = self.bot.get_channel(row.channel_id)
        name = getattr(channel, "name", None)
        guild = self.bot.get_guild(row.guild_id)
        if name is None:
            return _("a channel")
        if guild is None or here:
            return _("#{channel}", channel=name)
        return _("#{channel} on {server}", channel=name, server=guild.name)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(YourGames(bot))
    bot.add_dynamic_items(FollowSelect, UnfollowButton)
