"""The one way a change to a running game goes through, for every game kind, and the
games it holds in memory (`Session`).

load the game -> take its lock -> check the actor and the control's version -> apply
through the engine -> commit state + move log row in one transaction -> publish.
Buttons, slash commands, timers and computer seats all call `Sessions.act`, so two
clicks at the same moment on one game are applied one after the other and moves
never interleave. The engine knows players by name; the seats table maps names to
Discord user ids. The service never sees a Discord interaction.
"""

from __future__ import annotations

import dataclasses
import logging
import time
import weakref
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.core.errors import Refusal
from bot.core.gamelock import GameLock
from bot.core.gameui import Control, Hand, SeatResult
from bot.core.kinds import GameKind
from bot.core.language import mention
from bot.core.metrics import Metrics
from bot.core.screen import Screen
from bot.core.session import NOT_SEATED, Clicked, Session, hand_signature
from bot.core.storage import Result, SeatRow, Status, Storage
from bot.core.takeback import Request, TakeBack, lapsed_event
from games.protocol import JSON, Action, Event, EventKind, Outcome
from games.registry import Level
from games.takeback import final_reason, taken_back_event
from games.text import _

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Applied:
    session: Session
    name: str
    events: list[Event]


@dataclass(frozen=True, slots=True)
class _Move:
    """One action applied to a session, before it is stored: what the steps of
    `Sessions.act` after the engine need to know."""

    name: str
    action: Action
    events: list[Event]
    before_awaiting: tuple[str, ...]
    loaded_version: int
    pending: Request | None
    """The take-back request the move makes lapse, if any."""
    outcome: Outcome | None
    results: list[Result] | None
    changed: list[str]
    """The seats whose hand message the move changed."""
    leavers: list[SeatRow]
    kicked: bool
    """The leavers left by a kick (they get no result)."""


def final_results(
    session: Session,
    ranked: Sequence[SeatResult],
    events: Sequence[Event],
    kicked_now: Sequence[str] = (),
) -> list[Result]:
    """A finished game's results: the game's own places for the seats that saw it
    through (people and computer seats), then everyone who gave up or whose seat the
    computer took over after their absences, sharing the last place with no score:
    leaving a lost game, or sitting it out, must not keep a clean record. A player who
    was kicked gets no result: a kick must neither cost them rating nor earn rating for
    whoever kicked them (docs/ratings.md). `kicked_now`: seats leaving by the kick
    this move makes (a kind without computer players)."""
    left = {seat.name for seat in session.seats if seat.left_game and not seat.is_ai}
    left |= {event.actor for event in events if event.kind == EventKind.LEAVE and event.actor}
    kicked = {seat.name for seat in session.seats if seat.kicked and seat.left_game}
    kicked |= set(kicked_now)
    stayed = [result for result in ranked if result.name not in left]
    last = 1 + len(stayed)
    results = [Result(session.user_of(r.name) or 0, r.place, r.score, r.best_round) for r in stayed]
    for seat in session.seats:
        if seat.name in left - kicked:
            results.append(Result(seat.user_id, last, 0))
        if seat.replaced_user_id is not None and not seat.kicked:
            results.append(Result(seat.replaced_user_id, last, 0))
    return results


def how_made(
    session: Session, name: str, user_id: int | None, via: Clicked | None, kicked: bool
) -> str:
    """How a move was made, as the metrics count it: "clicked" (a control of a message),
    "typed" (a person's move with no message clicked: a command, or a form submitted,
    which this service cannot tell apart), "computer" (a computer seat), "timer" (the
    easy level covering a person's turn that ran out), "kick" (the leave a kick makes)."""
    if kicked:
        return "kick"
    if user_id is not None:
        return "clicked" if via is not None else "typed"
    seat = session.seat_of(name)
    return "computer" if seat is not None and seat.is_ai else "timer"


def action_kind(action: Mapping[str, JSON]) -> str:
    """What sort of action this is ("play", "pass", "offer"...), for logs: the first key
    of the notation besides "by", never its cards or targets."""
    return next((key for key in action if key != "by"), "action")


ActionBuilder = Callable[[Hand[Any]], Action]
"""Builds a typed command's action from the actor's hand (their name, view, legal
actions and the table's seats), under the game's lock."""
Watcher = Callable[[Session, Sequence[Event], int | None, str | None], Awaitable[None]]
"""Called after every committed and published move (and at a game's start and after a
restart, with no events), under the game's lock: `(session, events, user id of the
person who acted or None, the acting seat's name or None)`. Computer players and turn
timers (bot/core/turns.py) schedule their work here."""


class Sessions:
    """Running games' sessions by game id, loaded from storage on first use. A finished
    or abandoned game is loaded afresh at each look (a score sheet, an export) and not
    kept: memory holds what is being played, not every game ever touched."""

    def __init__(
        self,
        storage: Storage,
        kinds: Mapping[str, GameKind],
        screen: Screen,
        metrics: Metrics | None = None,
    ) -> None:
        self.storage = storage
        self.kinds = kinds
        self.screen = screen
        """Where every move and change is shown (bot/core/screen.py)."""
        self.metrics = metrics
        """Where moves are counted and timed (bot/core/metrics.py), when they are."""
        self._sessions: dict[int, Session] = {}
        self._locks: weakref.WeakValueDictionary[int, GameLock] = weakref.WeakValueDictionary()
        """A game's lock lives while someone holds it, waits for it or keeps its session:
        everyone asking meanwhile gets the same lock, and nothing is left per game after."""
        self._loaded: dict[int, list[weakref.ref[Session]]] = {}
        """The sessions handed out per game and still alive, brought up to the database
        when the game's lock is taken (`refresh`)."""
        self._watcher: Watcher | None = None

    def follow(self, watcher: Watcher | None) -> None:
        """`watcher` hears of every move from now on (the turns service, which schedules
        computer players and timers; None: nobody)."""
        self._watcher = watcher

    def lock(self, game_id: int) -> GameLock:
        lock = self._locks.get(game_id)
        if lock is None:
            shared = self.storage.shared
            lock = GameLock(
                game_id,
                hold=self.storage.hold if shared else None,
                refresh=self.refresh if shared else None,
            )
            self._locks[game_id] = lock
        return lock

    async def refresh(self, game_id: int) -> None:
        """With the game's lock held, on a database other processes share: every session
        of the game this process handed out is brought up to the database, since another
        process may have moved, seated the computer or ended the game meanwhile. The
        engine is loaded again only when the version moved."""
        alive = [session for ref in self._loaded.get(game_id, []) if (session := ref()) is not None]
        self._loaded[game_id] = [weakref.ref(session) for session in alive]
        if not alive:
            del self._loaded[game_id]
            return
        row = await self.storage.game(game_id)
        seats = await self.storage.seats(game_id)
        for session in alive:
            if row is None or row.state is None:
                session.status = Status.ABANDONED
                continue
            if row.version != session.version:
                session.engine = session.record.engine.from_json(row.state)
                session.request = session.undoable = None
            session.row, session.seats, session.status = row, seats, row.status
            session.table_message_id = row.table_message_id
        if row is None or row.status != Status.RUNNING:
            self.forget(game_id)
            del self._loaded[game_id]

    async def settle(self) -> None:
        """Waits until no game is in the middle of a move (its lock is free), so that a
        stop comes between moves: a move's messages sent but not yet recorded would be
        sent again after the restart."""
        for lock in list(self._locks.values()):
            async with lock.local:
                pass

    @property
    def cached(self) -> int:
        """Sessions held in memory (running games looked at since the start)."""
        return len(self._sessions)

    def forget(self, game_id: int) -> None:
        """Drop the cached session: the next use reloads it from the database."""
        self._sessions.pop(game_id, None)

    async def started(self, game_id: int) -> Session:
        """The session of a started game; `Refusal` saying why there is none."""
        session = await self.load(game_id)
        if session is not None:
            return session
        row = await self.storage.game(game_id)
        if row is None or row.kind not in self.kinds:
            raise Refusal(_("That game no longer exists."))
        raise Refusal(_("That game has not started yet."))

    async def playing(self, control: Control, user_id: int) -> tuple[Session, Hand[Any]]:
        """The running game `control` belongs to and the hand of the player who used it,
        from memory: a click reads storage only to say why it is refused. On a database
        other processes share, a control drawn after the version held here brings the
        session up to date first (taking the game's lock reads their moves in)."""
        session = await self.started(control.game)
        name = session.name_of(user_id)
        if name is None:
            raise Refusal(NOT_SEATED)
        if session.status != Status.RUNNING:
            raise Refusal(_("This game is over; its controls do nothing any more."))
        if session.left(name):  # their old messages' controls still name their seat
            raise Refusal(
                _("You no longer have a seat in this game, so its controls do nothing for you.")
            )
        versioned = control.verb not in session.record.ui.unversioned_verbs
        if versioned and control.version > session.version and self.storage.shared:
            await session.synced()
        return session, session.hand(name)

    async def load(self, game_id: int) -> Session | None:
        """The session of a started game (running, finished or abandoned)."""
        cached = self._sessions.get(game_id)
        if cached is not None:
            return cached
        row = await self.storage.game(game_id)
        if row is None or row.state is None or row.kind not in self.kinds:
            return None
        record = self.kinds[row.kind]
        session = Session(
            row=row,
            engine=record.engine.from_json(row.state),
            seats=await self.storage.seats(game_id),
            status=row.status,
            table_message_id=row.table_message_id,
            record=record,
            lock=self.lock(game_id),
        )
        if session.status == Status.RUNNING:
            # Two first uses may load at once: the first one stored wins, so every
            # caller shares one engine.
            session = self._sessions.setdefault(game_id, session)
        if self.storage.shared and session.status == Status.RUNNING:
            # Only running games: an ended one changes no more (its entry goes when a
            # refresh finds it ended).
            loaded = [ref for ref in self._loaded.get(game_id, []) if ref() is not None]
            if all(ref() is not session for ref in loaded):
                loaded.append(weakref.ref(session))
            self._loaded[game_id] = loaded
        return session

    async def moves_of(self, session: Session) -> list[JSON]:
        """The game's move log as of one version, never in the middle of a move."""
        async with session.lock:
            return await self.storage.moves(session.id)

    async def after(
        self,
        session: Session,
        events: Sequence[Event] = (),
        user_id: int | None = None,
        name: str | None = None,
    ) -> None:
        """Tell the watcher about a move (or a start, or a restart); call with the
        game's lock held. Its failure is logged: the move stands."""
        if self._watcher is None:
            return
        try:
            await self._watcher(session, events, user_id, name)
        except Exception:
            log.exception("game %s: the watcher failed after a move", session.id)

    async def act(
        self,
        game_id: int,
        user_id: int | None,
        build: ActionBuilder | Action,
        version: int | None = None,
        actor_name: str | None = None,
        via: Clicked | None = None,
    ) -> Applied:
        """Apply one action for a user (or for `actor_name` when the bot acts for a
        seat): a typed action, or a builder given the actor's hand. `version` is the
        state version a control was drawn for: a different current version raises
        `StaleControl`. `IllegalAction` leaves everything as it was. Returns once the
        move is committed and published.

        `via`: the hand message clicked to make the move, which the publisher edits
        through the click's response."""
        started = time.perf_counter()
        async with self.lock(game_id):
            session = await self._running(game_id)
            name = self._actor(session, user_id, actor_name, version)
            action = build if isinstance(build, Action) else build(session.hand(name))
            if action.by != name:  # a builder's mistake, never a player's
                raise ValueError(f"an action by {action.by!r} made for {name!r}")
            applied = await self._move(session, name, action, user_id, via)
        if self.metrics is not None:
            self.metrics.move_took(session.kind, time.perf_counter() - started)
        return applied

    async def _move(
        self,
        session: Session,
        name: str,
        action: Action,
        user_id: int | None,
        via: Clicked | None,
        kicked: bool = False,
    ) -> Applied:
        """`act` once the game's lock is held and the action built. `kicked`: the
        action is the leave a kick makes (`kick`)."""
        move = self._apply(session, name, action, kicked)  # IllegalAction: nothing changed
        await self._commit(session, move, user_id)
        if self.metrics is not None:
            self.metrics.moved(session.kind, how_made(session, name, user_id, via, kicked))
        events = self._remember(session, move, user_id)
        # The kind of action only: its cards (a Paranoia pass, a secret trade) are
        # private, and logs are read by people who do not play.
        log.debug(
            "game %s: %s's %s committed as version %s",
            session.id,
            name,
            action_kind(action.to_json()),
            session.version,
        )
        await self._show(session, events, move.before_awaiting, via)
        if move.leavers:
            await self.keep_a_host(session)
        await self.after(session, events, user_id, name)
        if session.status != Status.RUNNING:
            self.forget(session.id)  # finished games are read from the database when asked
        return Applied(session, name, events)

    async def kick(self, game_id: int, user_id: int) -> SeatRow | None:
        """The player `user_id` removed from a running game (by its host or a moderator:
        the caller checks who asks). An easy computer player takes the seat, or, in a
        kind without computer players, the player leaves; either way they get no
        result (docs/ratings.md). Returns their seat as it was; None when they have
        none."""
        async with self.lock(game_id):
            session = await self._running(game_id)
            seat = next(
                (s for s in session.seats if s.user_id == user_id and not s.left_game), None
            )
            if seat is None:
                return None
            record = session.record
            if record.computer_players:
                await self.seat_to_computer(session, seat, kicked=True)
                await self.after(session)
            else:
                await self._move(session, seat.name, record.leave(seat.name), None, None, True)
            return seat

    async def _running(self, game_id: int) -> Session:
        session = await self.load(game_id)
        if session is None:
            raise Refusal(_("That game has not started or no longer exists."))
        if session.status != Status.RUNNING:
            raise Refusal(_("That game is over; nothing can be played in it any more."))
        return session

    @staticmethod
    def _actor(
        session: Session, user_id: int | None, actor_name: str | None, version: int | None
    ) -> str:
        """The seat acting: the user's, or `actor_name` when the bot acts for a seat;
        `StaleControl` when the control was drawn for another version."""
        name = actor_name if user_id is None else session.name_of(user_id)
        if name is None:
            raise Refusal(_("You are not playing in this game."))
        if version is not None:
            session.check_version(name, version)
        return name

    def _apply(self, session: Session, name: str, action: Action, kicked: bool) -> _Move:
        """The action applied to the session's engine, with what the rest of the move
        needs to know of before and after."""
        ui = session.record.ui
        before_awaiting = session.engine.awaiting
        before = {seat.name: hand_signature(ui, session, seat.name) for seat in session.seats}
        loaded_version = session.version
        pending = session.current_request()
        if isinstance(action, TakeBack):
            if action.version != loaded_version:
                raise Refusal(_("Too late: the game has moved on since the move was made."))
            session.engine = action.replayed
            events = [taken_back_event(name)]
        else:
            events = session.engine.apply(action)  # IllegalAction: nothing changed
        outcome = session.engine.outcome()
        results = None
        if outcome is not None:
            kicked_now = [name] if kicked else []
            results = final_results(session, ui.results(session.table()), events, kicked_now)
            session.status = Status.FINISHED
        changed = [
            s.name for s in session.seats if hand_signature(ui, session, s.name) != before[s.name]
        ]
        left = {event.actor for event in events if event.kind == EventKind.LEAVE}
        leavers = [seat for seat in session.seats if seat.name in left]
        return _Move(
            name,
            action,
            events,
            before_awaiting,
            loaded_version,
            pending,
            outcome,
            results,
            changed,
            leavers,
            kicked,
        )

    async def _commit(self, session: Session, move: _Move, user_id: int | None) -> None:
        """The move stored in one transaction (with its results and ratings, when it
        ended the game); on failure the session is forgotten, since the engine moved
        but the database did not."""
        # The pictures are drawn in the thread pool while the database commits.
        self.screen.prefetch(session, move.changed)
        ui = session.record.ui
        changed_ids = [seat.user_id for seat in session.seats if seat.name in move.changed]
        started = time.perf_counter()
        try:
            await self.storage.record_move(
                session.id,
                move.loaded_version,
                user_id,
                move.action.to_json(),
                session.engine.to_json(),
                session.version,
                move.results,
                changed_ids,
                [seat.seat for seat in move.leavers],
                ending=None if move.outcome is None else ui.ending(move.outcome),
                kicked=move.kicked,
            )
        except BaseException:
            self.forget(session.id)  # reloaded from the database, the truth
            raise
        if self.metrics is not None:
            self.metrics.committed(self.storage.backend, time.perf_counter() - started)
        session.moved_at = time.monotonic()

    def _remember(self, session: Session, move: _Move, user_id: int | None) -> list[Event]:
        """What the session keeps of a committed move: whose controls it redrew, who
        left, whether its mover may take it back. Returns the events to show (a lapsed
        take-back request is told, never stored)."""
        name, events = move.name, move.events
        for changed_name in move.changed:
            session._replace_seat(changed_name, controls_since=session.version)
        session.request = None
        session.undoable = None
        if isinstance(move.action, TakeBack):
            session.take_backs.took_back(name)
        else:
            final = final_reason(events) is not None or session.engine.reveals(events) is not None
            session.take_backs.acted(name, final)
            if (
                user_id is not None
                and move.results is None
                and not final
                and session.take_backs.refusal(name) is None
                and self._no_computer_awaited(session)
            ):
                session.undoable = (session.version, name)
            if move.pending is not None:
                events = [*events, lapsed_event(move.pending, name)]
        for seat in move.leavers:
            session._replace_seat(seat.name, left_game=True, deadline=None, kicked=move.kicked)
        return events

    async def _show(
        self,
        session: Session,
        events: Sequence[Event],
        before_awaiting: Sequence[str],
        via: Clicked | None,
    ) -> None:
        """The committed move published; a failed publication is logged and repaired by
        the next move or the next start, never by undoing the move."""
        started = time.perf_counter()
        await self.screen.publish(session, events, before_awaiting, via)
        took = (time.perf_counter() - started) * 1000
        log.debug("game %s: published in %.0f ms", session.id, took)

    @staticmethod
    def _no_computer_awaited(session: Session) -> bool:
        """No computer seat is awaited (it would move at once): the mover of a move that
        showed nothing hidden (games/takeback.py) may ask to take it back."""
        awaiting = session.engine.awaiting
        return not any(seat.is_ai and seat.name in awaiting for seat in session.seats)

    # -- changes that are not moves: under the game's lock too, stored, then shown ----

    async def seat_to_computer(self, session: Session, seat: SeatRow, kicked: bool) -> None:
        """A person's seat handed to an easy computer player (`kicked`, or absent turn
        after turn), with the game's lock held; the caller then tells the watcher
        (`after`), since the computer may have to move."""
        await self.storage.seat_to_ai(session.id, seat.seat, Level.EASY, kicked)
        session.seats = await self.storage.seats(session.id)
        await self.keep_a_host(session)

    async def keep_a_host(self, session: Session) -> bool:
        """The host role goes to another person when the host left or lost the seat;
        with no person left, the game is abandoned (a game needs a person). False if it
        was. Called with the game's lock held."""
        people = [s for s in session.seats if not s.is_ai and not s.left_game]
        if not people:
            await self._end(
                session,
                _(
                    "Only computer players are left at this table, so the game was abandoned "
                    "(a game needs at least one person); no result is recorded."
                ),
            )
            return False
        if any(s.user_id == session.row.host_id for s in people):
            return True
        host = people[0]
        await self.storage.set_host(session.id, host.user_id)
        session.row = dataclasses.replace(session.row, host_id=host.user_id)
        text = _("{player} is now the host of this game.", player=mention(host.user_id))
        await self.screen.say(session, text)
        return True

    async def abandon(self, game_id: int, announce: str | None = None) -> bool:
        """A running game ended without a result: the table and hands say so and lose
        their controls; `announce` is posted in the channel. False if the game was not
        running (it ended meanwhile, or never started)."""
        async with self.lock(game_id):
            row = await self.storage.game(game_id)
            if row is None or row.status != Status.RUNNING:
                return False
            session = await self.load(game_id)
            if session is None:
                return False
            await self._end(session, announce)
            return True

    async def _end(self, session: Session, announce: str | None) -> None:
        await self.storage.set_status(session.id, Status.ABANDONED)
        session.status = Status.ABANDONED
        self.forget(session.id)
        await self.screen.refresh(session)
        if announce is not None:
            await self.screen.say(session, announce, ping=False)
