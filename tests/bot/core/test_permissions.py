"""Audit finding 6: the bot checks its own permissions and does not repeat refused requests.

Without View Channel, Send Messages or Read Message History the table could never be
shown, and every move repeated a refused request (Discord counts them: 10,000 invalid
requests in 10 minutes, then a ban). A game is refused at its start with the missing
permissions named; a permission taken away during a game costs one refused request, not
one per move; closed DMs are tried once per game, not at every turn.
"""

from __future__ import annotations

from tests.bot.scenario import MOVES
from tests.bot.table import answer, play_move, start_game, your_turn
from tests.fakediscord.core import READ_MESSAGE_HISTORY, SEND_MESSAGES, VIEW_CHANNEL


async def test_a_game_is_refused_where_the_bot_lacks_a_permission(fake_discord, bot_process):
    emu = fake_discord
    ann = emu.user("ann")
    hidden = emu.channel("hidden", bot_denied=VIEW_CHANNEL | READ_MESSAGE_HISTORY)
    said = await answer(await ann.slash(hidden, "grass start"))
    assert "missing the View Channel and Read Message History permissions" in said
    mute = emu.channel("mute", bot_denied=SEND_MESSAGES)
    said = await answer(await ann.slash(mute, "graps start", opponent=emu.user("bob")))
    assert "missing the Send Messages permission here" in said
    assert [m for m in hidden.messages() + mute.messages() if not m.ephemeral] == []


async def test_a_permission_taken_away_mid_game_is_refused_once(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    general.bot_denied = READ_MESSAGE_HISTORY  # a manager changes the channel mid-game
    for version, move in enumerate(MOVES[:6]):
        await play_move(emu, players, general, version, move)
    refused = [r for r in emu.rejected if f"/channels/{general.id}/" in r.path]
    assert 1 <= len(refused) <= 2, refused  # the first move's table edit (and its post)
    assert your_turn(players["ann"]) in table.text  # the table stayed as it was


async def test_closed_dms_are_tried_once_per_game(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    emu.user("cy", dms_open=False)
    players, table = await start_game(emu, general)
    for version, move in enumerate(MOVES[:6]):  # cy moves twice, by typed commands
        if move["by"] == "cy":
            await answer(await players["cy"].slash(general, "grass play", card=move["play"]))
            await table.wait_until(
                lambda m, n=version: your_turn(players[MOVES[n + 1]["by"]]) in m.text
            )
        else:
            await play_move(emu, players, general, version, move)
    closed = [r for r in emu.rejected if r.code == 50007]
    assert len(closed) == 1, closed


async def test_a_game_in_an_archived_thread_reopens_it(fake_discord, stacked_bot):
    """Discord archives a thread after an idle hour; a slow game's table there could not
    be edited any more. The bot reopens the thread (Send Messages allows it) and edits
    the table; a locked thread (only moderators reopen it) pauses, refused once."""
    emu = fake_discord
    slow = emu.thread("slow", emu.channel("general"))
    players, table = await start_game(emu, slow)
    emu.archive(slow)
    await play_move(emu, players, slow, 0, MOVES[0])
    await table.wait_until(lambda m: your_turn(players[MOVES[1]["by"]]) in m.text)
    assert not slow.archived
    emu.archive(slow, locked=True)
    for version, move in enumerate(MOVES[1:6], start=1):
        await play_move(emu, players, slow, version, move)
    refused = [r for r in emu.rejected if f"/channels/{slow.id}" in r.path]
    # Once per archiving: the table edit (archived thread); then, locked, its reopening.
    assert [r.code for r in refused] == [50083, 50083, 50013], refused
    assert slow.archived and slow.locked
    assert your_turn(players[MOVES[1]["by"]]) in table.text
