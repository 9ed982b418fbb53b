"""Members following a running game they do not play: its table in their DMs, one
message edited in place as the game goes on, silent, until they unfollow or the game
ends (`/games` offers the server's games to follow).

A follower's message is the table message's own words and picture, drawn from the
public view only, in the language the follower read when they asked: they never see
more than the channel does. Edits are gathered: a game's followers are brought up to
date at most once every `FOLLOW_PAUSE_MINUTES`, with the table as it stands then, so a
quick exchange of moves (computer players answer at once) costs one edit, not one per
move. When the game ends their message shows its end, without the Unfollow button,
and they follow it no more."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.core.absences import seats_away
from bot.core.errors import Refusal
from bot.core.language import localise_items
from bot.core.layout import laid_out
from bot.core.session import Session
from bot.core.storage import GameRow, Status, Storage
from bot.core.storage.rows import Follower
from bot.core.table_words import table_message_words
from games.text import _, _n, _p

log = logging.getLogger(__name__)

FOLLOW_PAUSE_MINUTES = 0.03
"""About two seconds on the bot's clock between two edits of a follower's message."""
MOST_FOLLOWERS = 25
"""Followers of one game: each costs one edit per update."""
MOST_FOLLOWED = 5
"""Games one member follows at once."""
UNFOLLOW_TEMPLATE = r"follow:(?P<game>[0-9]{1,19}):u"
"""The follower's message's Unfollow button (bot/exts/_following.py answers it)."""
UNFOLLOW = _p("button", "Unfollow")
TO_THE_TABLE = _p("button", "Go to the table")

Render = Callable[..., Awaitable[discord.File | None]]


class Followers:
    """The follower messages of every game this process publishes (`publisher.followers`)."""

    def __init__(
        self, client: discord.Client, storage: Storage, render: Render, minute: float
    ) -> None:
        self.client = client
        self.storage = storage
        self.render = render
        self.minute = minute
        self._latest: dict[int, Session] = {}
        """game id -> the session to show at the end of the pause under way."""
        self._pending: dict[int, asyncio.Task[None]] = {}
        self._sending: set[tuple[int, int]] = set()
        """(game, member) whose first message `follow` is sending: the edits leave
        them alone until it is sent, so that a change meanwhile sends no second one."""

    async def follow(self, session: Session, user_id: int, language: str) -> None:
        """`user_id` follows the game: its table sent to their DMs now, silently.
        `Refusal` saying why not."""
        if session.status != Status.RUNNING:
            raise Refusal(_("That game is over; its replay shows how it went."))
        if any(seat.user_id == user_id for seat in session.seats):
            raise Refusal(_("You play in that game: your hand message shows its table."))
        followed = await self.storage.followed(user_id)
        if session.id not in followed and len(followed) >= MOST_FOLLOWED:
            raise Refusal(
                _n(
                    "You follow {count} game already, the most at once: unfollow it first.",
                    "You follow {count} games already, the most at once: unfollow one first.",
                    len(followed),
                )
            )
        if len(await self.storage.followers(session.id)) >= MOST_FOLLOWERS:
            raise Refusal(_("That game has as many followers as it can have."))
        # Marked before the row exists: an edit reading the followers from then on
        # leaves this one to the send below.
        key = (session.id, user_id)
        if key in self._sending:  # a second click while the first is answered
            raise Refusal(_("You follow that game already: its table is in your DMs."))
        self._sending.add(key)
        try:
            if not await self.storage.follow(session.id, user_id, language):
                raise Refusal(_("You follow that game already: its table is in your DMs."))
            shown = (session.version, session.status)
            try:
                await self._send(session, Follower(session.id, user_id, language))
            except discord.Forbidden:
                await self.storage.unfollow(session.id, user_id)
                raise Refusal(
                    _("I cannot send you direct messages: allow them from this server's members.")
                ) from None
        finally:
            self._sending.discard(key)
        if (session.version, session.status) != shown:  # moved or ended while it was drawn
            self.changed(session)

    async def unfollow(self, game_id: int, user_id: int) -> bool:
        """`user_id` follows the game no more; False if they did not."""
        return await self.storage.unfollow(game_id, user_id)

    def changed(self, session: Session) -> None:
        """The game's table changed: its followers are brought up to date after the
        pause (one edit for every change until then)."""
        self._latest[session.id] = session
        if session.id not in self._pending:
            self._pending[session.id] = asyncio.create_task(self._keep_up(session.id))

    async def _keep_up(self, game_id: int) -> None:
        """One task per game while its table changes: its followers' edits one after the
        other, so an older table never lands after a newer one."""
        try:
            while game_id in self._latest:
                await asyncio.sleep(FOLLOW_PAUSE_MINUTES * self.minute)
                await self._bring_up_to_date(self._latest.pop(game_id))
        finally:
            # No await since the loop's last look: a change from now on starts a new task.
            del self._pending[game_id]

    async def _bring_up_to_date(self, session: Session) -> None:
        # Whether the end is shown is read before the first edit: a game that ends
        # while they are sent is shown ended by the next round (its end is a change).
        ended = session.status != Status.RUNNING
        try:
            shown = [
                follower
                for follower in await self.storage.followers(session.id)
                if await self._show(session, follower)
            ]
            if ended:
                # Those shown the end; one whose first message is being sent is shown
                # it once that is sent (`follow`), then stops too.
                for follower in shown:
                    await self.storage.unfollow(session.id, follower.user_id)
        except Exception:
            log.exception("bringing the followers of game %s up to date failed", session.id)

    async def _show(self, session: Session, follower: Follower) -> bool:
        """One follower's message edited as the game stands (sent anew if its first send
        failed); False if it is left to the first send under way."""
        if follower.channel_id is None or follower.message_id is None:
            if (session.id, follower.user_id) in self._sending:
                return False
            await self._send(session, follower)  # its first send failed: sent now
            return True
        layout, files = await self._message(session, follower.language)
        channel = self._dm(follower.channel_id)
        try:
            await channel.get_partial_message(follower.message_id).edit(
                attachments=files, view=layout
            )
        except discord.NotFound:  # deleted by the follower: they follow no more
            await self.storage.unfollow(session.id, follower.user_id)
        except discord.Forbidden:
            await self.storage.unfollow(session.id, follower.user_id)
        return True

    async def _send(self, session: Session, follower: Follower) -> None:
        dm = await self.client.create_dm(discord.Object(follower.user_id))
        layout, files = await self._message(session, follower.language)
        sent = await self._dm(dm.id).send(
            view=layout,
            files=files,
            silent=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.storage.set_follower_message(session.id, follower.user_id, dm.id, sent.id)

    async def _message(
        self, session: Session, language: str
    ) -> tuple[discord.ui.LayoutView, list[discord.File]]:
        """The table message's words and picture in `language`, with the way to the
        table and, while the game runs, Unfollow."""
        away = await seats_away(self.storage, session.row, session.seats)
        # The words, the picture and the Unfollow button of one version, whatever moves
        # while the picture is drawn.
        words = table_message_words(session, self.minute, language=language, away=away)
        running = session.status == Status.RUNNING
        kind = session.record
        picture = await self.render(
            kind.pictures.table, session.public_view(), "table.png", words.alt, language
        )
        link = table_address(session.row, session.table_message_id)
        items: list[discord.ui.Item[Any]] = [discord.ui.Button(label=TO_THE_TABLE, url=link)]
        if running:
            custom_id = f"follow:{session.id}:u"
            items.append(discord.ui.Button(label=UNFOLLOW, custom_id=custom_id))
        localise_items(items, language)
        instead = "" if picture is not None else words.instead
        layout = laid_out(words.top, picture, words.alt, words.under, items, instead)
        return layout, [picture] if picture is not None else []

    def _dm(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    def close(self) -> None:
        for task in self._pending.values():
            task.cancel()


def table_address(row: GameRow, message_id: int | None) -> str:
    """The address of the game's table message, or of its channel before it is drawn."""
    address = f"https://discord.com/channels/{row.guild_id or '@me'}/{row.channel_id}"
    return f"{address}/{message_id}" if message_id else address
