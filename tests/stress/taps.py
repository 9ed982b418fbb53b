"""Taps per move in the DM hand message: `python -m tests.stress.taps [--games N]`.

Plays N random games of Graps and of Gracias through the engines, each move a uniformly
random legal one (a Graps placement, P4/P5; a whole Gracias turn, C5: a trio, the card
kept and the opponent given the other), and finds how a player makes that move with the
hand message's controls as the real UI classes build them: from `GameUI.controls(hand)`,
every option of every menu and every button is followed through `GameUI.on_control`
(a `Show` opens further controls) until the move's action comes out; the cheapest way
counts. Gracias's take is applied to the engine before its keep/give is looked for,
as the bot does: the split's controls are those of the next state (C5).

Counted per move: picks, what a player sends the bot (a menu's pick or a button's
click), and taps, the picks plus one to open each menu picked from.

"Before" is the rule of the controls this replaced: a Graps placement was one pick in
one menu of cells when at most 25 cells were legal, otherwise a column then a row (two
menus); a Gracias turn was a trio menu then a keep/give menu. Resigning and leaving are
not moves a random player makes here. Prints figures; asserts nothing (a benchmark).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.core.errors import Refusal
from bot.core.gameui import Act, AnyUI, GameButton, GameSelect, SharedVerb, Show
from bot.core.session import Session
from bot.core.storage import GameRow, SeatRow, Status
from bot.exts.gracias import KIND as GRACIAS
from bot.exts.gracias.ui import GraciasUI
from bot.exts.graps import KIND as GRAPS
from bot.exts.graps.ui import GrapsUI
from bot.exts.grass import KIND as GRASS
from games.gracias import ChooseTrio, Gracias, SplitTrio, TakeTrio
from games.graps import Graps, Place
from games.protocol import Action

DEPTH = 3
"""Picks looked at for one action: a column and its row is two."""
OLD_MENU = 25
"""Cells the old single menu held; beyond, a column menu then a row menu."""


@dataclass(frozen=True, slots=True)
class Cost:
    picks: int
    taps: int

    def __add__(self, other: Cost) -> Cost:
        return Cost(self.picks + other.picks, self.taps + other.taps)


RECORDS = {record.name: record for record in (GRASS, GRACIAS, GRAPS)}


def session_of(engine: Any) -> Session:
    """A session holding `engine`, as the bot's session service would (no storage)."""
    names = list(engine.players)
    row = GameRow(1, 1, 1, engine.kind, {}, Status.RUNNING, 100, None, None, 0, None)
    seats = [SeatRow(1, n, 100 + n, name, None, None, None, False) for n, name in enumerate(names)]
    return Session(row, engine, seats, Status.RUNNING, None, RECORDS[engine.kind])


def _steps(ui: AnyUI, hand: Any, items: Sequence[Any]) -> list[tuple[Cost, Any]]:
    """Where each choice offered by `items` leads: (its cost, the step)."""
    found: list[tuple[Cost, Any]] = []
    for item in items:
        if isinstance(item, GameSelect):
            choices = [([option.value], Cost(1, 2)) for option in item.item.options]
        elif isinstance(item, GameButton) and item.control.verb != SharedVerb.BACK:
            choices = [([], Cost(1, 1))]
        else:
            continue
        for values, cost in choices:
            try:
                found.append((cost, ui.on_control(hand, item.control, values)))
            except Refusal:
                continue
    return found


def cheapest(ui: AnyUI, hand: Any, wanted: Callable[[Action], bool]) -> tuple[Cost, Action]:
    """The fewest picks (then taps) from the hand message's controls to an action that
    `wanted` accepts, and that action; AssertionError when the controls cannot make it."""
    level: list[tuple[Cost, Sequence[Any]]] = [(Cost(0, 0), ui.controls(hand))]
    for _ in range(DEPTH):
        reached: list[tuple[Cost, Action]] = []
        deeper: list[tuple[Cost, Sequence[Any]]] = []
        for spent, items in level:
            for cost, step in _steps(ui, hand, items):
                if isinstance(step, Act) and wanted(step.action):
                    reached.append((spent + cost, step.action))
                elif isinstance(step, Show):
                    deeper.append((spent + cost, step.items))
        if reached:
            return min(reached, key=lambda found: (found[0].picks, found[0].taps))
        level = deeper
    raise AssertionError(f"no way to {wanted} from the controls of {hand.name}")


def _is(wanted: Action) -> Callable[[Action], bool]:
    # `==`, not `wanted.__eq__`: that answers NotImplemented (truthy) for another class.
    return lambda action: action == wanted


@dataclass
class Tally:
    moves: int = 0
    one_pick: int = 0
    after: Cost = Cost(0, 0)
    before: Cost = Cost(0, 0)
    old_one_pick: int = 0

    def add(self, after: Cost, before: Cost) -> None:
        self.moves += 1
        self.after += after
        self.before += before
        self.one_pick += after.picks == 1
        self.old_one_pick += before.picks == 1

    def lines(self, what: str) -> list[str]:
        n = max(self.moves, 1)
        before, after = self.before, self.after
        return [
            f"  {self.moves} {what}; made in one pick: {self.old_one_pick / n:.1%} before, "
            f"{self.one_pick / n:.1%} after",
            f"  picks per move: {before.picks / n:.3f} before, {after.picks / n:.3f} after",
            f"  taps per move:  {before.taps / n:.3f} before, {after.taps / n:.3f} after",
        ]


def graps_games(games: int) -> Tally:
    """Random Graps games: every placement through GrapsUI's controls (P2, P4, P5)."""
    ui, tally = GrapsUI(), Tally()
    for seed in range(games):
        rng = random.Random(seed)
        engine = Graps.create(["ann", "bob"], {}, seed)
        while engine.outcome() is None:
            name = engine.awaiting[0]
            legal = engine.legal_actions(name)
            chosen = rng.choice(legal)
            cost, action = cheapest(ui, session_of(engine).hand(name), _is(chosen))
            old = Cost(1, 2) if len(legal) <= OLD_MENU else Cost(2, 4)
            tally.add(cost, old)
            assert isinstance(action, Place)
            engine.apply(action)
    return tally


def gracias_games(games: int) -> Tally:
    """Random Gracias games of 3 to 6 players: every turn (C5) through GraciasUI's
    controls, the take applied before the keep/give is looked for."""
    ui, tally = GraciasUI(), Tally()
    for seed in range(games):
        rng = random.Random(seed)
        names = ["ann", "bob", "cy", "dee", "eve", "flo"][: 3 + seed % 4]
        engine = Gracias.create(names, {}, seed)
        while engine.outcome() is None:
            name = engine.awaiting[0]
            turns = [a for a in engine.legal_actions(name) if isinstance(a, ChooseTrio)]
            chosen = rng.choice(turns)
            split = SplitTrio(name, chosen.keep, chosen.give_to)

            def first(action: Action, chosen: ChooseTrio = chosen) -> bool:
                return action in (chosen, TakeTrio(chosen.by, chosen.trio))

            cost, action = cheapest(ui, session_of(engine).hand(name), first)
            assert isinstance(action, ChooseTrio | TakeTrio)
            engine.apply(action)
            if isinstance(action, TakeTrio):
                more, action = cheapest(ui, session_of(engine).hand(name), _is(split))
                assert isinstance(action, SplitTrio)
                engine.apply(action)
                cost += more
            tally.add(cost, Cost(2, 4))
    return tally


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=50, help="games of each kind (50)")
    games = parser.parse_args(argv).games
    print(f"Taps per move in the DM hand message, {games} random games of each (seeds 0..).")
    print("picks: choices sent to the bot; taps: the picks and one to open each menu.")
    print("Graps (a move is a placement):")
    print("\n".join(graps_games(games).lines("placements")))
    print("Gracias (a move is a turn: a trio, a card kept and one given; 3 to 6 players):")
    print("\n".join(gracias_games(games).lines("turns")))


if __name__ == "__main__":
    main()
