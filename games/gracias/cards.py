"""Gracias cards (C1): 108 cards, 18 in each of six colours.

Every colour has a stable id (used in the notation, storage and tests), a letter and
a symbol so that players who do not tell colours apart can still read the table,
and a name in players' words (`word`, translated: the id is notation, the word is
what players read). The engine works on colour indexes 0..5 (the order of `COLOURS`)
for speed; the `Colour` members are what views, actions and the notation carry.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from games.text import Text, _p

# C1: id, letter, symbol and name of each colour, in the project's fixed order.
_TRAITS: dict[str, tuple[int, str, str, Text]] = {
    # TRANSLATORS: a Gracias colour, the colour of a card ("You took a hidden red").
    "red": (0, "R", "♥", _p("colour", "red")),
    "orange": (1, "O", "▲", _p("colour", "orange")),
    "yellow": (2, "Y", "★", _p("colour", "yellow")),
    "green": (3, "G", "♣", _p("colour", "green")),
    "blue": (4, "B", "◆", _p("colour", "blue")),
    "purple": (5, "P", "●", _p("colour", "purple")),
}


class Colour(enum.Enum):
    """C1: the six colours, in the project's fixed order (the order of scoring, C6).

    `index` is the position in `COLOURS` (0..5); `letter` (one capital letter) and
    `symbol` (one shape) are unique per colour, for players who do not tell colours
    apart; `word` is the colour's name as players read it, a `Text` to translate
    (`id` is notation). They are plain attributes, read on every action."""

    RED = "red"
    ORANGE = "orange"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    PURPLE = "purple"

    def __init__(self, value: str) -> None:
        self.id: str = value
        self.index: int = _TRAITS[value][0]
        self.letter: str = _TRAITS[value][1]
        self.symbol: str = _TRAITS[value][2]
        self.word: Text = _TRAITS[value][3]

    def __str__(self) -> str:
        return self.id


COLOURS: tuple[Colour, ...] = tuple(Colour)
COLOUR_IDS: tuple[str, ...] = tuple(colour.id for colour in COLOURS)
COLOUR_WORDS: tuple[Text, ...] = tuple(colour.word for colour in COLOURS)
"""The colours' names in players' words, by colour index (event texts, refusals)."""

CARDS_PER_COLOUR = 18  # C1
DECK_SIZE = CARDS_PER_COLOUR * len(COLOURS)  # C1: 108


def full_deck() -> list[int]:
    """The 108 cards as colour indexes, in colour order (shuffle before use, C4)."""
    return [index for index in range(len(COLOURS)) for _ in range(CARDS_PER_COLOUR)]


def colour_ids(cards: Iterable[int]) -> list[str]:
    """The ids of cards given as colour indexes (the saved state, the replay state)."""
    return [COLOUR_IDS[c] for c in cards]


def parse_colour(value: object) -> Colour | None:
    """The colour named by a notation id ("red"...), or None when it names none."""
    if isinstance(value, str):
        try:
            return Colour(value)
        except ValueError:
            return None
    return None
