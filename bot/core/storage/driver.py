"""What storage asks of a database, whichever it is (bot/core/storage/sqlite.py,
bot/core/storage/postgres.py).

Every statement is written once, in the SQL both databases understand, with `?` for its
parameters (PostgreSQL's driver numbers them). What differs between the two (how a
transaction begins and what it locks, how a schema version is kept, how space is given
back) sits behind this interface.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Literal, Protocol

Row = Sequence[Any]
Backend = Literal["sqlite", "postgresql"]


class Transaction(Protocol):
    """Statements inside one transaction: all of them are committed, or none."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Runs one statement; returns how many rows it changed."""
        ...

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def insert_many(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """Many rows into one table at once (a copy between databases)."""
        ...

    async def lock(self, name: str) -> None:
        """Until the transaction ends, no other transaction holds the lock `name`,
        whichever process runs it (what is not one game's: a server's ratings)."""
        ...

    async def changed(self, game_id: int) -> None:
        """Tells the other processes, once this transaction commits, that the game
        changed (`Driver.listen`); nothing where no other process can be."""
        ...


Changed = Callable[[int], None]
"""Called with a game's id when another process changed it."""


class Driver(Protocol):
    backend: Backend
    shared: bool
    """Other processes may write to this database (PostgreSQL): what this process holds
    in memory may be behind it."""

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """A read outside any transaction, seeing the last commit."""
        ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    def transaction(self, game_id: int | None = None) -> AbstractAsyncContextManager[Transaction]:
        """A write transaction. With `game_id`, it holds that game's lock from its first
        statement to its end, whichever process runs it: two transactions on one game
        never overlap."""
        ...

    def hold(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """The game's lock across processes, held as long as the block runs (a move from
        loading it to showing it); no lock of its own where one process is alone."""
        ...

    async def listen(self, changed: Changed) -> None:
        """From now on, `changed` is called when another process changes a game."""
        ...

    async def schema_version(self) -> int: ...

    async def reclaim_space(self) -> None:
        """Gives back (or makes reusable) the space of deleted rows."""
        ...

    async def close(self) -> None: ...
