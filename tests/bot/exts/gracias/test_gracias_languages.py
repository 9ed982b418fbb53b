"""A whole Gracias game at a French, an Italian and a German table, with players whose
Discord apps speak French, Italian, German and English: each one's DMs are in their
language, the channel in the table's, and no phrase of another language nor any English
(to the players who do not read it) shows anywhere (scanned against the catalogs)."""

from __future__ import annotations

import pytest

from games.text import _p
from lang import translate
from tests.bot.gracias_play import MOVES, PLAYERS, gracias_bot, play_move  # noqa: F401
from tests.bot.languages import game_end_in_languages
from tests.bot.table import hand_dm

LOCALES = {"ann": "fr", "bob": "it", "cy": "de", "dee": "en-GB"}
LANGUAGE = {"ann": "fr", "bob": "it", "cy": "de", "dee": "en"}


@pytest.mark.parametrize("table", ["fr", "it", "de"])
async def test_a_game_speaks_each_players_language_in_their_dms(
    fake_discord,
    gracias_bot,  # noqa: F811
    table,
):
    emu = fake_discord
    general = emu.channel("general")
    players = {}
    for name in PLAYERS:
        players[name] = emu.user(name)
        players[name].locale = LOCALES[name]
    ann = players["ann"]
    lobby = await (await ann.slash(general, "gracias start", language=table)).message()
    join, start = (translate(_p("button", label), table) for label in ("Join", "Start"))
    assert join != "Join" and start != "Start"
    for name in PLAYERS[1:]:
        await (await players[name].click(lobby, join)).ack()
    await lobby.wait_until(lambda m: m.text.count("<@") >= len(PLAYERS))
    await (await ann.click(lobby, start)).ack()
    await hand_dm(emu, ann, 0)
    for version, move in enumerate(MOVES):
        await play_move(emu, players, version, move)

    await game_end_in_languages(emu, gracias_bot.database_path, general, players, LANGUAGE, table)
