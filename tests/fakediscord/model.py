"""What the emulated Discord holds: users, channels, messages and their attachments, with the
JSON Discord sends for each, and the reading side of the test-facing API (what a player sees in
a channel, the text and images of a message, waiting until a message changes)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PIL import Image

from tests.fakediscord import components as comp
from tests.fakediscord.core import (
    ATTACH_FILES,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_NOTIFICATIONS,
    iso_time,
    snowflake_time,
)

if TYPE_CHECKING:
    from tests.fakediscord.emulator import FakeDiscord
    from tests.fakediscord.players import Player

TEXT_CHANNEL, DM_CHANNEL, VOICE_CHANNEL, PUBLIC_THREAD = 0, 1, 2, 11


class User:
    """A Discord account. Players (tests/fakediscord/players.py) add the actions."""

    def __init__(self, user_id: int, name: str, *, bot: bool = False) -> None:
        self.id = user_id
        self.name = name
        self.bot = bot
        self.locale = "en-US"
        """The language of this user's Discord app, sent with each interaction."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} {self.id}>"


@dataclass
class Attachment:
    id: int
    filename: str
    content_type: str
    data: bytes
    url: str
    description: str | None = None
    width: int | None = None
    height: int | None = None

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            body["description"] = self.description
        if self.width is not None:
            body["width"], body["height"] = self.width, self.height
        return body

    def image(self) -> Image.Image:
        """The attachment decoded with Pillow (raises if it is not an image)."""
        image = Image.open(io.BytesIO(self.data))
        image.load()
        return image


@dataclass(frozen=True)
class MessageVersion:
    """One state of a message, kept so tests can check everything a message ever showed."""

    content: str
    embeds: tuple[dict[str, Any], ...]
    components: tuple[dict[str, Any], ...]
    attachments: tuple[Attachment, ...]

    @property
    def text(self) -> str:
        """Everything a player could read in this state (`Message.text`)."""
        return read_text(self.content, self.embeds, self.components)


_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
"""A backslash before ASCII punctuation: Discord's markdown shows the punctuation alone."""


def as_read(markdown: str) -> str:
    """Markdown with its escapes as Discord's client shows them ("ann\\_b" reads "ann_b");
    the rest of the markdown is kept, for tests that check the bold of a line."""
    return _ESCAPED.sub(r"\1", markdown)


def embed_text(embed: dict[str, Any]) -> list[str]:
    parts = [embed.get("title"), embed.get("description")]
    for f in embed.get("fields") or []:
        parts += [f.get("name"), f.get("value")]
    parts += [(embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
    return [str(p) for p in parts if p]


def components_text(components: list[dict[str, Any]]) -> list[str]:
    parts = []
    for c in comp.walk(components):
        if c.get("content"):  # a text display: markdown
            parts.append(as_read(str(c["content"])))
        for key in ("label", "placeholder"):
            if c.get(key):
                parts.append(str(c[key]))
        for option in c.get("options") or []:
            parts += [str(option.get("label", "")), str(option.get("description") or "")]
    return [p for p in parts if p]


def read_text(
    content: str, embeds: Sequence[dict[str, Any]], components: Sequence[dict[str, Any]]
) -> str:
    """A message's words as a player reads them: its content, its embeds' texts, then its
    components' (a layout's text displays in order, the controls' labels)."""
    parts = [as_read(content)] if content else []
    for embed in embeds:
        parts += [as_read(part) for part in embed_text(embed)]
    parts += components_text(list(components))
    return "\n".join(parts)


class Message:
    """A message as the emulator holds it; edits change it in place (and append a version)."""

    def __init__(
        self,
        emu: FakeDiscord,
        message_id: int,
        channel: Channel,
        author: User,
        *,
        visible_to: Player | None = None,
        interaction: Any = None,
        message_type: int = 0,
    ) -> None:
        self.emu = emu
        self.id = message_id
        self.channel = channel
        self.author = author
        self.visible_to = visible_to
        self.interaction = interaction
        self.type = message_type
        self.content = ""
        self.embeds: list[dict[str, Any]] = []
        self.components: list[dict[str, Any]] = []
        self.attachments: list[Attachment] = []
        self.flags = 0
        self.pushes: frozenset[int] = frozenset()
        """The users its posting notified (`payloads.record_pushes`); an edit notifies
        nobody."""
        self.edited_at: float | None = None
        self.deleted = False
        self.versions: list[MessageVersion] = []

    # --- reading (test-facing) ---
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def silent(self) -> bool:
        """Sent with Discord's "suppress notifications" flag: it pushes nobody."""
        return bool(self.flags & FLAG_SUPPRESS_NOTIFICATIONS)

    @property
    def loading(self) -> bool:
        """A deferred answer still showing "<bot> is thinking...\"."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def edits(self) -> int:
        return max(0, len(self.versions) - 1)

    @property
    def text(self) -> str:
        """Content, embed texts and component texts joined: everything a player can read,
        markdown escapes as read (`as_read`); `content` is what was sent."""
        return read_text(self.content, self.embeds, self.components)

    def buttons(self) -> list[comp.Button]:
        return comp.buttons(self.components)

    def selects(self) -> list[comp.Select]:
        return comp.selects(self.components)

    def images(self) -> list[Image.Image]:
        """Every image attachment, decoded with Pillow."""
        return [a.image() for a in self.attachments if a.content_type.startswith("image/")]

    def visible_for(self, viewer: User | None) -> bool:
        if self.deleted:
            return False
        return self.visible_to is None or (viewer is not None and viewer.id == self.visible_to.id)

    async def wait_until(
        self, predicate: Callable[[Message], Any], timeout: float | None = None
    ) -> Message:
        """Waits until predicate(message) holds (after the bot's edits); returns the message."""
        await self.emu.wait_for(
            lambda: predicate(self),
            timeout,
            what=lambda: f"{self!r} to match; it reads {self.text!r}",
        )
        return self

    async def wait_edited(self, edits: int | None = None, timeout: float | None = None) -> Message:
        """Waits for one more edit than now (or until the message has `edits` edits)."""
        target = self.edits + 1 if edits is None else edits
        return await self.wait_until(lambda m: m.edits >= target, timeout)

    def payload(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "content": self.content,
            "author": self.author.payload(),
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "mentions": self._mentions(),
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "flags": self.flags,
            "timestamp": iso_time(snowflake_time(self.id)),
            "edited_timestamp": None if self.edited_at is None else iso_time(self.edited_at),
        }
        if self.channel.guild_id is not None:
            body["guild_id"] = str(self.channel.guild_id)
        if self.author.bot:
            body["application_id"] = str(self.author.id)
        if self.interaction is not None:
            body["webhook_id"] = str(self.author.id)
            body["interaction_metadata"] = self.interaction.metadata()
        return body

    def _mentions(self) -> list[dict[str, Any]]:
        """The users its words mention: in its content, or in a layout's text displays."""
        found = []
        words = [self.content] + [
            str(c.get("content") or "")
            for c in comp.walk(self.components)
            if c.get("type") == comp.TEXT_DISPLAY
        ]
        for user_id in sorted({int(m) for m in re.findall(r"<@!?(\d+)>", "\n".join(words))}):
            try:
                found.append(self.emu.user_by_id(user_id).payload())
            except KeyError:
                continue
        return found

    def snapshot(self) -> None:
        self.versions.append(
            MessageVersion(
                self.content, tuple(self.embeds), tuple(self.components), tuple(self.attachments)
            )
        )

    def __repr__(self) -> str:
        who = f" only for {self.visible_to.name}" if self.visible_to else ""
        return f"<Message {self.id} in #{self.channel.name} by {self.author.name}{who}>"


@dataclass(eq=False)
class Channel:
    """A guild text channel or a DM channel; holds its messages in order."""

    emu: FakeDiscord
    id: int
    name: str
    kind: int = TEXT_CHANNEL
    guild_id: int | None = None
    recipient: Player | None = None
    attach_files: bool = True
    bot_denied: int = 0
    """Permission bits the bot lacks in this channel (a member overwrite on the bot)."""
    position: int = 0
    parent: Channel | None = None
    """A thread's channel (threads are channels of their own, kind PUBLIC_THREAD)."""
    archived: bool = False
    """A thread closed for inactivity: its messages cannot be edited until it is reopened
    (sending a message reopens it, unless it is also locked)."""
    locked: bool = False
    """A thread only members who manage threads may reopen."""
    all_messages: list[Message] = field(default_factory=list)

    def messages(self, viewer: User | None = None) -> list[Message]:
        """What `viewer` sees here, oldest first: no deleted messages, and ephemeral messages
        only if they are the viewer's own. Without a viewer: what everyone sees."""
        return [m for m in self.all_messages if m.visible_for(viewer)]

    def last(self, viewer: User | None = None) -> Message | None:
        seen = self.messages(viewer)
        return seen[-1] if seen else None

    async def wait_message(
        self,
        predicate: Callable[[Message], Any] = bool,
        *,
        viewer: User | None = None,
        after: int = 0,
        timeout: float | None = None,
    ) -> Message:
        """The first message (visible to viewer, id above `after`) matching predicate, waiting
        for it if needed. `after=channel.mark()` taken before an action means "a new message"."""

        def find() -> Message | None:
            for m in self.messages(viewer):
                if m.id > after and not m.loading and predicate(m):
                    return m
            return None

        return await self.emu.wait_for(find, timeout, what=f"a matching message in #{self.name}")

    def mark(self) -> int:
        """The newest message id so far (0 if none), for wait_message(after=...)."""
        return max((m.id for m in self.all_messages), default=0)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        if self.kind == DM_CHANNEL:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM_CHANNEL,
                "last_message_id": None,
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        overwrites = []
        if not self.attach_files:
            # Deny on the @everyone role (its id is the guild id): the bot cannot attach files.
            overwrites.append(
                {"id": str(self.guild_id), "type": 0, "allow": "0", "deny": str(ATTACH_FILES)}
            )
        if self.bot_denied:
            bot_id = self.emu.bot_user.id
            overwrites.append(
                {"id": str(bot_id), "type": 1, "allow": "0", "deny": str(self.bot_denied)}
            )
        if self.kind == PUBLIC_THREAD:
            assert self.parent is not None
            return {
                "id": str(self.id),
                "type": PUBLIC_THREAD,
                "guild_id": str(self.guild_id),
                "name": self.name,
                "parent_id": str(self.parent.id),
                "owner_id": str(self.emu.owner.id),
                "message_count": len(self.all_messages),
                "member_count": 1,
                "rate_limit_per_user": 0,
                "last_message_id": None,
                "flags": 0,
                "thread_metadata": {
                    "archived": self.archived,
                    "locked": self.locked,
                    "auto_archive_duration": 60,
                    "archive_timestamp": iso_time(1700000000),
                },
            }
        if self.kind == VOICE_CHANNEL:
            return {
                "id": str(self.id),
                "type": VOICE_CHANNEL,
                "guild_id": str(self.guild_id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": overwrites,
                "parent_id": None,
                "nsfw": False,
                "bitrate": 64000,
                "user_limit": 0,
                "rtc_region": None,
                "rate_limit_per_user": 0,
                "last_message_id": None,
                "flags": 0,
            }
        return {
            "id": str(self.id),
            "type": TEXT_CHANNEL,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": overwrites,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }

    def __repr__(self) -> str:
        return f"<Channel #{self.name} {self.id}>"
