"""`/help`: what the bot does and how to play, for a player new to it, in one ephemeral
answer. The games are read from the registered kinds (`GameBot.kinds`), so a new kind
is listed by itself; the three known ones get a line of their own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.language import private, slash
from bot.core.limits import VACATION_DAYS
from games.text import Listed, Text, _, _n, joined

if TYPE_CHECKING:
    from bot.client import GameBot
    from bot.core.kinds import GameKind

ABOUT = {
    "grass": _(
        "the 1979 dealing card game where you peddle your stash, protect it and put the heat "
        "on everyone else's"
    ),
    "gracias": _(
        "take trios of coloured cards, keep one card and give one away, and collect many of "
        "each colour but never the most"
    ),
    "graps": _(
        "grow vines across the board towards your opponent's edge, a die deciding whether "
        "each pawn is a grape; `/graps start opponent:` challenges a member"
    ),
}
"""What each game is, in a line (a kind missing here is listed with its player count)."""


def players(kind: GameKind) -> Text:
    low, high = kind.engine.min_players, kind.engine.max_players
    if low == high:
        return _n("{count} player", "{count} players", low)
    return _n("{low} to {count} player", "{low} to {count} players", high, low=low)


def game_line(kind: GameKind) -> Text:
    about = ABOUT.get(kind.name)
    game, command = kind.words.title, slash(kind.name)
    if about:
        # TRANSLATORS: {about} says what the game is ("take trios of coloured cards...").
        return _(
            "**{game}** ({command}), {players}: {about}.",
            game=game,
            command=command,
            players=players(kind),
            about=about,
        )
    return _(
        "**{game}** ({command}), {players}.", game=game, command=command, players=players(kind)
    )


def help_embed(kinds: Sequence[GameKind]) -> discord.Embed:
    first = kinds[0].name if kinds else "game"
    embed = discord.Embed(
        title=_("Playing games here"),
        description=_(
            "I host card and board games in server channels. The table is a picture in the "
            "channel that changes after every move; each player's hand comes to them by "
            "direct message, so nobody sees anyone else's."
        ),
        colour=discord.Colour.green(),
    )
    embed.add_field(
        name=_("The games"), value=joined("\n", [game_line(kind) for kind in kinds]), inline=False
    )
    starting: str = _(
        "Type {command} in a server channel (each game has its own start command). The "
        "others press **Join** under the table, and the host presses **Start** when everyone "
        "is in.",
        command=slash(f"{first} start"),
    )
    if any(kind.computer_players for kind in kinds):
        starting = joined(
            " ", [starting, _("**Add AI** gives an empty seat to a computer player.")]
        )
    embed.add_field(name=_("Starting a game"), value=starting, inline=False)
    embed.add_field(
        name=_("Game nights"),
        value=_(
            "{plan} plans a game for a given time as a server event: members mark it as "
            "interested in the server's Events, and at its time the lobby opens here, each "
            "of them called to a table. {list} shows the coming ones.",
            plan=slash("gamenight plan"),
            list=slash("gamenight list"),
        ),
        inline=False,
    )
    embed.add_field(
        name=_("Tournaments"),
        value=_(
            "{create} holds a championship in this channel: members join until sign-ups "
            "close, then each round's games open on their own in threads, paired by the "
            "standings. {standings} shows where everyone stands.",
            create=slash("tournament create"),
            standings=slash("tournament standings"),
        ),
        inline=False,
    )
    for name, value in playing_fields(kinds, first):
        embed.add_field(name=name, value=value, inline=False)
    rules = joined(", ", [slash(f"{kind.name} rules") for kind in kinds])
    embed.add_field(
        name=_("Scores and rules"),
        value=_(
            "{board} shows this server's standings in every game, ranked by rating, "
            "{scoreboard} in one game, {stats} your card with your rating's history, and "
            "{scores} the sheet of the game being played. How to play each game: {rules}, "
            "with `topic:` for one part in detail.",
            board=slash("scoreboard"),
            stats=slash("stats"),
            scoreboard=slash(f"{first} scoreboard"),
            scores=slash(f"{first} scores"),
            rules=rules,
        ),
        inline=False,
    )
    embed.add_field(
        name=_("Watching games"),
        value=_(
            "{replay} shows a finished game again, animated, and step by step with its "
            "**Step through**; {export} gives its record and a page that replays it in a "
            "web browser. In a server, {games} lets you follow a game others play: its "
            "table stays up to date in your DMs.",
            replay=slash(f"{first} replay"),
            export=slash(f"{first} export"),
            games=slash("games"),
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
        speech = await private(interaction)
        embed = speech.embed(help_embed(list(self.bot.kinds.values())))
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Help(bot))


def playing_fields(kinds: Sequence[GameKind], first: str) -> list[tuple[str, str]]:
    """The help's fields on playing: from the DMs, with them closed, and one's games."""
    labels = dict.fromkeys(kind.words.hand_button for kind in kinds)
    buttons = Listed((Text.verbatim("**{button}**", button=label) for label in labels), "or")
    hands = Listed([slash(f"{kind.name} {kind.words.hand_command}") for kind in kinds], "or")
    dms = _(
        "Once the game starts, your hand arrives by direct message with menus to play it. "
        "You can also type the game's commands there ({play}, {hand}...); if you are "
        "in several games of one kind, I ask which one. Made a slip? **Take back my "
        "move** appears under your hand after a move that showed nothing hidden, until "
        "the next player moves; the players it changed things for are asked to agree.",
        play=slash(f"{first} play"),
        hand=slash(f"{first} hand"),
    )
    closed = _(
        "Press the table's {buttons} button, or type {commands} in the game's channel: "
        "your hand and its menus appear there, visible to you only.",
        buttons=buttons,
        commands=hands,
    )
    yours = _(
        "{games} lists your games on every server and where it is your turn. "
        "{notify} chooses when your turns notify you: every turn, only when you are "
        "away, or never. A game over days, for friends in other time zones: start it "
        "with {pace}, and each turn has hours or days.",
        games=slash("games"),
        notify=slash("notify"),
        pace=slash(f"{first} start", "pace"),
    )
    away = _(
        "Going on vacation? {away} stops your clocks in slow games while you are away "
        "(up to {days} days a year).",
        away=slash("away", "until"),
        days=VACATION_DAYS,
    )
    return [
        (_("Playing from your DMs"), dms),
        (_("If your DMs are closed"), closed),
        (_("Your games and your turns"), joined(" ", [yours, away])),
    ]
