"""Tournaments (bot/core/tournaments.py): the tournament, its entrants in order of
entry, and each round's boards (the players of one game in seat order, or one player's
bye). What happened at a board is its game's own results. Mixed into `Storage`."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.core.storage.driver import Driver, Transaction
from bot.core.storage.rows import Result, Status, dumps


class Stage(StrEnum):
    """A tournament's life: sign-ups, then its rounds, then over (or called off)."""

    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: int
    guild_id: int
    channel_id: int
    kind: str
    host_id: int
    rounds: int
    pace: int
    """Minutes per turn in its games (a live timer, or a slow game's pace)."""
    table_size: int
    """Players per table it aims for (2 in a two-player game)."""
    closes: float
    """When sign-ups close and the first round opens (seconds since the epoch)."""
    language: str | None
    stage: Stage
    round: int
    """The round under way (0 before the first)."""
    announced: int
    """The last round whose opening was posted in the channel."""
    message_id: int | None
    created_at: float


@dataclass(frozen=True, slots=True)
class EntrantRow:
    user_id: int
    name: str
    entry: int
    dropped_after: int | None = None
    """The round after which they left (None: still in)."""


@dataclass(frozen=True, slots=True)
class Board:
    """One game of a round (its players in seat order), or a bye (one player, no game)."""

    round: int
    board: int
    players: tuple[int, ...]
    game_id: int | None = None
    status: Status | None = None
    """Its game's, once made."""
    results: tuple[Result, ...] = ()
    """Its game's, once finished."""

    @property
    def bye(self) -> bool:
        return len(self.players) == 1

    @property
    def over(self) -> bool:
        return self.bye or self.status in (Status.FINISHED, Status.ABANDONED)


SELECT_TOURNAMENTS = (
    "SELECT id, guild_id, channel_id, kind, host_id, rounds, pace, table_size, closes,"
    " language, status, round, announced, message_id, created_at FROM tournaments "
)


def _tournament(row: Sequence[Any]) -> TournamentRow:
    values = list(row)
    values[10] = Stage(values[10])
    return TournamentRow(*values)


class Championships:
    """Mixed into `Storage`: the tournaments' reads and writes."""

    _driver: Driver

    async def create_tournament(
        self,
        guild_id: int,
        channel_id: int,
        kind: str,
        host_id: int,
        rounds: int,
        pace: int,
        table_size: int,
        closes: float,
        language: str | None,
    ) -> int:
        async with self._driver.transaction() as transaction:
            row = await transaction.fetch_one(
                "INSERT INTO tournaments (guild_id, channel_id, kind, host_id, rounds, pace,"
                " table_size, closes, language, status, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    kind,
                    host_id,
                    rounds,
                    pace,
                    table_size,
                    closes,
                    language,
                    time.time(),
                ),
            )
        assert row is not None
        return int(row[0])

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        row = await self._driver.fetch_one(SELECT_TOURNAMENTS + "WHERE id = ?", (tournament_id,))
        return _tournament(row) if row is not None else None

    async def tournament_in(self, channel_id: int) -> TournamentRow | None:
        """The channel's tournament taking sign-ups or under way (one at a time)."""
        row = await self._driver.fetch_one(
            SELECT_TOURNAMENTS + "WHERE channel_id = ? AND status IN ('signup', 'running')"
            " ORDER BY id DESC",
            (channel_id,),
        )
        return _tournament(row) if row is not None else None

    async def latest_tournament_in(self, channel_id: int) -> TournamentRow | None:
        """The channel's newest tournament, whatever its stage."""
        row = await self._driver.fetch_one(
            SELECT_TOURNAMENTS + "WHERE channel_id = ? ORDER BY id DESC", (channel_id,)
        )
        return _tournament(row) if row is not None else None

    async def tournaments_open(self) -> list[TournamentRow]:
        """Every tournament taking sign-ups or under way (the sweep's)."""
        rows = await self._driver.fetch_all(
            SELECT_TOURNAMENTS + "WHERE status IN ('signup', 'running') ORDER BY id"
        )
        return [_tournament(row) for row in rows]

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        async with self._driver.transaction() as transaction:
            await transaction.execute(
                "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
            )

    async def end_tournament(self, tournament_id: int, stage: Stage) -> bool:
        """Finished or cancelled; False if it had ended already (another process, a
        second click)."""
        async with self._driver.transaction() as transaction:
            changed = await transaction.execute(
                "UPDATE tournaments SET status = ? WHERE id = ?"
                " AND status IN ('signup', 'running')",
                (stage.value, tournament_id),
            )
        return changed > 0

    async def set_announced(self, tournament_id: int, round_: int) -> bool:
        """The round's opening is to be posted; False if it was (or is being) already."""
        async with self._driver.transaction() as transaction:
            changed = await transaction.execute(
                "UPDATE tournaments SET announced = ? WHERE id = ? AND announced < ?",
                (round_, tournament_id, round_),
            )
        return changed > 0

    # -- entrants ----------------------------------------------------------------------

    async def enter(self, tournament_id: int, user_id: int, name: str) -> bool:
        """The member signs up (last in order of entry); False if they had already or
        sign-ups are closed."""
        async with self._driver.transaction() as transaction:
            added = await transaction.execute(
                "INSERT INTO entrants (tournament_id, user_id, name, entry)"
                " SELECT id, ?, ?, (SELECT COALESCE(MAX(entry), 0) + 1 FROM entrants"
                " WHERE tournament_id = ?) FROM tournaments WHERE id = ? AND status = 'signup'"
                " ON CONFLICT (tournament_id, user_id) DO NOTHING",
                (user_id, name, tournament_id, tournament_id),
            )
        return added > 0

    async def withdraw(self, tournament_id: int, user_id: int) -> bool:
        """Before the first round the entrant is gone; after, they are dropped from the
        rounds still to be paired. False if they were not in (any more)."""
        async with self._driver.transaction() as transaction:
            gone = await transaction.execute(
                "DELETE FROM entrants WHERE tournament_id = ? AND user_id = ? AND"
                " (SELECT status FROM tournaments WHERE id = ?) = 'signup'",
                (tournament_id, user_id, tournament_id),
            )
            if gone:
                return True
            dropped = await transaction.execute(
                "UPDATE entrants SET dropped_after ="
                " (SELECT round FROM tournaments WHERE id = ? AND status = 'running')"
                " WHERE tournament_id = ? AND user_id = ? AND dropped_after IS NULL"
                " AND (SELECT status FROM tournaments WHERE id = ?) = 'running'",
                (tournament_id, tournament_id, user_id, tournament_id),
            )
        return dropped > 0

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        """In order of entry."""
        rows = await self._driver.fetch_all(
            "SELECT user_id, name, entry, dropped_after FROM entrants"
            " WHERE tournament_id = ? ORDER BY entry",
            (tournament_id,),
        )
        return [EntrantRow(*row) for row in rows]

    # -- rounds ------------------------------------------------------------------------

    async def begin_round(
        self, tournament_id: int, round_: int, boards: Sequence[Sequence[int]]
    ) -> bool:
        """Round `round_` paired as `boards` (each its players in seat order), stored at
        once with the tournament moved to it; False if another process (or an earlier
        try) began it first."""
        async with self._driver.transaction() as transaction:
            claimed = await transaction.execute(
                "UPDATE tournaments SET round = ?, status = 'running'"
                " WHERE id = ? AND round = ? AND status IN ('signup', 'running')",
                (round_, tournament_id, round_ - 1),
            )
            if not claimed:
                return False
            for number, players in enumerate(boards, start=1):
                await transaction.execute(
                    "INSERT INTO boards (tournament_id, round, board, players) VALUES (?, ?, ?, ?)",
                    (tournament_id, round_, number, dumps(list(players))),
                )
        return True

    async def set_board_game(
        self, transaction: Transaction, tournament_id: int, round_: int, board: int, game_id: int
    ) -> None:
        await transaction.execute(
            "UPDATE boards SET game_id = ? WHERE tournament_id = ? AND round = ? AND board = ?",
            (game_id, tournament_id, round_, board),
        )

    async def boards(self, tournament_id: int) -> list[Board]:
        """Every board of every round so far, with its game's status and results."""
        rows = await self._driver.fetch_all(
            "SELECT b.round, b.board, b.players, b.game_id, g.status FROM boards b"
            " LEFT JOIN games g ON g.id = b.game_id WHERE b.tournament_id = ?"
            " ORDER BY b.round, b.board",
            (tournament_id,),
        )
        results: dict[int, list[Result]] = {}
        for row in await self._driver.fetch_all(
            "SELECT r.game_id, r.user_id, r.place, r.score FROM results r"
            " JOIN boards b ON b.game_id = r.game_id WHERE b.tournament_id = ?"
            " ORDER BY r.game_id, r.place",
            (tournament_id,),
        ):
            results.setdefault(row[0], []).append(Result(row[1], row[2], row[3]))
        return [
            Board(
                round=row[0],
                board=row[1],
                players=tuple(json.loads(row[2])),
                game_id=row[3],
                status=Status(row[4]) if row[4] is not None else None,
                results=tuple(results.get(row[3], ())),
            )
            for row in rows
        ]

    async def create_board_game(
        self,
        tournament: TournamentRow,
        board: Board,
        channel_id: int,
        seats: Sequence[tuple[int, str]],
        options: dict[str, Any],
    ) -> int:
        """The board's game, made in `channel_id` with its players seated in order (the
        first hosts it) and the tournament's pace, and linked to the board in the same
        transaction: a board has one game or none (the one made first: its id)."""
        now = time.time()
        async with self._driver.transaction() as transaction:
            taken = await transaction.fetch_one(
                "SELECT game_id FROM boards WHERE tournament_id = ? AND round = ? AND board = ?",
                (tournament.id, board.round, board.board),
            )
            if taken is not None and taken[0] is not None:
                return int(taken[0])
            row = await transaction.fetch_one(
                "INSERT INTO games (guild_id, channel_id, kind, options, status, host_id,"
                " created_at, updated_at, language, turn_minutes)"
                " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                (
                    tournament.guild_id,
                    channel_id,
                    tournament.kind,
                    dumps(options),
                    seats[0][0],
                    now,
                    now,
                    tournament.language,
                    tournament.pace,
                ),
            )
            assert row is not None
            game_id = int(row[0])
            for number, (user_id, name) in enumerate(seats):
                await transaction.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                    (game_id, number, user_id, name),
                )
            await self.set_board_game(transaction, tournament.id, board.round, board.board, game_id)
        return game_id

    async def move_game(self, game_id: int, channel_id: int) -> None:
        """A board's game, made in the tournament's channel, moved to its thread."""
        async with self._driver.transaction(game_id) as transaction:
            await transaction.execute(
                "UPDATE games SET channel_id = ? WHERE id = ? AND status = 'lobby'",
                (channel_id, game_id),
            )

    async def tournament_of(self, game_id: int) -> int | None:
        """The tournament a game was played in, if any."""
        row = await self._driver.fetch_one(
            "SELECT tournament_id FROM boards WHERE game_id = ?", (game_id,)
        )
        return int(row[0]) if row is not None else None
