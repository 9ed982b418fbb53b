"""Discord Activities as the bot's side meets them: Activity instances in channels (who is
in each), the launch-activity answer to an interaction (callback type 12), the Entry Point
command Discord makes for an app with Activities enabled, and OAuth2 for the Activity's
page: codes the SDK's AUTHORIZE gives, exchanged once at POST /oauth2/token (form-encoded,
with the client secret), and the access tokens GET /users/@me takes as `Bearer`.

The page's side (the parent page answering the SDK, and the proxy origin the page is
served from) is tests/fakediscord/activity_site.py."""

from __future__ import annotations

import base64
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fakediscord.activity_site import ActivitySite, Frame
from tests.fakediscord.commands import PRIMARY_ENTRY_POINT
from tests.fakediscord.core import ApiError, invalid_form
from tests.fakediscord.model import Channel
from tests.fakediscord.rest import json_response

if TYPE_CHECKING:
    from tests.fakediscord.emulator import FakeDiscord
    from tests.fakediscord.interactions import Interaction
    from tests.fakediscord.players import Player

CALLBACK_LAUNCH_ACTIVITY = 12
APP_HANDLER, DISCORD_LAUNCH_ACTIVITY = 1, 2
TOKEN_LIFETIME = 7 * 24 * 3600
"""Seconds an access token lives, as Discord's `expires_in` says (a week)."""
SCOPES = frozenset(
    {"identify", "guilds", "guilds.members.read", "rpc.activities.write", "applications.commands"}
)
"""The OAuth2 scopes the emulator grants (what an Activity asks for); others are refused."""
FORM = "application/x-www-form-urlencoded"


@dataclass(eq=False)
class ActivityInstance:
    """One running Activity in a channel: everyone in it shares its id (the page's
    `instance_id`). It ends when its last user leaves; a launch then starts a new one."""

    emu: FakeDiscord
    id: str
    launch_id: int
    channel: Channel
    users: list[Player] = field(default_factory=list)
    ended: bool = False

    @property
    def location_id(self) -> str:
        return location_id(self.channel)

    def location(self) -> dict[str, Any]:
        if self.channel.guild_id is None:
            return {"id": self.location_id, "kind": "pc", "channel_id": str(self.channel.id)}
        return {
            "id": self.location_id,
            "kind": "gc",
            "channel_id": str(self.channel.id),
            "guild_id": str(self.channel.guild_id),
        }

    def payload(self) -> dict[str, Any]:
        """GET /applications/{app}/activity-instances/{id} (EmbeddedActivityInstance)."""
        return {
            "application_id": str(self.emu.application_id),
            "instance_id": self.id,
            "launch_id": str(self.launch_id),
            "location": self.location(),
            "users": [str(user.id) for user in self.users],
        }

    def __repr__(self) -> str:
        names = [user.name for user in self.users]
        return f"<ActivityInstance {self.id} in #{self.channel.name} {names}>"


@dataclass(frozen=True)
class Launch:
    """An interaction the bot answered with LAUNCH_ACTIVITY (or an Entry Point command
    Discord handled itself): who launched, where, which instance they are in."""

    player: Player
    channel: Channel
    instance: ActivityInstance
    interaction: Interaction | None


@dataclass
class Grant:
    """An OAuth2 code or token pair, bound to a user and the application."""

    user: Player
    client_id: str
    scopes: tuple[str, ...]
    expires_at: float = 0.0
    used: bool = False


class Activities:
    """`emu.activities`: see README.md, "Activities"."""

    def __init__(self, emu: FakeDiscord, *, enabled: bool) -> None:
        self.emu = emu
        self.client_secret = secrets.token_urlsafe(24)
        """The application's OAuth2 client secret (the bot's settings take it)."""
        self.instances: dict[str, ActivityInstance] = {}
        self.launches: list[Launch] = []
        self.target: str | None = None
        """The Activity's URL mapping for `/` (the bot's Activity server, e.g.
        "http://127.0.0.1:8123"): what the proxy origin serves (activity_site.py)."""
        self.site = ActivitySite(emu)
        """The Activity's origin: the proxy and the parent pages (activity_site.py)."""
        self._codes: dict[str, Grant] = {}
        self._tokens: dict[str, Grant] = {}
        self._refresh: dict[str, Grant] = {}
        self._enabled = False
        self.enabled = enabled

    # --- the application's settings ---
    @property
    def enabled(self) -> bool:
        """Activities enabled in the developer portal: Discord then makes the Entry Point
        command (type 4, "launch") among the global commands; launching is refused without."""
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = value
        store = self.emu.commands
        others = [c for c in store.global_commands if c["type"] != PRIMARY_ENTRY_POINT]
        if value and len(others) == len(store.global_commands):
            others.append(self.entry_point_command())
        store.global_commands = others

    def entry_point_command(self) -> dict[str, Any]:
        """The command Discord makes when Activities are enabled."""
        return {
            "id": str(self.emu.ids.next()),
            "application_id": str(self.emu.application_id),
            "version": str(self.emu.ids.next()),
            "type": PRIMARY_ENTRY_POINT,
            "name": "launch",
            "description": "",
            "default_member_permissions": None,
            "dm_permission": True,
            "contexts": [0, 1, 2],
            "integration_types": [0, 1],
            "handler": DISCORD_LAUNCH_ACTIVITY,
            "nsfw": False,
        }

    def entry_point(self) -> dict[str, Any] | None:
        return next(
            (c for c in self.emu.commands.global_commands if c["type"] == PRIMARY_ENTRY_POINT),
            None,
        )

    @property
    def origin(self) -> str:
        """The Activity's origin (Discord's `<client id>.discordsays.com`)."""
        return self.site.origin

    @property
    def frames(self) -> list[Frame]:
        """Every parent page opened, oldest first."""
        return list(self.site.frames.values())

    # --- instances (test side) ---
    def start(self, channel: Channel) -> ActivityInstance:
        """The channel's running instance, or a new one (no users yet)."""
        for instance in self.instances.values():
            if instance.channel is channel and not instance.ended:
                return instance
        launch_id = self.emu.ids.next()
        instance_id = f"i-{launch_id}-{location_id(channel)}"
        instance = ActivityInstance(self.emu, instance_id, launch_id, channel)
        self.instances[instance.id] = instance
        self.emu.changed()
        return instance

    def join(self, instance: ActivityInstance, player: Player) -> None:
        """A user is in one Activity at a time: joining leaves any other."""
        if instance.ended:
            raise ValueError(f"{instance!r} has ended: start another with emu.activity()")
        for other in self.instances.values():
            if other is not instance and player in other.users:
                self.leave(other, player)
        if player not in instance.users:
            instance.users.append(player)
            self.site.participants_changed(instance)
        self.emu.changed()

    def leave(self, instance: ActivityInstance, player: Player) -> None:
        if player in instance.users:
            instance.users.remove(player)
            if not instance.users:
                instance.ended = True  # Discord closes an instance nobody is in
            self.site.participants_changed(instance)
        self.emu.changed()

    def launch(self, interaction: Interaction) -> ActivityInstance:
        """The bot answered `interaction` with LAUNCH_ACTIVITY: the player joins (or starts)
        the channel's Activity. Refused, as Discord does, for an app without Activities."""
        if not self.enabled:
            raise invalid_form("this application does not have Activities enabled")
        instance = self.start(interaction.channel)
        self.join(instance, interaction.user)
        self.launches.append(Launch(interaction.user, interaction.channel, instance, interaction))
        return instance

    def launched_by_discord(self, player: Player, channel: Channel) -> ActivityInstance:
        """The Entry Point command with DISCORD_LAUNCH_ACTIVITY: Discord launches itself."""
        instance = self.start(channel)
        self.join(instance, player)
        self.launches.append(Launch(player, channel, instance, None))
        return instance

    # --- OAuth2 ---
    def authorize(self, player: Player, scopes: tuple[str, ...] = ("identify",)) -> str:
        """A code for `player`, as the SDK's AUTHORIZE gives the page (single use)."""
        unknown = set(scopes) - SCOPES
        if unknown or not scopes:
            raise ValueError(f"scopes the emulator does not grant: {sorted(unknown)}")
        code = secrets.token_urlsafe(20)
        self._codes[code] = Grant(player, str(self.emu.application_id), tuple(scopes))
        return code

    def token_user(self, access_token: str) -> Grant | None:
        """The live grant of an access token, or None."""
        grant = self._tokens.get(access_token)
        if grant is None or grant.expires_at <= time.time():
            return None
        return grant

    def _issue(self, user: Player, scopes: tuple[str, ...]) -> dict[str, Any]:
        access, refresh = secrets.token_urlsafe(30), secrets.token_urlsafe(30)
        client_id = str(self.emu.application_id)
        self._tokens[access] = Grant(user, client_id, scopes, time.time() + TOKEN_LIFETIME)
        self._refresh[refresh] = Grant(user, client_id, scopes)
        return {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": TOKEN_LIFETIME,
            "refresh_token": refresh,
            "scope": " ".join(scopes),
        }

    def exchange(self, form: dict[str, str], basic: tuple[str, str] | None) -> dict[str, Any]:
        """POST /oauth2/token: the tokens for a code (or a refresh token), or OAuthError."""
        client_id, secret = basic or (form.get("client_id", ""), form.get("client_secret", ""))
        if client_id != str(self.emu.application_id) or not secrets.compare_digest(
            secret, self.client_secret
        ):
            raise OAuthError(401, "invalid_client")
        kind = form.get("grant_type")
        if kind == "authorization_code":
            grant = self._codes.get(form.get("code", ""))
            if grant is None or grant.used or grant.client_id != client_id:
                raise OAuthError(400, "invalid_grant", 'Invalid "code" in request.')
            grant.used = True
            return self._issue(grant.user, grant.scopes)
        if kind == "refresh_token":
            grant = self._refresh.pop(form.get("refresh_token", ""), None)
            if grant is None:
                raise OAuthError(400, "invalid_grant", 'Invalid "refresh_token" in request.')
            return self._issue(grant.user, grant.scopes)
        raise OAuthError(400, "unsupported_grant_type", "Unsupported grant type")

    # --- REST ---
    def routes(self, api: str) -> list[web.RouteDef]:
        return [
            web.post(api + "/oauth2/token", self.token),
            web.post("/api/oauth2/token", self.token),
            web.get(api + "/applications/{app}/activity-instances/{instance}", self.get_instance),
        ]

    async def token(self, request: web.Request) -> web.Response:
        """The form Discord takes here (not JSON: no API description covers this route, so
        the fields are checked by hand); errors in OAuth2's shape, {"error": ...}."""
        if request.content_type != FORM:
            return _oauth_error(OAuthError(400, "unsupported_grant_type", "Unsupported grant type"))
        form = {key: str(value) for key, value in (await request.post()).items()}
        try:
            return json_response(self.exchange(form, _basic(request)))
        except OAuthError as error:
            return _oauth_error(error)

    async def get_instance(self, request: web.Request) -> web.Response:
        if request.match_info["app"] != str(self.emu.application_id):
            raise ApiError(403, 50001, "Missing Access")
        instance = self.instances.get(request.match_info["instance"])
        if instance is None or instance.ended:
            raise ApiError(404, 0, "404: Not Found")
        return json_response(instance.payload())

    def bearer_me(self, request: web.Request) -> dict[str, Any]:
        """GET /users/@me with an access token: its user (the `identify` scope needed)."""
        token = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        grant = self.token_user(token)
        if grant is None or "identify" not in grant.scopes:
            raise ApiError(401, 0, "401: Unauthorized")
        user = grant.user
        return {
            **user.payload(),
            "flags": 0,
            "locale": user.locale,
            "mfa_enabled": False,
            "premium_type": 0,
        }


def location_id(channel: Channel) -> str:
    """Discord's name of a place an Activity runs: a guild channel, or a private one."""
    if channel.guild_id is None:
        return f"pc-{channel.id}"
    return f"gc-{channel.guild_id}-{channel.id}"


class OAuthError(Exception):
    def __init__(self, status: int, error: str, description: str | None = None) -> None:
        super().__init__(error)
        self.status, self.error, self.description = status, error, description


def _oauth_error(error: OAuthError) -> web.Response:
    body = {"error": error.error}
    if error.description:
        body["error_description"] = error.description
    return json_response(body, error.status)


def _basic(request: web.Request) -> tuple[str, str] | None:
    """Client credentials given as HTTP Basic authentication, as OAuth2 also allows."""
    header = request.headers.get("Authorization", "")
    if not header.startswith("Basic "):
        return None
    try:
        user, _, password = base64.b64decode(header[6:]).decode().partition(":")
    except ValueError:
        return None
    return user, password
