"""Gracias, easy level: pick the choice whose round looks best against the leader (C5, C6).

For every legal choice (trio, kept colour, receiver) it estimates each player's round
score as if the round were scored now (C6): its own cards are exact (reserve plus its
hidden cards); another player's hidden cards are unknown, counted as a sixth of a card
of each colour. A colour with 5 or more cards makes a packet (1 point, the rest stays
face up); the most face-up cards of a colour are thrown away, ties included. The
choice maximises its own estimated total minus the leading opponent's (weighted with
the mean opponent), so it keeps colours that complete a packet or stay short of a
majority, and gives away a card where it costs the receiver most: a colour that makes
the leader the majority holder, or one that lifts a rival over its own count.

The scoring works on a `Table` of plain numbers, built from a player's view (the easy
level) or from a searched game (the hard level's rollouts, `table_of`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.gracias.actions import ChooseTrio, SplitTrio
from games.gracias.engine import Gracias
from games.gracias.views import GraciasPlayerView
from games.protocol import Action

COLOURS = 6
PACKET = 5  # C6
LEADER_WEIGHT = 0.7  # the rest goes to the mean opponent


@dataclass
class Table:
    """What one player knows of a round, as numbers. `cards[p][c]`: player p's cards of
    colour c (reserve + hidden for `me`; reserve + hidden/6 for the others); seats
    that left are absent from `seats`."""

    me: int
    seats: list[int]
    names: list[str]
    cards: list[list[float]]
    totals: list[int]


def table_from_view(view: GraciasPlayerView) -> Table:
    public = view.public
    names = list(public.players)
    me = names.index(view.player)
    cards: list[list[float]] = []
    for seat in public.seats:
        row = [float(n) for n in seat.reserve.counts]
        if seat.name == view.player:
            for colour in view.hidden:
                row[colour.index] += 1.0
        else:
            share = seat.hidden_count / COLOURS
            row = [n + share for n in row]
        cards.append(row)
    seats = [seat.seat for seat in public.seats if seat.in_game]
    return Table(me, seats, names, cards, [seat.total for seat in public.seats])


def table_of(game: Gracias, me: int) -> Table:
    """The same from a searched game (the hard level's own sampled game), seen by `me`."""
    cards: list[list[float]] = []
    for seat, reserve in enumerate(game.reserves):
        row = [float(n) for n in reserve]
        if seat == me:
            for colour in game.hidden[seat]:
                row[colour] += 1.0
        else:
            share = len(game.hidden[seat]) / COLOURS
            row = [n + share for n in row]
        cards.append(row)
    seats = [seat for seat in range(len(game.players)) if game.active[seat]]
    totals = [sum(scores) for scores in game.round_scores]
    return Table(me, seats, list(game.players), cards, totals)


def column_points(column: Sequence[float], spread: float = 0.0) -> list[float]:
    """C6 for one colour on the (estimated) counts of the seats in `column`: each
    seat's packet point plus its face-up cards unless it holds the most of them (ties
    all lose them). With a `spread` above 0 the face-up cards count by how likely they
    are to stay out of the majority by the round's end: a logistic curve of the count
    the best other seat holds beyond them, a tie counting as half a card against."""
    face = [n - PACKET if n >= PACKET else n for n in column]
    if spread <= 0.0:
        most = max(face) - 1e-9
        return [
            (1.0 if n >= PACKET else 0.0) + (f if 0 < f < most else 0.0)
            for n, f in zip(column, face, strict=True)
        ]
    first = max(face)
    top = face.index(first)
    second = max(face[:top] + face[top + 1 :], default=0.0)
    exp = math.exp
    return [
        (1.0 if n >= PACKET else 0.0)
        + (
            f / (1.0 + exp((0.5 - ((second if i == top else first) - f)) / spread))
            if f > 0
            else 0.0
        )
        for i, (n, f) in enumerate(zip(column, face, strict=True))
    ]


def colour_points(
    cards: list[list[float]], seats: Sequence[int], colour: int, spread: float = 0.0
) -> list[float]:
    """`column_points` for one colour of the seats in `seats`."""
    return column_points([cards[p][colour] for p in seats], spread)


def score_choices(
    table: Table, choices: Sequence[tuple[int, int, int]], spread: float = 0.0
) -> list[float]:
    """The value of each (kept colour, given colour, receiver seat): own estimated
    total minus the opponents' (the leader weighted most), after the choice, each
    colour scored by `column_points` with `spread`. A choice changes one or two
    colours; each "one more card of colour c for seat p" is scored once per call and
    reused (the rollouts call this thousands of times)."""
    seats = table.seats
    cards = table.cards
    me = table.me
    index = {p: i for i, p in enumerate(seats)}
    per_colour = [colour_points(cards, seats, c, spread) for c in range(COLOURS)]
    base = [table.totals[p] + sum(points[i] for points in per_colour) for i, p in enumerate(seats)]
    mine_at = index[me]
    deltas: dict[tuple[int, int, int], list[float]] = {}

    def delta(colour: int, first: int, second: int) -> list[float]:
        """The score changes when `first` and `second` (-1: nobody) get one more."""
        key = (colour, first, second)
        found = deltas.get(key)
        if found is None:
            column = [cards[p][colour] for p in seats]
            column[index[first]] += 1
            if second >= 0:
                column[index[second]] += 1
            old = per_colour[colour]
            if spread > 0.0:
                new = column_points(column, spread)
                found = [n - o for n, o in zip(new, old, strict=True)]
            else:  # column_points without a spread, inline: the rollouts' hot path
                face = [n - PACKET if n >= PACKET else n for n in column]
                most = max(face) - 1e-9
                found = [
                    (1.0 if column[i] >= PACKET else 0.0) + (n if 0 < n < most else 0.0) - old[i]
                    for i, n in enumerate(face)
                ]
            deltas[key] = found
        return found

    share = (1 - LEADER_WEIGHT) / max(1, len(seats) - 1)
    values = []
    for keep, give, receiver in choices:
        if keep == give:
            change = delta(keep, me, receiver)
            scores = [b + c for b, c in zip(base, change, strict=True)]
        else:
            kept, given = delta(keep, me, -1), delta(give, receiver, -1)
            scores = [b + k + g for b, k, g in zip(base, kept, given, strict=True)]
        mine = scores[mine_at]
        scores[mine_at] = float("-inf")
        top = max(scores)
        if top == float("-inf"):
            values.append(mine)
            continue
        rest = sum(scores[:mine_at]) + sum(scores[mine_at + 1 :])
        values.append(mine - LEADER_WEIGHT * top - share * rest)
    return values


def describe(view: GraciasPlayerView, action: Action) -> tuple[int, int, int] | None:
    """(kept colour, given colour, receiver seat) of a choice or split, else None."""
    public = view.public
    if isinstance(action, ChooseTrio):
        up = public.trios[action.trio - 1].face_up
    elif isinstance(action, SplitTrio) and public.choosing is not None:
        up = public.trios[public.choosing - 1].face_up
    else:
        return None
    keep = action.keep.index
    a, b = up[0].index, up[1].index
    give = b if keep == a else a
    return keep, give, public.players.index(action.give_to)


def ranked(view: GraciasPlayerView, legal: Sequence[Action], spread: float = 0.0) -> list[float]:
    """The easy level's value of every legal action (-inf for anything else); the hard
    level's own with a `spread` (`score_choices`)."""
    described = [describe(view, action) for action in legal]
    choices = [choice for choice in described if choice is not None]
    scored = iter(score_choices(table_from_view(view), choices, spread))
    return [float("-inf") if choice is None else next(scored) for choice in described]


class GraciasEasy:
    """The easy level: the best-valued choice; exact ties are broken at random."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(view, GraciasPlayerView)
        values = ranked(view, legal)
        best = max(values)
        top = [action for action, value in zip(legal, values, strict=True) if value >= best - 1e-9]
        return top[rng.randrange(len(top))]
