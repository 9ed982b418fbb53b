"""Gracias's first round played by clicks in the DM hand messages, two picks a turn (C5):
the trio from a menu, or, for the last player of a turn (C3), the one trio left by its
button; then, its face-down card seen, keep/give by one button ("Give ◆ blue to bob").
Stale and forged clicks are answered in plain words and change nothing."""

from __future__ import annotations

import sqlite3

from tests.bot.gracias_play import (  # noqa: F401
    MOVES,
    PLAYERS,
    choose,
    control_value,
    find_button,
    gracias_bot,
    open_table,
)
from tests.bot.table import control_ids, find_menu, hand_dm, told
from tests.fakediscord.core import MESSAGE_COMPONENT

ROUND = 4 * len(PLAYERS) * 2
"""The actions of a round: 4 turns, every player a take and a keep/give (C2, C5)."""


def stored_moves(bot) -> int:
    with sqlite3.connect(bot.database_path) as db:
        return int(db.execute("SELECT COUNT(*) FROM moves").fetchone()[0])


async def test_round_one_by_clicks_two_picks_a_turn_c3_c5(fake_discord, gracias_bot):  # noqa: F811
    emu = fake_discord
    general = emu.channel("general")
    players, table = await open_table(emu, general)
    picks: dict[str, int] = {}
    for version, move in enumerate(MOVES[:ROUND]):
        player = players[move["by"]]
        message = await hand_dm(emu, player, version)
        verb, value = control_value(move)
        last = (version % (2 * len(PLAYERS))) // 2 == len(PLAYERS) - 1
        if verb == "take" and not last:
            assert find_menu(message, "take") and not find_button(message, "take", value)
        elif verb == "take":  # the last trio of the turn: one button
            assert find_button(message, "take", value) and not message.selects()
            assert f"Take trio {value}: " in message.text
        else:  # keep/give: a button per card given and opponent, no menu
            assert not message.selects() and find_button(message, "split", value)
            opponents = len(PLAYERS) - 1
            assert len(message.buttons()) in (opponents, 2 * opponents)
        await (await choose(player, message, verb, value)).ack()
        turn = f"{version // (2 * len(PLAYERS))}:{move['by']}"
        picks[turn] = picks.get(turn, 0) + 1
    assert set(picks.values()) == {2} and len(picks) == 4 * len(PLAYERS)
    await table.wait_until(lambda m: "round 2 of 3" in m.text)
    assert stored_moves(gracias_bot) == ROUND
    assert emu.rejected == []


async def test_stale_and_forged_clicks_are_refused_in_plain_words_c5(fake_discord, gracias_bot):  # noqa: F811
    emu = fake_discord
    general = emu.channel("general")
    players, _ = await open_table(emu, general)
    ann = players["ann"]
    await (await choose(ann, await hand_dm(emu, ann, 0), *control_value(MOVES[0]))).ack()
    dm = await hand_dm(emu, ann, 1)
    old = await (await ann.slash(general, "gracias hand")).message()  # buttons, version 1
    verb, value = control_value(MOVES[1])
    button = find_button(old, verb, value)
    assert button is not None and old.ephemeral

    # an id the message does not carry (a receiver no button names)
    forged = {"custom_id": button.rsplit(":", 1)[0] + ":0", "component_type": 2}
    clicked = await ann.forge(dm.channel, MESSAGE_COMPONENT, forged, message=dm)
    assert (await told(emu, clicked, "does not exist")).ephemeral

    await (await choose(ann, dm, verb, value)).ack()  # ann gives from her DM
    await hand_dm(emu, players["bob"], 2)
    stale = await ann.click(old, button)
    reply = await told(emu, stale, "out of date")
    assert reply.ephemeral and "Not your turn" in reply.text
    assert control_ids(reply) == ["g:1:2:take_back"]  # all ann may do: take back her gift
    assert stored_moves(gracias_bot) == 2
