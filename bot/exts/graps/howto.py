"""How to play Graps, in plain words, for `/graps rules`: the overview and the topics
(`topic:`).

Written from docs/rules/graps.md and played exactly as the engine does (games/graps/);
the ids of the rules each text tells (P1..P9) ride along for the footnote only. Cells
are named in the texts only where no rule id could be read into them (A1, H8, O15).
"""

from __future__ import annotations

from bot.core.howto import HowTo, Topic
from games.text import _, _p

OVERVIEW = Topic(
    _("How to play {game}", game="Graps"),
    _(
        "A board game for two gardeners. Grow vines of pawns from your own edge of the board "
        "towards your opponent's: the first to reach the far edge wins."
    ),
    (
        (
            _("The board and the pawns"),
            _(
                "15 by 15 cells: columns A to O, rows 1 to 15, so a cell is named like H8. Dark "
                "(the first player) owns row 1, its **land**; light owns row 15. Each has 45 "
                "pawns, and each pawn can be placed as a **grape** or as a **blank**."
            ),
        ),
        (
            _("A turn"),
            _(
                "To start, each player places a grape on their own land. After that, each turn "
                "your die is rolled: grape or blank. You place that pawn next to one of your "
                "own, side by side (a grape may also start a new vine on your land). A blank "
                "must keep away from the opponent's pawns; a grape may go right next to them."
            ),
        ),
        (
            _("Pruning"),
            _(
                "A grape removes every opponent pawn in the 8 cells around it. Any opponent "
                "pawns no longer joined to their land, side by side, are removed with them."
            ),
        ),
        (
            _("The end"),
            _(
                "Place a pawn on your opponent's land and you win at once. If both players run "
                "out of pawns, the pawn nearest to the opponent's land wins."
            ),
        ),
    ),
)

A_TURN = Topic(
    _("A turn"),
    _(
        "**The start.** Dark places a grape on any cell of row 1, then light places one on "
        "any cell of row 15, with no roll. From then on the players take turns, dark first.\n\n"
        "**The roll.** Each turn starts with a roll of your die, which shows a grape or a "
        "blank: 3 of its 6 faces show a grape, unless the host chose otherwise. The bot rolls "
        "for you; you only choose the cell.\n\n"
        "**Nowhere to go.** If the pawn you rolled has no legal cell (it happens with "
        "blanks), your turn passes to your opponent. A player with no pawns left passes "
        "without rolling.\n\n"
        "**On Discord.** The board and your controls stay in the game's channel: "
        "**My board** or `/graps board` shows your legal cells for the roll, and "
        "`/graps place cell:` places your pawn. If a turn waits longer than the turn timer "
        "(2 minutes unless the host chose another), the computer plays it for the absent "
        "player."
    ),
    rules=("P2", "P3", "P8"),
)

PLACING = Topic(
    _("Blanks and grapes"),
    _(
        "Pawns join **by a side**: sap never flows through corners.\n\n"
        "**A blank** goes on an empty cell that touches one of your pawns by a side, and is "
        "not on your own land, does not touch an opponent pawn by a side, and is not in the "
        "8 cells around an opponent grape (its sides and its corners). A blank may touch an "
        "opponent blank at a corner: only grapes guard their corners.\n\n"
        "**A grape** goes on an empty cell of your own land, starting a new vine, or on one "
        "that touches one of your pawns by a side. It may go right next to opponent pawns, "
        "even into the ring around an opponent grape, and it prunes them (see the topic "
        "*pruning*)."
    ),
    rules=("P4", "P5"),
)

PRUNING = Topic(
    _("Pruning"),
    _(
        "**The ring.** When your grape lands, every opponent pawn in the 8 cells around it, "
        "blanks and grapes, corners included, is pruned: taken off the board.\n\n"
        "**The sap.** Then every opponent pawn that is no longer joined to its land through a "
        "chain of its own pawns touching by their sides is removed too: it has lost its sap. "
        "One grape can cut a whole branch this way.\n\n"
        "**Your own pawns** are never removed by your move.\n\n"
        "**Removed pawns** are out of the game, unless the host chose that they go back to "
        "their owner's supply, to be played again."
    ),
    rules=("P5", "P6"),
)

WINNING = Topic(
    _("Winning"),
    _(
        "**Reaching the far side.** Place a pawn, grape or blank, on your opponent's land "
        "(dark on row 15, light on row 1) and you win at once. A grape that gets there prunes "
        "first, then wins.\n\n"
        "**Out of pawns.** When neither player has a pawn left to place, the game ends: the "
        "player whose pawn lies nearest to the opponent's land (fewest rows away) wins. At "
        "equal distance it is a draw; a player with no pawn on the board counts as farther "
        "away than any pawn.\n\n"
        "**Stuck.** A player who still has pawns but no legal cell for either face of the die "
        "makes their opponent lose (in practice it never happens).\n\n"
        "**Resigning.** `/graps resign` gives up at any time: your opponent wins."
    ),
    rules=("P7", "P8", "P9"),
)

OPTIONS = Topic(
    _("Options"),
    _(
        "`/graps start` challenges a member (`opponent:`) or plays the computer at once "
        "(`ai:` easy or hard). Whoever starts the game plays dark and places first. The host may "
        "also choose:\n\n"
        "**grape_faces** (1 to 5, default 3): how many of the die's 6 faces show a grape.\n\n"
        "**return_pruned** (default off): pruned pawns, and pawns cut off from their land, "
        "go back to their owner's supply instead of leaving the game. Games last longer.\n\n"
        "**timer** (default 2): the minutes a turn may wait before the computer plays it for "
        "an absent player; 0 turns it off."
    ),
    rules=("P3", "P6"),
)

HOWTO = HowTo(
    OVERVIEW,
    {
        # TRANSLATORS: the topics of /graps rules, as players pick them (lowercase).
        _p("rules topic", "a turn"): A_TURN,
        _p("rules topic", "blanks and grapes"): PLACING,
        _p("rules topic", "pruning"): PRUNING,
        _p("rules topic", "winning"): WINNING,
        _p("rules topic", "options"): OPTIONS,
    },
    colour=0x8E44AD,
)
"""Graps's `/graps rules` texts."""
