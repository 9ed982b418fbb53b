"""A Graps player with closed DMs is told so once, pinged with the way to play, and
plays from the table's **My board** button; the challenger abandons the game, and no
result is recorded."""

from __future__ import annotations

import sqlite3

from tests.bot.graps_play import graps_bot, open_game, place_move, selects_by_verb  # noqa: F401
from tests.bot.table import answer


async def test_closed_dms_play_from_the_table_and_abandon_records_nothing(
    fake_discord,
    graps_bot,  # noqa: F811
):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob", dms_open=False)
    general = emu.channel("general")
    table = await open_game(general, ann, bob)
    await place_move(emu, {"ann": ann, "bob": bob}, 0)
    notice = await general.wait_message(lambda m: "cannot send you direct messages" in m.content)
    assert bob.mention in notice.content and "/graps board" in notice.content
    assert "**My board**" in notice.content
    ping = await general.wait_message(
        lambda m: bob.mention in m.content and "your turn" in m.content
    )
    assert "/graps board" in ping.content

    mine = await (await bob.click(table, "My board")).message()
    assert mine.ephemeral and mine.images() and "anywhere on row 15." in mine.text
    await (await bob.select(mine, selects_by_verb(mine)["place"], ["H15"])).ack()
    await table.wait_until(lambda m: "bob placed a grape at H15" in m.text)
    await mine.wait_until(lambda m: "Waiting" in m.text and not m.selects())

    refused = await answer(await bob.slash(general, "graps abandon"))
    assert "Only the game's host" in refused
    await (await ann.slash(general, "graps abandon")).message()
    await table.wait_until(lambda m: "abandoned" in m.text and not m.buttons())
    with sqlite3.connect(graps_bot.database_path) as db:
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 0
        assert db.execute("SELECT status FROM games").fetchone()[0] == "abandoned"
    assert "No finished Graps game" in await answer(await ann.slash(general, "graps scoreboard"))
