"""Asking to take a move back and answering, in process (tests/bot/core/harness.py):
the players the move changed things for are asked, each answers once, the move is
taken back when the last agrees and stands when one refuses, and every refusal says
why. A 3-player Gracias game: ann keeps a card and gives one to cy, which changes
cy's hand and makes bob the player awaited, so both are asked. The whole journey
through Discord (buttons on the hand messages) is tests/bot/exts/test_take_back.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.errors import Refusal
from bot.core.takeback_requests import answer_take_back, ask_take_back
from games.gracias.actions import SplitTrio, TakeTrio
from tests.bot.core.harness import MovedClock, Services, run_clock, services

ANN, BOB, CY, DEE = 10, 11, 12, 13


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Services]:
    async with services(tmp_path) as started:
        yield started


async def split_given_to_cy(bot: Services) -> Any:
    """ann's first turn: a trio taken (its face-down card seen), then split."""
    session = await bot.start_game("gracias", [(ANN, "ann"), (BOB, "bob"), (CY, "cy")])
    await bot.sessions.act(session.id, ANN, lambda hand: TakeTrio(hand.name, 1))
    split = next(a for a in session.legal_actions("ann") if isinstance(a, SplitTrio))
    await bot.sessions.act(session.id, ANN, SplitTrio("ann", split.keep, "cy"))
    return session


async def refusal(work: Any) -> str:
    with pytest.raises(Refusal) as refused:
        await work
    return str(refused.value)


async def test_the_move_is_taken_back_once_everyone_asked_agrees(bot):
    session = await split_given_to_cy(bot)
    before = session.version
    asked = await ask_take_back(bot.tables, session.id, ANN, None, None)
    assert asked == "Asked bob and cy: your move is taken back once they agree."
    assert [s.what for s in bot.screen.shown[-1:]] == ["hands"]  # their buttons drawn
    again = ask_take_back(bot.tables, session.id, ANN, None, None)
    assert await refusal(again) == "You have asked already; waiting for bob and cy."
    await answer_take_back(bot.tables, session.id, "bob", before, True, None)
    assert session.version == before  # cy has not answered yet
    twice = answer_take_back(bot.tables, session.id, "bob", before, True, None)
    assert await refusal(twice) == "You are not asked about that move, or you answered already."
    await answer_take_back(bot.tables, session.id, "cy", before, True, None)
    assert session.version == before + 1
    assert session.engine.awaiting == ("ann",)  # ann splits her trio again
    assert (await bot.storage.moves(session.id))[-1] == {"by": "ann", "undo": True}


async def test_one_refusal_and_the_move_stands(bot):
    session = await split_given_to_cy(bot)
    version = session.version
    await ask_take_back(bot.tables, session.id, ANN, None, None)
    await answer_take_back(bot.tables, session.id, "cy", version, False, None)
    late = answer_take_back(bot.tables, session.id, "bob", version, True, None)
    assert await refusal(late) == "You are not asked about that move, or you answered already."
    assert session.version == version and session.engine.awaiting == ("bob",)
    asked_again = await refusal(ask_take_back(bot.tables, session.id, ANN, None, None))
    assert "cy" in asked_again


async def test_a_move_that_showed_a_hidden_card_cannot_be_taken_back(bot):
    session = await bot.start_game("gracias", [(ANN, "ann"), (BOB, "bob"), (CY, "cy")])
    await bot.sessions.act(session.id, ANN, lambda hand: TakeTrio(hand.name, 1))
    refused = await refusal(ask_take_back(bot.tables, session.id, ANN, None, None))
    assert refused.startswith("Your last move cannot be taken back: ")
    assert session.current_request() is None


async def test_only_players_of_a_running_game_may_ask(bot):
    session = await split_given_to_cy(bot)
    stranger = await refusal(ask_take_back(bot.tables, session.id, DEE, None, None))
    assert stranger == "You are not playing in this game."
    stale = await refusal(ask_take_back(bot.tables, session.id, ANN, session.version - 1, None))
    assert stale.startswith("This control is out of date")
    await bot.sessions.abandon(session.id)
    over = await refusal(ask_take_back(bot.tables, session.id, ANN, None, None))
    assert over == "That game is over; nothing can be taken back in it."


async def test_a_move_the_timer_made_for_a_player_stands(tmp_path):
    """`undo` read the move log, not who made the move, and took back a move the turn
    timer had made for the player. Graps's opening placement shows nothing hidden (P3),
    so only who made it keeps it."""
    clock = MovedClock()
    async with services(tmp_path, clock, ai_delay=0.0) as bot:
        session = await bot.start_game("graps", [(ANN, "ann"), (BOB, "bob")], turn_minutes=1)
        first = session.engine.awaiting[0]
        await run_clock(clock, lambda: session.version >= 1, "the timer's move", 10)
        user = ANN if first == "ann" else BOB
        stands = await refusal(ask_take_back(bot.tables, session.id, user, None, None))
        assert stands == "That move was made for you when your time ran out, so it stands."
