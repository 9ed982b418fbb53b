"""Concurrency: 50 interactions at the same moment on one game (the mover's same move
typed many times, the other player trying too) apply exactly once, every
one is answered, and the log stays in order (its replay is the stored state); many
games in many channels progress at once (6 here; 100 with RUN_SLOW=1), each whole."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.stress.driver import (
    SLOW,
    answer_text,
    check_confirmed,
    check_invariants,
    choose,
    command_for,
    game_id_in,
    open_table,
    play,
    stored,
)


async def test_fifty_simultaneous_moves_apply_exactly_once(fake_discord, start_bot):
    emu = fake_discord
    bot = await start_bot(env={"GAME_SEED": "51"})
    database = bot.database_path
    table = await open_table(emu, "graps", emu.channel("rush"))
    table.game_id = game_id_in(database, table.channel, "graps")
    rng = random.Random(51)
    for _ in range(2):
        before = stored(database, table.game_id)
        action = choose(before.engine(), rng)
        assert action is not None
        mover, command, options = command_for(table, action)
        other = next(p for p in table.players.values() if p is not mover)
        burst = []
        for n in range(50):
            player = mover if n % 2 == 0 else other
            burst.append(await player.slash(table.channel, command, **options))
        assert await emu.settle() == []
        answers = [await answer_text(emu, interaction) for interaction in burst]
        assert sum(text.startswith("You placed") for text in answers) == 1, answers
        after = check_invariants(database, table.game_id)
        assert after.version == before.version + 1, "exactly one of the 50 was applied"
    assert bot.log_text().count("Traceback") == 0


async def many_games(emu, start_bot, count: int, moves: int) -> None:
    bot = await start_bot(env={"GAME_SEED": "52"})
    database = bot.database_path
    kinds = ("graps", "gracias", "grass")
    tables = []
    for n in range(count):
        kind = kinds[n % 3]
        names = [f"p{n}x{k}" for k in range(2 if kind == "graps" else 3)]
        table = await open_table(emu, kind, emu.channel(f"table-{n}"), names)
        table.game_id = game_id_in(database, table.channel, kind)
        tables.append(table)

    async def run(table, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(moves):
            if not await play(emu, database, table, rng):
                return

    await asyncio.gather(*(run(t, n) for n, t in enumerate(tables)))
    assert await emu.settle() == []
    for table in tables:
        check_confirmed(table, check_invariants(database, table.game_id))
        assert len(table.sent) >= 1
    assert bot.log_text().count("Traceback") == 0


async def test_six_games_in_six_channels_at_once(fake_discord, start_bot):
    await many_games(fake_discord, start_bot, count=6, moves=3)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="long variant: set RUN_SLOW=1")
async def test_a_hundred_games_in_a_hundred_channels_at_once(fake_discord, start_bot):
    fake_discord.default_timeout = 60.0
    await many_games(fake_discord, start_bot, count=100, moves=5)
