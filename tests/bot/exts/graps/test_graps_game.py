"""A complete Graps game through the emulator, acting as the players: ann challenges
bob, bob accepts; set-up grapes (P2); rolled turns (P3) placed with the DM's menus
(one pick each: one menu of cells, or bands of rows when more than 25 cells are legal) and with
`/graps place`; bob's grape at G2 prunes and cuts off ann's vine (P5), announced in
words and crossed out on the table; ann's blank has no legal cell and her turn passes
(P8); bob reaches row 1 and wins (P7); results, scores, the scoreboard, the export."""

from __future__ import annotations

import json

from games.replay import replay
from render.graps.board import LEGAL, cell_box, cell_centre
from render.toolkit import ALERT
from tests.bot.graps_play import (  # noqa: F401
    MOVES,
    PRUNING,
    expected_game,
    graps_bot,
    open_game,
    place,
    place_move,
)
from tests.bot.table import answer, hand_dm


def crossed(image, cell: str) -> bool:
    """Whether the cell on the board image carries the red cross of a pruned pawn."""
    x0, y0, x1, y1 = cell_box(cell)
    rgb = image.convert("RGB")
    return any(rgb.getpixel((x, y)) == ALERT for x in range(x0, x1, 2) for y in range(y0, y1, 2))


def dotted(image, cell: str) -> bool:
    """Whether the cell carries the green dot of a legal cell (the mover's picture)."""
    pixel = image.convert("RGB").getpixel(cell_centre(cell))
    return bool(sum(abs(a - b) for a, b in zip(pixel, LEGAL, strict=True)) < 40)  # palette


async def test_a_whole_game_from_challenge_to_scoreboard(fake_discord, graps_bot):  # noqa: F811
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    players = {"ann": ann, "bob": bob}
    general = emu.channel("general")
    table = await open_game(general, ann, bob)
    assert "ann (dark, row 1) vs bob (light, row 15)" in table.text
    assert table.images(), "the table shows the board"

    # P2: ann's set-up grape, from the cell menu of her DM (15 cells of row 1)
    first = await hand_dm(emu, ann, 0)
    assert first.images() and "set-up grape anywhere on row 1" in first.text
    # the mover's picture dots the legal cells; the channel's table does not
    assert all(dotted(first.images()[0], f"{column}1") for column in "AHO")
    assert not dotted(first.images()[0], "H2")
    assert not any(dotted(table.images()[0], f"{column}1") for column in "AHO")
    ping = await general.wait_message(lambda m: ann.mention in m.text and "your turn" in m.text)
    assert "set-up grape" in ping.text
    await place_move(emu, players, 0)
    await place_move(emu, players, 1)
    await table.wait_until(lambda m: f"{ann.mention}, your turn: you rolled a **blank**" in m.text)

    # P3, P4: rolled turns; some placed with the slash command
    for version in range(2, PRUNING):
        move = MOVES[version]
        if version in (6, 13):
            await hand_dm(emu, players[move["by"]], version)
            reply = await players[move["by"]].slash(general, "graps place", cell=move["place"])
            assert f"You placed your pawn at {move['place']}" in await answer(reply)
        else:
            await place_move(emu, players, version)
    await table.wait_until(lambda m: f"{bob.mention}, your turn: you rolled a **grape**" in m.text)

    # P5: bob's grape (39 legal cells: two menus, one pick) prunes and cuts off ann's vine
    mark = general.mark()
    dm = await hand_dm(emu, bob, PRUNING)
    assert "You rolled a **grape**: 39 cells" in dm.text
    # the board's description: where the pawns stand and the legal cells, forward first
    described = (
        "Graps board, move 27: ann (dark): 14 pawns in rows 1 to 7; bob (light): 13 pawns "
        "in rows 3 to 15. Last placement: O7. bob rolled a grape; 39 legal cells: G2, F3, "
        "H3, F4, H4, F5, H5, F6, H6, F7, H7, F8, H8, F9, H9, F10, H10, F11, H11, F12, H12, "
        "F13, H13, F14, H14, A15, B15, C15, D15, E15, F15, H15, I15, J15, K15, L15, M15, "
        "N15, O15."
    )
    assert dm.attachments[0].description == described
    assert table.attachments[0].description == described
    await place(emu, bob, PRUNING, "G2")
    # the table message tells the pruning and the passed turn: no message of their own
    # P8: ann is left with no pawn; her blank has no legal cell
    board = await table.wait_until(lambda m: "ann rolled blank: no legal cell" in m.text)
    assert "2 dark pawns pruned at G2: H1, H2;" in board.text
    assert "12 more cut off from their land" in board.text
    assert "ann rolled blank: no legal cell, turn passes" in board.text
    assert not [m for m in general.all_messages if m.id > mark and "pruned" in m.text]
    image = board.images()[0]
    assert all(crossed(image, cell) for cell in ("H1", "H2", "I2", "O7"))
    assert not crossed(image, "G3")
    again = await hand_dm(emu, bob, PRUNING + 1)  # bob moves again: a new DM, a ping
    assert "You rolled a **blank**" in again.text
    await general.wait_message(lambda m: bob.mention in m.text and "your turn" in m.text)

    # P7: bob's blank reaches ann's land row
    mark = general.mark()
    await place_move(emu, players, PRUNING + 1)
    over = await general.wait_message(lambda m: "Game over" in m.content, after=mark)
    assert bob.mention in over.content and "reached ann's land, row 1." in over.content
    assert "ann (dark): 0 on the board, 31 in supply, 14 lost" in over.content
    over_line = "Game over. bob reached ann's land, row 1."  # the winner named once
    await table.wait_until(lambda m: over_line in m.text and not m.buttons())
    last_dm = await emu.wait_for(
        lambda: bob.dm_messages()[-1] if "Game over" in bob.dm_messages()[-1].text else None
    )
    assert not last_dm.selects(), "no controls once the game is over"
    # How it ended is said once, by the status line, not again by the last lines.
    assert "bob placed a blank at G1" in last_dm.text
    assert last_dm.text.count("reached ann's land") == 1
    assert "Game over. bob reached ann's land, row 1." in last_dm.text
    assert table.text.count("reached ann's land") == 1
    assert table.text.endswith("\n- bob rolled blank\n- bob placed a blank at G1")

    # results, scores, scoreboard, export
    scores = await (await ann.slash(general, "graps scores")).message()
    assert scores.images() and "bob (light): 15 on the board" in scores.text
    assert scores.attachments[0].description == (
        "Graps board, move 29: ann (dark): no pawn on the board; bob (light): 15 pawns in "
        "rows 1 to 15. Last placement: G1. Game over. bob reached ann's land, row 1."
    )
    standings = await (await bob.slash(general, "graps scoreboard")).message()
    assert standings.images() and "2 players" in standings.text
    mine = await (await ann.slash(general, "graps scoreboard", player=bob)).message()
    assert "place 1, 1 game, 1 win" in mine.text
    theirs = await (await bob.slash(general, "graps scoreboard", player=ann)).message()
    assert "place 2, 1 game, 0 wins" in theirs.text
    exported = await (await ann.slash(general, "graps export")).message()
    data = json.loads(exported.attachments[0].data)
    assert data["actions"] == MOVES and data["rolls"][:4] == ["blank", "blank", "blank", "blank"]
    assert replay(data).state_json() == expected_game(len(MOVES)).state_json()
    assert emu.rejected == []


async def test_the_rules_and_an_empty_scoreboard(fake_discord, graps_bot):  # noqa: F811
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    text = await answer(await ann.slash(general, "graps scoreboard"))
    assert "No finished Graps game" in text
    rules = await (await ann.slash(general, "graps rules")).message()
    assert rules.ephemeral and "How to play Graps" in rules.text
    assert b"P9" in rules.attachments[0].data  # the full rules, attached
