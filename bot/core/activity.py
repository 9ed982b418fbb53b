"""The live table of the Discord Activity (docs/activity.md): the pages open in a
channel's Activity, each its player's, kept up to date with the channel's game, and the
moves they send, made through the session service like a click in Discord.

A page is a `Viewer`: who it is (as Discord said, never as the page says), its language
and how to send it a message. What it gets is a `state`: the game's public view (the
channel's) and, for a seated player, their own view and legal actions, decided by the
game's view functions as everywhere else; nobody's page holds another player's cards.

After every change the publisher calls `changed` (bot/core/publisher.py); a game changed
in another process arrives as `touched` (bot/client.py hears of it from the database).
Pushes are gathered per game: one task sends each page the game as it stands once the
change is committed, so a page never gets an older table after a newer one, and a burst
of moves costs one state per page.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.core.activity_words import page_labels
from bot.core.errors import Refusal, refusal_words
from bot.core.language import Speech, slash
from bot.core.session import Session
from bot.core.sessions import Sessions
from bot.core.storage import GameRow, Status
from games.protocol import GameError
from games.text import _
from lang import speaking
from render.page import live_words
from render.web import JSON, plain

log = logging.getLogger(__name__)

Send = Callable[[dict[str, JSON]], Awaitable[None]]
"""Sends one message to a page (a JSON object)."""
MOST_VIEWERS = 50
"""Pages open on one game at most (an Activity holds the channel's members)."""


class Refused(Refusal):
    """A page's move turned down, with the version the game stood at then: the page
    keeps the reason in sight until a later version arrives (the state that explains a
    move out of date may reach the page just before or just after the refusal)."""

    def __init__(self, words: str, version: int) -> None:
        super().__init__(words)
        self.version = version


@dataclass(frozen=True)
class Player:
    """A page's player, as Discord said: their id and name, and the channel of the
    Activity instance they are in."""

    user_id: int
    name: str
    channel_id: int


@dataclass(eq=False)
class Viewer:
    """One open page."""

    player: Player
    language: str
    send: Send
    game_id: int = 0
    shown: int = field(default=-1)
    """The version last sent to it."""
    shown_status: Status = Status.RUNNING
    """The status of the game it was last sent."""
    welcomed: int = 0
    """The game its last welcome was for: a page that follows the channel's next game
    gets that game's welcome (its kind's words) before its first state."""


class LiveTables:
    """The Activity's pages and their games (see the module's docstring). One per bot."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self.storage = sessions.storage
        self._viewers: dict[int, set[Viewer]] = {}
        self._pushing: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._background: set[asyncio.Future[None]] = set()

    def watching(self, game_id: int) -> int:
        return len(self._viewers.get(game_id, ()))

    async def join(self, player: Player, language: str, send: Send) -> Viewer:
        """The page shows the game of its channel from now on: its welcome and first
        state are sent. `Refusal` when the channel has no game to show."""
        row = await self.storage.shown_in(player.channel_id)
        session = await self.sessions.load(row.id) if row is not None else None
        if session is None:
            raise Refusal(
                _(
                    "No game is being played in this channel yet: start one with a game's "
                    "start command, such as {command}, then open the table again.",
                    command=slash("grass start"),
                )
            )
        viewers = self._viewers.setdefault(session.id, set())
        if len(viewers) >= MOST_VIEWERS:
            raise Refusal(_("This table has as many viewers as it can take."))
        viewer = Viewer(player, language, send, session.id, welcomed=session.id)
        viewers.add(viewer)
        await send(self.welcome(session, viewer))
        await self._show(session, viewer)
        return viewer

    def leave(self, viewer: Viewer) -> None:
        viewers = self._viewers.get(viewer.game_id)
        if viewers is not None:
            viewers.discard(viewer)
            if not viewers:
                del self._viewers[viewer.game_id]

    def welcome(self, session: Session, viewer: Viewer) -> dict[str, JSON]:
        with speaking(viewer.language):
            words = live_words(session.kind)
            labels = page_labels(session.record.words.asked_first)
        return {
            "op": "welcome",
            "user": {"id": str(viewer.player.user_id), "name": viewer.player.name},
            "language": viewer.language,
            "kind": session.kind,
            "words": words,
            "labels": labels,
        }

    def state(self, session: Session, viewer: Viewer) -> dict[str, JSON]:
        """The game as this page's player may see it."""
        name = session.name_of(viewer.player.user_id)
        you: dict[str, JSON] = {"seat": name, "hand": None, "legal": None, "menus": None}
        with speaking(viewer.language):
            table = plain(session.public_view())
            if name is not None:
                view = session.view_for(name)
                you["hand"] = plain(view)
                you["legal"] = [action.to_json() for action in session.legal_actions(name)]
                you["menus"] = session.record.ui.page_menus(view)
        return {
            "op": "state",
            "game": {
                "id": session.id,
                "kind": session.kind,
                "status": str(session.status),
                "version": session.version,
            },
            "table": table,
            "you": you,
            "recent": recent_lines(session, viewer.language),
        }

    async def _show(self, session: Session, viewer: Viewer) -> None:
        if viewer.shown == session.version:
            return
        viewer.shown, viewer.shown_status = session.version, session.status
        try:
            await viewer.send(self.state(session, viewer))
        except Exception:  # a page gone mid-send: its socket's end removes it
            log.debug("game %s: a page could not be sent its state", session.id, exc_info=True)

    async def move(self, viewer: Viewer, version: int, action: dict[str, Any]) -> None:
        """The page's move, made through the session service (the same checks, lock and
        publication as a click); `Refused` with the player's words when it is refused."""
        session = await self.sessions.load(viewer.game_id)
        if session is None:
            raise Refusal(_("That game no longer exists."))
        name = session.name_of(viewer.player.user_id)
        if name is None:
            raise Refusal(_("You have no seat at this table: you can watch it."))
        if not isinstance(action, dict) or "by" in action:
            raise Refusal(_("That move is not one I can read."))
        try:
            parsed = session.engine.parse_action({**action, "by": name})
            await self.sessions.act(viewer.game_id, viewer.player.user_id, parsed, version)
        except (GameError, Refusal) as error:
            said = refusal_words(error)
            now = await self.sessions.load(viewer.game_id)
            standing = now.version if now is not None else version
            raise Refused(said if said is not None else str(error), standing) from None

    # -- after every change ------------------------------------------------------------

    def changed(self, session: Session) -> None:
        """The game changed: its pages get its state (gathered, in order)."""
        if session.id not in self._viewers and session.status == Status.RUNNING:
            self._follow(session.row)
        self.touched(session.id)

    def touched(self, game_id: int) -> None:
        """The game changed here or in another process (its session is read afresh)."""
        if game_id not in self._viewers:
            if self._ended_channels():  # perhaps a next game in a channel with pages
                self._start(self._maybe_follow(game_id))
            return
        task = self._pushing.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self._pushing[game_id] = asyncio.create_task(self._push(game_id))

    # -- a channel's next game ---------------------------------------------------------

    def _ended_channels(self) -> set[int]:
        """The channels whose pages show a game that has ended."""
        return {
            viewer.player.channel_id
            for viewers in self._viewers.values()
            for viewer in viewers
            if viewer.shown_status != Status.RUNNING
        }

    def _follow(self, row: GameRow) -> None:
        """A game runs in a channel whose pages show one that ended (a rematch, the
        next game of the evening): they show this one from now on, as a page opened now
        would. A page on a game still running keeps it (two kinds may run in a channel
        at once)."""
        moving = [
            viewer
            for game_id, viewers in self._viewers.items()
            if game_id != row.id
            for viewer in viewers
            if viewer.player.channel_id == row.channel_id and viewer.shown_status != Status.RUNNING
        ]
        for viewer in moving:
            self.leave(viewer)
            viewer.game_id, viewer.shown = row.id, -1
            self._viewers.setdefault(row.id, set()).add(viewer)

    async def _maybe_follow(self, game_id: int) -> None:
        """A game changed in another process: if it runs in a channel whose pages show
        an ended game, they follow it."""
        row = await self.storage.game(game_id)
        if row is None or row.status != Status.RUNNING or game_id in self._viewers:
            return
        if row.channel_id in self._ended_channels():
            self._follow(row)
            self.touched(game_id)

    def _start(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _push(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                session = await self.sessions.load(game_id)
                if session is not None:
                    async with session.lock:  # the state as committed, not mid-move
                        viewers = list(self._viewers.get(game_id, ()))
                        states = [(viewer, self.state(session, viewer)) for viewer in viewers]
                        version, status = session.version, session.status
                    for viewer, state in states:
                        if viewer.welcomed != game_id:
                            viewer.welcomed = game_id
                            await _sent(viewer, self.welcome(session, viewer))
                        if viewer.shown != version:
                            viewer.shown, viewer.shown_status = version, status
                            await _sent(viewer, state)
                if game_id not in self._again:
                    return
        except Exception:
            log.exception("game %s: pushing it to the Activity failed", game_id)
        finally:
            self._pushing.pop(game_id, None)

    async def close(self) -> None:
        tasks = [*self._pushing.values(), *self._background]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def recent_lines(session: Session, language: str) -> list[JSON]:
    """The last actions, the lines the channel's table message lists under its picture
    (public words only), in `language`, as plain strings without their bullets."""
    actions = session.record.ui.table_text(session.table()).actions
    if not actions:
        return []
    lines = Speech(language).plain(actions).splitlines()
    return [line.removeprefix("- ") for line in lines if line.strip()]


async def _sent(viewer: Viewer, state: dict[str, JSON]) -> None:
    try:
        await viewer.send(state)
    except Exception:
        log.debug("a page could not be sent its state", exc_info=True)
