"""Gracias cards (C1): 108 cards, 18 in each of six colours.

Every colour has a stable id (used in the notation, storage and tests), a letter and
a symbol so that players who do not tell colours apart can still read the table.
The engine works on colour indexes 0..5 (the order of `COLOURS`) for speed; the
`Colour` members are what views, actions and the notation carry.
"""

from __future__ import annotations

import enum


class Colour(enum.Enum):
    """C1: the six colours, in the project's fixed order (the order of scoring, C6)."""

    RED = "red"
    ORANGE = "orange"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    PURPLE = "purple"

    @property
    def index(self) -> int:
        """Position in `COLOURS` (0..5)."""
        return _INDEX[self]

    @property
    def letter(self) -> str:
        """C1: one capital letter per colour, unique, for colour-blind players."""
        return _LETTERS[self]

    @property
    def symbol(self) -> str:
        """C1: one shape per colour, unique, drawn on the card beside the letter."""
        return _SYMBOLS[self]

    def __str__(self) -> str:
        return self.value


COLOURS: tuple[Colour, ...] = tuple(Colour)
_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
_LETTERS = {
    Colour.RED: "R",
    Colour.ORANGE: "O",
    Colour.YELLOW: "Y",
    Colour.GREEN: "G",
    Colour.BLUE: "B",
    Colour.PURPLE: "P",
}
_SYMBOLS = {
    Colour.RED: "♥",
    Colour.ORANGE: "▲",
    Colour.YELLOW: "★",
    Colour.GREEN: "♣",
    Colour.BLUE: "◆",
    Colour.PURPLE: "●",
}

CARDS_PER_COLOUR = 18  # C1
DECK_SIZE = CARDS_PER_COLOUR * len(COLOURS)  # C1: 108


def full_deck() -> list[int]:
    """The 108 cards as colour indexes, in colour order (shuffle before use, C4)."""
    return [index for index in range(len(COLOURS)) for _ in range(CARDS_PER_COLOUR)]


def parse_colour(value: object) -> Colour | None:
    """The colour named by a notation id ("red"...), or None when it names none."""
    if isinstance(value, str):
        try:
            return Colour(value)
        except ValueError:
            return None
    return None
