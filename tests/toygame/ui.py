"""The toy game's Discord part (`GameUI`): its words, one button per free cell on the
mover's hand message, and what a click on one means (a `Mark`). Its pictures
(render.py) and rules document (rules.md) are named in its record (__init__.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.core.errors import Refusal
from bot.core.gameui import (
    Act,
    Control,
    GameButton,
    GameUI,
    Hand,
    SeatResult,
    Step,
    Table,
    TableMessage,
    Verb,
)
from bot.core.language import channel_mention
from bot.core.storage import Status
from games.protocol import JSON
from games.text import Text, joined, literal
from tests.toygame.engine import Mark, ToyPlayerView, ToyPublicView, parse_cell

Public = Table[ToyPublicView]
Player = Hand[ToyPlayerView]


def status_line(view: ToyPublicView) -> Text:
    if view.over:
        if len(view.winners) == 1:
            result = Text.verbatim("{player} wins", player=view.winners[0])
        else:
            result = literal("a draw")
        return Text.verbatim("Game over: {result}. {reason}.", result=result, reason=view.reason)
    mover = view.to_move or "?"
    return Text.verbatim("{player} ({mark}) to move.", player=mover, mark=view.mark_of(mover))


class ToyVerb(Verb):
    """The verb of the toy game's cell buttons."""

    MARK = "mark"


class ToyUI(GameUI[ToyPublicView, ToyPlayerView]):
    """Its words are `Text`s, as every game's: a plain string in one is a name, which
    each medium writes its own way (escaped in a Discord message)."""

    def lobby_options_text(self, options: Mapping[str, JSON]) -> str:
        return literal("The host plays X and moves first; three in a row wins.")

    def table_text(self, table: Public) -> TableMessage:
        view = table.view
        x, o = view.players
        head = Text.verbatim(
            "**Tic-tac-toe** · game {game} · {x} (X) vs {o} (O) · move {moves}",
            game=table.game,
            x=x,
            o=o,
            moves=view.moves,
        )
        if table.status == Status.ABANDONED:
            abandoned = literal("This game was abandoned; no result is recorded.")
            return TableMessage(head, abandoned)
        recent = [Text.verbatim("- {action}", action=text) for text in view.recent]
        return TableMessage(head, status_line(view), actions=joined("\n", recent))

    def hand_heading(self, hand: Player) -> str:
        return Text.verbatim(
            "**Your Tic-tac-toe board** (game {game} in {channel}), {player}, you play {mark}:",
            game=hand.table.game,
            channel=channel_mention(hand.table.channel_id),
            player=hand.name,
            mark=hand.view.public.mark_of(hand.name),
        )

    def hand_text(self, hand: Player) -> str:
        view, name = hand.view.public, hand.name
        if hand.table.status == Status.ABANDONED:
            return literal("This game was abandoned.")
        if view.over:
            return status_line(view)
        if view.to_move == name:
            return literal("Your move: press a free cell (or type `/toy mark`).")
        return Text.verbatim("Waiting for {player}.", player=view.to_move)

    def turn_text(self, table: Public, newly_awaited: Sequence[str]) -> str | None:
        if table.view.over or not newly_awaited:
            return None
        return Text.verbatim(
            "{player}, your turn: {status}",
            player=table.mention(newly_awaited[0]),
            status=status_line(table.view),
        )

    def game_over_text(self, table: Public) -> str:
        winners = joined(" and ", [table.mention(name) for name in table.view.winners])
        return Text.verbatim(
            "**Game over!** {winners}: {status}", winners=winners, status=status_line(table.view)
        )

    def results(self, table: Public) -> list[SeatResult]:
        outcome = table.outcome
        assert outcome is not None
        return [
            SeatResult(name, 1 if name in outcome.winners else 2, total)
            for name, total in outcome.totals.items()
        ]

    def controls(self, hand: Player) -> list[discord.ui.Item[Any]]:
        table = hand.table
        if not table.running:
            return []
        marks = [a for a in hand.legal if isinstance(a, Mark)]
        return [  # one button per free cell, on the board's row of that cell
            GameButton(table.control(ToyVerb.MARK, m.cell), m.cell, row=int(m.cell[1]) - 1)
            for m in marks
        ]

    def on_control(self, hand: Player, control: Control, values: Sequence[str]) -> Step:
        if control.verb == ToyVerb.MARK and len(control.args) == 1:
            return Act(Mark(hand.name, parse_cell(control.args[0])))  # taken cells: the engine
        raise Refusal("This control is not understood; use `/toy hand` for fresh controls.")
