"""Turn timers, through the emulator: a reminder at half time, and an expired turn
played by the easy computer player and announced in the channel. In process
(tests/bot/core/test_turns.py): three expiries in a row handing the seat to the
computer (and the host role to another person) until a table of computers alone is
abandoned, a player's own move starting the count again, and stored deadlines kept
across a restart; a move the timer made standing against a take-back:
tests/bot/core/test_takeback_requests.py.

Time is shrunk with the bot's TIMER_MINUTE setting (seconds in a timer minute), so a
"1 minute" timer runs out in a fraction of a second; waits are event-driven."""

from __future__ import annotations

from typing import Any


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
    await table.wait_until(lambda m: f"{ann.mention}, your turn" in m.text)
    reminder = await general.wait_message(lambda m: "half of your turn time is gone" in m.text)
    assert ann.mention in reminder.content
    expired = await general.wait_message(lambda m: "turn time (1 minute) ran out" in m.text)
    assert expired.text.startswith(ann.mention) and "1 of 3 in a row" in expired.text
    # The move went through the session service: the table shows it, and it is logged.
    await table.wait_until(lambda m: not m.text.startswith(f"{ann.mention}, your turn"))
    assert len(said(general, "ran out")) >= 1
    # Timers leave nothing behind: the reminder goes once ann's turn has passed, the
    # notice of her expired turn once her next turn begins.
    await emu.wait_for(lambda: reminder.deleted, what="the reminder deleted")
    await emu.wait_for(lambda: expired.deleted, what="the expiry notice deleted", timeout=20)
