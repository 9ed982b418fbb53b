"""Two bot processes on one PostgreSQL database, and the one serving the game's server
SIGKILLed at random moments, 10 times (RUN_SLOW=1: 30). Meanwhile the other process
keeps serving: the players' DM clicks (shard 0 receives every DM), its own server's
game, and, once the dead process's lease runs out, the computer player's turns. After
every kill: every move confirmed to a player is in the log at its place, the stored
state is exactly the replay of the log; then the killed process starts again and takes
its commands back."""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

import pytest

from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.interactions import Interaction
from tests.stress.clicks import click, clickable, quiet
from tests.stress.driver import (
    SLOW,
    Stored,
    Table,
    bot_log_errors,
    check_confirmed,
    check_invariants,
    choose,
    confirmed,
    game_id_in,
    open_table,
    play,
    send,
    started,
    stored,
)
from tests.stress.processes import server_of_shard, sharded_bots

ENV = {"AI_DELAY": "0.01", "GAME_SEED": "21", "TIMER_MINUTE": "2"}
"""Quick computer players; a lease of one second (30 s per 60-second timer minute, at
least one second), so that the dead process's games are taken over quickly."""


async def table_with_a_computer(emu: FakeDiscord, channel: Any, database: str) -> Table:
    """ann and bob with an easy computer player, no turn timer."""
    ann, bob = emu.user("ann"), emu.user("bob")
    lobby = await (await ann.slash(channel, "grass start", timer=0)).message()
    await (await bob.click(lobby, "Join")).ack()
    await (await ann.click(lobby, "Add AI (easy)")).ack()
    await lobby.wait_until(lambda m: "3 of 2 to 6" in m.text)
    await (await ann.click(lobby, "Start")).ack()
    await lobby.wait_until(started)
    table = Table("grass", channel, {"ann": ann, "bob": bob}, lobby)
    table.game_id = game_id_in(database, channel, "grass")
    return table


def persons_action(database: str, table: Table, rng: random.Random) -> tuple[int, Any] | None:
    """(version, a move of ann's or bob's) when one of them is awaited; None when only
    the computer is (or the game is over)."""
    game = stored(database, table.game_id)
    if game.status != "running":
        return None
    engine = game.engine()
    if not set(engine.awaiting) & {"ann", "bob"}:
        return None
    for _ in range(20):
        action = choose(engine, rng)
        if action is not None and action["by"] in ("ann", "bob"):
            return game.version, action
    return None


async def computer_moved(emu: FakeDiscord, database: str, table: Table) -> None:
    """Waits while only the computer is awaited: its move comes from whichever process
    holds the game's lease (after a kill, the other one once the lease ran out)."""

    def moved() -> bool:
        game = stored(database, table.game_id)
        return game.status != "running" or bool({"ann", "bob"} & set(game.engine().awaiting))

    await emu.wait_for(moved, timeout=20, what="the computer player's move")


def check_kept(table: Table, game: Stored) -> None:
    """Every move confirmed to a player is in the log once, at or after the version it
    was chosen at: the computer may pass at the same moment (a Paranoia pass), so its
    move can come first."""
    for version, action in table.sent:
        later = game.moves[version:]
        assert action in later, f"confirmed move {action} from version {version} is lost"
    entries = [json.dumps(entry, sort_keys=True) for entry in game.moves]
    sent = [json.dumps(action, sort_keys=True) for _, action in table.sent]
    assert all(entries.count(entry) >= sent.count(entry) for entry in sent)


def under_way(emu: FakeDiscord, interaction: Interaction, calls: int) -> bool:
    return len(emu.requests) >= calls or confirmed(interaction)


def moved_past(database: str, game_id: int, version: int) -> bool:
    return stored(database, game_id).version > version


async def kill_run(emu: FakeDiscord, start_bot: Any, database: str, kills: int) -> None:
    rng = random.Random(21)
    first, second = await sharded_bots(emu, start_bot, database, ENV)
    far = emu.channel("far", server=server_of_shard(emu, 1))  # served by `second`
    near = emu.channel("near", server=server_of_shard(emu, 0))  # served by `first`
    table = await table_with_a_computer(emu, far, database)
    other = await open_table(emu, "graps", near, names=["dee", "eve"], timer=0)
    other.game_id = game_id_in(database, near, "graps")
    done = 0
    while done < kills:
        await computer_moved(emu, database, table)
        found = persons_action(database, table, rng)
        if found is None:  # over: a new game in the same channel
            table = await table_with_a_computer(emu, far, database)
            continue
        version, action = found
        before = len(emu.requests)
        interaction = await send(table, action)  # typed: to `second`
        if rng.random() < 0.5:
            await emu.wait_for(partial(confirmed, interaction), what=f"{action} confirmed")
            table.sent.append((version, action))
            continue
        calls = before + rng.randrange(6)  # a random moment inside the move
        await emu.wait_for(
            partial(under_way, emu, interaction, calls), what="the move to get going"
        )
        await second.kill()
        done += 1
        if confirmed(interaction):
            table.sent.append((version, action))
        check_kept(table, check_invariants(database, table.game_id))
        await serve_while_dead(emu, database, table, other, rng)
        await second.start(timeout=30)
    check_kept(table, check_invariants(database, table.game_id))
    check_confirmed(other, check_invariants(database, other.game_id))
    # The game's lease was the far server's process's: the computer's moves made by the
    # other one were made after it took the lease over from the dead process.
    assert any(
        "Robot 1 (easy)'s" in line and "committed" in line for line in first.log_text().splitlines()
    ), "the computer waited for the dead process"
    assert bot_log_errors(first.log_text()) == []


async def serve_while_dead(
    emu: FakeDiscord, database: str, table: Table, other: Table, rng: random.Random
) -> None:
    """With the far server's process dead: the near game's commands, and the far game's
    DM clicks, all served by the other process; the computer moves once its lease is
    taken over."""
    await play(emu, database, other, rng)
    for _ in range(2):
        await quiet(emu)
        await computer_moved(emu, database, table)
        game = stored(database, table.game_id)
        engine = game.engine() if game.status == "running" else None
        action = clickable(engine, rng) if engine is not None else None
        if engine is None or action is None or action["by"] not in ("ann", "bob"):
            return
        await click(emu, table, engine, action)
        await emu.wait_for(
            partial(moved_past, database, table.game_id, game.version),
            what=f"{action} clicked while the other process is dead",
        )
        table.sent.append((game.version, action))


async def test_ten_sigkills_of_one_process_lose_nothing(fake_discord, start_bot, postgres_url):
    await kill_run(fake_discord, start_bot, postgres_url, kills=10)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="long variant: set RUN_SLOW=1")
async def test_thirty_sigkills_of_one_process_lose_nothing(fake_discord, start_bot, postgres_url):
    await kill_run(fake_discord, start_bot, postgres_url, kills=30)
