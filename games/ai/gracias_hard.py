"""Gracias, hard level: determinized Monte Carlo search over the engine (C5, C6).

What the searcher does not see: the other players' hidden cards, the trios' face-down
cards and the undealt cards (C5). `sample_world` rebuilds a whole game from the view
through the engine's saved-state document (`Gracias.from_json`): every card the view
shows stays where it is (reserves, the trios' face-up cards, its own hidden cards);
the other cards of the 108 (C1, 18 per colour) are shuffled and dealt to the other
players' hidden cards (as many as each holds), to the face-down cards still on the
table and to the pile, and later rounds are shuffled from a sampled seed.

The root candidates are the easy level's best choices; each sample plays every
candidate (`paired_search`), then all players follow the easy level (with a little
noise) to the end of the round; the value is the margin over the best opponent
afterwards (a win or loss once the game is over, C8).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.ai.gracias_easy import ranked, score_choices, table_of
from games.ai.player import Budget, SearchStats, paired_search, squash
from games.gracias.actions import ChooseTrio, GraciasAction, SplitTrio
from games.gracias.cards import CARDS_PER_COLOUR, COLOUR_IDS
from games.gracias.engine import Gracias
from games.gracias.views import GraciasPlayerView, Phase
from games.protocol import JSON, Action

CANDIDATES = 6
NOISE = 0.0


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


def rollout_choice(game: Gracias, rng: random.Random) -> GraciasAction:
    """The easy level's choice for the player to move, from their own knowledge in the
    sampled game (their hidden cards, the others' counts); sometimes a random one."""
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions(game.players[seat])
    if rng.random() < NOISE:
        return legal[rng.randrange(len(legal))]
    choices = []
    for action in legal:
        if isinstance(action, ChooseTrio):
            a, b = game.trios[action.trio - 1].up
        else:
            assert isinstance(action, SplitTrio) and game.holding is not None
            a, b = game.trios[game.holding].up
        keep = action.keep.index
        choices.append((keep, b if keep == a else a, game.seat_of[action.give_to]))
    values = score_choices(table_of(game, seat), choices)
    return legal[values.index(max(values))]


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


class GraciasHard:
    """The hard level: paired sampling over the easy level's best choices."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.stats = SearchStats()

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(view, GraciasPlayerView)
        values = ranked(view, legal)
        order = sorted(range(len(legal)), key=lambda i: -values[i])[:CANDIDATES]
        self.stats = SearchStats()
        if len(order) == 1:
            return legal[order[0]]
        candidates = [legal[i] for i in order]
        prior = [values[i] for i in order]
        me = view.player
        start_round = view.public.round
        totals = {seat.name: seat.total for seat in view.public.seats if seat.in_game}
        mine = totals.pop(me, 0)
        before = mine - max(totals.values(), default=0)

        def simulate(arm: int, seed: int) -> float:
            rng = random.Random(seed)
            game = sample_world(view, rng)
            action = candidates[arm]
            assert isinstance(action, GraciasAction)
            game.apply(action)
            while not game.over and game.round == start_round:
                game.apply(rollout_choice(game, rng))
            return evaluate(game, me, before)

        best = paired_search(len(candidates), simulate, self.budget, rng, prior, self.stats)
        return candidates[best]
