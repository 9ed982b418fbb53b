"""Asking to take a move back and answering, for every game kind: the mover asks (a
button on their hand message, or `/<game> undo`), each player the move changed things
for agrees or not (bot/core/takeback.py says who and why, and draws the request); once
the last of them agrees, the session service replays the game without the move.
"""

from __future__ import annotations

from typing import Any

from bot.core.errors import Refusal, StaleControl
from bot.core.gameui import AnyUI, Control
from bot.core.session import Clicked, Session, hand_signature
from bot.core.storage import Status
from bot.core.tables import Tables
from bot.core.takeback import Request, TakeBack, TakeBackVerb, refused_text, taken_back
from games.protocol import Game
from games.text import Listed, Text, _, joined


def asked_people(ui: AnyUI, session: Session, before: Game[Any, Any, Any], by: str) -> list[str]:
    """The people besides `by` whose hand message the move changed: what they hold,
    what they may do, or whether they are awaited. They are the ones asked."""
    then = Session(
        session.row, before, session.seats, session.status, session.table_message_id, session.record
    )
    return [
        seat.name
        for seat in session.seats
        if seat.name != by
        and not seat.is_ai
        and not seat.left_game
        and hand_signature(ui, then, seat.name) != hand_signature(ui, session, seat.name)
    ]


async def ask_take_back(
    tables: Tables, game_id: int, user_id: int, version: int | None, via: Clicked | None
) -> Text:
    """`user_id` asks to take back their last move (`version`: the version the button
    was drawn for; None for the command). Returns what happened, in words."""
    async with tables.sessions.lock(game_id):
        session = await tables.sessions.load(game_id)
        if session is None or session.status != Status.RUNNING:
            raise Refusal(_("That game is over; nothing can be taken back in it."))
        name = session.name_of(user_id)
        if name is None:
            raise Refusal(_("You are not playing in this game."))
        if version is not None and version != session.version:
            raise StaleControl()
        request = session.current_request()
        if request is not None and request.refused_by is not None:
            raise Refusal(refused_text(request.refused_by))
        if request is not None:
            raise Refusal(
                _(
                    "You have asked already; waiting for {players}.",
                    players=Listed(request.waiting),
                )
            )
        header = session.row.header
        taken = await taken_back(
            tables.sessions.storage, tables.executor, game_id, header, session.engine, user_id, name
        )
        asked = asked_people(session.record.ui, session, taken.game, name)
        version = session.version
        if asked:
            what = joined("; ", [event.text for event in taken.events if event.text])
            session.ask_take_back(Request(version, name, what, asked, taken.game))
            await tables.screen.update_hands(session, via, asked)
            return _(
                "Asked {players}: your move is taken back once they agree.", players=Listed(asked)
            )
    await tables.sessions.act(game_id, user_id, TakeBack(name, version, taken.game), via=via)
    return _("Your move was taken back.")


async def answer_take_back(
    tables: Tables, game_id: int, name: str, version: int, agree: bool, via: Clicked | None
) -> None:
    """`name` agrees or not to the take-back asked about the move of `version`."""
    async with tables.sessions.lock(game_id):
        session = await tables.sessions.load(game_id)
        request = session.current_request() if session is not None else None
        if session is None or request is None or version != session.version:
            raise Refusal(_("That request is over: the game has moved on since."))
        if name not in request.waiting:
            raise Refusal(_("You are not asked about that move, or you answered already."))
        if not agree:
            request.refused_by = name
            request.waiting = []
        else:
            request.waiting.remove(name)
            request.agreed.append(name)
        if request.waiting or not agree:
            await tables.screen.update_hands(session, via)
            return
        mover = session.user_of(request.by)
    if mover is not None:
        taking = TakeBack(request.by, version, request.replayed)
        await tables.sessions.act(game_id, mover, taking, via=via)


async def take_back_clicked(
    tables: Tables, session: Session, user_id: int, control: Control, via: Clicked | None
) -> None:
    """A take-back button, clicked by `user_id` (the click is acknowledged)."""
    if control.verb == TakeBackVerb.ASK:
        await ask_take_back(tables, session.id, user_id, control.version, via)
        return
    name = session.name_of(user_id)
    if name is None:
        raise Refusal(_("You are not playing in this game."))
    agree = control.verb == TakeBackVerb.AGREE
    await answer_take_back(tables, session.id, name, control.version, agree, via)
