"""What only PostgreSQL storage has: several processes on one database (here two
`Storage` objects, each with its own pool, as two bot processes), moves of one game
serialised by the database, a clear refusal when the server cannot be reached."""

from __future__ import annotations

import asyncio

import pytest

from bot.core.storage import StaleVersion, Storage, StorageError
from bot.core.storage.postgres import MIGRATIONS, described, numbered
from games.grass import Grass


async def _running_game(storage: Storage) -> tuple[int, Grass]:
    game_id = await storage.create_game(1, 2, "grass", {}, 100, "ann")
    await storage.add_seat(game_id, 101, "bob")
    engine = Grass.create(["ann", "bob"], {}, 5)
    await storage.start_game(
        game_id, [(100, "ann"), (101, "bob")], engine.replay_header(), engine.to_json(), 0
    )
    return game_id, engine


async def test_two_processes_moving_from_one_version_commit_once(postgres_url):
    first, second = await Storage.open(postgres_url), await Storage.open(postgres_url)
    try:
        game_id, engine = await _running_game(first)
        action = engine.legal_actions(engine.awaiting[0])[0]
        engine.apply(action)
        attempts = [
            storage.record_move(game_id, 0, 100, action.to_json(), engine.to_json(), 1)
            for storage in (first, second) * 5
        ]
        outcomes = await asyncio.gather(*attempts, return_exceptions=True)
        assert sum(outcome is None for outcome in outcomes) == 1
        assert all(isinstance(o, StaleVersion) for o in outcomes if o is not None)
        assert len(await second.moves(game_id)) == 1
        row = await second.game(game_id)
        assert row is not None and row.version == 1
    finally:
        await first.close()
        await second.close()


async def test_seats_joined_from_two_processes_at_once_number_in_order(postgres_url):
    first, second = await Storage.open(postgres_url), await Storage.open(postgres_url)
    try:
        game_id = await first.create_game(1, 2, "grass", {}, 100, "ann")
        await asyncio.gather(
            *(
                (first, second)[n % 2].add_seat(game_id, 101 + n, f"p{n}")
                if n % 3
                else (first, second)[n % 2].add_ai_seat(game_id, f"Computer {n}", "easy")
                for n in range(5)
            )
        )
        seats = await first.seats(game_id)
        assert [seat.seat for seat in seats] == list(range(6))
        computer_ids = sorted(seat.user_id for seat in seats if seat.is_ai)
        assert computer_ids == [-2, -1]
    finally:
        await first.close()
        await second.close()


async def test_a_games_lock_holds_the_other_process_until_commit(postgres_url):
    first, second = await Storage.open(postgres_url), await Storage.open(postgres_url)
    try:
        game_id, _ = await _running_game(first)
        order: list[str] = []
        locked = asyncio.Event()

        async def holder() -> None:
            async with first._driver.transaction(game_id):
                order.append("first in")
                locked.set()
                await asyncio.sleep(0.3)
                order.append("first out")

        async def waiter() -> None:
            await locked.wait()
            async with second._driver.transaction(game_id):
                order.append("second in")
            # Another game is not held up by the first one's lock.
            async with second._driver.transaction(game_id + 1):
                pass

        await asyncio.gather(holder(), waiter())
        assert order == ["first in", "first out", "second in"]
    finally:
        await first.close()
        await second.close()


async def test_both_processes_migrating_at_once_migrate_once(postgres_url):
    storages = await asyncio.gather(*(Storage.open(postgres_url) for _ in range(3)))
    try:
        assert {await storage.schema_version() for storage in storages} == {len(MIGRATIONS)}
    finally:
        for storage in storages:
            await storage.close()


async def test_an_unreachable_server_is_refused_without_its_password(tmp_path):
    url = f"postgresql://bot:hunter2@/games?host={tmp_path}&port=5999"
    with pytest.raises(StorageError, match="Cannot connect to the PostgreSQL database") as error:
        await Storage.open(url)
    said = str(error.value)
    assert "hunter2" not in said and f"database games on {tmp_path}:5999" in said


def test_parameters_are_numbered_outside_quoted_text():
    assert numbered("SELECT ? , '?', ? WHERE x = 'it''s ?' AND y = ?") == (
        "SELECT $1 , '?', $2 WHERE x = 'it''s ?' AND y = $3"
    )
    assert described("postgresql://bot:s3cret@db:5432/games") == (
        "the PostgreSQL database games on db:5432"
    )
    assert described("postgresql://bot@db/games?password=s3cret&sslpassword=s4") == (
        "the PostgreSQL database games on db"
    )


async def test_a_move_lock_holds_the_other_process_and_changes_are_heard(postgres_url):
    first, second = await Storage.open(postgres_url), await Storage.open(postgres_url)
    try:
        heard: list[tuple[str, int]] = []
        both_heard = asyncio.Event()

        def hearing(who: str):
            def changed(game_id: int) -> None:
                heard.append((who, game_id))
                both_heard.set()

            return changed

        await first.listen(hearing("first"))
        await second.listen(hearing("second"))
        game_id, engine = await _running_game(first)
        order: list[str] = []

        async def mover() -> None:
            async with first.hold(game_id):
                order.append("first holds")
                action = engine.legal_actions(engine.awaiting[0])[0]
                engine.apply(action)
                await first.record_move(game_id, 0, 100, action.to_json(), engine.to_json(), 1)
                await asyncio.sleep(0.2)
                order.append("first lets go")

        async def other() -> None:
            await asyncio.sleep(0.05)
            async with second.hold(game_id):
                order.append("second holds")
                row = await second.game(game_id)
                assert row is not None and row.version == 1  # it sees the move

        await asyncio.gather(mover(), other())
        assert order == ["first holds", "first lets go", "second holds"]
        await asyncio.wait_for(both_heard.wait(), 5)
        await asyncio.sleep(0.1)
        assert heard == [("second", game_id)]  # the mover does not hear itself
    finally:
        await first.close()
        await second.close()
