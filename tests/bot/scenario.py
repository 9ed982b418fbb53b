"""The stacked 3-player Grass game the end-to-end tests play (ann, bob, cy; target
$100,000): decks for hands 1 and 2 and the moves, in the notation of docs/notation.md.

Hand 1 covers the market opening (G5), peddles (G7), a declined and an accepted trade
(G20), Heat On (G8) lifted by Pay Fine (G10), a Paranoia pass (G13) and Market Close
(G16); hand 2 ends the game when ann's Dr. Feelgood lifts her over the target (G19).
"""

from __future__ import annotations

from typing import Any

from tests.bot.decks import stacked_deck

PLAYERS = ("ann", "bob", "cy")
TARGET = 100_000

HAND_1 = stacked_deck(
    [
        ["market_open", "panama", "bust", "market_close", "home_grown", "grab_a_snack"],
        ["market_open", "mexico", "pay_fine", "colombia", "home_grown", "immunity"],
        ["market_open", "jamaica", "sold_out", "mexico", "home_grown", "detained"],
    ],
    draws=[
        *("home_grown", "mexico", "mexico", "home_grown", "hearsay_evidence"),
        *("hearsay_evidence", "mexico", "mexico", "hearsay_evidence", "charges_dropped"),
    ],
)
HAND_2 = stacked_deck(
    [
        ["market_open", "dr_feelgood", "charges_dropped", "home_grown", "mexico", "immunity"],
        ["market_open", "market_close", "home_grown", "mexico", "jamaica", "colombia"],
        ["home_grown", "mexico", "jamaica", "colombia", "bust", "felony"],
    ],
    draws=["immunity"] * 3 + ["a_breeze_to_fly"] * 4,
    first=1,
)
SETUP: dict[str, Any] = {"grass": {"decks": [HAND_1, HAND_2]}}
OPTIONS = {"target": TARGET, "heat_stacking": True, "secret_trades": False, "learning": False}

DECLINED = {"to": "bob", "give": ["home_grown"], "take": ["immunity"]}
ACCEPTED = {"to": "cy", "give": ["colombia"], "take": ["detained"]}

MOVES: list[dict[str, Any]] = [
    {"by": "ann", "play": "market_open"},
    {"by": "bob", "play": "market_open"},
    {"by": "cy", "play": "market_open"},
    {"by": "ann", "play": "panama"},
    {"by": "bob", "play": "mexico"},
    {"by": "cy", "play": "jamaica"},
    {"by": "ann", "offer": DECLINED},
    {"by": "bob", "decline": True},
    {"by": "ann", "play": "bust", "target": "bob"},
    {"by": "bob", "offer": ACCEPTED},
    {"by": "cy", "accept": True},
    {"by": "bob", "play": "pay_fine"},
    {"by": "cy", "play": "sold_out"},
    {"by": "ann", "pass": "home_grown"},
    {"by": "bob", "pass": "detained"},
    {"by": "cy", "pass": "colombia"},
    {"by": "ann", "play": "market_close"},
    # hand 2, bob first
    {"by": "bob", "play": "market_open"},
    {"by": "cy", "discard": "felony"},
    {"by": "ann", "play": "market_open"},
    {"by": "bob", "discard": "jamaica"},
    {"by": "cy", "discard": "bust"},
    {"by": "ann", "play": "dr_feelgood"},
    {"by": "bob", "play": "market_close"},
]
