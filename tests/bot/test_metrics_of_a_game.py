"""The operators' metrics of a real bot process (docs/operations.md): started with
METRICS_PORT through the emulator, it plays a short Graps game against the easy
computer, and what it serves tells the same story as its database and the emulator's
record of its requests."""

from __future__ import annotations

import asyncio
import json
from collections import Counter

from bot.core.metrics import outcome
from tests.bot.graps_play import BLANK_ROLLS, stored_moves, two_placements_each
from tests.bot.scraped import Scraped, address_in_log, get, scrape
from tests.stress.clicks import quiet


async def settled(address: str, moves: int) -> Scraped:
    """A scrape once every move has gone all the way through (timed after it was shown)."""
    for _ in range(100):
        scraped = await scrape(address)
        if scraped.total("grassbot_move_seconds_count") >= moves:
            return scraped
        await asyncio.sleep(0.05)
    raise AssertionError(f"the moves' times were not all observed: {scraped.families}")


async def ready(address: str) -> tuple[int, str]:
    """/readyz's answer once the bot has taken in its guilds after READY (the emulator
    counts the bot ready when it sent READY, the bot a moment later)."""
    for _ in range(100):
        answer = await get(address, "/readyz")
        if answer[0] == 200:
            break
        assert answer == (503, "not ready: the gateway is not connected\n")
        await asyncio.sleep(0.05)
    return answer


async def test_a_game_against_the_computer_is_counted_as_it_was_played(
    fake_discord, start_bot, tmp_path
):
    emu = fake_discord
    setup = tmp_path / "graps-setup.json"
    setup.write_text(json.dumps({"graps": {"rolls": BLANK_ROLLS}}), encoding="utf-8")
    bot = await start_bot(
        env={
            "METRICS_PORT": "0",  # a free port, written to the log
            "GAME_SETUP_FILE": str(setup),
            "GAME_SEED": "5",
            "AI_DELAY": "0.01",
        }
    )
    address = address_in_log(bot.log_text())
    assert await get(address, "/healthz") == (200, "alive\n")
    assert await ready(address) == (200, "ready\n")

    await two_placements_each(emu, bot)
    await quiet(emu, 0.3)  # the last move's messages sent

    moves = stored_moves(bot)
    scraped = await settled(address, moves)
    assert moves == 4
    assert scraped.total("grassbot_moves_total") == moves
    assert scraped.value("grassbot_moves_total", kind="graps", how="clicked") == 2
    assert scraped.value("grassbot_moves_total", kind="graps", how="computer") == 2
    assert scraped.value("grassbot_move_commit_seconds_count", database="sqlite") == moves
    assert scraped.value("grassbot_move_seconds_count", kind="graps") == moves
    assert scraped.value("grassbot_ai_decisions_total", how="easy") == 2
    assert scraped.value("grassbot_games_running") == 1
    assert scraped.value("grassbot_games_in_memory") == 1
    assert scraped.total("grassbot_failed_interactions_total") == 0

    # Every request the emulator answered, counted by the bot as the emulator saw it.
    seen = Counter(
        (
            outcome(record.status),
            "exempt" if record.path.startswith(("/interactions/", "/webhooks/")) else "counted",
        )
        for record in emu.requests
    )
    counted = {
        (labels["outcome"], labels["budget"]): value
        for labels, value in (
            (dict(key), value)
            for key, value in scraped.labelled("grassbot_discord_requests_total").items()
        )
    }
    assert counted == dict(seen)
    assert seen[("ok", "counted")] > 0 and seen[("ok", "exempt")] > 0
