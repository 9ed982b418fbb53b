"""A whole Graps game at a French, an Italian and a German table (the game of
graps_play.py: a challenge accepted, set-up grapes, rolled turns, two of them typed
with `/graps place`, a pruning, a passed turn, a win), between players whose Discord
apps speak French and Italian: each one's DMs and ephemeral answers are in their
language, the channel in the table's, and no phrase of another language nor any
English shows anywhere (scanned against the catalogs)."""

from __future__ import annotations

import pytest

from games.text import _p
from lang import translate
from tests.bot.graps_play import MOVES, PLAYERS, graps_bot, place_move  # noqa: F401
from tests.bot.languages import game_end_in_languages
from tests.bot.table import answer, hand_dm

LOCALES = {"ann": "fr", "bob": "it"}
TYPED = (6, 13)
"""Moves placed with `/graps place` (ann's, then bob's), whose answers are ephemeral."""


@pytest.mark.parametrize("table", ["fr", "it", "de"])
async def test_a_graps_game_speaks_each_players_language_in_private(
    fake_discord,
    graps_bot,  # noqa: F811
    table,
):
    emu = fake_discord
    general = emu.channel("general")
    players = {name: emu.user(name) for name in PLAYERS}
    for name, player in players.items():
        player.locale = LOCALES[name]
    ann, bob = players["ann"], players["bob"]
    challenge = await (
        await ann.slash(general, "graps start", opponent=bob, language=table)
    ).message()
    accept = translate(_p("button", "Accept"), table)
    assert accept != "Accept"
    await (await bob.click(challenge, accept)).ack()
    await hand_dm(emu, ann, 0)
    for version, move in enumerate(MOVES):
        if version in TYPED:
            player = players[move["by"]]
            await hand_dm(emu, player, version)
            await answer(await player.slash(general, "graps place", cell=move["place"]))
        else:
            await place_move(emu, players, version)

    await game_end_in_languages(emu, graps_bot.database_path, general, players, LOCALES, table)
