"""Grass's cards and options in words, for the hand messages (ui.py), the typed
commands (cog.py: autocomplete, and typed card names read back) and the how-to-play
(howto.py): what each card does in one line, its label, the lobby's options.

Card names stay as printed on the cards in every language (plain strings); the rest
is marked for translation (games/text.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from games.grass import Card
from games.grass.cards import Kind
from games.protocol import JSON, quoted
from games.text import Money, Text, _, joined
from render.grass.cards import card_label

EFFECTS: Mapping[Kind, Text] = {
    # The rule each line plays (DECISIONS.md): G5, G7, G8, G9, G10, G11, G12, G13, G16.
    Kind.MARKET_OPEN: _("Opens your market; needed before you peddle."),
    Kind.PEDDLE: _("Goes to your stash when your market is clear."),
    Kind.HEAT_ON: _("Blocks an opponent's open market."),
    Kind.HEAT_OFF: _("Lifts the matching Heat On from your market."),
    Kind.PAY_FINE: _("Lifts any Heat On; your lowest unprotected peddle pays."),
    Kind.NIRVANA: _("Lifts your Heat, takes a peddle from each opponent, extra turn."),
    Kind.PROTECT: _("Covers stash peddles for the rest of the hand."),
    Kind.PARANOIA: _("You lose turns and peddles, then everyone passes a card left."),
    Kind.SKIM: _("Takes money from other players' stashes."),
    Kind.MARKET_CLOSE: _("Ends the hand when your market is clear."),
}
SPECIFIC: Mapping[Card, Text] = {
    # G14, G15, G11.
    Card.STEAL_YOUR_NEIGHBORS_POT: _("Take an opponent's highest unprotected peddle."),
    Card.BANKER: _(
        "Not played; at the end of the hand its holder takes 20% of the others' stashes."
    ),
    Card.STONEHIGH: _("Lifts your Heat, takes each opponent's lowest peddle, extra turn."),
    Card.EUPHORIA: _("Lifts your Heat, takes each opponent's highest peddle, extra turn."),
}


def effect(card: Card) -> Text:
    """One line on what the card does, for select menus and `/grass rules card`."""
    line = SPECIFIC.get(card) or EFFECTS[card.kind]
    if card.kind is Kind.PEDDLE:
        return Text.verbatim("{amount}. {effect}", amount=Money(card.value_usd), effect=line)
    if card.kind is Kind.PROTECT:
        covers = _("Covers up to {amount}.", amount=Money(card.value_usd))
        return joined(" ", [covers, line])
    if card.kind is Kind.PARANOIA:
        # TRANSLATORS: a Paranoia card's cost when a player still holds it as a hand ends.
        penalty = _("{amount} penalty if held at the end.", amount=Money(card.value_usd))
        return joined(" ", [penalty, line])
    return line


def card_list(cards: Iterable[Card]) -> Text:
    names = [card_label(card) for card in cards]
    # TRANSLATORS: in place of a list of cards that is empty ("you get: nothing").
    return joined(", ", names) if names else _("nothing")


def parse_card(text: str) -> Card:
    """A card from its id or its printed name, case and punctuation ignored."""
    wanted = _squash(text)
    for card in Card:
        if wanted in (_squash(card.value), _squash(card.title)):
            return card
    # The error's message is a Text (`str(error)` keeps it): the commands refuse with it.
    raise ValueError(
        _(
            "{typed} is not a Grass card; try a name such as Panama or Bust",
            typed=quoted(text),
        )
    )


def parse_cards(text: str | None) -> list[Card]:
    if not text:
        return []
    return [parse_card(part) for part in re.split(r"[,;]", text) if part.strip()]


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def options_text(options: Mapping[str, JSON]) -> Text:
    target = options.get("target", 250_000)
    stacking = options.get("heat_stacking", True)
    secret = options.get("secret_trades", False)
    learning = options.get("learning", False)
    # G19, G8, G20, G21.
    goal = Money(int(target)) if isinstance(target, int) else str(target)
    lines = [
        _("The first player to {amount} wins.", amount=goal),
        _("Heat stacking: more Heat On cards may land on a blocked market.")
        if stacking
        else _("No Heat stacking: Heat On only lands on an open market."),
        _(
            "Secret trades: the table only sees that a trade happened, and only hand cards "
            "change hands."
        )
        if secret
        else _("Public trades: the table sees what changes hands."),
    ]
    if learning:
        lines.append(
            _(
                "Learning mode: hand 1 is played with the simpler cards and no trades, hand 2 "
                "adds trades, hand 3 adds Protect, Steal Your Neighbor's Pot and Banker, and "
                "hand 4 uses the whole deck."
            )
        )
    return joined("\n", lines)
