"""`/help`: what the bot does and how to play, for a player new to it, in one ephemeral
answer. The games are read from the registered kinds (`GameBot.kinds`), so a new kind
is listed by itself; the three known ones get a line of their own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from games.words import listed

if TYPE_CHECKING:
    from bot.client import GameBot
    from bot.core.kinds import GameKind

ABOUT = {
    "grass": "the 1979 dealing card game where you peddle your stash, protect it and "
    "put the heat on everyone else's",
    "gracias": "take trios of coloured cards, keep one card and give one away, and "
    "collect many of each colour but never the most",
    "graps": "grow vines across the board towards your opponent's edge, a die deciding "
    "whether each pawn is a grape; `/graps start opponent:` challenges a member",
}
"""What each game is, in a line (a kind missing here is listed with its player count)."""


def players(kind: GameKind) -> str:
    low, high = kind.engine.min_players, kind.engine.max_players
    return f"{low} players" if low == high else f"{low} to {high} players"


def game_line(kind: GameKind) -> str:
    about = ABOUT.get(kind.name)
    line = f"**{kind.words.title}** (`/{kind.name}`), {players(kind)}"
    return f"{line}: {about}." if about else f"{line}."


def help_embed(kinds: Sequence[GameKind]) -> discord.Embed:
    first = kinds[0].name if kinds else "game"
    embed = discord.Embed(
        title="Playing games here",
        description=(
            "I host card and board games in server channels. The table is a picture in the "
            "channel that changes after every move; each player's hand comes to them by "
            "direct message, so nobody sees anyone else's."
        ),
        colour=discord.Colour.green(),
    )
    embed.add_field(
        name="The games", value="\n".join(game_line(kind) for kind in kinds), inline=False
    )
    computer = any(kind.computer_players for kind in kinds)
    filling = " **Add AI** gives an empty seat to a computer player." if computer else ""
    embed.add_field(
        name="Starting a game",
        value=(
            f"Type `/{first} start` in a server channel (each game has its own start "
            "command). The others press **Join** under the table, and the host presses "
            f"**Start** when everyone is in.{filling}"
        ),
        inline=False,
    )
    embed.add_field(
        name="Playing from your DMs",
        value=(
            "Once the game starts, your hand arrives by direct message with menus to play "
            f"it. You can also type the game's commands there (`/{first} play`, "
            f"`/{first} hand`...); if you are in several games of one kind, I ask which one. "
            "Made a slip? **Take back my move** appears under your hand after a move that "
            "showed nothing hidden, until the next player moves; the players it changed "
            "things for are asked to agree."
        ),
        inline=False,
    )
    buttons = listed(list(dict.fromkeys(f"**{kind.words.hand_button}**" for kind in kinds)), "or")
    hands = listed([f"`/{kind.name} {kind.words.hand_command}`" for kind in kinds], "or")
    embed.add_field(
        name="If your DMs are closed",
        value=(
            f"Press the table's {buttons} button, or type {hands} in the game's channel: "
            "your hand and its menus appear there, visible to you only."
        ),
        inline=False,
    )
    rules = ", ".join(f"`/{kind.name} rules`" for kind in kinds)
    embed.add_field(
        name="Scores and rules",
        value=(
            "`/scoreboard` shows this server's standings in every game, "
            f"`/{first} scoreboard` in one game, and `/{first} scores` the sheet of the game "
            f"being played. How to play each game: {rules}, with `topic:` for one part "
            "in detail."
        ),
        inline=False,
    )
    return embed


class Help(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What this bot does and how to play")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        embed = help_embed(list(self.bot.kinds.values()))
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Help(bot))
