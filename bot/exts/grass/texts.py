"""Grass words for Discord: card effects in one line, options, hands, rules lookup.

Rule ids cited are those of DECISIONS.md / docs/rules/grass.md (G1..G21).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from bot.core.kinds import Words
from games.grass.cards import Card, Kind, money
from games.protocol import JSON, quoted

EFFECTS: Mapping[Kind, str] = {
    Kind.MARKET_OPEN: "Opens your market; needed before you peddle (G5).",
    Kind.PEDDLE: "Goes to your stash when your market is clear (G7).",
    Kind.HEAT_ON: "Blocks an opponent's open market (G8).",
    Kind.HEAT_OFF: "Lifts the matching Heat On from your market (G9).",
    Kind.PAY_FINE: "Lifts any Heat On; your lowest unprotected peddle pays (G10).",
    Kind.NIRVANA: "Lifts your Heat, takes a peddle from each opponent, extra turn (G11).",
    Kind.PROTECT: "Covers stash peddles for the rest of the hand (G12).",
    Kind.PARANOIA: "You lose turns and peddles, then everyone passes a card left (G13).",
    Kind.SKIM: "Skim card (G14, G15).",
    Kind.MARKET_CLOSE: "Ends the hand when your market is clear (G16).",
}
SPECIFIC: Mapping[Card, str] = {
    Card.STEAL_YOUR_NEIGHBORS_POT: "Take an opponent's highest unprotected peddle (G14).",
    Card.BANKER: "No play; at the end of the hand its holder skims 20% (G15).",
    Card.STONEHIGH: "Lifts your Heat, takes each opponent's lowest peddle, extra turn (G11).",
    Card.EUPHORIA: "Lifts your Heat, takes each opponent's highest peddle, extra turn (G11).",
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
    return (
        f"Target {money(int(target)) if isinstance(target, int) else target} (G19) · "
        f"Heat stacking {'on' if stacking else 'off'} (G8) · "
        f"trades {'secret' if secret else 'public'} (G20) · "
        f"learning mode {'on' if learning else 'off'} (G21)"
    )


WORDS = Words(
    "Grass",
    round_name="hand",
    money=True,
    left_text="You left the game; your cards go to the discard pile.",
    rules_caption="The rules of Grass as this bot plays them (decision ids G1 to G21):",
)
"""What the shared commands and messages say about Grass."""
