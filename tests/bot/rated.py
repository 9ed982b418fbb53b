"""Finished games stored straight into a bot's database before it starts: a history
of ratings to look at without playing every game through the emulator."""

from __future__ import annotations

from pathlib import Path

from bot.core.storage import Result, Storage
from games.graps import Graps

STORED = 8
"""Games `store_graps_games` stores: a rating is still provisional after eight
two-player games won in turn, and settled after the ninth (docs/ratings.md)."""


async def store_graps_results(
    path: Path, guild: int, games: list[tuple[tuple[int, str], tuple[int, str]]]
) -> None:
    """Finished Graps games, each given as (winner, loser), each an (id, name)."""
    storage = await Storage.open(path)
    try:
        for (winner, winner_name), (loser, loser_name) in games:
            game_id = await storage.create_game(guild, 1, "graps", {}, winner, winner_name)
            await storage.add_seat(game_id, loser, loser_name)
            engine = Graps.create([winner_name, loser_name], {}, 7)
            seats = [(winner, winner_name), (loser, loser_name)]
            await storage.start_game(game_id, seats, engine.replay_header(), {}, 0)
            await storage.record_move(
                game_id, 0, None, {"by": loser_name, "resign": True}, {}, 1,
                [Result(winner, 1, 0), Result(loser, 2, 0)],
            )  # fmt: skip
            await storage.set_published(game_id, 1)
    finally:
        await storage.close()


async def store_graps_games(path: Path, guild: int, ann: int, bob: int) -> None:
    """`STORED` finished Graps games between ann and bob, won in turn (bob first)."""
    games = [
        ((ann, "ann"), (bob, "bob")) if number % 2 else ((bob, "bob"), (ann, "ann"))
        for number in range(STORED)
    ]
    await store_graps_results(path, guild, games)
