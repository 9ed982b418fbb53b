"""`/games` (bot/exts/yourgames.py): a player in three games at once, on one server,
asks where it is their turn: in a DM and in a channel, privately, their turns first
with the nearest deadline first, each with a link that opens its table."""

from __future__ import annotations

import re
import sqlite3

import pytest

from tests.bot.gracias_play import open_table as open_gracias
from tests.bot.table import answer, start_game


@pytest.fixture
async def dm_bot(start_bot, setup_file):
    """Commands synced globally, as a real bot's are: usable in DMs too."""
    return await start_bot(
        dev_guild=False, env={"GAME_SETUP_FILE": str(setup_file), "GAME_SEED": "5"}
    )


async def test_a_player_in_three_games_finds_where_it_is_their_turn(fake_discord, dm_bot):
    emu = fake_discord
    one, two, three = emu.channel("one"), emu.channel("two"), emu.channel("three")
    players, grass = await start_game(emu, one)  # ann moves first
    ann = players["ann"]
    _gracias_players, gracias = await open_gracias(emu, two, names=("bob", "ann", "cy"))
    graps = await (await ann.slash(three, "graps start", ai="easy")).message()
    await graps.wait_until(lambda m: "ann" in m.text and "place" in m.text.lower())

    dee = emu.user("dee")  # plays nothing
    assert await answer(await dee.slash(emu.dm_channel(dee), "games")) == (
        "You are not playing in any game right now. Start one in a server channel with "
        "`/grass start`, `/gracias start` or `/graps start`."
    )

    def deadlines() -> int:  # the turns service stores them once each turn has begun
        with sqlite3.connect(dm_bot.database_path) as db:
            return int(db.execute("SELECT COUNT(deadline) FROM seats").fetchone()[0])

    await emu.wait_for(lambda: deadlines() == 3, what="ann's, ann's and bob's deadlines")
    said = await (await ann.slash(ann.dm_channel(), "games")).message()
    assert said.ephemeral
    lines = said.text.splitlines()
    assert lines[0] == "It is your turn in 2 games:"
    # Graps's turn timer is the shorter (2 minutes, Grass's 3): its deadline comes first.
    assert re.fullmatch(
        r"- \*\*Graps\*\* in #three on .+: \*\*your turn\*\*, \d+ (seconds|minutes) left\. "
        r"\[Go to the table\]\(https://discord\.com/channels/\d+/\d+/\d+\)",
        lines[1],
    ), lines[1]
    assert lines[2].startswith("- **Grass** in #one on ") and "**your turn**, " in lines[2]
    assert lines[3].startswith("- **Gracias** in #two on ") and ": waiting for bob. [" in lines[3]
    assert len(lines) == 4
    links = re.findall(r"\((https://discord\.com/channels/[^)]+)\)", said.text)
    tables = [graps, grass, gracias]
    assert links == [
        f"https://discord.com/channels/{t.channel.guild_id}/{t.channel.id}/{t.id}" for t in tables
    ]

    # In French, the commands as a French Discord app shows them.
    fay = emu.user("fay")
    fay.locale = "fr"
    assert await answer(await fay.slash(emu.dm_channel(fay), "games")) == (
        "Tu ne joues aucune partie en ce moment. Lances-en une dans un salon d'un serveur "
        "avec `/grass lancer`, `/gracias lancer` ou `/graps lancer`."
    )

    # In a channel the same, only for the asker.
    here = await (await ann.slash(one, "games")).message()
    assert here.ephemeral and here.text.splitlines()[0] == "It is your turn in 2 games:"
