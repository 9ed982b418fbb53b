"""The toy game's Discord part (`GameUI`): its words, one button per free cell on the
mover's hand message, and what a click on one means (a `Mark`). Its pictures
(render.py) and rules document (rules.md) are named in its record (__init__.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.core.errors import Refusal
from bot.core.gameui import Act, Control, GameButton, GameUI, Hand, SeatResult, Step, Table
from bot.core.storage import Status
from games.protocol import JSON
from tests.toygame.engine import Mark, ToyPlayerView, ToyPublicView, parse_cell

Public = Table[ToyPublicView]
Player = Hand[ToyPlayerView]


def status_line(view: ToyPublicView) -> str:
    if view.over:
        result = f"{view.winners[0]} wins" if len(view.winners) == 1 else "a draw"
        return f"Game over: {result}. {view.reason}."
    mover = view.to_move or "?"
    return f"{mover} ({view.mark_of(mover)}) to move."


class ToyUI(GameUI[ToyPublicView, ToyPlayerView]):
    def lobby_options_text(self, options: Mapping[str, JSON]) -> str:
        return "The host plays X and moves first; three in a row wins."

    def table_text(self, table: Public) -> str:
        view = table.view
        x, o = view.players
        head = f"**Tic-tac-toe** · game {table.game} · {x} (X) vs {o} (O) · move {view.moves}"
        if table.status == Status.ABANDONED:
            return head + "\nThis game was abandoned; no result is recorded."
        return "\n".join([head, status_line(view), *(f"- {text}" for text in view.recent)])

    def private_text(self, hand: Player) -> str:
        view, name, table = hand.view.public, hand.name, hand.table
        where = f"game {table.game} in <#{table.channel_id}>"
        head = f"**Your Tic-tac-toe board** ({where}), {name}, you play {view.mark_of(name)}:"
        if table.status == Status.ABANDONED:
            return head + "\nThis game was abandoned."
        if view.over:
            return f"{head}\n{status_line(view)}"
        if view.to_move == name:
            return f"{head}\nYour move: press a free cell (or type `/toy mark`)."
        return f"{head}\nWaiting for {view.to_move}."

    def turn_text(self, table: Public, newly_awaited: Sequence[str]) -> str | None:
        if table.view.over or not newly_awaited:
            return None
        return f"{table.mention(newly_awaited[0])}, your turn: {status_line(table.view)}"

    def game_over_text(self, table: Public) -> str:
        winners = " and ".join(table.mention(name) for name in table.view.winners)
        return f"**Game over!** {winners}: {status_line(table.view)}"

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
            GameButton(table.control("mark", m.cell), m.cell, row=int(m.cell[1]) - 1) for m in marks
        ]

    def on_control(self, hand: Player, control: Control, values: Sequence[str]) -> Step:
        if control.verb == "mark" and len(control.args) == 1:
            return Act(Mark(hand.name, parse_cell(control.args[0])))  # taken cells: the engine
        raise Refusal("This control is not understood; use `/toy hand` for fresh controls.")
