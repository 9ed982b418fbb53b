"""Building Grass positions from fixed decks (the replay header's "decks"), and
playing actions by name: the tests' way to reach every rule's situation. Shared by
several test modules: `refused` (an action refused by its rule, nothing changed),
`drain` (a short draw pile) and `traders` (the position the trade tests start from)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.grass import Card, Grass
from games.grass.cards import deck_for_hand
from games.grass.state import Seat
from games.protocol import IllegalAction

# Fillers are dealt where a test names no card: first the cards that change nothing
# unless played, last the ones that count in scoring.
_FILLER_ORDER = [
    Card.IMMUNITY,
    Card.A_BREEZE_TO_FLY,
    Card.HEARSAY_EVIDENCE,
    Card.CHARGES_DROPPED,
    Card.MARKET_OPEN,
    Card.BUST,
    Card.DETAINED,
    Card.FELONY,
    Card.SEARCH_AND_SEIZURE,
    Card.PAY_FINE,
    Card.LUST_CONQUERS_ALL,
    Card.GRAB_A_SNACK,
    Card.CATCH_A_BUZZ,
    Card.STEAL_YOUR_NEIGHBORS_POT,
    Card.STONEHIGH,
    Card.EUPHORIA,
    Card.MARKET_CLOSE,
    Card.HOME_GROWN,
    Card.MEXICO,
    Card.COLOMBIA,
    Card.JAMAICA,
    Card.PANAMA,
    Card.DR_FEELGOOD,
    Card.BANKER,
    Card.SOLD_OUT,
    Card.DOUBLE_CROSSED,
    Card.UTTERLY_WIPED_OUT,
]


NAMES = ["ann", "bob", "cy", "dee", "eve", "fay"]


def cards(ids: list[str] | tuple[str, ...]) -> list[Card]:
    return [Card.parse(i) for i in ids]


def build_deck(
    players: list[str],
    hands: dict[str, list[str]],
    draws: list[str] | None = None,
    hand_no: int = 1,
    learning: bool = False,
    starter: int = 0,
) -> list[str]:
    """A deck (top first) dealing `hands` (padded with fillers) and then drawing `draws`
    first; the rest are fillers in `_FILLER_ORDER`."""
    pool = Counter(deck_for_hand(hand_no, learning))

    def take(card: Card) -> Card:
        assert pool[card] > 0, f"the deck has no more {card.value}"
        pool[card] -= 1
        return card

    dealt: dict[str, list[Card]] = {}
    for name in players:
        dealt[name] = [take(c) for c in cards(hands.get(name, []))]
        assert len(dealt[name]) <= 6
    drawn = [take(c) for c in cards(draws or [])]

    def filler() -> Card:
        for card in _FILLER_ORDER:
            if pool[card] > 0:
                return take(card)
        raise AssertionError("deck exhausted")

    for name in players:
        while len(dealt[name]) < 6:
            dealt[name].append(filler())
    order = players[starter:] + players[:starter]
    deck = [dealt[name][r] for r in range(6) for name in order]
    deck += drawn
    while sum(pool.values()):
        deck.append(filler())
    return [c.value for c in deck]


def game_with(
    hands: dict[str, list[str]],
    draws: list[str] | None = None,
    players: list[str] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> Grass:
    """A game whose first hand deals `hands` and draws `draws` (ann moves first)."""
    names = players or [n for n in NAMES if n in hands or n in ("ann", "bob")]
    learning = bool(options and options.get("learning"))
    deck = build_deck(names, hands, draws, learning=learning)
    return Grass.from_replay(
        {"game": "grass", "players": names, "options": options or {}, "seed": seed, "decks": [deck]}
    )


def move(game: Grass, by: str, **action: Any) -> list[Any]:
    """`move(g, "ann", play="panama")`; `pass_=` for the pass verb."""
    data: dict[str, Any] = {"by": by}
    for key, value in action.items():
        data[key.rstrip("_")] = value
    return game.apply_json(data)


def seat_state(game: Grass, name: str) -> dict[str, Any]:
    player: dict[str, Any] = game.state_json()["players"][name]
    return player


def stash(game: Grass, name: str) -> list[str]:
    return [entry["card"] for entry in seat_state(game, name)["stash"]]


def hand_of(game: Grass, name: str) -> list[str]:
    return list(seat_state(game, name)["hand"])


def idle(game: Grass, name: str) -> None:
    """`name` discards a card that changes nothing (a Heat Off, or their first card)."""
    hand = hand_of(game, name)
    inert = ["immunity", "a_breeze_to_fly", "hearsay_evidence", "charges_dropped"]
    card = next((c for c in hand if c in inert), hand[0])
    move(game, name, discard=card)


def seat_of(game: Grass, name: str) -> Seat:
    """The engine's own record of a player (for tests that set up totals)."""
    seat = game.state.seat(name)
    assert seat is not None
    return seat


def refused(rule: str, reason: str, game, by: str, **action) -> None:
    """`by`'s action is refused by `rule` for `reason` (the whole English text: a rule id
    alone passes a refusal made by another check of the same rule, or one reading "you
    cannot protect: None"), and the game is left as it was."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        move(game, by, **action)
    assert (caught.value.rule, str(caught.value.reason)) == (rule, reason)
    assert game.to_json() == before  # apply is atomic


def drain(game, keep: int) -> None:
    """Move all but `keep` draw pile cards to the discard pile (cards stay counted)."""
    state = game.state
    cut = len(state.draw) - keep
    state.discard.extend(state.draw[:cut])
    del state.draw[:cut]


def traders(options=None):
    """ann (to move, 7 cards) has Mexico in her stash, bob Colombia (covered) and Jamaica."""
    g = game_with(
        {
            "ann": ["market_open", "mexico", "panama", "banker"],
            "bob": ["market_open", "colombia", "jamaica", "grab_a_snack", "sold_out"],
        },
        options=options,
    )
    move(g, "ann", play="market_open")
    move(g, "bob", play="market_open")
    move(g, "ann", play="mexico")
    move(g, "bob", play="colombia")
    idle(g, "ann")
    move(g, "bob", play="jamaica")
    idle(g, "ann")
    move(g, "bob", play="grab_a_snack", cover=["colombia"])
    return g
