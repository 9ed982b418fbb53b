"""Graps's Discord part for the shared machinery: pictures, words and controls.

Graps has no hidden information, so the channel's table shows everything; the mover
still gets a direct message when their turn starts, because that is what makes
Discord notify them in a two-player game played over hours. That message carries the
board with the legal cells of the roll dotted (P4, P5) and the controls; the channel's
table carries the public board (the last placement ringed, pruned pawns crossed, P5).
Players with closed DMs use `/graps board` or the table's **My board** button.

Controls come from `Graps.legal_actions` only: menus of cells, one pick per placement
whenever the legal cells fit the message (picker.py, which also says what a cell would
do). Resigning asks for a confirmation.

Its words (options, sides, the board as text, what a cell would do, pruning and passes
in sentences) are also the typed commands' (cog.py). Rule ids cited are those of
DECISIONS.md / docs/rules/graps.md (P1..P9).
"""

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
    SharedVerb,
    Show,
    Step,
    Table,
    table_message,
)
from bot.core.kinds import Pictures, Words
from bot.core.storage import Status
from bot.exts.graps.picker import GrapsVerb as GrapsVerb
from bot.exts.graps.picker import cell_note as cell_note
from bot.exts.graps.picker import placement, placement_items, rows_step
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
from games.graps.cells import COLUMNS, SIZE, parse_cell, row_of
from games.protocol import JSON, Event
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
    score_word=None,  # the game-over line counts the pawns
)
"""What the shared commands and messages say about Graps: its hand is the board, and
giving up a seat is resigning (the opponent wins)."""


# -- the UI ---------------------------------------------------------------------

PICTURES = Pictures(board_image, player_board_image)

Public = Table[GrapsPublicView]
Player = Hand[GrapsPlayerView]

RECENT_LINES = 4


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

    def game_over_text(self, table: Public) -> str:
        view = table.view
        how = view.reason or "the game ended"  # P7-P9: names the players, or "no pawns left..."
        if not any(how.startswith(name) for name in view.players):
            how = how[:1].upper() + how[1:]
        if len(view.winners) == 1:
            result = f"Congratulations {table.mention(view.winners[0])}: {how}."
        else:
            result = f"{how}."
        return f"**Game over!** {result}\n{figures(view)}."

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
        table = hand.table
        cells = legal_cells(hand) if table.running else []
        if not cells:
            return []
        items = placement_items(table, hand.name, cells)
        items.append(GameButton(table.control(GrapsVerb.RESIGN_ASK), "Resign…", row=4))
        return items

    def on_control(self, hand: Player, control: Control, values: Sequence[str]) -> Step:
        verb = control.verb
        if verb == GrapsVerb.PLACE:  # any of the cell menus, or a column's rows
            action = placement(hand, values)
            if action is not None:
                return Act(action)
        if verb == GrapsVerb.COLUMN and len(values) == 1:
            return rows_step(hand, legal_cells(hand), values[0])
        if verb == GrapsVerb.RESIGN_ASK:
            return self._confirm_resign(hand)
        if verb == GrapsVerb.RESIGN:
            return Act(Resign(hand.name))
        raise Refusal("This control is not understood; use `/graps board` for fresh controls.")

    def _confirm_resign(self, hand: Player) -> Step:
        table = hand.table
        other = opponent_of(table.view, hand.name)
        yes = GameButton(table.control(GrapsVerb.RESIGN), "Yes, resign", discord.ButtonStyle.danger)
        back = GameButton(table.control(SharedVerb.BACK), "Back")
        return Show(f"Resign this game? {other} wins at once.", [yes, back])
