"""Turn timers, through the emulator: a reminder at half time, an expired turn
played by the easy computer player and announced, and stored deadlines resumed after a
restart (an expired one fires at once). Three expiries in a row handing the seat to the
computer (and the host role to another person), until a table of computers alone is
abandoned, are tested in process: tests/bot/core/test_turns.py.

Time is shrunk with the bot's TIMER_MINUTE setting (seconds in a timer minute), so a
"1 minute" timer runs out in a fraction of a second; waits are event-driven."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from tests.bot.table import answer


async def start_grass(emu: Any, general: Any, timer: int, *players: Any) -> Any:
    host, *others = players
    table = await (await host.slash(general, "grass start", timer=timer)).message()
    for player in others:
        await (await player.click(table, "Join")).ack()
    await table.wait_until(lambda m: f"{len(players)} of 2 to 6" in m.text)
    await (await host.click(table, "Start")).ack()
    return table


def said(general: Any, words: str) -> Any:
    """Every notice with these words, the ones deleted since (their turn passed) too."""
    return [m for m in general.all_messages if words in m.text]


async def test_an_expired_turn_is_played_by_the_easy_ai_and_announced(fake_discord, start_bot):
    await start_bot(env={"TIMER_MINUTE": "0.8", "AI_DELAY": "0.01", "GAME_SEED": "3"})
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await start_grass(emu, general, 1, ann, bob)
    assert "Turn timer: 1 minute" in table.text
    await table.wait_until(lambda m: "ann's turn" in m.text)
    reminder = await general.wait_message(lambda m: "half of your turn time is gone" in m.text)
    assert ann.mention in reminder.content
    expired = await general.wait_message(lambda m: "turn time (1 minute) ran out" in m.text)
    assert expired.text.startswith(ann.mention) and "1 of 3 in a row" in expired.text
    # The move went through the session service: the table shows it, and it is logged.
    await table.wait_until(lambda m: "ann's turn" not in m.text.split("\n")[1])
    assert len(said(general, "ran out")) >= 1
    # Timers leave nothing behind: the reminder goes once ann's turn has passed, the
    # notice of her expired turn once her next turn begins.
    await emu.wait_for(lambda: reminder.deleted, what="the reminder deleted")
    await emu.wait_for(lambda: expired.deleted, what="the expiry notice deleted", timeout=20)


async def test_a_player_who_moves_starts_a_new_count(fake_discord, start_bot):
    """Expiries count only in a row: moving yourself starts the count again."""
    await start_bot(env={"TIMER_MINUTE": "1.0", "AI_DELAY": "0.01", "GAME_SEED": "3"})
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    await start_grass(emu, general, 1, ann, bob)
    await general.wait_message(lambda m: m.text.startswith(ann.mention) and "1 of 3" in m.text)
    await general.wait_message(lambda m: m.text.startswith(bob.mention) and "1 of 3" in m.text)
    # ann plays her next turn herself (the first card she may discard).
    hand = await emu.wait_for(
        lambda: next(
            (m for m in reversed(ann.dm_messages()) if any(s.custom_id for s in m.selects())),
            None,
        ),
        what="ann's hand with controls",
    )
    discard = next(s for s in hand.selects() if s.custom_id.split(":")[3] == "discard")
    await (await ann.select(hand, discard.custom_id, [discard.values[0]])).ack()
    mark = general.mark()
    await general.wait_message(lambda m: m.text.startswith(bob.mention) and "2 of 3" in m.text)
    again = await general.wait_message(
        lambda m: m.text.startswith(ann.mention) and "ran out" in m.text, after=mark
    )
    assert "1 of 3 in a row" in again.text


async def test_stored_deadlines_resume_after_a_restart(fake_discord, start_bot):
    proc = await start_bot(env={"AI_DELAY": "0.01", "GAME_SEED": "3"})
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await start_grass(emu, general, 2, ann, bob)
    await table.wait_until(lambda m: "ann's turn" in m.text)

    def deadline() -> float | None:
        with sqlite3.connect(proc.database_path) as db:
            row = db.execute("SELECT deadline FROM seats WHERE name = 'ann'").fetchone()
        return row[0] if row else None

    # The score sheet is drawn under the game's lock, so after the start's bookkeeping.
    await (await ann.slash(general, "grass scores")).message()
    stored = deadline()
    assert stored is not None
    assert 100 < stored - time.time() <= 120  # two minutes from the start of her turn
    await proc.stop()
    # While the bot was down, her time ran out.
    with sqlite3.connect(proc.database_path) as db:
        db.execute("UPDATE seats SET deadline = ? WHERE name = 'ann'", (time.time() - 1,))
    mark = general.mark()
    await proc.start()
    expired = await general.wait_message(lambda m: "ran out" in m.text, after=mark)
    assert expired.text.startswith(ann.mention) and "1 of 3" in expired.text
    # The turn went through the session service like any move: logged, by the timer.
    with sqlite3.connect(proc.database_path) as db:
        first = db.execute("SELECT action, actor_id FROM moves ORDER BY number").fetchone()
    assert '"by":"ann"' in first[0] and first[1] is None


async def test_a_move_the_timer_made_is_not_taken_back(fake_discord, start_bot):
    """Audit (the point checked beside the findings): `/<game> undo` took back a move
    the turn timer had made for the player, since it read the move log, not who made
    the move. Graps's opening placement shows nothing hidden (P3), so it could be."""
    await start_bot(env={"TIMER_MINUTE": "1", "AI_DELAY": "0.01", "GAME_SEED": "3"})
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    challenge = await (await ann.slash(general, "graps start", opponent=bob, timer=1)).message()
    await (await bob.click(challenge, "Accept")).ack()
    expired = await general.wait_message(lambda m: "turn time (1 minute) ran out" in m.text)
    first = ann if expired.text.startswith(ann.mention) else bob
    refusal = await answer(await first.slash(general, "graps undo"))
    assert refusal == "That move was made for you when your time ran out, so it stands."
