"""Stacked Grass decks for tests: say which cards each seat is dealt and which cards
are drawn next; the rest of the 104 follow in a fixed order. Used as the replay
header's "decks" (docs/notation.md) through the bot's GAME_SETUP_FILE test hook."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.grass.cards import full_deck


def stacked_deck(
    hands: Sequence[Sequence[str]], draws: Sequence[str] = (), first: int = 0
) -> list[str]:
    """Top card first. `hands[seat]` are the 6 cards of that seat; dealing starts with
    seat `first` (G2: hand n starts n-1 seats further left), one card at a time."""
    players = len(hands)
    top: list[str] = []
    for round_ in range(6):
        for k in range(players):
            top.append(hands[(first + k) % players][round_])
    top.extend(draws)
    rest = Counter(card.value for card in full_deck())
    rest.subtract(top)
    if any(count < 0 for count in rest.values()):
        raise ValueError(f"more copies than the deck holds: {-rest}")
    return top + [card.value for card in full_deck() if _take(rest, card.value)]


def _take(rest: Counter[str], card: str) -> bool:
    if rest[card] > 0:
        rest[card] -= 1
        return True
    return False
