"""Graps words for Discord: options, sides, the board as text, what a cell would do,
pruning and passes in sentences, the rules document.

Rule ids cited are those of DECISIONS.md / docs/rules/graps.md (P1..P9).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.core.kinds import Words
from games.graps import Face, GrapsEventKind, GrapsPublicView, Phase, Piece, Side
from games.graps.cells import COLUMNS, RING, SIZE, parse_cell, row_of
from games.protocol import JSON, Event


def options_text(options: Mapping[str, JSON]) -> str:
    faces = options.get("grape_faces", 3)
    back = options.get("return_pruned", False)
    return (
        "The challenger plays dark (row 1) and places first (P1, P2) · "
        f"die: {faces} grape faces of 6 (P3) · "
        f"pruned pawns {'go back to their supply' if back else 'are out of the game'} (P6)"
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
        return f"{mover} places a set-up grape anywhere on row {row} (P2)."
    face = "grape" if view.roll is Face.GRAPE else "blank"
    return f"{mover} rolled a **{face}** and places it ({len(view.legal)} legal cells)."


def your_move_text(view: GrapsPublicView, name: str) -> str:
    """The mover's instructions, with the rule that decides where the pawn may go."""
    other = opponent_of(view, name)
    other_side = view.side_of(other).value
    if view.phase is Phase.SETUP:
        row = view.side_of(name).land_row
        return f"Your move: place your set-up grape anywhere on row {row} (P2)."
    if view.roll is Face.GRAPE:
        return (
            f"You rolled a **grape**: {len(view.legal)} cells, dotted on the board (P5). "
            f"It prunes every {other_side} pawn in the eight cells around it."
        )
    return (
        f"You rolled a **blank**: {len(view.legal)} cells, dotted on the board (P4): "
        f"beside your vines, never touching a {other_side} pawn or a {other_side} grape's ring."
    )


def cell_note(view: GrapsPublicView, name: str, cell: str) -> str:
    """What placing there would do, for the select menus: win (P7) or prune (P5)."""
    side = view.side_of(name)
    index = parse_cell(cell)
    if row_of(index) == side.target_row:
        return f"reaches {opponent_of(view, name)}'s land: you win (P7)"
    if view.roll is not Face.GRAPE:
        return f"a blank on row {row_of(index)}"
    theirs = Side.LIGHT if side is Side.DARK else Side.DARK
    flat = [piece for row in view.board for piece in row]
    pruned = sum(1 for near in RING[index] if flat[near].side is theirs)
    if pruned:
        plural = "s" if pruned > 1 else ""
        return f"prunes {pruned} {theirs.value} pawn{plural} (P5)"
    return f"a grape on row {row_of(index)}"


def pruning_text(view: GrapsPublicView, events: Sequence[Event]) -> str | None:
    """ "2 dark pawns pruned at G2 (H1, H2); 12 more cut off from their land (P5)." """
    place = next((e for e in events if e.kind == GrapsEventKind.PLACE), None)
    pruned = next((e for e in events if e.kind == GrapsEventKind.PRUNE), None)
    if place is None or pruned is None:
        return None
    cells = [str(c) for c in _cells(pruned)]
    cut = next((_cells(e) for e in events if e.kind == GrapsEventKind.SAP), [])
    mover = place.actor or ""
    theirs = view.side_of(opponent_of(view, mover)).value
    plural = "s" if len(cells) > 1 else ""
    text = (
        f"✂️ {len(cells)} {theirs} pawn{plural} pruned at {place.data.get('cell')} "
        f"({', '.join(cells)})"
    )
    if cut:
        text += f"; {len(cut)} more cut off from their land ({', '.join(str(c) for c in cut)})"
    where = "go back to their supply" if view.options.return_pruned else "are out of the game"
    return f"{text} (P5). They {where} (P6)."


def _cells(event: Event) -> list[JSON]:
    cells = event.data.get("cells")
    return list(cells) if isinstance(cells, list) else []


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
    rules_caption="The rules of Graps as this bot plays them (decision ids P1 to P9):",
)
"""What the shared commands and messages say about Graps: its hand is the board, and
giving up a seat is resigning (the opponent wins)."""
