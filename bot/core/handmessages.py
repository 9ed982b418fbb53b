"""Each player's hand message in their DMs, for every game kind: `HandMessages`, which
the publisher (bot/core/publisher.py) owns and calls after every move, and
`LaterWrites`, the bookkeeping both write after a move's answer.

Each player's hand message goes by DM, from their own view only, with a link to the
table: a new DM when their turn starts or a request asks them for an answer, an edit
otherwise, nothing when neither their private view nor their controls changed (a
signature stored per seat). Whether a new DM notifies them or goes out silently is
`Pushes`'s decision (bot/core/pushes.py): not when they are at the table already. One
hand message per player and game: when a new one goes out, the previous one is deleted,
after everything else of the move (see `Reach` for what that costs). A player who
clicked their own hand message sees the move in it, redrawn through the click's
response, even when their turn starts again (they are looking at it); so does a player
alone with computer players whose turn comes back moments after their click
(`LOOKING_MINUTES`), through an edit in place. Closed DMs are
announced in the channel once, without revealing anything, and not tried again in that
game.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord

from bot.core.gameui import MESSAGE_LIMIT, AnyUI, fit, view_of
from bot.core.kinds import GameKind
from bot.core.language import Speech, mention, public, slash
from bot.core.pushes import Pushes
from bot.core.session import Clicked, Session, hand_signature
from bot.core.storage import SeatRow, Status, Storage
from bot.core.takeback import request_items, request_lines, shared_news
from games.protocol import Event
from games.text import Text, _, joined, literal
from lang import ENGLISH

log = logging.getLogger(__name__)

DM_CLOSED = 50007

REACH_SECONDS = 14 * 60.0
"""How long a click's token is used to reach its player's DM: Discord accepts it for 15
minutes; the last minute is left alone (a slow move must not use an expired token)."""
LOOKING_MINUTES = 0.5
"""A player alone with computer players whose turn comes back within this long of their
click in their hand message (on the bot's clock) is still looking at it: unless they
asked to be pushed, the message is redrawn under their eyes instead of being sent again,
so the DM list does not jump at every move. Among people, a new (silent) message marks
each turn start, as other players' moves come between."""
LATEST_KEPT = 4096
"""DM channels whose latest hand message this process remembers (`_looking_at`)."""
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


def first_time_text(kind: GameKind) -> Text:
    """For a player's first game with the bot on a server, under their first hand."""
    # TRANSLATORS: {this_message} is "This message is your hand" (or "your board"): what
    # the newcomer's hand message is. {rules} is the command "/grass rules".
    return _(
        "*New here? {this_message}: I keep it up to date for the whole game, and when it is "
        "your turn its menus make your move. The table is in the channel (link below). "
        "{rules} explains the game, `/help` the bot.*",
        this_message=kind.words.your_hand,
        rules=slash(f"{kind.name} rules"),
    )


def _news_line(line: str) -> Text:
    """A change the move made for the player, in italics, with one full stop."""
    stripped = line.rstrip(".")
    if isinstance(line, Text) and len(line) - len(stripped) == 1:
        # A sentence with its own full stop: the frame adds none.
        return Text.verbatim("*{news}*", news=line)
    # Without one (a Text keeps its translation), or several stops made one (plain).
    return Text.verbatim("*{news}.*", news=line if stripped == line else stripped)


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


class LaterWrites:
    """The writes of each game still under way after a move's answer: a hand message's
    signature, the deletion of old hand messages, the version shown
    (`Publisher.shown`). The publisher owns it and shares it with `HandMessages`."""

    def __init__(self) -> None:
        self._writes: dict[int, set[asyncio.Future[None]]] = {}
        """game id -> DM bookkeeping still being written (`add`)."""

    def add(self, game_id: int, write: Awaitable[None]) -> None:
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
        """Waits for the game's pending writes (see `add`)."""
        pending = list(self._writes.pop(game_id, ()))
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)

    async def flush_all(self) -> None:
        """Every game's pending writes, before the bot stops."""
        for game_id in list(self._writes):
            await self.flush(game_id)


class HandMessages:
    """The players' hand messages of every game. What it shares with the publisher is
    handed to it: `render` draws a picture as an attachment, `writes` stores bookkeeping
    after the move's answer (the publisher's `flush` waits for it), and `channel` is the
    game's channel for the closed-DM notice (it raises when Discord refused the bot there
    lately; the publisher's guard catches that); `pushes` decides which new hand messages
    notify."""

    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        kinds: Mapping[str, GameKind],
        render: Callable[
            [Callable[[Any], Any], Any, str, str, str], Awaitable[discord.File | None]
        ],
        writes: LaterWrites,
        channel: Callable[[Session], discord.PartialMessageable],
        pushes: Pushes,
    ) -> None:
        self.client = client
        self.pushes = pushes
        self.storage = storage
        self.kinds = kinds
        self.render = render
        self.writes = writes
        self._channel = channel
        self._shown: dict[tuple[int, str], tuple[str, bool, tuple[str, ...]]] = {}
        """(game id, seat name) -> the hand (`_hand_key`) their DM shows, this process,
        whether it carries controls, and what it says of a take-back request."""
        self._reach: dict[tuple[int, str], Reach] = {}
        """(game id, seat name) -> their latest click in their DM (`Reach`)."""
        self._retired: dict[int, list[Retired]] = {}
        """game id -> old hand messages still to delete (`tidy`)."""
        self._moved_here: dict[tuple[int, str], tuple[float, int | None]] = {}
        """(game id, seat name) -> when their click on their hand message last made a
        move there (redrawn through the click's response), on the pushes' clock, and
        that click's interaction."""
        self._latest: OrderedDict[int, int] = OrderedDict()
        """DM channel id -> the latest hand message this process sent there, for the
        `LATEST_KEPT` channels written to last (one forgotten only costs a new message)."""

    async def private_snapshot(
        self, session: Session, name: str
    ) -> tuple[str, list[discord.File], discord.ui.View]:
        """`private_message` drawn between two moves (under the game's lock), with
        controls while the game runs: a command's or a click's private answer."""
        async with session.lock:
            return await self.private_message(session, name, session.status == Status.RUNNING)

    async def private_message(
        self,
        session: Session,
        name: str,
        with_controls: bool = True,
        events: Sequence[Event] = (),
        controls: list[discord.ui.Item[Any]] | None = None,
        first_time: bool = False,
    ) -> tuple[str, list[discord.File], discord.ui.View]:
        """One player's hand message: words, picture and controls, from their view; under
        its heading (which game), what the move's `events` changed for them
        (`GameUI.news`), then the rest; for a player new to the bot on this server
        (`first_time`), how it works, once."""
        kind = session.record
        hand = session.hand(name)
        speech = await self.speech(session, name)
        file = None
        heading, words = kind.ui.hand_heading(hand), kind.ui.hand_text(hand)
        if kind.pictures.hand is not None:
            file = await self.render(
                kind.pictures.hand, hand.view, "hand.png", kind.ui.hand_alt(hand), speech.language
            )
        if not with_controls:
            controls = []
        elif controls is None:
            controls = [*take_back_items(session, name), *kind.ui.controls(hand)]
        news = [*shared_news(name, events), *kind.ui.news(hand, events)]
        lines = [
            heading,  # which game this is, before anything else (several may run)
            *request_lines(session.current_request(), name),
            *(_news_line(line) for line in news),
            words,
        ]
        if first_time:
            lines.append(first_time_text(kind))
        text = speech(joined("\n", lines))
        link = self.table_link(session)
        if link is not None:
            line = speech(_("[Go to the table]({link})", link=literal(link)))
            text = f"{fit(text, MESSAGE_LIMIT - len(line) - 1)}\n{line}"
        return fit(text), [file] if file else [], speech.view(view_of(controls))

    async def speech(self, session: Session, name: str) -> Speech:
        """The words of a player's private things: their language (`/language`, else
        their Discord app's last seen); English for a seat nobody holds."""
        seat = session.seat_of(name)
        languages = getattr(self.client, "languages", None)
        if seat is None or seat.is_ai or languages is None:
            return Speech(ENGLISH)
        found: dict[int, str] = await languages.members([seat.user_id])
        return Speech(found.get(seat.user_id, ENGLISH))

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
        asked: bool = False,
    ) -> None:
        """One player's hand message brought up to date, with what the move's `events`
        changed for them; `via` is the message clicked to make the move, edited through
        the click's response if it is this player's. `notify`: their turn starts (or
        `asked`: they are asked for an answer), so a new message replaces the old one,
        unless they clicked it; `Pushes` says whether it notifies them. `repeat`: the
        move is shown once more after a stop (`Storage.games_to_restore`): a DM that
        already shows this state was sent before the stop, and is not sent twice."""
        seat = session.seat_of(name)
        if seat is None or seat.is_ai:  # a computer player reads its view, not DMs
            return
        ui = session.record.ui
        controls = [*take_back_items(session, name), *ui.controls(session.hand(name))]
        signature = message_signature(ui, session, name, controls)
        lines = tuple(request_lines(session.current_request(), name))
        own = via is not None and via.message_id == seat.dm_message_id
        if own:
            notify = False  # they are looking at it: the click's response redraws it
            assert via is not None
            self._moved_here[(session.id, name)] = (self.pushes.now(), via.interaction_id)
        elif notify and not asked and await self._looking_at(session, seat):
            notify = False  # their turn is back while they read it: redrawn in place
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
        silent = True  # an edit, or a message sent again: nothing new for them
        if not own and (notify or seat.dm_message_id is None):
            silent = not await self.pushes.notifies(
                seat.user_id, turn=notify, first=seat.dm_message_id is None, asked=asked
            )
        content, files, items = await self.private_message(
            session, name, events=events, controls=controls, first_time=first_time
        )
        try:
            if own and via is not None:
                await via.edit(content=content, attachments=files, view=items)
                channel_id, message_id = seat.dm_channel_id, seat.dm_message_id
            else:
                message = (content, files, items)
                channel_id, message_id = await self._deliver(session, seat, notify, message, silent)
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            await self._dm_closed(session, seat.user_id, name, announce=not seat.dm_closed)
            return
        self._shown[(session.id, name)] = (hand, bool(controls), lines)
        write = self.storage.set_dm(session.id, seat.user_id, channel_id, message_id, signature)
        if message_id == seat.dm_message_id and channel_id == seat.dm_channel_id:
            self.writes.add(session.id, write)  # an edit: only the signature is new
        else:
            await write  # a new message: a restart must edit it, not send another
        session.dm_shown(name, channel_id, message_id, signature)

    async def _deliver(
        self,
        session: Session,
        seat: SeatRow,
        notify: bool,
        message: tuple[str, list[discord.File], discord.ui.View],
        silent: bool,
    ) -> tuple[int, int]:
        """The hand message in the player's DM: their message edited, or, at their turn's
        start or a request (or when it is gone), a new one sent (`silent`: without a
        notification) and the old one retired. The DM's channel and message ids."""
        content, files, items = message
        name, channel_id, message_id = seat.name, seat.dm_channel_id, seat.dm_message_id
        if channel_id is None:
            channel_id = (await self.client.create_dm(discord.Object(seat.user_id))).id
        if message_id is not None and not notify:
            try:
                await self._edit_dm(session, name, channel_id, message_id, content, files, items)
                return channel_id, message_id
            except discord.NotFound:
                message_id = None  # deleted by the player: nothing to retire
                for file in files:
                    file.reset()  # read by the refused edit, sent again below
        new_id = await self._send_dm(session, name, channel_id, content, files, items, silent)
        if message_id is not None:
            retired = Retired(name, channel_id, message_id)
            self._retired.setdefault(session.id, []).append(retired)
        return channel_id, new_id

    def reached(self, session: Session, via: Clicked | None) -> None:
        """A click in a player's DM is their `Reach` from now on."""
        if via is None or via.send is None:
            return
        name = session.name_of(via.user_id)
        if name is not None:
            self._reach[(session.id, name)] = Reach(via, time.monotonic(), {via.message_id})

    async def _looking_at(self, session: Session, seat: SeatRow) -> bool:
        """Whether the player, alone with computer players, is still looking at their
        hand message (`LOOKING_MINUTES`): their last move was a click on it moments ago,
        they have done nothing with the bot since (a command: something else is under
        their eyes), no answer to an earlier click (a refusal) was posted in their DM
        after it, nothing else was sent to their DMs after it, and a new message would
        not notify them anyway."""
        moved = self._moved_here.get((session.id, seat.name))
        return (
            moved is not None
            and moved[1] is not None
            and self.pushes.latest(seat.user_id) == moved[1]
            and not self.pushes.answered_since(seat.user_id, moved[0])
            and all(other.is_ai for other in session.seats if other.name != seat.name)
            and self.pushes.now() - moved[0] <= LOOKING_MINUTES * self.pushes.minute
            and seat.dm_channel_id is not None
            and self._latest.get(seat.dm_channel_id) == seat.dm_message_id
            and not await self.pushes.notifies(seat.user_id, turn=True, first=False, asked=False)
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
        silent: bool,
    ) -> int:
        """A new hand message's id: sent through the player's latest click if it is young
        enough (`Reach`), else by the bot; `silent`, with Discord's flag that suppresses
        its notification."""
        reach = self._reach_of(session.id, name)
        if reach is not None and reach.via.send is not None:
            try:
                message = await reach.via.send(
                    content=content, files=files, view=items, silent=silent
                )
            except discord.HTTPException as error:
                log.info("game %s: a click's token failed (%s); sending", session.id, error)
                self._reach.pop((session.id, name), None)
                for file in files:
                    file.reset()
            else:
                reach.messages.add(message.id)
                self._sent(channel_id, message.id)
                return int(message.id)
        sent = await self._dm(channel_id).send(
            content=content, files=files, view=items, silent=silent
        )
        self._sent(channel_id, sent.id)
        return sent.id

    def _sent(self, channel_id: int, message_id: int) -> None:
        self._latest[channel_id] = message_id
        self._latest.move_to_end(channel_id)
        if len(self._latest) > LATEST_KEPT:
            self._latest.popitem(last=False)

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
        in the background (the next publication of the game waits for it, `LaterWrites.flush`)."""
        retired = [
            (old, self._reach_of(session.id, old.name)) for old in self._retired.pop(session.id, [])
        ]
        if retired:
            self.writes.add(session.id, self._delete_old(session, retired))

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

    async def _dm_closed(self, session: Session, user_id: int, name: str, announce: bool) -> None:
        await self.storage.set_dm_closed(session.id, user_id, True)
        session.dm_refused(name)
        if announce:
            kind = session.record
            words = kind.words
            # TRANSLATORS: {consequence} says what the player misses ("your cards stay
            # with me"); {command} shows their hand, {button} is the table's button.
            text = _(
                "{player}, I cannot send you direct messages, so {consequence}: use "
                "{command} (or the table's **{button}** button) to see them and play.",
                player=mention(user_id),
                consequence=words.hand_words,
                command=slash(f"{kind.name} {words.hand_command}"),
                button=words.hand_button,
            )
            await self._channel(session).send(
                public(session.row.language)(text),
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    def forget(self, game_id: int) -> None:
        """A finished game's notes on its hand messages dropped."""
        self._retired.pop(game_id, None)
        for key in [key for key in self._shown if key[0] == game_id]:
            del self._shown[key]
        for key in [key for key in self._reach if key[0] == game_id]:
            del self._reach[key]
        for key in [key for key in self._moved_here if key[0] == game_id]:
            del self._moved_here[key]
