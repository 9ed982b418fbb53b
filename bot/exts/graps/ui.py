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

from collections.abc import Callable, Mapping, Sequence
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
    TableMessage,
    table_message,
)
from bot.core.kinds import Pictures, Words
from bot.core.language import channel_mention
from bot.core.storage import Status
from bot.exts.graps.picker import (
    AGAIN,
    BACK,
    FACES,
    SIDES,
    forward_first,
    placement,
    placement_items,
    rows_step,
)
from bot.exts.graps.picker import GrapsVerb as GrapsVerb
from bot.exts.graps.picker import cell_note as cell_note
from games.graps import (
    Face,
    GrapsEndReason,
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
from games.protocol import JSON, Event, Outcome
from games.text import Text, _, _n, _p, joined, literal
from render.graps import board_image, player_board_image

# -- words ----------------------------------------------------------------------


def options_text(options: Mapping[str, JSON]) -> Text:
    faces = options.get("grape_faces", 3)
    back = options.get("return_pruned", False)
    # P1, P2, P3, P6.
    return joined(
        " · ",
        [
            _("The challenger plays dark (row 1) and places first"),
            _("the die shows a grape on {faces} of its 6 faces", faces=faces),
            _("pruned pawns go back to their supply")
            if back
            else _("pruned pawns are out of the game"),
        ],
    )


def side_word(view: GrapsPublicView, name: str) -> Text:
    side = view.side_of(name)
    return _("{side}, row {row}", side=SIDES[side], row=side.land_row)


def opponent_of(view: GrapsPublicView, name: str) -> str:
    return view.light if name == view.dark else view.dark


def status_line(view: GrapsPublicView) -> Text:
    """Whose move and what they place, or how the game ended."""
    if view.over:
        if view.reason:  # it names the winner, or says a draw
            return _("Game over. {how}.", how=reason_sentence(view))
        if len(view.winners) == 1:
            return _("Game over: {player} wins.", player=view.winners[0])
        return _("Game over: a draw.")
    mover = view.to_move or "?"
    if view.phase is Phase.SETUP:
        row = view.side_of(mover).land_row
        return _("{player} places a set-up grape anywhere on row {row}.", player=mover, row=row)
    face = FACES[Face.GRAPE if view.roll is Face.GRAPE else Face.BLANK]
    return _n(
        "{player} rolled a **{face}** and places it ({count} legal cell).",
        "{player} rolled a **{face}** and places it ({count} legal cells).",
        len(view.legal),
        player=mover,
        face=face,
    )


def your_turn_line(view: GrapsPublicView, player: str) -> Text:
    """The turn line over the board, to the mover (`player`, their mention): what they
    rolled and place, said to them rather than of them."""
    if view.phase is Phase.SETUP:
        row = view.side_of(view.to_move or "?").land_row
        return _(
            "{player}, your turn: place a set-up grape anywhere on row {row}.",
            player=player,
            row=row,
        )
    face = FACES[Face.GRAPE if view.roll is Face.GRAPE else Face.BLANK]
    return _n(
        "{player}, your turn: you rolled a **{face}**; place it ({count} legal cell).",
        "{player}, your turn: you rolled a **{face}**; place it ({count} legal cells).",
        len(view.legal),
        player=player,
        face=face,
    )


def listed_recent(view: GrapsPublicView) -> tuple[str, ...]:
    """The recent lines a message lists under its status line. A finished game's last
    two (how it ended, then who won) are left out: the status line says both."""
    return view.recent[:-2] if view.over else view.recent


def your_move_text(view: GrapsPublicView, name: str) -> Text:
    """The mover's instructions, with the rule that decides where the pawn may go."""
    other = opponent_of(view, name)
    other_side = view.side_of(other)
    cells = len(view.legal)
    if view.phase is Phase.SETUP:
        row = view.side_of(name).land_row
        return _("Your move: place your set-up grape anywhere on row {row}.", row=row)
    if view.roll is Face.GRAPE:
        rolled = _n(
            "You rolled a **grape**: {count} cell, dotted on the board.",
            "You rolled a **grape**: {count} cells, dotted on the board.",
            cells,
        )
        if other_side is Side.DARK:
            prunes = _("It prunes every dark pawn in the eight cells around it.")
        else:
            prunes = _("It prunes every light pawn in the eight cells around it.")
        return joined(" ", [rolled, prunes])
    if other_side is Side.DARK:
        return _n(
            "You rolled a **blank**: {count} cell, dotted on the board: beside your vines, "
            "never touching a dark pawn or a dark grape's ring.",
            "You rolled a **blank**: {count} cells, dotted on the board: beside your vines, "
            "never touching a dark pawn or a dark grape's ring.",
            cells,
        )
    return _n(
        "You rolled a **blank**: {count} cell, dotted on the board: beside your vines, "
        "never touching a light pawn or a light grape's ring.",
        "You rolled a **blank**: {count} cells, dotted on the board: beside your vines, "
        "never touching a light pawn or a light grape's ring.",
        cells,
    )


def pruning_text(view: GrapsPublicView) -> Text | None:
    """What the last placement pruned, for the table message until the next one (P5, P6):
    "✂️ 2 dark pawns pruned at G2: H1, H2; 12 more cut off from their land: ...". Cells
    are listed after a colon, never in brackets: "(C8)" would read like a rule id."""
    if not view.last_pruned or view.last_cell is None:
        return None
    placed = view.board[row_of(parse_cell(view.last_cell)) - 1][COLUMNS.index(view.last_cell[0])]
    theirs = Side.LIGHT if placed.side is Side.DARK else Side.DARK
    count, cell, cells = len(view.last_pruned), view.last_cell, ", ".join(view.last_pruned)
    if theirs is Side.DARK:
        text = _n(
            "{count} dark pawn pruned at {cell}: {cells}",
            "{count} dark pawns pruned at {cell}: {cells}",
            count,
            cell=cell,
            cells=cells,
        )
    else:
        text = _n(
            "{count} light pawn pruned at {cell}: {cells}",
            "{count} light pawns pruned at {cell}: {cells}",
            count,
            cell=cell,
            cells=cells,
        )
    if view.last_cut_off:
        cut = _n(
            "{count} more cut off from their land: {cells}",
            "{count} more cut off from their land: {cells}",
            len(view.last_cut_off),
            cells=", ".join(view.last_cut_off),
        )
        text = Text.verbatim("{pruned}; {cut}", pruned=text, cut=cut)
    if view.options.return_pruned:
        where = _("They go back to their supply.")
    else:
        where = _("They are out of the game.")
    return Text.verbatim("✂️ {pruned}. {where}", pruned=text, where=where)


def board_words(view: GrapsPublicView) -> Text:
    """The board as text, row 15 on top (as on the picture), for channels where the bot
    may not attach pictures: x/X dark blank/grape, o/O light blank/grape."""
    lines = []
    for row in range(SIZE, 0, -1):
        cells = " ".join(piece.value for piece in view.board[row - 1])
        lines.append(f"{row:>2} {cells}")
    lines.append("   " + " ".join(COLUMNS))
    # TRANSLATORS: the letters are the board's, as drawn: keep them.
    legend = _("x dark blank, X dark grape, o light blank, O light grape")
    if view.last_cell:
        legend = joined(" · ", [legend, _("last placement {cell}", cell=view.last_cell)])
    board = literal("\n".join(lines))  # in a code block, where nothing is markdown
    return Text.verbatim("```\n{board}\n```{legend}", board=board, legend=legend)


def _pawns_where(view: GrapsPublicView, index: int) -> Text:
    """ "ann (dark): 14 pawns in rows 1 to 6", where a player's pawns stand, broadly."""
    name = view.players[index]
    side = Side.DARK if index == 0 else Side.LIGHT
    rows = [r for r, row in enumerate(view.board, 1) if any(p.side is side for p in row)]
    count = pieces_count(view, side)
    fields = {"player": name, "side": SIDES[side]}
    if not rows:
        return _("{player} ({side}): no pawn on the board", **fields)
    if len(rows) == 1:
        return _n(
            "{player} ({side}): {count} pawn on row {row}",
            "{player} ({side}): {count} pawns on row {row}",
            count,
            row=rows[0],
            **fields,
        )
    return _n(
        "{player} ({side}): {count} pawn in rows {first} to {last}",
        "{player} ({side}): {count} pawns in rows {first} to {last}",
        count,
        first=rows[0],
        last=rows[-1],
        **fields,
    )


def board_alt(view: GrapsPublicView) -> Text:
    """The board in a sentence or two, the picture's description for screen readers:
    where each player's pawns stand, the last placement, and what the mover rolled with
    their legal cells (P4, P5), forward first as the menus list them."""
    # TRANSLATORS: the start of the Graps board's description for screen readers;
    # {dark} and {light} say where each player's pawns stand: "ann (dark): 14 pawns in
    # rows 1 to 6".
    sentences = [
        _(
            "Graps board, move {number}: {dark}; {light}.",
            number=view.moves,
            dark=_pawns_where(view, 0),
            light=_pawns_where(view, 1),
        )
    ]
    if view.last_cell:
        sentences.append(_("Last placement: {cell}.", cell=view.last_cell))
    mover = view.to_move
    if view.over or mover is None or view.roll is None or not view.legal:
        sentences.append(status_line(view))
    else:
        cells = ", ".join(forward_first(view, mover, view.legal))
        sentences.append(
            _n(
                "{player} rolled a {face}; {count} legal cell: {cells}.",
                "{player} rolled a {face}; {count} legal cells: {cells}.",
                len(view.legal),
                player=mover,
                face=FACES[view.roll],
                cells=cells,
            )
        )
    return joined(" ", sentences)


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


def seat_figures(view: GrapsPublicView, shown: Callable[[str], str] = str) -> list[Text]:
    """Each player's pawns on the board, in supply and lost (P6), a line each; the
    players' names as `shown`."""
    lines = []
    for index, name in enumerate(view.players):
        side = Side.DARK if index == 0 else Side.LIGHT
        # TRANSLATORS: a player's pawns: on the board, still to place, and pruned.
        lines.append(
            _(
                "{player} ({side}): {board} on the board, {supply} in supply, {lost} lost",
                player=shown(name),
                side=SIDES[side],
                board=pieces_count(view, side),
                supply=view.supply[index],
                lost=view.removed[index],
            )
        )
    return lines


def figures(view: GrapsPublicView) -> Text:
    """Each player's pawns on the board, in supply and lost, in one line."""
    return joined(" · ", seat_figures(view))


WORDS = Words(
    "Graps",
    # TRANSLATORS: the scoreboard's column of each player's best game, and its label in
    # a player's line ("best game 12").
    best_round=_("best game"),
    hand_command="board",
    your_hand=_("This message is your board"),
    hand_button=_p("button", "My board"),
    leave_command="resign",
    # TRANSLATORS: why a player whose direct messages are closed must look in the channel.
    hand_words=_("your board and controls stay in this channel"),
    left_text=_("You resigned; your opponent wins."),
    rules_caption=_("The rules of Graps as this bot plays them:"),
    score_text=None,  # the game-over line counts the pawns
)
"""What the shared commands and messages say about Graps: its hand is the board, and
giving up a seat is resigning (the opponent wins)."""


# -- the UI ---------------------------------------------------------------------

PICTURES = Pictures(board_image, player_board_image)

Public = Table[GrapsPublicView]
Player = Hand[GrapsPlayerView]

RECENT_LINES = 3
"""The last actions the table message lists under its picture: the last roll and
placement of each player, and the message still stands in one phone screen."""


def reason_sentence(view: GrapsPublicView) -> str:
    """How the game ended, to start a sentence (P7-P9): as the engine says it when it
    starts with a player's name, else capitalised."""
    how = view.reason or ""
    if any(how.startswith(name) for name in view.players):
        return how
    return _sentence_start(how)


def _sentence_start(how: str) -> str:
    """An end reason that does not start with a player's name, at the start of a
    sentence: "No pawns left, ...". The engine's reasons of that kind are written again
    capitalised, to stay translatable; any other is capitalised as it is (English)."""
    if isinstance(how, Text) and how.plural is None and how.context is None:
        if how.msgid == GrapsEndReason.EXHAUSTED_DRAW:
            return _("No pawns left, {distances}: a draw", **how.fields)
        if how.msgid == GrapsEndReason.EXHAUSTED_WIN:
            return _("No pawns left, {distances}: {winner} wins", **how.fields)
    return how[:1].upper() + how[1:]


def legal_cells(hand: Player) -> list[str]:
    """The player's legal cells for the current roll, from the engine's legal actions."""
    return [action.cell_name for action in hand.legal if isinstance(action, Place)]


class GrapsUI(GameUI[GrapsPublicView, GrapsPlayerView]):
    # -- words ---------------------------------------------------------------------

    def ending(self, outcome: Outcome) -> str | None:
        """The termination's value ("reached", "stuck"): the scoreboard counts wins at
        the far row (P7) apart from wins by leaving the other player stuck (P8)."""
        return None if outcome.termination is None else outcome.termination.value

    def lobby_options_text(self, options: Mapping[str, JSON]) -> str:
        return options_text(options)

    def table_text(self, table: Public) -> TableMessage:
        view = table.view
        head = joined(
            " · ",
            [
                Text.verbatim("**{title}**", title=WORDS.title),
                _("game {number}", number=table.game),
                _(
                    "{dark} (dark, row 1) vs {light} (light, row 15)",
                    dark=view.dark,
                    light=view.light,
                ),
                _("move {number}", number=view.moves),
            ],
        )
        # A pruning is told here, not in a message of its own: the channel stays quiet.
        seats = self.seat_lines(table)
        recent = listed_recent(view)
        status = status_line(view)
        news = pruning_text(view) or ""
        return table_message(table, head, status, recent, RECENT_LINES, seats, news)

    def seat_lines(self, table: Public) -> list[str]:
        def bold(name: str) -> str:
            return Text.verbatim("**{player}**", player=table.label(name))

        return list(seat_figures(table.view, bold))

    def table_words(self, table: Public) -> str:
        return joined("\n", [board_words(table.view), figures(table.view)])

    def table_alt(self, table: Public) -> str:
        return board_alt(table.view)

    def hand_alt(self, hand: Player) -> str:
        return board_alt(hand.view.public)

    def hand_heading(self, hand: Player) -> str:
        return _(
            "**Your {title} board** (game {game} in {channel}), {player}, {side}:",
            title=WORDS.title,
            game=hand.table.game,
            channel=channel_mention(hand.table.channel_id),
            player=hand.name,
            side=side_word(hand.view.public, hand.name),
        )

    def hand_text(self, hand: Player) -> str:
        view, name, table = hand.view, hand.name, hand.table
        public = view.public
        channel = channel_mention(table.channel_id)
        recent = [text for text in listed_recent(public) if text][-2:]
        lines: list[str] = [Text.verbatim("- {line}", line=text) for text in recent]
        if table.status == Status.ABANDONED:
            lines.append(_("This game was abandoned."))
        elif public.over:
            lines.append(status_line(public))
        elif view.your_turn:
            lines.append(your_move_text(public, name))
        else:  # stable words: a waiting player's DM is not edited at every move
            lines.append(
                _("Waiting for your turn; the board in {channel} shows the game.", channel=channel)
            )
        return joined("\n", lines)

    def turn_text(self, table: Public, newly_awaited: Sequence[str]) -> str | None:
        view = table.view
        if view.over or not newly_awaited or view.to_move != newly_awaited[0]:
            return None
        return your_turn_line(view, table.mention(newly_awaited[0]))

    def turn_starts(self, events: Sequence[Event]) -> set[str]:
        # P3: every played turn starts with a roll (a passed turn's roll has no text), so
        # a player who moves again after the opponent's pass is told again.
        return {e.actor for e in events if e.kind == GrapsEventKind.ROLL and e.text and e.actor}

    def game_over_text(self, table: Public) -> str:
        view = table.view
        how = reason_sentence(view) if view.reason else _("The game ended")
        if isinstance(how, Text) and isinstance(how.fields.get("winner"), str):
            # Named once, as a mention: a person is notified, a computer seat named.
            how = how.with_fields(winner=table.mention(how.fields["winner"]))
        result = Text.verbatim("{how}.", how=how)
        return Text.verbatim(
            "{over} {result}\n{figures}.",
            over=_("**Game over!**"),
            result=result,
            figures=figures(view),
        )

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
        items.append(GameButton(table.control(GrapsVerb.RESIGN_ASK), _("Resign…"), row=4))
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
        raise Refusal(AGAIN)

    def _confirm_resign(self, hand: Player) -> Step:
        table = hand.table
        other = opponent_of(table.view, hand.name)
        yes = GameButton(
            table.control(GrapsVerb.RESIGN), _("Yes, resign"), discord.ButtonStyle.danger
        )
        back = GameButton(table.control(SharedVerb.BACK), BACK)
        return Show(_("Resign this game? {player} wins at once.", player=other), [yes, back])
