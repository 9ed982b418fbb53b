"""The scoreboards' shared parts: a server's standings as rows, pictures and words, the
seasons a board may show, the game a command names. `/scoreboard` (bot/exts/scoreboards.py),
`/<game> scoreboard` (bot/exts/_commands.py) and `/stats` (bot/exts/stats.py) draw on
them."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.core.errors import Refusal
from bot.core.gameui import MESSAGE_LIMIT, fit
from bot.core.kinds import GameKind, Words
from bot.core.language import mention, private, slash
from bot.core.pictures import ALT_LIMIT
from bot.core.seasons import ALL_TIME, season_name, season_of
from bot.core.sharing import Reply, arguments, number
from bot.core.skill import COMPUTER, Rating, rating_text
from bot.core.storage import Standing
from games.protocol import quoted
from games.text import Money, Text, _, _n, _p, joined
from lang import LEVELS

if TYPE_CHECKING:
    from bot.client import GameBot

SERVER_ONLY = _("Scoreboards belong to a server; use this command in a server channel.")
TOP = 10
"""Rows a scoreboard's picture shows at most (the asked player's row comes in at the
end when it is further down): the whole board is there in words with `text: true`.
Ten rows keep the picture one phone screen tall, and its names and ratings at 9 px or
more in a desktop client's picture box (docs/architecture.md)."""
ALL = "all"
"""The season option's value for all-time."""
PROVISIONAL = _("A rating ending in ? is provisional: it settles after a few more games.")


@dataclass(frozen=True)
class Entry:
    """One row of a game's board: a player or a computer level."""

    name: str
    standing: Standing
    rating: Rating | None
    endings: Mapping[str, int]

    @property
    def rank_key(self) -> tuple[float, int, int]:
        shown = self.rating.shown if self.rating else float("-inf")
        return (-shown, -self.standing.wins, self.standing.games)


@dataclass(frozen=True)
class Board:
    """A scoreboard to send: its words, heading, columns and rows, and the row to mark."""

    text: str
    heading: str
    columns: tuple[str, ...]
    rows: list[tuple[str, ...]]
    highlight: int | None


def computer_name(level: str) -> Text:
    # TRANSLATORS: a scoreboard row of a computer level: "computer (easy)".
    return _("computer ({level})", level=LEVELS[level])


def money_or_points(value: int | None, money: bool) -> str:
    if value is None:
        return "-"
    return (
        Text.verbatim("{amount}", amount=Money(value))
        if money
        else Text.verbatim("{points:,}", points=value)
    )


def wins_text(standing: Standing) -> str:
    """Wins, with those in games where the computer played a seat in brackets, "3 (1)":
    a win over the computer that took a kicked winner's seat must be seen for what it
    is. The message under the picture says what the brackets mean (`COMPUTER_WINS`)."""
    if standing.computer_wins and standing.user_id > 0:
        return f"{standing.wins} ({standing.computer_wins})"
    return str(standing.wins)


COMPUTER_WINS = _("Wins in brackets: in games where the computer played a seat.")


def win_rate(wins: int, games: int) -> Text:
    # TRANSLATORS: a win rate, "42%"; write it as your language writes percentages.
    return _("{percent}%", percent=round(100 * wins / max(1, games)))


def figure_columns(words: Words) -> tuple[str, ...]:
    """The game's own columns after the shared ones."""
    if words.money:
        return (_p("column", "banked"), words.best_round)
    if words.score_text is not None:
        return (_p("column", "average"), words.best_round)
    return (_p("column", "far row"), _p("column", "pruned out"))


def figure_cells(words: Words, entry: Entry) -> tuple[str, ...]:
    standing = entry.standing
    if words.money:
        return (
            money_or_points(standing.total, True),
            money_or_points(standing.best_round, True),
        )
    if words.score_text is not None:
        average = Text.verbatim("{average:,}", average=round(standing.total / standing.games))
        return (average, money_or_points(standing.best_round, False))
    pruned_out = entry.endings.get("stuck", 0) + entry.endings.get("exhausted_win", 0)
    return (str(entry.endings.get("reached", 0)), str(pruned_out))


def board_columns(words: Words) -> tuple[str, ...]:
    return (
        _p("column", "player"),
        _p("column", "rating"),
        _p("column", "games"),
        _p("column", "wins"),
        _p("column", "win rate"),
        *figure_columns(words),
    )


def board_row(words: Words, place: int, entry: Entry) -> tuple[str, ...]:
    rating = rating_text(entry.rating.mu, entry.rating.sigma) if entry.rating else "-"
    standing = entry.standing
    # The name column comes first: the scoreboard image left-aligns it and gives it the
    # room left over; the place goes in front of the name.
    return (
        Text.verbatim("{place}. {name}", place=place, name=entry.name),
        rating,
        str(standing.games),
        wins_text(standing),
        win_rate(standing.wins, standing.games),
        *figure_cells(words, entry),
    )


def row_words(columns: Sequence[str], row: Sequence[str]) -> Text:
    """One row in words: "player: 1. ann, rating: 1,136, games: 9, ..."."""
    return joined(
        ", ",
        [
            Text.verbatim("{column}: {value}", column=c, value=v)
            for c, v in zip(columns, row, strict=False)
        ],
    )


def rows_in_words(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> Text:
    """A scoreboard's rows as words, one after another, for its picture's description."""
    return joined("; ", [row_words(columns, row) for row in rows])


def top_rows(
    rows: Sequence[tuple[str, ...]], highlight: int | None
) -> tuple[list[tuple[str, ...]], int | None]:
    """The rows a picture shows, the first `TOP`, and the highlighted one in its place
    at the end when it is further down; with the highlight's index among them."""
    if len(rows) <= TOP:
        return list(rows), highlight
    if highlight is None or highlight < TOP:
        return list(rows[:TOP]), highlight
    return [*rows[: TOP - 1], rows[highlight]], TOP - 1


def in_messages(lines: Sequence[str]) -> list[str]:
    """Lines gathered into as few messages as Discord's length allows."""
    messages: list[str] = []
    for line in lines:
        if messages and len(messages[-1]) + 1 + len(line) <= MESSAGE_LIMIT:
            messages[-1] += "\n" + line
        else:
            messages.append(fit(line))
    return messages


async def send_board(bot: GameBot, reply: Reply, board: Board, command: str, as_text: bool) -> None:
    """A scoreboard as a picture with its description, or, `as_text`, every row in
    words in as many messages as it takes (for screen readers and long boards)."""
    from render.scoreboard import Scoreboard, board_image

    speech = await reply.speech()
    if as_text:
        heading = Text.verbatim("**{heading}**", heading=board.heading)
        lines = [speech(board.text), speech(heading)]
        lines += [speech(row_words(board.columns, row)) for row in board.rows]
        messages = in_messages(lines)
        for index, message in enumerate(messages):
            await reply.send(message, last=index == len(messages) - 1)
        return
    shown, highlight = top_rows(board.rows, board.highlight)
    rows = rows_in_words(board.columns, shown)
    alt = Text.verbatim("{board}: {rows}", board=board.heading, rows=rows)
    option = slash(command, "text")
    text = board.text
    if len(shown) < len(board.rows):
        more = _(
            "The picture shows {shown} of the {count} rows; with {command} the answer lists "
            "them all in words.",
            shown=len(shown),
            count=len(board.rows),
            command=option,
        )
        text = joined(" ", [text, more])
    elif len(speech.plain(alt)) > ALT_LIMIT:  # the picture's description is cut short
        every = _("With {command} the answer reads every row in words.", command=option)
        text = joined(" ", [text, every])
    picture = Scoreboard(board.heading, board.columns, tuple(shown), highlight)
    file = await bot.publisher.render(board_image, picture, "scoreboard.png", alt, speech.language)
    await reply.send(speech(text), [file] if file else [])


def season_token(season: str) -> str:
    """A season label as a Share button's id carries it (no colons, all-time named)."""
    return season.replace(":", "_") if season != ALL_TIME else ALL


def season_of_token(token: str) -> str:
    return token.replace("_", ":")


async def current_season(bot: GameBot, guild_id: int) -> str:
    """The label of the server's season now; '' (all-time) without seasons."""
    seasons, started = await bot.storage.guild_seasons(guild_id)
    return season_of(seasons, started, time.time()) or ALL_TIME


async def chosen_season(bot: GameBot, guild_id: int, typed: str | None) -> str:
    """The season a scoreboard shows: the current one unless one was chosen."""
    if typed is None:
        return await current_season(bot, guild_id)
    typed = typed.strip()
    if typed.lower() in (ALL, ""):
        return ALL_TIME
    known = {await current_season(bot, guild_id), *await bot.storage.season_labels(guild_id)}
    if typed not in known - {ALL_TIME}:
        raise Refusal(
            _(
                "This server has no season {typed}; choose one the menu offers, or all.",
                typed=quoted(typed),
            )
        )
    return typed


def season_words(season: str, language: str) -> Text:
    if season == ALL_TIME:
        return _("all-time")
    # TRANSLATORS: {season} names a season: "November 2026".
    return _("season {season}", season=season_name(season, language))


async def entries(bot: GameBot, guild_id: int, kind: str, season: str) -> list[Entry]:
    """The game's board of the season, best rating first."""
    storage = bot.storage
    standings = await storage.standings(guild_id, kind, season)
    ratings = await storage.ratings(guild_id, kind, season)
    endings = await storage.endings(guild_id, kind, season)
    names = await storage.player_names(guild_id, [s.user_id for s in standings])
    found = [
        Entry(
            names.get(s.user_id, str(s.user_id)),
            s,
            ratings.get(s.user_id),
            {end: count for (who, end), count in endings.items() if who == s.user_id},
        )
        for s in standings
    ]
    for level, standing in (await storage.computer_standings(guild_id, kind, season)).items():
        if level in LEVELS:
            rating = ratings.get(COMPUTER[level])
            found.append(Entry(computer_name(level), standing, rating, {}))
    return sorted(found, key=lambda entry: entry.rank_key)


async def kind_scoreboard(
    bot: GameBot,
    reply: Reply,
    record: GameKind,
    player: int | None,
    typed_season: str | None = None,
    as_text: bool = False,
) -> None:
    """This server's board of one game, as a picture with its words (or in words);
    `player`: the member whose own figures are asked for."""
    kind, words = record.name, record.words
    title = words.title
    guild_id = reply.interaction.guild_id
    if guild_id is None:
        raise Refusal(SERVER_ONLY)
    season = await chosen_season(bot, guild_id, typed_season)
    await reply.begin()
    whose = str(player or 0)
    reply.shared_as("board", kind, whose, season_token(season), str(int(as_text)))
    speech = await reply.speech()
    when = season_words(season, speech.language)
    board = await entries(bot, guild_id, kind, season)
    rows = [board_row(words, place, entry) for place, entry in enumerate(board, start=1)]
    columns = tuple(board_columns(words))
    highlight = 0 if rows else None
    if player is not None:
        mine = [i for i, e in enumerate(board) if e.standing.user_id == player]
        if not mine:
            text = _(
                "{player} has no finished {game} game on this server ({season}).",
                player=mention(player),
                game=title,
                season=when,
            )
            await reply.send(speech(text))
            return
        highlight = mine[0]
        entry = board[highlight]
        figures = [
            Text.verbatim("{label} {value}", label=label, value=value)
            for label, value in zip(columns[5:], rows[highlight][5:], strict=True)
        ]
        text = _(
            "{player} on this server ({season}): place {place}, {games}, {wins}, "
            "win rate {rate}, rating {rating}; {figures}.",
            player=mention(player),
            season=when,
            place=highlight + 1,
            rating=rows[highlight][1],
            games=_n("{count} game", "{count} games", entry.standing.games),
            wins=_n("{count} win", "{count} wins", entry.standing.wins),
            rate=win_rate(entry.standing.wins, entry.standing.games),
            figures=joined(", ", figures),
        )
    elif not rows:
        none_yet = _("No finished {game} game on this server ({season}).", game=title, season=when)
        await reply.send(speech(none_yet))
        return
    else:
        text = _n(
            "**{game} scoreboard** of this server, {season} ({count} player, ranked by rating).",
            "**{game} scoreboard** of this server, {season} ({count} players, ranked by rating).",
            len(rows),
            game=title,
            season=when,
        )
    notes = [text]
    if any(entry.standing.computer_wins and entry.standing.user_id > 0 for entry in board):
        notes.append(COMPUTER_WINS)
    if any(entry.rating and entry.rating.provisional for entry in board):
        notes.append(PROVISIONAL)
    text = joined(" ", notes)
    heading = _("{game} scoreboard, {season}", game=title, season=when)
    board_to_send = Board(text, heading, columns, rows, highlight)
    await send_board(bot, reply, board_to_send, f"{kind} scoreboard", as_text)


async def shared_kind_scoreboard(
    bot: GameBot, interaction: discord.Interaction[Any], reply: Reply, args: tuple[str, ...]
) -> None:
    """A game's board again, from its Share button: kind, player (0: none), season,
    words (1) or picture (0)."""
    kind, whose, season, as_text = arguments(args, 4)
    record = bot.kinds.get(kind)
    if record is None:
        raise Refusal(_("That game is no longer played here."))
    player = number(whose) or None
    await kind_scoreboard(bot, reply, record, player, season_of_token(season), as_text == "1")


def overall_rows(
    standings: Mapping[str, Sequence[Standing]],
    ratings: Mapping[str, Mapping[int, Rating]],
    kinds: Sequence[str],
    names: Mapping[int, str],
) -> list[tuple[str, ...]]:
    """One row per player over every game: wins (what it is ranked by) and games in all,
    then their rating in each game ("-": never played it); most wins first, then fewer
    games."""
    totals: dict[int, list[int]] = {}
    for rows in standings.values():
        for standing in rows:
            games_wins = totals.setdefault(standing.user_id, [0, 0])
            games_wins[0] += standing.games
            games_wins[1] += standing.wins
    ranked = sorted(totals, key=lambda user: (-totals[user][1], totals[user][0], user))
    result = []
    for place, user in enumerate(ranked, start=1):
        cells = []
        for kind in kinds:
            rating = ratings.get(kind, {}).get(user)
            cells.append(rating_text(rating.mu, rating.sigma) if rating else "-")
        # The name column comes first: the scoreboard image left-aligns it and gives it
        # the room left over; the place goes in front of the name.
        name = names.get(user, str(user))
        games, wins = totals[user]
        result.append((f"{place}. {name}", str(wins), str(games), *cells))
    return result


def chosen_kind(bot: GameBot, typed: str) -> GameKind:
    """The game kind named or titled as typed; `Refusal` naming the bot's games."""
    chosen = typed.strip().lower()
    by_title = [
        kind for kind in bot.kinds.values() if chosen in (kind.name, kind.words.title.lower())
    ]
    if by_title:
        return by_title[0]
    offered = ", ".join(kind.words.title for kind in bot.kinds.values())
    raise Refusal(
        _("{typed} is not a game of this bot; choose {games}.", typed=quoted(typed), games=offered)
    )


def game_choices(bot: GameBot, typed: str) -> list[app_commands.Choice[str]]:
    typed = typed.strip().lower()
    return [
        app_commands.Choice(name=kind.words.title, value=kind.name)  # names, as typed
        for kind in bot.kinds.values()
        if typed in kind.name or typed in kind.words.title.lower()
    ][:25]


async def season_choices(
    bot: GameBot, interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    """The server's seasons, the current one first, then all-time; in the member's
    language."""
    if interaction.guild_id is None:
        return []
    speech = await private(interaction)
    labels = [await current_season(bot, interaction.guild_id)]
    labels += await bot.storage.season_labels(interaction.guild_id)
    choices = [
        app_commands.Choice(name=season_name(label, speech.language), value=label)
        for label in dict.fromkeys(labels)
        if label != ALL_TIME
    ]
    choices.append(app_commands.Choice(name=speech(_("all-time")), value=ALL))
    typed = typed.strip().lower()
    return [c for c in choices if typed in c.name.lower() or typed in c.value][:25]
