"""Taking back a move, for every game kind: the mover asks, the players the move changed
things for agree with one click, and the session service replays the game without
the move (games/takeback.py, where the rules of it are).

A move may be taken back only while it is the game's last, and only if it showed
nothing hidden. Who must agree: the other people whose hand message the move changed
(what they hold, what they may do, whether they are awaited), found by comparing
their hands with and without the move. Computer seats never object. Nobody: the move
is taken back at once (a Grass pass choice while others still choose).

The request lives in the game's session, in memory: a restart or the game's next move
drops it, and the move stands. This module holds the request and what the hand
messages show of it; asking and answering are in bot/core/takeback_requests.py.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.core.errors import Refusal
from bot.core.gameui import Control, GameButton, Verb
from bot.core.storage import Storage
from games.protocol import JSON, Action, Event, EventKind, EventName, Game
from games.takeback import (
    CannotTakeBack,
    TakenBack,
    TooManyTakeBacks,
    is_undo,
    take_back,
    undo_entry,
)
from games.text import Listed, Text, _, _n, _p

log = logging.getLogger(__name__)
AnyGame = Game[Any, Any, Any]


class TakeBackVerb(Verb):
    """The controls of taking back; each is drawn for one version of the game."""

    ASK = "take_back"
    AGREE = "take_back_yes"
    REFUSE = "take_back_no"


TAKE_BACK_VERBS = frozenset(TakeBackVerb)


class BotEvent(EventName):
    """The kinds of the bot's own (unsaved) events, shown at the top of a hand message."""

    LAPSED = "take_back_lapsed"
    """Tells the mover their take-back request lapsed."""
    REMINDER = "turn_reminder"
    """Tells a player of a slow game that half of their turn time is gone."""


LAPSED = BotEvent.LAPSED


@dataclass(frozen=True, slots=True)
class TakeBack(Action):
    """The undo entry as an action for `Sessions.act`: `by` takes back their move, which
    made the game's version `version` (a later move makes it too late). `replayed`: the
    game without the move, replayed from the log when the take-back was asked
    (`taken_back`), which stays true while the game is at `version`: the log is replayed
    once per take-back."""

    by: str
    version: int
    replayed: AnyGame = field(compare=False, repr=False)

    def to_json(self) -> dict[str, JSON]:
        return undo_entry(self.by)


@dataclass
class Request:
    """A take-back asked and not yet settled, for the move that made `version`."""

    version: int
    by: str
    what: str
    """The move in the table's words ("ann gave a red card to bob"), or ""."""
    waiting: list[str]
    """The people still to agree, in seat order."""
    replayed: AnyGame
    """The game without the move (`TakeBack.replayed`)."""
    agreed: list[str] = field(default_factory=list)
    refused_by: str | None = None


def request_lines(request: Request | None, name: str) -> list[str]:
    """What `name`'s hand message says of the take-back request, at its top."""
    if request is None:
        return []
    if request.refused_by is not None:
        if name == request.by:
            return [_italics(refused_text(request.refused_by))]
        return []
    what, by = request.what, request.by
    waiting = Listed(request.waiting)
    if name == request.by:
        if what:
            asked = _(
                "You asked to take back your last move ({move}). Waiting for {players}.",
                move=what,
                players=waiting,
            )
        else:
            asked = _(
                "You asked to take back your last move. Waiting for {players}.", players=waiting
            )
        return [_italics(asked)]
    if name in request.waiting:
        if what:
            return [
                _(
                    "**{player} asks to take back their last move ({move}).** Do you agree?",
                    player=by,
                    move=what,
                )
            ]
        return [_("**{player} asks to take back their last move.** Do you agree?", player=by)]
    if name in request.agreed:
        agreed = _(
            "You agreed that {player} takes back their move. Waiting for {players}.",
            player=by,
            players=waiting,
        )
        return [_italics(agreed)]
    return []


def refused_text(by: str) -> Text:
    """The mover is told their request was refused."""
    return _("{player} said no: your move stands.", player=by)


def _italics(text: str) -> Text:
    return Text.verbatim("*{text}*", text=text)


def request_items(
    game_id: int, version: int, request: Request | None, offered: bool, name: str
) -> list[discord.ui.Item[Any]]:
    """The buttons `name`'s hand message carries for taking back: Take back my move when
    `offered` (`Session.offers_take_back`), Agree / No while they are asked."""
    if offered:
        ask = Control(game_id, version, TakeBackVerb.ASK)
        return [GameButton(ask, _p("button", "Take back my move"))]
    if request is None or request.refused_by is not None or name not in request.waiting:
        return []
    agree = Control(game_id, version, TakeBackVerb.AGREE)
    refuse = Control(game_id, version, TakeBackVerb.REFUSE)
    return [
        GameButton(
            agree,
            _p("button", "Let {player} take it back", player=request.by),
            discord.ButtonStyle.primary,
        ),
        GameButton(refuse, _p("button", "No, the move stands")),
    ]


def shared_news(name: str, events: Sequence[Event]) -> list[str]:
    """What a take-back changed for this player, and what the bot's own events tell them
    (a lapsed request, a reminder), for the top of their hand message."""
    lines: list[str] = []
    for event in events:
        if event.kind == EventKind.UNDO:
            if event.actor == name:
                lines.append(_("You took back your last move"))
            else:
                lines.append(_("{player} took back their last move", player=event.actor))
        elif event.kind in (BotEvent.LAPSED, BotEvent.REMINDER):
            lines.extend(text for player, text in event.private.items() if player == name)
    return lines


def lapsed_event(request: Request, mover: str) -> Event:
    """Tells the asker that `mover` moved before everyone agreed."""
    text = _("{player} moved before everyone agreed, so your move stands", player=mover)
    return Event(LAPSED, "", mover, private={request.by: text})


async def taken_back(
    storage: Storage,
    executor: Executor,
    game_id: int,
    header: JSON | None,
    engine: AnyGame,
    user_id: int,
    by: str,
) -> TakenBack:
    """The game `engine` without `by`'s last move, replayed from the move log, or a
    `Refusal` saying why not. The move must be the log's last entry, made by `user_id`
    themselves (not by their turn timer): once anyone has moved since, it is too late
    (and the take-back before it is not taken back too)."""
    entries = await storage.moves(game_id)
    if not isinstance(header, dict) or len(entries) != engine.moves:
        raise Refusal(_("This game's record is incomplete, so no move can be taken back."))
    last = entries[-1] if entries else None
    if not isinstance(last, dict) or is_undo(last):
        raise Refusal(_("There is no move to take back: the last one was taken back already."))
    if last.get("by") != by:
        raise Refusal(
            _(
                "{player} has moved since: only the game's last move can be taken back.",
                player=str(last.get("by")),
            )
        )
    if await storage.last_actor(game_id) != user_id:
        raise Refusal(_("That move was made for you when your time ran out, so it stands."))
    # The log may be long: replayed off the event loop, which serves every server.
    loop = asyncio.get_running_loop()
    try:
        taken = await loop.run_in_executor(executor, take_back, header, entries, by)
    except TooManyTakeBacks as error:
        raise Refusal(
            _n(
                "Your last move cannot be taken back: you took back {count} move this turn "
                "already, the most allowed.",
                "Your last move cannot be taken back: you took back {count} moves this turn "
                "already, the most allowed.",
                error.count,
                count=error.count,
            )
        ) from error
    except CannotTakeBack as error:
        raise Refusal(
            _("Your last move cannot be taken back: {reason}.", reason=error.why)
        ) from error
    if taken.redone.to_json() != engine.to_json():
        log.error("game %s: its move log does not replay to its state", game_id)
        raise Refusal(_("This game's record does not replay to where it is, so the move stands."))
    return taken
