"""Gracias, hard level: determinized Monte Carlo search over the engine (C5, C6).

What the searcher does not see: the other players' hidden cards, the trios' face-down
cards and the undealt cards (C5). `sample_world` rebuilds a whole game from the view
through the engine's saved-state document (`Gracias.from_json`): every card the view
shows stays where it is (reserves, the trios' face-up cards, its own hidden cards);
the other cards of the 108 (C1, 18 per colour) are shuffled and dealt to the other
players' hidden cards (as many as each holds), to the face-down cards still on the
table and to the pile, and later rounds are shuffled from a sampled seed.

It chooses as the box lets a player: it takes a trio first and looks at its face-down
card, then splits the face-up cards knowing it (C5). Its own scoring is the easy
level's, with a doubt about majorities: early in a round, holding the most of a colour
now does not yet mean losing those cards (`spread`). Choosing the trio, the candidates
are the untaken trios, each sample taking one, then splitting it by its own scoring
with the sampled card known; splitting, they are its own scoring's best splits. Each
sample plays every candidate (`paired_search`), then the others follow the easy level
to the end of the round, the searcher its own scoring, looking before it splits; the value
is the margin over the best opponent afterwards (a win or loss once the game is over,
C8).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.ai.gracias_easy import ranked, score_choices, table_of
from games.ai.player import Budget, SearchStats, paired_search, per_round, squash
from games.gracias.actions import ChooseTrio, GraciasAction, SplitTrio, TakeTrio
from games.gracias.cards import CARDS_PER_COLOUR, COLOUR_IDS
from games.gracias.engine import Gracias
from games.gracias.views import TURNS_PER_ROUND, GraciasPlayerView, Phase
from games.protocol import JSON, Action

CANDIDATES = 6
"""Splits searched: its own scoring's best ones. Every untaken trio is searched."""
SPREAD = 0.4
SPREAD_PER_TURN = 0.25
"""Its own scoring's doubt about a majority (`gracias_easy.column_points`): the spread
of the logistic curve at the round's last turn, and how much wider per turn left
after this one. Tuned one ply against the easy level (games/ai/research.md)."""


def spread(turn: int) -> float:
    """Its own scoring's spread in turn `turn` (1 to 4) of a round (C2)."""
    return SPREAD + SPREAD_PER_TURN * (TURNS_PER_ROUND - turn)


def unseen_cards(view: GraciasPlayerView) -> list[int]:
    """The colours (indexes) of every card the player cannot see, in colour order."""
    counts = [CARDS_PER_COLOUR] * 6
    public = view.public
    for seat in public.seats:
        for index, n in enumerate(seat.reserve.counts):
            counts[index] -= n
    for trio in public.trios:
        for card in trio.face_up:
            counts[card.index] -= 1
    for card in view.hidden:
        counts[card.index] -= 1
    return [index for index in range(6) for _ in range(counts[index])]


def world_document(view: GraciasPlayerView, rng: random.Random) -> dict[str, JSON]:
    """A saved-state document agreeing with everything the view shows, the unseen
    cards dealt at random (see the module docstring)."""
    public = view.public
    names = list(public.players)
    pool = unseen_cards(view)
    rng.shuffle(pool)
    hidden: list[list[str]] = []
    for seat in public.seats:
        if seat.name == view.player:
            hidden.append([colour.id for colour in view.hidden])
        else:
            hidden.append([COLOUR_IDS[pool.pop()] for _ in range(seat.hidden_count)])
    trios = []
    for trio in public.trios:
        down = COLOUR_IDS[pool.pop()] if trio.has_face_down else None
        taker = None if trio.taken_by is None else names.index(trio.taken_by)
        trios.append({"up": [c.id for c in trio.face_up], "down": down, "taker": taker})
    takers = {trio.taken_by for trio in public.trios if trio.taken_by is not None}
    return {
        "version": Gracias.state_version,
        "game": "gracias",
        "players": names,
        "seed": rng.getrandbits(62),  # the later rounds' shuffles (C7), sampled too
        "decks": [],
        "round": public.round,
        "turn": public.turn,
        "turns_played": (public.round - 1) * 4 + public.turn,
        "big": names.index(public.big_opener),
        "small": names.index(public.small_opener),
        "active": [seat.in_game for seat in public.seats],
        "pile": [COLOUR_IDS[colour] for colour in pool],
        "reserves": [list(seat.reserve.counts) for seat in public.seats],
        "hidden": hidden,
        "trios": trios,
        "took": [name in takers for name in names],
        "to_move": None if public.to_move is None else names.index(public.to_move),
        "holding": None if public.choosing is None else public.choosing - 1,
        "set_aside": [0] * 6,
        "round_scores": [list(seat.round_scores) for seat in public.seats],
        "last_round": None,
        "over": public.phase is Phase.OVER,
        "winners": list(public.winners),
        "end_reason": "",
        "moves": 0,
        "log": [],
    }


def sample_world(view: GraciasPlayerView, rng: random.Random) -> Gracias:
    return Gracias.from_json(world_document(view, rng))


def rollout_choice(game: Gracias, searcher: int = -1) -> GraciasAction:
    """The easy level's choice for the player to move, from their own knowledge in the
    sampled game (their hidden cards, the others' counts). The searcher's seat scores
    by its own doubt about majorities (`spread`) and takes the trio of its choice
    first, to split it knowing its face-down card, as the hard level plays."""
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions(game.players[seat])
    choices = []
    for action in legal:
        if isinstance(action, ChooseTrio):
            a, b = game.trios[action.trio - 1].up
        else:
            assert isinstance(action, SplitTrio) and game.holding is not None
            a, b = game.trios[game.holding].up
        keep = action.keep.index
        choices.append((keep, b if keep == a else a, game.seat_of[action.give_to]))
    doubt = spread(game.turn) if seat == searcher else 0.0
    values = score_choices(table_of(game, seat), choices, doubt)
    best = legal[values.index(max(values))]
    if seat == searcher and isinstance(best, ChooseTrio):
        return TakeTrio(best.by, best.trio)
    return best


def evaluate(game: Gracias, me: str, before: int = 0) -> float:
    """The value for `me` in [0, 1]: the gain in its margin over the best opponent still
    in the game (`before`: the margin at the root), half of it replaced by the win
    itself once the game is over (C8)."""
    totals = game.totals()
    mine = totals.pop(me)
    others = [total for name, total in totals.items() if game.active[game.seat_of[name]]]
    value = squash(mine - max(others, default=0) - before, 3.0)
    if game.over:
        won = 1.0 / len(game.winners) if me in game.winners else 0.0
        value = (value + won) / 2
    return value


def trio_values(legal: Sequence[Action], values: Sequence[float]) -> dict[int, float]:
    """Each trio offered in `legal` (whole choices), valued by its best choice."""
    best: dict[int, float] = {}
    for action, value in zip(legal, values, strict=True):
        if isinstance(action, ChooseTrio):
            best[action.trio] = max(value, best.get(action.trio, float("-inf")))
    return best


class GraciasHard:
    """The hard level: paired sampling over the untaken trios, then over the easy
    level's best splits of the one taken."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.stats = SearchStats()

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(view, GraciasPlayerView)
        actions = [action for action in legal if isinstance(action, GraciasAction)]
        values = ranked(view, actions, spread(view.public.turn))
        me = view.player
        self.stats = SearchStats()
        trios = trio_values(actions, values)
        candidates: list[GraciasAction]
        if trios:
            candidates = [TakeTrio(me, trio) for trio in trios]
            prior = list(trios.values())
        else:
            order = sorted(range(len(actions)), key=lambda i: -values[i])[:CANDIDATES]
            candidates = [actions[i] for i in order]
            prior = [values[i] for i in order]
        if len(candidates) == 1:
            return candidates[0]
        searcher = view.public.players.index(me)
        start_round = view.public.round
        totals = {seat.name: seat.total for seat in view.public.seats if seat.in_game}
        mine = totals.pop(me, 0)
        before = mine - max(totals.values(), default=0)

        world = per_round(lambda seed: sample_world(view, random.Random(seed)))

        def simulate(arm: int, seed: int) -> float:
            game = world(seed)
            game.apply(candidates[arm])
            while not game.over and game.round == start_round:
                game.apply(rollout_choice(game, searcher))
            return evaluate(game, me, before)

        best = paired_search(len(candidates), simulate, self.budget, rng, prior, self.stats)
        return candidates[best]
