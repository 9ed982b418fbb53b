"""`/tournament`: a server's championship of one game (bot/core/tournaments.py).

/tournament create     game, rounds, pace per turn, sign-ups' length, table size
/tournament join       sign up (or Join on the sign-up message)
/tournament leave      before the start: no longer signed up; after: dropped
/tournament start      the host (or Manage Server) closes sign-ups now
/tournament cancel     the host (or Manage Server) calls it off
/tournament standings  the standings so far, in words and as a picture

The sign-up message's buttons carry the tournament's id, so they work after a restart.
This module is also the tournament's `Desk`: its messages in the channel, each board's
thread and first message.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import Refusal, reply, report
from bot.core.language import public, within
from bot.core.limits import SLOW_PACES
from bot.core.lobby_messages import drawn
from bot.core.screen import Lobby
from bot.core.storage.tournaments import TournamentRow
from bot.core.tables import Member
from bot.core.tournament_words import Notice
from bot.core.tournaments import MOST_ROUNDS, Plan
from bot.exts._lobby import THREAD_NAME, member_name
from games.text import _, _p

if TYPE_CHECKING:
    from bot.client import GameBot

JOIN_TEMPLATE = r"tourney:(?P<tournament>[0-9]{1,19}):(?P<verb>join|leave)"
MESSAGE_LIMIT = 2000
PACES = [
    app_commands.Choice(name="3 minutes (live)", value=3),
    app_commands.Choice(name="10 minutes (live)", value=10),
    app_commands.Choice(name="1 hour", value=SLOW_PACES[0]),
    app_commands.Choice(name="12 hours", value=12 * 60),
    app_commands.Choice(name="1 day", value=24 * 60),
    app_commands.Choice(name="2 days", value=2 * 24 * 60),
    app_commands.Choice(name="3 days", value=3 * 24 * 60),
    app_commands.Choice(name="1 week", value=7 * 24 * 60),
]
SIGNUPS = [
    app_commands.Choice(name="15 minutes", value=15),
    app_commands.Choice(name="1 hour", value=60),
    app_commands.Choice(name="1 day", value=24 * 60),
    app_commands.Choice(name="3 days", value=3 * 24 * 60),
    app_commands.Choice(name="1 week", value=7 * 24 * 60),
]


def _manages(interaction: discord.Interaction[Any]) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)


def _member(interaction: discord.Interaction[Any]) -> Member:
    return Member(interaction.user.id, member_name(interaction))


class SignupButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=JOIN_TEMPLATE):
    """Join or Leave on a tournament's sign-up message."""

    def __init__(self, tournament: int, verb: str) -> None:
        label = _p("button", "Join") if verb == "join" else _p("button", "Leave")
        style = discord.ButtonStyle.success if verb == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(custom_id=f"tourney:{tournament}:{verb}", label=label, style=style)
        )
        self.tournament, self.verb = tournament, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignupButton:
        return cls(int(match["tournament"]), match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: GameBot = interaction.client
        try:
            service = bot.tournaments
            if self.verb == "join":
                words = await service.join(self.tournament, _member(interaction))
            else:
                words = await service.leave(self.tournament, _member(interaction))
            await reply(interaction, words)
        except Exception as error:
            await report(interaction, error)


class DiscordDesk:
    """The tournament's messages in its channel (bot/core/tournaments.py `Desk`)."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def _channel(self, tournament: TournamentRow, channel_id: int | None = None) -> Any:
        return self.bot.get_partial_messageable(
            channel_id or tournament.channel_id, guild_id=tournament.guild_id
        )

    async def show(self, tournament: TournamentRow, notice: Notice, edit: int | None) -> int:
        speech = public(tournament.language)
        content = within(speech(notice.words), MESSAGE_LIMIT)
        view = None
        if notice.signup:
            view = discord.ui.View(timeout=None)
            view.add_item(SignupButton(tournament.id, "join"))
            view.add_item(SignupButton(tournament.id, "leave"))
            speech.view(view)
        files = []
        if notice.standings is not None:
            from render.scoreboard import board_image

            alt = notice.standings.title
            file = await self.bot.publisher.render(
                board_image, notice.standings, "standings.png", alt, speech.language
            )
            if file is not None:
                files.append(file)
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(user) for user in notice.pinged]
        )
        channel = self._channel(tournament)
        if edit is not None:
            message = channel.get_partial_message(edit)
            await message.edit(content=content, view=view, allowed_mentions=mentions)
            return edit
        sent = await channel.send(
            content, view=view or discord.utils.MISSING, files=files, allowed_mentions=mentions
        )
        return int(sent.id)

    async def open_thread(self, tournament: TournamentRow, name: str) -> int:
        speech = public(tournament.language)
        title = speech.plain(name)[:THREAD_NAME]
        data = await self.bot.http.start_thread_without_message(
            tournament.channel_id,
            name=title,
            auto_archive_duration=1440,
            type=discord.ChannelType.public_thread.value,
            reason=None,
        )
        return int(data["id"])

    async def post_table(self, thread_id: int, lobby: Lobby) -> int:
        fields = {key: value for key, value in drawn(lobby).items() if value is not None}
        channel = self.bot.get_partial_messageable(
            thread_id, guild_id=lobby.row.guild_id, type=discord.ChannelType.public_thread
        )
        sent = await channel.send(**fields)
        return int(sent.id)


class TournamentCommands(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        service = self.bot.tournaments
        service.desk = DiscordDesk(self.bot)
        service.serves = self.bot.serves
        await service.start_sweeping(self.bot.wait_until_ready)

    async def cog_unload(self) -> None:
        await self.bot.tournaments.stop()

    tournament = app_commands.Group(
        name="tournament", description="A tournament of this server", guild_only=True
    )

    async def _game_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=kind.words.title, value=kind.name)
            for kind in self.bot.kinds.values()
            if kind.computer_players and typed.lower() in kind.words.title.lower()
        ][:25]

    @tournament.command(name="create", description="Hold a tournament in this channel")
    @app_commands.describe(
        game="The game played",
        rounds="How many rounds",
        pace="Time for each turn in its games",
        signup="How long sign-ups stay open before the first round",
        table_size="Players per table (games of three or more; 4 if not given)",
    )
    @app_commands.choices(pace=PACES, signup=SIGNUPS)
    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        rounds: app_commands.Range[int, 1, MOST_ROUNDS],
        pace: int,
        signup: int,
        table_size: app_commands.Range[int, 2, 6] | None = None,
    ) -> None:
        record = self.bot.lobbies.known(game)
        if record is None:
            raise Refusal(_("That is not one of my games; choose one from the list."))
        if interaction.guild_id is None or interaction.channel_id is None:
            raise Refusal(_("Tournaments are held in a server channel."))
        if isinstance(interaction.channel, discord.Thread):
            raise Refusal(
                _(
                    "A tournament's games are played in threads, so it is held in a channel, "
                    "not in a thread."
                )
            )
        if pace not in {choice.value for choice in PACES}:
            raise Refusal(_("That is not one of the paces; choose one from the list."))
        assert self.bot.languages is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        plan = Plan(
            interaction.guild_id,
            interaction.channel_id,
            _member(interaction),
            record,
            rounds,
            pace,
            signup,
            await self.bot.languages.for_new_game(interaction, None),
            table_size,
        )
        await self.bot.tournaments.create(plan)
        await reply(
            interaction,
            _(
                "Your {game} tournament is open for sign-ups in this channel; you are its "
                "first player.",
                game=record.words.title,
            ),
        )

    create.autocomplete("game")(_game_choices)

    @tournament.command(name="join", description="Sign up for this channel's tournament")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        here = await self.bot.tournaments.here(interaction.channel_id or 0)
        await reply(interaction, await self.bot.tournaments.join(here.id, _member(interaction)))

    @tournament.command(name="leave", description="Leave this channel's tournament")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        here = await self.bot.tournaments.here(interaction.channel_id or 0)
        await reply(interaction, await self.bot.tournaments.leave(here.id, _member(interaction)))

    @tournament.command(name="start", description="Close sign-ups and open the first round now")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        service = self.bot.tournaments
        here = await service.here(interaction.channel_id or 0)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await service.start(here.id, interaction.user.id, _manages(interaction))
        await reply(interaction, _("The tournament has started: round 1 is open."))

    @tournament.command(name="cancel", description="Call off this channel's tournament")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        service = self.bot.tournaments
        here = await service.here(interaction.channel_id or 0)
        await service.cancel(here.id, interaction.user.id, _manages(interaction))
        await reply(
            interaction,
            _("The tournament is called off: no more rounds. Games under way play on."),
        )

    @tournament.command(name="standings", description="This channel's tournament standings")
    async def standings(self, interaction: discord.Interaction[Any]) -> None:
        service = self.bot.tournaments
        here = await service.latest(interaction.channel_id or 0)
        notice = await service.standings(here)
        speech = public(here.language)
        from render.scoreboard import board_image

        files = []
        if notice.standings is not None:
            file = await self.bot.publisher.render(
                board_image,
                notice.standings,
                "standings.png",
                notice.standings.title,
                speech.language,
            )
            if file is not None:
                files.append(file)
        await interaction.response.send_message(
            within(speech(notice.words), MESSAGE_LIMIT),
            files=files,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: GameBot) -> None:
    bot.add_dynamic_items(SignupButton)
    await bot.add_cog(TournamentCommands(bot))
