"""Faults from Discord while games are played: 429s with `retry_after` (on channel
messages, DMs and the interaction callback itself), a 500 retried, a 503 that makes one
table edit fail for good, a dropped gateway (cut and resumed), a player whose DMs are
closed (50007), and a channel where the bot may not attach files (50013). The bot
recovers by itself: every move is confirmed and logged once, the table catches up on
the next move, the closed-DM player is told in the channel how to play, the picture-less
channel gets the table in words with the permission to fix, and no interaction is left
unanswered."""

from __future__ import annotations

import random

from tests.stress.driver import (
    check_confirmed,
    check_invariants,
    game_id_in,
    open_table,
    play,
)


async def test_discord_faults_lose_nothing_and_leave_nothing_unanswered(
    fake_discord, start_bot, on_database
):
    emu = fake_discord
    bot = await start_bot(env={"GAME_SEED": "21"}, **on_database)
    database = bot.database
    rng = random.Random(21)
    grass = await open_table(emu, "grass", emu.channel("faults"))
    grass.game_id = game_id_in(database, grass.channel, "grass")

    async def move() -> None:
        assert await play(emu, database, grass, rng)

    # 429s: discord.py waits retry_after and sends again; nothing is lost.
    limited = [
        emu.fail_next("/channels/*/messages/*", method="PATCH", times=2, retry_after=0.05),
        emu.fail_next("/channels/*/messages", method="POST", times=2, retry_after=0.05),
        emu.fail_next("/interactions/*/*/callback", times=1, retry_after=0.05),
    ]
    await move()
    await move()
    assert all(fault.exhausted for fault in limited)

    # A 500 is retried after a second; the table edit goes through.
    edits = grass.message.edits
    server_error = emu.fail_next("/channels/*/messages/*", method="PATCH", status=500)
    await move()
    await grass.message.wait_until(lambda m: m.edits > edits)
    assert server_error.exhausted

    # A 503 is not retried: the table edit of this move fails (logged), the move stands,
    # and the next move's edit brings the table up to date.
    edits = grass.message.edits
    emu.fail_next(f"/channels/{grass.channel.id}/messages/*", method="PATCH", status=503)
    await move()
    assert grass.message.edits == edits, "the failed edit did not reach the table"
    await move()
    await grass.message.wait_until(lambda m: m.edits > edits)

    # The gateway cut mid-game, once cleanly and once abruptly: the bot resumes.
    resumes = emu.gateway.resumes
    await emu.drop_gateway()
    await move()
    await emu.drop_gateway(abrupt=True)
    await move()
    await emu.wait_for(lambda: emu.gateway.resumes >= resumes + 2, what="two resumes")

    # Closed DMs (50007) and a channel without Attach Files (50013), in a Gracias game.
    emu.user("dee", dms_open=False)
    bare = emu.channel("no-pictures", attach_files=False)
    gracias = await open_table(emu, "gracias", bare, ["ann", "bob", "dee"])
    gracias.game_id = game_id_in(database, bare, "gracias")
    notice = await bare.wait_message(lambda m: "cannot send you direct messages" in m.content)
    assert emu.user("dee").mention in notice.content and "/gracias hand" in notice.content
    assert "Attach Files permission" in gracias.message.text and not gracias.message.images()
    for _ in range(4):
        assert await play(emu, database, gracias, rng)
    await emu.user("dee").slash(bare, "gracias hand")

    assert await emu.settle() == []
    codes = {record.code for record in emu.rejected}
    assert codes <= {50007, 50013}, [(r.path, r.code, r.error) for r in emu.rejected]
    for table in (grass, gracias):
        check_confirmed(table, check_invariants(database, table.game_id))
    log = bot.log_text()
    assert "publishing the table failed" in log  # the 503, reported once
    assert log.count("Traceback") == 1, "only the 503's failed edit was an error"
