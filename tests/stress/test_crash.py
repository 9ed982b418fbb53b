"""Crashes: the bot process is SIGKILLed at random moments while games of all three
kinds are played (a random number of REST calls into a move: before its deferral,
between the commit and the DMs, while the table is edited...), then started again.
After every restart: every move confirmed to a player is in the log at its place, the
stored state is exactly the replay of the log (no move applied twice, none half
applied), and the controls still work (the table's hand button answers with the
player's hand and menus). The long variant (RUN_SLOW=1) kills the bot 24 times."""

from __future__ import annotations

import random
from sqlite3 import connect

import pytest

from tests.bot.graps_play import open_game as open_graps
from tests.stress.driver import (
    KINDS,
    SLOW,
    Table,
    check_confirmed,
    check_invariants,
    choose,
    confirmed,
    game_id_in,
    open_table,
    send,
    stored,
)


async def controls_work(emu, table: Table, database) -> None:
    """The awaited player's hand, with its controls, through the table's button: a
    control drawn before the crash, routed by its custom id after the restart."""
    game = stored(database, table.game_id)
    if game.status != "running":
        return
    engine = game.engine()
    player = table.players[engine.awaiting[0]]
    hand_button = table.message.buttons()[0].label or ""
    reply = await (await player.click(table.message, hand_button)).message()
    await emu.wait_for(lambda: not reply.loading and (reply.selects() or reply.buttons()))
    assert reply.ephemeral


async def crash_run(emu, start_bot, kills: int, seed: int) -> None:
    rng = random.Random(seed)
    bot = await start_bot(env={"GAME_SEED": str(seed)})
    database = bot.database_path
    tables: list[Table] = []
    for kind in KINDS:
        table = await open_table(emu, kind, emu.channel(f"crash-{kind}"))
        table.game_id = game_id_in(database, table.channel, kind)
        tables.append(table)
    done = 0
    while done < kills:
        table = rng.choice(tables)
        game = stored(database, table.game_id)
        action = choose(game.engine(), rng) if game.status == "running" else None
        if action is None:  # over: a new game in the same channel
            fresh = await open_table(emu, table.kind, table.channel, list(table.players))
            fresh.game_id = game_id_in(database, table.channel, table.kind)
            tables[tables.index(table)] = fresh
            continue
        before = len(emu.requests)
        interaction = await send(table, action)
        if rng.random() < 0.35:
            # A random moment inside the move: after 0 to 7 more REST calls.
            calls = rng.randrange(8)
            await emu.wait_for(
                lambda i=interaction, n=before + calls: len(emu.requests) >= n or confirmed(i),
                what="the move to get going",
            )
            await bot.kill()
            done += 1
            if confirmed(interaction):
                table.sent.append((game.version, action))
            for each in tables:
                check_confirmed(each, check_invariants(database, each.game_id))
            await bot.start()
            await controls_work(emu, table, database)
        else:
            await emu.wait_for(lambda i=interaction: confirmed(i), what=f"{action} confirmed")
            table.sent.append((game.version, action))
    for each in tables:
        check_confirmed(each, check_invariants(database, each.game_id))
    assert sum(len(t.sent) for t in tables) > kills / 2, "moves were played between the kills"


async def test_sigkill_at_random_moments_loses_no_confirmed_move(fake_discord, start_bot):
    await crash_run(fake_discord, start_bot, kills=3, seed=11)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="long variant: set RUN_SLOW=1")
async def test_twenty_four_sigkills_lose_no_confirmed_move(fake_discord, start_bot):
    await crash_run(fake_discord, start_bot, kills=24, seed=12)


async def test_a_kill_between_the_final_move_and_its_showing_is_shown_at_start(
    fake_discord, start_bot
):
    """Audit finding 8: the last move commits `finished` before the table is edited; a
    kill in between once left the table running for ever (start-up redrew only running
    games), with no game-over post and dead controls. The table's edit is held up (a
    long rate limit) and the bot killed while it waits."""
    emu = fake_discord
    bot = await start_bot(env={"GAME_SEED": "3"})
    # Start-up's own redraw of running games done, so that the held edit is the move's.
    await emu.wait_for(lambda: "restored running games" in bot.log_text(), what="start-up")
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await open_graps(general, ann, bob)
    await ann.dms(at_least=1)
    await bob.dms(at_least=1)
    held = emu.fail_next(
        f"/channels/{general.id}/messages/{table.id}",
        method="PATCH",
        status=429,
        retry_after=60,
    )
    await bob.slash(general, "graps resign")

    def stored() -> tuple[str, int, int | None]:
        with connect(bot.database_path) as db:
            row = db.execute("SELECT status, version, published_version FROM games").fetchone()
        return row[0], row[1], row[2]

    await emu.wait_for(
        lambda: held.hits >= 1 and stored()[0] == "finished",
        what="the final move committed and the table's edit held up",
    )
    await bot.kill()
    status, version, shown = stored()
    assert status == "finished" and shown is not None and shown < version
    assert "Game over" not in table.text and table.buttons()

    await bot.start()
    await table.wait_until(
        lambda m: "Game over. bob resigned: ann wins." in m.text and not m.buttons()
    )
    await general.wait_message(lambda m: m.id != table.id and "Game over" in m.text)
    await emu.wait_for(lambda: stored()[2] == version, what="the game to be marked as shown")
