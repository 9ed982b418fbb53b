"""What the replay page's tests read from a step's public view (as `render.web.plain`
gives it): the seats a table draws, whose turn it is, and the cards or pawns lying
face up, which are all a drawer may draw. One small reader per kind. And the data a
page holds, for every test that reads a page."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from games.gracias.cards import COLOURS

GAMES: dict[str, tuple[list[str], int]] = {
    "grass": (["ann", "bob", "cy", "dee"], 78),  # four hands
    "gracias": (["ann", "bob", "cy", "dee"], 3),
    "graps": (["ann", "bob"], 3),
}
"""A random game of each kind (`games.randomplay.random_replay`'s players and seed)."""

View = dict[str, Any]


def seats(kind: str, view: View) -> list[str]:
    """The players whose seats the table draws."""
    if kind == "graps":
        return list(view["players"])
    return [seat["name"] for seat in view["seats"]]


def mover(view: View) -> str | None:
    """Whose turn it is, None once the game is over (every kind's view names it so)."""
    to_move = view.get("to_move")
    return str(to_move) if to_move is not None else None


def _grass_cards(view: View) -> set[str]:
    found = set(view["discard_pile"])
    for seat in view["seats"]:
        found |= set(seat["heat"]) | set(seat["protection"])
        found |= {pile["card"] for pile in seat["stash"]}
        if seat["market_open"]:
            found.add("market_open")
    return found


def _gracias_cards(view: View) -> set[str]:
    found = {colour for trio in view["trios"] for colour in trio["face_up"]}
    for seat in view["seats"]:
        counts = seat["reserve"]["counts"]
        found |= {colour.value for colour, count in zip(COLOURS, counts, strict=True) if count}
    return found


FACE_UP: dict[str, Callable[[View], set[str]]] = {
    "grass": _grass_cards,
    "gracias": _gracias_cards,
}
"""The ids of the cards lying face up, for the kinds played with cards."""


def pawns(view: View) -> set[tuple[str, str]]:
    """A Graps board's pawns: (cell, side) for each, cells named as the view names them
    ("A1" is row 1, column A)."""
    sides = {"x": "dark", "o": "light"}
    return {
        (f"{chr(ord('A') + column)}{row + 1}", sides[piece.lower()])
        for row, cells in enumerate(view["board"])
        for column, piece in enumerate(cells)
        if piece != "."
    }


DATA = re.compile(r'<script type="application/json" id="replay-data">(.*?)</script>', re.S)


def embedded(page: str) -> dict[str, Any]:
    """The data a replay page holds (its steps, parts, words and labels)."""
    found = DATA.findall(page)
    assert len(found) == 1
    data: dict[str, Any] = json.loads(found[0])
    return data
