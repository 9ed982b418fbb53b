"""What players get over a whole game, counted: DMs, pushes (the messages that
notify a player: new DMs sent without Discord's silent flag, channel messages that
mention them and may ping them), hand messages that carry controls, channel messages,
REST calls per move. Used by the tidiness tests
(tests/bot/core/test_handmessages.py) and printed by `python -m tests.stress.census`
for the README.

Moves are made the way most players make them, picked in the menus of their DM hand
message (tests/stress/clicks.py); a move no single pick makes (a Grass card with a
target, a confirmation) is typed as a command instead.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.words import plural
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.model import Message
from tests.fakediscord.players import Player
from tests.stress.clicks import EXEMPT, clicked_move, quiet
from tests.stress.driver import Table, game_id_in, measured_bot, open_table, play, stored

SCORE_SHEETS = ("scores.png", "round-scores.png")
"""Attachments of the channel posts the issue's count leaves out (a hand's or round's
score sheet)."""


@dataclass
class Census:
    kind: str
    players: int
    moves: int = 0
    typed: int = 0
    dms_created: dict[str, int] = field(default_factory=dict)
    pushes: dict[str, int] = field(default_factory=dict)
    """Per player, the messages that notified them (`Player.pushes`)."""
    score_sheets: int = 0
    """Score sheets posted: a Grass game's hands, a Gracias game's rounds."""
    most_live: int = 0
    """The most hand messages with controls one player had at once, after a move."""
    most_hand_messages: int = 0
    """The most hand messages one player had in their DM at once, after a move."""
    live_at_end: int = 0
    channel_created: int = 0
    channel_left: int = 0
    rest_calls: list[int] = field(default_factory=list)

    def line(self) -> str:
        dms = statistics.mean(self.dms_created.values())
        pushes = statistics.mean(self.pushes.values())
        low, high = min(self.pushes.values()), max(self.pushes.values())
        sheets = f", {plural(self.score_sheets, 'score sheet')}" if self.score_sheets else ""
        return (
            f"{self.kind} ({self.players} players, {self.moves} moves, {self.typed} typed"
            f"{sheets}): {dms:.1f} DMs and {pushes:.1f} pushes per player ({low} to {high}); "
            f"at most {self.most_hand_messages} hand message "
            f"and {self.most_live} with controls per player at once; {self.live_at_end} "
            f"with controls at the end; {plural(self.channel_created, 'new channel message')} "
            f"({self.channel_left} left); "
            f"{statistics.mean(self.rest_calls):.2f} REST calls per move"
        )


def with_controls(message: Message) -> bool:
    return bool(message.components)


def new_dms(player: Player) -> list[Message]:
    """Every hand message the bot posted in the player's DM (deleted ones included)."""
    return [m for m in (player.dm.all_messages if player.dm else []) if not m.ephemeral]


def dm_pushes(player: Player) -> list[Message]:
    """The messages of the player's DM that notified them."""
    return [m for m in player.pushes() if m.channel is player.dm]


def hand_messages(player: Player, after: int = 0) -> list[Message]:
    """The bot's messages in the player's DM that are still there, those of this game
    (sent after the message id `after`): every DM of these games is a hand message."""
    return [m for m in player.dm_messages() if not m.ephemeral and m.id > after]


def created_in_dm(player: Player, after: int) -> int:
    if player.dm is None:
        return 0
    return sum(1 for m in player.dm.all_messages if not m.ephemeral and m.id > after)


async def tidied(emu: FakeDiscord, table: Table, after: int, seconds: float = 3.0) -> None:
    """Until the move's old hand messages are deleted, or `seconds` have passed: a new
    hand message is sent first and the old one deleted after it, in the background,
    which on a busy machine can come after a quiet spell. A second hand message that
    stays is still counted by `look`."""
    try:
        await emu.wait_for(
            lambda: all(len(hand_messages(p, after)) <= 1 for p in table.players.values()),
            timeout=seconds,
            what="the old hand messages deleted",
        )
    except TimeoutError:
        return


def look(census: Census, table: Table, after: int) -> None:
    for player in table.players.values():
        messages = hand_messages(player, after)
        census.most_hand_messages = max(census.most_hand_messages, len(messages))
        census.most_live = max(census.most_live, sum(1 for m in messages if with_controls(m)))


async def whole_game(
    emu: FakeDiscord,
    database: Path,
    kind: str,
    names: list[str],
    seed: int,
    settle: float = 0.15,
    **options: Any,
) -> Census:
    """One game played to its end by clicks (typed moves where no pick makes one), each
    once the last one's publication is over (no REST call for `settle` seconds; shorter
    counts some calls with the next move: `Census.rest_calls` is then approximate)."""
    rng = random.Random(seed)
    channel = emu.channel(f"census-{kind}-{seed}")
    after = max((m.id for m in emu.messages.values()), default=0)  # earlier games' DMs
    table = await open_table(emu, kind, channel, names, **options)
    table.game_id = game_id_in(database, channel, kind)
    census = Census(kind, len(names))
    await quiet(emu)
    before = {m.id for m in channel.all_messages}
    while stored(database, table.game_id).status == "running":
        first = len(emu.requests)
        moved = await clicked_move(emu, database, table, rng, settle)
        if moved is None:
            if not await play(emu, database, table, rng):
                break
            census.typed += 1
        await quiet(emu, settle)
        census.moves += 1
        census.rest_calls.append(
            sum(1 for r in emu.requests[first:] if not r.path.startswith(EXEMPT))
        )
        await tidied(emu, table, after)
        look(census, table, after)
    if stored(database, table.game_id).status == "finished":
        # The last move's publication (score sheet, game-over message with its chart)
        # may pause longer than `quiet` waits on a loaded machine: wait for its end.
        await channel.wait_message(lambda m: "Game over" in m.content, after=after)
        await quiet(emu)
    census.live_at_end = sum(
        1
        for player in table.players.values()
        for m in hand_messages(player, after)
        if with_controls(m)
    )
    census.dms_created = {name: created_in_dm(p, after) for name, p in table.players.items()}
    census.pushes = {name: len(p.pushes(after)) for name, p in table.players.items()}
    new = [
        m
        for m in channel.all_messages
        if m.id not in before
        and not m.ephemeral
        and not any(a.filename in SCORE_SHEETS for a in m.attachments)
    ]
    census.score_sheets = sum(
        1
        for m in channel.all_messages
        if m.id not in before and any(a.filename in SCORE_SHEETS for a in m.attachments)
    )
    census.channel_created = len(new)
    census.channel_left = sum(1 for m in new if not m.deleted)
    return census


GAMES: tuple[tuple[str, int, int | None, dict[str, Any]], ...] = (
    ("grass", 3, None, {}),
    ("gracias", 4, None, {}),
    ("graps", 2, None, {}),
    ("grass", 3, 21, {"target": 200_000}),
)
"""Kind, players, the seed of the players' clicks (None: the run's) and options. The
last is a longer Grass game: with the run's default seed (1) it lasts four hands (its
clicks' seed and target were chosen so), as the game nights the pushes were counted
in."""


async def _run(seed: int) -> list[Census]:
    results = []
    async with measured_bot(seed) as (emu, bot):
        for kind, seats, clicks, options in GAMES:
            names = ["ann", "bob", "cy", "dee", "eve", "fay"][:seats]
            played = seed if clicks is None else clicks
            census = await whole_game(emu, bot.database_path, kind, names, played, **options)
            results.append(census)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for census in asyncio.run(_run(args.seed)):
        print(census.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
