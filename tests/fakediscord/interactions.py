"""One interaction (a slash command, a click, a menu pick, an autocomplete, a modal submit) from
the moment a player makes it: the INTERACTION_CREATE the bot receives, Discord's rules for the
answer (one acknowledgement, in 3 seconds, of a type that fits; then follow-ups and edits
through the webhook), and the test-facing waits for what the player sees as the answer."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tests.fakediscord import components as comp
from tests.fakediscord.activities import CALLBACK_LAUNCH_ACTIVITY
from tests.fakediscord.core import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CALLBACK_AUTOCOMPLETE,
    CALLBACK_DEFERRED_MESSAGE,
    CALLBACK_DEFERRED_UPDATE,
    CALLBACK_MESSAGE,
    CALLBACK_MODAL,
    CALLBACK_UPDATE_MESSAGE,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    ApiError,
    InteractionFailed,
    invalid_form,
)
from tests.fakediscord.payloads import Upload, apply_message, record_pushes

if TYPE_CHECKING:
    from tests.fakediscord.activities import ActivityInstance
    from tests.fakediscord.emulator import FakeDiscord
    from tests.fakediscord.model import Channel, Message
    from tests.fakediscord.players import Player

ALLOWED = {
    APPLICATION_COMMAND: {
        CALLBACK_MESSAGE,
        CALLBACK_DEFERRED_MESSAGE,
        CALLBACK_MODAL,
        CALLBACK_LAUNCH_ACTIVITY,
    },
    MESSAGE_COMPONENT: {
        CALLBACK_MESSAGE,
        CALLBACK_DEFERRED_MESSAGE,
        CALLBACK_DEFERRED_UPDATE,
        CALLBACK_UPDATE_MESSAGE,
        CALLBACK_MODAL,
        CALLBACK_LAUNCH_ACTIVITY,
    },
    AUTOCOMPLETE: {CALLBACK_AUTOCOMPLETE},
    MODAL_SUBMIT: {
        CALLBACK_MESSAGE,
        CALLBACK_DEFERRED_MESSAGE,
        CALLBACK_DEFERRED_UPDATE,
        CALLBACK_UPDATE_MESSAGE,
        CALLBACK_LAUNCH_ACTIVITY,
    },
}
KIND_NAMES = {2: "slash command", 3: "component", 4: "autocomplete", 5: "modal submit"}


@dataclass(frozen=True)
class Choice:
    name: str
    value: str | int | float


@dataclass
class Modal:
    """A modal the bot opened for a player; `await player.submit(modal, field=value)`."""

    interaction: Interaction
    custom_id: str
    title: str
    components: list[dict[str, Any]]

    @property
    def fields(self) -> list[comp.TextInput]:
        return comp.text_inputs(comp.label_inputs(self.components))


class Interaction:
    def __init__(
        self,
        emu: FakeDiscord,
        kind: int,
        user: Player,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        name: str = "",
    ) -> None:
        self.emu = emu
        self.id = emu.ids.next()
        self.token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        self.kind = kind
        self.user = user
        self.channel = channel
        self.data = data
        self.source = message  # the message whose component was used, if any
        self.name = name
        self.response_type: int | None = None
        self.failed = False
        self.original: Message | None = None
        self.followups: list[Message] = []
        self.modal_opened: Modal | None = None
        self.autocomplete_choices: list[Choice] | None = None
        self.launched: ActivityInstance | None = None
        """The Activity instance the player joined, answered with LAUNCH_ACTIVITY (12)."""
        self.created = asyncio.get_running_loop().time()
        self.token_expired = False
        self.acked_at: float | None = None
        self._edits_at_ack = 0
        self._timer: asyncio.TimerHandle | None = None

    def __repr__(self) -> str:
        what = f" {self.name}" if self.name else ""
        return f"<Interaction {KIND_NAMES.get(self.kind, self.kind)}{what} by {self.user.name}>"

    # --- the bot's side ---
    def start_deadline(self, seconds: float) -> None:
        self._timer = asyncio.get_running_loop().call_later(seconds, self._expire)

    def _expire(self) -> None:
        if self.response_type is None:
            self.failed = True
            self.emu.failed_interactions.append(self)
            self.emu.changed()

    def cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

    def metadata(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "id": str(self.id),
            "type": self.kind,
            "user": self.user.payload(),
            "authorizing_integration_owners": {},
        }
        if self.kind == APPLICATION_COMMAND:
            body["name"] = self.name
        if self.source is not None:
            body["interacted_message_id"] = str(self.source.id)
        return body

    def respond(self, callback: int, data: Any, uploads: list[Upload]) -> dict[str, Any]:
        """POST /interactions/{id}/{token}/callback: the answer, checked as Discord does."""
        if self.failed:
            raise ApiError(404, 10062, "Unknown interaction")
        if self.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if callback not in ALLOWED.get(self.kind, set()):
            name = KIND_NAMES.get(self.kind)
            raise invalid_form(f"callback type {callback} does not apply to a {name} interaction")
        if callback in (CALLBACK_DEFERRED_UPDATE, CALLBACK_UPDATE_MESSAGE) and self.source is None:
            raise invalid_form("a modal not opened from a message cannot update a message")
        data = data if isinstance(data, dict) else {}
        resource: dict[str, Any] | None = None
        if callback == CALLBACK_MESSAGE:
            self.original = self._new_message(data, uploads, loading=False)
        elif callback == CALLBACK_DEFERRED_MESSAGE:
            self.original = self._new_message(data, uploads, loading=True)
        elif callback == CALLBACK_UPDATE_MESSAGE:
            assert self.source is not None
            apply_message(self.emu, self.source, data, uploads, creating=False)
            self.source.edited_at = self.emu.now()
            self.original = self.source
        elif callback == CALLBACK_DEFERRED_UPDATE:
            assert self.source is not None
            self.original = self.source
            self._edits_at_ack = self.source.edits
        elif callback == CALLBACK_AUTOCOMPLETE:
            self.autocomplete_choices = _check_choices(data.get("choices"))
        elif callback == CALLBACK_MODAL:
            comp.check_modal(data)
            self.modal_opened = Modal(self, data["custom_id"], data["title"], data["components"])
        elif callback == CALLBACK_LAUNCH_ACTIVITY:
            self.launched = self.emu.activities.launch(self)
            resource = {"type": callback, "activity_instance": {"id": self.launched.id}}
        self._acknowledge(callback)
        if callback in (CALLBACK_MESSAGE, CALLBACK_DEFERRED_MESSAGE, CALLBACK_UPDATE_MESSAGE):
            assert self.original is not None
            resource = {"type": callback, "message": self.original.payload()}
            self.emu.message_event(self.original, created=callback != CALLBACK_UPDATE_MESSAGE)
        answer: dict[str, Any] = {"interaction": {"id": str(self.id), "type": self.kind}}
        if self.original is not None and callback != CALLBACK_DEFERRED_UPDATE:
            answer["interaction"].update(
                response_message_id=str(self.original.id),
                response_message_loading=self.original.loading,
                response_message_ephemeral=self.original.ephemeral,
            )
        if self.launched is not None:
            answer["interaction"]["activity_instance_id"] = self.launched.id
        if resource is not None:
            answer["resource"] = resource
        return answer

    def _acknowledge(self, callback: int) -> None:
        self.response_type = callback
        self.acked_at = asyncio.get_running_loop().time()
        self.cancel_timer()
        self.emu.changed()

    def _new_message(
        self, data: dict[str, Any], uploads: list[Upload], *, loading: bool
    ) -> Message:
        ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        message_type = 20 if self.kind == APPLICATION_COMMAND else 0
        message = self.emu.new_message(
            self.channel,
            visible_to=self.user if ephemeral else None,
            interaction=self,
            message_type=message_type,
        )
        extra = (FLAG_EPHEMERAL if ephemeral else 0) | (FLAG_LOADING if loading else 0)
        if loading:
            message.flags = extra  # no version yet: filling it in is its first, not an edit
        else:
            apply_message(self.emu, message, data, uploads, creating=True, extra_flags=extra)
            record_pushes(message, data, answer=True)
        self.emu.store_message(message)
        return message

    def webhook_send(self, payload: dict[str, Any], uploads: list[Upload]) -> Message:
        """POST /webhooks/{app}/{token}: a follow-up; the first one after a deferred "thinking"
        answer replaces the loading message, as on Discord."""
        if self.response_type is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        if self.original is not None and self.original.loading:
            return self.webhook_edit("@original", payload, uploads)
        ephemeral = bool(int(payload.get("flags") or 0) & FLAG_EPHEMERAL)
        message = self.emu.new_message(
            self.channel, visible_to=self.user if ephemeral else None, interaction=self
        )
        apply_message(
            self.emu,
            message,
            payload,
            uploads,
            creating=True,
            extra_flags=FLAG_EPHEMERAL if ephemeral else 0,
        )
        record_pushes(message, payload)
        self.emu.store_message(message)
        self.followups.append(message)
        self.emu.message_event(message, created=True)
        self.emu.changed()
        return message

    def webhook_message(self, target: str) -> Message:
        if target == "@original":
            if self.original is None or self.original.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            return self.original
        for message in [self.original, *self.followups]:
            if message is not None and str(message.id) == target and not message.deleted:
                return message
        raise ApiError(404, 10008, "Unknown Message")

    def webhook_edit(self, target: str, payload: dict[str, Any], uploads: list[Upload]) -> Message:
        message = self.webhook_message(target)
        was_loading = message.loading
        apply_message(self.emu, message, payload, uploads, creating=False)
        if was_loading:
            message.flags &= ~FLAG_LOADING
            record_pushes(message, payload, answer=True)  # the answer, posted at last
        else:
            message.edited_at = self.emu.now()
        self.emu.message_event(message, created=False)
        self.emu.changed()
        return message

    # --- the player's side (test-facing) ---
    async def ack(self, timeout: float | None = None) -> int:
        """The callback type the bot answered with (4 message, 5 deferred, 6 deferred update,
        7 update, 8 autocomplete, 9 modal, 12 launch activity). InteractionFailed if the 3
        seconds ran out."""
        await self.emu.wait_for(
            lambda: self.response_type is not None or self.failed,
            timeout,
            what=f"an answer to {self!r}",
        )
        if self.response_type is None:
            raise InteractionFailed(
                f"{self!r} was not acknowledged in time: This interaction failed"
            )
        return self.response_type

    async def message(self, timeout: float | None = None) -> Message:
        """What the player sees as the answer: the reply (after a deferral, once it is filled
        in), or the clicked message once updated (after a deferred update, once edited)."""
        callback = await self.ack(timeout)
        if callback == CALLBACK_MODAL:
            raise AssertionError(
                f"{self!r} was answered with a modal: use await interaction.modal()"
            )
        if callback == CALLBACK_AUTOCOMPLETE:
            raise AssertionError(
                f"{self!r} was answered with choices: use await interaction.choices()"
            )
        if callback == CALLBACK_LAUNCH_ACTIVITY:
            raise AssertionError(
                f"{self!r} was answered by launching the Activity: see interaction.launched"
            )
        assert self.original is not None
        original = self.original
        if callback == CALLBACK_DEFERRED_UPDATE:
            await self.emu.wait_for(
                lambda: original.edits > self._edits_at_ack,
                timeout,
                what=f"the edit after deferring {self!r}",
            )
        else:
            await self.emu.wait_for(
                lambda: not original.loading, timeout, what=f"the reply to {self!r}"
            )
        return original

    async def followup(self, index: int = 0, timeout: float | None = None) -> Message:
        """The index-th follow-up message (waits for it)."""
        await self.emu.wait_for(
            lambda: len(self.followups) > index, timeout, what=f"follow-up #{index} of {self!r}"
        )
        return self.followups[index]

    async def modal(self, timeout: float | None = None) -> Modal:
        callback = await self.ack(timeout)
        if callback != CALLBACK_MODAL or self.modal_opened is None:
            raise AssertionError(
                f"{self!r} was answered with callback type {callback}, not a modal"
            )
        return self.modal_opened

    async def choices(self, timeout: float | None = None) -> list[Choice]:
        await self.ack(timeout)
        assert self.autocomplete_choices is not None
        return self.autocomplete_choices

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral


def _check_choices(raw: Any) -> list[Choice]:
    if not isinstance(raw, list):
        raise invalid_form("autocomplete choices must be a list")
    if len(raw) > 25:
        raise invalid_form(f"at most 25 autocomplete choices, not {len(raw)}")
    out = []
    for c in raw:
        name = c.get("name") if isinstance(c, dict) else None
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise invalid_form(f"a choice name has 1 to 100 characters: {c!r}")
        value = c.get("value")
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise invalid_form(f"a choice value is a string or a number: {c!r}")
        if isinstance(value, str) and len(value) > 100:
            raise invalid_form(f"a choice value has at most 100 characters: {c!r}")
        out.append(Choice(name, value))
    return out
