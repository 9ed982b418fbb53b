"""A tournament round's games, from the standings so far: plain values in, plain values
out, nothing stored (the tournaments service stores what it decides).

Two-player games (Graps) are paired Swiss. Every round is one maximum-weight matching
(networkx's blossom algorithm) over every pair that may meet, plus a bye for an odd
count, whose weights rank what matters, each above everything after it:

1. nobody meets an opponent again while another pairing of the round avoids it;
2. nobody has a second bye while another player could take it;
3. opponents' points as close as they can be (pairs within a score group), and the
   bye to the lowest-ranked player;
4. within a score group, its top half against its bottom half (the Dutch system's
   fold: the first against the one just past the middle).

The player with fewer games on the first side ("dark", who sets up first) takes it; on
a tie, the one who had the other side last, then the higher-ranked.

Games of three to six players (Grass, Gracias) are played at tables grouped by the
standings: the best players together, table sizes as even as the game allows (ten
players at tables of four: 4, 3 and 3), then players swapped between neighbouring
tables wherever that seats fewer people together again.

A win is 1 point, a draw ½, a bye 1; at a table, places give rank points
(`RANK_POINTS`, Board Game Arena's 6/5/3/1 at four), shared on a tie. Tie-breaks: the
sum of one's opponents' points (Buchholz; a bye adds nothing) in Swiss, the total of
one's game scores at tables; then the order of entry.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import networkx as nx

RANK_POINTS: Mapping[int, tuple[int, ...]] = {
    2: (6, 1),
    3: (6, 4, 1),
    4: (6, 5, 3, 1),
    5: (6, 5, 4, 2, 1),
    6: (6, 5, 4, 3, 2, 1),
}
"""Rank points by table size, first place first: first is always 6 and last 1, so a
table's size changes the middle places only."""
BYE = -1
"""The bye's place in the matching graph (players are numbered from 0)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player as a round's pairing sees them, in standings order (the leader first)."""

    player: int
    points: float = 0.0
    met: frozenset[int] = frozenset()
    """Everyone they played before (in Swiss) or sat with (at tables)."""
    byes: int = 0
    dark: int = 0
    """Games played on the first side (Graps's dark)."""
    light: int = 0
    last_side: str | None = None
    """"dark" or "light" in their last game; None before their first."""


@dataclass(frozen=True, slots=True)
class SwissRound:
    """A Swiss round: each pair (dark, light), and who has the bye."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None = None


def swiss_round(entrants: Sequence[Entrant]) -> SwissRound:
    """The pairs of a Swiss round of `entrants`, in standings order; `ValueError` for
    fewer than two."""
    if not 2 <= len(entrants) <= _MOST:
        raise ValueError(f"a Swiss round pairs 2 to {_MOST} players")
    rank = {entrant.player: index for index, entrant in enumerate(entrants)}
    by_player = {entrant.player: entrant for entrant in entrants}
    groups = Counter(entrant.points for entrant in entrants)
    graph: nx.Graph[int] = nx.Graph()
    spread = _spread(entrants)
    for a, b in itertools.combinations(entrants, 2):
        weight = _pair_weight(a, b, spread, len(entrants))
        if a.points == b.points:
            weight += _fold(rank[b.player] - rank[a.player], groups[a.points])
        graph.add_edge(a.player, b.player, weight=weight)
    if len(entrants) % 2:
        for entrant in entrants:
            weight = _bye_weight(entrant, rank[entrant.player], spread, len(entrants))
            graph.add_edge(BYE, entrant.player, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    bye = None
    pairs = []
    for a, b in matching:
        if BYE in (a, b):
            bye = b if a == BYE else a
            continue
        first, second = sorted((a, b), key=rank.__getitem__)
        pairs.append(_sides(by_player[first], by_player[second]))
    pairs.sort(key=lambda pair: min(rank[pair[0]], rank[pair[1]]))
    return SwissRound(tuple(pairs), bye)


# The weights' orders of magnitude: each rule outweighs the sum of every rule after it
# over the whole round (at most n/2 + 1 edges in a matching, n at most `_MOST`).
_FOLD = 100
_CLOSENESS = 1_000_000
_MOST = 100
"""Players in one Swiss round at most: the weights above keep their order up to it."""


def _fold(distance: int, group: int) -> int:
    """How near two players of one score group are to half the group apart."""
    return _FOLD - min(_FOLD, round(abs(abs(distance) - group / 2) * 10))


def _spread(entrants: Sequence[Entrant]) -> float:
    points = [entrant.points for entrant in entrants]
    return max(points) - min(points) or 1.0


def _scale(count: int) -> tuple[int, int]:
    """The weight of a second bye avoided, and of a rematch avoided, for `count` players."""
    rebye = (count + 2) * _CLOSENESS * 2
    return rebye, (count + 2) * rebye * 2


def _pair_weight(a: Entrant, b: Entrant, spread: float, count: int) -> int:
    rebye, rematch = _scale(count)
    closeness = round(_CLOSENESS * (1 - abs(a.points - b.points) / spread))
    penalty = rematch if b.player in a.met else 0
    return 3 * rematch + rebye + closeness - penalty


def _bye_weight(entrant: Entrant, rank: int, spread: float, count: int) -> int:
    rebye, rematch = _scale(count)
    lowest = round(_CLOSENESS * rank / max(count - 1, 1))  # the last-ranked most
    return 3 * rematch + rebye - (rebye if entrant.byes else 0) + lowest


def _sides(first: Entrant, second: Entrant) -> tuple[int, int]:
    """(dark, light) of a pair, `first` the higher-ranked: whoever played dark fewer
    times (against light) takes it; on a tie, whoever was not dark last, then `first`."""
    first_balance, second_balance = first.dark - first.light, second.dark - second.light
    if first_balance != second_balance:
        if first_balance < second_balance:
            return first.player, second.player
        return second.player, first.player
    if first.last_side == "dark" and second.last_side != "dark":
        return second.player, first.player
    return first.player, second.player


# -- tables ------------------------------------------------------------------------


def table_sizes(count: int, target: int, smallest: int, largest: int) -> list[int]:
    """How `count` players sit at tables of `target` players or fewer: as few tables as
    that allows, as even as can be, the bigger ones first; none below the game's
    `smallest` (then fewer, bigger tables, up to its `largest`). `ValueError` when no
    seating fits."""
    if count < smallest:
        raise ValueError(f"{count} players cannot fill a table of {smallest}")
    tables = math.ceil(count / target)
    while tables > 1 and count // tables < smallest:
        tables -= 1
    base, extra = divmod(count, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    if sizes[0] > largest:
        raise ValueError(f"{count} players cannot sit at tables of {smallest} to {largest}")
    return sizes


def seat_tables(
    entrants: Sequence[Entrant], target: int, smallest: int, largest: int
) -> list[list[int]]:
    """The round's tables: `entrants` (in standings order) grouped in that order into
    `table_sizes`, then players swapped between neighbouring tables while a swap seats
    fewer pairs together again (each swap keeps everyone within one table of their
    place in the standings)."""
    sizes = table_sizes(len(entrants), target, smallest, largest)
    met = {entrant.player: entrant.met for entrant in entrants}
    tables: list[list[int]] = []
    players = [entrant.player for entrant in entrants]
    for size in sizes:
        tables.append(players[:size])
        players = players[size:]
    home = {player: index for index, table in enumerate(tables) for player in table}
    improved = True
    while improved:  # each swap seats fewer pairs together again: it ends
        improved = False
        for index in range(len(tables) - 1):
            upper, lower = tables[index], tables[index + 1]
            movable = (
                [i for i, p in enumerate(upper) if home[p] >= index],
                [j for j, p in enumerate(lower) if home[p] <= index + 1],
            )
            swap = _best_swap(upper, lower, met, movable)
            if swap is not None:
                i, j = swap
                upper[i], lower[j] = lower[j], upper[i]
                improved = True
    return tables


def repeats(table: Iterable[int], met: Mapping[int, frozenset[int]]) -> int:
    """The pairs at a table who sat together before."""
    return sum(1 for a, b in itertools.combinations(table, 2) if b in met[a])


def _best_swap(
    upper: list[int],
    lower: list[int],
    met: Mapping[int, frozenset[int]],
    movable: tuple[list[int], list[int]],
) -> tuple[int, int] | None:
    """The swap of one of `upper`'s players with one of `lower`'s (their `movable`
    places: moving them keeps them within one table of their place in the standings)
    that removes the most repeated pairs, the lowest-ranked of `upper` and the
    highest of `lower` first; None if none removes any."""
    now = repeats(upper, met) + repeats(lower, met)
    best, found = now, None
    for i in reversed(movable[0]):
        for j in movable[1]:
            a = [*upper[:i], lower[j], *upper[i + 1 :]]
            b = [*lower[:j], upper[i], *lower[j + 1 :]]
            after = repeats(a, met) + repeats(b, met)
            if after < best:
                best, found = after, (i, j)
    return found


# -- points and standings ----------------------------------------------------------


def rank_points(scores: Mapping[int, float]) -> dict[int, float]:
    """The rank points of one table's final scores (`RANK_POINTS`): players on equal
    scores share the points of the places they take together."""
    scale = RANK_POINTS[len(scores)]
    ordered = sorted(scores, key=lambda player: -scores[player])
    found: dict[int, float] = {}
    place = 0
    for _, group in itertools.groupby(ordered, key=lambda player: scores[player]):
        tied = list(group)
        shared = sum(scale[place : place + len(tied)]) / len(tied)
        for player in tied:
            found[player] = shared
        place += len(tied)
    return found


@dataclass
class Standing:
    """One player's place in a tournament: points, then the tie-break."""

    player: int
    points: float = 0.0
    tiebreak: float = 0.0
    games: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)


def swiss_standings(
    players: Sequence[int],
    games: Iterable[tuple[int, int, float, float]],
    byes: Iterable[int] = (),
) -> list[Standing]:
    """The Swiss standings of `players` (in order of entry) after `games` (dark, light,
    dark's points, light's points: 1 and 0, ½ each, or 0 each when both forfeited) and
    `byes` (1 point each): by points, then Buchholz, then entry."""
    found = {player: Standing(player) for player in players}
    for dark, light, dark_points, light_points in games:
        for player, other, points in ((dark, light, dark_points), (light, dark, light_points)):
            found[player].points += points
            found[player].games += 1
            found[player].opponents.append(other)
    for player in byes:
        found[player].points += 1
        found[player].byes += 1
    for standing in found.values():
        standing.tiebreak = sum(found[other].points for other in standing.opponents)
    return _ordered(found, players)


def table_standings(
    players: Sequence[int], tables: Iterable[Mapping[int, tuple[float, float]]]
) -> list[Standing]:
    """The standings of `players` (in order of entry) after `tables`, each one table's
    (place, score) per player, the first place 1: by rank points (equal places share
    theirs), then the total of their scores, then entry."""
    found = {player: Standing(player) for player in players}
    for table in tables:
        points = rank_points({player: -place for player, (place, _) in table.items()})
        for player, (_, score) in table.items():
            found[player].points += points[player]
            found[player].tiebreak += score
            found[player].games += 1
            found[player].opponents += [other for other in table if other != player]
    return _ordered(found, players)


def _ordered(found: Mapping[int, Standing], players: Sequence[int]) -> list[Standing]:
    entry = {player: index for index, player in enumerate(players)}
    return sorted(found.values(), key=lambda s: (-s.points, -s.tiebreak, entry[s.player]))
