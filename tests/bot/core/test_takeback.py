"""What hand messages show of a take-back (bot/core/takeback.py): the request's lines
for the mover, for those asked and for those who agreed; the mover alone told of a
refusal; the buttons (real `GameButton`s: custom ids and labels); the news of a move
taken back, of a request that lapsed and of a reminder; the `TakeBack` action; and
`taken_back`'s refusals, on a game run in process (tests/bot/core/harness.py). Asking
and answering through the services is tests/bot/core/test_takeback_requests.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.core.errors import Refusal
from bot.core.gameui import GameButton
from bot.core.session import Session
from bot.core.takeback import (
    BotEvent,
    Request,
    TakeBack,
    lapsed_event,
    request_items,
    request_lines,
    shared_news,
    taken_back,
)
from games.gracias import Gracias
from games.gracias.actions import SplitTrio, TakeTrio
from games.protocol import Event, EventKind
from tests.bot.core.harness import Services, services

ANN, BOB, CY = 10, 11, 12
GAME, VERSION = 41, 7
GIFT = "ann gave a red card to cy"


def replayed() -> Any:
    """A real game standing for the one without the move."""
    return Gracias.create(["ann", "bob", "cy"], {}, 3)


def asked(what: str = GIFT) -> Request:
    """ann asks; bob and cy must agree."""
    return Request(VERSION, "ann", what, ["bob", "cy"], replayed())


def test_the_mover_reads_what_they_asked_and_whom_it_waits_for():
    assert request_lines(asked(), "ann") == [
        "*You asked to take back your last move (ann gave a red card to cy). "
        "Waiting for bob and cy.*"
    ]
    assert request_lines(asked(what=""), "ann") == [
        "*You asked to take back your last move. Waiting for bob and cy.*"
    ]
    assert request_lines(None, "ann") == []


def test_those_asked_are_asked_and_those_who_agreed_wait_with_the_mover():
    request = asked()
    assert request_lines(request, "bob") == [
        "**ann asks to take back their last move (ann gave a red card to cy).** Do you agree?"
    ]
    request.waiting, request.agreed = ["cy"], ["bob"]
    assert request_lines(request, "bob") == [
        "*You agreed that ann takes back their move. Waiting for cy.*"
    ]
    assert request_lines(request, "cy") == [
        "**ann asks to take back their last move (ann gave a red card to cy).** Do you agree?"
    ]
    assert request_lines(request, "dee") == []  # not concerned


def test_a_refusal_is_told_to_the_mover_alone():
    request = asked()
    request.refused_by, request.waiting = "cy", []
    assert request_lines(request, "ann") == ["*cy said no: your move stands.*"]
    assert request_lines(request, "bob") == []
    assert request_lines(request, "cy") == []


def buttons(items: list[discord.ui.Item[Any]]) -> list[tuple[str | None, str | None, Any]]:
    assert all(isinstance(item, GameButton) for item in items)
    return [
        (item.item.custom_id, item.item.label, item.item.style)
        for item in items
        if isinstance(item, GameButton)
    ]


def test_the_buttons_offer_the_take_back_then_ask_those_waited_for():
    primary, secondary = discord.ButtonStyle.primary, discord.ButtonStyle.secondary
    offered = request_items(GAME, VERSION, None, True, "ann")
    assert buttons(offered) == [("g:41:7:take_back", "Take back my move", secondary)]
    request = asked()
    assert buttons(request_items(GAME, VERSION, request, False, "bob")) == [
        ("g:41:7:take_back_yes", "Let ann take it back", primary),
        ("g:41:7:take_back_no", "No, the move stands", secondary),
    ]
    assert request_items(GAME, VERSION, request, False, "ann") == []  # the mover waits
    assert request_items(GAME, VERSION, None, False, "bob") == []
    request.refused_by, request.waiting = "cy", []
    assert request_items(GAME, VERSION, request, False, "bob") == []


def test_the_news_tells_who_took_back_and_a_lapse_or_reminder_only_to_its_reader():
    undone = Event(EventKind.UNDO, "ann took back their last move", "ann")
    assert shared_news("ann", [undone]) == ["You took back your last move"]
    assert shared_news("bob", [undone]) == ["ann took back their last move"]
    lapsed = lapsed_event(asked(), "bob")
    assert lapsed.kind == BotEvent.LAPSED
    assert shared_news("ann", [lapsed]) == ["bob moved before everyone agreed, so your move stands"]
    assert shared_news("bob", [lapsed]) == [] and shared_news("cy", [lapsed]) == []
    reminder = Event(BotEvent.REMINDER, "", None, private={"cy": "Half your time is gone"})
    assert shared_news("cy", [undone, reminder]) == [
        "ann took back their last move",
        "Half your time is gone",
    ]
    played = Event(EventKind.GAME_OVER, "The game is over", "ann", private={"ann": "secret"})
    assert shared_news("ann", [played]) == []  # a game's own events are the game's UI's


def test_a_take_back_is_logged_as_its_undo_entry_whatever_game_it_replays():
    one, other = TakeBack("ann", 3, replayed()), TakeBack("ann", 3, replayed())
    assert one.to_json() == {"by": "ann", "undo": True}
    assert one == other and "replayed" not in repr(one)
    assert one != TakeBack("ann", 4, one.replayed)


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Services]:
    async with services(tmp_path) as started:
        yield started


async def split_by(bot: Services, user_id: int | None) -> Session:
    """ann's first turn, a trio taken then split: by ann herself, or by the bot for her
    (`user_id` None, as her turn timer does)."""
    session = await bot.start_game("gracias", [(ANN, "ann"), (BOB, "bob"), (CY, "cy")])
    await bot.sessions.act(session.id, ANN, lambda hand: TakeTrio(hand.name, 1))
    split = next(a for a in session.legal_actions("ann") if isinstance(a, SplitTrio))
    await bot.sessions.act(session.id, user_id, split, actor_name="ann")
    return session


async def refusal(bot: Services, session: Session, user_id: int, by: str, header: Any) -> str:
    work = taken_back(
        bot.storage, bot.tables.executor, session.id, header, session.engine, user_id, by
    )
    with pytest.raises(Refusal) as refused:
        await work
    return str(refused.value)


async def test_only_the_last_move_made_by_its_player_can_be_taken_back(bot):
    session = await split_by(bot, ANN)
    header = session.row.header
    assert await refusal(bot, session, BOB, "bob", header) == (
        "ann has moved since: only the game's last move can be taken back."
    )
    assert await refusal(bot, session, ANN, "ann", None) == (
        "This game's record is incomplete, so no move can be taken back."
    )
    taken = await taken_back(
        bot.storage, bot.tables.executor, session.id, header, session.engine, ANN, "ann"
    )
    assert taken.game.awaiting == ("ann",)  # she splits her trio again
    timed = await split_by(bot, None)
    assert await refusal(bot, timed, ANN, "ann", timed.row.header) == (
        "That move was made for you when your time ran out, so it stands."
    )
