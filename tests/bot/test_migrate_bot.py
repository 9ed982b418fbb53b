"""A server grows: games played through the bot on SQLite, the bot stopped, the database
copied into PostgreSQL with `python -m bot.migrate`, the bot started on PostgreSQL.
The finished game's result is on the scoreboard, the running game goes on from where
it was, and its old controls still work."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from pathlib import Path

from tests.bot.graps_play import open_game as open_graps
from tests.bot.table import answer
from tests.stress.driver import check_invariants, game_id_in, open_table, play, stored

ROOT = Path(__file__).resolve().parents[2]


async def test_games_played_on_sqlite_go_on_after_the_move_to_postgresql(
    fake_discord, start_bot, postgres_url, tmp_path
):
    emu = fake_discord
    database = tmp_path / "bot.sqlite3"
    bot = await start_bot(env={"GAME_SEED": "9"}, database_path=database)
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    finished = await open_graps(general, ann, bob)
    assert "You resigned" in await answer(await bob.slash(general, "graps resign"))
    await finished.wait_until(lambda m: "Game over" in m.text)
    grass = await open_table(emu, "grass", emu.channel("grass"))
    grass.game_id = game_id_in(database, grass.channel, "grass")
    rng = random.Random(9)
    for _ in range(8):
        await play(emu, database, grass, rng)
    before = stored(database, grass.game_id)
    await bot.stop()

    copied = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot.migrate", f"sqlite:///{database}", postgres_url],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert copied.returncode == 0, copied.stderr
    assert copied.stdout.startswith("Copied 2 games")

    bot.database_url = postgres_url  # the same bot, now on PostgreSQL
    await bot.start()
    after = check_invariants(postgres_url, grass.game_id)
    assert (after.version, after.moves, after.state) == (before.version, before.moves, before.state)
    board = await (await ann.slash(general, "graps scoreboard")).message()
    assert board.images() and "2 players" in board.text
    for _ in range(4):  # the running game goes on, moves typed and stored in PostgreSQL
        assert await play(emu, postgres_url, grass, rng)
    check_invariants(postgres_url, grass.game_id)
    # The table's button, drawn before the move, answers with the hand and its controls.
    awaited = stored(postgres_url, grass.game_id).engine().awaiting[0]
    reply = await (
        await grass.players[awaited].click(grass.message, grass.message.buttons()[0].label or "")
    ).message()
    await emu.wait_for(lambda: not reply.loading and (reply.selects() or reply.buttons()))
