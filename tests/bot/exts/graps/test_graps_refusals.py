"""Graps refusals and helps: autocomplete of `/graps place` lists exactly the engine's
legal cells (P2, P4, P5); out-of-turn and illegal cells are refused with the rule's
reason (P4); non-players are refused and see only the public board; out-of-date
controls say so; resigning, from the DM's confirmation or by command, ends the game
and records the result."""

from __future__ import annotations

import sqlite3

from games.graps.cells import COLUMNS
from tests.bot.graps_play import (  # noqa: F401
    MOVES,
    PRUNING,
    expected_game,
    graps_bot,
    open_game,
    place_move,
    selects_by_verb,
)
from tests.bot.table import answer, hand_dm, told


def stored(bot, sql: str) -> list[tuple[int, ...]]:
    with sqlite3.connect(bot.database_path) as db:
        return list(db.execute(sql))


async def cells_offered(player, general, typed: str = "") -> list[str]:
    return [c.value for c in await player.autocomplete(general, "graps place", "cell", typed)]


async def test_autocomplete_lists_only_the_legal_cells(fake_discord, graps_bot):  # noqa: F811
    emu = fake_discord
    ann, bob, eve = emu.user("ann"), emu.user("bob"), emu.user("eve")
    players = {"ann": ann, "bob": bob}
    general = emu.channel("general")
    await open_game(general, ann, bob)
    await hand_dm(emu, ann, 0)
    # P2: the set-up grape goes anywhere on row 1; only the mover is offered cells
    setup = expected_game(0).legal_cells()
    assert await cells_offered(ann, general) == list(setup) == [f"{c}1" for c in COLUMNS]
    assert await cells_offered(ann, general, "h") == ["H1"]
    assert await cells_offered(bob, general) == []
    assert await cells_offered(eve, general) == []

    checked = {2, 3, 7, 19}  # blanks (P4) and ann's grapes (P5, 19 and 23 cells)
    for version in range(PRUNING):
        if version in checked:
            mover = players[MOVES[version]["by"]]
            await hand_dm(emu, mover, version)
            legal = list(expected_game(version).legal_cells())
            assert await cells_offered(mover, general) == legal
        await place_move(emu, players, version)
    await hand_dm(emu, bob, PRUNING)

    # bob's grape has 39 legal cells: 25 at most are offered, typing narrows them
    legal = list(expected_game(PRUNING).legal_cells())
    assert len(legal) == 39
    first = await cells_offered(bob, general)
    assert first == legal[:25]
    for letter in COLUMNS:
        assert await cells_offered(bob, general, letter) == [c for c in legal if c[0] == letter]
    choices = await bob.autocomplete(general, "graps place", "cell", "G2")
    assert [c.name for c in choices] == ["G2: prunes 2 dark pawns"]
    # the DM's menus: two bands of rows, together every legal cell once, the rows
    # nearest ann's land first (P7); no column menu, so every cell is one pick
    dm = await hand_dm(emu, bob, PRUNING)
    bands = [s for s in dm.selects() if s.custom_id.split(":")[3] == "place"]
    assert [s.placeholder for s in bands] == [
        "Place your grape, rows 2 to 14…",
        "Place your grape, row 15…",
    ]
    offered = [value for band in bands for value in band.values]
    assert sorted(offered) == sorted(legal) and len(offered) == len(set(offered))
    assert offered[0] == "G2" and "column" not in selects_by_verb(dm)


async def test_refusals_say_why_and_change_nothing(fake_discord, graps_bot):  # noqa: F811
    emu = fake_discord
    ann, bob, eve = emu.user("ann"), emu.user("bob"), emu.user("eve")
    players = {"ann": ann, "bob": bob}
    general = emu.channel("general")
    table = await open_game(general, ann, bob)
    await hand_dm(emu, ann, 0)

    out_of_turn = await answer(await bob.slash(general, "graps place", cell="H15"))
    assert "Not allowed" in out_of_turn and "ann's turn" in out_of_turn
    off_row = await answer(await ann.slash(general, "graps place", cell="H2"))
    assert "Not allowed: H2 is not on row 1" in off_row and "(P2)" not in off_row
    assert "not a cell" in await answer(await ann.slash(general, "graps place", cell="Z99"))
    assert "not playing" in await answer(await eve.slash(general, "graps place", cell="H1"))
    assert "not playing" in await answer(await eve.click(table, "My board"))
    assert "not playing" in await answer(await eve.slash(general, "graps resign"))
    onlooker = await (await eve.slash(general, "graps board")).message()
    assert onlooker.ephemeral and onlooker.images() and not onlooker.selects()
    assert stored(graps_bot, "SELECT COUNT(*) FROM moves") == [(0,)]

    for version in range(3):
        await place_move(emu, players, version)
    await hand_dm(emu, bob, 3)
    # P4: a blank must touch one of bob's pawns by a side
    far = await answer(await bob.slash(general, "graps place", cell="A10"))
    assert "A10 does not touch one of your pawns by a side." in far

    # an out-of-date control: ann's ephemeral board drawn at version 4, used after
    await place_move(emu, players, 3)
    await hand_dm(emu, ann, 4)
    old = await (await ann.slash(general, "graps board")).message()
    assert old.ephemeral and old.images() and "You rolled a **blank**" in old.text
    await place_move(emu, players, 4)  # ann places I2 from her DM
    await hand_dm(emu, bob, 5)
    stale = await ann.select(old, selects_by_verb(old)["place"], ["I2"])
    reply = await told(emu, stale, "out of date")
    assert reply.ephemeral and "Waiting" in reply.text and not reply.selects()
    assert stored(graps_bot, "SELECT COUNT(*) FROM moves") == [(5,)]


async def test_resigning_ends_the_game_and_records_it(fake_discord, graps_bot):  # noqa: F811
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    players = {"ann": ann, "bob": bob}
    general = emu.channel("general")
    table = await open_game(general, ann, bob)
    await place_move(emu, players, 0)
    await place_move(emu, players, 1)
    dm = await hand_dm(emu, ann, 2)
    # the DM's Resign… asks first; Back returns to the cells
    await (await ann.click(dm, "Resign…")).ack()
    await dm.wait_until(lambda m: "Resign this game? bob wins" in m.text)
    await (await ann.click(dm, "Back")).ack()
    await dm.wait_until(lambda m: "You rolled a **blank**" in m.text)
    await (await ann.click(dm, "Resign…")).ack()
    await dm.wait_until(lambda m: "Resign this game?" in m.text)
    mark = general.mark()
    await (await ann.click(dm, "Yes, resign")).ack()
    over = await general.wait_message(lambda m: "Game over" in m.content, after=mark)
    assert bob.mention in over.content and "ann resigned" in over.content
    await table.wait_until(lambda m: "Game over. ann resigned: bob wins." in m.text)
    assert stored(graps_bot, "SELECT place FROM results ORDER BY place") == [(1,), (2,)]
    late = await answer(await bob.slash(general, "graps resign"))
    assert "No Graps game is being played" in late


async def test_the_player_not_to_move_may_resign_by_command(fake_discord, graps_bot):  # noqa: F811
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await open_game(general, ann, bob)
    await hand_dm(emu, ann, 0)
    reply = await bob.slash(general, "graps resign")
    assert "You resigned" in await answer(reply)
    await table.wait_until(lambda m: "Game over. bob resigned: ann wins." in m.text)
    board = await (await ann.slash(general, "graps scoreboard", player=ann)).message()
    assert "1 game, 1 win" in board.text
