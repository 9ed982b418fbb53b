"""Seeded random play: complete games with the board invariants checked after every
action (P4, P5, P6), the engine's legal cells compared with a cell-by-cell reading of
P4/P5, and save/load round trips. Uniform random games rarely make vines meet, so
half the games use a player that pushes towards the opponent's land, which brings
pruning, sap loss, wins (P7) and more.

2,000 games in the default run; RUN_SLOW=1 plays 20,000 more.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from collections.abc import Callable

import pytest

from games.graps import Graps, GrapsEndReason, Place
from games.randomplay import AnyGame, random_game
from tests.games.graps.positions import DARK, LIGHT, brute_force_legal, check_board

PLAYERS = [DARK, LIGHT]
OPTIONS: list[dict[str, object]] = [
    {},
    {"return_pruned": True},
    {"grape_faces": 1},
    {"grape_faces": 5, "return_pruned": True},
]


ENDINGS = {
    GrapsEndReason.REACHED: "P7",
    GrapsEndReason.STUCK: "P8",
    GrapsEndReason.EXHAUSTED_DRAW: "P9",
    GrapsEndReason.EXHAUSTED_WIN: "P9",
    GrapsEndReason.RESIGNED: "resigned",
}


def _ended(pattern: str, reason: str) -> bool:
    """The reason is this ending's pattern filled in."""
    regex = re.sub(r"\\\{\w+\\\}", ".+", re.escape(pattern))
    return re.fullmatch(regex, reason) is not None


def check(game: Graps, deep: bool) -> None:
    """Invariants after an action; `deep` adds the legal-cell oracle and a round trip."""
    state = game.state_json()
    rows = state["board"]
    check_board(rows, [state["supply"][p] for p in PLAYERS], [state["removed"][p] for p in PLAYERS])
    over = state["phase"] == "over"
    assert over == (game.outcome() is not None) == (state["to_move"] is None)
    assert bool(state["winners"]) == over
    if over or not deep:
        return
    seat = PLAYERS.index(state["to_move"])
    if state["phase"] == "play":
        assert state["legal"] == brute_force_legal(rows, seat, state["roll"] == "grape")
    assert state["legal"]  # P8: a turn is only handed to a player who can place
    saved = game.to_json()
    assert Graps.from_json(saved).to_json() == saved


def checker(deep: bool) -> Callable[[AnyGame], None]:
    def run(game: AnyGame) -> None:
        assert isinstance(game, Graps)
        check(game, deep)

    return run


def pushing_game(seed: int, options: dict[str, object], deep: bool) -> Graps:
    """A game where each player mostly takes the legal cell nearest the opponent's land."""
    chooser = random.Random(seed)
    game = Graps.create(PLAYERS, options, seed)
    while game.outcome() is None:
        player = game.awaiting[0]
        actions = [a for a in game.legal_actions(player) if isinstance(a, Place)]
        if chooser.random() < 0.7:
            dark = player == DARK
            best = max(a.cell // 15 if dark else -(a.cell // 15) for a in actions)
            actions = [a for a in actions if (a.cell // 15 if dark else -(a.cell // 15)) == best]
        game.apply(chooser.choice(actions))
        check(game, deep)
        assert game.moves < 5000
    return game


def play_batch(first: int, count: int) -> Counter[str]:
    """`count` games from seed `first`: half uniform, half pushing; every option mix.
    One game in ten is checked deeply after every action, every game once it is over.
    Returns how often each ending rule and each event kind came up."""
    seen: Counter[str] = Counter()
    for seed in range(first, first + count):
        options = OPTIONS[seed % len(OPTIONS)]
        deep = seed % 10 == 0
        if seed % 2:
            game = pushing_game(seed, options, deep)
        else:
            played, _ = random_game("graps", PLAYERS, options, seed, checker(deep))
            assert isinstance(played, Graps)
            game = played
        saved = game.to_json()
        assert Graps.from_json(saved).to_json() == saved
        reason = (game.outcome() or pytest.fail("unfinished")).reason
        seen[ENDINGS[next(e for e in GrapsEndReason if _ended(e, reason))]] += 1
        seen.update(event.kind for event in game.log)
    return seen


@pytest.mark.parametrize("batch", range(4))
def test_random_games_keep_every_invariant(batch: int) -> None:
    seen = play_batch(batch * 500, 500)
    assert seen["P7"] + seen["P9"] == 500  # nobody is ever stuck (P8) in legal play
    assert seen["P7"] and seen["P9"] and seen["prune"] and seen["sap"]


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("RUN_SLOW"), reason="long variant: RUN_SLOW=1")
def test_random_games_keep_every_invariant_long() -> None:
    seen = play_batch(100_000, 20_000)
    assert seen["P7"] + seen["P9"] == 20_000
