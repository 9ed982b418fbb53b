"""Gracias words for Discord: colours with their symbols, reserves, trios, the rules file.

Every colour is written with its symbol and its id ("♥ red"), so the words read without
telling colours apart (C1). Rule ids cited are those of docs/rules/gracias.md (C1..C8).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.core.errors import Refusal
from bot.core.kinds import Words
from games.gracias import Colour, ColourCounts, TrioView


def colour_label(colour: Colour) -> str:
    return f"{colour.symbol} {colour.id}"


def colour_list(colours: Iterable[Colour]) -> str:
    """Colours in the order given (hidden cards in the order taken, C5)."""
    return ", ".join(colour_label(colour) for colour in colours) or "none"


def counts_text(counts: ColourCounts) -> str:
    """A reserve as "2 ♥ red, 1 ◆ blue" (only the colours held), or "empty"."""
    held = [f"{n} {colour_label(colour)}" for colour, n in counts.items() if n]
    return ", ".join(held) or "empty"


def trio_text(trio: TrioView) -> str:
    """A trio as the table shows it: its face-up cards and whether a face-down card lies
    there (never its colour, C5)."""
    up = " + ".join(colour_label(colour) for colour in trio.face_up)
    down = " + a face-down card" if trio.has_face_down else ""
    return f"trio {trio.number}: {up or 'split'}{down}"


def split_label(keep: Colour, give: Colour, to: str) -> str:
    return f"Keep {colour_label(keep)}, give {colour_label(give)} to {to}"


def parse_colour(text: str) -> Colour:
    """A colour from its id, letter or symbol ("red", "R", "♥"), case ignored."""
    wanted = text.strip().lower()
    for colour in Colour:
        if wanted in (colour.id, colour.letter.lower(), colour.symbol, colour_label(colour)):
            return colour
    raise Refusal(
        f"{text!r} is not a Gracias colour; use red, orange, yellow, green, blue or purple (C1)."
    )


WORDS = Words(
    "Gracias",
    left_text="You left the game; your reserve and hidden cards left the round.",
    rules_caption="The rules of Gracias as this bot plays them (decision ids C1 to C8):",
)
"""What the shared commands and messages say about Gracias."""
