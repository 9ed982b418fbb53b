"""Grass cards: ids, kinds, values, counts and the decks (G1, G9, G12, G13, G21).

The enum values are the card ids of G1, used everywhere: notation, storage, tests.
"""

from __future__ import annotations

import enum
from types import MappingProxyType

from games.words import money as money  # its old home: callers import it from here


class Kind(enum.Enum):
    """What a card does, as G1 groups them."""

    MARKET_OPEN = "market_open"
    PEDDLE = "peddle"
    HEAT_ON = "heat_on"
    HEAT_OFF = "heat_off"  # the four matching Heat Off cards (G9)
    PAY_FINE = "pay_fine"  # Heat Off, any (G10)
    NIRVANA = "nirvana"
    PROTECT = "protect"
    PARANOIA = "paranoia"
    SKIM = "skim"  # steal_your_neighbors_pot and banker
    MARKET_CLOSE = "market_close"

    __hash__ = object.__hash__  # members are singletons (see Card)


class Card(enum.Enum):
    """One card type; the value is its G1 id."""

    MARKET_OPEN = "market_open"
    HOME_GROWN = "home_grown"
    MEXICO = "mexico"
    COLOMBIA = "colombia"
    JAMAICA = "jamaica"
    PANAMA = "panama"
    DR_FEELGOOD = "dr_feelgood"
    BUST = "bust"
    DETAINED = "detained"
    FELONY = "felony"
    SEARCH_AND_SEIZURE = "search_and_seizure"
    IMMUNITY = "immunity"
    A_BREEZE_TO_FLY = "a_breeze_to_fly"
    HEARSAY_EVIDENCE = "hearsay_evidence"
    CHARGES_DROPPED = "charges_dropped"
    PAY_FINE = "pay_fine"
    STONEHIGH = "stonehigh"
    EUPHORIA = "euphoria"
    LUST_CONQUERS_ALL = "lust_conquers_all"
    GRAB_A_SNACK = "grab_a_snack"
    CATCH_A_BUZZ = "catch_a_buzz"
    SOLD_OUT = "sold_out"
    DOUBLE_CROSSED = "double_crossed"
    UTTERLY_WIPED_OUT = "utterly_wiped_out"
    STEAL_YOUR_NEIGHBORS_POT = "steal_your_neighbors_pot"
    BANKER = "banker"
    MARKET_CLOSE = "market_close"

    # Filled in below for every member: plain attributes, because the engine reads
    # them in its inner loops (a property or an Enum's Python-level hash is slow).
    kind: Kind
    title: str  # the printed name, for texts and images
    value_usd: int  # peddle value, Protect cover limit or Paranoia penalty; else 0
    is_peddle: bool

    # Members are singletons, so identity hashing is exact and much faster than
    # Enum's default (which hashes the name in Python).
    __hash__ = object.__hash__

    @property
    def id(self) -> str:
        return str(self.value)

    @classmethod
    def parse(cls, text: object) -> Card:
        """The card with this id; `ValueError` for anything else."""
        if isinstance(text, str):
            card = _BY_ID.get(text)
            if card is not None:
                return card
        raise ValueError(f"unknown card id {text!r}")

    def __repr__(self) -> str:
        return f"Card.parse({self.value!r})"


C = Card

TITLES: MappingProxyType[Card, str] = MappingProxyType(
    {
        C.MARKET_OPEN: "Market Open",
        C.HOME_GROWN: "Home Grown",
        C.MEXICO: "Mexico",
        C.COLOMBIA: "Colombia",
        C.JAMAICA: "Jamaica",
        C.PANAMA: "Panama",
        C.DR_FEELGOOD: "Dr. Feelgood",
        C.BUST: "Bust",
        C.DETAINED: "Detained",
        C.FELONY: "Felony",
        C.SEARCH_AND_SEIZURE: "Search and Seizure",
        C.IMMUNITY: "Immunity",
        C.A_BREEZE_TO_FLY: "A Breeze to Fly",
        C.HEARSAY_EVIDENCE: "Hearsay Evidence",
        C.CHARGES_DROPPED: "Charges Dropped",
        C.PAY_FINE: "Pay Fine",
        C.STONEHIGH: "Stonehigh",
        C.EUPHORIA: "Euphoria",
        C.LUST_CONQUERS_ALL: "Lust Conquers All",
        C.GRAB_A_SNACK: "Grab a Snack",
        C.CATCH_A_BUZZ: "Catch a Buzz",
        C.SOLD_OUT: "Sold Out",
        C.DOUBLE_CROSSED: "Double Crossed",
        C.UTTERLY_WIPED_OUT: "Utterly Wiped Out",
        C.STEAL_YOUR_NEIGHBORS_POT: "Steal Your Neighbor's Pot",
        C.BANKER: "Banker",
        C.MARKET_CLOSE: "Market Close",
    }
)

# G1: how many of each card the 104-card deck holds, in the table's order.
COUNTS: MappingProxyType[Card, int] = MappingProxyType(
    {
        C.MARKET_OPEN: 10,
        C.HOME_GROWN: 6,
        C.MEXICO: 6,
        C.COLOMBIA: 5,
        C.JAMAICA: 5,
        C.PANAMA: 5,  # G1: the French text's 6 is a typo
        C.DR_FEELGOOD: 1,
        C.BUST: 3,
        C.DETAINED: 3,
        C.FELONY: 3,
        C.SEARCH_AND_SEIZURE: 3,
        C.IMMUNITY: 5,
        C.A_BREEZE_TO_FLY: 5,
        C.HEARSAY_EVIDENCE: 5,
        C.CHARGES_DROPPED: 5,
        C.PAY_FINE: 4,
        C.STONEHIGH: 5,
        C.EUPHORIA: 1,
        C.LUST_CONQUERS_ALL: 2,
        C.GRAB_A_SNACK: 2,
        C.CATCH_A_BUZZ: 2,
        C.SOLD_OUT: 4,
        C.DOUBLE_CROSSED: 3,
        C.UTTERLY_WIPED_OUT: 1,
        C.STEAL_YOUR_NEIGHBORS_POT: 4,
        C.BANKER: 1,
        C.MARKET_CLOSE: 5,
    }
)

PEDDLE_VALUES: MappingProxyType[Card, int] = MappingProxyType(
    {
        C.HOME_GROWN: 5_000,
        C.MEXICO: 5_000,
        C.COLOMBIA: 25_000,
        C.JAMAICA: 25_000,
        C.PANAMA: 50_000,
        C.DR_FEELGOOD: 100_000,
    }
)

# G12: the most a Protect card may cover.
PROTECT_LIMITS: MappingProxyType[Card, int] = MappingProxyType(
    {C.LUST_CONQUERS_ALL: 50_000, C.GRAB_A_SNACK: 25_000, C.CATCH_A_BUZZ: 25_000}
)

# G13, G18: what a Paranoia card costs if still held when the hand is scored.
PARANOIA_PENALTIES: MappingProxyType[Card, int] = MappingProxyType(
    {C.SOLD_OUT: 25_000, C.DOUBLE_CROSSED: 50_000, C.UTTERLY_WIPED_OUT: 100_000}
)

VALUES: MappingProxyType[Card, int] = MappingProxyType(
    {**PEDDLE_VALUES, **PROTECT_LIMITS, **PARANOIA_PENALTIES}
)

# G9: the Heat Off that lifts each Heat On.
HEAT_OFF_FOR: MappingProxyType[Card, Card] = MappingProxyType(
    {
        C.BUST: C.IMMUNITY,
        C.DETAINED: C.A_BREEZE_TO_FLY,
        C.FELONY: C.HEARSAY_EVIDENCE,
        C.SEARCH_AND_SEIZURE: C.CHARGES_DROPPED,
    }
)
LIFTS: MappingProxyType[Card, Card] = MappingProxyType(
    {off: on for on, off in HEAT_OFF_FOR.items()}
)

_K = Kind
KINDS: MappingProxyType[Card, Kind] = MappingProxyType(
    {
        C.MARKET_OPEN: _K.MARKET_OPEN,
        **dict.fromkeys(PEDDLE_VALUES, _K.PEDDLE),
        **dict.fromkeys(HEAT_OFF_FOR, _K.HEAT_ON),
        **dict.fromkeys(LIFTS, _K.HEAT_OFF),
        C.PAY_FINE: _K.PAY_FINE,
        C.STONEHIGH: _K.NIRVANA,
        C.EUPHORIA: _K.NIRVANA,
        **dict.fromkeys(PROTECT_LIMITS, _K.PROTECT),
        **dict.fromkeys(PARANOIA_PENALTIES, _K.PARANOIA),
        C.STEAL_YOUR_NEIGHBORS_POT: _K.SKIM,
        C.BANKER: _K.SKIM,
        C.MARKET_CLOSE: _K.MARKET_CLOSE,
    }
)

_BY_ID: dict[str, Card] = {card.value: card for card in Card}

# G13: turns lost by the player of a Paranoia card.
PARANOIA_LOST_TURNS: MappingProxyType[Card, int] = MappingProxyType(
    {C.SOLD_OUT: 1, C.DOUBLE_CROSSED: 2, C.UTTERLY_WIPED_OUT: 2}
)

# G21: the cards left out of learning hands 1 and 2 (25 cards), and of hand 3 (14).
LEARNING_HAND_1_2_OUT: frozenset[Card] = frozenset(
    {C.STONEHIGH, C.EUPHORIA, *PROTECT_LIMITS, *PARANOIA_PENALTIES}
    | {C.STEAL_YOUR_NEIGHBORS_POT, C.BANKER}
)
LEARNING_HAND_3_OUT: frozenset[Card] = frozenset({C.STONEHIGH, C.EUPHORIA, *PARANOIA_PENALTIES})


for _card in Card:
    _card.kind = KINDS[_card]
    _card.title = TITLES[_card]
    _card.value_usd = VALUES.get(_card, 0)
    _card.is_peddle = _card in PEDDLE_VALUES
del _card


def full_deck() -> list[Card]:
    """The 104 cards of G1 in a fixed order (shuffle a copy)."""
    return [card for card, count in COUNTS.items() for _ in range(count)]


def deck_for_hand(hand: int, learning: bool) -> list[Card]:
    """The unshuffled deck of hand `hand` (1-based): G1, or G21 in learning mode."""
    if learning and hand <= 2:
        return [card for card in full_deck() if card not in LEARNING_HAND_1_2_OUT]
    if learning and hand == 3:
        return [card for card in full_deck() if card not in LEARNING_HAND_3_OUT]
    return full_deck()
