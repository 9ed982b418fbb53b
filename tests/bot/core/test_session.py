"""A running game in memory (bot/core/session.py), started through the in-process
services (tests/bot/core/harness.py): seats found by name and by member, who has left,
the table and a hand of one version (nobody awaited once the game is over), a snapshot
waiting for a move under way, hand signatures that change with a player's own situation
and not with the version, controls that go stale only when their player's situation
changed, and the refusals of strangers and leavers on their words."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.errors import Refusal, StaleControl
from bot.core.gameui import Control
from bot.core.session import NOT_SEATED, Session, hand_signature
from bot.core.storage import Status
from games.gracias.actions import TakeTrio
from tests.bot.core.harness import KINDS, Services, services

ANN, BOB, CY, DEE, EVE = 10, 11, 12, 13, 14
THREE = [(ANN, "ann"), (BOB, "bob"), (CY, "cy")]


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Services]:
    # A computer seat given a person's seat waits an hour before it moves: never here.
    async with services(tmp_path, ai_delay=3600.0) as started:
        yield started


async def refusal(work: Any) -> str:
    with pytest.raises(Refusal) as refused:
        await work
    return str(refused.value)


def signatures(session: Session) -> dict[str, str]:
    ui = session.record.ui
    return {seat.name: hand_signature(ui, session, seat.name) for seat in session.seats}


async def test_seats_are_found_by_name_and_by_member_and_a_stranger_has_none(bot):
    session = await bot.start_game("gracias", THREE)
    bob = session.seat_of("bob")
    assert bob is not None and (bob.user_id, bob.seat) == (BOB, 1)
    assert (session.name_of(CY), session.user_of("ann")) == ("cy", ANN)
    assert (session.name_of(EVE), session.user_of("eve"), session.seat_of("eve")) == (
        None,
        None,
        None,
    )
    assert (session.id, session.kind, session.version) == (session.row.id, "gracias", 0)


async def test_a_player_who_left_has_left_but_one_whose_seat_the_computer_took_has_not(bot):
    people = [*THREE, (DEE, "dee")]
    session = await bot.start_game("grass", people)
    grass = KINDS["grass"]
    await bot.sessions.act(session.id, BOB, grass.leave("bob"))
    await bot.sessions.kick(session.id, CY)
    assert session.left("bob")
    assert not session.left("cy") and not session.left("ann") and not session.left("eve")
    cy = session.seat_of("cy")
    assert cy is not None and cy.is_ai and cy.replaced_user_id == CY
    assert session.name_of(CY) is None  # the person no longer has the seat


async def test_strangers_and_leavers_are_refused_on_their_words(bot):
    session = await bot.start_game("grass", [*THREE, (DEE, "dee")])
    await bot.sessions.act(session.id, BOB, KINDS["grass"].leave("bob"))
    control = Control(session.id, session.version, "hand")
    assert await refusal(bot.sessions.playing(control, EVE)) == NOT_SEATED
    assert NOT_SEATED == "You are not playing in this game: only seated players can use it."
    assert await refusal(bot.sessions.playing(control, BOB)) == (
        "You no longer have a seat in this game, so its controls do nothing for you."
    )
    found, hand = await bot.sessions.playing(control, ANN)
    assert found is session and hand.name == "ann"


async def test_a_table_awaits_the_engines_players_and_nobody_once_the_game_is_over(bot):
    session = await bot.start_game("graps", [(ANN, "ann"), (BOB, "bob")])
    first = session.engine.awaiting[0]
    other = "bob" if first == "ann" else "ann"
    table = session.table()
    assert (table.game, table.version, table.status) == (session.id, 0, Status.RUNNING)
    assert table.awaiting == (first,) and table.players == ("ann", "bob")
    assert table.seats == tuple(session.seats) and table.outcome is None
    hand = session.hand(first)
    assert hand.legal == tuple(session.engine.legal_actions(first)) and hand.legal
    assert hand.view == session.engine.view_for(first) and session.hand(other).legal == ()

    user_id = session.user_of(first)
    await bot.sessions.act(session.id, user_id, KINDS["graps"].leave(first))
    over = session.table()
    assert over.status == Status.FINISHED and over.awaiting == ()
    assert over.outcome is not None and over.outcome.winners == (other,)


async def test_a_snapshot_waits_for_the_move_under_way(bot):
    session = await bot.start_game("graps", [(ANN, "ann"), (BOB, "bob")])
    async with session.lock:  # a move being made
        reading = asyncio.create_task(session.snapshot(lambda s: s.table().version))
        for _ in range(10):
            await asyncio.sleep(0)
        assert not reading.done()
        session.engine.apply(session.legal_actions(session.engine.awaiting[0])[0])
    assert await reading == 1


async def test_a_hand_signature_follows_the_players_situation_not_the_version(bot):
    session = await bot.start_game("gracias", THREE)
    first = session.engine.awaiting[0]
    before = signatures(session)
    await bot.sessions.act(session.id, session.user_of(first), TakeTrio(first, 1))
    after = signatures(session)
    assert session.version == 1
    assert after[first] != before[first]
    untouched = [name for name in ("ann", "bob", "cy") if name != first]
    assert {name: after[name] for name in untouched} == {name: before[name] for name in untouched}


async def test_a_control_goes_stale_only_once_its_players_situation_changed(bot):
    session = await bot.start_game("gracias", THREE)
    first = session.engine.awaiting[0]
    await bot.sessions.act(session.id, session.user_of(first), TakeTrio(first, 1))
    other = next(name for name in ("ann", "bob", "cy") if name != first)
    session.check_version(other, 0)  # drawn before a move that did not concern them
    session.check_version(first, 1)
    for version in (0, 2):  # before their own move; a version still to come
        with pytest.raises(StaleControl) as stale:
            session.check_version(first, version)
        assert str(stale.value) == (
            "This control is out of date: the game has moved on since it was drawn."
        )
