"""Graps, easy level: a one-move heuristic over the legal cells of the roll (P4, P5).

It scores every legal cell: reaching the far row wins at once (P7); grapes prune
(P5), the more so the closer the pruned pawns are to its own land row; a placement that
advances its vine's front is worth more than one beside it; a pawn the opponent could
prune with their next grape (a cell in the ring of one of their grape cells) loses
value; touching several of its own pawns by a side keeps the vine connected, so one
pruning cuts off less (no sap, P5).

The hard level scores with the same terms under other weights (`SHARP`, one set per
seat, tuned by self-play against this level, games/ai/research.md), plus one this level
leaves out: the cells a placement shuts to the opponent's blanks. Its rollouts use
both scorings. The scoring works on the engine's `Board`, which `board_from_view`
rebuilds from a player's view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from games.graps.actions import Place
from games.graps.cells import RING, SIDES, SIZE
from games.graps.state import TARGET, Board
from games.graps.views import Face, GrapsPlayerView, Piece, Side
from games.protocol import Action

_SEATS = {Piece.DARK_BLANK: 0, Piece.DARK_GRAPE: 0, Piece.LIGHT_BLANK: 1, Piece.LIGHT_GRAPE: 1}
WIN = 1_000_000.0


@dataclass(frozen=True)
class Weights:
    """The weights of `score_cells`' terms (see there)."""

    row: float  # per row the cell lies from the own land row
    lead: float  # per row the cell lies beyond the own front
    prune: float  # per opponent pawn a grape prunes
    prune_row: float  # ... plus this per row that pawn had come, times the urgency
    cut: float  # per opponent pawn cut off from its land by the pruning
    cut_row: float  # ... plus this per row it had come, times the urgency
    front_drop: float  # per row the opponent's front falls back, times the urgency
    danger: float  # for a cell an opponent grape could prune next
    danger_row: float  # ... plus this per row the cell lies from the own land row
    touching: float  # per other own pawn the cell touches by a side
    calm_front: int  # the opponent's front (in rows) from which urgency grows
    block: float = 0.0  # per cell at or beyond the opponent's front shut to their blanks


EASY = Weights(
    row=1.0,
    lead=8.0,
    prune=3.0,
    prune_row=0.5,
    cut=3.0,
    cut_row=0.3,
    front_drop=4.0,
    danger=2.0,
    danger_row=0.5,
    touching=0.7,
    calm_front=8,
)
"""The easy level's weights, set by hand."""

SHARP_DARK = Weights(
    row=0.284,
    lead=7.84,
    prune=0.933,
    prune_row=0.5,
    cut=3.0,
    cut_row=0.84,
    front_drop=5.6,
    danger=0.35,
    danger_row=0.25,
    touching=0.25,
    calm_front=8,
    block=2.0,
)
SHARP_LIGHT = replace(SHARP_DARK, row=0.203, touching=0.35, calm_front=9)
SHARP = (SHARP_DARK, SHARP_LIGHT)
"""The hard level's weights, by seat (dark moves first and wins an even race, light has
to fight): coordinate searches by self-play against `EASY`, one ply, then checked on
fresh seeds (games/ai/research.md). Less for the row itself and for touching than the
easy level, more for the front and for cutting far-come pawns off, and a term the easy
level lacks: the cells a placement shuts to the opponent's blanks where their front
would advance (P4: a blank may not touch an opponent pawn by a side nor lie in an
opponent grape's ring), so their vine can only grow there on a grape roll."""


def board_from_view(view: GrapsPlayerView) -> Board:
    """The engine's board with the view's pawns (Graps hides nothing)."""
    board = Board()
    for row, pieces in enumerate(view.public.board):
        for column, piece in enumerate(pieces):
            if piece is not Piece.EMPTY:
                board.put(_SEATS[piece], row * SIZE + column, piece.is_grape)
    return board


def seat_of(view: GrapsPlayerView) -> int:
    """The viewer's seat: 0 for dark, 1 for light (the engine's `Board` numbering)."""
    return 0 if view.side is Side.DARK else 1


def advance(seat: int, cell: int) -> int:
    """Rows from seat's own land row: 0 on it, 14 on the opponent's land."""
    row = cell // SIZE
    return row if seat == 0 else SIZE - 1 - row


def front(board: Board, seat: int) -> int:
    """The advance of seat's most advanced pawn; -1 without pawns."""
    return front_of(board.pawns[seat], seat)


def front_of(pawns: set[int], seat: int) -> int:
    """The advance of the most advanced of seat's `pawns`; -1 for none."""
    if not pawns:
        return -1
    return max(pawns) // SIZE if seat == 0 else SIZE - 1 - min(pawns) // SIZE


def score_cells(
    board: Board,
    seat: int,
    cells: Sequence[int],
    grape: bool,
    deep: bool,
    weights: Weights = EASY,
) -> list[float]:
    """How good placing seat's pawn (a grape or a blank) on each of `cells` looks.
    `deep` also counts the opponent pawns cut off from their land by a pruning (a
    search of their vine, so the easy rollouts leave it out)."""
    w = weights
    other = 1 - seat
    my_front = front(board, seat)
    their_front = front(board, other)
    # Their pawns' danger grows fast as they near my land row.
    urgency = 1.0 + max(0, their_front - w.calm_front)
    # Exposure: cells in the ring of a cell where their next grape could go (P5); the
    # ring is symmetric, so a cell is exposed when its own ring holds such a cell.
    grape_spots = board.frontier[other] | board.free_land[other]
    theirs = board.pawns[other]
    target = TARGET[seat]
    touching = board.adj[seat]  # own pawns beside each cell, kept by the board
    # Their blanks' cells (P4) at or beyond their front: a pawn beside one, or a grape
    # around one, shuts it.
    their_blanks = board.frontier[other]
    their_bad = board.bad[other]
    scores = []
    for cell in cells:
        if cell in target:
            scores.append(WIN)  # P7
            continue
        row = cell // SIZE
        here = row if seat == 0 else SIZE - 1 - row
        score = w.row * here + w.lead * (here - my_front if here > my_front else 0)
        ring = RING[cell]
        if grape and not theirs.isdisjoint(ring):
            pruned = [near for near in ring if near in theirs]
            for near in pruned:
                score += w.prune + urgency * w.prune_row * advance(other, near)
            if deep:
                # The grape lands on an empty cell, so only the pruned pawns change
                # what is joined to their land: asked of the board as it is, no copy.
                gone = set(pruned)
                cut = board.cut_off(other, gone)
                score += w.cut * len(cut) + urgency * w.cut_row * sum(
                    advance(other, c) for c in cut
                )
                if their_front >= 0:
                    after = front_of(theirs - gone, other)  # the pruning's own drop
                    score += w.front_drop * urgency * (their_front - after)
        if not grape_spots.isdisjoint(ring):
            score -= w.danger + w.danger_row * here
        if w.block:
            shut = 0
            for near in ring if grape else SIDES[cell]:
                if (
                    near in their_blanks
                    and not their_bad[near]
                    and advance(other, near) >= their_front
                ):
                    shut += 1
            score += w.block * shut
        scores.append(score + w.touching * (touching[cell] - 1))
    return scores


NEAR = 0.5
"""Scores this close to the best are a tie the easy level breaks at random."""

T = TypeVar("T")


def near_best(items: Sequence[T], scores: Sequence[float], rng: random.Random) -> T:
    """One of the items scoring within `NEAR` of the best, at random: the easy level's
    pick (the hard level's rollouts pick for an easy opponent by it too)."""
    best = max(scores)
    top = [item for item, score in zip(items, scores, strict=True) if score >= best - NEAR]
    return top[rng.randrange(len(top))]


class GrapsEasy:
    """The easy level: the best-scoring legal cell; near-ties are broken at random."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(view, GrapsPlayerView)
        places = [action for action in legal if isinstance(action, Place)]
        if not places:
            return legal[0]
        board = board_from_view(view)
        seat = seat_of(view)
        grape = view.public.roll is not Face.BLANK  # set-up grapes have no roll (P2)
        scores = score_cells(board, seat, [place.cell for place in places], grape, deep=True)
        return near_best(places, scores, rng)


def ranked(view: GrapsPlayerView, places: Sequence[Place], weights: Weights = EASY) -> list[float]:
    """The scores of `places` under `weights` (the hard level's prior: `SHARP`)."""
    board = board_from_view(view)
    seat = seat_of(view)
    grape = view.public.roll is not Face.BLANK
    cells = [place.cell for place in places]
    return score_cells(board, seat, cells, grape, deep=True, weights=weights)
