"""Graps, hard level: Monte Carlo search over the die (P3) with the easy level's scoring.

Graps hides nothing but the future: the rolls. The view is turned back into a game
through the engine's own saved-state document (`Graps.from_json`) with a seed drawn by
the searcher, so every iteration plays one sampled sequence of future rolls (a chance
sample, never the real game's seed). The root candidates are the best cells by the
sharp weights of its seat (graps_easy.SHARP); each sample plays every one of them, then
a short rollout in which the searcher follows the sharp scoring and its opponent the
easy level as it plays, and scores the position reached: a win or loss, else the
difference in how far each side's front is from the far row. Stopping the rollout
after `HORIZON` placements rather than at the end halves an iteration's cost and
leaves the value less to the dice far ahead, so the same time buys more, and more
telling, samples (games/ai/research.md).

One decision is a rule rather than a search: light's set-up grape (`light_opening`).
Where it goes decides whether the game is a race or a fight long after any rollout's
horizon, and the search cannot tell the cells of the land row apart.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.ai.graps_easy import (
    EASY,
    SHARP,
    WIN,
    front,
    near_best,
    ranked,
    score_cells,
    seat_of,
)
from games.ai.player import Budget, SearchStats, paired_search, squash
from games.graps.actions import Place
from games.graps.cells import SIZE
from games.graps.engine import Graps
from games.graps.state import LAND
from games.graps.views import Face, GrapsPlayerView, Phase, Piece
from games.protocol import JSON, Action

OPENING_GAP = 3
"""Columns between dark's set-up grape and light's (P2), when the hard level is light."""
OPENING_GRAPE_FACES = 2
"""The fewest grape faces (P3) at which light opens by `OPENING_GAP`."""
CANDIDATES = 6
"""Root cells searched: the best ones by the sharp weights."""
HORIZON = 16
"""Placements played in a rollout (both sides) before the position is scored."""


def light_opening(view: GrapsPlayerView) -> int | None:
    """Light's set-up grape (P2): on its land row, `OPENING_GAP` columns from dark's
    set-up grape (to the right where the board allows). None for any other decision.

    Dark moves first, so two vines that never meet are a race dark wins (games/ai/
    research.md): light's chances are in the fight, which the search plays better than
    the easy level. Three columns apart the vines grow side by side and fight over the
    two columns between; at two or at four and more the hard light won far less of the
    same deals. With one grape face in six the vines can hardly fight, and opening
    there lost light more than it won: the search places that grape."""
    public = view.public
    if public.phase is not Phase.SETUP or seat_of(view) != 1:
        return None
    if public.options.grape_faces < OPENING_GRAPE_FACES:
        return None
    dark = [column for column, piece in enumerate(public.board[0]) if piece is not Piece.EMPTY]
    if not dark:
        return None
    column = dark[0] + OPENING_GAP
    if column >= SIZE:
        column = dark[0] - OPENING_GAP
    return LAND[1][column]


def world_document(view: GrapsPlayerView) -> dict[str, JSON]:
    """The engine's saved-state document for the position the view shows, with seed 0
    and no recorded rolls (the searcher replaces the seed)."""
    public = view.public
    mover = None if public.to_move is None else public.players.index(public.to_move)
    return {
        "version": Graps.state_version,
        "game": "graps",
        "players": list(public.players),
        "options": {
            "grape_faces": public.options.grape_faces,
            "return_pruned": public.options.return_pruned,
        },
        "seed": 0,
        "rolls": [],
        "rolls_made": 0,
        "phase": public.phase.value,
        "mover": mover,
        "roll": None if public.roll is None else public.roll.value,
        "board": ["".join(piece.value for piece in row) for row in public.board],
        "supply": list(public.supply),
        "removed": list(public.removed),
        "last": {"cell": public.last_cell, "pruned": [], "cut_off": []},
        "winners": list(public.winners),
        "reason": public.reason,
        "moves": public.moves,
        "recent": [],
    }


def sample_world(view: GrapsPlayerView, rng: random.Random) -> Graps:
    """The view's position with future rolls drawn from `rng` (a fresh seed)."""
    return Graps.from_json(world_document(view)).reseeded(rng.getrandbits(62))


def rollout_choice(game: Graps, rng: random.Random, searcher: int) -> Place:
    """The rollout policy: the searcher's seat by the sharp scoring (as it plays), its
    opponent as the easy level plays (near-ties at random)."""
    seat = game.mover
    assert seat is not None
    cells = game.legal
    grape = game.roll is not Face.BLANK
    if seat == searcher:
        scores = score_cells(game.board, seat, cells, grape, deep=True, weights=SHARP[seat])
        cell = cells[scores.index(max(scores))]
    else:
        scores = score_cells(game.board, seat, cells, grape, deep=True, weights=EASY)
        cell = near_best(cells, scores, rng)
    return Place(game.players[seat], cell)


def playout(game: Graps, rng: random.Random, searcher: int) -> Graps:
    """`game` after at most `HORIZON` rollout placements (fewer if it ends)."""
    for _ in range(HORIZON):
        if game.mover is None:
            break
        game.apply(rollout_choice(game, rng, searcher))
    return game


def evaluate(game: Graps, me: str) -> float:
    """The position's value for `me` in [0, 1]."""
    if game.phase is Phase.OVER:
        if me not in game.winners:
            return 0.0
        return 1.0 if len(game.winners) == 1 else 0.5
    seat = game.players.index(me)
    board = game.board
    margin = float(front(board, seat) - front(board, 1 - seat))
    margin += 0.05 * (len(board.pawns[seat]) - len(board.pawns[1 - seat]))
    return squash(margin, 2.0)


class GrapsHard:
    """The hard level: paired samples over the sharp scoring's best cells, rollouts over
    sampled dice."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.stats = SearchStats()

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(view, GrapsPlayerView)
        places = [action for action in legal if isinstance(action, Place)]
        if not places:
            return legal[0]
        opening = light_opening(view)
        if opening is not None:
            self.stats = SearchStats()
            return next(place for place in places if place.cell == opening)
        scores = ranked(view, places, SHARP[seat_of(view)])
        order = sorted(range(len(places)), key=lambda i: -scores[i])[:CANDIDATES]
        if scores[order[0]] >= WIN or len(order) == 1:
            self.stats = SearchStats()
            return places[order[0]]
        candidates = [places[i] for i in order]
        low, high = min(scores[i] for i in order), max(scores[i] for i in order)
        prior = [(scores[i] - low) / (high - low or 1.0) for i in order]
        me = view.name
        searcher = seat_of(view)

        position = Graps.from_json(world_document(view))  # loaded once, copied per sample

        def simulate(arm: int, seed: int) -> float:
            rng = random.Random(seed)
            game = position.reseeded(rng.getrandbits(62))
            game.apply(candidates[arm])
            return evaluate(playout(game, rng, searcher), me)

        self.stats = SearchStats()
        best = paired_search(len(candidates), simulate, self.budget, rng, prior, self.stats)
        return candidates[best]
