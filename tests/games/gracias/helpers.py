"""Shared helpers for the Gracias tests: stacked decks, quick game builders and a random
legal step (`step`)."""

from __future__ import annotations

import random
from collections import Counter

from games.gracias import COLOURS, Gracias
from games.gracias.cards import CARDS_PER_COLOUR

NAMES = ["ann", "bob", "cy", "dee", "eve", "fay"]


def stacked(top: list[str]) -> list[str]:
    """A valid 108-card deck (C1) starting with `top`, the rest in colour order."""
    left = Counter({colour.id: CARDS_PER_COLOUR for colour in COLOURS})
    left.subtract(top)
    assert all(count >= 0 for count in left.values()), "more than 18 cards of a colour"
    rest = [colour.id for colour in COLOURS for _ in range(left[colour.id])]
    return [*top, *rest]


def game_with(players: list[str], *decks: list[str]) -> Gracias:
    """A game whose rounds use `decks` (a replay header's "decks")."""
    return Gracias.from_replay({"game": "gracias", "players": players, "decks": list(decks)})


def layout_game() -> Gracias:
    """3 players; turn 1: trio 1 = orange+blue (red down), 2 = yellow+purple (green
    down), 3 = green+green (blue down)."""
    layout = ["orange", "yellow", "green", "blue", "purple", "green", "red", "green", "blue"]
    return game_with(["ann", "bob", "cy"], stacked(["red"] * 6 + layout))


def reserve(game: Gracias, player: str) -> dict[str, int]:
    """A player's reserve by colour id, only the colours held."""
    counts = game.state_json()["players"][player]["reserve"]
    return {colour: count for colour, count in counts.items() if count}


def play(game: Gracias, *actions: dict[str, object]) -> None:
    for action in actions:
        game.apply_json(action)


def step(game: Gracias, chooser: random.Random) -> None:
    """One random legal action: a combined choice, or (half the time) a bare take
    followed later by a completion."""
    mover = game.awaiting[0]
    takes = game.trio_takes(mover)
    if takes and chooser.random() < 0.5:
        game.apply(takes[chooser.randrange(len(takes))])
        return
    actions = game.legal_actions(mover)
    assert actions, f"{mover} is awaited with nothing to do"
    game.apply(actions[chooser.randrange(len(actions))])
