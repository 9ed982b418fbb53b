"""`/scoreboard [game]`: this server's standings in one game, or across every game.

With a game it is that game's own scoreboard (bot/commands.py). Without one, each player
gets one row: games finished and wins over all games, then wins/games per game, best
first (wins, then fewer games for as many wins). The figures come from the results
recorded when games finish; abandoned games record none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import commands as shared
from bot.gameui import Refusal
from bot.storage import Standing

if TYPE_CHECKING:
    from bot.client import GameBot

GAMES = ("grass", "gracias", "graps")
"""Every kind the project hosts, in the order of the overall scoreboard's columns."""


@dataclass
class Overall:
    """One player's figures across games: kind -> (wins, games)."""

    user_id: int
    per_game: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return sum(games for _, games in self.per_game.values())

    @property
    def wins(self) -> int:
        return sum(wins for wins, _ in self.per_game.values())


def overall_rows(
    standings: Mapping[str, Sequence[Standing]], kinds: Sequence[str], names: dict[int, str]
) -> list[tuple[str, ...]]:
    """The rows of the overall table from each kind's standings (bot/storage.py)."""
    players: dict[int, Overall] = {}
    for kind, rows in standings.items():
        for standing in rows:
            entry = players.setdefault(standing.user_id, Overall(standing.user_id))
            entry.per_game[kind] = (standing.wins, standing.games)
    ranked = sorted(players.values(), key=lambda p: (-p.wins, p.games, p.user_id))
    result = []
    for place, entry in enumerate(ranked, start=1):
        cells = [
            f"{entry.per_game[kind][0]}/{entry.per_game[kind][1]}"
            if kind in entry.per_game
            else "-"
            for kind in kinds
        ]
        # The name column comes first: the scoreboard image left-aligns it and gives it
        # the room left over; the place goes in front of the name.
        name = names.get(entry.user_id, str(entry.user_id))
        result.append((f"{place}. {name}", str(entry.games), str(entry.wins), *cells))
    return result


class Scoreboards(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="scoreboard", description="This server's standings")
    @app_commands.describe(game="One game only; leave empty for every game")
    @app_commands.choices(
        game=[app_commands.Choice(name=kind.capitalize(), value=kind) for kind in GAMES]
    )
    async def scoreboard(
        self, interaction: discord.Interaction[Any], game: str | None = None
    ) -> None:
        bot = self.bot
        if game is not None:
            if game not in bot.uis:
                raise Refusal(f"{game.capitalize()} is not available on this bot yet.")
            await shared.scoreboard(bot, interaction, game, None)
            return
        if interaction.guild_id is None:
            raise Refusal("Scoreboards belong to a server; use this command in a server channel.")
        await interaction.response.defer(thinking=True)
        kinds = [kind for kind in GAMES if kind in bot.uis]
        standings = {
            kind: await bot.storage.standings(interaction.guild_id, kind) for kind in kinds
        }
        users = sorted({s.user_id for rows in standings.values() for s in rows})
        names = await bot.storage.player_names(interaction.guild_id, users)
        rows = overall_rows(standings, kinds, names)
        if not rows:
            await interaction.followup.send("No finished game on this server yet.")
            return
        from render.scoreboard import Scoreboard, board_image

        titles = [bot.uis[kind].title for kind in kinds]
        columns = ("player", "games", "wins", *titles)
        board = Scoreboard("Scoreboard, all games", columns, tuple(rows), 0)
        file = await bot.publisher.render(board_image, board, "scoreboard.png")
        await interaction.followup.send(
            f"**Scoreboard** of this server, all games ({len(rows)} players; "
            "per game: wins/games).",
            files=[file] if file else [],
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    from bot.client import GameBot

    assert isinstance(bot, GameBot)
    await bot.add_cog(Scoreboards(bot))
