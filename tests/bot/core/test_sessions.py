"""The session service is the one path of every change to a running game: moves, a
player leaving, a seat handed to the computer, the host role passed on, an abandon.
Real storage on a file and the real engines; no Discord (a screen that records what it
was asked to show, tests/bot/core/harness.py), so what is checked is what is stored and
held in memory."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.errors import Refusal
from bot.core.gameui import SeatResult
from bot.core.sessions import Sessions, final_results
from bot.core.storage import Result, Storage
from bot.exts.gracias import KIND as GRACIAS
from bot.exts.grass import KIND as GRASS
from games.gracias import Gracias
from games.gracias.actions import Leave, SplitTrio, TakeTrio
from tests.bot.core.harness import RecordingScreen

ANN, BOB, CY = 10, 11, 12


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[tuple[Storage, Sessions, int]]:
    """`running_game`, closed after the test whatever its result (an open database
    keeps its worker thread, and the test process, alive)."""
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    try:
        sessions, game_id = await running_game(storage)
        yield storage, sessions, game_id
    finally:
        await storage.close()


async def running_game(storage: Storage) -> tuple[Sessions, int]:
    """A 3-player Gracias game hosted by ann, started."""
    sessions = Sessions(storage, {"grass": GRASS, "gracias": GRACIAS}, RecordingScreen())
    game_id = await storage.create_game(1, 2, "gracias", {}, ANN, "ann")
    for user_id, name in ((BOB, "bob"), (CY, "cy")):
        await storage.add_seat(game_id, user_id, name)
    engine = Gracias.create(["ann", "bob", "cy"], {}, 7)
    seats = [(ANN, "ann"), (BOB, "bob"), (CY, "cy")]
    await storage.start_game(game_id, seats, engine.replay_header(), engine.to_json(), 0)
    return sessions, game_id


async def test_a_leave_is_stored_with_its_move_and_the_host_role_passes_on(running):
    storage, sessions, game_id = running
    applied = await sessions.act(game_id, ANN, lambda hand: Leave(hand.name))
    assert any(event.kind == "leave" for event in applied.events)
    stored = {seat.name: seat for seat in await storage.seats(game_id)}
    assert stored["ann"].left_game and not stored["bob"].left_game
    row = await storage.game(game_id)
    assert row is not None and row.host_id == BOB and row.version == 1
    session = await sessions.load(game_id)
    assert session is not None and session.seat_of("ann").left_game
    with pytest.raises(Refusal):
        await sessions.act(game_id, ANN, lambda hand: Leave(hand.name))  # no longer playing


async def test_seats_handed_to_the_computer_until_no_person_is_left(running):
    storage, sessions, game_id = running
    session = await sessions.load(game_id)
    assert session is not None
    for user_id in (ANN, BOB):
        async with session.lock:
            seat = next(s for s in session.seats if s.user_id == user_id)
            await sessions.seat_to_computer(session, seat, kicked=True)
        assert session.status == "running"
    row = await storage.game(game_id)
    assert row is not None and row.host_id == CY  # the only person left
    assert [s.is_ai for s in await storage.seats(game_id)] == [True, True, False]
    async with session.lock:
        await sessions.seat_to_computer(session, session.seats[2], kicked=False)
    row = await storage.game(game_id)
    assert session.status == "abandoned" and row is not None and row.status == "abandoned"
    assert sessions.cached == 0


async def test_an_abandon_ends_a_running_game_once(running):
    storage, sessions, game_id = running
    assert await sessions.load(game_id) is not None
    assert await sessions.abandon(game_id) is True
    row = await storage.game(game_id)
    assert row is not None and row.status == "abandoned" and sessions.cached == 0
    assert await sessions.abandon(game_id) is False  # already over: nothing more
    with pytest.raises(Refusal):
        await sessions.act(game_id, BOB, lambda hand: Leave(hand.name))


async def test_a_move_names_its_actor_when_it_changes_other_hands_too(running):
    """A card given to cy changes cy's hand message too; the move is still ann's, and
    only a control drawn before a player's own hand changed goes out of date."""
    storage, sessions, game_id = running
    session = await sessions.load(game_id)
    assert session is not None and session.engine.awaiting == ("ann",)
    await sessions.act(game_id, ANN, lambda hand: TakeTrio(hand.name, 1))
    taken = session.version
    split = next(a for a in session.legal_actions("ann") if isinstance(a, SplitTrio))
    applied = await sessions.act(game_id, ANN, SplitTrio("ann", split.keep, "cy"))
    assert applied.name == "ann"
    stored = {seat.name: seat.controls_since for seat in await storage.seats(game_id)}
    assert stored["cy"] == session.version > taken  # cy's reserve grew


async def test_an_absent_player_ranks_last_and_a_kicked_one_has_no_result(running):
    """Audit finding 2: a kicked player was ranked last like an absent one, so whoever
    kicked them won rating from them. The absent player still ranks last (sitting a
    lost game out keeps no clean record); the kicked one gets no result at all."""
    _, sessions, game_id = running
    session = await sessions.load(game_id)
    assert session is not None
    async with session.lock:
        await sessions.seat_to_computer(session, session.seats[1], kicked=True)  # bob
        await sessions.seat_to_computer(session, session.seats[2], kicked=False)  # cy
    ranked = [SeatResult("bob", 1, 30), SeatResult("cy", 2, 20), SeatResult("ann", 3, 10)]
    computers = [seat.user_id for seat in session.seats[1:]]
    assert final_results(session, ranked, []) == [
        Result(computers[0], 1, 30),
        Result(computers[1], 2, 20),
        Result(ANN, 3, 10),
        Result(CY, 4, 0),
    ]
