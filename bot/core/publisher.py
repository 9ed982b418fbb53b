"""Showing a game after every move, for every game kind.

- The table message (one per game) is edited with the rendered public table and the
  last actions in words; it is drawn from `public_view` only, so the channel never
  shows a private card.
- Extra channel posts (score sheets, winners).
- The turn line: the table message's first line mentions the players whose moment it
  is, without notifying them (the table is sent with no mention allowed). The new DM
  their turn starts with is what notifies them when they are away (bot/core/pushes.py),
  so a separate channel ping is sent only to players whose DMs are closed (and the
  previous such ping is deleted). At most one notification per turn, one channel
  message per game.
- Each player's hand message by DM: `HandMessages` (bot/core/handmessages.py), which
  the publisher owns and calls at every move.
- A channel where Discord refuses the bot (a permission taken away during a game) is
  left alone for CHANNEL_PAUSE instead of being refused at every move.
The pictures are drawn by `Pictures` (bot/core/pictures.py), all of a move's at once;
the lines above the game's text come from bot/core/table_lines.py. The REST calls of a
move that do not depend on each other go out at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Collection, Hashable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

import discord

from bot.core.absences import seats_away
from bot.core.activity import LiveTables
from bot.core.followers import Followers
from bot.core.gameui import (
    ANY_VERSION,
    MESSAGE_LIMIT,
    Control,
    GameButton,
    Post,
    SharedVerb,
    fit,
    view_of,
)
from bot.core.handmessages import HandMessages, LaterWrites
from bot.core.kinds import GameKind
from bot.core.language import localise_items
from bot.core.lobby_messages import Fields, drawn
from bot.core.pictures import Pictures
from bot.core.pushes import Pushes
from bot.core.screen import Lobby
from bot.core.session import Clicked, Session
from bot.core.skill import identity
from bot.core.storage import GameRow, Status, Storage
from bot.core.storage.ratings import RatingChange
from bot.core.summary import game_over_post
from bot.core.table_lines import closed_hint
from bot.core.table_words import NO_FILES_NOTE, game_language, said, table_message_words
from games.protocol import Event, EventKind
from games.text import _p, joined
from lang import ENGLISH

log = logging.getLogger(__name__)


MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
THREAD_ARCHIVED = 50083
CHANNEL_PAUSE = 600.0
"""Seconds the bot leaves a channel alone after Discord refused it there (a permission
taken away): every refused request counts toward Discord's limit of invalid requests
(10,000 in 10 minutes, then a ban), so a move must not repeat it."""
T = TypeVar("T")

REPOST_MINUTES = 3
"""At most this often per game the table is sent again at the bottom of the channel
when other messages pushed it up (at the start of a turn). Three minutes: a lively game
starts a turn every few seconds, and a table jumping at every turn would move under
the readers' eyes and cost two calls each time; a chatty channel never buries it under
more than three minutes of talk."""


async def _done(result: bool) -> bool:
    """An already finished step, for `asyncio.gather`."""
    return result


class ChannelPaused(Exception):
    """The game's channel refused the bot a short while ago: it is left alone."""


class Publisher:
    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        kinds: Mapping[str, GameKind],
        executor: Executor,
        minute: float = 60.0,
    ) -> None:
        self.client = client
        self.minute = minute
        """Seconds in one of the bot's clock minutes (`Settings.timer_minute`)."""
        self.storage = storage
        self.kinds = kinds
        self.executor = executor
        self._pings: dict[int, int] = {}
        """game id -> the last "your turn" message (sent to closed DMs only), deleted when
        the next one is sent so the channel does not fill up (the table keeps the story)."""
        self.pictures = Pictures(executor, self._channel_name)
        """The pictures of every message, drawn off the event loop and kept by view."""
        self.render = self.pictures.render
        self.writes = LaterWrites()
        """Bookkeeping written after the move's answer, shared with `hands`."""
        self._notified: dict[int, tuple[Hashable, set[str]]] = {}
        """game id -> (the turn, who was notified in it), for `GameUI.notice_turn`."""
        self._notices: dict[int, dict[str, list[int]]] = {}
        """game id -> seat name -> channel notices about that player's turn (`say`)."""
        self._paused: dict[int, float] = {}
        """channel id -> when Discord refused the bot there (`CHANNEL_PAUSE`)."""
        self._looked: dict[int, float] = {}
        """game id -> when the channel was last looked at for a table pushed up."""
        self.pushes = Pushes(storage, minute)
        """Who acted lately, and which new hand messages notify (bot/core/pushes.py)."""
        self.hands = HandMessages(
            client, storage, kinds, self.render, self.writes, self._usable, self.pushes
        )
        """Each player's hand message in their DMs: drawn with `render`, its bookkeeping
        written through `writes`, the closed-DM notice said in `_usable`."""
        self.followers = Followers(client, storage, self.render, minute)
        self.live: LiveTables | None = None
        """The Activity's pages (bot/core/activity.py), when its server runs."""
        """The table in the DMs of members following the game (bot/core/followers.py)."""

    def _channel_name(self, channel_id: int) -> str | None:
        channel = self.client.get_channel(channel_id)
        return getattr(channel, "name", None)

    def prefetch(self, session: Session, names: Sequence[str]) -> None:
        """Starts drawing the table and these players' hands while the move is being
        committed; `publish` then finds them drawn or half-way (the same views)."""
        kind = session.record
        self.pictures.drawing(kind.pictures.table, session.public_view(), game_language(session))
        for name in names:
            seat = session.seat_of(name)
            if seat is not None and not seat.is_ai and not seat.dm_closed and kind.pictures.hand:
                self.pictures.drawing(kind.pictures.hand, session.view_for(name))

    async def close_lobby(self, row: GameRow, message_id: int, text: str) -> None:
        """A closed lobby's message says why, in the game's language, and loses its
        buttons; a failure to edit it is logged (the lobby is closed all the same)."""
        content = said(text, row.language or ENGLISH)
        await self._edit_lobby(row, message_id, {"content": content, "view": None})

    async def edit_lobby(self, message_id: int, lobby: Lobby) -> None:
        """A lobby's message redrawn from elsewhere than a click on it; a failure is
        logged (what was stored stays)."""
        await self._edit_lobby(lobby.row, message_id, drawn(lobby))

    async def _edit_lobby(self, row: GameRow, message_id: int, fields: Fields) -> None:
        channel = self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        try:
            await channel.get_partial_message(message_id).edit(
                **{"allowed_mentions": discord.AllowedMentions.none(), **fields}
            )
        except discord.HTTPException:
            log.info("could not edit the lobby of game %s", row.id)

    def channel(self, session: Session) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(
            session.row.channel_id, guild_id=session.row.guild_id
        )

    def _usable(self, session: Session) -> discord.PartialMessageable:
        """The game's channel, unless Discord refused the bot there lately."""
        channel_id = session.row.channel_id
        since = self._paused.get(channel_id)
        if since is not None:
            if time.monotonic() - since < CHANNEL_PAUSE:
                raise ChannelPaused()
            del self._paused[channel_id]
        return self.channel(session)

    def paused(self, channel_id: int) -> bool:
        since = self._paused.get(channel_id)
        return since is not None and time.monotonic() - since < CHANNEL_PAUSE

    # -- the table -------------------------------------------------------------------

    def table_items(self, session: Session) -> list[discord.ui.Item[Any]]:
        if session.status != Status.RUNNING:
            return []
        label = session.record.words.hand_button
        items: list[discord.ui.Item[Any]] = [
            GameButton(Control(session.id, ANY_VERSION, SharedVerb.HAND), label)
        ]
        if self.live is not None:  # the Activity's server runs: its launcher
            opened = Control(session.id, ANY_VERSION, SharedVerb.ACTIVITY)
            items.append(GameButton(opened, _p("button", "Open the table")))
        return items

    async def update_table(
        self, session: Session, reopened: bool = False, starting: Collection[str] = ()
    ) -> None:
        """The table message edited (or sent anew) as the game is now; `starting`: as
        in `deadline_line`. Laid out in Components V2 (bot/core/layout.py): whose moment
        it is, the game's line and each seat's figures over the picture, the last actions
        under it, then the controls."""
        self.followers.changed(session)
        if self.live is not None:
            self.live.changed(session)
        kind = session.record
        language = game_language(session)
        away = await seats_away(self.storage, session.row, session.seats)
        words = table_message_words(session, self.minute, starting, away=away)
        file = await self.render(
            kind.pictures.table, session.table().view, "table.png", words.alt, language
        )
        items = self.table_items(session)
        localise_items(items, language)

        def layout(picture: discord.File | None) -> discord.ui.LayoutView:
            return words.laid_out(picture, items)

        channel = self._usable(session)
        if session.table_message_id is not None:
            target = channel.get_partial_message(session.table_message_id)
            try:
                # content=None: a message sent without the layout (a lobby that became
                # the table) is upgraded to it only with its content cleared.
                await _without_file_if_refused(
                    lambda f: target.edit(
                        content=None, attachments=[f] if f else [], view=layout(f)
                    ),
                    file,
                )
                return
            except discord.NotFound:
                log.info("table message of game %s is gone; posting a new one", session.id)
            except discord.HTTPException as error:
                if error.code != THREAD_ARCHIVED or reopened:
                    raise
                # A thread Discord archived while nobody wrote (a slow game) keeps its
                # messages as they are until it is reopened, which Send Messages allows
                # when the thread is not locked (a locked one refuses: the channel pauses).
                await self.client.http.edit_channel(session.row.channel_id, archived=False)
                await self.update_table(session, reopened=True, starting=starting)
                return
        none = discord.AllowedMentions.none()  # a table sent anew must not ping its turn line
        message = await _without_file_if_refused(
            lambda f: channel.send(files=[f] if f else [], view=layout(f), allowed_mentions=none),
            file,
        )
        session.table_moved(message.id)
        await self.storage.set_table_message(session.id, message.id)

    async def _pushed_up(self, session: Session) -> bool:
        """Whether other messages came after the table message (score sheets, chat), so
        that a turn starting now should bring the table back to the bottom: looked at
        once per REPOST_MINUTES per game at most (one read of the channel's newest
        message), and never in a game's first REPOST_MINUTES in this process."""
        now = time.monotonic()
        since = self._looked.setdefault(session.id, now)
        if now - since < REPOST_MINUTES * self.minute or session.table_message_id is None:
            return False
        self._looked[session.id] = now
        try:
            newest = [m async for m in self._usable(session).history(limit=1)]
        except (discord.HTTPException, ChannelPaused):
            return False  # no Read Message History here: the table stays where it is
        return bool(newest) and newest[0].id != session.table_message_id

    async def repost_table(self, session: Session, starting: Collection[str] = ()) -> None:
        """The table sent anew at the bottom of the channel, the old message deleted."""
        old = session.table_message_id
        session.table_moved(None)
        await self.update_table(session, starting=starting)
        if old is not None:
            await self._delete_in_channel(session, old)

    async def post(self, session: Session, post: Post) -> None:
        language = game_language(session)
        file: discord.File | None = None
        if post.image is not None:
            alt = post.alt or post.text
            view = session.public_view()
            file = await self.render(post.image, view, post.filename, alt, language)
        channel = self._usable(session)
        items = view_of(list(post.items))
        localise_items(items.children, language)
        text = fit(said(post.text, language))
        note = "\n" + said(NO_FILES_NOTE, language)
        bare = fit(text, MESSAGE_LIMIT - len(note)) + note  # says which permission is missing
        await _without_file_if_refused(
            lambda f: channel.send(content=text if f else bare, files=[f] if f else [], view=items),
            file,
        )

    async def say(
        self, session: Session, text: str, ping: bool = True, about: str | None = None
    ) -> bool:
        """A notice in the game's channel (a timer's reminder, a new host, an ending),
        cut to Discord's limit and guarded like every step of a move: False if it could
        not be said. A notice `about` one player's turn (a reminder, an expired turn)
        is deleted once that turn has passed, so timers leave nothing behind."""

        async def send() -> None:
            mentions = discord.AllowedMentions(users=ping)
            words = fit(said(text, game_language(session)))
            message = await self._usable(session).send(words, allowed_mentions=mentions)
            if about is not None:
                self._notices.setdefault(session.id, {}).setdefault(about, []).append(message.id)

        return await self._guarded(session, "notice", send())

    async def _unsay(self, session: Session, awaiting: Sequence[str], newly: Sequence[str]) -> None:
        """The notices about turns that have passed deleted: their player is no longer
        awaited, or their next turn began."""
        notices = self._notices.get(session.id, {})
        for name in [name for name in notices if name not in awaiting or name in newly]:
            for message_id in notices.pop(name):
                await self._delete_in_channel(session, message_id)

    async def remind(self, session: Session, name: str, events: Sequence[Event]) -> None:
        """`name`'s hand message sent anew, notifying them, with `events` on top (a
        slow game's reminder: over days the channel is no place for it)."""
        await self.hands.update_dm(session, name, notify=True, events=events)

    async def flush(self, game_id: int) -> None:
        """Waits for the game's pending writes (see `LaterWrites`)."""
        await self.writes.flush(game_id)

    async def flush_all(self) -> None:
        """Every game's pending writes, before the bot stops."""
        await self.writes.flush_all()

    # -- everything after a move -----------------------------------------------------

    async def _rating_changes(self, session: Session) -> dict[str, RatingChange]:
        """Each seat's all-time rating change in the finished game, by seat name: the
        person's, the computer level's, or, for a seat the computer took over, the
        person's it was taken from (bot/core/storage/ratings.py)."""
        changes = {c.player: c for c in await self.storage.rating_changes(session.id)}
        by_name = {}
        for seat in session.seats:
            if seat.replaced_user_id is not None:
                player = seat.replaced_user_id
            else:
                player = identity(seat.user_id, seat.ai_level)
            if player in changes:
                by_name[seat.name] = changes[player]
        return by_name

    async def publish(
        self,
        session: Session,
        events: Sequence[Event],
        before_awaiting: Sequence[str],
        via: Clicked | None = None,
        repeat: bool = False,
    ) -> None:
        """Everything after a move. Each step is guarded on its own: a failed DM must
        not keep the table or the other players' hands from updating. The table, the
        posts and every hand are drawn and sent at once; the closed-DM ping comes
        last, when the DMs have said whose are closed. `repeat`: moves shown once more
        after a stop, whose DMs may have gone out before it (`HandMessages.update_dm`)."""
        await self.flush(session.id)
        self.hands.reached(session, via)
        kind = session.record
        ui = kind.ui
        table = session.table()
        awaiting = table.awaiting
        again = ui.turn_starts(events)
        newly = [name for name in awaiting if name not in before_awaiting or name in again]
        newly = self._once_per_turn(session, newly, again)
        asked = ui.asked(table, events)
        posts = ui.posts(table, events)
        if any(event.kind == EventKind.GAME_OVER for event in events):
            ratings = await self._rating_changes(session)
            posts.append(game_over_post(kind, table, session.row.created_at, ratings=ratings))
        if newly and await self._pushed_up(session):
            # The new table goes out first: the hand messages link to it.
            moved = await self._guarded(session, "table", self.repost_table(session, again))
            table_step = _done(moved)
        else:
            table_step = self._guarded(session, "table", self.update_table(session, False, again))
        shown = await asyncio.gather(
            table_step,
            self._guarded(session, "post", self._posts(session, posts)),
            self._guarded(session, "notice", self._unsay(session, awaiting, newly)),
            *(
                self._guarded(
                    session,
                    "hand",
                    self.hands.update_dm(
                        session,
                        seat.name,
                        seat.name in newly,
                        via,
                        repeat,
                        events,
                        asked=seat.name in asked,
                    ),
                )
                for seat in list(session.seats)
            ),
        )
        closed = [seat.name for seat in session.seats if seat.name in newly and seat.dm_closed]
        text = ui.turn_text(session.table(), closed) if closed else None
        if text:
            text = joined("\n", [text, closed_hint(kind)])
            await self._guarded(session, "turn", self._ping(session, text))
        elif session.id in self._pings and (session.status != Status.RUNNING or newly):
            await self._guarded(
                session, "turn", self._delete_in_channel(session, self._pings.pop(session.id))
            )
        if all(shown):
            self.shown(session)
        self.hands.tidy(session)
        if session.status != Status.RUNNING:
            self.forget(session.id)

    def _once_per_turn(self, session: Session, newly: list[str], again: set[str]) -> list[str]:
        """`newly` without the players already notified in this turn (`notice_turn`),
        except those whose own turn begins."""
        turn = session.record.ui.notice_turn(session.table())
        if turn is None:
            return newly
        seen_turn, seen = self._notified.get(session.id, (None, set()))
        if seen_turn != turn:
            seen = set()
        kept = [name for name in newly if name not in seen or name in again]
        self._notified[session.id] = (turn, seen | set(newly))
        return kept

    def shown(self, session: Session) -> None:
        """The game is shown in full as of its version: a start after a crash need not
        show it again (`Storage.games_to_restore`). Written after the move's answer, like
        a DM's signature; a crash before the write only shows the game once more."""
        self.writes.add(session.id, self.storage.set_published(session.id, session.version))

    def forget(self, game_id: int) -> None:
        """A finished game's per-process notes dropped."""
        self._pings.pop(game_id, None)
        self._notices.pop(game_id, None)
        self._notified.pop(game_id, None)
        self._looked.pop(game_id, None)
        self.hands.forget(game_id)

    async def _posts(self, session: Session, posts: Sequence[Post]) -> None:
        for post in posts:  # in their order
            await self.post(session, post)

    async def _ping(self, session: Session, text: str) -> None:
        channel = self._usable(session)
        message = await channel.send(
            fit(said(text, game_language(session))),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        previous = self._pings.get(session.id)
        self._pings[session.id] = message.id
        if previous is not None:
            await self._delete_in_channel(session, previous)

    async def _delete_in_channel(self, session: Session, message_id: int) -> None:
        """One of the bot's messages in the game's channel deleted (a ping, a notice, an
        old table); one already gone or refused is left to be."""
        try:
            await self._usable(session).get_partial_message(message_id).delete()
        except (discord.HTTPException, ChannelPaused):
            log.debug("could not delete message %s", message_id)

    async def _guarded(self, session: Session, what: str, step: Awaitable[Any]) -> bool:
        """False, logged, if the step failed: the next move or the next start repairs it.
        A channel that refuses the bot is left alone for a while (`CHANNEL_PAUSE`)."""
        try:
            await step
        except ChannelPaused:
            return False
        except discord.Forbidden as error:
            if error.code not in (MISSING_ACCESS, MISSING_PERMISSIONS):
                log.exception("game %s: publishing the %s failed", session.id, what)
                return False
            channel_id = session.row.channel_id
            if not self.paused(channel_id):
                self._paused[channel_id] = time.monotonic()
                log.warning(
                    "game %s: Discord refused the bot in channel %s (%s); leaving that "
                    "channel alone for %.0f minutes",
                    session.id,
                    channel_id,
                    error.text or error.code,
                    CHANNEL_PAUSE / 60,
                )
            return False
        except Exception:
            log.exception("game %s: publishing the %s failed", session.id, what)
            return False
        return True

    async def update_hands(
        self, session: Session, via: Clicked | None = None, asked: Sequence[str] = ()
    ) -> None:
        """The hand messages brought up to date after a change that is not a move (a
        take-back asked, agreed to or refused), the clicked one through its click; the
        players `asked` for an answer get a new message, which notifies them."""
        await self.flush(session.id)
        self.hands.reached(session, via)
        await asyncio.gather(
            *(
                self._guarded(
                    session,
                    "hand",
                    self.hands.update_dm(
                        session, seat.name, seat.name in asked, via, asked=seat.name in asked
                    ),
                )
                for seat in list(session.seats)
            )
        )
        self.hands.tidy(session)

    async def refresh(self, session: Session) -> None:
        """The table message redrawn and hand messages brought up to date (after a
        restart, an abandon): what the game is now, whatever was shown before."""
        await self.flush(session.id)
        shown = await asyncio.gather(
            self._guarded(session, "table", self.update_table(session)),
            *(
                self._guarded(session, "hand", self.hands.update_dm(session, seat.name, False))
                for seat in list(session.seats)
            ),
        )
        if all(shown):
            self.shown(session)
        self.hands.tidy(session)
        await self.flush(session.id)


async def _without_file_if_refused(
    send: Callable[[discord.File | None], Awaitable[T]], file: discord.File | None
) -> T:
    """Sends with the picture; if the channel refuses attachments (50013), sends again
    without it (`send(None)` puts words in its place and says which permission is
    missing)."""
    try:
        return await send(file)
    except discord.Forbidden as error:
        if error.code != MISSING_PERMISSIONS or file is None:
            raise
        return await send(None)
