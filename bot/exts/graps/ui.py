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

Its words (options, sides, the board as text, what a cell would do, pruning and passes
in sentences) are also the typed commands' (cog.py). Rule ids cited are those of
DECISIONS.md / docs/rules/graps.md (P1..P9).
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
from bot.core.kinds import Pictures, Words
from bot.core.storage import Status
from games.graps import (
    Face,
    GrapsEventKind,
    GrapsPlayerView,
    GrapsPublicView,
    Phase,
    Piece,
    Place,
    Side,
)
from games.graps.actions import Resign
from games.graps.cells import COLUMNS, RING, SIZE, parse_cell, row_of
from games.protocol import JSON, Event, EventKind
from games.words import plural
from render.graps import board_image, player_board_image

# -- words ----------------------------------------------------------------------


def options_text(options: Mapping[str, JSON]) -> str:
    faces = options.get("grape_faces", 3)
    back = options.get("return_pruned", False)
    # P1, P2, P3, P6.
    return (
        "The challenger plays dark (row 1) and places first · "
        f"the die shows a grape on {faces} of its 6 faces · "
        f"pruned pawns {'go back to their supply' if back else 'are out of the game'}"
    )


def side_word(view: GrapsPublicView, name: str) -> str:
    side = view.side_of(name)
    return f"{side.value}, row {side.land_row}"


def opponent_of(view: GrapsPublicView, name: str) -> str:
    return view.light if name == view.dark else view.dark


def status_line(view: GrapsPublicView) -> str:
    """Whose move and what they place, or how the game ended."""
    if view.over:
        result = f"{view.winners[0]} wins" if len(view.winners) == 1 else "a draw"
        return f"Game over: {result}. {view.reason or ''}".strip()
    mover = view.to_move or "?"
    if view.phase is Phase.SETUP:
        row = view.side_of(mover).land_row
        return f"{mover} places a set-up grape anywhere on row {row}."
    face = "grape" if view.roll is Face.GRAPE else "blank"
    return f"{mover} rolled a **{face}** and places it ({plural(len(view.legal), 'legal cell')})."


def your_move_text(view: GrapsPublicView, name: str) -> str:
    """The mover's instructions, with the rule that decides where the pawn may go."""
    other = opponent_of(view, name)
    other_side = view.side_of(other).value
    if view.phase is Phase.SETUP:
        row = view.side_of(name).land_row
        return f"Your move: place your set-up grape anywhere on row {row}."
    if view.roll is Face.GRAPE:
        return (
            f"You rolled a **grape**: {plural(len(view.legal), 'cell')}, dotted on the board. "
            f"It prunes every {other_side} pawn in the eight cells around it."
        )
    return (
        f"You rolled a **blank**: {plural(len(view.legal), 'cell')}, dotted on the board: "
        f"beside your vines, never touching a {other_side} pawn or a {other_side} grape's ring."
    )


def cell_note(view: GrapsPublicView, name: str, cell: str) -> str:
    """What placing there would do, for the select menus: win (P7) or prune (P5)."""
    side = view.side_of(name)
    index = parse_cell(cell)
    if row_of(index) == side.target_row:
        return f"reaches {opponent_of(view, name)}'s land: you win"
    if view.roll is not Face.GRAPE:
        return f"a blank on row {row_of(index)}"
    theirs = Side.LIGHT if side is Side.DARK else Side.DARK
    flat = [piece for row in view.board for piece in row]
    pruned = sum(1 for near in RING[index] if flat[near].side is theirs)
    if pruned:
        return f"prunes {plural(pruned, theirs.value + ' pawn')}"
    return f"a grape on row {row_of(index)}"


def pruning_text(view: GrapsPublicView) -> str | None:
    """What the last placement pruned, for the table message until the next one (P5, P6):
    "✂️ 2 dark pawns pruned at G2: H1, H2; 12 more cut off from their land: ...". Cells
    are listed after a colon, never in brackets: "(C8)" would read like a rule id."""
    if not view.last_pruned or view.last_cell is None:
        return None
    placed = view.board[row_of(parse_cell(view.last_cell)) - 1][COLUMNS.index(view.last_cell[0])]
    theirs = Side.LIGHT if placed.side is Side.DARK else Side.DARK
    cells = ", ".join(view.last_pruned)
    text = f"✂️ {plural(len(view.last_pruned), theirs.value + ' pawn')} pruned at "
    text += f"{view.last_cell}: {cells}"
    if view.last_cut_off:
        cut = ", ".join(view.last_cut_off)
        text += f"; {len(view.last_cut_off)} more cut off from their land: {cut}"
    where = "go back to their supply" if view.options.return_pruned else "are out of the game"
    return f"{text}. They {where}."


def board_words(view: GrapsPublicView) -> str:
    """The board as text, row 15 on top (as on the picture), for channels where the bot
    may not attach pictures: x/X dark blank/grape, o/O light blank/grape."""
    lines = []
    for row in range(SIZE, 0, -1):
        cells = " ".join(piece.value for piece in view.board[row - 1])
        lines.append(f"{row:>2} {cells}")
    lines.append("   " + " ".join(COLUMNS))
    last = f" · last placement {view.last_cell}" if view.last_cell else ""
    return (
        "```\n" + "\n".join(lines) + "\n```" + f"x dark blank, X dark grape, o light blank, "
        f"O light grape{last}"
    )


def pieces_count(view: GrapsPublicView, side: Side) -> int:
    mine = (
        {Piece.DARK_BLANK, Piece.DARK_GRAPE}
        if side is Side.DARK
        else {
            Piece.LIGHT_BLANK,
            Piece.LIGHT_GRAPE,
        }
    )
    return sum(1 for row in view.board for piece in row if piece in mine)


def figures(view: GrapsPublicView) -> str:
    """Each player's pawns on the board, in supply and lost (P6)."""
    parts = []
    for index, name in enumerate(view.players):
        side = Side.DARK if index == 0 else Side.LIGHT
        parts.append(
            f"{name} ({side.value}): {pieces_count(view, side)} on the board, "
            f"{view.supply[index]} in supply, {view.removed[index]} lost"
        )
    return " · ".join(parts)


WORDS = Words(
    "Graps",
    round_name="game",
    hand_command="board",
    hand_button="My board",
    leave_command="resign",
    hand_words="your board and controls stay in this channel",
    left_text="You resigned; your opponent wins.",
    rules_caption="The rules of Graps as this bot plays them:",
)
"""What the shared commands and messages say about Graps: its hand is the board, and
giving up a seat is resigning (the opponent wins)."""


# -- the UI ---------------------------------------------------------------------

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
        # A pruning is told here, not in a message of its own: the channel stays quiet.
        pruning = pruning_text(view)
        status = f"{status_line(view)}\n{pruning}" if pruning else status_line(view)
        return table_message(table, head, status, view.recent, RECENT_LINES)

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
        # Prunings and passed turns are in the table message (its status and log).
        for event in events:
            if event.kind == EventKind.GAME_OVER:
                if len(view.winners) == 1:
                    result = f"Congratulations {table.mention(view.winners[0])}!"
                else:
                    result = "A draw."
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
