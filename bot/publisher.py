"""Showing a game after every move, for every game kind.

- The table message (one per game) is edited with the rendered public table and the
  last actions in words; it is drawn from `public_view` only, so the channel never
  shows a private card.
- Extra channel posts (score sheets, winners) and a short message mentioning the
  players whose moment begins.
- Each player's hand message by DM, from their own view only: a new DM when their
  turn starts (so Discord notifies them), an edit otherwise, nothing when neither
  their private view nor their controls changed (a signature stored per seat).
  Closed DMs are announced in the channel once, without revealing anything.
Images are drawn in a thread pool, off the event loop.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

import discord

from bot.controls import Control, GameButton, view_of
from bot.gameui import GameUI, Post
from bot.sessions import Session
from bot.storage import Storage
from games.protocol import Event

log = logging.getLogger(__name__)

DM_CLOSED = 50007
MISSING_PERMISSIONS = 50013
T = TypeVar("T")
RENDER_TIMEOUT = 20.0
"""Seconds a picture may take before the words go out without it (a stuck renderer must
never hold a game's lock for ever)."""


def _png(draw: Callable[[Any], Any], view: Any) -> bytes:
    from render.encode import to_png

    return to_png(draw(view))


class Publisher:
    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        uis: dict[str, GameUI],
        executor: Executor,
    ) -> None:
        self.client = client
        self.storage = storage
        self.uis = uis
        self.executor = executor
        self._pings: dict[int, int] = {}
        """game id -> the last "your turn" message, deleted when the next one is sent so
        the channel does not fill up with pings (the table message keeps the story)."""

    async def render(
        self, draw: Callable[[Any], Any], view: Any, filename: str
    ) -> discord.File | None:
        """The picture as an attachment, drawn in the thread pool; None if drawing fails
        (the words still go out: a broken image must never stop a game)."""
        loop = asyncio.get_running_loop()
        try:
            data = await asyncio.wait_for(
                loop.run_in_executor(self.executor, _png, draw, view), RENDER_TIMEOUT
            )
        except Exception:
            log.exception("drawing %s failed", filename)
            return None
        return discord.File(io.BytesIO(data), filename=filename)

    def channel(self, session: Session) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(
            session.row.channel_id, guild_id=session.row.guild_id
        )

    # -- the table -------------------------------------------------------------------

    def table_items(self, session: Session) -> list[discord.ui.Item[Any]]:
        if session.status != "running":
            return []
        label = self.uis[session.kind].hand_button
        return [GameButton(Control(session.id, 0, "hand"), label)]

    async def update_table(self, session: Session) -> None:
        ui = self.uis[session.kind]
        text = ui.table_text(session)
        file = await self.render(ui.table_image, session.engine.public_view(), "table.png")
        files = [file] if file else []
        view = view_of(self.table_items(session))
        channel = self.channel(session)
        if session.table_message_id is not None:
            target = channel.get_partial_message(session.table_message_id)
            try:
                await _without_files_if_refused(
                    lambda f, t: target.edit(content=t, attachments=f, view=view),
                    files,
                    text,
                    ui.table_words(session),
                )
                return
            except discord.NotFound:
                log.info("table message of game %s is gone; posting a new one", session.id)
        message = await _without_files_if_refused(
            lambda f, t: channel.send(content=t, files=f, view=view),
            files,
            text,
            ui.table_words(session),
        )
        session.table_message_id = message.id
        await self.storage.set_table_message(session.id, message.id)

    async def post(self, session: Session, post: Post) -> None:
        files: list[discord.File] = []
        if post.image is not None:
            file = await self.render(post.image, session.engine.public_view(), post.filename)
            files = [file] if file else []
        channel = self.channel(session)
        await _without_files_if_refused(
            lambda f, t: channel.send(content=t, files=f), files, post.text
        )

    # -- hands -----------------------------------------------------------------------

    async def private_message(
        self, session: Session, name: str, with_controls: bool = True
    ) -> tuple[str, list[discord.File], discord.ui.View]:
        """One player's hand message: words, picture and controls, from their view."""
        ui = self.uis[session.kind]
        view = session.engine.view_for(name)
        file = await self.render(ui.private_image, view, "hand.png")
        items = ui.controls(session, name) if with_controls else []
        return ui.private_text(session, name), [file] if file else [], view_of(items)

    async def update_dm(self, session: Session, name: str, notify: bool) -> None:
        seat = session.seat_of(name)
        if seat is None or seat.is_ai:  # a computer player reads its view, not DMs
            return
        signature = self.uis[session.kind].message_signature(session, name)
        if signature == seat.dm_signature and not notify:
            return
        if seat.dm_closed and not notify:
            return
        content, files, view = await self.private_message(session, name)
        try:
            channel_id = seat.dm_channel_id
            if channel_id is None:
                channel_id = (await self.client.create_dm(discord.Object(seat.user_id))).id
            dm = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            message_id = seat.dm_message_id
            edited = False
            if message_id is not None and not notify:
                try:
                    await dm.get_partial_message(message_id).edit(
                        content=content, attachments=files, view=view
                    )
                    edited = True
                except discord.NotFound:
                    pass
            if not edited:
                if message_id is not None:
                    await self._retire(dm, message_id)
                message_id = (await dm.send(content=content, files=files, view=view)).id
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            await self._dm_closed(session, seat.user_id, name, announce=not seat.dm_closed)
            return
        await self.storage.set_dm(session.id, seat.user_id, channel_id, message_id, signature)
        self._replace_seat(
            session,
            name,
            dm_channel_id=channel_id,
            dm_message_id=message_id,
            dm_signature=signature,
            dm_closed=False,
        )

    async def _retire(self, dm: discord.PartialMessageable, message_id: int) -> None:
        """An older hand message loses its controls when a new one is sent."""
        try:
            await dm.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException:
            log.debug("could not retire DM %s", message_id)

    async def _dm_closed(self, session: Session, user_id: int, name: str, announce: bool) -> None:
        await self.storage.set_dm_closed(session.id, user_id, True)
        self._replace_seat(session, name, dm_closed=True)
        if announce:
            ui = self.uis[session.kind]
            await self.channel(session).send(
                f"<@{user_id}>, I cannot send you direct messages, so {ui.hand_words}: "
                f"use `/{ui.command} {ui.hand_command}` (or the table's **{ui.hand_button}** "
                "button) to see them and play.",
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    def _replace_seat(self, session: Session, name: str, **changes: Any) -> None:
        session.seats = [
            dataclasses.replace(seat, **changes) if seat.name == name else seat
            for seat in session.seats
        ]

    # -- everything after a move -----------------------------------------------------

    async def publish(
        self, session: Session, events: Sequence[Event], before_awaiting: Sequence[str]
    ) -> None:
        """Everything after a move. Each step is guarded on its own: a failed DM must
        not keep the table or the other players' hands from updating."""
        ui = self.uis[session.kind]
        await self._guarded(session, "table", self.update_table(session))
        for post in ui.posts(session, events):
            await self._guarded(session, "post", self.post(session, post))
        awaiting = session.engine.awaiting if session.status == "running" else ()
        again = ui.turn_starts(events)
        newly = [name for name in awaiting if name not in before_awaiting or name in again]
        for seat in list(session.seats):
            notify = seat.name in newly
            await self._guarded(session, "hand", self.update_dm(session, seat.name, notify))
        text = ui.turn_text(session, newly) if newly else None
        closed = [seat for seat in session.seats if seat.name in newly and seat.dm_closed]
        if text and closed:
            who = ", ".join(f"<@{seat.user_id}>" for seat in closed)
            text += f"\n{who}: your DMs are closed; play with `/{ui.command} {ui.hand_command}`."
        if text:
            await self._guarded(session, "turn", self._ping(session, text))
        elif session.status != "running" and session.id in self._pings:
            await self._guarded(session, "turn", self._unping(session, self._pings.pop(session.id)))

    async def _ping(self, session: Session, text: str) -> None:
        channel = self.channel(session)
        message = await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        previous = self._pings.get(session.id)
        self._pings[session.id] = message.id
        if previous is not None:
            await self._unping(session, previous)

    async def _unping(self, session: Session, message_id: int) -> None:
        try:
            await self.channel(session).get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.debug("could not delete turn message %s", message_id)

    async def _guarded(self, session: Session, what: str, step: Awaitable[Any]) -> None:
        try:
            await step
        except Exception:
            log.exception("game %s: publishing the %s failed", session.id, what)

    async def refresh(self, session: Session) -> None:
        """After a restart: the table message redrawn, hand messages brought up to date."""
        await self._guarded(session, "table", self.update_table(session))
        for seat in list(session.seats):
            await self._guarded(session, "hand", self.update_dm(session, seat.name, False))


NO_FILES_NOTE = (
    "\n*(I may not attach pictures in this channel: give me the Attach Files permission "
    "to see the table.)*"
)


async def _without_files_if_refused(
    send: Callable[[list[discord.File], str], Awaitable[T]],
    files: list[discord.File],
    text: str,
    words: str = "",
) -> T:
    """Sends with the pictures; if the channel refuses attachments (50013), sends the
    words alone (with `words` standing in for the picture) and a note saying which
    permission is missing."""
    try:
        return await send(files, text)
    except discord.Forbidden as error:
        if error.code != MISSING_PERMISSIONS or not files:
            raise
        fallback = f"{text}\n{words}" if words else text
        return await send([], fallback[: 2000 - len(NO_FILES_NOTE)] + NO_FILES_NOTE)
