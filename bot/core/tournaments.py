"""The tournaments service: a server's championship of one game, from its sign-ups to its
final standings. It takes ids and names, never a Discord interaction, and reaches the
channel through a small protocol (`Desk`) the extension gives it (bot/exts/tournament.py).

A tournament lives in the channel it was created in, one at a time per channel. Members
sign up (Join, Leave) until its closing time, or until its host (or a member who may
manage the server) starts it. Then its rounds run on their own:

- each round is paired from the standings so far (bot/core/rounds.py, bot/core/
  pairing.py): Swiss pairs and a bye in a two-player game, tables grouped by the
  standings in the others;
- each board's game is opened in a thread of its own, with its players seated, at the
  tournament's pace per turn, and started at once: a player who does not show is
  replaced by the computer after their turns run out, as in any game, and scores last;
- one message in the channel opens each round (the standings so far, every board with
  its thread, its players pinged);
- a round ends when its last game ends; the next is paired then, and after the last
  round the final standings are posted.

A member who leaves once it started is dropped from the rounds still to be paired.

Every step is stored before it is shown, and each is taken once even with several
processes on one database: the round is claimed by a conditional update that stores
its boards in the same transaction, a board's game is linked to it in the transaction
that makes it, and a round's opening is claimed before it is posted. A sweep once a
clock minute does whatever is due (a closing time reached, a board without its game
after a restart, a round whose games have all ended), so a restart between any two
steps loses nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.core.clock import SYSTEM_CLOCK, Clock
from bot.core.errors import Refusal
from bot.core.kinds import GameKind
from bot.core.lobbies import Lobbies
from bot.core.rounds import field, next_boards, standings
from bot.core.screen import Lobby
from bot.core.storage import Status
from bot.core.storage.tournaments import Board, Stage, TournamentRow
from bot.core.sweeper import Sweeper
from bot.core.tables import Member, unique_names
from bot.core.tournament_words import (
    Notice,
    board_words,
    closed_signup,
    final_notice,
    joined_words,
    left_words,
    round_notice,
    signup_notice,
    standings_notice,
    thread_name,
)
from games.text import _

log = logging.getLogger(__name__)

MOST_ROUNDS = 9
SIGNUP_MINUTES = (15, 7 * 24 * 60)
"""The shortest and longest sign-ups (clock minutes)."""
TABLE_SIZES = (3, 6)
"""A table of a game of three or more: at least three (a table of two is a duel)."""
ENTRANTS_MOST = 100


@dataclass(frozen=True)
class Plan:
    """What `/tournament create` asks for."""

    guild_id: int
    channel_id: int
    host: Member
    record: GameKind
    rounds: int
    pace: int
    """Minutes per turn: a live timer, or a slow game's pace."""
    signup_minutes: int
    language: str
    table_size: int | None = None
    """Players per table in a game of three or more (None: four, or the game's most)."""


class Desk(Protocol):
    """The tournament's messages, as the Discord side shows them."""

    async def show(self, tournament: TournamentRow, notice: Notice, edit: int | None) -> int:
        """`notice` posted in the tournament's channel, or, with `edit`, that message
        edited in place; the message's id."""

    async def open_thread(self, tournament: TournamentRow, name: str) -> int:
        """A thread of the tournament's channel for one board's game; its id."""

    async def post_table(self, thread_id: int, lobby: Lobby) -> int:
        """A board's first message in its thread (its table message from then on)."""


def duel(record: GameKind) -> bool:
    """Whether the game is for two (Swiss pairing) rather than tables."""
    return record.engine.max_players == 2


def seats_range(record: GameKind) -> tuple[int, int]:
    """The table sizes a tournament of the game may use."""
    engine = record.engine
    if duel(record):
        return 2, 2
    return max(TABLE_SIZES[0], engine.min_players), min(TABLE_SIZES[1], engine.max_players)


class Tournaments:
    """The tournaments (see the module's docstring). One per bot (`bot.tournaments`)."""

    def __init__(self, lobbies: Lobbies, clock: Clock = SYSTEM_CLOCK) -> None:
        self.lobbies = lobbies
        self.tables = lobbies.tables
        self.storage = lobbies.storage
        self.clock = clock
        self.desk: Desk | None = None
        """Set by the extension that shows tournaments."""
        self.serves: Callable[[int], bool] = lambda guild_id: True
        """Whether a server's tournaments are this process's to run (its shard)."""
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._sweeper = Sweeper("tournament", self.sweep, lambda: self._minute, self.clock)

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        return lock

    @property
    def _minute(self) -> float:
        return self.tables.settings.timer_minute

    def _desk(self) -> Desk:
        assert self.desk is not None, "the tournament extension sets the desk"
        return self.desk

    # -- sign-ups --------------------------------------------------------------------

    async def create(self, plan: Plan) -> int:
        """The tournament stored and its sign-up message posted; `Refusal` for a plan
        that cannot be played or a channel that has a tournament already."""
        record = plan.record
        low, high = seats_range(record)
        size = plan.table_size if plan.table_size is not None else min(4, high)
        if duel(record):
            size = 2
        elif not low <= size <= high:
            raise Refusal(
                _(
                    "A {game} table seats {smallest} to {largest} players in a tournament.",
                    game=record.words.title,
                    smallest=low,
                    largest=high,
                )
            )
        if not 1 <= plan.rounds <= MOST_ROUNDS:
            raise Refusal(_("A tournament has 1 to {most} rounds.", most=MOST_ROUNDS))
        if not SIGNUP_MINUTES[0] <= plan.signup_minutes <= SIGNUP_MINUTES[1]:
            raise Refusal(_("Sign-ups last from 15 minutes to a week; choose from the list."))
        if not record.computer_players:
            raise Refusal(
                _(
                    "{game} has no computer players to stand in for a player who does not "
                    "show, so it has no tournaments.",
                    game=record.words.title,
                )
            )
        if await self.storage.tournament_in(plan.channel_id) is not None:
            raise Refusal(
                _(
                    "This channel has a tournament already (one at a time): see "
                    "its standings, or hold the next one in another channel."
                )
            )
        closes = self.clock.time() + plan.signup_minutes * self._minute
        tournament_id = await self.storage.create_tournament(
            plan.guild_id,
            plan.channel_id,
            record.name,
            plan.host.id,
            plan.rounds,
            plan.pace,
            size,
            closes,
            plan.language,
        )
        await self.storage.enter(tournament_id, plan.host.id, plan.host.name)
        async with self._lock(tournament_id):
            tournament = await self._row(tournament_id)
            message_id = await self._desk().show(tournament, await self._signup(tournament), None)
            await self.storage.set_tournament_message(tournament_id, message_id)
        return tournament_id

    async def _row(self, tournament_id: int) -> TournamentRow:
        row = await self.storage.tournament(tournament_id)
        if row is None:
            raise Refusal(_("That tournament no longer exists."))
        return row

    async def here(self, channel_id: int) -> TournamentRow:
        """The channel's tournament; `Refusal` when there is none."""
        row = await self.storage.tournament_in(channel_id)
        if row is None:
            raise Refusal(_("There is no tournament in this channel."))
        return row

    async def latest(self, channel_id: int) -> TournamentRow:
        """The channel's tournament under way, or its last one; `Refusal` if it never
        had one."""
        row = await self.storage.latest_tournament_in(channel_id)
        if row is None:
            raise Refusal(_("There is no tournament in this channel."))
        return row

    def record(self, tournament: TournamentRow) -> GameKind:
        record = self.lobbies.known(tournament.kind)
        if record is None:
            raise Refusal(_("That game no longer exists."))
        return record

    async def _signup(self, tournament: TournamentRow) -> Notice:
        entrants = await self.storage.entrants(tournament.id)
        return signup_notice(tournament, self.record(tournament), entrants)

    async def join(self, tournament_id: int, member: Member) -> str:
        """The member signs up; the sign-up message shows them. What to tell them."""
        async with self._lock(tournament_id):
            tournament = await self._row(tournament_id)
            if tournament.stage != Stage.SIGNUP:
                raise Refusal(_("Sign-ups for this tournament are closed."))
            entrants = await self.storage.entrants(tournament.id)
            if any(entrant.user_id == member.id for entrant in entrants):
                raise Refusal(_("You are signed up already."))
            if len(entrants) >= ENTRANTS_MOST:
                raise Refusal(_("This tournament is full ({most} players).", most=ENTRANTS_MOST))
            if not await self.storage.enter(tournament.id, member.id, member.name):
                raise Refusal(_("Sign-ups for this tournament are closed."))
            await self._refresh_signup(tournament)
            return joined_words(tournament, self.record(tournament))

    async def leave(self, tournament_id: int, member: Member) -> str:
        """Before it starts, the member is no longer signed up; after, they are dropped
        from the rounds still to be paired. What to tell them."""
        async with self._lock(tournament_id):
            tournament = await self._row(tournament_id)
            if tournament.stage not in (Stage.SIGNUP, Stage.RUNNING):
                raise Refusal(_("This tournament is over."))
            entrants = await self.storage.entrants(tournament.id)
            mine = next((e for e in entrants if e.user_id == member.id), None)
            if mine is None:
                raise Refusal(_("You are not signed up for this tournament."))
            if mine.dropped_after is not None:
                raise Refusal(_("You left this tournament already."))
            if tournament.stage == Stage.SIGNUP and member.id == tournament.host_id:
                raise Refusal(
                    _("The host cannot leave before the start; cancel the tournament instead.")
                )
            if not await self.storage.withdraw(tournament.id, member.id):
                raise Refusal(_("You are not signed up for this tournament."))
            if tournament.stage == Stage.SIGNUP:
                await self._refresh_signup(tournament)
            return left_words(tournament)

    async def _refresh_signup(self, tournament: TournamentRow) -> None:
        if tournament.message_id is None:
            return
        try:
            await self._desk().show(
                tournament, await self._signup(tournament), tournament.message_id
            )
        except Exception:  # the sign-ups stand; the message catches up on the next change
            log.exception("tournament %s: its sign-up message could not be edited", tournament.id)

    def _may_run(self, tournament: TournamentRow, user_id: int, manages_server: bool) -> None:
        if user_id != tournament.host_id and not manages_server:
            raise Refusal(
                _("Only the tournament's host, or a member who may manage the server, can do that.")
            )

    async def start(self, tournament_id: int, user_id: int, manages_server: bool) -> None:
        """Sign-ups closed now and the first round opened."""
        async with self._lock(tournament_id):
            tournament = await self._row(tournament_id)
            self._may_run(tournament, user_id, manages_server)
            if tournament.stage != Stage.SIGNUP:
                raise Refusal(_("This tournament has started already."))
            entrants = await self.storage.entrants(tournament.id)
            self._check_field(tournament, len(entrants))
            await self._begin(tournament)

    def _check_field(self, tournament: TournamentRow, count: int) -> None:
        record = self.record(tournament)
        low = seats_range(record)[0]
        if count < low:
            raise Refusal(
                _(
                    "A {game} tournament needs at least {count} players; wait for more to join.",
                    game=record.words.title,
                    count=low,
                )
            )

    async def cancel(self, tournament_id: int, user_id: int, manages_server: bool) -> None:
        """Called off: no more rounds (games under way play on, as any game)."""
        async with self._lock(tournament_id):
            tournament = await self._row(tournament_id)
            self._may_run(tournament, user_id, manages_server)
            if not await self.storage.end_tournament(tournament.id, Stage.CANCELLED):
                raise Refusal(_("This tournament is over."))
            if tournament.message_id is not None and tournament.stage == Stage.SIGNUP:
                notice = closed_signup(tournament, self.record(tournament), cancelled=True)
                await self._desk().show(tournament, notice, tournament.message_id)

    # -- standings ---------------------------------------------------------------------

    async def standings(self, tournament: TournamentRow) -> Notice:
        """The standings as they are, in words and as a picture."""
        entrants = await self.storage.entrants(tournament.id)
        boards = await self.storage.boards(tournament.id)
        record = self.record(tournament)
        done = max((b.round for b in boards if _round_over(boards, b.round)), default=0)
        ranked = standings([e.user_id for e in entrants], boards, duel(record), done)
        return standings_notice(tournament, record, entrants, ranked, done)

    # -- the rounds --------------------------------------------------------------------

    async def _begin(self, tournament: TournamentRow) -> None:
        """Round 1 paired and opened; the sign-up message says sign-ups are closed."""
        if await self._pair(tournament, 1) and tournament.message_id is not None:
            notice = closed_signup(tournament, self.record(tournament))
            try:
                await self._desk().show(tournament, notice, tournament.message_id)
            except Exception:
                log.exception(
                    "tournament %s: its sign-up message could not be closed", tournament.id
                )
        await self._advance(await self._row(tournament.id))

    async def _pair(self, tournament: TournamentRow, round_: int) -> bool:
        """Round `round_` paired and stored (once); False if it was already."""
        record = self.record(tournament)
        entrants = await self.storage.entrants(tournament.id)
        boards = await self.storage.boards(tournament.id)
        playing = [e.user_id for e in entrants if e.dropped_after is None]
        ranked = standings([e.user_id for e in entrants], boards, duel(record), round_ - 1)
        low, high = seats_range(record)
        pairs = next_boards(
            field(playing, ranked, boards), duel(record), tournament.table_size, low, high
        )
        return await self.storage.begin_round(tournament.id, round_, pairs)

    async def _advance(self, tournament: TournamentRow) -> None:
        """Whatever is due now: the round's games made and started, its opening posted,
        and once all of its games are over, the next round or the final standings."""
        if tournament.stage != Stage.RUNNING:
            return
        boards = await self.storage.boards(tournament.id)
        current = [board for board in boards if board.round == tournament.round]
        for board in current:
            if not board.bye and (board.game_id is None or board.status == Status.LOBBY):
                await self._open_board(tournament, board)
        boards = await self.storage.boards(tournament.id)
        current = [board for board in boards if board.round == tournament.round]
        if tournament.announced < tournament.round and all(
            board.bye or board.game_id is not None for board in current
        ):
            await self._announce(tournament, boards)
        if not all(board.over for board in current):
            return
        entrants = await self.storage.entrants(tournament.id)
        playing = [e for e in entrants if e.dropped_after is None]
        low = seats_range(self.record(tournament))[0]
        if tournament.round < tournament.rounds and len(playing) >= low:
            if await self._pair(tournament, tournament.round + 1):
                await self._advance(await self._row(tournament.id))
            return
        if await self.storage.end_tournament(tournament.id, Stage.FINISHED):
            await self._final(tournament)

    async def _open_board(self, tournament: TournamentRow, board: Board) -> None:
        """The board's game made, moved to a new thread and started, its players seated
        in the board's order; each step once, whatever happens in between. The game is
        made first, in the tournament's channel, which claims the board (another
        process finds it made); its thread is made under the game's lock, where it
        started nowhere else."""
        record = self.record(tournament)
        game_id = board.game_id
        if game_id is None:
            entrants = {e.user_id: e for e in await self.storage.entrants(tournament.id)}
            names = unique_names([entrants[player].name for player in board.players])
            seated = list(zip(board.players, names, strict=True))
            game_id = await self.storage.create_board_game(
                tournament, board, tournament.channel_id, seated, {}
            )
        async with self.tables.sessions.lock(game_id):
            row = await self.storage.game(game_id)
            if row is None or row.status != Status.LOBBY:
                return
            if row.channel_id == tournament.channel_id:
                name = thread_name(tournament, record, board)
                thread = await self._desk().open_thread(tournament, name)
                await self.storage.move_game(game_id, thread)
                row = dataclasses.replace(row, channel_id=thread)
            seats = await self.storage.seats(game_id)
            if row.table_message_id is None:
                names = [seat.name for seat in seats]
                lobby = Lobby(record, row, words=board_words(tournament, record, board, names))
                message_id = await self._desk().post_table(row.channel_id, lobby)
                await self.storage.set_table_message(game_id, message_id)
            await self.tables.start(row, seats)

    async def _announce(self, tournament: TournamentRow, boards: Sequence[Board]) -> None:
        if not await self.storage.set_announced(tournament.id, tournament.round):
            return
        entrants = await self.storage.entrants(tournament.id)
        record = self.record(tournament)
        ranked = standings(
            [e.user_id for e in entrants], boards, duel(record), tournament.round - 1
        )
        threads = {}
        for board in boards:
            if board.round == tournament.round and board.game_id is not None:
                row = await self.storage.game(board.game_id)
                if row is not None:
                    threads[board.board] = row.channel_id
        notice = round_notice(tournament, record, entrants, ranked, boards, threads)
        await self._desk().show(tournament, notice, None)

    async def _final(self, tournament: TournamentRow) -> None:
        entrants = await self.storage.entrants(tournament.id)
        boards = await self.storage.boards(tournament.id)
        record = self.record(tournament)
        ranked = standings([e.user_id for e in entrants], boards, duel(record), tournament.round)
        notice = final_notice(tournament, record, entrants, ranked)
        await self._desk().show(tournament, notice, None)

    # -- the sweep ---------------------------------------------------------------------

    async def start_sweeping(self, ready: Callable[[], Awaitable[None]]) -> None:
        self._sweeper.start(ready)

    async def stop(self) -> None:
        await self._sweeper.stop()

    async def sweep(self) -> None:
        """Whatever is due in every tournament this process runs."""
        for tournament in await self.storage.tournaments_open():
            if not self.serves(tournament.guild_id) or self.lobbies.known(tournament.kind) is None:
                continue
            try:
                async with self._lock(tournament.id):
                    await self._due(await self._row(tournament.id))
            except Exception:
                log.exception("tournament %s: its sweep failed", tournament.id)

    async def _due(self, tournament: TournamentRow) -> None:
        if tournament.stage == Stage.RUNNING:
            await self._advance(tournament)
            return
        if tournament.stage != Stage.SIGNUP or self.clock.time() < tournament.closes:
            return
        entrants = await self.storage.entrants(tournament.id)
        try:
            self._check_field(tournament, len(entrants))
        except Refusal:
            if await self.storage.end_tournament(tournament.id, Stage.CANCELLED):
                record = self.record(tournament)
                notice = closed_signup(tournament, record, cancelled=True, short=len(entrants))
                if tournament.message_id is not None:
                    await self._desk().show(tournament, notice, tournament.message_id)
            return
        await self._begin(tournament)


def _round_over(boards: Sequence[Board], round_: int) -> bool:
    return all(board.over for board in boards if board.round == round_)
