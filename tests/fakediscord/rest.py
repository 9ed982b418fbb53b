"""The REST API under /api/v10, as discord.py calls it: login, application info, command sync,
channel messages and DMs, interaction callbacks and the interaction webhook routes, and the
attachment files. Every answer carries rate-limit headers; faults come from the fault plan."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fakediscord.core import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    ApiError,
    invalid_form,
)
from tests.fakediscord.model import DM_CHANNEL, PUBLIC_THREAD, TEXT_CHANNEL, Channel, Message
from tests.fakediscord.payloads import apply_message, read_body, record_pushes

if TYPE_CHECKING:
    from tests.fakediscord.emulator import FakeDiscord
    from tests.fakediscord.interactions import Interaction

JSON_TYPE = "application/json"  # exactly: discord.py reads JSON only for this content type


def json_response(body: Any, status: int = 200) -> web.Response:
    return web.Response(
        status=status, body=json.dumps(body).encode(), headers={"Content-Type": JSON_TYPE}
    )


def no_content() -> web.Response:
    return web.Response(status=204)


class RestApi:
    def __init__(self, emu: FakeDiscord) -> None:
        self.emu = emu

    def routes(self) -> list[web.RouteDef]:
        api = "/api/v10"
        app = api + "/applications/{app}"
        channel = api + "/channels/{channel}"
        webhook = api + "/webhooks/{app}/{token}"
        return [
            web.get(api + "/users/@me", self.me),
            web.get(api + "/users/{user}", self.get_user),
            web.get(api + "/oauth2/applications/@me", self.application),
            web.get(api + "/applications/@me", self.application),
            web.get(api + "/gateway/bot", self.gateway_bot),
            web.get(api + "/gateway", self.gateway_bot),
            web.get(app + "/commands", self.list_commands),
            web.put(app + "/commands", self.put_commands),
            web.post(app + "/commands", self.post_command),
            web.get(app + "/guilds/{guild}/commands", self.list_commands),
            web.put(app + "/guilds/{guild}/commands", self.put_commands),
            web.post(app + "/guilds/{guild}/commands", self.post_command),
            web.get(api + "/guilds/{guild}", self.get_guild),
            web.get(api + "/guilds/{guild}/channels", self.get_guild_channels),
            web.get(api + "/guilds/{guild}/members/{user}", self.get_member),
            web.post(api + "/users/@me/channels", self.open_dm),
            web.get(channel, self.get_channel),
            web.patch(channel, self.edit_channel),
            web.post(channel + "/typing", self.typing),
            web.get(channel + "/messages", self.list_messages),
            web.post(channel + "/messages", self.create_message),
            web.get(channel + "/messages/{message}", self.get_message),
            web.patch(channel + "/messages/{message}", self.edit_message),
            web.delete(channel + "/messages/{message}", self.delete_message),
            web.post(channel + "/messages/{message}/threads", self.start_thread),
            web.post(channel + "/threads", self.start_thread_alone),
            web.post(api + "/interactions/{interaction}/{token}/callback", self.callback),
            web.post(webhook, self.followup),
            web.get(webhook + "/messages/{message}", self.webhook_get),
            web.patch(webhook + "/messages/{message}", self.webhook_edit),
            web.delete(webhook + "/messages/{message}", self.webhook_delete),
            web.get("/attachments/{channel}/{attachment}/{filename}", self.attachment),
            *self.emu.events.routes(api),
            *self.emu.activities.routes(api),
            web.get("/gateway/", self.emu.gateway.handle),
            web.get("/gateway", self.emu.gateway.handle),
            web.route("*", api + "/{tail:.*}", self.unknown_route),
        ]

    # --- login and application ---
    async def me(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization", "").startswith("Bearer "):
            return json_response(self.emu.activities.bearer_me(request))  # an Activity's user
        self.emu.note_login()
        return json_response(
            {**self.emu.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0}
        )

    async def get_user(self, request: web.Request) -> web.Response:
        return json_response(self.emu.user_by_id(int(request.match_info["user"])).payload())

    async def application(self, request: web.Request) -> web.Response:
        return json_response(self.emu.application_payload())

    async def gateway_bot(self, request: web.Request) -> web.Response:
        limit = {
            "total": 1000,
            "remaining": 999,
            "reset_after": 0,
            "max_concurrency": self.emu.max_concurrency,
        }
        return json_response({"url": self.emu.ws_url, "shards": 1, "session_start_limit": limit})

    # --- commands ---
    def _scope(self, request: web.Request) -> int | None:
        if request.match_info["app"] != str(self.emu.application_id):
            raise ApiError(403, 50001, "Missing Access")
        guild = request.match_info.get("guild")
        if guild is not None and int(guild) not in self.emu.guild_ids:
            raise ApiError(403, 50001, "Missing Access")
        return None if guild is None else int(guild)

    async def list_commands(self, request: web.Request) -> web.Response:
        return json_response(self.emu.commands.listing(self._scope(request)))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload, _ = await read_body(request)
        stored = self.emu.commands.overwrite(scope, payload.get("_list", payload))
        self.emu.changed()
        return json_response(stored)

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload, _ = await read_body(request)
        stored = self.emu.commands.upsert(scope, payload)
        self.emu.changed()
        return json_response(stored, status=201)

    # --- guild ---
    async def get_guild(self, request: web.Request) -> web.Response:
        return json_response(self.emu.guild_payload(self._guild(request)))

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild_id = self._guild(request)
        return json_response(
            [c.payload() for c in self.emu.channels.values() if c.guild_id == guild_id]
        )

    async def get_member(self, request: web.Request) -> web.Response:
        self._guild(request)
        user = self.emu.user_by_id(int(request.match_info["user"]))
        return json_response(self.emu.member_payload(user))

    def _guild(self, request: web.Request) -> int:
        guild_id = int(request.match_info["guild"])
        if guild_id not in self.emu.guild_ids:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild_id

    # --- channels and messages ---
    def _channel(self, request: web.Request) -> Channel:
        """The channel of a channel route, which the bot must be able to see."""
        channel = self.emu.channels.get(int(request.match_info["channel"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        if _denied(channel) & VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        return channel

    def _history(self, channel: Channel) -> None:
        """Reading or editing a message takes Read Message History."""
        if _denied(channel) & READ_MESSAGE_HISTORY:
            raise ApiError(403, 50001, "Missing Access")

    def _reopen(self, thread: Channel) -> None:
        """An archived thread reopened: by a message sent there, or by setting `archived`
        to false; a locked one only with Manage Threads."""
        if thread.locked and not self.emu.permissions(self.emu.bot_user, thread) & MANAGE_THREADS:
            raise ApiError(403, 50013, "Missing Permissions")
        thread.archived = thread.locked = False
        self.emu.gateway.dispatch("THREAD_UPDATE", thread.payload())

    def _message(self, request: web.Request, channel: Channel) -> Message:
        message = self.emu.messages.get(int(request.match_info["message"]))
        # Ephemeral messages exist only for their interaction's webhook, not in the channel.
        if (
            message is None
            or message.channel is not channel
            or message.deleted
            or message.ephemeral
        ):
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def open_dm(self, request: web.Request) -> web.Response:
        payload, _ = await read_body(request)
        try:
            player = self.emu.player_by_id(int(payload.get("recipient_id", 0)))
        except (KeyError, ValueError) as exc:
            raise ApiError(400, 50033, "Invalid Recipient(s)") from exc
        return json_response(self.emu.dm_channel(player).payload())

    async def start_thread(self, request: web.Request) -> web.Response:
        """A public thread started from a message of a text channel: Discord gives it the
        message's id, and each message starts one thread at most."""
        channel = self._channel(request)
        self._history(channel)
        message = self._message(request, channel)
        if channel.kind != TEXT_CHANNEL:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if _denied(channel) & CREATE_PUBLIC_THREADS:
            raise ApiError(403, 50013, "Missing Permissions")
        if message.id in self.emu.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        payload, _ = await read_body(request)
        name = str(payload.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise invalid_form("a thread's name is 1 to 100 characters long")
        thread = self.emu.thread(name, channel, thread_id=message.id)
        return json_response(thread.payload(), status=201)

    async def start_thread_alone(self, request: web.Request) -> web.Response:
        """A thread started with no message in a text channel: public (type 11), the
        only kind the bot makes."""
        channel = self._channel(request)
        if channel.kind != TEXT_CHANNEL:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if _denied(channel) & CREATE_PUBLIC_THREADS:
            raise ApiError(403, 50013, "Missing Permissions")
        payload, _ = await read_body(request)
        name = str(payload.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise invalid_form("a thread's name is 1 to 100 characters long")
        if payload.get("type", PUBLIC_THREAD) != PUBLIC_THREAD:
            raise invalid_form("the emulator makes public threads only")
        thread = self.emu.thread(name, channel, thread_id=self.emu.ids.next())
        return json_response(thread.payload(), status=201)

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).payload())

    async def edit_channel(self, request: web.Request) -> web.Response:
        """Only what the bot may change: reopening an archived thread."""
        channel = self._channel(request)
        payload, _ = await read_body(request)
        if channel.kind != PUBLIC_THREAD or set(payload) != {"archived"} or payload["archived"]:
            raise ApiError(403, 50013, "Missing Permissions")
        if channel.archived:
            self._reopen(channel)
            self.emu.changed()
        return json_response(channel.payload())

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    def _check_can_send(self, channel: Channel, with_files: bool) -> None:
        if channel.kind == DM_CHANNEL:
            assert channel.recipient is not None
            if not channel.recipient.dms_open:
                raise ApiError(403, 50007, "Cannot send messages to this user")
            return
        denied = _denied(channel)
        send = SEND_MESSAGES_IN_THREADS if channel.kind == PUBLIC_THREAD else SEND_MESSAGES
        home = channel.parent or channel
        if denied & send or (with_files and (not home.attach_files or denied & ATTACH_FILES)):
            raise ApiError(403, 50013, "Missing Permissions")

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._history(channel)
        limit = min(int(request.query.get("limit", 50)), 100)
        before = int(request.query.get("before", 2**64))
        after = int(request.query.get("after", 0))
        found = [m for m in channel.messages() if after < m.id < before]
        found = found[:limit] if "after" in request.query else found[-limit:]
        return json_response([m.payload() for m in reversed(found)])

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, uploads = await read_body(request)
        self._check_can_send(channel, bool(uploads))
        if int(payload.get("flags") or 0) & (1 << 6):
            raise invalid_form("only interaction responses can be ephemeral")
        if channel.archived:
            self._reopen(channel)  # a message reopens a thread (unless locked)
        message = self.emu.new_message(channel)
        apply_message(self.emu, message, payload, uploads, creating=True)
        record_pushes(message, payload)
        self.emu.store_message(message)
        self.emu.message_event(message, created=True)
        self.emu.changed()
        return json_response(message.payload())

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._history(channel)
        return json_response(self._message(request, channel).payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._history(channel)
        message = self._message(request, channel)
        if message.author is not self.emu.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        if channel.archived:
            raise ApiError(400, 50083, "Thread is archived")
        payload, uploads = await read_body(request)
        self._check_can_send(channel, bool(uploads))
        apply_message(self.emu, message, payload, uploads, creating=False)
        message.edited_at = self.emu.now()
        self.emu.message_event(message, created=False)
        self.emu.changed()
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        if message.author is not self.emu.bot_user and channel.kind == DM_CHANNEL:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        self.emu.delete_message(message)
        return no_content()

    # --- interactions ---
    def _interaction(self, request: web.Request) -> Interaction:
        interaction = self.emu.interaction_by_token(request.match_info["token"])
        if "interaction" in request.match_info:
            if interaction is None or request.match_info["interaction"] != str(interaction.id):
                raise ApiError(404, 10062, "Unknown interaction")
        elif interaction is None or request.match_info["app"] != str(self.emu.application_id):
            raise ApiError(404, 10015, "Unknown Webhook")
        elif (
            interaction.token_expired
            or self.emu.loop_time() - interaction.created > self.emu.token_lifetime
        ):
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return interaction

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        payload, uploads = await read_body(request)
        answer = interaction.respond(int(payload.get("type", 0)), payload.get("data"), uploads)
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(answer)
        return no_content()

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        payload, uploads = await read_body(request)
        message = interaction.webhook_send(payload, uploads)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.payload())
        return no_content()

    async def webhook_get(self, request: web.Request) -> web.Response:
        message = self._interaction(request).webhook_message(request.match_info["message"])
        return json_response(message.payload())

    async def webhook_edit(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        payload, uploads = await read_body(request)
        message = interaction.webhook_edit(request.match_info["message"], payload, uploads)
        return json_response(message.payload())

    async def webhook_delete(self, request: web.Request) -> web.Response:
        message = self._interaction(request).webhook_message(request.match_info["message"])
        self.emu.delete_message(message)
        return no_content()

    # --- files and the rest ---
    async def attachment(self, request: web.Request) -> web.Response:
        for message in self._channel(request).all_messages:
            for a in message.attachments:
                if (
                    str(a.id) == request.match_info["attachment"]
                    and a.filename == request.match_info["filename"]
                ):
                    return web.Response(body=a.data, headers={"Content-Type": a.content_type})
        raise ApiError(404, 0, "404: Not Found")

    async def unknown_route(self, request: web.Request) -> web.Response:
        self.emu.unhandled.append(f"{request.method} {request.path}")
        raise ApiError(
            404, 0, f"404: Not Found (the emulator does not know {request.method} {request.path})"
        )


def _denied(channel: Channel) -> int:
    """The permissions the bot lacks in `channel`: a thread's are its parent's."""
    return (channel.parent or channel).bot_denied
