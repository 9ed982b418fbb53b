"""Random-play throughput of every engine: `python -m games.bench` (also `make bench`).

Prints actions per second and games per second on one core, the median of several
runs. Legal-action listing is included in the figures, as the bot and the AI list
them before every move. Then the replay of move logs (games/takeback.py): a whole
game's log, and logs of n Grass pass choices each taken back, whose cost must grow
with n, not 2^n.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from games.grass import Grass
from games.protocol import JSON
from games.randomplay import playout_chooser, random_game
from games.registry import available_kinds, game_class, get
from games.replay import replay
from games.takeback import undo_entry

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")


def benched() -> list[str]:
    """The kinds measured: every registered kind whose engine imports."""
    return available_kinds()


def players(kind: str) -> list[str]:
    """The players of a benchmarked game: the kind's typical table (games/registry.py)."""
    return list(NAMES[: get(kind).seats])


def measure(kind: str, games: int, seed0: int) -> tuple[float, float]:
    actions = 0
    start = time.perf_counter()
    for seed in range(seed0, seed0 + games):
        _, applied = random_game(kind, players(kind), None, seed)
        actions += applied
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m games.bench")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=60, help="games per run")
    args = parser.parse_args()
    print(f"{'game':<10}{'players':>8}{'actions/s':>12}{'games/s':>10}   (median of runs)")
    for kind in benched():
        runs = [measure(kind, args.games, run * args.games) for run in range(args.runs)]
        actions_per_s = statistics.median(r[0] for r in runs)
        games_per_s = statistics.median(r[1] for r in runs)
        print(f"{kind:<10}{len(players(kind)):>8}{actions_per_s:>12,.0f}{games_per_s:>10,.1f}")
    replays()


def pass_choices_taken_back(pairs: int) -> dict[str, JSON]:
    """A replay file: a Grass game played until everyone chooses a card to pass, then
    `pairs` pass choices each taken back at once, the three players in turn."""
    names = ["ann", "bob", "cy"]
    for seed in range(100):
        game = Grass.create(names, seed=seed)
        header, actions = game.replay_header(), list[JSON]()
        while game.outcome() is None and len(actions) < 1000:
            choices = game.legal_actions(names[0])
            if len(game.awaiting) == 3 and choices and "pass" in choices[0].to_json():
                for index in range(pairs):
                    name = names[index % 3]
                    actions += [game.legal_actions(name)[0].to_json(), undo_entry(name)]
                return {**header, "actions": actions}
            action = game.legal_actions(game.awaiting[0])[-1]
            game.apply(action)
            actions.append(action.to_json())
    raise RuntimeError("no Grass game reached a pass")


def replays() -> None:
    print(f"\n{'replayed log':<40}{'entries':>8}{'ms':>10}")
    for kind in benched():
        file = _whole_game(kind)
        start = time.perf_counter()
        replay(file)
        elapsed = (time.perf_counter() - start) * 1000
        print(f"{'a whole ' + kind + ' game':<40}{len(file['actions']):>8,}{elapsed:>10,.1f}")
    for pairs in (20, 200, 2000):
        file = pass_choices_taken_back(pairs)
        start = time.perf_counter()
        replay(file)
        elapsed = (time.perf_counter() - start) * 1000
        label = f"{pairs:,} pass choices taken back"
        print(f"{label:<40}{len(file['actions']):>8,}{elapsed:>10,.1f}")


def _whole_game(kind: str, seed: int = 1) -> dict[str, JSON]:
    """The replay file of a random game of `kind` played to its end."""
    game = game_class(kind).create(players(kind), None, seed)
    header, actions = game.replay_header(), list[JSON]()
    choose, rng = playout_chooser(game), random.Random(seed)
    while game.outcome() is None:
        player = game.awaiting[rng.randrange(len(game.awaiting))]
        action = choose(player, game.legal_actions(player), rng)
        game.apply(action)
        actions.append(action.to_json())
    return {**header, "actions": actions}


if __name__ == "__main__":
    main()
