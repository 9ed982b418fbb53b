"""Acting as Gracias players through the emulator, and the 4-player game the tests play.

The game is dealt from three fixed decks (the replay header's "decks", through the bot's
GAME_SETUP_FILE test hook), so the test knows every card, face-down ones included, and
a reference engine fed the same moves says what each player must see. The moves follow
a simple rule (take the trio matching one's reserve best, keep that colour): they make
packets and majority discards (C6) in every round, and bob wins by C8.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.gracias import Gracias, SplitTrio
from games.gracias.cards import COLOUR_IDS
from tests.bot.table import control_ids, find_menu, hand_dm
from tests.fakediscord.interactions import Interaction
from tests.fakediscord.model import Message
from tests.fakediscord.players import Player

PLAYERS = ("ann", "bob", "cy", "dee")
SEED = 5


def _deck(number: int) -> list[str]:
    cards = [colour for colour in COLOUR_IDS for _ in range(18)]
    random.Random(f"gracias-test-deck-{number}").shuffle(cards)
    return cards


DECKS = [_deck(number) for number in range(3)]
HEADER: dict[str, Any] = {"game": "gracias", "players": list(PLAYERS), "seed": SEED}


def reference() -> Gracias:
    return Gracias.from_replay({**HEADER, "decks": DECKS})


def _policy(game: Gracias) -> dict[str, Any]:
    name = game.awaiting[0]
    view = game.public_view()
    reserve = view.seat(name).reserve
    takes = game.trio_takes(name)
    if takes:
        best = max(takes, key=lambda t: max(reserve.of(c) for c in view.trios[t.trio - 1].face_up))
        return {"by": name, "trio": best.trio}
    splits = [a for a in game.legal_actions(name) if isinstance(a, SplitTrio)]
    keep = max(splits, key=lambda a: (reserve.of(a.keep), -PLAYERS.index(a.give_to)))
    return {"by": name, "keep": keep.keep.id, "give_to": keep.give_to}


def _moves() -> list[dict[str, Any]]:
    game, moves = reference(), []
    while game.awaiting:
        moves.append(_policy(game))
        game.apply_json(moves[-1])
    return moves


MOVES = _moves()
"""96 actions: 3 rounds x 4 turns x 4 players x (take, then keep/give)."""


@pytest.fixture
async def gracias_bot(start_bot, tmp_path: Path):
    path = tmp_path / "gracias-setup.json"
    path.write_text(json.dumps({"gracias": {"decks": DECKS}}), encoding="utf-8")
    return await start_bot(env={"GAME_SETUP_FILE": str(path), "GAME_SEED": str(SEED)})


async def open_table(emu, general, names=PLAYERS) -> tuple[dict[str, Any], Message]:
    players = {name: emu.user(name) for name in names}
    host = players[names[0]]
    lobby = await (await host.slash(general, "gracias start")).message()
    for name in names[1:]:
        await (await players[name].click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: f"({len(names)} of 3 to 6)" in m.text)
    await (await host.click(lobby, "Start")).ack()
    await lobby.wait_until(lambda m: f"{host.mention}, your turn" in m.text)
    return players, lobby


def control_value(move: dict[str, Any]) -> tuple[str, str]:
    """The control ("take" or "split") and the value a player picks for `move`: a menu's
    value, or a button's arguments joined by ":" ("red:1")."""
    if "trio" in move:
        return "take", str(move["trio"])
    return "split", f"{move['keep']}:{PLAYERS.index(move['give_to'])}"


def find_button(message: Message, verb: str, value: str) -> str | None:
    """The custom id of the message's button `verb` whose arguments are `value` split at
    ":" (the last trio's "g:game:version:take:3", a keep/give "...:split:red:1")."""
    for button in message.buttons():
        parts = (button.custom_id or "").split(":")
        if parts[3:4] == [verb] and ":".join(parts[4:]) == value:
            return button.custom_id
    return None


async def choose(player: Player, message: Message, verb: str, value: str) -> Interaction:
    """Picks `value` in the message's `verb` menu, or clicks its `verb` button for it
    (C5: a trio from the menu, the last one by its button; keep/give by a button)."""
    chosen = find_menu(message, verb)
    if chosen is not None:
        return await player.select(message, chosen, [value])
    button = find_button(message, verb, value)
    if button is None:
        raise AssertionError(f"no {verb} control for {value!r}: {control_ids(message)}")
    return await player.click(message, button)


async def play_move(
    emu, players: dict[str, Any], version: int, move: dict[str, Any], where: Message | None = None
) -> Message:
    """One action of the notation as the player does it, from their hand message (DM,
    or `where`); returns the message used."""
    player = players[move["by"]]
    message = where or await hand_dm(emu, player, version)
    await (await choose(player, message, *control_value(move))).ack()
    return message
