"""The Graps game the end-to-end tests play, and how a player plays it through the
emulator. Stated rolls (the replay header's "rolls", through the bot's GAME_SETUP_FILE
test hook) make every turn known in advance.

ann challenges bob, so ann plays dark (row 1) and bob light (row 15). ann's vine runs
along row 2 and up column O; bob's comes down column G. bob's grape at G2 prunes H1
and H2 and cuts the rest of ann's vine off from her land (P5); ann, left with no
pawn, rolls a blank with no legal cell and passes (P8); bob's blank at G1 reaches
ann's land and wins (P7). ann rolls two grapes on the way (K2, O4).

A game against the computer rolls only blanks (BLANK_ROLLS), and the member places on
the first cell offered (place_first_offered) in each new turn's DM (fresh_dm).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from games.graps import Graps
from tests.bot.table import control_ids, hand_dm
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.model import Message
from tests.fakediscord.players import Player

PLAYERS = ("ann", "bob")
SEED = 5
DARK_CELLS = ["H2", "I2", "J2", "K2", "L2", "M2", "N2", "O2", "O3", "O4", "O5", "O6", "O7"]
LIGHT_CELLS = [f"G{row}" for row in range(14, 2, -1)] + ["G2"]
ROLLS: list[str] = []
for _turn in range(13):
    ROLLS += ["grape" if _turn in (3, 9) else "blank", "grape" if _turn == 12 else "blank"]
ROLLS += ["blank", "blank"]  # ann's passed turn (P8), then bob's winning blank (P7)
BLANK_ROLLS = ["blank"] * 40
"""All blanks: a game against the computer is a race that ends the same way every run."""

MOVES: list[dict[str, Any]] = [{"by": "ann", "place": "H1"}, {"by": "bob", "place": "G15"}]
for _dark, _light in zip(DARK_CELLS, LIGHT_CELLS, strict=True):
    MOVES += [{"by": "ann", "place": _dark}, {"by": "bob", "place": _light}]
MOVES.append({"by": "bob", "place": "G1"})
PRUNING = 27
"""The index of bob's grape at G2 in MOVES."""
HEADER: dict[str, Any] = {
    "game": "graps",
    "players": list(PLAYERS),
    "options": {"grape_faces": 3, "return_pruned": False},
    "seed": SEED,
    "rolls": ROLLS,
}


def expected_game(moves: int) -> Graps:
    game = Graps.from_replay(HEADER)
    for action in MOVES[:moves]:
        game.apply_json(action)
    return game


@pytest.fixture
async def graps_bot(start_bot, tmp_path: Path):
    path = tmp_path / "graps-setup.json"
    path.write_text(json.dumps({"graps": {"rolls": ROLLS}}), encoding="utf-8")
    return await start_bot(env={"GAME_SETUP_FILE": str(path), "GAME_SEED": str(SEED)})


async def open_game(general: Any, ann: Player, bob: Player) -> Message:
    """ann challenges bob, bob accepts; returns the table message."""
    challenge = await (await ann.slash(general, "graps start", opponent=bob)).message()
    assert bob.mention in challenge.content and "Accept" in challenge.text
    await (await bob.click(challenge, "Accept")).ack()
    await challenge.wait_until(lambda m: "set-up grape" in m.text and ann.name in m.text)
    return challenge


def selects_by_verb(message: Message) -> dict[str, str]:
    """The custom id of the message's first menu of each verb ("place", "column")."""
    found: dict[str, str] = {}
    for select in message.selects():
        if select.custom_id:
            found.setdefault(select.custom_id.split(":")[3], select.custom_id)
    return found


def cell_menus(message: Message) -> dict[str, str]:
    """Every cell offered by the message's cell menus (verb "place": one menu, or up to
    four bands of rows, bot/exts/graps/picker.py), with the custom id of its menu."""
    return {
        value: select.custom_id
        for select in message.selects()
        if select.custom_id and select.custom_id.split(":")[3] == "place"
        for value in select.values
    }


async def pick_cell(player: Player, message: Message, cell: str) -> int:
    """Places on `cell` from the hand message: one pick in the cell menu that offers it,
    else the column menu then that column's rows. Returns the picks it took."""
    menus = cell_menus(message)
    if cell in menus:
        await (await player.select(message, menus[cell], [cell])).ack()
        return 1
    column = selects_by_verb(message).get("column")
    assert column is not None, f"{cell} is offered nowhere: {control_ids(message)}"
    await (await player.select(message, column, [cell[0]])).ack()
    await message.wait_until(lambda m: "which row" in m.text)
    await (await player.select(message, cell_menus(message)[cell], [cell])).ack()
    return 2


async def place(emu: FakeDiscord, player: Player, version: int, cell: str) -> Message:
    """Places on `cell` with the DM's menus (`pick_cell`). Returns the DM."""
    message = await hand_dm(emu, player, version)
    await pick_cell(player, message, cell)
    return message


async def place_move(emu: FakeDiscord, players: dict[str, Player], version: int) -> Message:
    move = MOVES[version]
    return await place(emu, players[move["by"]], version, move["place"])


def control_version(message: Message) -> int | None:
    """The state version the message's controls were drawn for (ids "s:game:version:")."""
    ids = control_ids(message)
    return int(ids[0].split(":")[2]) if ids else None


def fresh_dm(player: Any, done: set[int]) -> Message | None:
    """The player's board message (their latest DM that is not a private answer to a
    click) when it holds controls for a version not played yet (a column menu's row
    step keeps the version, so it is not taken for a new turn)."""
    messages = [m for m in player.dm_messages() if not m.ephemeral]
    version = control_version(messages[-1]) if messages else None
    return messages[-1] if version is not None and version not in done else None


async def place_first_offered(player: Any, message: Message) -> None:
    """The first offered cell in board order (row 1 first, then A to O): the first option
    of the single cell menu that the DM showed before its menus came in bands of rows,
    so a game against the computer keeps its course."""
    cells = cell_menus(message)
    first = min(cells, key=lambda cell: (int(cell[1:]), cell[0]))
    await (await player.select(message, cells[first], [first])).ack()


def stored_moves(bot: Any) -> int:
    """The moves in the bot's SQLite file."""
    with sqlite3.connect(bot.database_path) as db:
        return int(db.execute("SELECT COUNT(*) FROM moves").fetchone()[0])


async def two_placements_each(emu: FakeDiscord, bot: Any) -> None:
    """ann opens a game against the easy computer player in #general and places twice
    in her DM hand message; the computer answers both times."""
    ann = emu.user("ann")
    table = await (await ann.slash(emu.channel("general"), "graps start", ai="easy")).message()
    await table.wait_until(lambda m: "set-up grape" in m.text)
    done: set[int] = set()
    for answered in (2, 4):
        hand: Message = await emu.wait_for(lambda: fresh_dm(ann, done), what="ann's turn")
        done.add(control_version(hand) or 0)
        await place_first_offered(ann, hand)
        await emu.wait_for(
            lambda: stored_moves(bot) >= answered,  # noqa: B023 - read at once
            timeout=20,
            what="the computer's answer",
        )


async def play_against_the_computer(emu: FakeDiscord, player: Any, table: Message) -> int:
    """`player` places on the first cell offered at each of their turns until the table
    says the game is over; how many placements they made."""
    done: set[int] = set()
    while True:
        found = await emu.wait_for(
            lambda: "Game over" in table.text or fresh_dm(player, done),
            timeout=60,
            what=f"{player.name}'s next turn or the end of the game",
        )
        if found is True:
            return len(done)
        assert isinstance(found, Message)
        version = control_version(found)
        assert version is not None
        done.add(version)
        await place_first_offered(player, found)


@pytest.fixture
async def ai_graps_bot(start_bot, tmp_path: Path):
    path = tmp_path / "graps-setup.json"
    path.write_text(json.dumps({"graps": {"rolls": BLANK_ROLLS}}), encoding="utf-8")
    return await start_bot(env={"GAME_SETUP_FILE": str(path), "GAME_SEED": "5", "AI_DELAY": "0.01"})
