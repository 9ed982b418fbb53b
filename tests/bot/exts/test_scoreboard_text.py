"""A big server's scoreboard: the picture shows the first rows (and the asked player's),
and `text: true` gives every row in words, over as many messages as it takes, for
screen readers and for reading the whole board."""

from __future__ import annotations

from bot.exts._boards import TOP, in_messages, top_rows
from render.scoreboard import scoreboard_image
from tests.bot.rated import store_graps_results

PLAYERS = 22


def test_the_picture_keeps_the_first_rows_and_brings_up_the_asked_one():
    rows = [(f"{n}. p{n}",) for n in range(1, 31)]
    shown, mark = top_rows(rows, None)
    assert shown == rows[:TOP] and mark is None
    shown, mark = top_rows(rows, 27)
    assert shown == [*rows[: TOP - 1], rows[27]] and mark == TOP - 1
    assert top_rows(rows[:5], 3) == (rows[:5], 3)


def test_lines_fill_messages_up_to_discords_length():
    lines = [f"{n:04} " + "x" * 95 for n in range(50)]  # 100 characters each
    messages = in_messages(lines)
    assert len(messages) == 3 and all(len(m) <= 2000 for m in messages)
    assert "\n".join(messages) == "\n".join(lines)


async def test_a_long_board_in_a_picture_and_in_words(fake_discord, start_bot, tmp_path):
    emu = fake_discord
    players = [emu.user(f"p{n:02}") for n in range(PLAYERS)]
    general = emu.channel("general")
    database = tmp_path / "big.sqlite3"
    pairs = zip(players[::2], players[1::2], strict=True)
    games = [((w.id, w.name), (loser.id, loser.name)) for w, loser in pairs]
    await store_graps_results(database, emu.guild_id, games)
    await start_bot(database_path=database)
    asker = players[0]

    board = await (await asker.slash(general, "graps scoreboard")).message()
    assert f"The picture shows {TOP} of the {PLAYERS} rows" in board.text
    assert "with `/graps scoreboard text:` the answer lists them all" in board.text
    [picture] = board.images()
    assert picture.height == scoreboard_image("", ["player"], [["x"]] * TOP).height

    last = players[-1]  # a loser: ranked in the second half
    mine = await (await asker.slash(general, "graps scoreboard", player=last)).message()
    assert mine.images()[0].size == picture.size
    assert f"place {PLAYERS // 2 + 1}" in mine.text or f"place {PLAYERS}" in mine.text

    asked = await asker.slash(general, "graps scoreboard", text=True)
    first = await asked.message()
    second = await asked.followup(0)
    words = first.text + "\n" + second.text
    assert not first.images() and not second.images()
    assert len(first.text) <= 2000 and "ranked by rating" in first.text
    for place in range(1, PLAYERS + 1):
        assert f"player: {place}. p" in words
    overall = await (await asker.slash(general, "scoreboard", text=True)).message()
    assert "Scoreboard, all games" in overall.text and "Graps: 1," in overall.text
