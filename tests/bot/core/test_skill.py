"""Ratings: the maths of bot/core/skill.py as properties over many random games, then
storage on both databases (`where`): who is rated for what in each finished game, a
rebuild coming out exactly as the incremental ratings, seasons and endings."""

from __future__ import annotations

import asyncio
import itertools
import math
import random
import time
from collections.abc import Mapping, Sequence

from hypothesis import given
from hypothesis import strategies as st

from bot.core.seasons import season_of
from bot.core.skill import COMPUTER, PROVISIONAL_SIGMA, START_MU, START_SIGMA, Rating, rated, shown
from bot.core.storage import Result, Standing, Status, Storage
from bot.core.storage.ratings import RatingChange

PRIOR = st.builds(Rating, st.floats(15, 35), st.floats(2, START_SIGMA), st.integers(0, 40))
PLACES = st.lists(st.integers(1, 6), min_size=2, max_size=6)
"""Each seat's place in a game of 2 to 6 (seat n is identity n + 1): ties are frequent."""


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


@given(PRIOR, PLACES)
def test_with_equal_priors_a_better_place_gains_more_and_ties_gain_alike(prior, places):
    """The order of the gains is the order of the places: a player below two tied
    players must not end level with them (PlackettLuce's flaw, skill.py)."""
    seats = [(n + 1, place) for n, place in enumerate(places)]
    after = rated({who: prior for who, _ in seats}, seats)
    gain = {who: after[who].mu - prior.mu for who, _ in seats}
    for (a, place_a), (b, place_b) in itertools.combinations(seats, 2):
        if place_a == place_b:
            assert close(gain[a], gain[b]) and close(after[a].sigma, after[b].sigma)
        else:
            better, worse = (a, b) if place_a < place_b else (b, a)
            assert gain[better] > gain[worse]


@given(PRIOR, st.lists(st.tuples(PRIOR, st.integers(2, 6)), min_size=1, max_size=5))
def test_a_win_over_stronger_players_gains_more(
    winner: Rating, opponents: list[tuple[Rating, int]]
) -> None:
    """The same win from the same prior is worth more against players rated higher."""

    def gain(lift: float) -> float:
        priors = {1: winner} | {
            n: Rating(prior.mu + lift, prior.sigma) for n, (prior, _) in enumerate(opponents, 2)
        }
        places = [(1, 1)] + [(n, place) for n, (_, place) in enumerate(opponents, 2)]
        return rated(priors, places)[1].mu - winner.mu

    assert gain(+5) > gain(0) > gain(-5)


@given(PRIOR, PRIOR, st.integers(1, 3), st.integers(1, 3), st.integers(1, 3))
def test_an_identity_seated_twice_is_updated_once(computer, person, first, second, third):
    """Two seats of one computer level: one update, the mean of its seats' updates, and
    one game more (rating it twice would count its games, and its luck, double)."""
    easy = COMPUTER["easy"]
    both = rated({easy: computer, 10: person}, [(easy, first), (easy, second), (10, third)])
    apart = rated(
        {easy: computer, -99: computer, 10: person}, [(easy, first), (-99, second), (10, third)]
    )
    assert set(both) == {easy, 10} and both[easy].games == computer.games + 1
    assert close(both[easy].mu, (apart[easy].mu + apart[-99].mu) / 2)
    assert close(both[easy].sigma, (apart[easy].sigma + apart[-99].sigma) / 2)
    assert close(both[10].mu, apart[10].mu) and both[10].games == person.games + 1


def test_fewer_than_two_seats_change_nothing():
    assert rated({}, []) == {} and rated({7: Rating()}, [(7, 1)]) == {}


def settled_after(players: int) -> int:
    """How many games newcomers of equal skill play, each winner in turn, until no
    rating is provisional; every game makes each of them surer."""
    ratings = {who: Rating() for who in range(players)}
    games = 0
    while any(rating.provisional for rating in ratings.values()):
        order = [(who + games) % players for who in range(players)]
        before = ratings
        ratings = rated(ratings, [(who, place) for place, who in enumerate(order, 1)])
        assert all(ratings[who].sigma < before[who].sigma for who in ratings)
        games += 1
    return games


def test_a_newcomer_shows_1000_provisional_until_the_games_docs_say():
    """docs/ratings.md: settled after about nine two-player games, or two games of six."""
    newcomer = Rating()
    assert (newcomer.mu, newcomer.sigma, newcomer.games) == (START_MU, START_SIGMA, 0)
    assert newcomer.provisional and newcomer.shown == shown(START_MU, START_SIGMA) == 1000
    assert settled_after(6) == 2 and 8 <= settled_after(2) <= 10
    assert not Rating(START_MU, PROVISIONAL_SIGMA).provisional


@given(PRIOR)
def test_a_new_season_keeps_the_skill_and_widens_the_doubt_up_to_a_newcomers(prior):
    """Last season's skill is a good guess, not a certainty (skill.SEASON_WIDENING)."""
    season = prior.for_new_season()
    assert season.mu == prior.mu and season.games == 0
    assert prior.sigma < season.sigma <= START_SIGMA or season.sigma == START_SIGMA
    assert Rating().for_new_season() == Rating()


def manual(started: float, at: float | None = None) -> str:
    """The label of the manual season started at `started`, for a game finished `at`."""
    label = season_of("manual", started, time.time() if at is None else at)
    assert label is not None
    return label


# -- storage ---------------------------------------------------------------------------


async def started(
    storage: Storage, guild: int, people: Sequence[int], levels: Sequence[str] = (), kind="grass"
) -> int:
    """A running game: the people seated in order, then a computer seat per level (user
    ids -1, -2... in that order, whatever the level)."""
    game_id = await storage.create_game(guild, 5, kind, {}, people[0], f"p{people[0]}")
    for user in people[1:]:
        await storage.add_seat(game_id, user, f"p{user}")
    for n, level in enumerate(levels, 1):
        await storage.add_ai_seat(game_id, f"Computer {n}", level)
    seats = [(seat.user_id, seat.name) for seat in await storage.seats(game_id)]
    await storage.start_game(game_id, seats, {}, {}, 0)
    return game_id


async def finish(
    storage: Storage, game_id: int, places: Mapping[int, int], version=0, ending=None
) -> None:
    """The game's last move, with its results (places by user id) as the bot records."""
    results = [Result(user, place, 10 * (7 - place)) for user, place in places.items()]
    end = {"by": "p", "end": True}
    await storage.record_move(game_id, version, None, end, {}, version + 1, results, ending=ending)


async def snapshot(storage: Storage) -> list[tuple[object, ...]]:
    rows = await storage.driver.fetch_all(
        "SELECT guild_id, kind, season, player, mu, sigma, games FROM ratings"
        " ORDER BY guild_id, kind, season, player"
    )
    changes = await storage.driver.fetch_all(
        "SELECT * FROM rating_changes ORDER BY game_id, season, player"
    )
    return [tuple(row) for row in rows] + [tuple(row) for row in changes]


async def test_finished_games_rate_people_and_computer_levels_and_rebuild_equally(where, opened):
    """Each game's changes are skill.rated from the ratings before it, with the seats
    rated as docs/ratings.md says: a computer seat as its level, a seat the computer took over not
    for the computer but its person last, a leaver last; abandoned games not at all."""
    storage = await opened(where)
    expected: dict[int, dict[int, Rating]] = {1: {}, 2: {}}

    async def check(guild: int, game_id: int, places: list[tuple[int, int]]) -> None:
        before = {who: expected[guild].get(who, Rating()) for who, _ in places}
        after = rated(before, places)
        expected[guild].update(after)
        assert await storage.rating_changes(game_id) == [
            RatingChange("", who, (before[who].mu, before[who].sigma), (new.mu, new.sigma))
            for who, new in sorted(after.items())
        ]

    plain = await started(storage, 1, [10, 11, 12])
    await finish(storage, plain, {10: 1, 11: 2, 12: 3})
    await check(1, plain, [(10, 1), (11, 2), (12, 3)])
    computers = await started(storage, 1, [10, 11], ["hard", "easy"])  # hard -1, easy -2
    await finish(storage, computers, {11: 1, -1: 2, 10: 3, -2: 3})
    await check(1, computers, [(11, 1), (COMPUTER["hard"], 2), (10, 3), (COMPUTER["easy"], 3)])
    absent = await started(storage, 1, [10, 12, 13])
    await storage.seat_to_ai(absent, 2, "easy", kicked=False)  # 13 absent: now -1, to the end
    await finish(storage, absent, {12: 1, -1: 2, 10: 3, 13: 4})
    await check(1, absent, [(12, 1), (10, 3), (13, 4)])
    left = await started(storage, 1, [10, 11, 12])
    await storage.record_move(left, 0, 11, {"by": "p11", "leave": True}, {}, 1, left=[1])
    await finish(storage, left, {10: 1, 12: 2, 11: 3}, version=1)
    await check(1, left, [(10, 1), (12, 2), (11, 3)])
    twice = await started(storage, 1, [10, 11], ["easy", "easy"])
    await finish(storage, twice, {-2: 1, 10: 2, 11: 3, -1: 3})
    await check(1, twice, [(-1, 1), (10, 2), (11, 3), (-1, 3)])
    elsewhere = await started(storage, 2, [10, 11])
    await finish(storage, elsewhere, {11: 1, 10: 2})
    await check(2, elsewhere, [(11, 1), (10, 2)])
    before_abandon = await snapshot(storage)
    abandoned = await started(storage, 1, [10, 11])
    await storage.record_move(abandoned, 0, 10, {"by": "p10", "play": 1}, {}, 1)
    await storage.set_status(abandoned, Status.ABANDONED)
    assert await snapshot(storage) == before_abandon
    assert await storage.rating_changes(abandoned) == []

    ratings = await storage.ratings(1, "grass")
    assert ratings == expected[1] and set(ratings) == {10, 11, 12, 13, -1, -2}
    assert (ratings[-1].games, ratings[-2].games, ratings[13].games) == (2, 1, 1)
    assert ratings[13].shown < Rating().shown  # last, as absent
    assert await storage.ratings(2, "grass") == expected[2] and not await storage.ratings(1, "x")
    assert (await storage.computer_standings(1, "grass"))["easy"].games == 3  # not 13's seat

    incremental = await snapshot(storage)
    assert await storage.unrated_games() == 0
    assert await storage.rebuild_ratings() == 6
    assert await snapshot(storage) == incremental
    async with storage.driver.transaction() as transaction:  # as before ratings were kept
        await transaction.execute("UPDATE games SET finished_at = NULL")
        await transaction.execute("DELETE FROM rating_changes")
        await transaction.execute("DELETE FROM ratings")
    assert await storage.unrated_games() == 6
    assert await storage.rebuild_ratings() == 6
    assert await storage.unrated_games() == 0 and await snapshot(storage) == incremental
    # Each counts as finished when it last changed, the history in that order.
    history = await storage.rating_history(1, "grass", 10)
    assert [game.game_id for game in history] == [plain, computers, absent, left, twice]
    for game in history:
        row = await storage.game(game.game_id)
        assert row is not None and game.finished_at == row.updated_at
    assert (history[-1].mu, history[-1].sigma) == (expected[1][10].mu, expected[1][10].sigma)
    await storage.close()


async def test_games_finishing_at_once_are_rated_one_by_one(where, opened):
    """Finishes from several processes at once (on PostgreSQL, a pool each) take turns
    under one lock: no deadlock, no game lost, and a rebuild, game by game in finish
    order, comes out exactly as the ratings were built."""
    storages = [await opened(where) for _ in range(3 if "://" in where else 1)]
    rng = random.Random(4)
    games = []
    for _ in range(24):
        people = rng.sample(range(10, 16), rng.randint(2, 5))
        places = {who: rng.randint(1, len(people)) for who in people}
        games.append((await started(storages[0], 1, people), places))
    await asyncio.gather(
        *(finish(storages[n % len(storages)], *game) for n, game in enumerate(games))
    )
    incremental = await snapshot(storages[0])
    ratings = await storages[0].ratings(1, "grass")
    assert sum(r.games for r in ratings.values()) == sum(len(places) for _, places in games)
    assert await storages[0].rebuild_ratings() == len(games)
    assert await snapshot(storages[0]) == incremental
    for storage in storages:
        await storage.close()


async def test_seasons_count_their_own_games_from_the_all_time_ratings_widened(where, opened):
    """A season counts the games finished in it, all-time counts all; a player's first
    season game starts from their all-time rating widened, a newcomer's from scratch."""
    storage = await opened(where)
    t0 = time.time() - 3600
    await storage.set_guild_seasons(1, "manual", t0)
    first = manual(t0)
    assert await storage.guild_seasons(1) == ("manual", t0)
    for places in ({10: 1, 11: 2}, {11: 1, 10: 2, 12: 3}):
        await finish(storage, await started(storage, 1, list(places)), places)
    # Everyone was new when the season began: the season is the all-time so far.
    all_time = await storage.ratings(1, "grass")
    assert await storage.ratings(1, "grass", first) == all_time

    t1 = time.time()
    await storage.set_guild_seasons(1, "manual", t1)
    second = manual(t1)
    opening = await started(storage, 1, [12, 10])
    await finish(storage, opening, {12: 1, 10: 2})
    changes = await storage.rating_changes(opening, second)
    for change, overall in zip(changes, await storage.rating_changes(opening), strict=True):
        widened = Rating(*overall.before).for_new_season()
        assert overall.before == (all_time[change.player].mu, all_time[change.player].sigma)
        assert change.before == (widened.mu, widened.sigma) and widened.sigma > overall.before[1]
    after_opening = await storage.ratings(1, "grass", second)
    later = await started(storage, 1, [10, 11, 13])
    await finish(storage, later, {10: 1, 11: 2, 13: 3})
    befores = {c.player: c.before for c in await storage.rating_changes(later, second)}
    assert befores[10] == (after_opening[10].mu, after_opening[10].sigma)  # the season's
    assert befores[11] == (all_time[11].mu, all_time[11].for_new_season().sigma)
    assert befores[13] == (START_MU, START_SIGMA)

    def games(standings: Sequence[Standing]) -> dict[int, int]:
        return {s.user_id: s.games for s in standings}

    assert games(await storage.standings(1, "grass", first)) == {10: 2, 11: 2, 12: 1}
    assert games(await storage.standings(1, "grass", second)) == {10: 2, 11: 1, 12: 1, 13: 1}
    assert games(await storage.standings(1, "grass")) == {10: 4, 11: 3, 12: 2, 13: 1}
    assert (await storage.ratings(1, "grass", second))[10].games == 2
    assert await storage.season_labels(1) == [second, first]
    assert await storage.season_labels(1, "grass") == [second, first]
    assert await storage.season_labels(1, "graps") == []

    await storage.set_guild_seasons(3, "monthly", None)
    months = {season_of("monthly", None, time.time())}
    await finish(storage, await started(storage, 3, [10, 11]), {10: 1, 11: 2})
    months.add(season_of("monthly", None, time.time()))
    (month,) = await storage.season_labels(3)
    assert month in months and len(month) == 7
    assert games(await storage.standings(3, "grass", month)) == {10: 1, 11: 1}
    await storage.close()


async def test_endings_count_each_winners_games_by_how_they_ended(where, opened):
    """Graps tells how a game ended ("reached", "stuck"): counted for its winner only."""
    storage = await opened(where)
    for winner, ending in ((10, "reached"), (10, "reached"), (11, "stuck"), (11, None)):
        game_id = await started(storage, 1, [10, 11], kind="graps")
        await finish(storage, game_id, {winner: 1, 21 - winner: 2}, ending=ending)
    other = await started(storage, 2, [10, 11], kind="graps")
    await finish(storage, other, {10: 1, 11: 2}, ending="reached")
    assert await storage.endings(1, "graps") == {(10, "reached"): 2, (11, "stuck"): 1}
    assert await storage.endings(1, "grass") == {} and await storage.endings(1, "graps", "x") == {}
    rated_games = {who: r.games for who, r in (await storage.ratings(1, "graps")).items()}
    assert rated_games == {10: 4, 11: 4}  # every finished game is rated, however it ended
    await storage.close()
