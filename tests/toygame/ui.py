"""The toy game's Discord part (`GameUI`): the board picture (tests/toygame/render.py),
its words, one button per free cell on the mover's hand message, and what a click on
one means (`{"mark": CELL}`). The rules document is rules.md next to this file."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.core.controls import Control, GameButton
from bot.core.errors import Refusal
from bot.core.gameui import Act, GameUI, Post, SeatResult, Step, mention
from bot.core.storage import Status
from games.protocol import JSON, Event
from tests.toygame.engine import Mark, ToyPlayerView, ToyPublicView

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.core.session import Session


def status_line(view: ToyPublicView) -> str:
    if view.over:
        result = f"{view.winners[0]} wins" if len(view.winners) == 1 else "a draw"
        return f"Game over: {result}. {view.reason}."
    mover = view.to_move or "?"
    return f"{mover} ({view.mark_of(mover)}) to move."


class ToyUI(GameUI[ToyPublicView, ToyPlayerView]):
    kind: ClassVar[str] = "toy"
    title: ClassVar[str] = "Tic-tac-toe"
    command: ClassVar[str] = "toy"
    round_name: ClassVar[str] = "game"
    hand_words: ClassVar[str] = "your board and its buttons stay in this channel"
    left_text: ClassVar[str] = "You left the game; your opponent wins."

    def rules_path(self) -> Path:
        return Path(__file__).with_name("rules.md")

    def table_image(self, public_view: Any) -> Image:
        from tests.toygame.render import board_image

        return board_image(public_view)

    def private_image(self, player_view: Any) -> Image | None:
        assert isinstance(player_view, ToyPlayerView)
        return self.table_image(player_view.public)

    def lobby_options_text(self, options: Mapping[str, JSON]) -> str:
        return "The host plays X and moves first; three in a row wins."

    def table_text(self, session: Session) -> str:
        view = self.public(session)
        x, o = view.players
        head = f"**Tic-tac-toe** · game {session.id} · {x} (X) vs {o} (O) · move {view.moves}"
        if session.status == Status.ABANDONED:
            return head + "\nThis game was abandoned; no result is recorded."
        return "\n".join([head, status_line(view), *(f"- {text}" for text in view.recent)])

    def private_text(self, session: Session, name: str) -> str:
        view = self.public(session)
        where = f"game {session.id} in <#{session.row.channel_id}>"
        head = f"**Your Tic-tac-toe board** ({where}), {name}, you play {view.mark_of(name)}:"
        if session.status == Status.ABANDONED:
            return head + "\nThis game was abandoned."
        if view.over:
            return f"{head}\n{status_line(view)}"
        if view.to_move == name:
            return f"{head}\nYour move: press a free cell (or type `/toy mark`)."
        return f"{head}\nWaiting for {view.to_move}."

    def turn_text(self, session: Session, newly_awaited: Sequence[str]) -> str | None:
        view = self.public(session)
        if view.over or not newly_awaited:
            return None
        return f"{mention(session, newly_awaited[0])}, your turn: {status_line(view)}"

    def posts(self, session: Session, events: Sequence[Event]) -> list[Post]:
        if not any(event.kind == "game_over" for event in events):
            return []
        view = self.public(session)
        winners = " and ".join(mention(session, name) for name in view.winners)
        return [Post(f"**Game over!** {winners}: {status_line(view)}")]

    def results(self, session: Session) -> list[SeatResult]:
        outcome = session.outcome()
        assert outcome is not None
        return [
            SeatResult(name, 1 if name in outcome.winners else 2, total)
            for name, total in outcome.totals.items()
        ]

    def controls(self, session: Session, name: str) -> list[discord.ui.Item[Any]]:
        if session.status != Status.RUNNING:
            return []
        marks = [a for a in session.legal_actions(name) if isinstance(a, Mark)]
        game, version = session.id, session.version
        return [  # one button per free cell, on the board's row of that cell
            GameButton(Control(game, version, "mark", (m.cell,)), m.cell, row=int(m.cell[1]) - 1)
            for m in marks
        ]

    def on_control(
        self, session: Session, name: str, control: Control, values: Sequence[str]
    ) -> Step:
        if control.verb == "mark" and len(control.args) == 1:
            return Act({"mark": control.args[0]})  # the engine judges the cell
        raise Refusal("This control is not understood; use `/toy hand` for fresh controls.")
