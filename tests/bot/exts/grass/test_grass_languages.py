"""A whole Grass game at a French, an Italian and a German table (the stacked game of
scenario.py: trades, Bust on a target, Market Close asked again, two hands), with
players whose Discord apps speak French, Italian and German: each one's DMs and
ephemeral answers are in their language, the channel in the table's, and no phrase of
another language nor any English shows anywhere (scanned against the catalogs)."""

from __future__ import annotations

from typing import Any

import pytest

from games.text import _p
from lang import translate
from tests.bot.languages import game_end_in_languages
from tests.bot.scenario import MOVES, PLAYERS, TARGET
from tests.bot.table import CONFIRMED_CARDS, hand_dm, menu, play_move
from tests.fakediscord.model import Message
from tests.fakediscord.players import Player

LOCALES = {"ann": "fr", "bob": "it", "cy": "de"}


def button_of(message: Message, verb: str, label: str | None = None) -> str | None:
    """The custom id of the message's `verb` button ("accept", "target", "confirm"), the
    one labelled `label` if given: found by id, whatever the reader's language."""
    for button in message.buttons():
        custom_id = button.custom_id or ""
        if custom_id.split(":")[3:4] == [verb] and label in (None, button.label):
            return custom_id
    return None


async def click_verb(player: Player, message: Message, verb: str, label: str | None = None) -> None:
    await message.wait_until(lambda m: button_of(m, verb, label))
    await (await player.click(message, str(button_of(message, verb, label)))).ack()


async def play_in_any_language(
    emu: Any, players: dict[str, Player], general: Any, version: int, move: dict[str, Any]
) -> None:
    """One action of the notation, as table.play_move plays it but with the controls
    whose words it reads (trade answers, a target, a confirmation) found by their ids."""
    player = players[move["by"]]
    answer = "accept" if "accept" in move else "decline" if "decline" in move else None
    confirmed = move.get("play") in CONFIRMED_CARDS
    if answer is None and "target" not in move and not confirmed:
        await play_move(emu, players, general, version, move)
        return
    message = await hand_dm(emu, player, version)
    if answer is not None:
        await click_verb(player, message, answer)
        return
    await (await player.select(message, menu(message, "play"), [move["play"]])).ack()
    if "target" in move:
        await click_verb(player, message, "target", move["target"])
    else:
        await click_verb(player, message, "confirm")


@pytest.mark.parametrize("table", ["fr", "it", "de"])
async def test_a_grass_game_speaks_each_players_language_in_private(
    fake_discord, stacked_bot, table
):
    emu = fake_discord
    general = emu.channel("general")
    players = {name: emu.user(name) for name in PLAYERS}
    for name, player in players.items():
        player.locale = LOCALES[name]
    ann = players["ann"]
    options = {"target": TARGET, "heat_stacking": True, "language": table}
    lobby = await (await ann.slash(general, "grass start", **options)).message()
    join, start = (translate(_p("button", label), table) for label in ("Join", "Start"))
    assert join != "Join" and start != "Start"
    for name in PLAYERS[1:]:
        await (await players[name].click(lobby, join)).ack()
    await lobby.wait_until(lambda m: m.text.count("<@") >= len(PLAYERS))
    await (await ann.click(lobby, start)).ack()
    for version, move in enumerate(MOVES):
        await play_in_any_language(emu, players, general, version, move)

    await game_end_in_languages(emu, stacked_bot.database_path, general, players, LOCALES, table)
