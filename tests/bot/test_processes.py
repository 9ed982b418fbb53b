"""Two bot processes, shards 0 and 1 of 2, on one PostgreSQL database, against the
emulator, which sends each server's events to its shard and every DM to shard 0. So a
game in a server of shard 1 receives its typed commands in the process of shard 1 and
its players' DM clicks in the process of shard 0: both move it, and the database keeps
the moves in order, each applied once."""

from __future__ import annotations

import asyncio
import random

from tests.bot.table import control_ids, find_menu
from tests.fakediscord.model import Message
from tests.fakediscord.players import Player
from tests.stress.clicks import clickable, clicked_move, quiet
from tests.stress.driver import (
    bot_log_errors,
    check_invariants,
    command_for,
    game_id_in,
    open_table,
    play,
    stored,
)
from tests.stress.processes import server_of_shard, sharded_bots


async def test_a_game_is_moved_from_both_processes(fake_discord, start_bot, postgres_url):
    emu = fake_discord
    first, second = await sharded_bots(emu, start_bot, postgres_url, {"GAME_SEED": "11"})
    database = postgres_url
    far = emu.channel("far", server=server_of_shard(emu, 1))
    near = emu.channel("near", server=server_of_shard(emu, 0))
    table = await open_table(emu, "grass", far)  # lobby clicks: the process of shard 1
    table.game_id = game_id_in(database, far, "grass")
    other = await open_table(emu, "graps", near, names=["dee", "eve"])
    other.game_id = game_id_in(database, near, "graps")
    rng = random.Random(11)
    for turn in range(24):
        # Typed in the channel: shard 1's process; clicked in a DM: shard 0's.
        if turn % 2:
            moved = await play(emu, database, table, rng)
        else:
            moved = await clicked_move(emu, database, table, rng) is not None
        if not moved:
            break
        if turn % 6 == 0:
            await play(emu, database, other, rng)
    game = check_invariants(database, table.game_id)
    assert game.version >= 10
    check_invariants(database, other.game_id)
    # Both processes committed moves of the far game; only shard 0's those of the near one.
    first_log, second_log = first.log_text(), second.log_text()
    mark = f"game {table.game_id}: "
    assert "committed as version" in first_log and "committed as version" in second_log
    assert any(mark in line and "committed" in line for line in first_log.splitlines())
    assert any(mark in line and "committed" in line for line in second_log.splitlines())
    assert bot_log_errors(first_log) == [] and bot_log_errors(second_log) == []


async def test_fifty_clicks_at_once_from_both_processes_apply_once(
    fake_discord, start_bot, postgres_url
):
    """The same move sent 50 times at once, 25 typed in the channel (shard 1's process)
    and 25 picked in the DM (shard 0's): applied exactly once, round after round, and the
    stored state is the replay of the log."""
    emu = fake_discord
    first, second = await sharded_bots(emu, start_bot, postgres_url, {"GAME_SEED": "12"})
    database = postgres_url
    far = emu.channel("far", server=server_of_shard(emu, 1))
    table = await open_table(emu, "grass", far)
    table.game_id = game_id_in(database, far, "grass")
    rng = random.Random(12)
    for _ in range(4):
        await quiet(emu)
        game = stored(database, table.game_id)
        engine = game.engine()
        action = clickable(engine, rng)
        assert action is not None
        verb = next(v for v in ("play", "discard", "pass") if v in action)
        player, command, options = command_for(table, action)

        def current_hand(version: int = game.version, player: Player = player) -> Message | None:
            for message in reversed(player.dm_messages()):
                if any(i.split(":")[2] == str(version) for i in control_ids(message)):
                    return message
            return None

        hand = await emu.wait_for(current_hand, what="the hand message of this version")
        menu = find_menu(hand, verb)
        assert menu is not None
        sends = [player.slash(far, command, **options) for _ in range(25)]
        sends += [player.select(hand, menu, [str(action[verb])]) for _ in range(25)]
        interactions = await asyncio.gather(*sends)
        for interaction in interactions:
            await interaction.ack()
        await quiet(emu, 0.3)
        after = check_invariants(database, table.game_id)
        assert after.version == game.version + 1, "the move was applied more than once"
        assert after.moves[game.version] == action
    for process in (first, second):
        assert bot_log_errors(process.log_text()) == []
