"""The path of a clicked move through bot/ (docs/architecture.md counts it): a Grass card
picked in a hand message is routed, made under the game's lock and shown. Before the
lock the click reads no storage (the running game's session is held in memory); the
whole path is printed, with its count of files and hops, for docs/architecture.md."""

from __future__ import annotations

import asyncio
import os
import signal
from collections import Counter

from tests.bot.click_path import before_the_lock, hops_in
from tests.bot.table import hand_dm, pick, start_game
from tests.fakediscord.emulator import FakeDiscord


async def test_a_clicked_card_reads_no_storage_before_the_lock(
    fake_discord: FakeDiscord, start_bot, setup_file, tmp_path
) -> None:
    emu = fake_discord
    record = tmp_path / "click-path.txt"
    env = {"GAME_SETUP_FILE": str(setup_file), "GAME_SEED": "5", "CLICK_PATH": str(record)}
    bot = await start_bot("tests.bot.click_path", env=env)
    assert bot.proc is not None
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    ann, bob = players["ann"], players["bob"]
    await hand_dm(emu, ann, 0)
    await asyncio.sleep(0.5)  # the start's last messages
    os.kill(bot.proc.pid, signal.SIGUSR2)
    await emu.wait_for(record.with_suffix(".started").exists, what="the record to start")
    await pick(emu, ann, 0, "play", "market_open")
    await table.wait_until(lambda m: "ann played Market Open" in m.text)
    await hand_dm(emu, bob, 1)
    await asyncio.sleep(0.5)  # the move's last messages
    os.kill(bot.proc.pid, signal.SIGUSR2)
    await emu.wait_for(record.exists, what="the click's path")

    hops = hops_in(record)
    first = before_the_lock(hops)
    assert "bot/core/gamelock.py" in hops  # the move was made under the lock
    assert "bot/exts/router.py" in first and "bot/core/sessions.py" in first
    storage = [where for where in first if where.startswith("bot/core/storage/")]
    assert storage == [], f"storage read before the lock: {first}"
    entries = Counter(first)
    print(
        f"\na clicked Grass card: {len(set(hops))} files of bot/, {len(hops)} hops; "
        f"before the lock {len(first)} hops, {dict(entries)}: {' > '.join(first)}\n"
        f"files: {', '.join(sorted(set(hops)))}"
    )
