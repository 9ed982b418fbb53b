"""A tournament round's pairings (bot/core/pairing.py). Swiss, checked with Hypothesis
against every possible pairing of small fields: everyone plays or has the bye, nobody
meets again while another pairing avoids it, nobody has a second bye while another
could take it, and the first side goes to who had it less. Tables: sizes as even as the
game allows, everyone seated once, no more repeated company than the plain grouping by
standings and nobody moved more than one table from it. Points and tie-breaks against
hand-worked tables."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.core.pairing import (
    RANK_POINTS,
    Entrant,
    SwissRound,
    rank_points,
    repeats,
    seat_tables,
    swiss_round,
    swiss_standings,
    table_sizes,
    table_standings,
)

BYE = None


def pairings(players: Sequence[int]) -> Iterator[list[tuple[int, int | None]]]:
    """Every way to pair `players`, with one bye (None) for an odd count."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    if len(players) % 2:
        for index in range(len(players)):
            others = [*players[:index], *players[index + 1 :]]
            for found in pairings(others):
                yield [(players[index], BYE), *found]
        return
    for index, other in enumerate(rest):
        for found in pairings([*rest[:index], *rest[index + 1 :]]):
            yield [(first, other), *found]


def costs(pairing: Sequence[tuple[int, int | None]], field: Sequence[Entrant]) -> tuple[int, int]:
    """(rematches, second byes) of a pairing."""
    by = {entrant.player: entrant for entrant in field}
    rematches = sum(1 for a, b in pairing if b is not None and b in by[a].met)
    rebyes = sum(1 for a, b in pairing if b is None and by[a].byes)
    return rematches, rebyes


def ours(round_: SwissRound) -> list[tuple[int, int | None]]:
    found: list[tuple[int, int | None]] = list(round_.pairs)
    if round_.bye is not None:
        found.append((round_.bye, BYE))
    return found


@st.composite
def fields(draw: st.DrawFn) -> list[Entrant]:
    """A field of 2 to 9 players after some rounds: who met whom (both ways), byes,
    points, sides; in standings order."""
    count = draw(st.integers(2, 9))
    players = list(range(count))
    every = list(itertools.combinations(players, 2))
    met_pairs = draw(st.lists(st.sampled_from(every), unique=True, max_size=len(every)))
    met: dict[int, set[int]] = {player: set() for player in players}
    for a, b in met_pairs:
        met[a].add(b)
        met[b].add(a)
    entrants = [
        Entrant(
            player,
            points=draw(st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, 3.0])),
            met=frozenset(met[player]),
            byes=draw(st.integers(0, 1)),
            dark=draw(st.integers(0, 3)),
            light=draw(st.integers(0, 3)),
            last_side=draw(st.sampled_from([None, "dark", "light"])),
        )
        for player in players
    ]
    return sorted(entrants, key=lambda entrant: -entrant.points)


@given(fields())
def test_a_swiss_round_avoids_rematches_then_second_byes_as_far_as_any_pairing_can(field):
    found = swiss_round(field)
    seated = [player for pair in found.pairs for player in pair]
    if found.bye is not None:
        seated.append(found.bye)
    assert sorted(seated) == sorted(entrant.player for entrant in field)  # each once
    assert (found.bye is None) == (len(field) % 2 == 0)
    best = min(costs(p, field) for p in pairings([e.player for e in field]))
    assert costs(ours(found), field) == best


@given(fields())
def test_the_first_side_goes_to_who_had_it_less(field):
    by = {entrant.player: entrant for entrant in field}
    for dark, light in swiss_round(field).pairs:
        assert by[dark].dark - by[dark].light <= by[light].dark - by[light].light


def test_a_first_round_folds_the_field_and_gives_the_last_the_bye():
    field = [Entrant(player) for player in range(7)]
    assert swiss_round(field) == SwissRound(((0, 3), (1, 4), (2, 5)), bye=6)


def test_seven_players_three_rounds_a_different_bye_each_round_no_rematch():
    # Worked by hand: points after each round (dark's result first), the leader first.
    players = list(range(7))
    games: list[tuple[int, int, float, float]] = []
    byes: list[int] = []
    for _ in range(3):
        standings = swiss_standings(players, games, byes)
        met = {s.player: frozenset(s.opponents) for s in standings}
        field = [Entrant(s.player, s.points, met[s.player], s.byes) for s in standings]
        found = swiss_round(field)
        assert found.bye is not None and found.bye not in byes
        for dark, light in found.pairs:
            assert light not in met[dark]
            won = (1.0, 0.0) if dark < light else (0.0, 1.0)  # the lower id wins
            games.append((dark, light, *won))
        byes.append(found.bye)
    assert len(set(byes)) == 3
    final = swiss_standings(players, games, byes)
    assert [s.player for s in final][:1] == [0] and final[0].points == 3


def test_swiss_standings_break_ties_by_the_opponents_points():
    # ann (0) beat bob (1), cy (2) beat dee (3); then ann beat cy, bob beat dee.
    # ann 2, bob 1, cy 1, dee 0. bob's opponents: ann 2 + dee 0 = 2; cy's: dee 0 + ann 2
    # = 2: a tie, kept in order of entry. A bye gives a point and no Buchholz.
    games = [(0, 1, 1.0, 0.0), (2, 3, 1.0, 0.0), (0, 2, 1.0, 0.0), (1, 3, 1.0, 0.0)]
    standings = swiss_standings([0, 1, 2, 3, 4], games, byes=[4])
    assert [(s.player, s.points, s.tiebreak) for s in standings] == [
        (0, 2.0, 2.0),
        (1, 1.0, 2.0),
        (2, 1.0, 2.0),
        (4, 1.0, 0.0),
        (3, 0.0, 2.0),
    ]
    draw = swiss_standings([0, 1], [(0, 1, 0.5, 0.5)])
    assert [s.points for s in draw] == [0.5, 0.5]
    # Both sat it out (the computer took both seats): nothing for either.
    absent = swiss_standings([0, 1], [(0, 1, 0.0, 0.0)])
    assert [(s.points, s.games) for s in absent] == [(0.0, 1), (0.0, 1)]


@pytest.mark.parametrize(
    ("count", "target", "sizes"),
    [(10, 4, [4, 3, 3]), (12, 4, [4, 4, 4]), (5, 4, [5]), (7, 4, [4, 3]), (13, 6, [5, 4, 4])],
)
def test_table_sizes_are_as_even_as_the_game_allows(count, target, sizes):
    assert table_sizes(count, target, 3, 6) == sizes


@given(st.integers(3, 60), st.integers(3, 6))
def test_table_sizes_fill_few_tables_evenly(count, target):
    sizes = table_sizes(count, target, 3, 6)
    assert sum(sizes) == count and max(sizes) - min(sizes) <= 1
    assert all(3 <= size <= 6 for size in sizes) and sizes == sorted(sizes, reverse=True)
    assert len(sizes) <= -(-count // 3)  # never more tables than needed at the smallest


def test_too_few_players_for_a_table_are_refused():
    with pytest.raises(ValueError, match="2 players cannot fill a table of 3"):
        table_sizes(2, 4, 3, 6)


@st.composite
def table_fields(draw: st.DrawFn) -> list[Entrant]:
    count = draw(st.integers(3, 16))
    every = list(itertools.combinations(range(count), 2))
    met_pairs = draw(st.lists(st.sampled_from(every), unique=True, max_size=len(every)))
    met: dict[int, set[int]] = {player: set() for player in range(count)}
    for a, b in met_pairs:
        met[a].add(b)
        met[b].add(a)
    return [Entrant(player, met=frozenset(met[player])) for player in range(count)]


@given(table_fields(), st.integers(3, 6))
def test_tables_seat_everyone_once_near_their_standing_with_less_company_again(field, target):
    tables = seat_tables(field, target, 3, 6)
    sizes = table_sizes(len(field), target, 3, 6)
    assert [len(table) for table in tables] == sizes
    assert sorted(player for table in tables for player in table) == list(range(len(field)))
    met = {entrant.player: entrant.met for entrant in field}
    grouped, start = [], 0
    for size in sizes:
        grouped.append(list(range(start, start + size)))
        start += size
    assert sum(repeats(t, met) for t in tables) <= sum(repeats(t, met) for t in grouped)
    home = {player: index for index, table in enumerate(grouped) for player in table}
    for index, table in enumerate(tables):
        assert all(abs(home[player] - index) <= 1 for player in table)


def test_ten_players_then_grouped_by_standings_with_repeats_avoided():
    # Round 1: 4, 3, 3 in order of entry.
    first = seat_tables([Entrant(p) for p in range(10)], 4, 3, 6)
    assert first == [[0, 1, 2, 3], [4, 5, 6], [7, 8, 9]]
    met = {p: frozenset(t) - {p} for t in first for p in t}
    # Round 2, by standings: each table's winner, then its second... A table of four
    # drawn from three earlier tables seats two old neighbours together whatever the
    # swaps (0 and 1 here); the tables of three meet nobody again.
    order = [0, 4, 7, 1, 5, 8, 2, 6, 9, 3]
    second = seat_tables([Entrant(p, met=met[p]) for p in order], 4, 3, 6)
    assert second == [[0, 4, 7, 1], [5, 8, 2], [6, 9, 3]]
    assert [repeats(table, met) for table in second] == [1, 0, 0]
    # Were 3 ranked above 1, the swap would not be needed either; were 5 and 1 of one
    # old table, 5 would move down instead. Here: 4 and 5 met, so 1 stays.
    third = seat_tables([Entrant(p, met=met[p]) for p in [0, 1, 4, 7, 5, 8, 2, 6, 9, 3]], 4, 3, 6)
    assert [repeats(table, met) for table in third] == [1, 0, 0]


def test_rank_points_follow_the_scale_and_share_ties():
    assert RANK_POINTS[4] == (6, 5, 3, 1)
    assert rank_points({1: 30, 2: 20, 3: 10, 4: 0}) == {1: 6, 2: 5, 3: 3, 4: 1}
    assert rank_points({1: 10, 2: 5, 3: 5, 4: 0}) == {1: 6, 2: 4, 3: 4, 4: 1}
    assert rank_points({1: 7, 2: 7, 3: 7}) == {1: 11 / 3, 2: 11 / 3, 3: 11 / 3}


def test_table_standings_break_ties_by_total_score():
    # Two tables: ann (0) wins hers with 90, cy (2) his with 40; both have 6 points.
    tables = [{0: (1, 90), 1: (2, 50), 4: (3, 10)}, {2: (1, 40), 3: (2, 35), 5: (3, 0)}]
    standings = table_standings(range(6), tables)
    assert [(s.player, s.points, s.tiebreak) for s in standings] == [
        (0, 6, 90),
        (2, 6, 40),
        (1, 4, 50),
        (3, 4, 35),
        (4, 1, 10),
        (5, 1, 0),
    ]


def test_table_standings_rank_by_place_not_score():
    # bob (1) sat his game out: he is last with no score, below cy (2)'s loss of -40.
    standings = table_standings([0, 1, 2], [{0: (1, 10), 2: (2, -40), 1: (3, 0)}])
    assert [(s.player, s.points) for s in standings] == [(0, 6), (2, 4), (1, 1)]
