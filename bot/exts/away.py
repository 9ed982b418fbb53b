"""`/away`: a member's vacations, during which their clocks in slow games stand still
(bot/core/absences.py judges and keeps them; bot/core/turns.py stops the clocks).

`/away until:` (and `from:` for a later start) plans one, `/away end:True` ends the one
under way or cancels the next (with `from:`, the one on that day), `/away` alone lists
them with what is left of the year's allowance. Dates are typed as YYYY-MM-DD, which
the autocomplete offers in words, in the member's language and time zone. Works in a
server and in the bot's DM alike: it is the member's own."""

from __future__ import annotations

import contextlib
import datetime as dt
from typing import TYPE_CHECKING, Any

import discord
from babel.dates import format_skeleton
from discord import app_commands
from discord.ext import commands

from bot.core.absences import Absences, Outlook, last_day, local_day
from bot.core.errors import reply
from bot.core.language import Speech, private, slash
from bot.core.limits import VACATION_DAYS
from bot.core.storage.absences import Absence
from bot.core.table_lines import day_words
from games.text import Text, _, _n, joined, literal

if TYPE_CHECKING:
    from bot.client import GameBot

OFFERED_DAYS = 25
"""Days the autocomplete offers (Discord shows 25 choices at most)."""


class AwayCommands(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @property
    def absences(self) -> Absences:
        turns = self.bot.turns
        return Absences(self.bot.storage, turns.clock, turns.vacations_changed)

    @app_commands.command(
        name="away", description="Your vacations: your clocks in slow games stand still"
    )
    @app_commands.rename(first="from")
    @app_commands.describe(
        first="Your vacation's first day (YYYY-MM-DD; today when left out)",
        until="Your vacation's last day (YYYY-MM-DD)",
        end="End your vacation now, or cancel the next one (with from: the one on that day)",
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def away(
        self,
        interaction: discord.Interaction[Any],
        first: str | None = None,
        until: str | None = None,
        end: bool = False,
    ) -> None:
        user = interaction.user.id
        speech = await private(interaction)
        absences = self.absences
        if end:
            ended, ends = await absences.end(user, first)
            outlook = await absences.outlook(user)
            said = ended_words(ended, ends, outlook, speech.language)
        elif first is None and until is None:
            said = outlook_words(await absences.outlook(user), speech.language)
        else:
            planned = await absences.plan(user, first, until)
            outlook = await absences.outlook(user)
            said = planned_words(planned, outlook, speech.language)
        await reply(interaction, said)

    @away.autocomplete("first")
    async def first_days(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._days(interaction, typed, None)

    @away.autocomplete("until")
    async def last_days(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        namespace = interaction.namespace
        chosen = getattr(namespace, "from", None) or getattr(namespace, "first", None)
        return await self._days(interaction, typed, chosen if isinstance(chosen, str) else None)

    async def _days(
        self, interaction: discord.Interaction[Any], typed: str, after: str | None
    ) -> list[app_commands.Choice[str]]:
        speech = await private(interaction)
        absences = self.absences
        zone = await absences.zone(interaction.user.id)
        today = local_day(absences.clock.time(), zone)
        return day_choices(typed, today, after, speech)


def day_choices(
    typed: str, today: dt.date, after: str | None, speech: Speech
) -> list[app_commands.Choice[str]]:
    """The coming days (from `after`'s day when it is a date), "Fri, Dec 4, 2026" for
    the value 2026-12-04, those holding what was typed; a whole date typed is offered
    alone."""
    first = today
    with contextlib.suppress(ValueError):
        first = max(today, dt.date.fromisoformat(after)) if after else today
    days = [first + dt.timedelta(days=n) for n in range(OFFERED_DAYS * 2)]
    words = typed.strip().casefold()
    try:
        exact = dt.date.fromisoformat(typed.strip())
    except ValueError:
        exact = None
    if exact is not None:
        days = [exact]
    named = [(day, day_name(day, today, speech)) for day in days]
    if words and exact is None:
        named = [(d, name) for d, name in named if words in f"{d.isoformat()} {name}".casefold()]
    return [
        app_commands.Choice(name=name[:100], value=day.isoformat())
        for day, name in named[:OFFERED_DAYS]
    ]


def day_name(day: dt.date, today: dt.date, speech: Speech) -> str:
    """A day in the member's words: "Fri, Dec 4, 2026", today's and tomorrow's said so."""
    shown = format_skeleton("yMMMEd", day, locale=speech.language)
    if day == today:
        return str(speech.plain(_("{day} (today)", day=literal(shown))))
    if day == today + dt.timedelta(days=1):
        return str(speech.plain(_("{day} (tomorrow)", day=literal(shown))))
    return shown


def _span_words(absence: Absence, outlook: Outlook, language: str) -> Text:
    zone = outlook.zone
    last = literal(day_words(last_day(absence.ends, zone), language))
    if absence.starts <= outlook.now:
        return _("now until {last}", last=last)
    first = literal(day_words(local_day(absence.starts, zone), language))
    return _("from {first} until {last}", first=first, last=last)


def _left_words(outlook: Outlook) -> Text:
    return _n(
        "{count} day of vacation is left of {year}'s {most}.",
        "{count} days of vacation are left of {year}'s {most}.",
        outlook.days_left,
        year=outlook.year,
        most=VACATION_DAYS,
    )


def outlook_words(outlook: Outlook, language: str) -> Text:
    """`/away` alone: the vacations under way or planned, and the allowance left."""
    if not outlook.vacations:
        return joined(
            " ",
            [
                _(
                    "You have no vacation planned. {away} plans one: your clocks in slow "
                    "games stand still while you are away.",
                    away=slash("away", "until"),
                ),
                _left_words(outlook),
            ],
        )
    lines = [_("Your vacations (in your time zone, {zone}):", zone=literal(str(outlook.zone)))]
    lines += [
        Text.verbatim("- {span}", span=_span_words(a, outlook, language)) for a in outlook.vacations
    ]
    lines.append(_left_words(outlook))
    lines.append(_("{end} ends the one under way or cancels the next.", end=slash("away", "end")))
    return joined("\n", lines)


def planned_words(planned: Absence, outlook: Outlook, language: str) -> Text:
    return joined(
        " ",
        [
            _(
                "You are away {span} ({zone}): your clocks in slow games stand still "
                "meanwhile, and run on afterwards from where they stood.",
                span=_span_words(planned, outlook, language),
                zone=literal(str(outlook.zone)),
            ),
            _left_words(outlook),
        ],
    )


def ended_words(ended: Absence, ends: float, outlook: Outlook, language: str) -> Text:
    if ends > ended.starts:
        said = _("Welcome back: your vacation is over, and your clocks in slow games run again.")
    else:
        zone = outlook.zone
        said = _(
            "Your vacation from {first} until {last} is cancelled.",
            first=literal(day_words(local_day(ended.starts, zone), language)),
            last=literal(day_words(last_day(ended.ends, zone), language)),
        )
    return joined(" ", [said, _left_words(outlook)])


async def setup(bot: GameBot) -> None:
    await bot.add_cog(AwayCommands(bot))
