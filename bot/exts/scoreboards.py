"""`/scoreboard [game]`: this server's standings in one game, or across every game.

With a game it is that game's own scoreboard (bot/exts/game_commands.py). Without one, each player
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

from bot.core.errors import Refusal
from bot.core.language import server
from bot.core.storage import Standing
from games.protocol import quoted
from games.text import Money, Text, _, _n, _p, joined

SERVER_ONLY = _("Scoreboards belong to a server; use this command in a server channel.")
COLUMNS = (_p("column", "player"), _p("column", "games"), _p("column", "wins"))
"""The scoreboards' first columns after the place (a kind's) or from the first (overall)."""

if TYPE_CHECKING:
    from bot.client import GameBot


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
    """The rows of the overall table from each kind's standings (bot/core/storage/reads.py)."""
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


def wins_text(standing: Standing) -> str:
    """Wins, with those in games where the computer played a seat shown as such."""
    if standing.computer_wins:
        return _(
            "{wins} ({computer} vs computer)", wins=standing.wins, computer=standing.computer_wins
        )
    return str(standing.wins)


def money_or_points(value: int | None, money: bool) -> str:
    if value is None:
        return "-"
    return Text.verbatim("{amount}", amount=Money(value)) if money else str(value)


def rows_in_words(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> Text:
    """A scoreboard's rows as words, for its picture's description: "#: 1, player: ann,
    games: 3, ..."; one row after another."""
    return joined(
        "; ",
        [
            joined(
                ", ",
                [
                    Text.verbatim("{column}: {value}", column=c, value=v)
                    for c, v in zip(columns, row, strict=False)
                ],
            )
            for row in rows
        ],
    )


async def kind_scoreboard(
    bot: GameBot,
    interaction: discord.Interaction[Any],
    kind: str,
    player: discord.abc.User | None,
) -> None:
    """This server's standings over finished games of this kind, as an image."""
    from render.scoreboard import Scoreboard, board_image

    words = bot.kinds[kind].words
    title = words.title
    if interaction.guild_id is None:
        raise Refusal(SERVER_ONLY)
    await interaction.response.defer(thinking=True)
    speech = await server(interaction)
    standings = await bot.storage.standings(interaction.guild_id, kind)
    names = await bot.storage.player_names(interaction.guild_id, [s.user_id for s in standings])
    money = words.money
    columns = ("#", *COLUMNS, _p("column", "total"), words.best_round)
    rows: list[tuple[str, ...]] = []
    highlight = None
    for place, standing in enumerate(standings, start=1):
        if player is not None and standing.user_id == player.id:
            highlight = place - 1
        rows.append(
            (
                str(place),
                names.get(standing.user_id, str(standing.user_id)),
                str(standing.games),
                wins_text(standing),
                money_or_points(standing.total, money),
                money_or_points(standing.best_round, money),
            )
        )
    if player is not None:
        mine = [(row, s) for row, s in zip(rows, standings, strict=True) if s.user_id == player.id]
        if not mine:
            await interaction.followup.send(
                speech(
                    _(
                        "{player} has no finished {game} game on this server yet.",
                        player=f"<@{player.id}>",
                        game=title,
                    )
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        row, standing = mine[0]
        figures = {
            "player": f"<@{player.id}>",
            "place": row[0],
            "games": _n("{count} game", "{count} games", standing.games),
            "wins": _n("{count} win", "{count} wins", standing.wins),
            "total": row[4],
            "best_round": words.best_round,
            "best": row[5],
        }
        if standing.computer_wins:
            # TRANSLATORS: {best_round} names the figure {best} ("best hand", "best round").
            text = _(
                "{player} on this server: place {place}, {games}, {wins} ({computer} vs "
                "computer), total {total}, {best_round} {best}.",
                computer=standing.computer_wins,
                **figures,
            )
        else:
            # TRANSLATORS: {best_round} names the figure {best} ("best hand", "best round").
            text = _(
                "{player} on this server: place {place}, {games}, {wins}, total {total}, "
                "{best_round} {best}.",
                **figures,
            )
    elif not rows:
        await interaction.followup.send(
            speech(_("No finished {game} game on this server yet.", game=title))
        )
        return
    else:
        text = _n(
            "**{game} scoreboard** of this server ({count} player).",
            "**{game} scoreboard** of this server ({count} players).",
            len(rows),
            game=title,
        )
    heading = _("{game} scoreboard", game=title)
    board = Scoreboard(heading, columns, tuple(rows), highlight)
    alt = Text.verbatim("{board}: {rows}", board=heading, rows=rows_in_words(columns, rows))
    file = await bot.publisher.render(board_image, board, "scoreboard.png", alt, speech.language)
    await interaction.followup.send(
        speech(text),
        files=[file] if file else [],
        allowed_mentions=discord.AllowedMentions.none(),
    )


class Scoreboards(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="scoreboard", description="This server's standings")
    @app_commands.describe(game="One game only; leave empty for every game")
    @app_commands.guild_only()  # a server's standings: Discord offers it in servers only
    async def scoreboard(
        self, interaction: discord.Interaction[Any], game: str | None = None
    ) -> None:
        bot = self.bot
        if game is not None:
            chosen = game.strip().lower()
            if chosen not in bot.kinds:
                offered = ", ".join(kind.words.title for kind in bot.kinds.values())
                raise Refusal(
                    _(
                        "{typed} is not a game of this bot; choose {games}.",
                        typed=quoted(game),
                        games=offered,
                    )
                )
            await kind_scoreboard(bot, interaction, chosen, None)
            return
        if interaction.guild_id is None:
            raise Refusal(SERVER_ONLY)
        await interaction.response.defer(thinking=True)
        kinds = list(bot.kinds)  # the overall table's columns, in the order they were added
        standings = {
            kind: await bot.storage.standings(interaction.guild_id, kind) for kind in kinds
        }
        users = sorted({s.user_id for rows in standings.values() for s in rows})
        names = await bot.storage.player_names(interaction.guild_id, users)
        rows = overall_rows(standings, kinds, names)
        speech = await server(interaction)
        if not rows:
            await interaction.followup.send(speech(_("No finished game on this server yet.")))
            return
        from render.scoreboard import Scoreboard, board_image

        titles = [bot.kinds[kind].words.title for kind in kinds]
        columns = (*COLUMNS, *titles)
        heading = _("Scoreboard, all games")
        board = Scoreboard(heading, columns, tuple(rows), 0)
        alt = Text.verbatim("{board}: {rows}", board=heading, rows=rows_in_words(columns, rows))
        file = await bot.publisher.render(
            board_image, board, "scoreboard.png", alt, speech.language
        )
        everyone = _n(
            "**Scoreboard** of this server, all games ({count} player; per game: wins/games).",
            "**Scoreboard** of this server, all games ({count} players; per game: wins/games).",
            len(rows),
        )
        await interaction.followup.send(
            speech(everyone),
            files=[file] if file else [],
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @scoreboard.autocomplete("game")
    async def game_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        typed = typed.strip().lower()
        return [
            app_commands.Choice(name=kind.words.title, value=kind.name)  # names, as typed
            for kind in self.bot.kinds.values()
            if typed in kind.name or typed in kind.words.title.lower()
        ][:25]


async def setup(bot: commands.Bot) -> None:
    from bot.client import GameBot

    assert isinstance(bot, GameBot)
    await bot.add_cog(Scoreboards(bot))
