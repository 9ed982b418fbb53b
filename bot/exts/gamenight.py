"""`/gamenight`: game nights on Discord's scheduled events (bot/core/gamenights.py judges,
stores and opens them; here is their Discord side).

/gamenight plan     a game at a time (YYYY-MM-DD HH:MM in the member's /notify time
                    zone, UTC when none; suggested: the next evenings), in a voice
                    channel or here: a scheduled event members mark as interested
/gamenight list     the server's coming game nights, with a link to each event
/gamenight cancel   a coming night and its event (its host, or a member who manages
                    events or the server)

A sweep each clock minute opens the nights whose time came (the event set ACTIVE, the
interested called to their tables) and ends those whose games are over (COMPLETED).
An event deleted or cancelled in Discord cancels its night (the gateway's scheduled
event dispatches, else found at its time)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import Refusal, reply
from bot.core.gamenights import (
    NOTE_MOST,
    TIME_FORMAT,
    Allowed,
    EventDraft,
    GameNights,
    Plan,
    judge_allowed,
    night_name,
    parse_time,
    proposals,
    zone_named,
)
from bot.core.language import channel_mention, mention, moment, moment_from_now, private, public
from bot.core.lobby_messages import drawn
from bot.core.screen import Lobby
from bot.core.storage.gamenights import NightRow
from bot.core.sweeper import Sweeper
from bot.core.tables import Member
from bot.exts._lobby import member_name
from games.text import Text, _, joined

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
"""A scheduled event's statuses, as Discord numbers them."""
VOICE, EXTERNAL = 2, 3
"""Its kinds: in a voice channel, or somewhere else (here: a text channel)."""
GUILD_ONLY = 2
FINISHED_EVENT = 180000
"""Discord's error code for a change to an event already over or cancelled."""


def event_link(guild_id: int, event_id: int | None) -> str:
    return f"https://discord.com/events/{guild_id}/{event_id}"


def iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat()


class DiscordNights:
    """The game nights' Discord side (`NightSide`): scheduled events through the REST
    API, and the messages calling members to their tables."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def create(self, guild_id: int, draft: EventDraft) -> int:
        fields: dict[str, Any] = {
            "name": draft.name,
            "description": draft.description,
            "scheduled_start_time": iso(draft.starts),
            "privacy_level": GUILD_ONLY,
        }
        if draft.voice_channel_id is not None:
            fields.update(entity_type=VOICE, channel_id=str(draft.voice_channel_id))
        else:
            assert draft.ends is not None and draft.location is not None
            fields.update(
                entity_type=EXTERNAL,
                scheduled_end_time=iso(draft.ends),
                entity_metadata={"location": draft.location},
            )
        try:
            made = await self.bot.http.create_guild_scheduled_event(guild_id, **fields)
        except discord.Forbidden:
            raise Refusal(
                _(
                    "The bot cannot make events on this server: the server must give it the "
                    "Manage Events permission (Server Settings, Roles)."
                )
            ) from None
        return int(made["id"])

    async def _status(self, night: NightRow, status: int) -> bool:
        """The event set to `status`; False when it is gone or over."""
        if night.event_id is None:
            return False
        try:
            await self.bot.http.edit_scheduled_event(night.guild_id, night.event_id, status=status)
        except discord.NotFound:
            return False
        except discord.Forbidden:
            # Manage Events was taken from the bot since: the night goes on all the same,
            # its event left as it stands.
            log.warning("game night %s: the bot may not change its event", night.id)
            return True
        except discord.HTTPException as error:
            if error.code == FINISHED_EVENT:
                return False
            raise
        return True

    async def start(self, night: NightRow) -> bool:
        return await self._status(night, ACTIVE)

    async def end(self, night: NightRow) -> None:
        await self._status(night, COMPLETED)

    async def cancel(self, night: NightRow) -> None:
        await self._status(night, CANCELED)

    async def interested(self, night: NightRow) -> list[Member]:
        found: list[Member] = []
        after: int | None = None
        while night.event_id is not None:
            page = await self.bot.http.get_scheduled_event_users(
                night.guild_id, night.event_id, limit=100, with_member=True, after=after
            )
            entry: Any
            for entry in page:
                user = entry["user"]
                if user.get("bot"):
                    continue
                nick = (entry.get("member") or {}).get("nick")
                name = nick or user.get("global_name") or user["username"]
                found.append(Member(int(user["id"]), str(name)))
            if len(page) < 100:
                break
            after = int(page[-1]["user"]["id"])
        return found

    async def call(self, night: NightRow, words: str, pinged: Sequence[int], thread: str) -> int:
        channel = self.bot.get_partial_messageable(night.channel_id, guild_id=night.guild_id)
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(user) for user in pinged]
        )
        message = await channel.send(words, allowed_mentions=mentions)
        if not thread:
            return night.channel_id
        # Closed after a day without messages, as a game's thread (THREAD_ARCHIVE_MINUTES).
        made = await self.bot.http.start_thread_with_message(
            night.channel_id, message.id, name=thread, auto_archive_duration=1440
        )
        return int(made["id"])

    async def post(self, night: NightRow, channel_id: int, lobby: Lobby) -> int:
        kind = (
            discord.ChannelType.text
            if channel_id == night.channel_id
            else discord.ChannelType.public_thread
        )
        channel = self.bot.get_partial_messageable(channel_id, guild_id=night.guild_id, type=kind)
        fields = {key: value for key, value in drawn(lobby).items() if value is not None}
        sent = await channel.send(**fields)
        return int(sent.id)


class GameNightCommands(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.nights = GameNights(
            bot.lobbies, DiscordNights(bot), bot.kinds, bot.settings.timer_minute
        )
        self._sweeper = Sweeper(
            "game night",
            lambda: self.nights.sweep(self.bot.serves),
            lambda: bot.settings.timer_minute,
        )

    async def cog_load(self) -> None:
        self._sweeper.start(self.bot.wait_until_ready)

    async def cog_unload(self) -> None:
        await self._sweeper.stop()

    gamenight = app_commands.Group(
        name="gamenight",
        description="Game nights: a game planned as a server event",
        guild_only=True,
    )

    @gamenight.command(name="plan", description="Plan a game night: a server event, then its lobby")
    @app_commands.describe(
        game="The game to play",
        time="When: YYYY-MM-DD HH:MM in your time zone (from /notify; else UTC)",
        voice="A voice channel to meet in (else the event is in this channel)",
        note="A few words for the event's description",
    )
    async def plan(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        time: str,
        voice: discord.VoiceChannel | None = None,
        note: app_commands.Range[str, 1, NOTE_MOST] | None = None,
    ) -> None:
        guild_id, channel = interaction.guild_id, interaction.channel
        if guild_id is None or channel is None:
            raise Refusal(_("Game nights are planned in a server channel."))
        if isinstance(channel, discord.Thread) and channel.parent is not None:
            raise Refusal(_("Plan the game night in a channel, not in a thread."))
        record = self.nights.record(game)
        if record is None:
            raise Refusal(_("That is not one of the bot's games; choose one from the list."))
        member, bot = interaction.permissions, interaction.app_permissions
        allowed = Allowed(
            member_manages_events=member.manage_events,
            member_manages_server=member.manage_guild,
            bot_manages_events=bot.manage_events or bot.create_events,
        )
        judge_allowed(allowed)  # before the time: who may not plan is told so first
        zone = await self.bot.storage.member_time_zone(interaction.user.id)
        nights = self.nights
        starts = parse_time(time, zone, nights.clock())
        assert self.bot.languages is not None
        language = await self.bot.languages.for_new_game(interaction)
        plan = Plan(
            record=record,
            guild_id=guild_id,
            channel_id=channel.id,
            channel_name=await self._name_of(channel),
            host=Member(interaction.user.id, member_name(interaction)),
            starts=starts,
            language=language,
            voice_channel_id=voice.id if voice is not None else None,
            note=note,
        )
        night = await nights.plan(plan, allowed)
        where = channel_mention(voice.id) if voice is not None else channel_mention(channel.id)
        text = _(
            "**{night}** on {when} ({from_now}) in {where}, planned by {host}. Mark yourself as "
            "interested in the event to be called to a table when it starts: {link}",
            night=night_name(record, language),
            when=moment(night.starts),
            from_now=moment_from_now(night.starts),
            where=where,
            host=mention(interaction.user.id),
            link=event_link(guild_id, night.event_id),
        )
        await interaction.response.send_message(
            public(language)(text), allowed_mentions=discord.AllowedMentions.none()
        )

    async def _name_of(self, channel: Any) -> str:
        """A channel's name ("games"): as cached, else asked of Discord."""
        name = getattr(channel, "name", None)
        if not name:
            name = getattr(await self.bot.fetch_channel(channel.id), "name", None)
        return str(name or channel.id)

    @plan.autocomplete("game")
    async def games(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        typed = typed.strip().lower()
        return [
            app_commands.Choice(name=kind.words.title, value=kind.name)
            for kind in self.bot.kinds.values()
            if typed in kind.name or typed in kind.words.title.lower()
        ][:25]

    @plan.autocomplete("time")
    async def times(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        speech = await private(interaction)
        zone = await self.bot.storage.member_time_zone(interaction.user.id)
        offered = [
            app_commands.Choice(name=speech.plain(words), value=value)
            for words, value in proposals(zone, self.nights.clock())
        ]
        typed = typed.strip()
        if typed and typed not in [c.value for c in offered]:
            offered.insert(0, app_commands.Choice(name=typed[:100], value=typed[:100]))
        return offered[:25]

    @gamenight.command(name="list", description="This server's coming game nights")
    async def listing(self, interaction: discord.Interaction[Any]) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal(_("Game nights are planned in a server channel."))
        language = (await private(interaction)).language
        lines: list[Text] = []
        for night in await self.nights.coming(guild_id):
            record = self.nights.record(night.kind)
            if record is None:
                continue
            lines.append(
                _(
                    "**{night}**: {when} ({from_now}) in {channel}, hosted by {host}: {link}",
                    night=night_name(record, language),
                    when=Text.verbatim("<t:{time}:F>", time=int(night.starts)),
                    from_now=moment_from_now(night.starts),
                    channel=channel_mention(night.voice_channel_id or night.channel_id),
                    host=mention(night.host_id),
                    link=event_link(guild_id, night.event_id),
                )
            )
        if not lines:
            await reply(interaction, _("No game night is planned on this server yet."))
            return
        await reply(interaction, joined("\n", lines))

    @gamenight.command(name="cancel", description="Cancel a coming game night and its event")
    @app_commands.describe(night="The game night to cancel")
    async def cancel(self, interaction: discord.Interaction[Any], night: str) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal(_("Game nights are planned in a server channel."))
        try:
            night_id = int(night)
        except ValueError:
            raise Refusal(_("Choose a game night from the list.")) from None
        member = interaction.permissions
        manager = member.manage_events or member.manage_guild
        cancelled = await self.nights.cancel(night_id, guild_id, interaction.user.id, manager)
        record = self.nights.record(cancelled.kind)
        language = (await private(interaction)).language
        name = night_name(record, language) if record is not None else cancelled.kind
        await reply(
            interaction,
            _(
                "The {night} of {when} is cancelled, and its event with it.",
                night=name,
                when=moment(cancelled.starts),
            ),
        )

    @cancel.autocomplete("night")
    async def coming(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        speech = await private(interaction)
        where = zone_named(await self.bot.storage.member_time_zone(interaction.user.id))
        offered = []
        for night in await self.nights.coming(interaction.guild_id):
            record = self.nights.record(night.kind)
            if record is None:
                continue
            when = datetime.fromtimestamp(night.starts, where).strftime(TIME_FORMAT)
            label = f"{night_name(record, speech.language)}, {when} ({where.key})"
            if typed.strip().lower() in label.lower():
                offered.append(app_commands.Choice(name=label[:100], value=str(night.id)))
        return offered[:25]

    @commands.Cog.listener()
    async def on_scheduled_event_delete(self, event: discord.ScheduledEvent) -> None:
        await self.nights.event_gone(event.id)

    @commands.Cog.listener()
    async def on_scheduled_event_update(
        self, before: discord.ScheduledEvent, after: discord.ScheduledEvent
    ) -> None:
        if after.status == discord.EventStatus.cancelled:
            await self.nights.event_gone(after.id)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(GameNightCommands(bot))
