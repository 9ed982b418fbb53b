"""The real bot with a computer player that fails on purpose, for tests of what the
turns service does then: `python -m tests.fakediscord.launch tests.bot.failing_ai`.

FAILING_AI=raise:N: the first N decisions raise (as a lost worker or a bug would);
FAILING_AI=illegal:N: the first N decisions are moves the engine refuses (an action of
a kind no engine knows). Everything else is the bot, unchanged.
"""

from __future__ import annotations

import os
import runpy
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import games.ai
from games.protocol import JSON, Action

_real_decide = games.ai.decide
_lock = threading.Lock()
_left = {"count": 0}


@dataclass(frozen=True)
class Refused(Action):
    """A decision no engine accepts: a move of no game's kind."""

    by: str

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "place": "Z99"}


def failing_decide(
    kind: str,
    level: str,
    view: Any,
    legal: Sequence[Action],
    seed: int,
    moves: int,
    seconds: float = 1.0,
) -> Action:
    mode, _, count = os.environ.get("FAILING_AI", "").partition(":")
    with _lock:
        failing = _left["count"] < int(count or 0)
        _left["count"] += 1
    if failing and mode == "raise":
        raise RuntimeError("the computer player failed on purpose")
    if failing and mode == "illegal":
        return Refused(view.name)
    return _real_decide(kind, level, view, legal, seed, moves, seconds)


if __name__ == "__main__":
    # Before the bot imports bot/core/turns.py, which
    # takes `decide` from games.ai.
    games.ai.decide = failing_decide
    runpy.run_module("bot", run_name="__main__", alter_sys=True)
