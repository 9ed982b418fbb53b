"""A fifth game kind, for the registry's test (test_registry.py): tic-tac-toe again,
named "tac", with a computer player of its own (the first legal move) at the easy
level. Its registry entry (`ENTRY`), engine and computer player are here, its bot
record and commands in fifthbot.py; the pictures are the toy game's."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.protocol import Action
from games.registry import Kind, Level
from tests.toygame.engine import Toy


class Tac(Toy):
    kind = "tac"
    title = "Tac"


class FirstLegal:
    """The "tac" kind's easy computer player: the first legal action."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[0]


ENTRY = Kind(
    "tac",
    "tests.toygame.fifth:Tac",
    {Level.EASY: "tests.toygame.fifth:FirstLegal"},
    render="tests.toygame.render",
    bot="tests.toygame.fifthbot",
    seats=2,
    iterations=10,
)
