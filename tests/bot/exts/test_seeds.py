"""Audit finding 4: a game's seed cannot be searched from a player's own cards.

Every deal, draw pile, face-down card and roll derives from the seed; a 31-bit seed was
recovered from one opening hand by a search. The bot now draws 128 random bits, and a
replay file with such a seed still reproduces the game exactly.
"""

from __future__ import annotations

import json
import sqlite3

from games.graps import Graps
from games.replay import replay
from tests.bot.graps_play import open_game
from tests.bot.table import answer


async def test_games_get_128_bit_seeds_that_replay_exactly(fake_discord, bot_process):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general, games = emu.channel("general"), emu.channel("games")
    for channel in (general, games):
        await open_game(channel, ann, bob)
    assert "You resigned" in await answer(await ann.slash(general, "graps resign"))
    with sqlite3.connect(bot_process.database_path) as db:
        rows = db.execute("SELECT header, state FROM games ORDER BY id").fetchall()
    seeds = [json.loads(header)["seed"] for header, _ in rows]
    # Below 2^64 by chance once in 2^64 games; the old seeds were all below 2^31.
    assert all(64 < seed.bit_length() <= 128 for seed in seeds), seeds
    assert seeds[0] != seeds[1]

    exported = await (await ann.slash(general, "graps export")).message()
    data = json.loads(exported.attachments[0].data)
    assert data["seed"] == seeds[0]
    assert replay(data).to_json() == Graps.from_json(json.loads(rows[0][1])).to_json()
