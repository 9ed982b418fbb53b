"""The words Graps's board drawer (render/web/graps.js) shows beside the view's own, in
the reader's language: call `words()` inside `lang.speaking`.

They are the picture's words (render/graps/board.py) and the bot's (its sides, die
faces and end lines), with the same message ids, so they come translated.
"""

from __future__ import annotations

from collections.abc import Callable

from games.graps.views import Face, Side
from games.text import Text, _, _n, _p
from lang import spoken
from render.graps.board import ROLLED

LEFT_OUT: frozenset[str] = frozenset({"recent", "moves", "options", "legal"})
"""The public view's fields the drawer does without: the last events (the page lists the
moves in words), the move count, the options (nothing drawn depends on them) and the
legal cells, which the table does not dot (the picture dots them for the mover only;
a live page drawing the mover's board keeps them)."""

# A count's message, its field left as "{count}" for the drawer to fill: the
# translation keeps it as it is while the number chooses the form.
COUNTED: dict[str, Callable[[int], Text]] = {
    "supply": lambda n: _n("{count} in supply", "{count} in supply", n, count="{count}"),
    "lost": lambda n: _n("{count} lost", "{count} lost", n, count="{count}"),
}
FORMS = {"0": 0, "1": 1, "n": 2}
"""The counts whose forms the drawer gets ("supply_0", "supply_1", "supply_n"): enough
for our languages, where 2 and more share a form and 0 takes 1's (French) or not."""


def words() -> dict[str, str]:
    """Every word the drawer shows that the view does not hold, translated; templates
    keep their "{field}"s for the drawer to fill."""
    texts: dict[str, Text] = {
        "rolled_grape": ROLLED[Face.GRAPE],
        "rolled_blank": ROLLED[Face.BLANK],
        "setup_grape": _("set-up grape"),
        "land_dark": _("dark, row {row}", row=Side.DARK.land_row),
        "land_light": _("light, row {row}", row=Side.LIGHT.land_row),
        # The pawns' names for screen readers, as the bot's menus say them.
        "side_dark": _p("side", "dark"),
        "side_light": _p("side", "light"),
        "face_grape": _p("die face", "grape"),
        "face_blank": _p("die face", "blank"),
        "last_placement": _("last placement {cell}", cell="{cell}"),
        # The line under the players once the game is over, as the bot's status line.
        "game_over_how": _("Game over. {how}.", how="{how}"),
        "game_over_wins": _("Game over: {player} wins.", player="{player}"),
        "game_over_draw": _("Game over: a draw."),
    }
    for key, message in COUNTED.items():
        texts.update({f"{key}_{form}": message(number) for form, number in FORMS.items()})
    return {key: spoken(text) for key, text in texts.items()}
