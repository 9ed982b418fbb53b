"""The service for what changes a game and is not a move, beside the session service
(bot/core/sessions.py) that makes the moves: it takes ids, rows and names, never a
Discord interaction. It starts a game, closes a lobby that never started, judges and
makes an abandon and a kick, and after a restart shows what was committed but not
shown. Opening, seats, challenges and rematches are the lobbies service's
(bot/core/lobbies.py); what is shown goes through the screen (bot/core/screen.py).

Starting a game draws its seed, builds the engine from the seats' names, stores the
start, then shows the table and lets the computer players and turn timers begin, all
under the game's lock, which the caller holds.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from bot.core.errors import Refusal
from bot.core.kinds import GameKind
from bot.core.language import BIDI_CONTROLS, slash, time_span
from bot.core.limits import idle, idle_minutes
from bot.core.screen import Screen
from bot.core.session import Session
from bot.core.sessions import Sessions
from bot.core.settings import Settings
from bot.core.storage import GameRow, SeatRow, Status
from games.protocol import JSON, Event, Game
from games.takeback import Replayer
from games.text import Text, _

log = logging.getLogger(__name__)

YOUNG_MOVES_PER_SEAT = 4
"""The host alone may abandon a game until it has this many moves per seat (two Gracias
turns of a take and a give each, four Grass or Graps turns); later it takes Manage
Server, or a game idle for a while."""
MAX_NAME = 32
"""The longest engine name: Discord's own longest display name, so that words name
everyone whole; pictures cut a name with "…" where they have no room for it."""
SEED_BITS = 128
"""Every hidden card derives from the seed: 128 bits, so that no search from a
player's own cards finds it (31 bits once took hours)."""


@dataclass(frozen=True)
class Member:
    """A person as the service knows them: their id and display name."""

    id: int
    name: str


def unique_names(names: Sequence[str]) -> list[str]:
    """Display names made fit for the engine: trimmed, short, and unique ("ann 2")."""
    result: list[str] = []
    for raw in names:
        # Markdown and mention characters would garble the table's words; a
        # bidirectional control would turn a picture's line around after the name.
        plain = re.sub(f"[*_~`|>@#:<{BIDI_CONTROLS}]", "", raw)
        base = re.sub(r"\s+", " ", plain).strip()[:MAX_NAME] or "player"
        name, number = base, 2
        while name in result:
            name = f"{base} {number}"
            number += 1
        result.append(name)
    return result


class Tables:
    """Starts games and closes lobbies (see the module's docstring). One per bot
    (`bot.tables`)."""

    def __init__(
        self, sessions: Sessions, screen: Screen, settings: Settings, executor: Executor
    ) -> None:
        self.sessions = sessions
        self.screen = screen
        self.settings = settings
        self.executor = executor
        """Where long replays run, off the event loop that serves every server."""

    async def close(self, row: GameRow, text: str) -> bool:
        """A lobby or challenge that never started, closed under its lock: its message
        says `text` and loses its buttons. False (nothing done) if it started or closed
        meanwhile, or is being opened right now (it has no message yet)."""
        storage = self.sessions.storage
        async with self.sessions.lock(row.id):
            fresh = await storage.game(row.id)
            if fresh is None or fresh.status != Status.LOBBY or fresh.table_message_id is None:
                return False
            await storage.set_status(row.id, Status.ABANDONED)
        await self.screen.close_lobby(fresh, fresh.table_message_id, text)
        return True

    async def start(self, row: GameRow, seats: Sequence[SeatRow]) -> Session:
        """The lobby `row` started with `seats`, in join order; call it with the game's
        lock held. Returns the running game's session."""
        storage, kinds = self.sessions.storage, self.sessions.kinds
        cls = kinds[row.kind].engine
        names = unique_names([seat.name for seat in seats])
        seed = self.settings.game_seed
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        setup = self.settings.game_setup.get(row.kind)
        if setup:  # stacked decks or rolls (and options), for tests and demonstrations
            options = {**row.options, **setup.get("options", {})}
            header = {**setup, "game": row.kind, "players": names, "options": options}
            engine = cls.from_replay({**header, "seed": seed})
        else:
            engine = cls.create(names, row.options, seed)
        await storage.start_game(
            row.id,
            [(seat.user_id, name) for seat, name in zip(seats, names, strict=True)],
            engine.replay_header(),
            engine.to_json(),
            engine.moves,
        )
        session = await self.sessions.load(row.id)
        assert session is not None
        await self.screen.publish(session, [], ())
        await self.sessions.after(session)  # computer players and turn timers begin
        return session

    # -- ending a game, removing a player -------------------------------------------

    async def may_abandon(
        self, channel_id: int, record: GameKind, user_id: int, manages_server: bool
    ) -> GameRow:
        """The game of `record`'s kind in the channel, if `user_id` may end it without a
        result: the host early in the game, someone with Manage Server at any time, any
        seated player once nothing happened in it for a while (`idle_minutes`) and it is
        not waiting for them. `Refusal` otherwise, saying who may."""
        storage = self.sessions.storage
        row = await storage.open_game(channel_id, record.name)
        if row is None:
            raise Refusal(_("No {game} game is open in this channel.", game=record.words.title))
        await self.tournament_guard(row.id, manages_server)
        seats = await storage.seats(row.id)
        # Late in a game the host alone could erase the others' win: from then on it takes
        # Manage Server, or a game idle for a while (then any of its players may).
        young = row.status == Status.LOBBY or row.version < YOUNG_MOVES_PER_SEAT * len(seats)
        host = user_id == row.host_id
        seated = any(seat.user_id == user_id for seat in seats)
        running = row.status == Status.RUNNING
        if not (
            manages_server
            or (host and young)
            or (seated and running and idle(row, self.settings.timer_minute))
        ):
            raise Refusal(_may_not_abandon(record, host, row))
        if seated and running and not (host and young):
            # The player everyone waits for could otherwise sit out a losing game for a
            # day, then end it without a result: for them, stopping is leaving (ranked
            # last).
            session = await self.sessions.load(row.id)
            name = session.name_of(user_id) if session is not None else None
            if session is not None and name is not None and name in session.engine.awaiting:
                raise Refusal(
                    _(
                        "This game is waiting for your move, so you cannot end it without a "
                        "result: play on, or use {command} to stop playing (you are then "
                        "ranked last).",
                        command=slash(f"{record.name} {record.words.leave_command}"),
                    )
                )
        return row

    async def end_without_result(self, row: GameRow, announce: str | None = None) -> None:
        """A lobby closed, or a started game abandoned: the table and hands say so, their
        controls go; `announce` is posted in the channel. Nothing if it ended meanwhile."""
        title = self.sessions.kinds[row.kind].words.title
        if not await self.close(row, _("~~{game} lobby~~: abandoned.", game=title)):
            await self.sessions.abandon(row.id, announce)

    async def tournament_guard(self, game_id: int, manages_server: bool) -> None:
        """`Refusal` unless a member who may manage the server asks, in a tournament's
        game: its first player hosts it, and an abandon or a kick there would decide
        its result (bot/core/rounds.py)."""
        if not manages_server and await self.sessions.storage.tournament_of(game_id) is not None:
            raise Refusal(
                _(
                    "This is a tournament game: only a member who may manage the server can "
                    "end it without a result or remove a player from it."
                )
            )

    def may_kick(self, session: Session, by: int, manages_server: bool, player: Member) -> None:
        """`Refusal` unless `by` may remove `player` from the game: its host or someone
        with Manage Server, and never themselves."""
        if by != session.row.host_id and not manages_server:
            raise Refusal(
                _("Only the game's host (or someone with Manage Server) can kick a player.")
            )
        if player.id == by:
            raise Refusal(_("You cannot kick yourself; use the game's `leave` command to give up."))
        if session.name_of(player.id) is None:
            raise Refusal(_not_playing(player))

    async def kick(self, game_id: int, player: Member) -> SeatRow:
        """`player` removed from the running game (`may_kick` judged who asks): an easy
        computer player takes the seat, or, without computer players, they leave. Their
        seat as it was; `Refusal` if they have none (any more)."""
        seat = await self.sessions.kick(game_id, player.id)
        if seat is None:
            raise Refusal(_not_playing(player))
        return seat

    # -- after a restart -------------------------------------------------------------

    async def restore(self, game_id: int, behind_only: bool = False) -> None:
        """The game redrawn, or when its last moves were committed but not shown, shown
        now: the moves' events are replayed from the move log, so the table's story, the
        score sheets and game-over posts and the new turns' DMs go out as they would
        have. Then its timers and computer players resume. `behind_only`: nothing is
        redrawn when the game was shown in full. A failure is logged."""
        try:
            session = await self.sessions.load(game_id)
            if session is None:
                return
            async with session.lock:
                row = session.row  # as of the lock
                if behind_only and row.published_version == row.version:
                    return
                missed = await self._missed(row, session.record.engine)
                if missed is not None:
                    events, before_awaiting = missed
                    await self.screen.publish(session, events, before_awaiting, repeat=True)
                else:
                    await self.screen.refresh(session)
                await self.screen.flush(session.id)
                # Stored deadlines rescheduled (an expired one fires at once),
                # awaited computer players resumed.
                await self.sessions.after(session)
            if session.status != Status.RUNNING:
                self.sessions.forget(session.id)
        except Exception:
            log.exception("could not restore game %s", game_id)

    async def _missed(
        self, row: GameRow, engine: type[Game[Any, Any, Any]]
    ) -> tuple[list[Event], tuple[str, ...]] | None:
        """The events of the moves committed after the last full publication, and who was
        awaited before them, by replaying the move log; None when there are none or the
        game cannot be replayed (a change without a move, a game stored without header:
        then it is simply redrawn)."""
        shown = row.published_version
        if shown is None or shown >= row.version or row.header is None or row.state is None:
            return None
        moves = await self.sessions.storage.moves(row.id)
        header, state = row.header, row.state
        # A log of any length: replayed off the event loop, which serves every server.
        replayed = await asyncio.get_running_loop().run_in_executor(
            self.executor, _replayed_from, header, state, moves, shown, engine
        )
        if replayed is None:
            log.error("game %s: its move log does not replay to its state", row.id)
        return replayed


def _replayed_from(
    header: dict[str, JSON],
    state: dict[str, JSON],
    moves: list[JSON],
    shown: int,
    engine: type[Game[Any, Any, Any]],
) -> tuple[list[Event], tuple[str, ...]] | None:
    """The events of `moves` after the first `shown`, and who was awaited before them;
    None when the log does not replay to `state`."""
    replayer = Replayer(header)
    for move in moves[:shown]:
        replayer.apply(move)
    before_awaiting = tuple(replayer.game.awaiting)
    events: list[Event] = []
    for move in moves[shown:]:
        events.extend(replayer.apply(move))
    if replayer.game.to_json() != engine.from_json(state).to_json():
        return None
    return events, before_awaiting


def _not_playing(player: Member) -> Text:
    return _("{member} is not playing in this game.", member=player.name)


def _may_not_abandon(record: GameKind, host: bool, row: GameRow) -> Text:
    idle_for = time_span(idle_minutes(row))
    if host:
        return _(
            "This game is well under way, so ending it without a result takes someone "
            "with Manage Server; or any of its players, once nothing has happened in "
            "it for {time}. To stop playing yourself, use {command}.",
            time=idle_for,
            command=slash(f"{record.name} {record.words.leave_command}"),
        )
    return _(
        "Only the game's host (early in the game) or someone with Manage Server can "
        "abandon it; its players can too once nothing has happened in it for {time}.",
        time=idle_for,
    )
