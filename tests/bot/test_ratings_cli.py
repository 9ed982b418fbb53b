"""`python -m bot.ratings rebuild` (bot/ratings.py) on the database of the bot's settings:
it rates every finished game again, says whether any rating came out different (a
rating row changed by hand must be put back), and refuses a database that is not there
rather than create an empty one."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import ratings
from bot.core.storage import Result, Storage

SNAPSHOT = "SELECT * FROM ratings ORDER BY guild_id, kind, season, player"


async def finished_games(database: Path | str) -> None:
    """Three finished games of one server: two of two people, one of three."""
    storage = await Storage.open(database)
    try:
        for places in ({10: 1, 11: 2}, {11: 1, 10: 2}, {12: 1, 10: 2, 11: 3}):
            people = list(places)
            game_id = await storage.create_game(1, 2, "grass", {}, people[0], "host")
            for user in people[1:]:
                await storage.add_seat(game_id, user, f"p{user}")
            await storage.start_game(game_id, [(user, f"p{user}") for user in people], {}, {}, 0)
            results = [Result(user, place, 0) for user, place in places.items()]
            await storage.record_move(game_id, 0, None, {"by": "p", "end": True}, {}, 1, results)
    finally:
        await storage.close()


async def rows(database: Path | str, change: str | None = None) -> list[tuple[object, ...]]:
    """The rating rows, after `change` (a statement run by hand) when there is one."""
    storage = await Storage.open(database)
    try:
        if change is not None:
            async with storage.driver.transaction() as transaction:
                await transaction.execute(change)
        return [tuple(row) for row in await storage.driver.fetch_all(SNAPSHOT)]
    finally:
        await storage.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Path | str:
    """A database named as the bot's settings name it (DATABASE_PATH, or DATABASE_URL),
    with no `.env` around to say otherwise."""
    monkeypatch.chdir(tmp_path)
    for name in ("DATABASE_PATH", "DATABASE_URL", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    if request.param == "sqlite":
        path = tmp_path / "bot.sqlite3"
        monkeypatch.setenv("DATABASE_PATH", str(path))
        return path
    url = str(request.getfixturevalue("postgres_url"))
    monkeypatch.setenv("DATABASE_URL", url)
    return url


def test_a_rebuild_says_whether_any_rating_came_out_different(
    database: Path | str, capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(finished_games(database))
    built = asyncio.run(rows(database))
    assert len(built) == 3  # 10, 11 and 12, all-time

    assert ratings.main(["rebuild"]) == 0
    out = capsys.readouterr().out
    assert "Rated 3 finished games again, in the order they finished." in out
    assert "Every rating came out as it was." in out
    assert asyncio.run(rows(database)) == built

    tampered = asyncio.run(rows(database, "UPDATE ratings SET mu = mu + 1 WHERE player = 10"))
    assert tampered != built
    assert ratings.main(["rebuild"]) == 0
    assert "Some ratings changed." in capsys.readouterr().out
    assert asyncio.run(rows(database)) == built  # put back

    assert ratings.main(["rebuild"]) == 0
    assert "Every rating came out as it was." in capsys.readouterr().out


def test_no_database_is_not_done_and_creates_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    missing = tmp_path / "nothing.sqlite3"
    monkeypatch.setenv("DATABASE_PATH", str(missing))
    assert ratings.main(["rebuild"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("Not done: ") and str(missing) in err
    assert not missing.exists()


def test_an_empty_database_rebuilds_to_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty database rebuilds to nothing: 0 games, nothing changed."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    asyncio.run(rows(tmp_path / "bot.sqlite3"))
    assert ratings.main(["rebuild"]) == 0
    out = capsys.readouterr().out
    assert "Rated 0 finished games again" in out and "Every rating came out as it was." in out
