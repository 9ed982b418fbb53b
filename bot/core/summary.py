"""The game-over message every kind shares, posted once when a game finishes: the
winners first (the kind's `game_over_text`), the final standings with totals, how long
the game took and how many moves it had, the score's progress as a chart where the
game keeps scores, and two buttons: Rematch (bot/exts/rematch.py) and Export (the
replay file)."""

from __future__ import annotations

import time
from typing import Any

import discord

from bot.core.gameui import ANY_VERSION, Control, GameButton, Post, SharedVerb, Table
from bot.core.kinds import GameKind
from games.words import money, plural


def score_text(kind: GameKind, score: int) -> str | None:
    if kind.words.money:
        return money(score)
    if kind.words.score_word is None:
        return None
    return plural(score, kind.words.score_word)


def length_text(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    if minutes < 90:
        return plural(minutes, "minute")
    hours, rest = divmod(minutes, 60)
    return f"{plural(hours, 'hour')} {plural(rest, 'minute')}" if rest else plural(hours, "hour")


def standings(kind: GameKind, table: Table[Any]) -> str:
    lines = []
    for result in kind.ui.results(table):
        score = score_text(kind, result.score)
        lines.append(f"{result.place}. {result.name}" + (f": {score}" if score else ""))
    return "\n".join(lines)


def summary_buttons(game_id: int) -> tuple[discord.ui.Item[Any], ...]:
    return (
        GameButton(
            Control(game_id, ANY_VERSION, SharedVerb.REMATCH),
            "Rematch",
            discord.ButtonStyle.primary,
        ),
        GameButton(Control(game_id, ANY_VERSION, SharedVerb.EXPORT), "Export"),
    )


def game_over_post(
    kind: GameKind, table: Table[Any], started_at: float, now: float | None = None
) -> Post:
    """The message; `started_at`: when the game's lobby opened (epoch seconds)."""
    played = (now or time.time()) - started_at
    moves = plural(table.version, "move")
    text = (
        f"{kind.ui.game_over_text(table)}\n{standings(kind, table)}\n"
        f"Played in {length_text(played)}, {moves}. **Rematch** plays again with the same "
        "seats and options; **Export** gives the record of the game."
    )
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
