"""The saved states kept in tests/games/states: one per game kind and state version, each
a game part-way through with the replay that reaches it, so that a test can load the
file and compare it with the game the replay plays.

`python -m tests.games.saved_states` writes the file of each kind's current
`state_version` that is missing (never overwrites one: an old file is kept as it is,
for the migration that reads it)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games.registry import BUILT_IN, game_class

BUILT_IN_KINDS = [kind.name for kind in BUILT_IN]

DATA = Path(__file__).parent / "states"
PLAYERS = {"grass": ["ann", "bob", "cy"], "gracias": ["ann", "bob", "cy"], "graps": ["ann", "bob"]}
ACTIONS = 40  # enough for a Grass pass, a Gracias round under way, pruning in Graps


def state_file(kind: str, version: int) -> Path:
    return DATA / f"{kind}-state-v{version}.json"


def recorded(kind: str) -> dict[str, Any]:
    """A game of `kind` from a fixed seed, 40 actions in, picked at random from the legal
    ones: its replay (header and actions) and its saved state."""
    game = game_class(kind).create(PLAYERS[kind], seed=11)
    header = game.replay_header()
    rng = random.Random(f"{kind}-saved-state")
    actions: list[Any] = []
    while len(actions) < ACTIONS and game.outcome() is None:
        player = game.awaiting[0]
        action = rng.choice(game.legal_actions(player))
        game.apply(action)
        actions.append(action.to_json())
    return {"replay": {**header, "actions": actions}, "state": game.to_json()}


def main() -> None:
    for kind in BUILT_IN_KINDS:
        path = state_file(kind, game_class(kind).state_version)
        if not path.exists():
            text = json.dumps(recorded(kind), indent=1, ensure_ascii=False)
            path.write_text(text + "\n", encoding="utf-8")
            print(f"wrote {path.name}")


if __name__ == "__main__":
    main()
