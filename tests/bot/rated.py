"""Finished games stored straight into a bot's database before it starts: a history
of ratings to look at without playing every game through the emulator."""

from __future__ import annotations

from pathlib import Path

from bot.core.storage import Result, Storage
from games.graps import Graps

STORED = 8
"""Games `store_graps_games` stores: a rating is still provisional after eight
two-player games won in turn, and settled after the ninth (docs/ratings.md)."""


async def store_graps_games(path: Path, guild: int, ann: int, bob: int) -> None:
    """Finished Graps games between ann and bob, won in turn (bob first)."""
    storage = await Storage.open(path)
    for number in range(STORED):
        game_id = await storage.create_game(guild, 1, "graps", {}, ann, "ann")
        await storage.add_seat(game_id, bob, "bob")
        engine = Graps.create(["ann", "bob"], {}, 7)
        seats = [(ann, "ann"), (bob, "bob")]
        await storage.start_game(game_id, seats, engine.replay_header(), {}, 0)
        winner, loser = (ann, bob) if number % 2 else (bob, ann)
        await storage.record_move(
            game_id, 0, None, {"by": "ann", "resign": True}, {}, 1,
            [Result(winner, 1, 0), Result(loser, 2, 0)],
        )  # fmt: skip
        await storage.set_published(game_id, 1)
    await storage.close()
