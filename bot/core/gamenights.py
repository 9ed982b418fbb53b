"""Game nights (`/gamenight`): a game planned for an evening, as a Discord scheduled event
members see in the server's Events tab and mark as interested; at its time the bot opens
the lobby in the channel, mentioning those members, and when the last of its games ends
the event is over.

The service takes ids, names and plain values; the Discord side (the scheduled event,
the messages that call members to their table) is the small `NightSide` protocol its
extension gives it (bot/exts/gamenight.py), so the rules here are tested in process with
real storage and a fake of it. Lobbies are opened by the lobbies service, as
`/<game> start` opens them: the same caps, seats and controls.

More members interested than one table seats: several tables, each in a thread of its
own started from the message that calls its members, as even as the game allows
(`table_sizes`). The night's host hosts the first table; each other table's first
member hosts theirs (a lobby's host sits at it, and starts it).

A night moves on only by a conditional change of its stored status (`move_night`), so
one process alone opens, ends or cancels it, before or after a restart. A sweep each
clock minute opens the nights whose time has come and ends those whose games are all
over (finished, abandoned, or a lobby closed without starting)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.core.errors import Refusal
from bot.core.kinds import GameKind
from bot.core.language import mention, public
from bot.core.lobbies import Lobbies
from bot.core.openings import Opening
from bot.core.pairing import table_sizes
from bot.core.screen import Lobby
from bot.core.storage import Status
from bot.core.storage.gamenights import NightRow, NightStatus
from bot.core.tables import Member
from games.text import Listed, Text, _, _n

log = logging.getLogger(__name__)

TIME_FORMAT = "%Y-%m-%d %H:%M"
"""How a night's time is typed: "2026-12-04 20:00", in the member's time zone."""
MOST_DAYS_AHEAD = 92
"""A night is planned at most about three months ahead."""
EVENING_HOUR = 20
"""The hour the time's suggestions propose."""
EVENT_HOURS = 3
"""An event held in a text channel ends this long after its start (Discord asks for an
end); the night itself lasts as long as its games."""
EMPTY_NIGHT_MINUTES = 10
"""A night opened without any game (its lobbies were refused, or the process stopped
while opening it) ends this many clock minutes after its time."""
NOTE_MOST = 500
"""Characters of a night's note (Discord takes 1,000 in an event's description)."""
DONE = frozenset({Status.FINISHED, Status.ABANDONED})


@dataclass(frozen=True)
class Allowed:
    """What Discord lets the member and the bot do on the server."""

    member_manages_events: bool
    member_manages_server: bool
    bot_manages_events: bool


@dataclass(frozen=True)
class Plan:
    """What `/gamenight plan` asks for."""

    record: GameKind
    guild_id: int
    channel_id: int
    channel_name: str
    host: Member
    starts: float
    language: str
    voice_channel_id: int | None = None
    note: str | None = None


@dataclass(frozen=True)
class EventDraft:
    """The scheduled event as Discord is asked to make it: in a voice channel, or
    elsewhere (`location`, with an end)."""

    name: str
    description: str
    starts: float
    ends: float | None
    voice_channel_id: int | None
    location: str | None


class NightSide(Protocol):
    """The Discord side of game nights (bot/exts/gamenight.py)."""

    async def create(self, guild_id: int, draft: EventDraft) -> int:
        """The scheduled event made; its id."""

    async def start(self, night: NightRow) -> bool:
        """The event set ACTIVE; False when it is gone or was cancelled in Discord."""

    async def end(self, night: NightRow) -> None:
        """The event set COMPLETED (nothing when it is gone)."""

    async def cancel(self, night: NightRow) -> None:
        """The event set CANCELED (nothing when it is gone)."""

    async def interested(self, night: NightRow) -> list[Member]:
        """The members marked as interested in the event (bots left out)."""

    async def call(self, night: NightRow, words: str, pinged: Sequence[int], thread: str) -> int:
        """`words` sent in the night's channel, notifying the `pinged` members and nobody
        else; with a `thread` name, a thread started from that message, whose id is
        returned (else the channel's)."""

    async def post(self, night: NightRow, channel_id: int, lobby: Lobby) -> int:
        """A table's lobby sent in `channel_id` (the night's channel or a table's
        thread); its message id."""


def judge_allowed(allowed: Allowed) -> None:
    """`Refusal` saying what is missing when the member or the bot may not make events."""
    if not (allowed.member_manages_events or allowed.member_manages_server):
        raise Refusal(
            _(
                "Planning a game night takes the Manage Events permission (or Manage "
                "Server): ask someone who has it."
            )
        )
    if not allowed.bot_manages_events:
        raise Refusal(
            _(
                "The bot cannot make events on this server: the server must give it the "
                "Manage Events permission (Server Settings, Roles)."
            )
        )


def night_name(record: GameKind, language: str | None) -> str:
    """The event's name: "Grass night"."""
    return public(language).plain(_("{game} night", game=record.words.title))


def zone_named(zone: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def parse_time(typed: str, zone: str | None, now: float) -> float:
    """The moment `typed` ("2026-12-04 20:00") names in the member's time zone (UTC
    when they chose none); `Refusal` for anything else, a past time, or one too far
    ahead."""
    where = zone_named(zone)
    try:
        local = datetime.strptime(typed.strip(), TIME_FORMAT)
    except ValueError:
        example = datetime.fromtimestamp(now, where) + timedelta(days=1)
        raise Refusal(
            _(
                "Write the time as {example}: the date, then the hour and minutes, in "
                "your time zone ({zone}).",
                example=example.replace(hour=EVENING_HOUR, minute=0).strftime(TIME_FORMAT),
                zone=where.key,
            )
        ) from None
    when = local.replace(tzinfo=where).timestamp()
    if when <= now + 60:
        raise Refusal(_("That time has passed: choose one still to come."))
    if when > now + MOST_DAYS_AHEAD * 24 * 3600:
        raise Refusal(
            _n(
                "A game night is planned at most {count} day ahead.",
                "A game night is planned at most {count} days ahead.",
                MOST_DAYS_AHEAD,
            )
        )
    return when


def proposals(zone: str | None, now: float) -> list[tuple[Text, str]]:
    """The times the `time` option suggests, in words and as typed: this evening if it
    is still to come, tomorrow evening, and the coming Friday's and Saturday's."""
    where = zone_named(zone)
    today = datetime.fromtimestamp(now, where).replace(
        hour=EVENING_HOUR, minute=0, second=0, microsecond=0
    )
    found: list[tuple[Text, str]] = []
    for days in range(8):
        day = today + timedelta(days=days)
        if day.timestamp() <= now + 60:
            continue
        hour = day.strftime("%H:%M")
        if days == 0:
            words = _("This evening, {time}", time=hour)
        elif days == 1:
            words = _("Tomorrow, {time}", time=hour)
        elif day.weekday() == 4:
            words = _("Friday, {time}", time=hour)
        elif day.weekday() == 5:
            words = _("Saturday, {time}", time=hour)
        else:
            continue
        found.append(
            (
                Text.verbatim("{words} ({day})", words=words, day=day.strftime(TIME_FORMAT)),
                day.strftime(TIME_FORMAT),
            )
        )
    return found


def seating(people: Sequence[Member], record: GameKind) -> list[list[Member]]:
    """The tables of a night: everyone at one while one seats them (or too few for the
    game are interested), else as few tables as the game's most players allow, as even
    as they can be; those no full table can take wait at one more, for whoever comes."""
    engine = record.engine
    if len(people) <= engine.max_players or len(people) < engine.min_players:
        return [list(people)]
    seated = len(people)
    while True:  # a two-player game with an odd crowd: the last one waits at a table
        try:
            sizes = table_sizes(seated, engine.max_players, engine.min_players, engine.max_players)
            break
        except ValueError:
            seated -= 1
    if seated < len(people):
        sizes.append(len(people) - seated)
    tables, rest = [], list(people)
    for size in sizes:
        tables.append(rest[:size])
        rest = rest[size:]
    return tables


class GameNights:
    """Every game night of the bot (one per bot, built by its extension)."""

    def __init__(
        self,
        lobbies: Lobbies,
        side: NightSide,
        kinds: dict[str, GameKind],
        minute: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.lobbies = lobbies
        self.storage = lobbies.storage
        self.side = side
        self.kinds = kinds
        self.minute = minute
        """Seconds in a clock minute (`Settings.timer_minute`)."""
        self.clock = clock

    def record(self, kind: str) -> GameKind | None:
        """The game kind of that name, if this bot has it."""
        return self.lobbies.known(kind)

    # -- planning ----------------------------------------------------------------------

    async def plan(self, plan: Plan, allowed: Allowed) -> NightRow:
        """The night planned and its scheduled event made; `Refusal` saying what is
        missing: the member's permission, the bot's, or a time still to come."""
        judge_allowed(allowed)
        now = self.clock()
        if plan.starts <= now + 60:
            raise Refusal(_("That time has passed: choose one still to come."))
        record = plan.record
        speech = public(plan.language)
        place = "#" + plan.channel_name
        how = _(
            "{game} at the table of the bot: at this time the lobby opens in {channel}; "
            "click Join there to take a seat.",
            game=record.words.title,
            channel=place,
        )
        description = speech.plain(how)
        if plan.note:
            description = plan.note.strip()[:NOTE_MOST] + "\n\n" + description
        voice = plan.voice_channel_id
        draft = EventDraft(
            name=night_name(record, plan.language),
            description=description,
            starts=plan.starts,
            ends=None if voice is not None else plan.starts + EVENT_HOURS * 3600,
            voice_channel_id=voice,
            location=None if voice is not None else place[:100],
        )
        event_id = await self.side.create(plan.guild_id, draft)
        night_id = await self.storage.add_night(
            plan.guild_id,
            plan.channel_id,
            record.name,
            plan.host.id,
            plan.host.name,
            event_id,
            plan.starts,
            voice,
            plan.note,
            plan.language,
        )
        night = await self.storage.night(night_id)
        assert night is not None
        return night

    async def coming(self, guild_id: int) -> list[NightRow]:
        """The server's nights still to come, soonest first."""
        return await self.storage.nights(NightStatus.SCHEDULED, guild_id)

    async def cancel(self, night_id: int, guild_id: int, member_id: int, manager: bool) -> NightRow:
        """The night cancelled, and its event; by its host or a member who manages
        events or the server. `Refusal` otherwise, or when it is not to come any more."""
        night = await self.storage.night(night_id)
        if night is None or night.guild_id != guild_id:
            raise Refusal(_("There is no such game night on this server."))
        if night.host_id != member_id and not manager:
            raise Refusal(
                _("Only the game night's host, or a member who may manage events, can cancel it.")
            )
        if night.status == NightStatus.OPEN:
            raise Refusal(_("That game night has begun: its games are being played."))
        if not await self.storage.move_night(
            night.id, NightStatus.SCHEDULED, NightStatus.CANCELLED
        ):
            raise Refusal(_("That game night is over or was cancelled already."))
        await self.side.cancel(night)
        return night

    async def event_gone(self, event_id: int) -> None:
        """The night's event was deleted or cancelled in Discord: a night still to come
        is cancelled with it."""
        night = await self.storage.night_of_event(event_id)
        if night is not None and await self.storage.move_night(
            night.id, NightStatus.SCHEDULED, NightStatus.CANCELLED
        ):
            log.info("game night %s: its event was cancelled in Discord", night.id)

    # -- the sweep ---------------------------------------------------------------------

    async def sweep(self, serves: Callable[[int], bool]) -> None:
        """The nights of this process's servers whose time came, opened; those whose
        games are all over, ended."""
        now = self.clock()
        for night in await self.storage.due_nights(now):
            if self.record(night.kind) is not None and serves(night.guild_id):
                try:
                    await self.open(night)
                except Exception:  # Discord failed it: the other nights still open
                    log.exception("game night %s: opening it failed", night.id)
        for night in await self.storage.nights(NightStatus.OPEN):
            if serves(night.guild_id):
                try:
                    await self._end_if_over(night, now)
                except Exception:
                    log.exception("game night %s: ending it failed", night.id)

    async def open(self, night: NightRow) -> list[int]:
        """The night's tables opened, once: the event started, its interested members
        called to their table. The games opened (none if another process or an earlier
        sweep opened it, or its event is gone)."""
        if not await self.storage.move_night(night.id, NightStatus.SCHEDULED, NightStatus.OPEN):
            return []
        if not await self.side.start(night):
            await self.storage.move_night(night.id, NightStatus.OPEN, NightStatus.CANCELLED)
            log.info("game night %s: its event is gone, so the night is cancelled", night.id)
            return []
        record = self.record(night.kind)
        assert record is not None  # the sweep opens only the nights of known kinds
        interested = await self.side.interested(night)
        host = Member(night.host_id, night.host_name)
        people = [host, *(m for m in interested if m.id != night.host_id)]
        tables = seating(people, record)
        games = []
        for number, members in enumerate(tables, start=1):
            try:
                games.append(await self._table(night, record, members, number, len(tables)))
            except Refusal as refusal:
                log.warning("game night %s: table %s refused: %s", night.id, number, refusal)
        return games

    async def _table(
        self, night: NightRow, record: GameKind, members: list[Member], number: int, count: int
    ) -> int:
        """One table's lobby opened and shown, its members called to it; its game id."""
        language = night.language or "en"
        name = night_name(record, language)
        opening = Opening(record, night.guild_id, night.channel_id, members[0], {}, language)
        pinged = [m.id for m in members]
        speech = public(language)
        words = speech(self._call_words(name, members, number, count))
        thread = speech.plain(_("{night}: table {number}", night=name, number=number))[:100]
        game_id: int | None = None
        if count == 1:
            try:
                game_id = await self.lobbies.open(opening)
            except Refusal:  # a lobby of this game waits there: this one gets a thread
                game_id = None
            else:
                await self.side.call(night, words, pinged, "")
        if game_id is None:

            async def new_thread() -> int:
                return await self.side.call(night, words, pinged, thread)

            game_id = await self.lobbies.open(opening, new_thread)
        await self.storage.add_night_game(night.id, game_id)
        row = await self.storage.game(game_id)
        assert row is not None
        channel_id = row.channel_id

        async def post(lobby: Lobby) -> int:
            return await self.side.post(night, channel_id, lobby)

        await self.lobbies.post(game_id, post)
        return game_id

    @staticmethod
    def _call_words(name: str, members: Sequence[Member], number: int, count: int) -> Text:
        mentions = Listed(mention(m.id) for m in members)
        if count > 1:
            return _(
                "Table {number} of {count}: {players}, the {night} starts; join your table "
                "in the thread below.",
                number=number,
                count=count,
                players=mentions,
                night=name,
            )
        return _(
            "{players}: the {night} starts; join the table below.", players=mentions, night=name
        )

    async def _end_if_over(self, night: NightRow, now: float) -> None:
        games = await self.storage.night_games(night.id)
        if games:
            if not all(status in DONE for status in games.values()):
                return
        elif now < night.starts + EMPTY_NIGHT_MINUTES * self.minute:
            return
        if await self.storage.move_night(night.id, NightStatus.OPEN, NightStatus.ENDED):
            await self.side.end(night)
