"""`/notify`: how often a member's hand messages notify them (a push on their phone):
at every turn, only when they are away from the table (the default), or never; and
quiet hours in their own time zone, in which every turn message comes silently. Which
new hand message notifies whom: bot/core/pushes.py."""

from __future__ import annotations

import zoneinfo
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import Refusal, reply
from bot.core.pushes import AWAY_MINUTES, DEFAULT, Notify
from bot.core.storage import QuietHours
from games.text import Text, _, _n, joined

if TYPE_CHECKING:
    from bot.client import GameBot

HOURS = [app_commands.Choice(name=f"{hour:02}:00", value=hour * 60) for hour in range(24)]
"""The hours quiet hours start and end on, as minutes after midnight."""
COMMON_ZONES = (
    "UTC",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
    "Europe/Rome",
    "Europe/Madrid",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Sao_Paulo",
    "Asia/Kolkata",
    "Asia/Shanghai",
    "Asia/Tokyo",
    "Australia/Sydney",
)
"""What the time zone's list offers before anything is typed."""


def zone_choices(typed: str) -> list[app_commands.Choice[str]]:
    """The time zones whose name holds what was typed ("paris": Europe/Paris), 25 at
    most, the shortest names first; the common ones when nothing was typed."""
    words = typed.strip().lower().replace(" ", "_")
    if not words:
        names = list(COMMON_ZONES)
    else:
        found = [zone for zone in zoneinfo.available_timezones() if words in zone.lower()]
        names = sorted(found, key=lambda zone: (len(zone), zone))
    return [app_commands.Choice(name=name, value=name) for name in names[:25]]


class NotifyCommands(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="notify", description="When your turns notify you")
    @app_commands.describe(
        when="Every turn, only when you are away (default), or never",
        quiet_from="Quiet hours: from this hour your turns come silently",
        quiet_until="Quiet hours: until this hour (the same as from: no quiet hours)",
        time_zone="Your time zone, for the quiet hours",
    )
    @app_commands.choices(
        when=[
            app_commands.Choice(name="every turn", value=Notify.EVERY.value),
            app_commands.Choice(name="only when I am away", value=Notify.AWAY.value),
            app_commands.Choice(name="never", value=Notify.NEVER.value),
        ]
    )
    @app_commands.choices(quiet_from=HOURS, quiet_until=HOURS)
    async def notify(
        self,
        interaction: discord.Interaction[Any],
        when: str | None = None,
        quiet_from: int | None = None,
        quiet_until: int | None = None,
        time_zone: str | None = None,
    ) -> None:
        user = interaction.user.id
        storage = self.bot.storage
        # Everything is checked before anything is stored: a refusal changes nothing.
        chosen = None if when is None else notify_choice(when)
        quiet = await storage.user_quiet(user)
        change, hours = quiet_hours(quiet, quiet_from, quiet_until, time_zone)
        if chosen is not None:
            # The default is stored as no choice, so that a better default reaches everyone.
            stored = None if chosen is DEFAULT else chosen.value
            await storage.set_user_notify(user, stored)
        if change:
            await storage.set_user_quiet(user, hours)
        said: list[Text] = []
        if chosen is not None:
            said.append(choice_words(chosen))
        if change:
            said.append(quiet_words(hours))
        if not said:  # nothing chosen: what they chose before
            now = await self.bot.publisher.pushes.setting(user)
            said = [_("Your turns notify you: {how}.", how=NOTIFY_WORDS[now]), quiet_words(quiet)]
        await reply(interaction, joined(" ", said))

    @notify.autocomplete("time_zone")
    async def time_zones(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return zone_choices(typed)


def notify_choice(when: str) -> Notify:
    try:
        return Notify(when)
    except ValueError:
        raise Refusal(_("Choose every turn, only when you are away, or never.")) from None


def quiet_hours(
    stored: QuietHours | None, start: int | None, end: int | None, zone: str | None
) -> tuple[bool, QuietHours | None]:
    """Whether to store quiet hours, and which (None: none); `Refusal` for a choice
    that cannot be kept."""
    if zone is not None and zone not in zoneinfo.available_timezones():
        raise Refusal(
            _(
                "I do not know the time zone {zone}: pick one from the list (for example "
                "Europe/Paris).",
                zone=zone,
            )
        )
    if (start is None) != (end is None):
        raise Refusal(_("Quiet hours need both a start and an end."))
    for hour in (start, end):
        if hour is not None and hour not in {choice.value for choice in HOURS}:
            raise Refusal(_("Quiet hours start and end on the hour: pick one from the list."))
    if start is None or end is None:
        if zone is None:
            return False, None
        if stored is None:
            raise Refusal(_("Choose your quiet hours with the time zone: from and until."))
        return True, QuietHours(stored.start, stored.end, zone)
    if start == end:
        return True, None
    zone = zone or (stored.time_zone if stored is not None else None)
    if zone is None:
        raise Refusal(_("Choose your time zone too, so that I know when your night is."))
    return True, QuietHours(start, end, zone)


NOTIFY_WORDS = {
    Notify.EVERY: _("at every turn"),
    Notify.AWAY: _("when you are away"),
    Notify.NEVER: _("never"),
}


def choice_words(chosen: Notify) -> Text:
    if chosen is Notify.EVERY:
        return _("From now on I notify you at the start of every turn of yours.")
    if chosen is Notify.NEVER:
        return _(
            "From now on I never notify you of your turns: keep an eye on the table. "
            "(If I cannot send you direct messages, the channel still mentions you.)"
        )
    return _n(
        "From now on I notify you when your turn starts and you have done nothing "
        "here for {count} minute, or when someone asks you for an answer; otherwise "
        "your hand arrives silently.",
        "From now on I notify you when your turn starts and you have done nothing "
        "here for {count} minutes, or when someone asks you for an answer; otherwise "
        "your hand arrives silently.",
        AWAY_MINUTES,
    )


def quiet_words(quiet: QuietHours | None) -> Text:
    if quiet is None:
        return _("No quiet hours.")
    return _(
        "Quiet hours: from {start} until {end} ({zone}), your turns come silently.",
        start=f"{quiet.start // 60:02}:{quiet.start % 60:02}",
        end=f"{quiet.end // 60:02}:{quiet.end % 60:02}",
        zone=quiet.time_zone,
    )


async def setup(bot: GameBot) -> None:
    await bot.add_cog(NotifyCommands(bot))
