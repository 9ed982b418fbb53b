"""The tables service in process (tests/bot/core/harness.py): a start shows the table
and runs, a lobby closes once, who may abandon a game and when, who may kick whom and
what a kick leaves, and a restart showing what was committed but not shown. Refusals
are checked on their words."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.errors import Refusal
from bot.core.storage import Status
from bot.core.tables import YOUNG_MOVES_PER_SEAT, Member
from games.gracias.actions import SplitTrio
from tests.bot.core.harness import KINDS, Services, services

ANN, BOB, CY, DEE = 10, 11, 12, 13
PEOPLE = [(ANN, "ann"), (BOB, "bob"), (CY, "cy")]


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Services]:
    async with services(tmp_path) as started:
        yield started


async def refusal(work: Any) -> str:
    with pytest.raises(Refusal) as refused:
        await work
    return str(refused.value)


async def turn(bot: Services, session: Any) -> None:
    """A whole Gracias turn of the player awaited: a trio taken bare, then split."""
    name = session.engine.awaiting[0]
    user_id = session.user_of(name)
    take = session.engine.trio_takes(name)[0]
    await bot.sessions.act(session.id, user_id, take)
    split = next(a for a in session.legal_actions(name) if isinstance(a, SplitTrio))
    await bot.sessions.act(session.id, user_id, split)


async def test_a_started_game_is_shown_and_runs(bot):
    session = await bot.start_game("gracias", PEOPLE, ["easy"])
    row = await bot.storage.game(session.id)
    assert row is not None and row.status == Status.RUNNING and row.header is not None
    assert [seat.name for seat in session.seats] == ["ann", "bob", "cy", "Robot 1 (easy)"]
    assert [(s.what, s.text) for s in bot.screen.shown] == [("publish", "")]


async def test_a_lobby_is_closed_once_with_its_words(bot):
    game_id = await bot.storage.create_game(1, 7, "grass", {}, ANN, "ann")
    await bot.storage.set_table_message(game_id, 70)
    row = await bot.storage.game(game_id)
    assert row is not None
    assert await bot.tables.close(row, "~~Grass lobby~~: closed.") is True
    assert await bot.tables.close(row, "again") is False
    assert [(s.what, s.text) for s in bot.screen.shown] == [
        ("close lobby", "~~Grass lobby~~: closed.")
    ]
    stored = await bot.storage.game(game_id)
    assert stored is not None and stored.status == Status.ABANDONED


async def test_the_host_alone_may_abandon_a_young_game(bot):
    session = await bot.start_game("gracias", PEOPLE)
    record = KINDS["gracias"]
    channel = session.row.channel_id
    assert (await bot.tables.may_abandon(channel, record, ANN, False)).id == session.id
    refused = await refusal(bot.tables.may_abandon(channel, record, BOB, False))
    assert refused.startswith("Only the game's host (early in the game) or someone with")
    assert (await bot.tables.may_abandon(channel, record, BOB, True)).id == session.id
    nothing = await refusal(bot.tables.may_abandon(999, record, ANN, False))
    assert nothing == "No Gracias game is open in this channel."


async def test_late_in_a_game_the_host_needs_manage_server(bot):
    """Late in a game the host alone could erase the others' win."""
    session = await bot.start_game("gracias", PEOPLE)
    while session.version < YOUNG_MOVES_PER_SEAT * len(PEOPLE):
        await turn(bot, session)
    channel, record = session.row.channel_id, KINDS["gracias"]
    refused = await refusal(bot.tables.may_abandon(channel, record, ANN, False))
    assert refused.startswith("This game is well under way, so ending it without a result")
    assert (await bot.tables.may_abandon(channel, record, DEE, True)).id == session.id


async def test_only_the_host_kicks_and_a_kicked_seat_goes_to_the_computer(bot):
    session = await bot.start_game("gracias", PEOPLE)
    bob, dee = Member(BOB, "bob"), Member(DEE, "dee")
    with pytest.raises(Refusal, match="Only the game's host"):
        bot.tables.may_kick(session, CY, False, bob)
    with pytest.raises(Refusal, match="You cannot kick yourself"):
        bot.tables.may_kick(session, ANN, False, Member(ANN, "ann"))
    with pytest.raises(Refusal, match=r"dee is not playing in this game\."):
        bot.tables.may_kick(session, ANN, False, dee)
    bot.tables.may_kick(session, ANN, False, bob)
    bot.tables.may_kick(session, CY, True, bob)  # Manage Server
    seat = await bot.tables.kick(session.id, bob)
    assert seat.name == "bob" and not seat.is_ai
    stored = {s.name: s for s in await bot.storage.seats(session.id)}
    assert stored["bob"].is_ai and stored["bob"].kicked
    assert await refusal(bot.tables.kick(session.id, bob)) == "bob is not playing in this game."


async def test_a_restart_shows_the_moves_committed_but_not_shown(bot, tmp_path):
    """A process that died between a move's commit and its showing: the next start
    publishes that move's events again, as they were (`repeat`)."""
    session = await bot.start_game("gracias", PEOPLE)
    await bot.storage.set_published(session.id, session.version)
    await turn(bot, session)  # committed; the record says it was never shown
    bot.sessions.forget(session.id)
    bot.screen.shown.clear()
    await bot.tables.restore(session.id)
    [shown] = [s for s in bot.screen.shown if s.what == "publish"]
    assert shown.text == "take give"


async def test_manage_server_may_kick_the_host_and_the_host_role_passes(bot):
    """The host kicked by someone with Manage Server: the computer plays their seat,
    the next person still seated hosts, and the host's powers go with the role."""
    session = await bot.start_game("gracias", PEOPLE)
    bot.tables.may_kick(session, DEE, True, Member(ANN, "ann"))
    await bot.tables.kick(session.id, Member(ANN, "ann"))
    assert "<@11> is now the host of this game." in bot.screen.said(session.id)
    row = await bot.storage.game(session.id)
    assert row is not None and row.host_id == BOB
    with pytest.raises(Refusal, match="Only the game's host"):
        bot.tables.may_kick(session, ANN, False, Member(CY, "cy"))
    bot.tables.may_kick(session, BOB, False, Member(CY, "cy"))
    channel, record = session.row.channel_id, KINDS["gracias"]
    refused = await refusal(bot.tables.may_abandon(channel, record, ANN, False))
    assert refused.startswith("Only the game's host (early in the game)")
    assert (await bot.tables.may_abandon(channel, record, BOB, False)).id == session.id


async def test_a_kick_at_graps_hands_the_opponent_to_the_computer(bot):
    session = await bot.start_game("graps", [(ANN, "ann"), (BOB, "bob")])
    await bot.tables.kick(session.id, Member(BOB, "bob"))
    seats = {seat.name: seat for seat in await bot.storage.seats(session.id)}
    assert seats["bob"].is_ai and seats["bob"].ai_level == "easy"
    assert session.status == Status.RUNNING  # the game goes on against the computer
