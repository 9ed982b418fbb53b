"""The tournaments service (bot/core/tournaments.py) in process, with real storage and
the real game services: the refusals, a Swiss tournament and a tournament at tables
played to their final standings against the hand-worked tables of
tests/bot/tournament_tables.py, sign-ups closing on their own, and each step taken
once by two processes sharing one database. Discord's side is a fake desk that records
what it was asked to show."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.core.errors import Refusal
from bot.core.screen import Lobby
from bot.core.storage import Status
from bot.core.storage.tournaments import Stage, TournamentRow
from bot.core.tables import Member
from bot.core.tournament_words import Notice
from bot.core.tournaments import Plan, Tournaments
from lang import translate
from tests.bot.core.harness import KINDS, MovedClock, Services, services
from tests.bot.tournament_tables import (
    GRASS_PLAYERS,
    GRASS_ROUNDS,
    GRASS_SETUP,
    GRASS_STANDINGS,
    NO_ACCOUNT,
    SWISS_PLAYERS,
    SWISS_ROUNDS,
    SWISS_STANDINGS,
    SWISS_WINNERS,
)

GUILD, CHANNEL = 1, 500
MINUTE = 0.05


@dataclass
class FakeDesk:
    """The Discord side: every message shown, in English, with its pings."""

    posts: list[tuple[str, tuple[int, ...], bool]] = field(default_factory=list)
    edits: list[tuple[int, str, bool]] = field(default_factory=list)
    threads: list[str] = field(default_factory=list)
    tables: list[tuple[int, str]] = field(default_factory=list)
    ids: itertools.count[int] = field(default_factory=lambda: itertools.count(9000))

    async def show(self, tournament: TournamentRow, notice: Notice, edit: int | None) -> int:
        words = translate(notice.words, "en")
        if edit is not None:
            self.edits.append((edit, words, notice.signup))
            return edit
        self.posts.append((words, notice.pinged, notice.standings is not None))
        return next(self.ids)

    async def open_thread(self, tournament: TournamentRow, name: str) -> int:
        self.threads.append(translate(name, "en"))
        return next(self.ids)

    async def post_table(self, thread_id: int, lobby: Lobby) -> int:
        self.tables.append((thread_id, translate(lobby.words or "", "en")))
        return next(self.ids)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[tuple[Services, Tournaments, FakeDesk]]:
    async with services(tmp_path, MovedClock(), timer_minute=MINUTE) as found:
        tournaments = Tournaments(found.lobbies, found.clock)
        desk = tournaments.desk = FakeDesk()
        yield found, tournaments, desk


def ids(names: Sequence[str]) -> dict[str, int]:
    return {name: 100 + index for index, name in enumerate(names)}


def plan(kind: str, host: Member, rounds: int, **changes: object) -> Plan:
    values: dict[str, object] = {
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "host": host,
        "record": KINDS[kind],
        "rounds": rounds,
        "pace": 24 * 60,
        "signup_minutes": 60,
        "language": "en",
    }
    values.update(changes)
    return Plan(**values)  # type: ignore[arg-type]


async def refused(call: object) -> str:
    with pytest.raises(Refusal) as caught:
        await call  # type: ignore[misc]
    return translate(caught.value.args[0], "en")


async def signed_up(
    tournaments: Tournaments, kind: str, names: Sequence[str], rounds: int
) -> tuple[int, dict[str, int]]:
    people = ids(names)
    host = Member(people[names[0]], names[0])
    tournament_id = await tournaments.create(plan(kind, host, rounds))
    for name in names[1:]:
        await tournaments.join(tournament_id, Member(people[name], name))
    return tournament_id, people


async def round_boards(
    world: Services, tournament_id: int, round_: int, people: dict[str, int]
) -> list[tuple[str, ...]]:
    names = {user: name for name, user in people.items()}
    boards = [b for b in await world.storage.boards(tournament_id) if b.round == round_]
    return [tuple(names[player] for player in board.players) for board in boards]


async def game_of(
    world: Services, tournament_id: int, round_: int, first: str, people: dict[str, int]
) -> int:
    for board in await world.storage.boards(tournament_id):
        if board.round == round_ and board.players[0] == people[first] and board.game_id:
            return board.game_id
    raise AssertionError(f"no game of {first} in round {round_}")


async def test_a_swiss_tournament_of_seven_over_three_rounds(world):
    services_, tournaments, desk = world
    tournament_id, people = await signed_up(tournaments, "graps", SWISS_PLAYERS, 3)
    assert "7 players**: ann, bob, cy, dee, eve, fay, gil" in desk.edits[-1][1]
    await tournaments.start(tournament_id, people["ann"], False)
    assert "sign-ups are closed" in desk.edits[-1][1] and not desk.edits[-1][2]
    for index, (pairs, winners) in enumerate(zip(SWISS_ROUNDS, SWISS_WINNERS, strict=True)):
        round_ = index + 1
        assert await round_boards(services_, tournament_id, round_, people) == pairs
        opening, pinged, picture = desk.posts[-1]
        assert f"round {round_} of 3" in opening and picture == (round_ > 1)
        assert sorted(pinged) == sorted(people.values())
        assert f"Bye: <@{people[pairs[-1][0]]}> (scores as a win)" in opening
        for (dark, light), winner in zip(pairs[:-1], winners, strict=True):
            game_id = await game_of(services_, tournament_id, round_, dark, people)
            row = await services_.storage.game(game_id)
            assert row is not None and row.status == Status.RUNNING and row.turn_minutes == 24 * 60
            loser = light if winner == dark else dark
            session = await services_.sessions.load(game_id)
            assert session is not None
            resign = session.engine.parse_action({"by": loser, "resign": True})
            await services_.sessions.act(game_id, people[loser], resign)
        await tournaments.sweep()
        shown = await tournaments.standings(await tournaments.latest(CHANNEL))
        board = shown.standings
        assert board is not None
        expected = SWISS_STANDINGS[index]
        assert [row[0].split(". ", 1)[1] for row in board.rows] == [name for name, _, _ in expected]
        assert [(float(row[1]), float(row[2])) for row in board.rows] == [
            (points, buchholz) for _, points, buchholz in expected
        ]
    final, _, picture = desk.posts[-1]
    assert final.startswith("🏆 **Graps tournament: final standings.** cy wins") and picture
    assert "1. **cy**: 3 points · Buchholz 4 · 3 games" in final
    assert "5. **fay**: 1 point · Buchholz 5 · 2 games · 1 bye" in final
    row = await services_.storage.tournament(tournament_id)
    assert row is not None and row.stage == Stage.FINISHED
    assert len(desk.threads) == 9 and desk.threads[0] == "Graps tournament · round 1 · board 1"


async def test_a_tournament_at_tables_of_ten_groups_round_two_by_the_standings(tmp_path):
    async with services(
        tmp_path, MovedClock(), timer_minute=MINUTE, game_setup=GRASS_SETUP
    ) as found:
        tournaments = Tournaments(found.lobbies, found.clock)
        desk = tournaments.desk = FakeDesk()
        tournament_id, people = await signed_up(tournaments, "grass", GRASS_PLAYERS, 2)
        await tournaments.start(tournament_id, people["ann"], False)
        for index, tables in enumerate(GRASS_ROUNDS):
            round_ = index + 1
            assert await round_boards(found, tournament_id, round_, people) == tables
            for table in tables:
                game_id = await game_of(found, tournament_id, round_, table[0], people)
                await play_one_hand(found, game_id, table, people)
            await tournaments.sweep()
            board = (await tournaments.standings(await tournaments.latest(CHANNEL))).standings
            assert board is not None
            expected = GRASS_STANDINGS[index]
            assert [row[0].split(". ", 1)[1] for row in board.rows] == [n for n, _, _ in expected]
            assert [float(row[1]) for row in board.rows] == [points for _, points, _ in expected]
        final = desk.posts[-1][0]
        assert "ann wins the tournament" in final
        assert "1. **ann**: 12 points · total $50,000 · 2 games" in final


async def play_one_hand(
    found: Services, game_id: int, table: Sequence[str], people: dict[str, int]
) -> None:
    """The first player opens the market, the others discard a card of no account, the
    first closes the market: the hand, and the game, end."""
    session = await found.sessions.load(game_id)
    assert session is not None
    engine = session.engine
    await found.sessions.act(
        game_id, people[table[0]], engine.parse_action({"by": table[0], "play": "market_open"})
    )
    for name in table[1:]:
        discard = next(
            action
            for action in engine.legal_actions(name)
            if type(action).__name__ == "Discard" and action.card.value in NO_ACCOUNT
        )
        await found.sessions.act(game_id, people[name], discard)
    closing = engine.parse_action({"by": table[0], "play": "market_close"})
    await found.sessions.act(game_id, people[table[0]], closing)
    row = await found.storage.game(game_id)
    assert row is not None and row.status == Status.FINISHED


async def test_refusals_say_what_was_wrong_and_change_nothing(world):
    services_, tournaments, desk = world
    ann, bob, cy = Member(1, "ann"), Member(2, "bob"), Member(3, "cy")
    assert "A Grass table seats 3 to 6 players in a tournament." in await refused(
        tournaments.create(plan("grass", ann, 2, table_size=2))
    )
    assert "A tournament has 1 to 9 rounds." in await refused(
        tournaments.create(plan("graps", ann, 10))
    )
    assert "Sign-ups last from 15 minutes to a week" in await refused(
        tournaments.create(plan("graps", ann, 3, signup_minutes=2))
    )
    assert desk.posts == [] and await services_.storage.tournament_in(CHANNEL) is None
    tournament_id = await tournaments.create(plan("graps", ann, 3))
    assert "This channel has a tournament already" in await refused(
        tournaments.create(plan("gracias", bob, 2))
    )
    assert "You are signed up already." in await refused(tournaments.join(tournament_id, ann))
    assert "You are not signed up for this tournament." in await refused(
        tournaments.leave(tournament_id, bob)
    )
    assert "The host cannot leave before the start" in await refused(
        tournaments.leave(tournament_id, ann)
    )
    assert "A Graps tournament needs at least 2 players" in await refused(
        tournaments.start(tournament_id, ann.id, False)
    )
    await tournaments.join(tournament_id, bob)
    assert "Only the tournament's host, or a member who may manage the server" in await refused(
        tournaments.start(tournament_id, bob.id, False)
    )
    said = await tournaments.leave(tournament_id, bob)
    assert said == "You are no longer signed up for this tournament."
    assert [e.name for e in await services_.storage.entrants(tournament_id)] == ["ann"]
    await tournaments.join(tournament_id, bob)
    await tournaments.join(tournament_id, cy)
    await tournaments.start(tournament_id, 99, True)  # a member who manages the server
    assert "Sign-ups for this tournament are closed." in await refused(
        tournaments.join(tournament_id, Member(4, "dee"))
    )
    assert "This tournament has started already." in await refused(
        tournaments.start(tournament_id, ann.id, False)
    )
    left = await tournaments.leave(tournament_id, cy)
    assert "you will not be paired in the rounds to come" in left
    assert "You left this tournament already." in await refused(
        tournaments.leave(tournament_id, cy)
    )
    await tournaments.cancel(tournament_id, ann.id, False)
    assert "This tournament is over." in await refused(
        tournaments.cancel(tournament_id, ann.id, False)
    )
    assert "There is no tournament in this channel." in await refused(tournaments.here(CHANNEL))


async def test_sign_ups_close_on_their_own_or_call_it_off(world):
    services_, tournaments, desk = world
    ann, bob = Member(1, "ann"), Member(2, "bob")
    lonely = await tournaments.create(plan("graps", ann, 1, signup_minutes=30))
    other = await tournaments.create(plan("graps", bob, 1, channel_id=CHANNEL + 1))
    await tournaments.join(other, ann)
    await services_.later(29)
    await tournaments.sweep()
    assert (await services_.storage.tournament(lonely)).stage == Stage.SIGNUP
    await services_.later(31)
    await tournaments.sweep()
    row = await services_.storage.tournament(lonely)
    assert row is not None and row.stage == Stage.CANCELLED
    assert any(
        "called off, as only 1 player signed up by the close" in words for _, words, _ in desk.edits
    )
    started = await services_.storage.tournament(other)
    assert started is not None and started.stage == Stage.RUNNING and started.round == 1
    assert "round 1 of 1" in desk.posts[-1][0]


async def test_two_processes_take_each_step_once(world, tmp_path):
    services_, tournaments, desk = world
    second = Tournaments(services_.lobbies, services_.clock)
    second.desk = desk
    tournament_id, _ = await signed_up(tournaments, "graps", SWISS_PLAYERS[:4], 2)
    # Both see the closing time pass at once.
    await services_.later(61)
    await asyncio.gather(tournaments.sweep(), second.sweep())
    boards = await services_.storage.boards(tournament_id)
    assert [b.round for b in boards] == [1, 1]
    assert len({b.game_id for b in boards}) == 2 and len(desk.threads) == 2
    assert sum("round 1 of 2" in words for words, _, _ in desk.posts) == 1


async def test_a_board_made_but_not_started_is_started_by_the_next_sweep(world):
    services_, tournaments, desk = world
    tournament_id, people = await signed_up(tournaments, "graps", SWISS_PLAYERS[:2], 1)
    row = await services_.storage.tournament(tournament_id)
    assert row is not None
    # A stop between the game's making and its start: the round and its game stored.
    assert await services_.storage.begin_round(tournament_id, 1, [(people["ann"], people["bob"])])
    board = (await services_.storage.boards(tournament_id))[0]
    game_id = await services_.storage.create_board_game(
        row, board, CHANNEL, [(people["ann"], "ann"), (people["bob"], "bob")], {}
    )
    await tournaments.sweep()
    game = await services_.storage.game(game_id)
    assert game is not None and game.status == Status.RUNNING
    assert [b.game_id for b in await services_.storage.boards(tournament_id)] == [game_id]
    assert len(desk.threads) == 1 and game.channel_id == desk.tables[0][0]
    assert "ann against bob; ann begins." in desk.tables[0][1]


async def test_storage_keeps_entry_order_rounds_once_and_the_games(where, opened):
    storage = await opened(where)
    tournament_id = await storage.create_tournament(GUILD, CHANNEL, "graps", 1, 2, 60, 2, 0.0, "fr")
    assert [
        await storage.enter(tournament_id, user, name)
        for user, name in ((1, "ann"), (2, "bob"), (1, "ann"))
    ] == [True, True, False]
    assert await storage.withdraw(tournament_id, 1)
    assert await storage.enter(tournament_id, 1, "ann")
    assert [(e.name, e.entry) for e in await storage.entrants(tournament_id)] == [
        ("bob", 2),
        ("ann", 3),
    ]
    assert await storage.begin_round(tournament_id, 1, [(2, 1)])
    assert not await storage.begin_round(tournament_id, 1, [(1, 2)])
    row = await storage.tournament(tournament_id)
    assert (
        row is not None and row.stage == Stage.RUNNING and row.round == 1 and row.language == "fr"
    )
    assert not await storage.enter(tournament_id, 3, "cy")
    board = (await storage.boards(tournament_id))[0]
    assert board.players == (2, 1) and board.game_id is None and not board.over
    made = await storage.create_board_game(row, board, CHANNEL, [(2, "bob"), (1, "ann")], {})
    assert (
        await storage.create_board_game(row, board, CHANNEL, [(2, "bob"), (1, "ann")], {}) == made
    )
    assert [s.user_id for s in await storage.seats(made)] == [2, 1]
    assert await storage.tournament_of(made) == tournament_id
    # Dropped after the round under way, once.
    assert await storage.withdraw(tournament_id, 1) and not await storage.withdraw(tournament_id, 1)
    assert (await storage.entrants(tournament_id))[1].dropped_after == 1
    # A tournament's games outlive the pruning of old games.
    await storage.set_status(made, Status.ABANDONED)
    await storage.prune(lobbies_before=1e12, games_before=1e12)
    assert await storage.game(made) is not None
    assert await storage.set_announced(tournament_id, 1) and not await storage.set_announced(
        tournament_id, 1
    )
    assert await storage.end_tournament(tournament_id, Stage.FINISHED)
    assert not await storage.end_tournament(tournament_id, Stage.CANCELLED)
    assert await storage.tournament_in(CHANNEL) is None
    assert (await storage.latest_tournament_in(CHANNEL)).stage == Stage.FINISHED


async def test_only_a_manager_ends_a_tournament_game_without_its_result(world):
    services_, tournaments, _ = world
    tournament_id, people = await signed_up(tournaments, "graps", SWISS_PLAYERS[:2], 1)
    await tournaments.start(tournament_id, people["ann"], False)
    game_id = await game_of(services_, tournament_id, 1, "ann", people)
    row = await services_.storage.game(game_id)
    assert row is not None and row.host_id == people["ann"]
    words = await refused(
        services_.tables.may_abandon(row.channel_id, KINDS["graps"], people["ann"], False)
    )
    assert words.startswith("This is a tournament game: only a member who may manage the server")
    found = await services_.tables.may_abandon(row.channel_id, KINDS["graps"], 99, True)
    assert found.id == game_id


async def test_a_player_who_leaves_is_not_paired_in_the_rounds_to_come(world):
    services_, tournaments, _ = world
    names = SWISS_PLAYERS[:4]  # ann, bob, cy, dee: round 1 ann-cy, bob-dee
    tournament_id, people = await signed_up(tournaments, "graps", names, 2)
    await tournaments.start(tournament_id, people["ann"], False)
    assert await round_boards(services_, tournament_id, 1, people) == [
        ("ann", "cy"),
        ("bob", "dee"),
    ]
    said = await tournaments.leave(tournament_id, Member(people["dee"], "dee"))
    assert said.startswith("You left the tournament")
    for dark, loser in (("ann", "cy"), ("bob", "dee")):  # dee's game under way plays on
        game_id = await game_of(services_, tournament_id, 1, dark, people)
        session = await services_.sessions.load(game_id)
        assert session is not None
        resign = session.engine.parse_action({"by": loser, "resign": True})
        await services_.sessions.act(game_id, people[loser], resign)
    await tournaments.sweep()
    # ann and bob lead on 1 point, both dark once: the higher-ranked, ann, is dark; cy is
    # left with the bye.
    assert await round_boards(services_, tournament_id, 2, people) == [("ann", "bob"), ("cy",)]
    shown = await tournaments.standings(await tournaments.latest(CHANNEL))
    assert "4. **dee**: 0 points · Buchholz 1 · 1 game (left)" in translate(shown.words, "en")
