"""`/scoreboard [game] [season]`: this server's standings, as a picture with its words
for screen readers.

With a game it is that game's board (also `/<game> scoreboard`, bot/exts/_commands.py):
one row per player and per computer level, ranked by rating (bot/core/skill.py), with
games, wins, win rate and the game's own figures (Grass: dollars banked and best hand;
Gracias: average points and best round; Graps: wins at the far row, and wins by pruning
out: the other player left without a cell to play, or both out of pawns).
Without a game, one row per player over every game, with their rating in each.

On a server running seasons (bot/core/seasons.py) the board shows the current season;
`season: all` shows all-time, and an earlier season can be chosen.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import Refusal
from bot.core.sharing import Reply, arguments
from bot.exts._boards import (
    SERVER_ONLY,
    Board,
    chosen_kind,
    chosen_season,
    game_choices,
    kind_scoreboard,
    overall_rows,
    season_choices,
    season_of_token,
    season_token,
    season_words,
    send_board,
    shared_kind_scoreboard,
)
from games.text import _, _n, _p

if TYPE_CHECKING:
    from bot.client import GameBot


class Scoreboards(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="scoreboard", description="This server's standings")
    @app_commands.describe(
        game="One game only; leave empty for every game",
        season="A season, or all for all-time; default the current one",
        text="Every row in words instead of a picture (for screen readers)",
    )
    @app_commands.guild_only()  # a server's standings: Discord offers it in servers only
    async def scoreboard(
        self,
        interaction: discord.Interaction[Any],
        game: str | None = None,
        season: str | None = None,
        text: bool = False,
    ) -> None:
        reply = Reply(interaction)
        if game is not None:
            chosen = chosen_kind(self.bot, game)
            await kind_scoreboard(self.bot, reply, chosen, None, season, text)
            return
        await overall_scoreboard(self.bot, reply, season, text)

    @scoreboard.autocomplete("game")
    async def game_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.bot, typed)

    @scoreboard.autocomplete("season")
    async def season_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await season_choices(self.bot, interaction, typed)


async def overall_scoreboard(bot: GameBot, reply: Reply, season: str | None, text: bool) -> None:
    """The board of every game: one row per player, their rating in each game."""
    guild_id = reply.interaction.guild_id
    if guild_id is None:
        raise Refusal(SERVER_ONLY)
    label = await chosen_season(bot, guild_id, season)
    await reply.begin()
    reply.shared_as("boards", season_token(label), str(int(text)))
    kinds = list(bot.kinds)  # the overall table's columns, in the order they were added
    standings = {kind: await bot.storage.standings(guild_id, kind, label) for kind in kinds}
    ratings = {kind: await bot.storage.ratings(guild_id, kind, label) for kind in kinds}
    users = sorted({s.user_id for rows in standings.values() for s in rows})
    names = await bot.storage.player_names(guild_id, users)
    rows = overall_rows(standings, ratings, kinds, names)
    speech = await reply.speech()
    when = season_words(label, speech.language)
    if not rows:
        none_yet = _("No finished game on this server ({season}).", season=when)
        await reply.send(speech(none_yet))
        return
    titles = [bot.kinds[kind].words.title for kind in kinds]
    columns = (_p("column", "player"), _p("column", "wins"), _p("column", "games"), *titles)
    heading = _("Scoreboard, all games, {season}", season=when)
    everyone = _n(
        "**Scoreboard** of this server, all games, {season} ({count} player; per game: "
        "the rating).",
        "**Scoreboard** of this server, all games, {season} ({count} players; per game: "
        "the rating).",
        len(rows),
        season=when,
    )
    board = Board(everyone, heading, columns, rows, 0)
    await send_board(bot, reply, board, "scoreboard", text)


async def shared_overall_scoreboard(
    bot: GameBot, interaction: discord.Interaction[Any], reply: Reply, args: tuple[str, ...]
) -> None:
    """The board of every game again, from its Share button: season, words (1) or not."""
    season, as_text = arguments(args, 2)
    await overall_scoreboard(bot, reply, season_of_token(season), as_text == "1")


async def setup(bot: commands.Bot) -> None:
    from bot.client import GameBot

    assert isinstance(bot, GameBot)
    bot.shared_answers["board"] = functools.partial(shared_kind_scoreboard, bot)
    bot.shared_answers["boards"] = functools.partial(shared_overall_scoreboard, bot)
    await bot.add_cog(Scoreboards(bot))
