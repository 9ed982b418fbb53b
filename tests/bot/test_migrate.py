"""`python -m bot.migrate`: a SQLite database of real games (every kind, finished and
running, lobbies, computer seats, a rematch) copied into PostgreSQL; every game equal
after the move; refusals that write nothing."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.core.storage import Result, Storage
from bot.migrate import TABLES, main
from games.protocol import Game
from games.randomplay import playout_chooser
from games.registry import game_class

NAMES = ["ann", "bob", "cy", "dee"]


async def _play(storage: Storage, kind: str, players: int, seed: int, moves: int) -> int:
    """A game of `kind` played through storage as the bot does: seats, start, then each
    move committed with its state; results when it ends."""
    names = NAMES[:players]
    game_id = await storage.create_game(7, 70 + seed, kind, {}, 100, names[0])
    for n, name in enumerate(names[1:], start=1):
        await storage.add_seat(game_id, 100 + n, name)
    await storage.add_ai_seat(game_id, "Computer", "easy")
    names = [*names, "Computer"]
    game: Game[Any, Any, Any] = game_class(kind).create(names, {}, seed)
    seats = await storage.seats(game_id)
    await storage.start_game(
        game_id,
        [(seat.user_id, name) for seat, name in zip(seats, names, strict=True)],
        game.replay_header(),
        game.to_json(),
        0,
    )
    await storage.set_seat_timer(game_id, 0, 1_800_000_000.5, True, 1)
    await storage.set_dm(game_id, 100, 555, 666, "signature")
    rng = random.Random(seed)
    choose = playout_chooser(game)
    ids = {name: seat.user_id for name, seat in zip(names, seats, strict=True)}
    for _ in range(moves):
        outcome = game.outcome()
        if outcome is not None:
            break
        player = rng.choice(game.awaiting)
        action = choose(player, game.legal_actions(player), rng)
        loaded = game.moves
        game.apply(action)
        outcome = game.outcome()
        results = None
        if outcome is not None:
            results = [
                Result(ids[name], 1 if name in outcome.winners else 2, outcome.totals[name])
                for name in names
            ]
        await storage.record_move(
            game_id, loaded, ids[player], action.to_json(), game.to_json(), game.moves, results
        )
    return game_id


async def _database_of_real_games(path: Path) -> list[int]:
    storage = await Storage.open(path)
    try:
        ids = [
            await _play(storage, "gracias", 3, 1, 10_000),  # finished
            await _play(storage, "graps", 1, 2, 10_000),  # finished, against the computer
            await _play(storage, "grass", 3, 3, 120),  # running
            await _play(storage, "gracias", 4, 4, 25),  # running
        ]
        lobby = await storage.create_game(7, 99, "grass", {"target": 100000}, 100, "ann")
        await storage.add_challenged(lobby, 101, "bob")
        rematch = await storage.create_game(
            7, 71, "gracias", {}, 100, "ann", rematch_of=ids[0], language="de"
        )
        await storage.set_user_language(100, "fr")
        await storage.set_user_notify(101, "never")
        await storage.set_client_locale(100, "en-GB")
        await storage.set_client_locale(101, "it")
        await storage.set_guild_language(7, "de")
        tournament = await storage.create_tournament(7, 72, "graps", 100, 3, 60, 2, 1.8e9, "fr")
        for user, name in ((100, "ann"), (101, "bob"), (102, "cy")):
            await storage.enter(tournament, user, name)
        await storage.begin_round(tournament, 1, [(100, 101), (102,)])
        row = await storage.tournament(tournament)
        assert row is not None
        board = (await storage.boards(tournament))[0]
        played = await storage.create_board_game(row, board, 72, [(100, "ann"), (101, "bob")], {})
        return [*ids, lobby, rematch, played]
    finally:
        await storage.close()


def _rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    with sqlite3.connect(path) as db:
        return {
            table: db.execute(
                f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(columns[:2])}"
            ).fetchall()
            for table, columns in TABLES.items()
        }


async def _postgres_rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    connection = await asyncpg.connect(url)
    try:
        return {
            table: [
                tuple(row)
                for row in await connection.fetch(
                    f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(columns[:2])}"
                )
            ]
            for table, columns in TABLES.items()
        }
    finally:
        await connection.close()


async def test_a_database_of_real_games_moves_to_postgresql_whole(tmp_path, postgres_url, capsys):
    source = tmp_path / "bot.sqlite3"
    ids = await _database_of_real_games(source)
    status = await asyncio.to_thread(main, [f"sqlite:///{source}", postgres_url])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert out.startswith("Copied 7 games (") and "started games replay" in out
    assert _rows(source) == await _postgres_rows(postgres_url)

    # The bot goes on there: games read the same, the next game takes the next id.
    before, after = await Storage.open(source), await Storage.open(postgres_url)
    try:
        for game_id in ids:
            assert await after.game(game_id) == await before.game(game_id)
            assert await after.seats(game_id) == await before.seats(game_id)
            assert await after.moves(game_id) == await before.moves(game_id)
            assert await after.results(game_id) == await before.results(game_id)
        assert await after.standings(7, "gracias") == await before.standings(7, "gracias")
        finished = [await after.game(game_id) for game_id in ids[:2]]
        assert [game.status if game else None for game in finished] == ["finished"] * 2
        assert await after.create_game(7, 1, "graps", {}, 100, "ann") == max(ids) + 1
        # A tournament goes on there too: its boards, and the next one's id.
        assert await after.boards(1) == await before.boards(1)
        assert await after.create_tournament(7, 73, "grass", 100, 2, 60, 4, 2e9, None) == 2
    finally:
        await before.close()
        await after.close()


async def test_a_target_holding_games_is_refused_untouched(tmp_path, postgres_url, capsys):
    source = tmp_path / "bot.sqlite3"
    await _database_of_real_games(source)
    target = await Storage.open(postgres_url)
    try:
        await target.create_game(1, 2, "grass", {}, 100, "eve")
    finally:
        await target.close()
    assert await asyncio.to_thread(main, [str(source), postgres_url]) == 1
    assert "Nothing copied: the target already holds 1 games" in capsys.readouterr().err
    rows = await _postgres_rows(postgres_url)
    assert len(rows["games"]) == 1 and rows["moves"] == []


async def test_a_game_that_does_not_replay_rolls_the_whole_copy_back(
    tmp_path, postgres_url, capsys
):
    source = tmp_path / "bot.sqlite3"
    ids = await _database_of_real_games(source)
    with sqlite3.connect(source) as db:  # the state stored is the dealt one, before moves
        header = json.loads(
            db.execute("SELECT header FROM games WHERE id = ?", (ids[2],)).fetchone()[0]
        )
        dealt = game_class(header["game"]).from_replay(header).to_json()
        db.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(dealt), ids[2]))
    assert await asyncio.to_thread(main, [str(source), postgres_url]) == 1
    assert f"game {ids[2]}" in capsys.readouterr().err
    rows = await _postgres_rows(postgres_url)
    assert all(rows[table] == [] for table in TABLES)


def test_refusals_name_the_problem_and_hide_passwords(tmp_path):
    same = tmp_path / "bot.sqlite3"
    command = [sys.executable, "-m", "bot.migrate"]
    done = subprocess.run(
        [*command, str(same), f"sqlite:///{same}"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1 and "FROM and TO are the same database" in done.stderr
    done = subprocess.run(
        [*command, str(same), "mysql://root:hunter2@db/games"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and "DATABASE_URL must be sqlite" in done.stderr
    assert "hunter2" not in done.stderr


async def test_the_copy_knows_every_column_of_both_schemas(tmp_path, postgres_url):
    """A column or table added by a later migration must be copied too (leases belong
    to the old database's processes)."""
    await (await Storage.open(tmp_path / "bot.sqlite3")).close()
    await (await Storage.open(postgres_url)).close()
    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        listed = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        tables = {row[0] for row in listed}
        assert tables == {*TABLES, "leases"}
        for table, columns in TABLES.items():
            found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            assert found == set(columns), table
    connection = await asyncpg.connect(postgres_url)
    try:
        tables = {
            row[0]
            for row in await connection.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            )
        }
        assert tables == {*TABLES, "leases", "schema_migrations"}
        for table, columns in TABLES.items():
            found = {
                row[0]
                for row in await connection.fetch(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = $1",
                    table,
                )
            }
            assert found == set(columns), table
    finally:
        await connection.close()


HIDDEN_PASSWORDS = [
    "postgresql://bot@127.0.0.1:{port}/games?password=hunter2",
    "postgresql://bot@127.0.0.1:{port}/games?sslpassword=hunter2",
    "postgresql://bot:hun/ter2@127.0.0.1:{port}/games",
    "postgresql://bot:hun#ter2@127.0.0.1:{port}/games",
    "postgresql://bot:hun?ter2@127.0.0.1:{port}/games",
]
"""URLs whose password (hunter2) is hard to find: in the query, or holding a character
that ends the part of the URL it belongs to."""


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port  # nothing listens once the socket is closed


@pytest.mark.parametrize("url", HIDDEN_PASSWORDS)
def test_the_migration_never_prints_a_database_url(tmp_path, url):
    """Audit finding 8: a password given as `?password=` (or `sslpassword`) was printed
    with the URL, and one holding `/`, `#` or `?` ended in a traceback quoting its
    start. The command names the database, host and port, never the URL."""
    url = url.format(port=closed_port())
    done = subprocess.run(
        [sys.executable, "-m", "bot.migrate", url, str(tmp_path / "copy.sqlite3")],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("Nothing copied: Cannot connect to the PostgreSQL database")
    assert "hun" not in done.stdout + done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("url", HIDDEN_PASSWORDS[1:3])
async def test_the_bot_never_prints_its_database_url(fake_discord, start_bot, url):
    """Audit finding 8, in `python -m bot`: the same sentence, exit status 1."""
    env = {"DATABASE_URL": url.format(port=closed_port())}
    bot = await start_bot(env=env, wait=False)
    assert await bot.wait_exit(timeout=60) == 1
    log = bot.log_text()
    assert "Cannot connect to the PostgreSQL database" in log, log
    assert "hun" not in log and "Traceback" not in log
