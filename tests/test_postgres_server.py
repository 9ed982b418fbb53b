"""The throwaway PostgreSQL server (tests/postgres.py) and its fixture `postgres_url`:
asyncpg connects to a fresh database, data written in a transaction reads back, and
two fresh databases share nothing."""

from __future__ import annotations

from urllib.parse import urlsplit

import asyncpg
import pytest

from tests.postgres import PostgresServer


async def test_rows_written_in_a_transaction_read_back(postgres_url: str) -> None:
    connection = await asyncpg.connect(postgres_url)
    try:
        async with connection.transaction():
            await connection.execute("CREATE TABLE seats (seat integer PRIMARY KEY, name text)")
            await connection.executemany(
                "INSERT INTO seats VALUES ($1, $2)", [(1, "Ann"), (2, "Zoë 山田")]
            )
            rows = await connection.fetch("SELECT seat, name FROM seats ORDER BY seat")
            assert [tuple(row) for row in rows] == [(1, "Ann"), (2, "Zoë 山田")]
        with pytest.raises(ZeroDivisionError):
            async with connection.transaction():
                await connection.execute("DELETE FROM seats")
                raise ZeroDivisionError
        # The first transaction was committed, the second rolled back.
        assert await connection.fetchval("SELECT count(*) FROM seats") == 2
    finally:
        await connection.close()


async def test_the_server_is_postgresql_on_a_unix_socket_only(postgres_url: str) -> None:
    connection = await asyncpg.connect(postgres_url)
    try:
        version = await connection.fetchval("SELECT version()")
        assert version.startswith("PostgreSQL "), version
        assert await connection.fetchval("SHOW listen_addresses") == ""
        assert await connection.fetchval("SHOW server_encoding") == "UTF8"
    finally:
        await connection.close()


async def databases(connection: asyncpg.Connection) -> set[str]:
    return {row["datname"] for row in await connection.fetch("SELECT datname FROM pg_database")}


async def test_fresh_databases_are_independent_and_dropped_after(
    postgres_url: str, postgres_server: PostgresServer
) -> None:
    first = await asyncpg.connect(postgres_url)
    try:
        await first.execute("CREATE TABLE moves (n integer)")
        await first.execute("INSERT INTO moves VALUES (1)")
        with postgres_server.fresh_database() as other_url:
            other = urlsplit(other_url).path.lstrip("/")
            assert other != urlsplit(postgres_url).path.lstrip("/")
            assert other in await databases(first)
            second = await asyncpg.connect(other_url)
            try:
                assert await second.fetchval("SELECT to_regclass('moves')") is None
                await second.execute("CREATE TABLE moves (n integer)")  # no clash with first's
                assert await second.fetchval("SELECT count(*) FROM moves") == 0
            finally:
                await second.close()
        assert await first.fetchval("SELECT count(*) FROM moves") == 1
        assert other not in await databases(first)
    finally:
        await first.close()
