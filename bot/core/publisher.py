"""Showing a game after every move, for every game kind.

- The table message (one per game) is edited with the rendered public table and the
  last actions in words; it is drawn from `public_view` only, so the channel never
  shows a private card.
- Extra channel posts (score sheets, winners).
- The turn line: the table message's first line mentions the players whose moment it
  is. The new DM their turn starts with is what notifies them, so a separate channel
  ping is sent only to players whose DMs are closed (and the previous such ping is
  deleted). One notification per turn, one channel message per game.
- Each player's hand message by DM, from their own view only, with a link to the
  table: a new DM when their turn starts (so Discord notifies them), an edit
  otherwise, nothing when neither their private view nor their controls changed (a
  signature stored per seat). One hand message per player and game: when a new one
  goes out, the previous one is deleted, after everything else of the move (see
  `Reach` for what that costs). A player who clicked their own hand message sees the
  move in it, redrawn through the click's response, even when their turn starts again
  (they are looking at it). Closed DMs are announced in the channel once, without
  revealing anything, and not tried again in that game.
- A channel where Discord refuses the bot (a permission taken away during a game) is
  left alone for CHANNEL_PAUSE instead of being refused at every move.
Images are drawn in a thread pool, off the event loop, all of a move's at once, and
a picture whose view did not change is not drawn again (a small cache by view).
The REST calls of a move that do not depend on each other go out at once.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import inspect
import io
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

import discord

from bot.core.gameui import (
    ANY_VERSION,
    MESSAGE_LIMIT,
    AnyUI,
    Control,
    GameButton,
    Post,
    SharedVerb,
    fit,
    view_of,
)
from bot.core.kinds import GameKind
from bot.core.sessions import Clicked, Session, hand_signature
from bot.core.storage import Status, Storage
from bot.core.summary import game_over_post
from bot.core.takeback import request_items, request_lines, shared_news
from games.protocol import Event, EventKind

log = logging.getLogger(__name__)

DM_CLOSED = 50007
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
THREAD_ARCHIVED = 50083
CHANNEL_PAUSE = 600.0
"""Seconds the bot leaves a channel alone after Discord refused it there (a permission
taken away): every refused request counts toward Discord's limit of invalid requests
(10,000 in 10 minutes, then a ban), so a move must not repeat it."""
T = TypeVar("T")
RENDER_TIMEOUT = 20.0
"""Seconds a picture may take before the words go out without it (a stuck renderer must
never hold a game's lock for ever)."""


REACH_SECONDS = 14 * 60.0
"""How long a click's token is used to reach its player's DM: Discord accepts it for 15
minutes; the last minute is left alone (a slow move must not use an expired token)."""
RETIRE_TRIES = 3
"""Attempts at deleting an old hand message before it is left as it is (its controls
answer "out of date")."""


@dataclasses.dataclass
class Reach:
    """A player's latest click in their DM, used to tidy it for free. Each new hand
    message would cost two calls against Discord's global limit (the new message and
    the old one's deletion); through the click's token (`Clicked.send`/`delete`) both
    cost none. A player who has not clicked for 14 minutes (or since a restart) gets
    both through the bot's own calls; that is a slow game, far from the limit."""

    via: Clicked
    since: float
    messages: set[int]
    """The messages the token may delete: the clicked one and those it sent."""


@dataclasses.dataclass
class Retired:
    """An old hand message to delete once the move is out."""

    name: str
    channel_id: int
    message_id: int
    tries: int = 0


REPOST_MINUTES = 3
"""At most this often per game the table is sent again at the bottom of the channel
when other messages pushed it up (at the start of a turn). Three minutes: a lively game
starts a turn every few seconds, and a table jumping at every turn would move under
the readers' eyes and cost two calls each time; a chatty channel never buries it under
more than three minutes of talk."""


async def _done(result: bool) -> bool:
    """An already finished step, for `asyncio.gather`."""
    return result


IMAGE_CACHE = 128
"""Pictures kept by view (PNG bytes, tens of KB each): enough for the hand and table
messages redrawn with an unchanged picture (new controls, `/grass hand`)."""


def _png(draw: Callable[[Any], Any], view: Any) -> bytes:
    from render.encode import to_png

    return to_png(draw(view))


def _retrieved(drawing: asyncio.Future[bytes]) -> None:
    """A drawing nobody awaited (a prefetch for a failed commit) must not warn."""
    if not drawing.cancelled():
        drawing.exception()


class ChannelPaused(Exception):
    """The game's channel refused the bot a short while ago: it is left alone."""


def first_time_text(kind: GameKind) -> str:
    """For a player's first game with the bot on a server, under their first hand."""
    words = kind.words
    return (
        f"*New here? This message is your {words.hand_command}: I keep it up to date for the "
        "whole game, and when it is your turn its menus make your move. The table is in "
        f"the channel (link below). `/{kind.name} rules` explains the game, `/help` the bot.*"
    )


def _closed_hint(kind: GameKind) -> str:
    return f"\n(DMs closed: play with `/{kind.name} {kind.words.hand_command}`.)"


def _image_key(draw: Callable[[Any], Any], view: Any) -> tuple[str, str] | None:
    """The cache key of `draw(view)`: the function's name and the view's repr (views are
    frozen dataclasses: their repr is their whole content). None, not cached, when the
    name does not say everything the picture is drawn from: a lambda or closure carries
    input of its own (two servers' scoreboards drawn by `lambda _: ...` would share one
    key), and another callable's name is not a promise either."""
    function = getattr(draw, "__func__", draw)  # a bound method: its function
    if not inspect.isfunction(function) or function.__closure__ or function.__name__ == "<lambda>":
        return None
    return function.__qualname__, repr(view)


ALT_LIMIT = 1024
"""Characters Discord keeps of an attachment's description."""


def alt_text(text: str) -> str:
    """Words for an attachment's description: without Markdown's marks and mentions'
    brackets, cut to what Discord keeps."""
    plain = re.sub(r"<[@#]!?(\d+)>", "someone", text.replace("**", "").replace("*", ""))
    return fit(plain.strip(), ALT_LIMIT) or "A picture of the game."


def message_signature(
    ui: AnyUI, session: Session, name: str, controls: Sequence[discord.ui.Item[Any]]
) -> str:
    """Changes when a hand message must be redrawn: its meaning (`hand_signature`) or
    the ids of its controls (which carry the version, so an awaited player's controls
    are always fresh)."""
    ids = [getattr(item, "custom_id", "") for item in controls]
    facts = (hand_signature(ui, session, name), ids, request_lines(session.current_request(), name))
    return hashlib.sha256(repr(facts).encode()).hexdigest()[:32]


def take_back_items(session: Session, name: str) -> list[discord.ui.Item[Any]]:
    """The take-back buttons of `name`'s hand message (bot/core/takeback.py)."""
    offered = session.offers_take_back(name)
    return request_items(session.id, session.version, session.current_request(), offered, name)


def _hand_key(view: Any) -> str:
    """A player's view without its public part (which the table shows) and without the
    choices their controls offer (`legal`, empty once their turn is over)."""
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
        fields.pop("public", None)
        fields.pop("legal", None)
        return repr(sorted(fields.items()))
    return repr(view)


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
        self._images: OrderedDict[tuple[str, str], asyncio.Future[bytes]] = OrderedDict()
        self._writes: dict[int, set[asyncio.Future[None]]] = {}
        """game id -> DM bookkeeping still being written (`_write_later`)."""
        self._shown: dict[tuple[int, str], tuple[str, bool, tuple[str, ...]]] = {}
        """(game id, seat name) -> the hand (`_hand_key`) their DM shows, this process,
        whether it carries controls, and what it says of a take-back request."""
        self._notified: dict[int, tuple[Hashable, set[str]]] = {}
        """game id -> (the turn, who was notified in it), for `GameUI.notice_turn`."""
        self._notices: dict[int, dict[str, list[int]]] = {}
        """game id -> seat name -> channel notices about that player's turn (`say`)."""
        self._paused: dict[int, float] = {}
        """channel id -> when Discord refused the bot there (`CHANNEL_PAUSE`)."""
        self._reach: dict[tuple[int, str], Reach] = {}
        """(game id, seat name) -> their latest click in their DM (`Reach`)."""
        self._retired: dict[int, list[Retired]] = {}
        """game id -> old hand messages still to delete (`tidy`)."""
        self._looked: dict[int, float] = {}
        """game id -> when the channel was last looked at for a table pushed up."""

    async def render(
        self, draw: Callable[[Any], Any], view: Any, filename: str, alt: str
    ) -> discord.File | None:
        """The picture as an attachment, drawn in the thread pool, with `alt`, what it
        shows in words, as its description (screen readers read it); None if drawing
        fails (the words still go out: a broken image must never stop a game)."""
        drawing = self._drawing(draw, view)
        try:
            data = await asyncio.shield(drawing)
        except Exception:
            log.exception("drawing %s failed", filename)
            return None
        return discord.File(io.BytesIO(data), filename=filename, description=alt_text(alt))

    def _drawing(self, draw: Callable[[Any], Any], view: Any) -> asyncio.Future[bytes]:
        """The PNG of `draw(view)`: from the cache, being drawn, or started now."""
        key = _image_key(draw, view)
        drawing = self._images.get(key) if key is not None else None
        if key is not None and drawing is not None:
            failed = drawing.done() and (drawing.cancelled() or drawing.exception() is not None)
            if not failed:
                self._images.move_to_end(key)
                return drawing
        loop = asyncio.get_running_loop()
        drawing = asyncio.ensure_future(
            asyncio.wait_for(loop.run_in_executor(self.executor, _png, draw, view), RENDER_TIMEOUT)
        )
        drawing.add_done_callback(_retrieved)
        if key is not None:
            self._images[key] = drawing
            if len(self._images) > IMAGE_CACHE:
                self._images.popitem(last=False)
        return drawing

    def prefetch(self, session: Session, names: Sequence[str]) -> None:
        """Starts drawing the table and these players' hands while the move is being
        committed; `publish` then finds them drawn or half-way (the same views)."""
        kind = self.kinds[session.kind]
        self._drawing(kind.pictures.table, session.public_view())
        for name in names:
            seat = session.seat_of(name)
            if seat is not None and not seat.is_ai and not seat.dm_closed and kind.pictures.hand:
                self._drawing(kind.pictures.hand, session.view_for(name))

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
        label = self.kinds[session.kind].words.hand_button
        return [GameButton(Control(session.id, ANY_VERSION, SharedVerb.HAND), label)]

    def turn_line(self, session: Session) -> str | None:
        """Who is awaited now, mentioned (an edit does not notify; their DM does)."""
        table = session.table()
        people = table.people(table.awaiting)
        if not people:  # a computer seat's turn: the table's status line says whose
            return None
        kind = self.kinds[session.kind]
        line = kind.ui.turn_text(table, people)
        if line and any(seat.dm_closed and seat.name in people for seat in table.seats):
            line += _closed_hint(kind)
        return line

    async def update_table(self, session: Session, reopened: bool = False) -> None:
        kind = self.kinds[session.kind]
        table = session.table()
        text = kind.ui.table_text(table)
        line = self.turn_line(session)
        text = fit(f"{line}\n{text}" if line else text)
        alt = kind.ui.table_words(table) or kind.ui.table_text(table)
        file = await self.render(kind.pictures.table, table.view, "table.png", alt)
        files = [file] if file else []
        view = view_of(self.table_items(session))
        channel = self._usable(session)
        if session.table_message_id is not None:
            target = channel.get_partial_message(session.table_message_id)
            try:
                await _without_files_if_refused(
                    lambda f, t: target.edit(content=t, attachments=f, view=view),
                    files,
                    text,
                    kind.ui.table_words(table),
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
                await self.update_table(session, reopened=True)
                return
        message = await _without_files_if_refused(
            lambda f, t: channel.send(content=t, files=f, view=view),
            files,
            text,
            kind.ui.table_words(table),
        )
        session.table_message_id = message.id
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

    async def repost_table(self, session: Session) -> None:
        """The table sent anew at the bottom of the channel, the old message deleted."""
        old = session.table_message_id
        session.table_message_id = None
        await self.update_table(session)
        if old is not None:
            await self._delete_in_channel(session, old)

    async def post(self, session: Session, post: Post) -> None:
        files: list[discord.File] = []
        if post.image is not None:
            alt = post.alt or post.text
            file = await self.render(post.image, session.public_view(), post.filename, alt)
            files = [file] if file else []
        channel = self._usable(session)
        view = view_of(list(post.items))
        await _without_files_if_refused(
            lambda f, t: channel.send(content=t, files=f, view=view), files, fit(post.text)
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
            message = await self._usable(session).send(fit(text), allowed_mentions=mentions)
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

    # -- hands -----------------------------------------------------------------------

    async def private_message(
        self,
        session: Session,
        name: str,
        with_controls: bool = True,
        events: Sequence[Event] = (),
        controls: list[discord.ui.Item[Any]] | None = None,
        first_time: bool = False,
    ) -> tuple[str, list[discord.File], discord.ui.View]:
        """One player's hand message: words, picture and controls, from their view; what
        the move's `events` changed for them (`GameUI.news`) on top; for a player new to
        the bot on this server (`first_time`), how it works, once."""
        kind = self.kinds[session.kind]
        hand = session.hand(name)
        file = None
        words = kind.ui.private_text(hand)
        if kind.pictures.hand is not None:
            file = await self.render(kind.pictures.hand, hand.view, "hand.png", words)
        if not with_controls:
            controls = []
        elif controls is None:
            controls = [*take_back_items(session, name), *kind.ui.controls(hand)]
        news = [*shared_news(name, events), *kind.ui.news(hand, events)]
        lines = [
            *request_lines(session.current_request(), name),
            *(f"*{line.rstrip('.')}.*" for line in news),
        ]
        text = "\n".join([*lines, words])
        if first_time:
            text += "\n" + first_time_text(kind)
        link = self.table_link(session)
        if link is not None:
            line = f"[Go to the table]({link})"
            text = f"{fit(text, MESSAGE_LIMIT - len(line) - 1)}\n{line}"
        return fit(text), [file] if file else [], view_of(controls)

    def table_link(self, session: Session) -> str | None:
        """The address that opens the channel at the table message."""
        if session.table_message_id is None:
            return None
        guild = session.row.guild_id or "@me"
        return (
            f"https://discord.com/channels/{guild}/{session.row.channel_id}/"
            f"{session.table_message_id}"
        )

    async def update_dm(
        self,
        session: Session,
        name: str,
        notify: bool,
        via: Clicked | None = None,
        repeat: bool = False,
        events: Sequence[Event] = (),
    ) -> None:
        """One player's hand message brought up to date, with what the move's `events`
        changed for them; `via` is the message clicked to make the move, edited through
        the click's response if it is this player's. `notify`: their turn starts, so a
        new message (which notifies them) replaces the old one, unless they clicked it.
        `repeat`: the move is shown once more after a stop (`Storage.games_to_restore`):
        a DM that already shows this state was sent before the stop, and is not sent
        twice."""
        seat = session.seat_of(name)
        if seat is None or seat.is_ai:  # a computer player reads its view, not DMs
            return
        ui = self.kinds[session.kind].ui
        controls = [*take_back_items(session, name), *ui.controls(session.hand(name))]
        signature = message_signature(ui, session, name, controls)
        lines = tuple(request_lines(session.current_request(), name))
        own = via is not None and via.message_id == seat.dm_message_id
        if own:
            notify = False  # they are looking at it: the click's response redraws it
        if signature == seat.dm_signature and (repeat or not notify):
            return
        if seat.dm_closed:
            # Refused once in this game: asking again at every turn would only add to
            # Discord's count of invalid requests. They play with the hand command; a
            # new game tries their DMs again.
            return
        hand = _hand_key(session.view_for(name))
        if (
            not notify
            and session.status == Status.RUNNING  # the last message says how it ended
            and not own
            and seat.dm_message_id is not None
            and self._shown.get((session.id, name)) == (hand, False, lines)
            and not controls
        ):
            # Their turn ended, their hand did not change and their message has no
            # controls to take away: the table shows the move.
            return
        first_time = seat.dm_message_id is None and not await self.storage.played_before(
            session.row.guild_id, seat.user_id, session.id
        )
        content, files, items = await self.private_message(
            session, name, events=events, controls=controls, first_time=first_time
        )
        channel_id = seat.dm_channel_id
        message_id = seat.dm_message_id
        try:
            if own and via is not None:
                await via.edit(content=content, attachments=files, view=items)
            else:
                if channel_id is None:
                    channel_id = (await self.client.create_dm(discord.Object(seat.user_id))).id
                edited = False
                if message_id is not None and not notify:
                    try:
                        await self._edit_dm(
                            session, name, channel_id, message_id, content, files, items
                        )
                        edited = True
                    except discord.NotFound:
                        message_id = None  # deleted by the player: nothing to retire
                if not edited:
                    new_id = await self._send_dm(session, name, channel_id, content, files, items)
                    if message_id is not None:
                        retired = Retired(name, channel_id, message_id)
                        self._retired.setdefault(session.id, []).append(retired)
                    message_id = new_id
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            await self._dm_closed(session, seat.user_id, name, announce=not seat.dm_closed)
            return
        self._shown[(session.id, name)] = (hand, bool(controls), lines)
        write = self.storage.set_dm(session.id, seat.user_id, channel_id, message_id, signature)
        if message_id == seat.dm_message_id and channel_id == seat.dm_channel_id:
            self._write_later(session.id, write)  # an edit: only the signature is new
        else:
            await write  # a new message: a restart must edit it, not send another
        session.replace_seat(
            name,
            dm_channel_id=channel_id,
            dm_message_id=message_id,
            dm_signature=signature,
            dm_closed=False,
        )

    def _dm(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    def _reach_of(self, game_id: int, name: str) -> Reach | None:
        """The player's latest click in their DM, while its token is young enough."""
        reach = self._reach.get((game_id, name))
        if reach is not None and time.monotonic() - reach.since > REACH_SECONDS:
            del self._reach[(game_id, name)]
            return None
        return reach

    async def _send_dm(
        self,
        session: Session,
        name: str,
        channel_id: int,
        content: str,
        files: list[discord.File],
        items: discord.ui.View,
    ) -> int:
        """A new hand message's id: sent through the player's latest click if it is young
        enough (`Reach`), else by the bot."""
        reach = self._reach_of(session.id, name)
        if reach is not None and reach.via.send is not None:
            try:
                message = await reach.via.send(content=content, files=files, view=items)
            except discord.HTTPException as error:
                log.info("game %s: a click's token failed (%s); sending", session.id, error)
                self._reach.pop((session.id, name), None)
                for file in files:
                    file.reset()
            else:
                reach.messages.add(message.id)
                return int(message.id)
        sent = await self._dm(channel_id).send(content=content, files=files, view=items)
        return sent.id

    async def _edit_dm(
        self,
        session: Session,
        name: str,
        channel_id: int,
        message_id: int,
        content: str,
        files: list[discord.File],
        items: discord.ui.View,
    ) -> None:
        """A hand message redrawn in place: through the player's latest click if it is
        young enough and sent or clicked that message (`Reach`), else by the bot."""
        reach = self._reach_of(session.id, name)
        if reach is not None and reach.via.edit_sent is not None and message_id in reach.messages:
            try:
                await reach.via.edit_sent(
                    message_id, content=content, attachments=files, view=items
                )
                return
            except discord.HTTPException as error:
                log.info("game %s: a click's token failed (%s); editing", session.id, error)
                self._reach.pop((session.id, name), None)
                for file in files:
                    file.reset()
        message = self._dm(channel_id).get_partial_message(message_id)
        await message.edit(content=content, attachments=files, view=items)

    def tidy(self, session: Session) -> None:
        """The old hand messages of the move deleted once everything else of it is out,
        in the background (the next publication of the game waits for it, `flush`)."""
        retired = [
            (old, self._reach_of(session.id, old.name)) for old in self._retired.pop(session.id, [])
        ]
        if retired:
            self._write_later(session.id, self._delete_old(session, retired))

    async def _delete_old(
        self, session: Session, retired: list[tuple[Retired, Reach | None]]
    ) -> None:
        """Each through the click that can delete it for free, else by the bot; one that
        fails is tried again after the game's next move, a few times at most."""
        again: list[Retired] = []
        for old, reach in retired:
            try:
                if reach is not None and reach.via.delete and old.message_id in reach.messages:
                    try:
                        await reach.via.delete(old.message_id)
                        reach.messages.discard(old.message_id)
                        continue
                    except discord.NotFound:
                        continue
                    except discord.HTTPException:
                        pass  # an expired token: the bot deletes it itself
                await self._dm(old.channel_id).get_partial_message(old.message_id).delete()
            except (discord.NotFound, discord.Forbidden):
                continue  # gone already, or not ours to delete
            except discord.HTTPException:
                old.tries += 1
                if old.tries < RETIRE_TRIES:
                    again.append(old)
        if again and session.status == Status.RUNNING:
            self._retired.setdefault(session.id, []).extend(again)

    def _write_later(self, game_id: int, write: Awaitable[None]) -> None:
        """An edited hand message's new signature is written after the move's answer,
        not before: an fsync per DM would hold up the move. The game's next publication
        waits for these writes first (`flush`); a crash in between only makes a restart
        edit the message once more."""
        task = asyncio.ensure_future(write)
        self._writes.setdefault(game_id, set()).add(task)
        task.add_done_callback(lambda done: self._written(game_id, done))

    def _written(self, game_id: int, task: asyncio.Future[None]) -> None:
        pending = self._writes.get(game_id)
        if pending is not None:
            pending.discard(task)
            if not pending:  # no empty set left behind per game ever played
                del self._writes[game_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("game %s: storing a DM's place failed", game_id, exc_info=task.exception())

    async def flush(self, game_id: int) -> None:
        """Waits for the game's pending writes (see `_write_later`)."""
        pending = list(self._writes.pop(game_id, ()))
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)

    async def flush_all(self) -> None:
        """Every game's pending writes, before the bot stops."""
        for game_id in list(self._writes):
            await self.flush(game_id)

    async def _dm_closed(self, session: Session, user_id: int, name: str, announce: bool) -> None:
        await self.storage.set_dm_closed(session.id, user_id, True)
        session.replace_seat(name, dm_closed=True)
        if announce:
            kind = self.kinds[session.kind]
            words = kind.words
            await self._usable(session).send(
                f"<@{user_id}>, I cannot send you direct messages, so {words.hand_words}: "
                f"use `/{kind.name} {words.hand_command}` (or the table's **{words.hand_button}** "
                "button) to see them and play.",
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    # -- everything after a move -----------------------------------------------------

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
        after a stop, whose DMs may have gone out before it (`update_dm`)."""
        await self.flush(session.id)
        self._reached(session, via)
        kind = self.kinds[session.kind]
        ui = kind.ui
        table = session.table()
        awaiting = table.awaiting
        again = ui.turn_starts(events)
        newly = [name for name in awaiting if name not in before_awaiting or name in again]
        newly = self._once_per_turn(session, newly, again)
        posts = ui.posts(table, events)
        if any(event.kind == EventKind.GAME_OVER for event in events):
            posts.append(game_over_post(kind, table, session.row.created_at))
        if newly and await self._pushed_up(session):
            # The new table goes out first: the hand messages link to it.
            moved = await self._guarded(session, "table", self.repost_table(session))
            table_step = _done(moved)
        else:
            table_step = self._guarded(session, "table", self.update_table(session))
        shown = await asyncio.gather(
            table_step,
            self._guarded(session, "post", self._posts(session, posts)),
            self._guarded(session, "notice", self._unsay(session, awaiting, newly)),
            *(
                self._guarded(
                    session,
                    "hand",
                    self.update_dm(session, seat.name, seat.name in newly, via, repeat, events),
                )
                for seat in list(session.seats)
            ),
        )
        closed = [seat.name for seat in session.seats if seat.name in newly and seat.dm_closed]
        text = ui.turn_text(session.table(), closed) if closed else None
        if text:
            text += _closed_hint(kind)
            await self._guarded(session, "turn", self._ping(session, text))
        elif session.id in self._pings and (session.status != Status.RUNNING or newly):
            await self._guarded(
                session, "turn", self._delete_in_channel(session, self._pings.pop(session.id))
            )
        if all(shown):
            self.shown(session)
        self.tidy(session)
        if session.status != Status.RUNNING:
            self.forget(session.id)

    def _reached(self, session: Session, via: Clicked | None) -> None:
        """A click in a player's DM is their `Reach` from now on."""
        if via is None or via.send is None:
            return
        name = session.name_of(via.user_id)
        if name is not None:
            self._reach[(session.id, name)] = Reach(via, time.monotonic(), {via.message_id})

    def _once_per_turn(self, session: Session, newly: list[str], again: set[str]) -> list[str]:
        """`newly` without the players already notified in this turn (`notice_turn`),
        except those whose own turn begins."""
        turn = self.kinds[session.kind].ui.notice_turn(session.table())
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
        self._write_later(session.id, self.storage.set_published(session.id, session.version))

    def forget(self, game_id: int) -> None:
        """A finished game's per-process notes dropped."""
        self._pings.pop(game_id, None)
        self._notices.pop(game_id, None)
        self._notified.pop(game_id, None)
        self._retired.pop(game_id, None)
        self._looked.pop(game_id, None)
        for key in [key for key in self._shown if key[0] == game_id]:
            del self._shown[key]
        for key in [key for key in self._reach if key[0] == game_id]:
            del self._reach[key]

    async def _posts(self, session: Session, posts: Sequence[Post]) -> None:
        for post in posts:  # in their order
            await self.post(session, post)

    async def _ping(self, session: Session, text: str) -> None:
        channel = self._usable(session)
        message = await channel.send(
            fit(text), allowed_mentions=discord.AllowedMentions(users=True)
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

    async def update_hands(self, session: Session, via: Clicked | None = None) -> None:
        """The hand messages brought up to date after a change that is not a move (a
        take-back asked, agreed to or refused), the clicked one through its click."""
        await self.flush(session.id)
        self._reached(session, via)
        await asyncio.gather(
            *(
                self._guarded(session, "hand", self.update_dm(session, seat.name, False, via))
                for seat in list(session.seats)
            )
        )
        self.tidy(session)

    async def refresh(self, session: Session) -> None:
        """The table message redrawn and hand messages brought up to date (after a
        restart, an abandon): what the game is now, whatever was shown before."""
        await self.flush(session.id)
        shown = await asyncio.gather(
            self._guarded(session, "table", self.update_table(session)),
            *(
                self._guarded(session, "hand", self.update_dm(session, seat.name, False))
                for seat in list(session.seats)
            ),
        )
        if all(shown):
            self.shown(session)
        self.tidy(session)
        await self.flush(session.id)


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
        return await send([], fit(fallback, MESSAGE_LIMIT - len(NO_FILES_NOTE)) + NO_FILES_NOTE)
