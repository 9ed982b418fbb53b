"""Grass's cards and options in words, for the hand messages (ui.py), the typed
commands (cog.py: autocomplete, and typed card names read back) and the how-to-play
(howto.py): what each card does in one line, its label, the lobby's options."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from games.grass import Card
from games.grass.cards import Kind, money
from games.protocol import JSON, quoted

EFFECTS: Mapping[Kind, str] = {
    # The rule each line plays (DECISIONS.md): G5, G7, G8, G9, G10, G11, G12, G13, G16.
    Kind.MARKET_OPEN: "Opens your market; needed before you peddle.",
    Kind.PEDDLE: "Goes to your stash when your market is clear.",
    Kind.HEAT_ON: "Blocks an opponent's open market.",
    Kind.HEAT_OFF: "Lifts the matching Heat On from your market.",
    Kind.PAY_FINE: "Lifts any Heat On; your lowest unprotected peddle pays.",
    Kind.NIRVANA: "Lifts your Heat, takes a peddle from each opponent, extra turn.",
    Kind.PROTECT: "Covers stash peddles for the rest of the hand.",
    Kind.PARANOIA: "You lose turns and peddles, then everyone passes a card left.",
    Kind.SKIM: "Takes money from other players' stashes.",
    Kind.MARKET_CLOSE: "Ends the hand when your market is clear.",
}
SPECIFIC: Mapping[Card, str] = {
    # G14, G15, G11.
    Card.STEAL_YOUR_NEIGHBORS_POT: "Take an opponent's highest unprotected peddle.",
    Card.BANKER: "Not played; at the end of the hand its holder takes 20% of the others' stashes.",
    Card.STONEHIGH: "Lifts your Heat, takes each opponent's lowest peddle, extra turn.",
    Card.EUPHORIA: "Lifts your Heat, takes each opponent's highest peddle, extra turn.",
}


def effect(card: Card) -> str:
    """One line on what the card does, for select menus and `/grass rules card`."""
    line = SPECIFIC.get(card) or EFFECTS[card.kind]
    if card.kind is Kind.PEDDLE:
        return f"{money(card.value_usd)}. {line}"
    if card.kind is Kind.PROTECT:
        return f"Covers up to {money(card.value_usd)}. {line}"
    if card.kind is Kind.PARANOIA:
        return f"{money(card.value_usd)} penalty if held at the end. {line}"
    return line


def card_label(card: Card) -> str:
    if card.kind is Kind.PEDDLE:
        return f"{card.title} ({money(card.value_usd)})"
    return card.title


def card_list(cards: Iterable[Card]) -> str:
    names = [card_label(card) for card in cards]
    return ", ".join(names) if names else "nothing"


def parse_card(text: str) -> Card:
    """A card from its id or its printed name, case and punctuation ignored."""
    wanted = _squash(text)
    for card in Card:
        if wanted in (_squash(card.value), _squash(card.title)):
            return card
    raise ValueError(f"{quoted(text)} is not a Grass card; try a name such as Panama or Bust")


def parse_cards(text: str | None) -> list[Card]:
    if not text:
        return []
    return [parse_card(part) for part in re.split(r"[,;]", text) if part.strip()]


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def options_text(options: Mapping[str, JSON]) -> str:
    target = options.get("target", 250_000)
    stacking = options.get("heat_stacking", True)
    secret = options.get("secret_trades", False)
    learning = options.get("learning", False)
    # G19, G8, G20, G21.
    goal = money(int(target)) if isinstance(target, int) else str(target)
    lines = [
        f"The first player to {goal} wins.",
        "Heat stacking: more Heat On cards may land on a blocked market."
        if stacking
        else "No Heat stacking: Heat On only lands on an open market.",
        "Secret trades: the table only sees that a trade happened, and only hand cards "
        "change hands."
        if secret
        else "Public trades: the table sees what changes hands.",
    ]
    if learning:
        lines.append(
            "Learning mode: hand 1 is played with the simpler cards and no trades, hand 2 "
            "adds trades, hand 3 adds Protect, Steal Your Neighbor's Pot and Banker, and "
            "hand 4 uses the whole deck."
        )
    return "\n".join(lines)
