"""Storage on a real SQLite file: migrations from empty, one transaction per move,
the move log matching the state, and the exported replay reproducing the stored state."""

from __future__ import annotations

import random
import sqlite3

import pytest

from bot.core.storage import MIGRATIONS, Result, StaleVersion, Status, Storage, StorageError
from games.grass import Grass
from games.replay import replay


async def test_migrations_from_empty_set_user_version_wal_and_foreign_keys(tmp_path):
    path = tmp_path / "sub" / "bot.sqlite3"
    storage = await Storage.open(path)
    assert await storage.schema_version() == len(MIGRATIONS)
    await storage.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "moves", "results"} <= tables
    # Opening again applies nothing twice.
    storage = await Storage.open(path)
    assert await storage.schema_version() == len(MIGRATIONS)
    await storage.close()


async def _started_game(storage: Storage, names=("ann", "bob", "cy"), seed=7):
    game_id = await storage.create_game(1, 2, "grass", {}, 100, names[0])
    for offset, name in enumerate(names[1:], start=1):
        await storage.add_seat(game_id, 100 + offset, name)
    engine = Grass.create(list(names), {}, seed)
    seats = [(100 + n, name) for n, name in enumerate(names)]
    await storage.start_game(game_id, seats, engine.replay_header(), engine.to_json(), 0)
    return game_id, engine


async def _play_randomly(storage, game_id, engine, moves, rng):
    for _ in range(moves):
        if engine.outcome() is not None:
            break
        player = engine.awaiting[0]
        action = rng.choice(engine.legal_actions(player))
        loaded = engine.moves
        engine.apply(action)
        await storage.record_move(
            game_id, loaded, None, action.to_json(), engine.to_json(), engine.moves
        )


async def test_move_log_matches_state_and_export_replays_it(tmp_path):
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    game_id, engine = await _started_game(storage)
    await _play_randomly(storage, game_id, engine, 150, random.Random(3))
    await storage.close()

    storage = await Storage.open(tmp_path / "bot.sqlite3")  # as after a restart
    row = await storage.game(game_id)
    moves = await storage.moves(game_id)
    assert row is not None and row.header is not None and row.state is not None
    assert len(moves) == row.version == engine.moves
    stored = Grass.from_json(row.state)
    assert stored.to_json() == engine.to_json()
    replayed = replay({**row.header, "actions": moves})
    assert replayed.state_json() == stored.state_json()
    await storage.close()


async def test_a_stale_version_commits_nothing(tmp_path):
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    game_id, engine = await _started_game(storage)
    action = engine.legal_actions(engine.awaiting[0])[0]
    engine.apply(action)
    await storage.record_move(game_id, 0, 100, action.to_json(), engine.to_json(), 1)
    with pytest.raises(StaleVersion):
        await storage.record_move(game_id, 0, 100, action.to_json(), engine.to_json(), 1)
    assert len(await storage.moves(game_id)) == 1
    row = await storage.game(game_id)
    assert row is not None and row.version == 1
    await storage.close()


async def test_the_move_log_is_append_only(tmp_path):
    path = tmp_path / "bot.sqlite3"
    storage = await Storage.open(path)
    game_id, engine = await _started_game(storage)
    await _play_randomly(storage, game_id, engine, 2, random.Random(1))
    await storage.close()
    with sqlite3.connect(path) as db, pytest.raises(sqlite3.IntegrityError):
        db.execute("UPDATE moves SET action = '{}' WHERE game_id = ?", (game_id,))


async def test_results_and_standings_count_only_finished_games_of_the_server(tmp_path):
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    game_id, engine = await _started_game(storage)
    action = engine.legal_actions(engine.awaiting[0])[0]
    engine.apply(action)
    results = [Result(100, 1, 260_000, 120_000), Result(101, 2, 90_000, 50_000)]
    await storage.record_move(game_id, 0, 100, action.to_json(), engine.to_json(), 1, results)
    other, _ = await _started_game(storage)  # still running: not counted
    row = await storage.game(game_id)
    assert row is not None and row.status == "finished"
    standings = await storage.standings(1, "grass")
    assert [(s.user_id, s.games, s.wins, s.total, s.best_round) for s in standings] == [
        (100, 1, 1, 260_000, 120_000),
        (101, 1, 0, 90_000, 50_000),
    ]
    assert await storage.standings(999, "grass") == []
    assert (await storage.player_names(1, [101]))[101] == "bob"
    assert other != game_id
    await storage.close()


async def test_one_open_game_per_channel_is_found_and_seats_keep_join_order(tmp_path):
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    game_id = await storage.create_game(1, 2, "grass", {"target": 100000}, 10, "ann")
    await storage.add_seat(game_id, 11, "bob")
    await storage.add_seat(game_id, 12, "cy")
    await storage.remove_seat(game_id, 11)
    await storage.add_seat(game_id, 13, "dee")
    assert [s.name for s in await storage.seats(game_id)] == ["ann", "cy", "dee"]
    found = await storage.open_game(2, "grass")
    assert found is not None and found.id == game_id and found.options == {"target": 100000}
    assert await storage.open_game(2, "graps") is None
    await storage.set_status(game_id, Status.ABANDONED)
    assert await storage.open_game(2, "grass") is None
    await storage.close()


async def test_a_version_1_database_is_upgraded_in_place(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(MIGRATIONS[0] + "; PRAGMA user_version = 1;")
        db.execute(
            "INSERT INTO games (guild_id, channel_id, kind, options, status, host_id,"
            " created_at, updated_at) VALUES (1, 2, 'grass', '{}', 'lobby', 10, 0, 0)"
        )
        db.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 10, 'ann')")
    storage = await Storage.open(path)
    assert await storage.schema_version() == len(MIGRATIONS) >= 2
    (seat,) = await storage.seats(1)
    assert (seat.name, seat.controls_since) == ("ann", 0)
    await storage.close()


async def test_concurrent_writers_on_one_connection_do_not_interleave(tmp_path):
    """Coroutines share the bot's one connection: a transaction must never start inside
    another's (sqlite3: "cannot start a transaction within a transaction")."""
    import asyncio

    storage = await Storage.open(tmp_path / "bot.sqlite3")
    game_id = await storage.create_game(1, 2, "grass", {}, 10, "ann")
    await asyncio.gather(
        *(storage.add_seat(game_id, 11 + n, f"p{n}") for n in range(5)),
        *(storage.set_table_message(game_id, 100 + n) for n in range(5)),
        *(storage.create_game(1, 3 + n, "grass", {}, 10, "ann") for n in range(5)),
    )
    assert len(await storage.seats(game_id)) == 6
    await storage.close()


async def test_a_failed_commit_leaves_the_connection_usable(tmp_path):
    """Audit finding 7: a COMMIT that fails (here a deferred foreign key) must not leave
    the shared connection inside its transaction, where every later write would fail."""
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    with pytest.raises(sqlite3.IntegrityError):
        await storage._write(
            [
                ("PRAGMA defer_foreign_keys = ON", ()),
                ("INSERT INTO seats (game_id, seat, user_id, name) VALUES (99, 0, 1, 'ann')", ()),
            ]
        )
    game_id = await storage.create_game(1, 2, "grass", {}, 100, "bob")
    assert [seat.name for seat in await storage.seats(game_id)] == ["bob"]
    assert await storage.seats(99) == []
    await storage.close()


async def test_a_database_newer_than_the_code_is_refused_untouched(tmp_path):
    """Audit finding 14: a database written by a newer bot opens with a clear refusal,
    not silently (to fail later, or to be written in a shape it does not know)."""
    path = tmp_path / "bot.sqlite3"
    storage = await Storage.open(path)
    await storage.close()
    newer = len(MIGRATIONS) + 1
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {newer}")
    with pytest.raises(StorageError, match=f"schema version {newer}.*newer version of the bot"):
        await Storage.open(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == newer
    # The refusal let go of the file: the right version of the bot could open it now.
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
    await (await Storage.open(path)).close()


async def test_one_bot_per_database_file_private_to_its_owner_and_fully_synced(tmp_path):
    """Audit finding 14: a second bot on the same file is refused (both would answer
    every click and run every timer); the file is its owner's only; FULL sync."""
    path = tmp_path / "data" / "bot.sqlite3"
    storage = await Storage.open(path)
    with pytest.raises(StorageError, match="already in use by another running bot"):
        await Storage.open(path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700
    assert await storage._fetch_one("PRAGMA synchronous") == (2,)  # FULL
    await storage.close()
    await (await Storage.open(path)).close()  # free again once the first one closed
