"""The words the Gracias table and round scores drawn in a web page need beside the view
(render/web/gracias.js): the picture's own words (table.py, scores.py) and, for screen
readers, the words the table message writes a trio or a seat in (bot/exts/gracias/ui.py),
with the same message ids, so they come translated.

A message with fields is given as its template, the fields left as "{name}" for the
drawer to fill (draw.js's `filled`). A message whose form depends on a number is given
in three forms, "key.0", "key.1" and "key.n" (for 0, 1, and 2 or more): the forms the
four languages tell apart.
"""

from __future__ import annotations

from collections.abc import Callable

from games.gracias.cards import COLOURS
from games.text import Text, _, _n, _p
from lang import spoken
from render.gracias.scores import BEST_ROUND, LEADING
from render.gracias.table import COLOUR_NAMES
from render.scoreboard import WINNER

LEFT_OUT: frozenset[str] = frozenset({"recent", "players"})
"""The view's fields the drawers do not read: the last events' words (the page lists
each step's own) and the players (the seats name them, in order)."""

_A_NAME = "a\u2060"
"""A name beginning with "a", which Italian says "ad" before (lang's euphonic d)."""


def _texts() -> dict[str, Text]:
    """The messages of `words`, by key (the tests check their ids are in the catalog)."""
    texts: dict[str, Text] = {
        # The table's header (table.py).
        "when": _("Round {round} of 3  ·  Turn {turn} of 4", round="{round}", turn="{turn}"),
        "take": _("{player} to take a trio", player="{player}"),
        "take_a": _("{player} to take a trio", player=_A_NAME),
        "keeps": _(
            "{player} keeps one card of trio {trio} and gives one", player="{player}", trio="{trio}"
        ),
        "won": _("Game over: {player} wins", player="{player}"),
        "shared": _("Game over: shared win, {players}", players="{players}"),
        # The trios and the seats (table.py).
        "trio": _("Trio {number}", number="{number}"),
        "taken_by": _("taken by"),
        "no_trios": _("No trios on the table"),
        "left": _p("badge", "LEFT"),
        "big_opener": _p("badge", "BIG OPENER"),
        "small": _p("badge", "SMALL"),
        "small_opener": _p("badge", "SMALL OPENER"),
        # For screen readers, as the table message writes them (bot/exts/gracias/ui.py).
        "trio_cards": _("Trio {number}: {cards}", number="{number}", cards="{cards}"),
        "face_down": _("{cards} + a face-down card", cards="{cards}"),
        "split": _p("trio", "split"),
        "taken": _("{trio} (taken by {player})", trio="{trio}", player="{player}"),
        "total": _("total {points}", points="{points}"),
        "reserve": _("reserve {cards}", cards="{cards}"),
        "empty": _p("reserve", "empty"),
        "round_score": _("round {round}: {score}", round="{round}", score="{score}"),
        # The round scores (scores.py, scoreboard.py).
        "scores": _("Gracias scores"),
        "winner_line": _("winner: {player}", player="{player}"),
        "winners_line": _("winners: {players}", players="{players}"),
        "after_round": _("after round {round}", round="{round}"),
        "round_title": _("Round {round}", round="{round}"),
        "best_round": BEST_ROUND[0],
        "leading": LEADING[0],
        "winner": WINNER[0],
        "all_rounds": _("All rounds"),
        "column_round": _p("column", "round"),
        "column_player": _p("column", "player"),
        "column_round_n": _p("column", "round {round}", round="{round}"),
        "column_total": _p("column", "total"),
        "pack_plus": _("pack + {count}", count="{count}"),
        "pack": _p("round score", "pack"),
    }
    for colour in COLOURS:
        texts[colour.id] = COLOUR_NAMES[colour]
    counted: dict[str, Callable[[int], Text]] = {
        "hidden": lambda n: _n("{count} hidden", "{count} hidden", n),
        "pack_out": lambda n: _n("pack, {count} out", "pack, {count} out", n),
        "out": lambda n: _n("{count} out", "{count} out", n),
        "kept": lambda n: _n("{count} kept", "{count} kept", n),
    }
    for key, message in counted.items():
        for form, number in (("0", 0), ("1", 1), ("n", 2)):
            texts[f"{key}.{form}"] = message(number).with_fields(count="{count}")
    return texts


def words() -> dict[str, str]:
    """The drawer's words in the reader's language (call inside `lang.speaking`)."""
    said = {key: spoken(text) for key, text in _texts().items()}
    said["take_a"] = said["take_a"].replace(_A_NAME, "{player}")
    return said


def part_name(number: str) -> Text:
    """A round as the replay page heads it, as the score sheets do (the same message)."""
    return _("Round {round}", round=number)
