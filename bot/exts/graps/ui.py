"""Graps's Discord part for the shared machinery: pictures, words and controls.

Graps has no hidden information, so the channel's table shows everything; the mover
still gets a direct message when their turn starts, because that is what makes
Discord notify them in a two-player game played over hours. That message carries the
board with the legal cells of the roll dotted (P4, P5) and the controls; the channel's
table carries the public board (the last placement ringed, pruned pawns crossed, P5).
Players with closed DMs use `/graps board` or the table's **My board** button.

Controls come from `Graps.legal_actions` only: one menu of cells when there are at
most 25 (Discord's limit), otherwise a menu of columns, then one of that column's
legal rows. Resigning asks for a confirmation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

import discord

from bot.core.errors import Refusal
from bot.core.gameui import (
    Act,
    Control,
    GameButton,
    GameSelect,
    GameUI,
    Hand,
    Post,
    SeatResult,
    SharedVerb,
    Show,
    Step,
    Table,
    table_message,
)
from bot.core.kinds import Pictures
from bot.core.storage import Status
from bot.exts.graps.texts import (
    board_words,
    cell_note,
    figures,
    opponent_of,
    options_text,
    pruning_text,
    side_word,
    status_line,
    your_move_text,
)
from games.graps import GrapsEventKind, GrapsPlayerView, GrapsPublicView, Place
from games.graps.actions import Resign
from games.graps.cells import COLUMNS, parse_cell, row_of
from games.protocol import JSON, Event, EventKind
from render.graps import board_image, player_board_image

PICTURES = Pictures(board_image, player_board_image)

Public = Table[GrapsPublicView]
Player = Hand[GrapsPlayerView]

RECENT_LINES = 4
MAX_OPTIONS = 25


class GrapsVerb(StrEnum):
    """The verbs of Graps's own controls (their custom ids: bot/core/gameui.py)."""

    PLACE = "place"
    COLUMN = "column"
    RESIGN_ASK = "resign_ask"
    RESIGN = "resign"


def legal_cells(hand: Player) -> list[str]:
    """The player's legal cells for the current roll, from the engine's legal actions."""
    return [action.cell_name for action in hand.legal if isinstance(action, Place)]


class GrapsUI(GameUI[GrapsPublicView, GrapsPlayerView]):
    # -- words ---------------------------------------------------------------------

    def lobby_options_text(self, options: Mapping[str, JSON]) -> str:
        return options_text(options)

    def table_text(self, table: Public) -> str:
        view = table.view
        head = (
            f"**Graps** · game {table.game} · {view.dark} (dark, row 1) vs "
            f"{view.light} (light, row 15) · move {view.moves}"
        )
        return table_message(table, head, status_line(view), view.recent, RECENT_LINES)

    def table_words(self, table: Public) -> str:
        return board_words(table.view) + "\n" + figures(table.view)

    def private_text(self, hand: Player) -> str:
        view, name, table = hand.view, hand.name, hand.table
        public = view.public
        where = f"game {table.game} in <#{table.channel_id}>"
        lines = [f"**Your Graps board** ({where}), {name}, {side_word(public, name)}:"]
        recent = [text for text in public.recent if text][-2:]
        lines.extend(f"- {text}" for text in recent)
        if table.status == Status.ABANDONED:
            lines.append("This game was abandoned.")
        elif public.over:
            lines.append(status_line(public))
        elif view.your_turn:
            lines.append(your_move_text(public, name))
        else:  # stable words: a waiting player's DM is not edited at every move
            lines.append(
                f"Waiting for your turn; the board in <#{table.channel_id}> shows the game."
            )
        return "\n".join(lines)

    def turn_text(self, table: Public, newly_awaited: Sequence[str]) -> str | None:
        view = table.view
        if view.over or not newly_awaited or view.to_move != newly_awaited[0]:
            return None
        return f"{table.mention(newly_awaited[0])}, your turn: {status_line(view)}"

    def turn_starts(self, events: Sequence[Event]) -> set[str]:
        # P3: every played turn starts with a roll (a passed turn's roll has no text), so
        # a player who moves again after the opponent's pass is told again.
        return {e.actor for e in events if e.kind == GrapsEventKind.ROLL and e.text and e.actor}

    def posts(self, table: Public, events: Sequence[Event]) -> list[Post]:
        view = table.view
        posts: list[Post] = []
        pruning = pruning_text(view, events)
        if pruning:
            posts.append(Post(pruning))
        for event in events:
            if event.kind == GrapsEventKind.PASS and event.text:
                posts.append(Post(f"{event.text} (P8)."))
            elif event.kind == EventKind.GAME_OVER:
                if len(view.winners) == 1:
                    result = f"Congratulations {table.mention(view.winners[0])}!"
                else:
                    result = "A draw (P9)."
                posts.append(Post(f"**Game over!** {result} {view.reason}. {figures(view)}."))
        return posts

    def results(self, table: Public) -> list[SeatResult]:
        """Places by the outcome; the score is each player's pawns on the board at the
        end (the engine's totals), the best game the highest such score."""
        outcome = table.outcome
        assert outcome is not None
        return [
            SeatResult(name, 1 if name in outcome.winners else 2, total, total)
            for name, total in outcome.totals.items()
        ]

    # -- controls ------------------------------------------------------------------

    def controls(self, hand: Player) -> list[discord.ui.Item[Any]]:
        table, name = hand.table, hand.name
        cells = legal_cells(hand) if table.running else []
        if not cells:
            return []
        view = table.view
        items: list[discord.ui.Item[Any]] = []
        face = "grape" if view.roll is None else view.roll.value
        if len(cells) <= MAX_OPTIONS:
            options = [
                discord.SelectOption(
                    label=cell, value=cell, description=cell_note(view, name, cell)
                )
                for cell in cells
            ]
            items.append(
                GameSelect(table.control(GrapsVerb.PLACE), f"Place your {face} on…", options)
            )
        else:
            columns: dict[str, list[str]] = {}
            for cell in cells:
                columns.setdefault(cell[0], []).append(cell)
            options = [
                discord.SelectOption(
                    label=f"Column {letter}",
                    value=letter,
                    description=f"{len(columns[letter])} cells: " + ", ".join(columns[letter]),
                )
                for letter in sorted(columns)
            ]
            items.append(
                GameSelect(
                    table.control(GrapsVerb.COLUMN),
                    f"Place your {face}: first the column…",
                    options,
                )
            )
        items.append(GameButton(table.control(GrapsVerb.RESIGN_ASK), "Resign…", row=4))
        return items

    def on_control(self, hand: Player, control: Control, values: Sequence[str]) -> Step:
        verb = control.verb
        if verb == GrapsVerb.PLACE and len(values) == 1:
            return Act(Place(hand.name, parse_cell(values[0])))  # the engine judges the cell
        if verb == GrapsVerb.COLUMN and len(values) == 1 and values[0] in COLUMNS:
            return self._rows(hand, values[0])
        if verb == GrapsVerb.RESIGN_ASK:
            return self._confirm_resign(hand)
        if verb == GrapsVerb.RESIGN:
            return Act(Resign(hand.name))
        raise Refusal("This control is not understood; use `/graps board` for fresh controls.")

    def _rows(self, hand: Player, letter: str) -> Step:
        table = hand.table
        cells = [cell for cell in legal_cells(hand) if cell[0] == letter]
        if not cells:
            raise Refusal(f"No legal cell in column {letter} for this roll.")
        options = [
            discord.SelectOption(
                label=f"{cell} (row {row_of(parse_cell(cell))})",
                value=cell,
                description=cell_note(table.view, hand.name, cell),
            )
            for cell in cells
        ]
        select = GameSelect(table.control(GrapsVerb.PLACE), f"Column {letter}: the row…", options)
        back = GameButton(table.control(SharedVerb.BACK), "Back", row=4)
        face = "grape" if table.view.roll is None else table.view.roll.value
        return Show(f"Your {face} in column **{letter}**: which row?", [select, back])

    def _confirm_resign(self, hand: Player) -> Step:
        table = hand.table
        other = opponent_of(table.view, hand.name)
        yes = GameButton(table.control(GrapsVerb.RESIGN), "Yes, resign", discord.ButtonStyle.danger)
        back = GameButton(table.control(SharedVerb.BACK), "Back")
        return Show(f"Resign this game? {other} wins at once.", [yes, back])
