"""Playing games of every kind through the emulator the way players do, with moves
chosen from the stored state (the test reads the bot's database, a SQLite file or a
PostgreSQL database, as an operator could), and the checks every stress test shares:
the move log replays to the stored state, versions match, nothing in the log twice, no
unhandled error in the bot's log.

Moves are typed as slash commands (`/grass play`, `/gracias take`, `/graps place`):
their confirmation is the "acknowledged" moment the crash tests rely on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import sqlite3
import tempfile
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncpg

from bot.core.storage.postgres import numbered
from games.randomplay import playout_chooser
from games.registry import game_class, kind_names, kinds
from games.replay import replay
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.interactions import Interaction
from tests.fakediscord.model import Channel, Message
from tests.fakediscord.players import Player

if TYPE_CHECKING:
    from tests.fakediscord.process import BotProcess

SLOW = os.environ.get("RUN_SLOW") == "1"
KINDS = kind_names()
"""The kinds the bot hosts (games/registry.py)."""
NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")
SEATS = {kind.name: min(kind.seats, 3) for kind in kinds()}
"""At most three players (a kind's typical table when smaller): short games that still
pass cards around."""
UNHANDLED = ("unhandled error", "Traceback", "Task exception was never retrieved")


@contextlib.asynccontextmanager
async def measured_bot(
    seed: int, dev_guild: bool = True, log_level: str = "WARNING"
) -> AsyncIterator[tuple[FakeDiscord, BotProcess]]:
    """A bot process on a new emulator and a throwaway database, logging warnings only
    (unless told), stopped at the end: what the benchmarks and the census play against.
    Without `dev_guild`, its commands are global, for more than one server."""
    # Imported here: the memory benchmark's subprocess imports this module for `choose`
    # and must not count the bot process's machinery.
    from tests.fakediscord.process import BotProcess

    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord(default_timeout=30.0) as emu:
            bot = BotProcess(
                emu,
                database_path=Path(folder) / "bench.sqlite3",
                log_path=Path(folder) / "bench.log",
                log_level=log_level,
                dev_guild=dev_guild,
                # Discord's limit lifted: the figures are the bot's own (the REST
                # calls it makes are counted and reported beside them).
                env={"GAME_SEED": str(seed), "REST_PER_SECOND": "100000"},
            )
            await bot.start()
            try:
                yield emu, bot
            finally:
                await bot.stop()


@dataclass
class Table:
    """One game opened in one channel, and the players seated at it (by engine name)."""

    kind: str
    channel: Channel
    players: dict[str, Player]
    message: Message
    game_id: int = 0
    sent: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    """(version the move was chosen at, the action) for every move confirmed to its player."""


def player_names(prefix: str, count: int) -> list[str]:
    return [f"{prefix}{name}" if prefix else name for name in NAMES[:count]]


async def open_table(
    emu: FakeDiscord,
    kind: str,
    channel: Channel,
    names: list[str] | None = None,
    **options: Any,
) -> Table:
    """Opens a game of `kind` in `channel` and starts it: a lobby (Join, Start) for the
    card games, a challenge (Accept) for Graps."""
    names = names or list(NAMES[: SEATS[kind]])
    players = {name: emu.user(name) for name in names}
    host = players[names[0]]
    if kind == "graps":
        message = await (
            await host.slash(channel, "graps start", opponent=players[names[1]], **options)
        ).message()
        await (await players[names[1]].click(message, "Accept")).ack()
    else:
        message = await (await host.slash(channel, f"{kind} start", **options)).message()
        for name in names[1:]:
            await (await players[name].click(message, "Join")).ack()
        await message.wait_until(lambda m: f"({len(names)} of" in m.text)
        await (await host.click(message, "Start")).ack()
    await message.wait_until(started)
    return Table(kind, channel, players, message)


def started(message: Message) -> bool:
    """The lobby became the game's table: one button left, the player's own view."""
    buttons = message.buttons()
    return len(buttons) == 1 and buttons[0].label not in ("Join", "Accept", "Cancel")


# -- the stored truth ---------------------------------------------------------------


Database = Path | str
"""The bot's database: a SQLite file, or a PostgreSQL URL."""


def connect(database: Path) -> sqlite3.Connection:
    db = sqlite3.connect(database, timeout=10)
    db.execute("PRAGMA busy_timeout = 10000")
    return db


def query(database: Database, *statements: tuple[str, tuple[Any, ...]]) -> list[list[Any]]:
    """The rows of each statement, all read in one snapshot (the state and the log of
    the same commit). PostgreSQL is read by asyncpg in a thread of its own, so that the
    tests' event loop is never blocked by waiting on itself."""
    if isinstance(database, Path):
        db = connect(database)
        try:
            db.execute("BEGIN")
            found = [db.execute(sql, params).fetchall() for sql, params in statements]
            db.execute("COMMIT")
        finally:
            db.close()
        return found

    async def read() -> list[list[Any]]:
        connection = await asyncpg.connect(database)
        try:
            async with connection.transaction(isolation="repeatable_read", readonly=True):
                return [
                    [tuple(row) for row in await connection.fetch(numbered(sql), *params)]
                    for sql, params in statements
                ]
        finally:
            await connection.close()

    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, read()).result()


def started_games(database: Database) -> list[int]:
    [rows] = query(database, ("SELECT id FROM games WHERE state IS NOT NULL ORDER BY id", ()))
    return [int(row[0]) for row in rows]


def game_id_in(database: Database, channel: Channel, kind: str) -> int:
    [rows] = query(
        database,
        (
            "SELECT id FROM games WHERE channel_id = ? AND kind = ? ORDER BY id DESC LIMIT 1",
            (channel.id, kind),
        ),
    )
    assert rows, f"no {kind} game in {channel.name}"
    return int(rows[0][0])


@dataclass(frozen=True)
class Stored:
    kind: str
    status: str
    version: int
    state: dict[str, Any]
    header: dict[str, Any]
    moves: list[dict[str, Any]]

    def engine(self) -> Any:
        return game_class(self.kind).from_json(self.state)


def stored(database: Database, game_id: int) -> Stored:
    games, moves = query(
        database,
        ("SELECT kind, status, version, state, header FROM games WHERE id = ?", (game_id,)),
        ("SELECT action FROM moves WHERE game_id = ? ORDER BY number", (game_id,)),
    )
    assert games, f"no game {game_id}"
    row = games[0]
    actions = [json.loads(move[0]) for move in moves]
    return Stored(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), actions)


def check_invariants(database: Database, game_id: int) -> Stored:
    """The stored game is whole: the state loads and saves back unchanged, its version
    is the number of logged moves (so none was logged twice or lost), and replaying the
    header and the log gives exactly the stored state (no move applied twice)."""
    game = stored(database, game_id)
    engine = game.engine()
    assert engine.to_json() == game.state, f"game {game_id}: state does not round-trip"
    assert game.version == len(game.moves) == engine.moves, (
        f"game {game_id}: version {game.version}, {len(game.moves)} moves logged,"
        f" engine at {engine.moves}"
    )
    replayed = replay({**game.header, "actions": game.moves})
    assert replayed.state_json() == engine.state_json(), f"game {game_id}: replay differs"
    return game


def check_confirmed(table: Table, game: Stored) -> None:
    """Every move confirmed to a player is in the log at the version it was chosen at."""
    for version, action in table.sent:
        assert version < len(game.moves), f"confirmed move {action} at {version} is lost"
        assert game.moves[version] == action, (
            f"log has {game.moves[version]} where {action} was confirmed"
        )


def bot_log_errors(log_text: str) -> list[str]:
    """Each unhandled error in the bot's log, with the lines that follow it (its
    traceback), so that a failure says what went wrong."""
    lines = log_text.splitlines()
    return [
        "\n".join(lines[n : n + 40])
        for n, line in enumerate(lines)
        if any(w in line for w in UNHANDLED)
    ]


# -- choosing and typing a move -------------------------------------------------------


def choose(engine: Any, rng: random.Random) -> dict[str, Any] | None:
    """A random legal action that a slash command can express (no trade offers, no
    leaving, no resigning); None when the game is over."""
    if engine.outcome() is not None or not engine.awaiting:
        return None
    name = engine.awaiting[rng.randrange(len(engine.awaiting))]
    actions = [
        a
        for a in engine.legal_actions(name)
        if not ({"offer", "leave", "resign", "accept", "decline"} & set(a.to_json()))
    ]
    if not actions:
        actions = list(engine.legal_actions(name))
    action = playout_chooser(engine)(name, actions, rng)
    data = dict(action.to_json())
    if "trio" in data and "keep" in data:
        # A whole Gracias turn; the commands type its first half (C5): take the trio.
        return {"by": data["by"], "trio": data["trio"]}
    return data


def command_for(table: Table, action: dict[str, Any]) -> tuple[Player, str, dict[str, Any]]:
    """The slash command (player, command, options) that makes `action`."""
    player = table.players[action["by"]]
    players = table.players
    if "play" in action:
        options: dict[str, Any] = {"card": action["play"]}
        if "target" in action:
            options["target"] = players[action["target"]]
        if "cover" in action:
            options["cover"] = ",".join(action["cover"])
        return player, "grass play", options
    if "discard" in action:
        return player, "grass discard", {"card": action["discard"]}
    if "pass" in action:
        return player, "grass pass", {"card": action["pass"]}
    if "accept" in action or "decline" in action:
        raise AssertionError("trades are not typed")
    if "trio" in action and "keep" not in action:
        return player, "gracias take", {"trio": str(action["trio"])}
    if "keep" in action:
        return player, "gracias give", {"keep": action["keep"], "to": players[action["give_to"]]}
    if "place" in action:
        return player, "graps place", {"cell": action["place"]}
    raise AssertionError(f"no command for {action}")


CONFIRMED = re.compile(r"^You (played|discarded|passed|chose|took|kept|placed)")


async def send(table: Table, action: dict[str, Any]) -> Interaction:
    player, command, options = command_for(table, action)
    return await player.slash(table.channel, command, **options)


def confirmed(interaction: Interaction) -> bool:
    """The player was told the move was taken (the command's follow-up arrived)."""
    for message in [interaction.original, *interaction.followups]:
        if message is not None and not message.loading and CONFIRMED.match(message.content):
            return True
    return False


async def answer_text(emu: FakeDiscord, interaction: Interaction) -> str:
    def done() -> str | None:
        for message in [interaction.original, *interaction.followups]:
            if message is not None and not message.loading and message.text:
                return str(message.text)
        return None

    return await emu.wait_for(done, what=f"an answer to {interaction!r}")


async def play(emu: FakeDiscord, database: Database, table: Table, rng: random.Random) -> bool:
    """One random legal move, typed and confirmed; False once the game is over."""
    game = stored(database, table.game_id)
    if game.status != "running":
        return False
    action = choose(game.engine(), rng)
    if action is None:
        return False
    text = await answer_text(emu, await send(table, action))
    assert CONFIRMED.match(text), f"{action} was refused: {text}"
    table.sent.append((game.version, action))
    return True
