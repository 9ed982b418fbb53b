"""Graps played by clicks in the DM hand message, one pick per placement: the set-up
grapes (P2, 15 cells: one menu), the rolled blanks and grapes (P4, P5), bob's grape of 39
legal cells (more than one menu holds: two menus, bands of rows, still one pick) that
prunes (P5), and the winning blank (P7). Pruning and the passed turn (P8) ask nothing.
Bad and stale clicks are answered in plain words and change nothing."""

from __future__ import annotations

import json
import sqlite3

from tests.bot.graps_play import (  # noqa: F401
    MOVES,
    PRUNING,
    cell_menus,
    expected_game,
    graps_bot,
    open_game,
    pick_cell,
    place_move,
)
from tests.bot.table import hand_dm, told
from tests.fakediscord.core import MESSAGE_COMPONENT


def stored_moves(bot) -> int:
    with sqlite3.connect(bot.database_path) as db:
        return int(db.execute("SELECT COUNT(*) FROM moves").fetchone()[0])


async def test_a_whole_game_by_clicks_one_pick_per_placement_p2_p5_p7_p8(
    fake_discord,
    graps_bot,  # noqa: F811
):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    players = {"ann": ann, "bob": bob}
    general = emu.channel("general")
    table = await open_game(general, ann, bob)
    picks = []
    for version, move in enumerate(MOVES):
        dm = await hand_dm(emu, players[move["by"]], version)
        menus = [s for s in dm.selects() if s.custom_id.split(":")[3] == "place"]
        if version == PRUNING:  # 39 cells: two menus, the rows nearest ann's land first
            assert "You rolled a **grape**: 39 cells" in dm.text
            assert [len(menu.values) for menu in menus] == [25, 14]
            assert menus[0].values[0] == "G2" and "prunes 2 dark pawns" in str(menus[0].options)
        else:  # one menu when 25 cells at most (bob's last blank has 27: two)
            assert len(menus) == (1 if len(expected_game(version).legal_cells()) <= 25 else 2)
        assert all(option.label == option.value for menu in menus for option in menu.options)
        picks.append(await pick_cell(players[move["by"]], dm, move["place"]))
    assert picks == [1] * len(MOVES)
    await table.wait_until(
        lambda m: "Game over. bob reached ann's land" in m.text and not m.buttons()
    )
    assert "ann rolled blank: no legal cell, turn passes" in str(table.versions)  # P8
    exported = await (await ann.slash(general, "graps export")).message()
    assert json.loads(exported.attachments[0].data)["actions"] == MOVES
    assert emu.rejected == []


async def test_bad_and_stale_clicks_are_refused_in_plain_words(fake_discord, graps_bot):  # noqa: F811
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    players = {"ann": ann, "bob": bob}
    general = emu.channel("general")
    await open_game(general, ann, bob)
    dm = await hand_dm(emu, ann, 0)
    menu = cell_menus(dm)["H1"]

    async def forged(custom_id: str, value: str, words: str) -> None:
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        clicked = await ann.forge(dm.channel, MESSAGE_COMPONENT, data, message=dm)
        reply = await told(emu, clicked, words)
        assert reply.ephemeral

    # a value no menu offers: not a cell, or not a legal one (P2)
    await forged(menu, "Z99", "is not a cell")
    await forged(menu, "H2", "Not allowed: H2 is not on row 1")
    # an id no message carries: a band that was never drawn
    await forged(menu + ":7", "H1", "does not exist")
    assert stored_moves(graps_bot) == 0

    for version in range(PRUNING):
        await place_move(emu, players, version)
    await hand_dm(emu, bob, PRUNING)
    old = await (await bob.slash(general, "graps board")).message()  # two bands of rows
    second = cell_menus(old)["A15"]
    assert second.endswith(":place:2") and cell_menus(old)["G2"] != second
    await place_move(emu, players, PRUNING)  # bob's grape at G2 from his DM
    await hand_dm(emu, bob, PRUNING + 1)
    stale = await bob.select(old, second, ["A15"])
    reply = await told(emu, stale, "out of date")
    assert reply.ephemeral and "You rolled a **blank**" in reply.text
    assert stored_moves(graps_bot) == PRUNING + 1
