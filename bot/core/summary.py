"""The game-over message every kind shares, posted once when a game finishes: the
winners first (the kind's `game_over_text`), the final standings with totals, how long
the game took and how many moves it had, the score's progress as a chart where the
game keeps scores, and two buttons: Rematch (bot/exts/_lobby.py) and Export (the
replay file)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import discord

from bot.core.gameui import ANY_VERSION, Control, GameButton, Post, SharedVerb, Table
from bot.core.kinds import GameKind
from bot.core.skill import change_text, rating_text
from bot.core.storage.ratings import RatingChange
from games.text import Money, Text, _, _n, _p, joined


def score_text(kind: GameKind, score: int) -> str | None:
    if kind.words.money:
        return Text.verbatim("{amount}", amount=Money(score))
    if kind.words.score_text is None:
        return None
    return kind.words.score_text(score)


def length_text(seconds: float) -> Text:
    minutes = max(1, round(seconds / 60))
    if minutes < 90:
        return _n("{count} minute", "{count} minutes", minutes)
    hours, rest = divmod(minutes, 60)
    in_hours = _n("{count} hour", "{count} hours", hours)
    if not rest:
        return in_hours
    # TRANSLATORS: how long a game took, e.g. "2 hours 5 minutes".
    return _(
        "{hours} {minutes}", hours=in_hours, minutes=_n("{count} minute", "{count} minutes", rest)
    )


def standings(kind: GameKind, table: Table[Any]) -> Text:
    lines = []
    for result in sorted(kind.ui.results(table), key=lambda result: result.place):
        score = score_text(kind, result.score)
        player = table.label(result.name)
        if score:
            # TRANSLATORS: a line of the final standings, "1. ann: 75,000 $" (French
            # typography puts a space before the colon).
            line = _("{place}. {player}: {score}", place=result.place, player=player, score=score)
        else:
            line = Text.verbatim("{place}. {player}", place=result.place, player=player)
        lines.append(line)
    return joined("\n", lines)


def ratings_line(
    kind: GameKind, table: Table[Any], changes: Mapping[str, RatingChange]
) -> Text | None:
    """ "Ratings: ann 1,136 (+36), bob 964? (−36)", in the final standings' order;
    `changes`: each seat's all-time change by seat name."""
    parts = [
        Text.verbatim(
            "{player} {rating} ({change})",
            player=result.name,
            rating=rating_text(*change.after),
            change=change_text(change.before, change.after),
        )
        for result in sorted(kind.ui.results(table), key=lambda result: result.place)
        if (change := changes.get(result.name)) is not None
    ]
    if not parts:
        return None
    # TRANSLATORS: {changes} lists each player's new rating and its change,
    # "ann 1,136 (+36), bob 964? (−36)"; "?" marks a rating still provisional.
    return _("Ratings: {changes}.", changes=joined(", ", parts))


def summary_buttons(game_id: int) -> tuple[discord.ui.Item[Any], ...]:
    return (
        GameButton(
            Control(game_id, ANY_VERSION, SharedVerb.REMATCH),
            _p("button", "Rematch"),
            discord.ButtonStyle.primary,
        ),
        GameButton(
            Control(game_id, ANY_VERSION, SharedVerb.WATCH), _p("button", "Watch the replay")
        ),
        GameButton(Control(game_id, ANY_VERSION, SharedVerb.EXPORT), _p("button", "Export")),
    )


def game_over_post(
    kind: GameKind,
    table: Table[Any],
    started_at: float,
    now: float | None = None,
    ratings: Mapping[str, RatingChange] | None = None,
) -> Post:
    """The message; `started_at`: when the game's lobby opened (epoch seconds);
    `ratings`: each seat's rating change by seat name."""
    played = (now or time.time()) - started_at
    played_line = _(
        "Played in {length}, {moves}. **Rematch** plays again with the same seats and "
        "options; **Watch the replay** shows the game again, animated; **Export** gives its "
        "record.",
        length=length_text(played),
        moves=_n("{count} move", "{count} moves", table.version),
    )
    lines = [kind.ui.game_over_text(table), standings(kind, table)]
    rated = ratings_line(kind, table, ratings or {})
    if rated is not None:
        lines.append(rated)
    text = joined("\n", [*lines, played_line])
    pictures = kind.pictures
    alt = None
    if pictures.progress is not None and pictures.progress_words is not None:
        alt = pictures.progress_words(table.view)
    return Post(
        text,
        pictures.progress,
        "progress.png",
        alt=alt,
        items=summary_buttons(table.game),
    )
