"""Storage on both databases, a real SQLite file and a real PostgreSQL server: migrations
from empty, one transaction per move, the move log matching the state, and the exported
replay reproducing the stored state. The tests that take `where` run on each; the others
check what only one of them has (SQLite's file lock, PostgreSQL's advisory locks)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time

import asyncpg
import pytest

from bot.core.storage import QuietHours, Result, StaleVersion, Status, Storage, StorageError
from bot.core.storage import postgres as postgres_backend
from bot.core.storage.sqlite import MIGRATIONS
from games.grass import Grass
from games.replay import replay


def migrations(where: str) -> int:
    return len(MIGRATIONS if "://" not in where else postgres_backend.MIGRATIONS)


async def raw_execute(where: str, sql: str) -> None:
    """A statement run by hand beside the bot (an operator, a script), on either database."""
    if "://" not in where:
        with sqlite3.connect(where) as db:
            db.execute("PRAGMA foreign_keys = ON")  # as the bot's own connection
            db.execute(sql)
        return
    connection = await asyncpg.connect(where)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


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


async def test_migrations_from_empty_apply_once(where, opened):
    storage = await opened(where)
    assert await storage.schema_version() == migrations(where)
    await storage.close()
    # Opening again applies nothing twice.
    storage = await opened(where)
    assert await storage.schema_version() == migrations(where)
    await storage.close()


async def test_sqlite_has_wal_and_the_tables(tmp_path, opened):
    path = tmp_path / "sub" / "bot.sqlite3"
    await (await opened(path)).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "moves", "results"} <= tables


async def test_move_log_matches_state_and_export_replays_it(where, opened):
    storage = await opened(where)
    game_id, engine = await _started_game(storage)
    await _play_randomly(storage, game_id, engine, 150, random.Random(3))
    await storage.close()

    storage = await opened(where)  # as after a restart
    row = await storage.game(game_id)
    moves = await storage.moves(game_id)
    assert row is not None and row.header is not None and row.state is not None
    assert len(moves) == row.version == engine.moves
    stored = Grass.from_json(row.state)
    assert stored.to_json() == engine.to_json()
    replayed = replay({**row.header, "actions": moves})
    assert replayed.state_json() == stored.state_json()
    await storage.close()


async def test_a_stale_version_commits_nothing(where, opened):
    storage = await opened(where)
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


async def test_the_move_log_is_append_only(where, opened):
    storage = await opened(where)
    game_id, engine = await _started_game(storage)
    await _play_randomly(storage, game_id, engine, 2, random.Random(1))
    await storage.close()
    refused = (sqlite3.IntegrityError, asyncpg.RaiseError)
    with pytest.raises(refused, match="append-only"):
        await raw_execute(where, f"UPDATE moves SET action = '{{}}' WHERE game_id = {game_id}")
    with pytest.raises(refused, match="append-only"):
        await raw_execute(where, f"DELETE FROM moves WHERE game_id = {game_id}")
    # The log goes only with its game (a prune of old games).
    await raw_execute(where, f"DELETE FROM games WHERE id = {game_id}")
    storage = await opened(where)
    assert await storage.moves(game_id) == [] and await storage.game(game_id) is None
    await storage.close()


async def test_results_and_standings_count_only_finished_games_of_the_server(where, opened):
    storage = await opened(where)
    game_id, engine = await _started_game(storage)
    action = engine.legal_actions(engine.awaiting[0])[0]
    engine.apply(action)
    results = [Result(100, 1, 260_000, 120_000), Result(101, 2, 90_000, 50_000)]
    await storage.record_move(game_id, 0, 100, action.to_json(), engine.to_json(), 1, results)
    other, _ = await _started_game(storage)  # still running: not counted
    row = await storage.game(game_id)
    assert row is not None and row.status == "finished"
    assert await storage.results(game_id) == results
    standings = await storage.standings(1, "grass")
    assert [(s.user_id, s.games, s.wins, s.total, s.best_round) for s in standings] == [
        (100, 1, 1, 260_000, 120_000),
        (101, 1, 0, 90_000, 50_000),
    ]
    assert await storage.standings(999, "grass") == []
    assert (await storage.player_names(1, [101]))[101] == "bob"
    assert other != game_id
    await storage.close()


async def test_standings_rank_wins_against_people_before_wins_against_the_computer(where, opened):
    storage = await opened(where)
    for winner, with_computer in ((100, True), (100, True), (101, False)):
        game_id, engine = await _started_game(storage)
        action = engine.legal_actions(engine.awaiting[0])[0]
        engine.apply(action)
        loser = 101 if winner == 100 else 100
        results = [Result(winner, 1, 10, None), Result(loser, 2, 5, None)]
        if with_computer:
            results.append(Result(-1, 3, 0, None))
        await storage.record_move(game_id, 0, 100, action.to_json(), engine.to_json(), 1, results)
    standings = await storage.standings(1, "grass")
    assert [(s.user_id, s.wins, s.computer_wins, s.total) for s in standings] == [
        (101, 1, 0, 20),
        (100, 2, 2, 25),
    ]
    assert standings[0].best_round is None
    await storage.close()


async def test_one_open_game_per_channel_is_found_and_seats_keep_join_order(where, opened):
    storage = await opened(where)
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


async def test_running_games_are_counted_per_server_and_host(where, opened):
    """The caps on games in play and the cooldown between starts (bot/core/limits.py)
    read the database, which every process shares: the running games of a server and
    those one member hosts there, and when a member opened their latest games."""
    storage = await opened(where)
    assert await storage.running_counts(1, 100) == (0, 0)
    assert await storage.latest_openings(100, 5) == []

    async def running(guild_id: int, host_id: int) -> int:
        game_id = await storage.create_game(guild_id, 2, "grass", {}, host_id, "ann")
        await storage.add_seat(game_id, 999, "bob")
        engine = Grass.create(["ann", "bob"], {}, 5)
        seats = [(host_id, "ann"), (999, "bob")]
        await storage.start_game(game_id, seats, engine.replay_header(), engine.to_json(), 0)
        return int(game_id)

    await running(1, 100)
    await running(1, 100)
    handed_over = await running(1, 100)
    await storage.set_host(handed_over, 101)  # ann left it: bob hosts it now
    ended = await running(1, 100)
    await storage.set_status(ended, Status.ABANDONED)
    await running(9, 100)  # another server's
    await storage.create_game(1, 3, "grass", {}, 100, "ann")  # waiting, not running
    assert await storage.running_counts(1, 100) == (3, 2)
    assert await storage.running_counts(1, 101) == (3, 1)
    assert await storage.running_counts(1, 555) == (3, 0)
    assert await storage.running_counts(9, 100) == (1, 1)
    assert await storage.running_counts(7, 100) == (0, 0)
    (lobby,) = await storage.lobbies(1)
    assert len(await storage.latest_openings(100, 10)) == 5  # on every server
    newest_two = await storage.latest_openings(100, 2)
    assert newest_two[0] == lobby.created_at >= newest_two[1]
    handed = await storage.game(handed_over)
    assert handed is not None and await storage.latest_openings(101, 5) == [handed.created_at]
    assert await storage.latest_openings(555, 5) == []
    await storage.close()


async def test_computer_seats_get_ids_that_are_nobodys(where, opened):
    storage = await opened(where)
    game_id = await storage.create_game(1, 2, "grass", {}, 10, "ann")
    await storage.add_ai_seat(game_id, "Computer 1", "easy")
    await storage.add_seat(game_id, 11, "bob")
    await storage.add_ai_seat(game_id, "Computer 2", "hard")
    await storage.seat_to_ai(game_id, 2, "easy", kicked=True)  # bob
    seats = await storage.seats(game_id)
    assert [(s.seat, s.user_id, s.ai_level, s.replaced_user_id, s.kicked) for s in seats] == [
        (0, 10, None, None, False),
        (1, -1, "easy", None, False),
        (2, -3, "easy", 11, True),
        (3, -2, "hard", None, False),
    ]
    await storage.set_seat_timer(game_id, 0, 1234.5, True, 2)
    await storage.set_dm(game_id, 10, 77, 88, "sig")
    await storage.set_dm_closed(game_id, 10, True)
    ann = (await storage.seats(game_id))[0]
    assert (ann.deadline, ann.reminded, ann.expiries) == (1234.5, True, 2)
    assert (ann.dm_channel_id, ann.dm_message_id, ann.dm_signature, ann.dm_closed) == (
        77,
        88,
        "sig",
        True,
    )
    assert await storage.running_with_turns() == []
    await storage.close()


async def test_pruning_an_old_game_keeps_its_rematch(where, opened):
    """A rematch outlives the game it was opened from, which a prune may delete."""
    storage = await opened(where)
    old, engine = await _started_game(storage)
    action = engine.legal_actions(engine.awaiting[0])[0]
    engine.apply(action)
    await storage.record_move(old, 0, 100, action.to_json(), engine.to_json(), 1, [])
    rematch = await storage.create_game(1, 2, "grass", {}, 100, "ann", rematch_of=old)
    assert (await storage.rematch(old)) is not None
    newer = await storage.game(rematch)
    assert newer is not None
    cutoff = newer.created_at  # the rematch is newer than the old game
    assert await storage.prune(lobbies_before=0.0, games_before=cutoff) == (0, 1)
    assert await storage.game(old) is None and await storage.moves(old) == []
    kept = await storage.game(rematch)
    assert kept is not None and kept.rematch_of is None and kept.status == "lobby"
    await storage.close()


async def test_a_version_1_database_is_upgraded_in_place(tmp_path, opened):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(MIGRATIONS[0] + "; PRAGMA user_version = 1;")
        db.execute(
            "INSERT INTO games (guild_id, channel_id, kind, options, status, host_id,"
            " created_at, updated_at) VALUES (1, 2, 'grass', '{}', 'lobby', 10, 0, 0)"
        )
        db.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 10, 'ann')")
    storage = await opened(path)
    assert await storage.schema_version() == len(MIGRATIONS) >= 2
    (seat,) = await storage.seats(1)
    assert (seat.name, seat.controls_since) == ("ann", 0)
    await storage.close()


async def test_concurrent_writers_do_not_interleave(where, opened):
    """Coroutines share SQLite's one connection: a transaction must never start inside
    another's (sqlite3: "cannot start a transaction within a transaction"); on
    PostgreSQL each takes a connection of the pool, and seats still number in order."""
    storage = await opened(where)
    game_id = await storage.create_game(1, 2, "grass", {}, 10, "ann")
    await asyncio.gather(
        *(storage.add_seat(game_id, 11 + n, f"p{n}") for n in range(5)),
        *(storage.set_table_message(game_id, 100 + n) for n in range(5)),
        *(storage.create_game(1, 3 + n, "grass", {}, 10, "ann") for n in range(5)),
    )
    assert [seat.seat for seat in await storage.seats(game_id)] == list(range(6))
    await storage.close()


async def test_a_failed_commit_leaves_the_connection_usable(tmp_path, opened):
    """Audit finding 7: a COMMIT that fails (here a deferred foreign key) must not leave
    the shared connection inside its transaction, where every later write would fail."""
    storage = await opened(tmp_path / "bot.sqlite3")
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


async def test_a_database_newer_than_the_code_is_refused_untouched(where, opened):
    """Audit finding 14: a database written by a newer bot opens with a clear refusal,
    not silently (to fail later, or to be written in a shape it does not know)."""
    await (await opened(where)).close()
    newer = migrations(where) + 1
    if "://" in where:
        await raw_execute(where, f"INSERT INTO schema_migrations (version) VALUES ({newer})")
    else:
        await raw_execute(where, f"PRAGMA user_version = {newer}")
    with pytest.raises(StorageError, match=f"schema version {newer}.*newer version of the bot"):
        await opened(where)
    # Untouched, and let go of: the right version of the bot opens it.
    if "://" in where:
        await raw_execute(where, f"DELETE FROM schema_migrations WHERE version = {newer}")
    else:
        with sqlite3.connect(where) as db:
            assert db.execute("PRAGMA user_version").fetchone()[0] == newer
        await raw_execute(where, f"PRAGMA user_version = {newer - 1}")
    await (await opened(where)).close()


async def test_one_bot_per_database_file_private_to_its_owner_and_fully_synced(tmp_path, opened):
    """Audit finding 14: a second bot on the same file is refused (both would answer
    every click and run every timer; several processes share PostgreSQL); the file is
    its owner's only; FULL sync."""
    path = tmp_path / "data" / "bot.sqlite3"
    storage = await opened(path)
    with pytest.raises(StorageError, match=r"already in use by another running bot.*PostgreSQL"):
        await opened(path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700
    async with storage._driver.transaction() as transaction:
        assert await transaction.fetch_one("PRAGMA synchronous") == (2,)  # FULL
    await storage.close()
    await (await opened(path)).close()  # free again once the first one closed


async def test_a_lease_is_held_by_one_owner_until_it_runs_out(where, opened):
    storage = await opened(where)
    game_id, _ = await _started_game(storage)
    await _started_game(storage)  # no timer, no computer: nothing to run
    await storage.set_seat_timer(game_id, 0, 2_000_000_000.0, False, 0)  # a timer runs
    assert await storage.unleased_with_turns() == [game_id]
    now = time.time()
    assert await storage.claim(game_id, "one", now + 30)
    assert not await storage.claim(game_id, "two", now + 30)  # held, not run out
    assert await storage.claim(game_id, "one", now + 60)  # the owner renews
    assert await storage.unleased_with_turns() == []
    assert await storage.renew("one", now - 1) == {game_id}  # as if it stopped renewing
    assert await storage.unleased_with_turns() == [game_id]
    assert await storage.claim(game_id, "two", now + 30)  # taken over
    assert await storage.renew("one", now + 30) == set()  # "one" learns it lost it
    await storage.release(game_id, "one")  # not its own: nothing happens
    assert not await storage.claim(game_id, "one", now + 30)
    await storage.release(game_id, "two")
    assert await storage.claim(game_id, "one", now + 30)
    await storage.close()


async def test_every_lookup_runs_and_finds_the_right_games(where, opened):
    """Each of the bot's reads on each database (PostgreSQL types its parameters from
    the statement, where SQLite takes anything)."""
    storage = await opened(where)
    running, _ = await _started_game(storage)
    challenge = await storage.create_game(1, 3, "graps", {}, 100, "ann")
    await storage.add_challenged(challenge, 101, "bob")
    lobby = await storage.create_game(1, 4, "grass", {}, 100, "ann", rematch_of=running)
    await storage.set_table_message(lobby, 555)
    await storage.set_turn_minutes(running, 0)
    await storage.set_host(running, 101)
    await storage.set_published(running, 0)
    now = time.time() + 1
    assert [g.id for g in await storage.lobbies_opened_before(now, 0.0)] == [lobby]
    assert [g.id for g in await storage.lobbies_opened_before(0.0, now)] == [challenge]
    assert [g.id for g in await storage.rematches_opened_before(now)] == [lobby]
    assert [g.id for g in await storage.running_unchanged_since(now)] == [running]
    assert await storage.running_unchanged_since(0.0) == []
    assert [g.id for g in await storage.running_games()] == [running]
    assert [g.id for g in await storage.games_seated(101, "grass")] == [running]
    seated = await storage.last_game_seated(102, "grass")
    assert seated is not None and seated.id == running
    latest = await storage.latest_game(2, "grass")
    assert latest is not None and latest.id == running and latest.host_id == 101
    assert latest.turn_minutes == 0 and latest.published_version == 0
    assert [g.id for g in await storage.games_to_restore()] == [running]
    assert not await storage.played_before(1, 100, running)
    assert await storage.played_before(1, 100, running + 100)
    rematch = await storage.rematch(running)
    assert rematch is not None and rematch.table_message_id == 555
    found = await storage.game(challenge)
    assert found is not None and found.challenged_id == 101
    assert await storage.game(2**70) is None
    await storage.close()


async def test_a_members_notify_choice_is_kept_beside_their_language(where, opened):
    storage = await opened(where)
    assert await storage.user_notify(100) is None  # never chose: the default
    await storage.set_user_language(100, "fr")
    await storage.set_user_notify(100, "never")
    await storage.set_user_notify(101, "every")  # a member never seen before
    assert await storage.user_notify(100) == "never"
    assert await storage.user_notify(101) == "every"
    languages = await storage.user_languages([100, 101])
    assert languages[100].chosen == "fr" and languages[101].chosen is None
    await storage.set_user_notify(100, None)  # back to the default
    assert await storage.user_notify(100) is None
    assert (await storage.user_languages([100]))[100].chosen == "fr"
    # Quiet hours beside them, kept apart: setting one leaves the others.
    assert await storage.user_quiet(100) is None
    night = QuietHours(22 * 60, 7 * 60, "Europe/Paris")
    await storage.set_user_quiet(100, night)
    await storage.set_user_notify(100, "every")
    assert await storage.user_quiet(100) == night
    assert (await storage.user_languages([100]))[100].chosen == "fr"
    await storage.set_user_quiet(100, None)
    assert await storage.user_quiet(100) is None and await storage.user_notify(100) == "every"


async def test_turn_times_run_from_the_move_before_in_the_same_game(where, opened):
    # ann (100) and bob (101) at one game, ann and cy (102) at a slow one. Each move's
    # wait is from the move before it in its game; a game's first move has none.
    storage = await opened(where)
    live, _ = await _started_game(storage, ("ann", "bob"))
    slow = await storage.create_game(1, 3, "grass", {}, 100, "ann")
    await storage.add_seat(slow, 102, "cy")
    await storage.set_turn_minutes(slow, 24 * 60)
    logs = {
        live: [
            (100, 10.0, '{"play":"x"}'),
            (101, 25.0, '{"play":"y"}'),
            (100, 27.0, '{"play":"z"}'),
            (100, 30.0, '{"by":"ann","undo":true}'),
        ],
        slow: [(102, 0.0, '{"play":"x"}'), (100, 7200.0, '{"play":"y"}')],
    }
    for game, moves in logs.items():
        for number, (actor, at, action) in enumerate(moves, start=1):
            await raw_execute(
                where,
                "INSERT INTO moves (game_id, number, actor_id, action, at) VALUES"
                f" ({game}, {number}, {actor}, '{action}', {at})",
            )
    found = sorted(await storage.turn_times(1, "grass", 100), key=lambda t: t.seconds)
    assert [(t.seconds, t.turn_minutes, t.undo) for t in found] == [
        (2.0, None, False),
        (3.0, None, True),
        (7200.0, 24 * 60, False),
    ]
    assert [t.seconds for t in await storage.turn_times(1, "grass", 101)] == [15.0]
    assert await storage.turn_times(1, "gracias", 100) == []
    assert await storage.turn_times(2, "grass", 100) == []  # another server


async def test_a_running_game_is_followed_once_per_member_and_only_while_it_runs(where, opened):
    storage = await opened(where)
    game, _ = await _started_game(storage, ("ann", "bob"))
    lobby = await storage.create_game(1, 3, "grass", {}, 100, "ann")
    assert [row.id for row in await storage.running_here(1)] == [game]
    assert await storage.running_here(2) == []
    assert await storage.follow(game, 300, "fr")
    assert not await storage.follow(game, 300, "en")  # already: the first choice stays
    assert not await storage.follow(lobby, 300, "fr")  # not running
    assert await storage.follow(game, 200, "de")
    await storage.set_follower_message(game, 300, 77, 88)
    assert [
        (f.user_id, f.language, f.channel_id, f.message_id) for f in await storage.followers(game)
    ] == [(200, "de", None, None), (300, "fr", 77, 88)]
    assert await storage.followed(300) == [game]
    assert await storage.unfollow(game, 300) and not await storage.unfollow(game, 300)
    assert await storage.followed(300) == []
