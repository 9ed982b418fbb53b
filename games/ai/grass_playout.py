"""A cheap "plausible random" player for Grass: random play that ends games.

Uniformly random Grass does not end: random players throw peddles away, keep them in
hand and close the market early, so every total drifts below zero and the target
(G19) is never reached with four or more players. This chooser stays random but
plays before it discards, closes the market only when it leads the table, and passes
Paranoia cards on; a share of its choices stays uniform so that every kind of action
still occurs. It is given the engine's state rather than a view, so it is not one of
the computer players (player.py): it serves random play only. Random play (the tests,
the benchmark, the image gallery) reaches it through `playout_chooser` in
games/randomplay.py, which gives it for a Grass game; the engine never imports it.
"""

from __future__ import annotations

import random

from games.grass.actions import Discard, GrassAction, PassCard, Play
from games.grass.cards import Card, Kind
from games.grass.state import State

EXPLORE = 0.1  # share of uniformly random choices


def choose(
    state: State, player: str, actions: list[GrassAction], rng: random.Random
) -> GrassAction:
    """One of `actions` (the legal actions of `player` now)."""
    if rng.random() < EXPLORE:
        return actions[rng.randrange(len(actions))]
    first = actions[0]
    if type(first) is PassCard:
        for action in actions:
            if action.card.kind is Kind.PARANOIA:  # type: ignore[attr-defined]
                return action
        return actions[rng.randrange(len(actions))]
    if type(first) is not Play and type(first) is not Discard:
        return actions[rng.randrange(len(actions))]
    plays: list[Play] = []
    best: Play | None = None  # the most valuable peddle, played first
    urgent: Play | None = None  # else the card that opens or unblocks the market
    urgent_rank = len(_FIRST)
    for action in actions:
        if type(action) is Play:
            plays.append(action)
            card = action.card
            if card.is_peddle:
                if best is None or card.value_usd > best.card.value_usd:
                    best = action
            elif card in _RANK and _RANK[card] < urgent_rank:
                urgent, urgent_rank = action, _RANK[card]
    if best is not None:
        return best
    if urgent is not None:
        return urgent
    if plays:
        by_card: dict[Card, list[Play]] = {}
        for play in plays:
            by_card.setdefault(play.card, []).append(play)
        if Card.MARKET_CLOSE in by_card and not _leads(state, player):
            del by_card[Card.MARKET_CLOSE]
        if by_card:
            cards = list(by_card)
            variants = by_card[cards[rng.randrange(len(cards))]]
            return variants[rng.randrange(len(variants))]
    discards = [a for a in actions if type(a) is Discard and not a.card.is_peddle]
    pool = discards or actions
    return pool[rng.randrange(len(pool))]


# Cards that unblock or open a market, played before anything else.
_FIRST = (
    Card.MARKET_OPEN,
    Card.IMMUNITY,
    Card.A_BREEZE_TO_FLY,
    Card.HEARSAY_EVIDENCE,
    Card.CHARGES_DROPPED,
    Card.EUPHORIA,
    Card.STONEHIGH,
)
_RANK = {card: rank for rank, card in enumerate(_FIRST)}


def _leads(state: State, player: str) -> bool:
    """The player's stash is worth at least as much as anyone else's."""
    worth = {s.name: sum(p.value for p in s.stash) for s in state.seats}
    return worth[player] > 0 and worth[player] == max(worth.values())
