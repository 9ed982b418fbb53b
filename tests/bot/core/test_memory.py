"""Audit finding 11: memory holds the games being played, not every game ever touched.

A finished or abandoned game looked at (a score sheet, an export, an old control) was
kept in memory for good, with its lock; a trade form closed without sending stayed in
discord.py's store of open forms. Real storage on a file, the real session service.
"""

from __future__ import annotations

import gc
import weakref

from bot.core.gameui import Control
from bot.core.sessions import Sessions
from bot.core.storage import Status, Storage
from bot.exts.grass import KIND as GRASS
from bot.exts.grass.trade import TradeForm
from games.grass import Grass
from tests.bot.core.harness import RecordingScreen


async def test_only_running_games_stay_in_memory_and_locks_go_with_them(tmp_path):
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    try:
        sessions = Sessions(storage, {"grass": GRASS}, RecordingScreen())
        game_ids = []
        for channel in (1, 2):
            game_id = await storage.create_game(1, channel, "grass", {}, 10, "ann")
            await storage.add_seat(game_id, 11, "bob")
            engine = Grass.create(["ann", "bob"], {}, 7)
            seats = [(10, "ann"), (11, "bob")]
            await storage.start_game(game_id, seats, engine.replay_header(), engine.to_json(), 0)
            game_ids.append(game_id)
        running, over = game_ids
        await storage.set_status(over, Status.ABANDONED)

        first = await sessions.load(running)
        assert first is not None and await sessions.load(running) is first
        looked = await sessions.load(over)
        assert looked is not None and looked.status == "abandoned"
        assert await sessions.load(over) is not looked  # read afresh, never kept
        assert sessions.cached == 1

        lock = weakref.ref(looked.lock)
        async with sessions.lock(over):
            assert sessions.lock(over) is lock()  # one lock while anyone holds it
        del looked
        gc.collect()
        assert lock() is None  # nothing left behind for the finished game

        sessions.forget(running)
        del first
        gc.collect()
        assert sessions.cached == 0
    finally:
        await storage.close()


def test_a_trade_form_is_forgotten_if_never_sent():
    form = TradeForm(Control(1, 3, "offer", ("1",)), "bob")
    assert form.timeout is not None and 0 < form.timeout <= 15 * 60
