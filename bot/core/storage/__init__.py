"""The bot's storage: all of its SQL lives in this package, for SQLite (the embedded
default, one process) and PostgreSQL (several processes sharing one database).

    rows.py      the rows handed out (games, seats, results, standings)
    reads.py     every read, in SQL both databases run alike
    following.py  the members following running games (both ways)
    writes.py    `Storage`: opening a database, and every write
    driver.py    what storage asks of a database
    sqlite.py    SQLite: migrations, its file lock, its two connections
    postgres.py  PostgreSQL: migrations, a connection pool, per-game advisory locks
"""

from bot.core.storage.reads import MAX_ROW_ID
from bot.core.storage.rows import (
    GameRow,
    QuietHours,
    Result,
    SeatRow,
    StaleVersion,
    Standing,
    Status,
    StorageError,
    UserLanguage,
)
from bot.core.storage.writes import Storage

__all__ = [
    "MAX_ROW_ID",
    "GameRow",
    "QuietHours",
    "Result",
    "SeatRow",
    "StaleVersion",
    "Standing",
    "Status",
    "Storage",
    "StorageError",
    "UserLanguage",
]
