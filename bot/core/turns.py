"""Computer players' turns and turn timers, for every game kind.

Both enter through the session service like a click (ARCHITECTURE.md: one path for
every move): `Sessions.act` with the seat's name, so their moves are locked,
committed, logged and published exactly like a person's. The session service calls
`Turns.watch` after every move (and at a start and after a restart); it

- starts a task for each awaited AI seat with a move to make (not a Grass proposer
  waiting for its partner's answer: `Action.optional`): a decision off the event loop
  (bot/core/thinking.py: the hard level in a worker process shared fairly by every
  server, the easy level in a thread) during a short natural pause (AI_DELAY), then
  the move, with the state version it was
  decided for (a move decided on an out-of-date view is refused as stale and decided
  again; a decision the engine refuses is replaced by a random legal move; a failure is
  tried again after a pause that doubles, up to FAILURES_BEFORE_REST times);
- gives a computer's Grass trade offer `OFFER_PATIENCE_MINUTES` for its answer, then
  withdraws it (the partner answering first ends the wait);
- keeps a stored deadline per awaited person, set when their turn or moment begins
  (they survive restarts: an expired one fires at once), reminds them at half time,
  and on expiry lets the easy AI play their turn and says so; after three expiries in
  a row the computer takes the seat;
- stops a slow game's clock while its player is away (`/away`, bot/core/absences.py):
  the stored deadline counts their vacations, set so as a turn begins (one begun while
  away has its whole time from their return) and again, from the time left, whenever
  their vacations change (`vacations_changed`: stored, so restarts and other processes
  agree). The reminder comes at half the time left, vacations counted; while they are
  away the timer only waits for their return. Live games' clocks never stop;
- marks players who left, passes the host role to another person when the host
  leaves or loses the seat, and abandons a game where only computers are left.

A sweep once a clock minute (`Settings.timer_minute` seconds) starts again any awaited
computer seat or running timer left without a task, so that no failure, however
unexpected, freezes a table until the next restart.

Several processes may share the games (PostgreSQL): each game's timers and computer
players run in the process holding the game's lease (bot/core/leases.py); a move made
in another process reaches the holder as a notification, and the holder resumes the
game's turns.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.core.absences import Span, away_at, deadline_after, moment_left, moved, spans
from bot.core.clock import SYSTEM_CLOCK, Clock
from bot.core.errors import Refusal, StaleControl
from bot.core.language import mention, time_span
from bot.core.leases import Leases
from bot.core.limits import EXPIRIES_TO_REPLACE, SLOW_PACES, slow, turn_deadline, turn_minutes
from bot.core.session import Session
from bot.core.sessions import action_kind
from bot.core.settings import Settings
from bot.core.storage import SeatRow, Status
from bot.core.tables import Tables
from bot.core.takeback import BotEvent
from bot.core.thinking import Asker, Thinking, default_workers
from games.protocol import Action, Event, GameError
from games.registry import Level
from games.text import Duration, _, _n

log = logging.getLogger(__name__)

MAX_COVER_ACTIONS = 8
"""Actions the timer plays at most for one absent player's turn (a Gracias turn is a
take and a give; a Nirvana extra turn adds more)."""
MAX_STALE = 3
"""Decisions in a row overtaken by another move before the task waits for the next one."""
FAILURES_BEFORE_REST = 5
"""Failed attempts in a row (an error, not a refusal) before a computer player's task
rests; the sweep starts it again a clock minute later."""
MAX_BACKOFF_SECONDS = 60
MIN_SWEEP_SECONDS = 0.05
OFFER_PATIENCE_MINUTES = 2
"""How long a computer's trade offer waits for an answer (clock minutes) before the
computer withdraws it and plays on: a person who is away, or who holds nothing asked
for and never answers, would otherwise hold the whole table, for days in a slow game.
A computer partner answers within its own short pause."""
Key = tuple[int, str]


def _has_move(session: Session, name: str) -> bool:
    """Whether an awaited computer seat has a move the game waits for: a proposer whose
    offer waits for its partner's answer may only withdraw it (`Action.optional`), and
    waits instead, so that the partner answers (a person in their own time)."""
    return any(not action.optional for action in session.legal_actions(name))


class Turns:
    """The computer players' and turn timers' service (see the module's docstring). One
    per bot (`bot.turns`), started once the bot's services are open."""

    def __init__(
        self,
        tables: Tables,
        settings: Settings,
        ready: Callable[[], Awaitable[None]],
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self.tables = tables
        self.clock = clock
        """The timers' time and the retries' pauses (the tests move their own)."""
        self.sessions = tables.sessions
        self.storage = tables.sessions.storage
        self.settings = settings
        self.ready = ready
        """Waits until the bot is connected: the sweeps begin then."""
        self._ai_tasks: dict[Key, asyncio.Task[None]] = {}
        self._timer_tasks: dict[Key, asyncio.Task[None]] = {}
        self._patience: dict[Key, asyncio.Task[None]] = {}
        """Computer seats whose trade offer waits for an answer: each withdraws it after
        `OFFER_PATIENCE_MINUTES`, unless the answer comes first."""
        self._wake: dict[Key, asyncio.Event] = {}
        self._covering: set[Key] = set()
        """Seats the timer is playing for right now: their deadline is left alone."""
        workers = settings.ai_workers or default_workers()
        self.thinking = Thinking(workers, settings.ai_seconds)
        """Every decision of this process's computer seats, shared fairly by the servers."""
        self._sweeper: asyncio.Task[None] | None = None
        self._leaser: asyncio.Task[None] | None = None
        self.leased = Leases(self.storage, settings.timer_minute, self._drop_tasks, tables.restore)
        """The games whose turns run in this process (bot/core/leases.py)."""

    def _minutes(self, session: Session) -> int:
        """The game's turn timer in minutes (0: none)."""
        return turn_minutes(session.row, session.record.turn_minutes)

    async def start(self) -> None:
        """The sweep begins (and, on a shared database, the leases' upkeep)."""
        self.sessions.follow(self.watch)
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="turn sweep")
        if self.storage.shared:  # alone on a SQLite file, every game's turns are ours
            self._leaser = asyncio.create_task(self.leased.keep(self.ready), name="turn leases")

    async def stop(self) -> None:
        """Every task stopped; this process's leases given back."""
        self.sessions.follow(None)
        tasks = [*self._ai_tasks.values(), *self._timer_tasks.values(), *self._patience.values()]
        tasks.extend(task for task in (self._sweeper, self._leaser) if task is not None)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.thinking.close()
        log.info(self.thinking.stats.summary())
        await self.leased.release()

    def _drop_tasks(self, game_id: int) -> None:
        for tasks in (self._ai_tasks, self._timer_tasks, self._patience):
            for key in [key for key in tasks if key[0] == game_id]:
                tasks.pop(key).cancel()

    async def resume(self, game_id: int) -> None:
        """The game's turns, read again from the database and run here (deadlines set,
        timers and computer players started)."""
        session = await self.sessions.load(game_id)
        if session is None:
            return
        async with session.lock:
            await self.sessions.after(session)
        for key in [key for key in self._wake if key[0] == game_id]:
            self._poke(key)

    async def changed_elsewhere(self, game_id: int) -> None:
        """Another process moved (or set a timer): the holder of the lease resumes."""
        if game_id in self.leased:
            try:
                await self.resume(game_id)
            except Exception:
                log.exception(
                    "game %s: resuming its turns after a change elsewhere failed", game_id
                )

    # -- after every move ------------------------------------------------------------

    async def watch(
        self,
        session: Session,
        events: Sequence[Event],
        user_id: int | None = None,
        name: str | None = None,
    ) -> None:
        """Called by the session service with the game's lock held."""
        if session.status != Status.RUNNING:
            return
        starts = session.record.ui.turn_starts(events)
        awaiting = session.engine.awaiting
        timer = self._minutes(session) * self.settings.timer_minute
        now = self.clock.time()
        runs_here = await self.leased.holds(session.id)
        for seat in list(session.seats):
            key = (session.id, seat.name)
            awaited = seat.name in awaiting
            if seat.is_ai:
                if not awaited or _has_move(session, seat.name):
                    self._answered(key)
                if awaited and runs_here:
                    self._start_computer(session, key)
                continue
            if key in self._covering:
                continue  # the timer is playing this turn; it settles the seat after
            acted = user_id is not None and seat.user_id == user_id
            expiries = 0 if acted else seat.expiries
            deadline, reminded = seat.deadline, seat.reminded
            if not awaited or timer <= 0 or seat.left_game:
                deadline, reminded = None, False
            elif (ends := turn_deadline(deadline, seat.name in starts, now, timer)) != deadline:
                away = await self._vacations(session, seat.user_id, now)
                deadline, reminded = deadline_after(now, ends - now, away), False  # a turn begins
            if (deadline, reminded, expiries) != (seat.deadline, seat.reminded, seat.expiries):
                await self._set_timer(session, seat, deadline, reminded, expiries)
                self._poke(key)
            if deadline is not None and runs_here:
                self._spawn(self._timer_tasks, key, self._run_timer(*key))

    async def _vacations(self, session: Session, user_id: int, now: float) -> list[Span]:
        """The player's vacations not over by `now` that stop the game's clock: none in
        a live game."""
        if not slow(session.row):
            return []
        return spans(await self.storage.absences(user_id, since=now))

    async def vacations_changed(
        self, user_id: int, before: Sequence[Span], after: Sequence[Span]
    ) -> None:
        """The member's vacations changed: in each slow game they play, their running
        deadline keeps the time it had left, counted with the new vacations (a timer
        waiting here is woken; one in another process hears of the stored change), and
        the table is drawn again to say who is away."""
        now = self.clock.time()
        for game_id in await self.storage.slow_games_of(user_id, SLOW_PACES[0]):
            try:
                await self._move_deadline(game_id, user_id, now, before, after)
            except Exception:  # the vacation stands; the other games are still moved
                log.exception("game %s: moving a deadline for a vacation failed", game_id)

    async def _move_deadline(
        self, game_id: int, user_id: int, now: float, before: Sequence[Span], after: Sequence[Span]
    ) -> None:
        session = await self.sessions.load(game_id)
        if session is None:
            return
        async with session.lock:
            seat = next((s for s in session.seats if s.user_id == user_id), None)
            if session.status != Status.RUNNING or seat is None or seat.is_ai:
                return
            key = (game_id, seat.name)
            if seat.deadline is not None and key not in self._covering:
                deadline = moved(seat.deadline, now, before, after)
                if deadline != seat.deadline:
                    await self._set_timer(session, seat, deadline, seat.reminded, seat.expiries)
                    self._poke(key)
            await self.tables.screen.refresh(session)

    def _start_computer(self, session: Session, key: Key) -> bool:
        """An awaited computer seat's task: its move, or, while its own trade offer waits
        for an answer, its patience. True if a move's task was started."""
        if _has_move(session, key[1]):
            return self._spawn(self._ai_tasks, key, self._play_ai(*key))
        self._spawn(self._patience, key, self._withdraw_unanswered(*key))
        return False

    def _spawn(self, tasks: dict[Key, asyncio.Task[None]], key: Key, work: Any) -> bool:
        """One task per seat: a running one (re-reading the game after every wait) is
        kept; the task calling from inside its own move is kept too. True if started."""
        task = tasks.get(key)
        if task is not None and not task.done():
            work.close()
            return False
        tasks[key] = asyncio.create_task(work, name=f"game {key[0]}: {key[1]}")
        return True

    # -- the sweep -----------------------------------------------------------------------

    async def _sweep_forever(self) -> None:
        await self.ready()
        while True:
            await self.clock.sleep(max(MIN_SWEEP_SECONDS, self.settings.timer_minute))
            try:
                await self.sweep()
            except Exception:
                log.exception("the turn sweep failed")

    async def sweep(self) -> None:
        """Awaited computer seats and running timers without a live task get one, in
        the games whose turns run here."""
        for game_id in await self.storage.running_with_turns():
            if game_id not in self.leased and self.storage.shared:
                continue
            session = await self.sessions.load(game_id)
            if session is None:
                continue
            async with session.lock:
                if session.status != Status.RUNNING:
                    continue
                awaiting = session.engine.awaiting
                for seat in session.seats:
                    key = (game_id, seat.name)
                    if seat.is_ai and seat.name in awaiting:
                        restarted = self._start_computer(session, key)
                    elif not seat.is_ai and seat.deadline is not None:
                        restarted = self._spawn(self._timer_tasks, key, self._run_timer(*key))
                    else:
                        continue
                    if restarted:
                        log.warning("game %s: %s's turn was left without a task; resumed", *key)

    def _poke(self, key: Key) -> None:
        event = self._wake.get(key)
        if event is not None:
            event.set()

    async def _set_timer(
        self,
        session: Session,
        seat: SeatRow,
        deadline: float | None,
        reminded: bool,
        expiries: int,
    ) -> None:
        await self.storage.set_seat_timer(session.id, seat.seat, deadline, reminded, expiries)
        session.timer_set(seat.name, deadline, reminded, expiries)

    async def _say(self, session: Session, text: str, about: str | None = None) -> None:
        await self.tables.screen.say(session, text, about=about)

    # -- deciding ----------------------------------------------------------------------

    async def _snapshot(
        self, game_id: int, name: str, ai_seat: bool
    ) -> tuple[Session, Any, list[Action], int, int] | None:
        """What the player sees and may do now, read between two moves; None if it is
        not their moment (or the seat is no longer of the expected sort)."""
        session = await self.sessions.load(game_id)
        if session is None:
            return None
        async with session.lock:
            seat = session.seat_of(name)
            if (
                session.status != Status.RUNNING
                or seat is None
                or seat.is_ai != ai_seat
                or name not in session.engine.awaiting
            ):
                return None
            legal = list(session.legal_actions(name))
            if not legal or (ai_seat and not _has_move(session, name)):
                return None
            seed = session.id * 16 + seat.seat
            return session, session.view_for(name), legal, session.version, seed

    async def _move(
        self, game_id: int, name: str, level: Level, ai_seat: bool, pause: float = 0.0
    ) -> bool:
        """Decide and play one move for the seat; False when it is not its moment. The
        decision runs during the `pause` (seconds since the game's last move), and the
        move is played once both are over: a computer seat keeps its table waiting for the
        longer of the two, not their sum. A decision the engine refuses (a fault of the
        computer player) is replaced by a random legal move, so the table goes on."""
        ready: float | None = None
        refused = False
        for _attempt in range(MAX_STALE + 1):
            found = await self._snapshot(game_id, name, ai_seat)
            if found is None:
                return False
            session, view, legal, version, seed = found
            if ready is None:
                ready = session.moved_at + pause
            if refused:
                action = random.Random(seed * 1_000_003 + version).choice(legal)
            else:
                row = session.row
                asker = Asker(row.guild_id, row.host_id, row.channel_id)
                action = await self.thinking.decide(
                    session.kind, level, view, legal, seed, version, asker, due=ready
                )
            await asyncio.sleep(max(0.0, ready - time.monotonic()))
            try:
                await self.sessions.act(game_id, None, action, version=version, actor_name=name)
                return True
            except StaleControl:
                continue  # the game moved under the decision: decide again
            except (GameError, Refusal) as error:
                if refused:
                    raise  # even a listed legal move was refused: the sweep tries later
                refused = True
                # The kind of move only: the refusal's text may name the seat's cards.
                log.error(
                    "game %s: %s's %s (%s level) was refused (%s); playing a random legal "
                    "move instead",
                    game_id,
                    name,
                    action_kind(action.to_json()),
                    level,
                    type(error).__name__,
                )
        return False

    # -- computer players --------------------------------------------------------------

    async def _play_ai(self, game_id: int, name: str) -> None:
        """An AI seat's moves for as long as it is awaited. A failure (the storage busy, a
        worker process lost...) is tried again after a pause that doubles each time."""
        failures = 0
        while True:
            if failures:
                await self.clock.sleep(self._pause(failures))
            try:
                session = await self.sessions.load(game_id)
                seat = session.seat_of(name) if session is not None else None
                if seat is None or seat.ai_level is None:
                    return
                level = Level(seat.ai_level)
                pause = self.settings.ai_delay
                if not await self._move(game_id, name, level, ai_seat=True, pause=pause):
                    return
                failures = 0
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception(
                    "game %s: the computer player %s failed (%d of %d in a row)",
                    game_id,
                    name,
                    failures,
                    FAILURES_BEFORE_REST,
                )
                if failures >= FAILURES_BEFORE_REST:
                    return  # the sweep starts it again

    def _answered(self, key: Key) -> None:
        """The seat's offer was answered (or withdrawn): its patience ends, unless it is
        the patience's own withdrawal that is being played."""
        task = self._patience.get(key)
        if task is not None and task is not asyncio.current_task():
            self._patience.pop(key)
            task.cancel()

    async def _withdraw_unanswered(self, game_id: int, name: str) -> None:
        """After `OFFER_PATIENCE_MINUTES` the computer withdraws an offer still waiting."""
        await self.clock.sleep(OFFER_PATIENCE_MINUTES * self.settings.timer_minute)
        try:
            session = await self.sessions.load(game_id)
            if session is None:
                return
            async with session.lock:
                seat = session.seat_of(name)
                if (
                    session.status != Status.RUNNING
                    or seat is None
                    or not seat.is_ai
                    or name not in session.engine.awaiting
                    or _has_move(session, name)
                ):
                    return
                withdraw = [a for a in session.legal_actions(name) if a.optional]
                version = session.version
            if withdraw:
                await self.sessions.act(
                    game_id, None, withdraw[0], version=version, actor_name=name
                )
        except StaleControl:
            return  # answered meanwhile
        except Exception:
            log.exception("game %s: %s could not withdraw an unanswered offer", game_id, name)

    def _pause(self, failures: int) -> float:
        """After failures, before a computer move is tried again: 1, 2, 4... clock seconds
        (at most a minute), so a passing fault is outlived without hammering."""
        second = self.settings.timer_minute / 60
        return float(min(MAX_BACKOFF_SECONDS, 2 ** (failures - 1))) * second

    # -- turn timers -------------------------------------------------------------------

    async def _run_timer(self, game_id: int, name: str) -> None:
        key = (game_id, name)
        wake = self._wake.setdefault(key, asyncio.Event())
        try:
            while True:
                wake.clear()
                session = await self.sessions.load(game_id)
                if session is None or session.status != Status.RUNNING:
                    return
                seat = session.seat_of(name)
                if seat is None or seat.is_ai or seat.deadline is None:
                    return
                total = self._minutes(session) * self.settings.timer_minute
                now = self.clock.time()
                away = await self._vacations(session, seat.user_id, now)
                if (vacation := away_at(away, now)) is not None:
                    await self.clock.wait(wake, vacation[1] - now)  # the clock stands still
                    continue
                if now >= seat.deadline:
                    await self._expire(game_id, name, seat.deadline)
                    continue
                half = moment_left(seat.deadline, total / 2, away)
                if not seat.reminded and now >= half:
                    await self._remind(session, seat)
                    continue
                wait = (seat.deadline if seat.reminded else half) - now
                await self.clock.wait(wake, wait)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the turn timer of %s failed", game_id, name)

    async def _remind(self, session: Session, seat: SeatRow) -> None:
        async with session.lock:
            current = session.seat_of(seat.name)
            deadline = current.deadline if current is not None else None
            if current is None or deadline is None or deadline != seat.deadline:
                return
            if current.reminded:
                return
            await self._set_timer(session, current, deadline, True, current.expiries)
            # The time left on the bot's clock (`Settings.timer_minute` seconds a minute).
            left = Duration(
                max(0, round((deadline - self.clock.time()) * 60 / self.settings.timer_minute))
            )
            if slow(session.row):
                # Over days the channel is no place for it: their hand message comes anew,
                # which notifies them, with the reminder on top; under the lock, so that
                # it is still their turn.
                text = _(
                    "Half of your turn time is gone: {time} left before the computer moves "
                    "for you.",
                    time=left,
                )
                reminder = Event(BotEvent.REMINDER, "", seat.name, private={seat.name: text})
                await self.tables.screen.remind(session, seat.name, [reminder])
                return
        # TRANSLATORS: {time} is the time left, e.g. "90 seconds", "12 hours".
        half = _(
            "{player}, half of your turn time is gone: {time} left before the computer moves "
            "for you.",
            player=session.table().mention(seat.name),
            time=left,
        )
        await self._say(session, half, about=seat.name)

    async def _expire(self, game_id: int, name: str, deadline: float) -> None:
        """The easy AI plays the absent player's turn, and the channel is told."""
        key = (game_id, name)
        self._covering.add(key)
        played = 0
        try:
            while played < MAX_COVER_ACTIONS:
                session = await self.sessions.load(game_id)
                seat = session.seat_of(name) if session is not None else None
                if seat is None or seat.deadline != deadline:
                    break
                if not await self._move(game_id, name, Level.EASY, ai_seat=False):
                    break
                played += 1
        finally:
            self._covering.discard(key)
        session = await self.sessions.load(game_id)
        if session is None:
            return
        async with session.lock:
            seat = session.seat_of(name)
            if seat is None or seat.is_ai or seat.deadline != deadline:
                return
            expiries = seat.expiries + 1 if played else seat.expiries
            await self._set_timer(session, seat, None, False, expiries)
            if played:
                minutes = self._minutes(session)
                who = session.table().mention(name)
                # TRANSLATORS: {expiries} of the {most} turns in a row the computer plays
                # for an absent player before it takes their seat.
                ran_out = _(
                    "{player}'s turn time ({time}) ran out, so the easy computer player "
                    "moved for them ({expiries} of {most} in a row before the computer takes "
                    "the seat).",
                    player=who,
                    time=time_span(minutes),
                    expiries=expiries,
                    most=EXPIRIES_TO_REPLACE,
                )
                await self._say(session, ran_out, about=name)
            if expiries >= EXPIRIES_TO_REPLACE:
                await self.sessions.seat_to_computer(session, seat, kicked=False)
                replaced = _n(
                    "{player} missed {count} turn in a row: an easy computer player now plays "
                    "**{seat}**'s seat.",
                    "{player} missed {count} turns in a row: an easy computer player now plays "
                    "**{seat}**'s seat.",
                    expiries,
                    player=mention(seat.user_id),
                    seat=name,
                )
                await self._say(session, replaced)
            await self.sessions.after(session)
