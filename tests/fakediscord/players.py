"""Players: the members tests act as. They type slash commands, click buttons, pick from select
menus, type into autocompleted options, fill in modals, post plain messages and read their DMs,
each refused (CommandRefused, ComponentRefused) where Discord's own client would refuse."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.fakediscord import components as comp
from tests.fakediscord.activities import APP_HANDLER
from tests.fakediscord.core import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    CommandRefused,
    ComponentRefused,
    Refused,
)
from tests.fakediscord.interactions import Choice, Interaction, Modal
from tests.fakediscord.model import DM_CHANNEL, Channel, Message, MessageVersion, User

if TYPE_CHECKING:
    from tests.fakediscord.activities import ActivityInstance
    from tests.fakediscord.emulator import FakeDiscord
    from tests.fakediscord.events import ScheduledEvent


class Player(User):
    def __init__(
        self, emu: FakeDiscord, user_id: int, name: str, *, dms_open: bool, manage_guild: bool
    ) -> None:
        super().__init__(user_id, name)
        self.emu = emu
        self.dms_open = dms_open
        self.manage_guild = manage_guild
        self.manage_events = False
        """A role with Manage Events (set it to give one)."""
        self.dm: Channel | None = None

    # --- scheduled events (tests/fakediscord/events.py) ---
    async def interested(self, event: ScheduledEvent, interested: bool = True) -> None:
        """Marks the server's scheduled event as interested (or, False, no longer)."""
        self.emu.events.mark(event, self, interested)

    async def not_interested(self, event: ScheduledEvent) -> None:
        await self.interested(event, False)

    # --- Activities (tests/fakediscord/activities.py) ---
    def join_activity(self, instance: ActivityInstance) -> None:
        """Joins the Activity (leaving any other this player is in)."""
        self.emu.activities.join(instance, self)

    def leave_activity(self, instance: ActivityInstance) -> None:
        """Leaves it; the instance ends when its last user leaves."""
        self.emu.activities.leave(instance, self)

    async def launch(self, channel: Channel, timeout: float | None = None) -> ActivityInstance:
        """Launches the app's Activity in `channel` from the App Launcher (its Entry Point
        command): Discord launches it itself (handler 2), or asks the bot (handler 1),
        which must answer LAUNCH_ACTIVITY. The instance this player is then in."""
        self._check_can_see(channel)
        entry = self.emu.activities.entry_point()
        if entry is None:
            raise CommandRefused("this application has no Entry Point command: no Activity")
        if entry.get("handler") != APP_HANDLER:
            return self.emu.activities.launched_by_discord(self, channel)
        data = {"id": entry["id"], "name": entry["name"], "type": entry["type"]}
        interaction = Interaction(
            self.emu, APPLICATION_COMMAND, self, channel, data, name=entry["name"]
        )
        self.emu.dispatch_interaction(interaction)
        await interaction.ack(timeout)
        if interaction.launched is None:
            raise AssertionError(f"{interaction!r} was not answered by launching the Activity")
        return interaction.launched

    # --- slash commands ---
    async def slash(self, channel: Channel, command: str, **options: Any) -> Interaction:
        """Types `/command` with options in `channel` (a guild channel, or `player.dm_channel()`).
        Returns at once; await `.message()`, `.ack()`, `.followup()` or `.modal()` on the result."""
        command = command.removeprefix("/")
        self._check_can_see(channel)
        invocation = self.emu.commands.invocation(command, channel.guild_id, options)
        self._check_may_use(invocation.command, channel)
        data = invocation.data
        resolved = self._resolved(invocation.targets, channel)
        if resolved:
            data["resolved"] = resolved
        interaction = Interaction(self.emu, APPLICATION_COMMAND, self, channel, data, name=command)
        return self.emu.dispatch_interaction(interaction)

    async def autocomplete(
        self, channel: Channel, command: str, option: str, typed: str = "", **others: Any
    ) -> list[Choice]:
        """Types `typed` into the autocompleted `option` of `/command`; returns the bot's
        suggestions (at most 25, as Discord allows)."""
        command = command.removeprefix("/")
        self._check_can_see(channel)
        invocation = self.emu.commands.invocation(
            command, channel.guild_id, {**others, option: typed}, focused=option
        )
        self._check_may_use(invocation.command, channel)
        interaction = Interaction(
            self.emu, AUTOCOMPLETE, self, channel, invocation.data, name=command
        )
        self.emu.dispatch_interaction(interaction)
        return await interaction.choices()

    def _check_may_use(self, command: dict[str, Any], channel: Channel) -> None:
        # Discord hides a command whose default_member_permissions the member lacks.
        required = command.get("default_member_permissions")
        if required is None or channel.guild_id is None:
            return
        needed = int(required)
        if needed == 0 or self.emu.permissions(self, channel) & needed != needed:
            raise CommandRefused(f"{self.name} lacks the permissions /{command['name']} requires")

    def dm_channel(self) -> Channel:
        """This player's DM channel with the bot (for slash commands in DMs)."""
        return self.emu.dm_channel(self)

    # --- components ---
    async def click(self, message: Message, button: str) -> Interaction:
        """Clicks the button labelled `button` (or with that custom_id) on `message`. Only an
        enabled, non-link button that is on the message as this player sees it."""
        self._check_message(message)
        found = [b for b in message.buttons() if button in (b.label, b.custom_id)]
        if not found:
            names = [b.label or b.custom_id for b in message.buttons()]
            raise ComponentRefused(f"no button {button!r} on {message!r} (buttons: {names})")
        target = found[0]
        if target.disabled:
            raise ComponentRefused(f"button {button!r} on {message!r} is disabled")
        if target.custom_id is None:
            raise ComponentRefused(f"button {button!r} is a link, it opens {target.url}")
        data = {"custom_id": target.custom_id, "component_type": comp.BUTTON}
        return self._component(message, data)

    async def select(
        self, message: Message, menu: str, values: list[str] | list[User]
    ) -> Interaction:
        """Picks `values` in the select menu with custom_id (or placeholder) `menu`. For a
        string menu the values must be among its options; for a user menu pass players."""
        self._check_message(message)
        found = [s for s in message.selects() if menu in (s.custom_id, s.placeholder)]
        if not found:
            names = [s.custom_id for s in message.selects()]
            raise ComponentRefused(f"no select menu {menu!r} on {message!r} (menus: {names})")
        target = found[0]
        if target.disabled:
            raise ComponentRefused(f"select menu {menu!r} on {message!r} is disabled")
        if not target.min_values <= len(values) <= target.max_values:
            raise ComponentRefused(
                f"menu {menu!r} takes {target.min_values} to {target.max_values} values,"
                f" not {len(values)}"
            )
        data: dict[str, Any] = {"custom_id": target.custom_id, "component_type": target.type}
        if target.type == comp.STRING_SELECT:
            for value in values:
                if value not in target.values:
                    raise ComponentRefused(
                        f"{value!r} is not an option of {menu!r} (options: {target.values})"
                    )
            data["values"] = list(values)
        elif target.type == comp.USER_SELECT:
            users = [v for v in values if isinstance(v, User)]
            if len(users) != len(values):
                raise ComponentRefused(f"menu {menu!r} picks users: pass players")
            data["values"] = [str(u.id) for u in users]
            data["resolved"] = self._resolved(list(users), message.channel)
        else:
            raise ComponentRefused(f"select menus of type {target.type} are not emulated")
        return self._component(message, data)

    def _component(self, message: Message, data: dict[str, Any]) -> Interaction:
        interaction = Interaction(
            self.emu, MESSAGE_COMPONENT, self, message.channel, data, message=message
        )
        return self.emu.dispatch_interaction(interaction)

    def _check_message(self, message: Message) -> None:
        if not message.visible_for(self):
            raise ComponentRefused(f"{self.name} cannot see {message!r}")
        if message.loading:
            raise ComponentRefused(f"{message!r} is still loading")
        self._check_can_see(message.channel)

    def _check_can_see(self, channel: Channel) -> None:
        if channel.kind == DM_CHANNEL and channel.recipient is not self:
            raise Refused(f"{self.name} cannot use {channel!r}, another player's DMs")

    # --- modals ---
    async def submit(self, modal: Modal, **values: str) -> Interaction:
        """Fills in the modal's text inputs (by custom_id or label) and submits it."""
        by_key: dict[str, str] = {}
        fields = modal.fields
        for key, value in values.items():
            field = next((f for f in fields if key in (f.custom_id, f.label)), None)
            if field is None:
                raise ComponentRefused(f"modal {modal.title!r} has no field {key!r}")
            by_key[field.custom_id] = value
        for field in fields:
            value = by_key.get(field.custom_id, field.value or "")
            if field.required and not value:
                raise ComponentRefused(f"modal field {field.label!r} is required")
            if value and not field.min_length <= len(value) <= field.max_length:
                raise ComponentRefused(
                    f"modal field {field.label!r} takes {field.min_length} to"
                    f" {field.max_length} characters"
                )
            by_key[field.custom_id] = value
        data = {
            "custom_id": modal.custom_id,
            "components": comp.modal_submit_components(modal.components, by_key),
        }
        source = modal.interaction
        interaction = Interaction(
            self.emu, MODAL_SUBMIT, self, source.channel, data, message=source.source
        )
        return self.emu.dispatch_interaction(interaction)

    # --- forged interactions (fuzzing) ---
    async def forge(
        self, channel: Channel, kind: int, data: dict[str, Any], *, message: Message | None = None
    ) -> Interaction:
        """Sends an interaction of `kind` (2 command, 3 component, 4 autocomplete, 5 modal)
        with `data` as given, unchecked: what Discord's client would never send (forged or
        stale custom_ids, malformed options), for tests that the bot survives it."""
        interaction = Interaction(self.emu, kind, self, channel, data, message=message)
        return self.emu.dispatch_interaction(interaction)

    # --- plain messages, DMs ---
    async def say(self, channel: Channel, content: str) -> Message:
        """Posts a plain message (the bot gets MESSAGE_CREATE, content only if it may read it)."""
        self._check_can_see(channel)
        message = self.emu.new_message(channel, author=self)
        message.content = content
        message.snapshot()
        self.emu.store_message(message)
        self.emu.message_event(message, created=True)
        self.emu.changed()
        return message

    def dm_messages(self) -> list[Message]:
        """The bot's DMs to this player so far, oldest first."""
        return [] if self.dm is None else self.dm.messages(self)

    def pushes(self, after: int = 0) -> list[Message]:
        """The messages that notified this player (a push on their phone), posted after
        the message id `after`, oldest first: new DMs without the silent flag, and
        channel messages whose mentions of them were allowed (`Message.pushes`)."""
        found = [
            message
            for channel in self.emu.channels.values()
            for message in channel.all_messages
            if message.id > after and self.id in message.pushes
        ]
        return sorted(found, key=lambda message: message.id)

    async def dms(self, at_least: int = 1, timeout: float | None = None) -> list[Message]:
        """This player's DMs, once there are at least `at_least` of them."""
        return await self.emu.wait_for(
            lambda: self.dm_messages() if len(self.dm_messages()) >= at_least else None,
            timeout,
            what=lambda: f"{at_least} DMs to {self.name} (has {len(self.dm_messages())})",
        )

    def history(self) -> list[tuple[Message, MessageVersion]]:
        """Every state of every message this player could ever see (guild channels and their
        own DMs, their ephemerals included, deleted and edited-away states too): for scans
        that nothing private to another player ever reached them."""
        seen = []
        for channel in self.emu.channels.values():
            if channel.kind == DM_CHANNEL and channel.recipient is not self:
                continue
            for message in channel.all_messages:
                if message.visible_to is None or message.visible_to is self:
                    seen += [(message, version) for version in message.versions]
        return seen

    def sees(self, channel: Channel) -> list[Message]:
        """The messages of `channel` as this player sees them (their own ephemerals included)."""
        return channel.messages(self)

    def _resolved(self, targets: list[User | Channel], channel: Channel) -> dict[str, Any]:
        resolved: dict[str, Any] = {}
        for target in targets:
            key = str(target.id)
            if isinstance(target, Channel):
                # As Discord resolves a channel option: with the member's permissions there.
                found = {**target.payload(), "permissions": str(self.emu.permissions(self, target))}
                resolved.setdefault("channels", {})[key] = found
                continue
            resolved.setdefault("users", {})[key] = target.payload()
            if channel.guild_id is not None:
                member = self.emu.member_payload(target, channel)
                member.pop("user")
                resolved.setdefault("members", {})[key] = member
        return resolved
