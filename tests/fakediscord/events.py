"""Scheduled events, as Discord keeps them: what members see in a server's Events tab and
mark as interested. The REST routes under /guilds/{guild}/scheduled-events (create, list,
read, edit, delete, the interested users), refused as Discord refuses (no Manage Events:
50013; an unknown event: 10070; a body Discord's rules refuse: 50035), the gateway events
GUILD_SCHEDULED_EVENT_CREATE / UPDATE / DELETE / USER_ADD / USER_REMOVE (for a bot with
the GUILD_SCHEDULED_EVENTS intent), and the test side: the events of a server, a player
marking one as interested or not, someone cancelling or deleting one in Discord."""

from __future__ import annotations

import calendar
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fakediscord.core import CREATE_EVENTS, MANAGE_EVENTS, ApiError, invalid_form, iso_time
from tests.fakediscord.model import VOICE_CHANNEL, User
from tests.fakediscord.payloads import read_body
from tests.fakediscord.rest import json_response, no_content

if TYPE_CHECKING:
    from tests.fakediscord.emulator import FakeDiscord

SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
STATUS_NAMES = {
    SCHEDULED: "SCHEDULED",
    ACTIVE: "ACTIVE",
    COMPLETED: "COMPLETED",
    CANCELED: "CANCELED",
}
STAGE_INSTANCE, VOICE, EXTERNAL = 1, 2, 3
GUILD_ONLY = 2
GUILD_SCHEDULED_EVENTS = 1 << 16
"""The gateway intent of the scheduled events' dispatches."""
MOVES = {SCHEDULED: {ACTIVE, CANCELED}, ACTIVE: {COMPLETED}}
"""The status changes Discord allows; a completed or cancelled event changes no more."""
MOST_USERS = 100
"""Users one GET of an event's interested members returns at most."""


def _unix(text: str, what: str) -> float:
    """An ISO 8601 time as Discord reads it ("2026-12-04T20:00:00+00:00", "...Z")."""
    try:
        stamp = text.replace("Z", "+00:00")
        main, _, zone = stamp.partition("+")
        if zone not in ("", "00:00"):
            raise ValueError(zone)
        fraction = 0.0
        if "." in main:
            main, digits = main.split(".", 1)
            fraction = float("0." + digits)
        return calendar.timegm(time.strptime(main, "%Y-%m-%dT%H:%M:%S")) + fraction
    except ValueError:
        raise invalid_form(f"body.{what}: {text!r} is not an ISO8601 timestamp") from None


@dataclass(eq=False)
class ScheduledEvent:
    """One scheduled event (test-facing: `name`, `description`, `start`, `end`,
    `channel_id`, `location`, `status` and `status_name`, `interested`)."""

    emu: FakeDiscord
    id: int
    guild_id: int
    creator: User
    name: str
    description: str | None
    start: float
    end: float | None
    entity_type: int
    channel_id: int | None
    location: str | None
    status: int = SCHEDULED
    deleted: bool = False
    interested_ids: list[int] = field(default_factory=list)
    """Members marked as interested, in the order they marked it."""

    @property
    def status_name(self) -> str:
        return STATUS_NAMES[self.status]

    @property
    def interested(self) -> list[User]:
        return [self.emu.user_by_id(user_id) for user_id in self.interested_ids]

    def payload(self, with_user_count: bool = False) -> dict[str, Any]:
        body: dict[str, Any] = {
            "id": str(self.id),
            "guild_id": str(self.guild_id),
            "channel_id": None if self.channel_id is None else str(self.channel_id),
            "creator_id": str(self.creator.id),
            "creator": self.creator.payload(),
            "name": self.name,
            "description": self.description,
            "scheduled_start_time": iso_time(self.start),
            "scheduled_end_time": None if self.end is None else iso_time(self.end),
            "privacy_level": GUILD_ONLY,
            "status": self.status,
            "entity_type": self.entity_type,
            "entity_id": None,
            "entity_metadata": (
                {"location": self.location} if self.entity_type == EXTERNAL else None
            ),
            "image": None,
            "recurrence_rule": None,
        }
        if with_user_count:
            body["user_count"] = len(self.interested_ids)
        return body

    def __repr__(self) -> str:
        return f"<ScheduledEvent {self.id} {self.name!r} {self.status_name}>"


class ScheduledEvents:
    """Every server's scheduled events (`emu.events`), their routes and dispatches."""

    def __init__(self, emu: FakeDiscord) -> None:
        self.emu = emu
        self.by_id: dict[int, ScheduledEvent] = {}

    # --- test-facing ---
    def listing(self, guild_id: int | None = None) -> list[ScheduledEvent]:
        """The server's events (the first server's by default), oldest first, deleted
        ones left out (cancelled and completed ones kept, with their status)."""
        guild = self.emu.guild_id if guild_id is None else guild_id
        return [e for e in self.by_id.values() if e.guild_id == guild and not e.deleted]

    def mark(self, event: ScheduledEvent, user: User, interested: bool) -> None:
        """`user` marks the event as interested, or no longer (USER_ADD / USER_REMOVE)."""
        if event.deleted or event.status not in (SCHEDULED, ACTIVE):
            raise ValueError(f"{event!r} can no longer be marked")
        if interested == (user.id in event.interested_ids):
            return
        if interested:
            event.interested_ids.append(user.id)
        else:
            event.interested_ids.remove(user.id)
        body = {
            "guild_scheduled_event_id": str(event.id),
            "user_id": str(user.id),
            "guild_id": str(event.guild_id),
        }
        self._dispatch("GUILD_SCHEDULED_EVENT_USER_" + ("ADD" if interested else "REMOVE"), body)
        self.emu.changed()

    def cancel(self, event: ScheduledEvent) -> None:
        """Someone with Manage Events cancels the event in Discord."""
        self._move(event, CANCELED)

    def delete(self, event: ScheduledEvent) -> None:
        """Someone with Manage Events deletes the event in Discord."""
        event.deleted = True
        self._dispatch("GUILD_SCHEDULED_EVENT_DELETE", event.payload())
        self.emu.changed()

    def guild_payloads(self, guild_id: int) -> list[dict[str, Any]]:
        """What GUILD_CREATE lists: the server's events still to come or under way."""
        return [e.payload() for e in self.listing(guild_id) if e.status in (SCHEDULED, ACTIVE)]

    # --- routes ---
    def routes(self, api: str) -> list[web.RouteDef]:
        events = api + "/guilds/{guild}/scheduled-events"
        one = events + "/{event}"
        return [
            web.get(events, self.list_events),
            web.post(events, self.create),
            web.get(one, self.get),
            web.patch(one, self.edit),
            web.delete(one, self.remove),
            web.get(one + "/users", self.users),
        ]

    def _guild(self, request: web.Request) -> int:
        guild_id = int(request.match_info["guild"])
        if guild_id not in self.emu.guild_ids:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild_id

    def _event(self, request: web.Request) -> ScheduledEvent:
        guild_id = self._guild(request)
        event = self.by_id.get(int(request.match_info["event"]))
        if event is None or event.deleted or event.guild_id != guild_id:
            raise ApiError(404, 10070, "Unknown Guild Scheduled Event")
        return event

    def _check_may(self, *bits: int) -> None:
        """The bot holds one of `bits` on the server (no channel overwrites apply)."""
        granted = self.emu.permissions(self.emu.bot_user)
        if not any(granted & bit for bit in bits):
            raise ApiError(403, 50013, "Missing Permissions")

    async def list_events(self, request: web.Request) -> web.Response:
        guild_id = self._guild(request)
        counted = request.query.get("with_user_count") in ("1", "true", "True")
        return json_response([e.payload(counted) for e in self.listing(guild_id)])

    async def get(self, request: web.Request) -> web.Response:
        counted = request.query.get("with_user_count") in ("1", "true", "True")
        return json_response(self._event(request).payload(counted))

    async def create(self, request: web.Request) -> web.Response:
        guild_id = self._guild(request)
        self._check_may(MANAGE_EVENTS, CREATE_EVENTS)
        payload, _ = await read_body(request)
        kind = int(payload["entity_type"])
        start = _unix(payload["scheduled_start_time"], "scheduled_start_time")
        end_text = payload.get("scheduled_end_time")
        end = None if end_text is None else _unix(end_text, "scheduled_end_time")
        channel_id = payload.get("channel_id")
        location = (payload.get("entity_metadata") or {}).get("location")
        if start <= self.emu.now():
            raise invalid_form("body.scheduled_start_time: Cannot schedule event in the past.")
        if end is not None and end <= start:
            raise invalid_form("body.scheduled_end_time: Must be after the start time.")
        if kind == STAGE_INSTANCE:
            raise invalid_form("body.channel_id: stage channels are not emulated")
        if kind == VOICE:
            channel = self.emu.channels.get(int(channel_id or 0))
            if channel is None or channel.guild_id != guild_id or channel.kind != VOICE_CHANNEL:
                raise invalid_form("body.channel_id: a voice event needs a voice channel")
        if kind == EXTERNAL:
            if channel_id is not None:
                raise invalid_form("body.channel_id: an external event has no channel")
            if not location:
                raise invalid_form("body.entity_metadata.location: This field is required")
            if end is None:
                raise invalid_form("body.scheduled_end_time: This field is required")
        event = ScheduledEvent(
            self.emu,
            self.emu.ids.next(),
            guild_id,
            self.emu.bot_user,
            str(payload["name"]),
            payload.get("description"),
            start,
            end,
            kind,
            None if channel_id is None else int(channel_id),
            location if kind == EXTERNAL else None,
        )
        self.by_id[event.id] = event
        self._dispatch("GUILD_SCHEDULED_EVENT_CREATE", event.payload())
        self.emu.changed()
        return json_response(event.payload())

    async def edit(self, request: web.Request) -> web.Response:
        event = self._event(request)
        self._check_may(MANAGE_EVENTS)
        payload, _ = await read_body(request)
        if event.status in (COMPLETED, CANCELED):
            raise ApiError(400, 180000, "Cannot update a finished event")
        if "name" in payload:
            event.name = str(payload["name"])
        if "description" in payload:
            event.description = payload["description"]
        status = payload.get("status")
        if status is not None and int(status) != event.status:
            if int(status) not in MOVES.get(event.status, set()):
                raise invalid_form(
                    f"body.status: cannot go from {event.status_name} to "
                    f"{STATUS_NAMES.get(int(status), status)}"
                )
            self._move(event, int(status))
        else:
            self._dispatch("GUILD_SCHEDULED_EVENT_UPDATE", event.payload())
            self.emu.changed()
        return json_response(event.payload())

    async def remove(self, request: web.Request) -> web.Response:
        event = self._event(request)
        self._check_may(MANAGE_EVENTS)
        self.delete(event)
        return no_content()

    async def users(self, request: web.Request) -> web.Response:
        event = self._event(request)
        limit = min(int(request.query.get("limit", MOST_USERS)), MOST_USERS)
        before = int(request.query.get("before", 2**64))
        after = int(request.query.get("after", 0))
        with_member = request.query.get("with_member") in ("1", "true", "True")
        ids = sorted(i for i in event.interested_ids if after < i < before)
        ids = ids[:limit] if "before" not in request.query else ids[-limit:]
        answer = []
        for user_id in ids:
            user = self.emu.user_by_id(user_id)
            entry: dict[str, Any] = {
                "guild_scheduled_event_id": str(event.id),
                "user": user.payload(),
            }
            if with_member:
                entry["member"] = {
                    k: v for k, v in self.emu.member_payload(user).items() if k != "user"
                }
            answer.append(entry)
        return json_response(answer)

    # --- changes ---
    def _move(self, event: ScheduledEvent, status: int) -> None:
        event.status = status
        self._dispatch("GUILD_SCHEDULED_EVENT_UPDATE", event.payload())
        self.emu.changed()

    def _dispatch(self, name: str, body: dict[str, Any]) -> None:
        session = self.emu.gateway.session_for(int(body["guild_id"]))
        if session is not None and session.intents & GUILD_SCHEDULED_EVENTS:
            self.emu.gateway.dispatch(name, body)
