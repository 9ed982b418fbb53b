"""FakeDiscord: the emulated Discord as a whole. One application and its bot user, one guild
with text channels and members, DM channels, messages, interactions, synced commands, the REST
server and the gateway on 127.0.0.1 (random port), faults on demand, and the waits tests use."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import web

from tests.fakediscord import guild
from tests.fakediscord.activities import Activities, ActivityInstance
from tests.fakediscord.commands import CommandStore
from tests.fakediscord.core import MANAGE_EVENTS, Signal, SnowflakeFactory
from tests.fakediscord.events import ScheduledEvent, ScheduledEvents
from tests.fakediscord.faults import Fault, RateLimits, RequestRecord, make_middleware
from tests.fakediscord.gateway import Gateway
from tests.fakediscord.interactions import Interaction
from tests.fakediscord.model import DM_CHANNEL, PUBLIC_THREAD, VOICE_CHANNEL, Channel, Message, User
from tests.fakediscord.players import Player
from tests.fakediscord.rest import RestApi

T = TypeVar("T")
# Gateway intents that decide which message events the bot gets, and with what content.
GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = 1 << 9, 1 << 12, 1 << 15


class FakeDiscord:
    """`async with FakeDiscord() as emu:` or the `fake_discord` fixture. See README.md."""

    def __init__(
        self,
        *,
        channels: tuple[str, ...] = ("general", "games"),
        interaction_deadline: float = 3.0,
        default_timeout: float = 10.0,
        privileged_intents: bool = False,
        bot_name: str = "GrassTable",
        activities: bool = False,
    ) -> None:
        self.ids = SnowflakeFactory()
        self.application_id = self.ids.next()
        self.bot_user = User(self.application_id, bot_name, bot=True)
        self.token = f"{secrets.token_urlsafe(18)}.fake.{secrets.token_urlsafe(27)}"
        self.guild_id = self.ids.next()
        self.guild_ids: list[int] = [self.guild_id]
        self.guild_locales: dict[int, str] = {}
        """Servers whose Discord language is not American English ("de")."""
        """Every server the bot is in: the first one, then any `add_server()` made."""
        self.owner = User(self.ids.next(), "server-owner")
        self.manager_role_id = self.ids.next()
        self.interaction_deadline = interaction_deadline
        self.token_lifetime = 15 * 60.0
        """Seconds an interaction's token works for follow-ups and webhook edits (Discord:
        15 minutes; then 401 Invalid Webhook Token). A test may shorten it."""
        self.default_timeout = default_timeout
        self.privileged_intents = privileged_intents
        self.max_concurrency = 1
        """Identifies Discord allows the bot per 5 seconds, one per bucket (the shard id
        modulo this), as GET /gateway/bot says; Discord raises it only for large bots.
        A test may raise it; `gateway.identified` records when each shard identified."""
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.players: dict[str, Player] = {}
        self.interactions: dict[str, Interaction] = {}
        self.failed_interactions: list[Interaction] = []
        self.requests: list[RequestRecord] = []
        self.requests_under_way = 0
        """REST calls received and not yet answered."""
        self.last_request_at = 0.0
        """The loop time of the last REST call's start or end (`quiet`)."""
        self.rejected: list[RequestRecord] = []
        self.unhandled: list[str] = []
        self.malformed: list[str] = []
        self.processes: list[Any] = []  # BotProcess objects started against this emulator
        self.faults: list[Fault] = []
        self.rate_limits = RateLimits()
        self.commands = CommandStore(self.application_id, self.ids)
        self.activities = Activities(self, enabled=activities)
        """Discord Activities: instances, launches, OAuth2, the Activity's origin and its
        parent pages (tests/fakediscord/activities.py, activity_site.py)."""
        self.gateway = Gateway(self)
        self.events = ScheduledEvents(self)
        """The servers' scheduled events (tests/fakediscord/events.py)."""
        self.bot_granted = MANAGE_EVENTS
        """Server permissions the bot's own role gives it beyond @everyone's (its invite
        asked for Manage Events); 0: none, so scheduled events are refused it (50013)."""
        self.logins = 0
        self._login_tick = self._ready_tick = self._tick = 0
        self._signal = Signal()
        self._runner: web.AppRunner | None = None
        self.port = 0
        for name in channels:
            self.channel(name)

    # --- lifecycle ---
    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[make_middleware(self)])
        app.add_routes(RestApi(self).routes())
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        await self.activities.site.start()
        return self

    async def stop(self) -> None:
        for process in self.processes:  # no bot process outlives its emulator
            await process.kill()
        for interaction in self.interactions.values():
            interaction.cancel_timer()
        await self.gateway.close_all()
        await self.activities.site.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway/"

    # --- waiting ---
    def changed(self) -> None:
        self._tick += 1
        self._signal.fire()

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float | None = None,
        what: str | Callable[[], str] = "a condition",
    ) -> T:
        """The first truthy value of predicate(), re-checked after every change in the emulator."""
        return await self._signal.wait_for(
            predicate, self.default_timeout if timeout is None else timeout, what
        )

    def note_login(self) -> None:
        self.logins += 1
        self._login_tick = self._tick + 1
        self.changed()

    def note_ready(self) -> None:
        self._ready_tick = self._tick + 1
        self.changed()

    @property
    def ready(self) -> bool:
        """The bot logged in, its gateway session got READY and GUILD_CREATE after that login,
        it is connected, and it has synced commands."""
        return (
            self._login_tick > 0
            and self._ready_tick > self._login_tick
            and self.gateway.connected
            and self.commands.known()
        )

    async def settle(self, timeout: float | None = None) -> list[Interaction]:
        """Waits until every interaction so far was acknowledged or failed its deadline;
        returns the failed ones (a fuzz test asserts there are none)."""
        await self.wait_for(
            lambda: all(
                i.response_type is not None or i.failed for i in self.interactions.values()
            ),
            timeout,
            what=lambda: (
                f"answers to {[i for i in self.interactions.values() if i.response_type is None]}"
            ),
        )
        return list(self.failed_interactions)

    async def wait_ready(self, timeout: float | None = None) -> None:
        await self.wait_for(lambda: self.ready, timeout, what=self._ready_state)

    def _ready_state(self) -> str:
        return (
            f"the bot to be ready (logins={self.logins}, identifies={self.gateway.identifies}, "
            f"connected={self.gateway.connected}, commands synced={self.commands.known()}, "
            f"unhandled routes={self.unhandled})"
        )

    async def quiet(self, seconds: float = 0.15) -> None:
        """Until the bot has made no REST call for `seconds`: none under way, and the last
        one ended `seconds` ago or more (a move's publication is over). Called again with
        nothing sent since, it returns at once."""
        while True:
            idle = self.loop_time() - self.last_request_at
            if self.requests_under_way == 0 and idle >= seconds:
                return
            await asyncio.sleep(max(seconds - idle, 0.01))

    @staticmethod
    def loop_time() -> float:
        return asyncio.get_running_loop().time()

    @staticmethod
    def now() -> float:
        return time.time()

    # --- faults ---
    def fail_next(
        self,
        path: str,
        *,
        method: str = "*",
        status: int = 429,
        times: int = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
    ) -> Fault:
        """Answers the next `times` REST calls matching method and path (a glob on the path
        after /api/v10, e.g. "/channels/*/messages") with 429 (retry_after) or a 5xx."""
        fault = Fault(method, path, status, times, retry_after, is_global)
        self.faults.append(fault)
        return fault

    async def drop_gateway(self, *, abrupt: bool = False) -> None:
        """Cuts the bot's gateway connection; it resumes, and missed events are replayed.
        Also: gateway.ask_reconnect() (op 7), gateway.invalidate() (op 9, a new session)."""
        await self.gateway.drop(abrupt=abrupt)

    # --- players, channels, messages ---
    def user(self, name: str, *, dms_open: bool = True, manage_guild: bool = False) -> Player:
        """The member called `name` (created on first use)."""
        if name not in self.players:
            self.players[name] = Player(
                self, self.ids.next(), name, dms_open=dms_open, manage_guild=manage_guild
            )
        return self.players[name]

    def player_by_id(self, user_id: int) -> Player:
        for player in self.players.values():
            if player.id == user_id:
                return player
        raise KeyError(user_id)

    def user_by_id(self, user_id: int) -> User:
        if user_id == self.bot_user.id:
            return self.bot_user
        if user_id == self.owner.id:
            return self.owner
        return self.player_by_id(user_id)

    def add_server(self) -> int:
        """Another server with the same members, which the bot joins now (GUILD_CREATE if
        connected); its channels come from `channel(name, server=...)`. Guild commands are
        synced to the first server only: start the bot with `dev_guild=False` to use
        commands in another."""
        guild_id = self.ids.next()
        self.guild_ids.append(guild_id)
        self.gateway.dispatch("GUILD_CREATE", self.guild_payload(guild_id))
        return guild_id

    def channel(
        self,
        name: str,
        *,
        attach_files: bool = True,
        server: int | None = None,
        bot_denied: int = 0,
    ) -> Channel:
        """The guild text channel `name` (created on first use; the bot is told if connected),
        in the first server or in `server` (an id from `add_server`).
        attach_files=False: the bot may not attach files there (Discord answers 50013).
        bot_denied: permission bits (tests.fakediscord.core) the bot lacks there; its channel
        requests are refused as Discord would (no View Channel: 50001 on every route; no Send
        Messages: 50013 on sends; no Read Message History: 50001 on reading or editing a
        message)."""
        guild_id = self.guild_id if server is None else server
        if guild_id not in self.guild_ids:
            raise ValueError(f"no server {guild_id}: make one with add_server()")
        for channel in self.channels.values():
            if channel.name == name and channel.guild_id == guild_id:
                return channel
        channel = Channel(
            self,
            self.ids.next(),
            name,
            guild_id=guild_id,
            attach_files=attach_files,
            bot_denied=bot_denied,
        )
        channel.position = len(self.channels)
        self.channels[channel.id] = channel
        self.gateway.dispatch("CHANNEL_CREATE", channel.payload())
        return channel

    def voice_channel(self, name: str) -> Channel:
        """The first server's voice channel `name` (created on first use): a place for a
        scheduled event; nothing is said or heard in it."""
        for channel in self.channels.values():
            if channel.name == name and channel.kind == VOICE_CHANNEL:
                return channel
        channel = Channel(self, self.ids.next(), name, kind=VOICE_CHANNEL, guild_id=self.guild_id)
        channel.position = len(self.channels)
        self.channels[channel.id] = channel
        self.gateway.dispatch("CHANNEL_CREATE", channel.payload())
        return channel

    # --- Activities (tests/fakediscord/activities.py) ---
    @property
    def client_secret(self) -> str:
        """The application's OAuth2 client secret, for the bot's settings."""
        return self.activities.client_secret

    def authorize(self, player: Player, scopes: tuple[str, ...] = ("identify",)) -> str:
        """An OAuth2 code for `player`, as the SDK's AUTHORIZE gives the page."""
        return self.activities.authorize(player, scopes)

    def activity(self, channel: Channel) -> ActivityInstance:
        """The Activity running in `channel` (a voice or text channel), or a new one."""
        return self.activities.start(channel)

    def parent_url(
        self,
        player: Player,
        instance: ActivityInstance,
        *,
        platform: str = "desktop",
        path: str = "/",
        join: bool = True,
    ) -> str:
        """The fake Discord client page running the Activity (at `path` of its URL
        mapping) for `player`; opening it joins them to `instance` unless join=False."""
        return self.activities.site.parent_url(
            player, instance, platform=platform, path=path, join=join
        )

    def scheduled_events(self, guild_id: int | None = None) -> list[ScheduledEvent]:
        """The server's scheduled events (the first server's by default), oldest first,
        with their status; `events.cancel(e)` / `events.delete(e)` as a member would."""
        return self.events.listing(guild_id)

    def thread(self, name: str, parent: Channel, thread_id: int | None = None) -> Channel:
        """A public thread `name` in the text channel `parent` (created on first use); the
        bot's permissions there are the parent's (`bot_denied` of the parent). A thread
        started from a message has that message's id (`thread_id`)."""
        for channel in self.channels.values():
            if channel.name == name and channel.parent is parent and thread_id is None:
                return channel
        thread = Channel(
            self,
            thread_id or self.ids.next(),
            name,
            kind=PUBLIC_THREAD,
            guild_id=parent.guild_id,
            parent=parent,
        )
        self.channels[thread.id] = thread
        self.gateway.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    def archive(self, thread: Channel, *, locked: bool = False) -> None:
        """Discord archives a thread nobody wrote in for its auto-archive time (an hour
        here): from then on its messages cannot be edited (50083) until it is reopened."""
        thread.archived, thread.locked = True, locked
        self.gateway.dispatch("THREAD_UPDATE", thread.payload())
        self.changed()

    def dm_channel(self, player: Player) -> Channel:
        if player.dm is None:
            player.dm = Channel(
                self, self.ids.next(), f"dm-{player.name}", kind=DM_CHANNEL, recipient=player
            )
            self.channels[player.dm.id] = player.dm
        return player.dm

    def new_message(
        self,
        channel: Channel,
        *,
        author: User | None = None,
        visible_to: Player | None = None,
        interaction: Interaction | None = None,
        message_type: int = 0,
    ) -> Message:
        return Message(
            self,
            self.ids.next(),
            channel,
            author or self.bot_user,
            visible_to=visible_to,
            interaction=interaction,
            message_type=message_type,
        )

    def store_message(self, message: Message) -> None:
        self.messages[message.id] = message
        message.channel.all_messages.append(message)

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        if not message.ephemeral:
            body = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild_id is not None:
                body["guild_id"] = str(message.channel.guild_id)
            self._message_dispatch("MESSAGE_DELETE", message.channel, body)
        self.changed()

    def message_event(self, message: Message, *, created: bool) -> None:
        """MESSAGE_CREATE / MESSAGE_UPDATE to the bot, as Discord sends them (never for
        ephemeral messages; without the message content intent only its own or mentioning)."""
        if message.ephemeral:
            return
        body = message.payload()
        session = self.gateway.session_for(message.channel.guild_id)
        own = message.author.id == self.bot_user.id or self.bot_user.mention in message.content
        if session is not None and not own and not session.intents & MESSAGE_CONTENT:
            body.update(content="", embeds=[], attachments=[], components=[])
        if message.channel.guild_id is not None:
            body["member"] = {
                k: v for k, v in self.member_payload(message.author).items() if k != "user"
            }
        self._message_dispatch(
            "MESSAGE_CREATE" if created else "MESSAGE_UPDATE", message.channel, body
        )

    def _message_dispatch(self, event: str, channel: Channel, body: dict[str, Any]) -> None:
        session = self.gateway.session_for(channel.guild_id)
        needed = DIRECT_MESSAGES if channel.kind == DM_CHANNEL else GUILD_MESSAGES
        if session is not None and session.intents & needed:
            self.gateway.dispatch(event, body)

    # --- interactions ---
    def interaction_by_token(self, token: str) -> Interaction | None:
        return self.interactions.get(token)

    def expire_tokens(self) -> None:
        """Every interaction so far as if its 15 minutes were over (a player back after a
        long break)."""
        for interaction in self.interactions.values():
            interaction.token_expired = True

    def dispatch_interaction(self, interaction: Interaction) -> Interaction:
        self.interactions[interaction.token] = interaction
        interaction.start_deadline(self.interaction_deadline)
        self.gateway.dispatch("INTERACTION_CREATE", self.interaction_payload(interaction))
        self.changed()
        return interaction

    # --- payloads (tests/fakediscord/guild.py) ---
    def interaction_payload(self, interaction: Interaction) -> dict[str, Any]:
        return guild.interaction_payload(self, interaction)

    def permissions(self, user: User, channel: Channel | None = None) -> int:
        return guild.permissions(self, user, channel)

    def member_payload(self, user: User, channel: Channel | None = None) -> dict[str, Any]:
        return guild.member_payload(self, user, channel)

    def guild_locale(self, guild_id: int) -> str:
        return self.guild_locales.get(guild_id, "en-US")

    def guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        return guild.guild_payload(self, self.guild_id if guild_id is None else guild_id)

    def ready_payload(self, session_id: str, shard: Any, guild_ids: list[int]) -> dict[str, Any]:
        return guild.ready_payload(self, session_id, shard, guild_ids)

    def application_payload(self) -> dict[str, Any]:
        return guild.application_payload(self)
