"""`/stats [player] [game]`: one player's card on this server, as a picture with its
words: rating and its history, games, wins, places, favourite game, best result, the
longest winning streak, the record against the people they met most, and in words how
long their turns take (live and slow games apart). Without a
game, the card is of the player's favourite game (the one they finished most).
All-time figures: the scoreboard is where seasons are compared.
"""

from __future__ import annotations

import functools
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import Refusal
from bot.core.kinds import GameKind
from bot.core.language import mention
from bot.core.limits import SLOW_PACES
from bot.core.sharing import Reply, arguments, number
from bot.core.skill import Rating, rating_text, shown
from bot.core.storage.stats import PlayedGame, Rivalry, TurnTime
from bot.exts._boards import (
    PROVISIONAL,
    SERVER_ONLY,
    chosen_kind,
    game_choices,
    money_or_points,
    win_rate,
)
from games.text import Duration, Text, _, _n, _p, joined

if TYPE_CHECKING:
    from bot.client import GameBot
    from render.player_card import PlayerCard


PLACES = {
    # TRANSLATORS: a place at the end of a game, in the player card's "places" line.
    1: _p("place", "1st"),
    2: _p("place", "2nd"),
    3: _p("place", "3rd"),
    4: _p("place", "4th"),
    5: _p("place", "5th"),
    6: _p("place", "6th"),
}
"""The places a game of up to six seats has, as words."""


def places_text(games: Sequence[PlayedGame]) -> Text:
    """ "1st ×5 · 2nd ×4 · 3rd ×1": how often the player finished at each place (short,
    for a box of the player card that six places must fit)."""
    counts = Counter(game.place for game in games)
    return joined(
        " · ",
        [
            Text.verbatim("{place} ×{count}", place=PLACES.get(place) or str(place), count=count)
            for place, count in sorted(counts.items())
        ],
    )


def longest_streak(games: Sequence[PlayedGame]) -> int:
    """The most games won in a row (games in finish order)."""
    longest = current = 0
    for game in games:
        current = current + 1 if game.place == 1 else 0
        longest = max(longest, current)
    return longest


def record_text(rivalry: Rivalry) -> Text:
    """ "3 wins, 2 losses, 1 tie": games placed above, below and level with them."""
    parts = [_n("{count} win", "{count} wins", rivalry.wins)]
    if rivalry.losses:
        parts.append(_n("{count} loss", "{count} losses", rivalry.losses))
    if rivalry.ties:
        parts.append(_n("{count} tie", "{count} ties", rivalry.ties))
    return joined(", ", parts)


def best_result(
    kind: GameKind, games: Sequence[PlayedGame], history: Sequence[int]
) -> tuple[Text, str]:
    """The card's best result, with its label: the best final score where the game
    keeps scores, else the highest rating reached."""
    words = kind.words
    if words.money or words.score_text is not None:
        best = max(game.score for game in games)
        return _("best final score"), money_or_points(best, words.money)
    return _("highest rating"), Text.verbatim("{rating:,}", rating=max(history))


def history_words(history: Sequence[int]) -> Text:
    """The chart in words: where the rating started, where it is, its highest."""
    if not history:
        return Text.verbatim("-")
    # TRANSLATORS: a rating's history in words, under a chart of it.
    return _(
        "from {first:,} to {last:,}, highest {highest:,}",
        first=history[0],
        last=history[-1],
        highest=max(history),
    )


MOST_TURNS_FOR_A_FIGURE = 3
"""Turns of one pace at least before their times are told."""


def turns_text(times: Sequence[TurnTime]) -> Text | None:
    """How long the player's turns take, live games apart from slow ones (a pace of an
    hour or more): the median and the 90th percentile. None without enough turns."""
    lines = []
    for slow_games in (False, True):
        waits = [
            t.seconds
            for t in times
            if not t.undo and ((t.turn_minutes or 0) >= SLOW_PACES[0]) == slow_games
        ]
        if len(waits) < MOST_TURNS_FOR_A_FIGURE:
            continue
        # Whole seconds, one at least: a click answered at once took "1 second".
        median = Duration(max(1, round(statistics.median(waits))))
        most = Duration(max(1, round(statistics.quantiles(waits, n=10, method="inclusive")[8])))
        if slow_games:
            # TRANSLATORS: /stats: how long a player's turns take in slow games (days).
            lines.append(
                _(
                    "Turns in slow games: half within {median}, 9 in 10 within {most}.",
                    median=median,
                    most=most,
                )
            )
        else:
            # TRANSLATORS: /stats: how long a player's turns take in live games.
            lines.append(
                _("Turns: half within {median}, 9 in 10 within {most}.", median=median, most=most)
            )
    return joined(" ", lines) if lines else None


async def player_card(
    bot: GameBot, guild_id: int, kind: GameKind, user_id: int, name: str
) -> tuple[PlayerCard, Text, Text] | None:
    """The card, its words for the message and for screen readers; None when the
    player finished no game of this kind on this server."""
    from render.player_card import PlayerCard

    storage = bot.storage
    played = await storage.played_games(guild_id, user_id)
    games = [game for game in played if game.kind == kind.name]
    if not games:
        return None
    rating = (await storage.ratings(guild_id, kind.name)).get(user_id, Rating())
    history = [
        shown(h.mu, h.sigma) for h in await storage.rating_history(guild_id, kind.name, user_id)
    ]
    favourite, favourite_games = Counter(game.kind for game in played).most_common(1)[0]
    rivals = await storage.rivalries(guild_id, kind.name, user_id)
    names = await storage.player_names(guild_id, [rival.opponent for rival in rivals])
    wins = sum(game.place == 1 for game in games)
    favourite_words = _n(
        "{game} ({count} game)",
        "{game} ({count} games)",
        favourite_games,
        game=bot.kinds[favourite].words.title,
    )
    best_label, best = best_result(kind, games, history or [rating.shown])
    figures = (
        (_("games"), str(len(games))),
        (_("wins"), str(wins)),
        (_("win rate"), win_rate(wins, len(games))),
        (_("places"), places_text(games)),
        (_("favourite game"), favourite_words),
        (best_label, best),
        (_("longest winning streak"), str(longest_streak(games))),
    )
    rival_rows = [
        (names.get(rival.opponent, str(rival.opponent)), record_text(rival)) for rival in rivals
    ]
    rating_words = rating_text(rating.mu, rating.sigma)
    title = _("{player} at {game}", player=name, game=kind.words.title)
    card = PlayerCard(
        title=title,
        rating=rating_words,
        rating_label=_("rating"),
        figures=figures,
        history=history,
        history_label=_("rating after each game"),
        rivals_title=_("against the players met most"),
        rivals=rival_rows,
    )
    text = _(
        "**{title}**: rating {rating}, {games}, {wins}.",
        title=title,
        rating=rating_words,
        games=_n("{count} game", "{count} games", len(games)),
        wins=_n("{count} win", "{count} wins", wins),
    )
    if rating.provisional:
        text = joined(" ", [text, PROVISIONAL])
    turns = turns_text(await storage.turn_times(guild_id, kind.name, user_id))
    if turns is not None:
        text = joined("\n", [text, turns])
    rivals_words = joined(
        ", ", [Text.verbatim("{name} {record}", name=n, record=r) for n, r in rival_rows]
    )
    alt = _(
        "{title}: rating {rating}; {figures}; against the players met most: {rivals}; "
        "rating after each game: {history}.",
        title=title,
        rating=rating_words,
        figures=joined("; ", [Text.verbatim("{l} {v}", l=label, v=v) for label, v in figures]),
        rivals=rivals_words or "-",
        history=history_words(history),
    )
    return card, text, alt


class Stats(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="A player's card: rating, history, rivals")
    @app_commands.describe(
        player="Whose card; default yours", game="One game; default the one played most"
    )
    @app_commands.guild_only()  # a server's figures: Discord offers it in servers only
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        kind = None if game is None else chosen_kind(self.bot, game)
        who = player or interaction.user
        await player_stats(self.bot, Reply(interaction), who.id, who.display_name, kind)

    @stats.autocomplete("game")
    async def game_choices(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.bot, typed)


async def player_stats(
    bot: GameBot, reply: Reply, user_id: int, shown_name: str, kind: GameKind | None
) -> None:
    """A player's card (`kind`: None, the game they played most) as `reply` says."""
    guild_id = reply.interaction.guild_id
    if guild_id is None:
        raise Refusal(SERVER_ONLY)
    await reply.begin()
    if kind is None:
        played = Counter(g.kind for g in await bot.storage.played_games(guild_id, user_id))
        kind = bot.kinds.get(played.most_common(1)[0][0]) if played else None
    reply.shared_as("stats", str(user_id), kind.name if kind is not None else "")
    speech = await reply.speech()
    made = None
    if kind is not None:
        names = await bot.storage.player_names(guild_id, [user_id])
        name = names.get(user_id, shown_name)
        made = await player_card(bot, guild_id, kind, user_id, name)
    if made is None:
        whom = mention(user_id)
        if kind is None:
            text = _("{player} has no finished game on this server yet.", player=whom)
        else:
            text = _(
                "{player} has no finished {game} game on this server yet.",
                player=whom,
                game=kind.words.title,
            )
        await reply.send(speech(text))
        return
    from render.player_card import player_card_image

    card, text, alt = made
    file = await bot.publisher.render(
        player_card_image, card, "player-card.png", alt, speech.language
    )
    await reply.send(speech(text), [file] if file else [])


async def shared_stats(
    bot: GameBot, interaction: discord.Interaction[Any], reply: Reply, args: tuple[str, ...]
) -> None:
    """A player's card again, from its Share button: the player and the game."""
    whose, kind = arguments(args, 2)
    record = bot.kinds.get(kind) if kind else None
    if kind and record is None:
        raise Refusal(_("That game is no longer played here."))
    user_id = number(whose)
    await player_stats(bot, reply, user_id, str(user_id), record)


async def setup(bot: GameBot) -> None:
    bot.shared_answers["stats"] = functools.partial(shared_stats, bot)
    await bot.add_cog(Stats(bot))
