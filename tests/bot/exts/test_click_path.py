"""The path of a clicked move through bot/ (docs/architecture.md counts it): a Grass card
picked in a hand message is routed, made under the game's lock and shown. Before the
lock the click reads no storage (the running game's session is held in memory); the
whole path is printed, with its count of files and hops, for docs/architecture.md."""

from __future__ import annotations

import asyncio
import os
import signal
from collections import Counter

from tests.bot.click_path import COMMIT, LOCK, Entry, entries_in, the_click, until
from tests.bot.table import hand_dm, pick, start_game
from tests.fakediscord.emulator import FakeDiscord


async def test_a_clicked_card_reads_no_storage_before_the_lock(
    fake_discord: FakeDiscord, start_bot, setup_file, tmp_path
) -> None:
    emu = fake_discord
    path = tmp_path / "click-path.txt"
    env = {"GAME_SETUP_FILE": str(setup_file), "GAME_SEED": "5", "CLICK_PATH": str(path)}
    bot = await start_bot("tests.bot.click_path", env=env)
    assert bot.proc is not None
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    ann, bob = players["ann"], players["bob"]
    await hand_dm(emu, ann, 0)
    await asyncio.sleep(0.5)  # the start's last messages
    os.kill(bot.proc.pid, signal.SIGUSR2)
    await emu.wait_for(path.with_suffix(".started").exists, what="the record to start")
    await pick(emu, ann, 0, "play", "market_open")
    await table.wait_until(lambda m: "ann played Market Open" in m.text)
    await hand_dm(emu, bob, 1)
    await asyncio.sleep(0.5)  # the move's last messages
    os.kill(bot.proc.pid, signal.SIGUSR2)
    await emu.wait_for(path.exists, what="the click's path")

    record = entries_in(path)
    click = the_click(record)
    to_lock = until(click, LOCK)
    assert to_lock, "the move was not made under the game's lock"
    storage = [e for e in to_lock if e.file.startswith("bot/core/storage/")]
    assert storage == [], f"storage read before the lock: {to_lock}"
    # Each file is entered once on the way; the session service twice: to read the
    # player's hand, then to make the move, which takes the lock.
    files = Counter(entry.file for entry in to_lock)
    assert files.pop("bot/core/sessions.py") == 2, to_lock
    assert max(files.values()) == 1, to_lock
    to_commit = until(click, *COMMIT)
    assert len(to_commit) < len(click), "the move was not committed"
    whole = {entry.file for entry in record}
    print(
        f"\na clicked Grass card, to the lock: {show(to_lock)}\n"
        f"to the commit: {len({e.file for e in to_commit})} files, {len(to_commit)} entries\n"
        f"the click's task: {len({e.file for e in click})} files, {len(click)} entries\n"
        f"whole (publication, timers, listeners): {len(whole)} files, {len(record)} entries"
        f"\nfiles: {', '.join(sorted(whole))}\nclick: {show(click)}"
    )


def show(entries: list[Entry]) -> str:
    return " > ".join(f"{e.file.removeprefix('bot/')}:{e.function}" for e in entries)
