"""Hand-built views of every game: fixed, so the tests' golden images and the PNG
palette (encode.py) stay stable while the engines change how they reach a state.
Each shows a lot at once: crowded and covered stashes, blocked markets, a trio being
split, pruned pawns."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.gracias.cards import COLOURS
from games.gracias.views import (
    ColourCounts,
    ColourScore,
    GraciasPlayerView,
    GraciasPublicView,
    RoundScoreRow,
    RoundScoring,
    TrioView,
)
from games.gracias.views import Phase as GraciasPhase
from games.gracias.views import SeatView as GraciasSeat
from games.graps.cells import COLUMNS
from games.graps.views import Face, GrapsOptions, GrapsPublicView, Piece
from games.graps.views import Phase as GrapsPhase
from games.grass.cards import Card
from games.grass.views import (
    GrassOptions,
    GrassPlayerView,
    GrassPublicView,
    HandScore,
    Market,
    Phase,
    ScoreRow,
    SeatView,
    StashCard,
)

C = Card
NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")


def _seat(index: int, name: str, **changes: Any) -> SeatView:
    empty = SeatView(name, index, Market.CLOSED, False, (), (), (), 6, 0, 0, False, False)
    return replace(empty, **changes)


def stash(*cards: Card, covered: int = 0) -> tuple[StashCard, ...]:
    """The first `covered` cards covered (G12)."""
    return tuple(StashCard(card, index < covered) for index, card in enumerate(cards))


CROWDED = stash(
    C.PANAMA,
    C.COLOMBIA,
    C.HOME_GROWN,
    C.MEXICO,
    C.JAMAICA,
    C.DR_FEELGOOD,
    C.HOME_GROWN,
    C.COLOMBIA,
    C.MEXICO,
    C.PANAMA,
    C.JAMAICA,
    covered=2,
)


def grass_scores(players: tuple[str, ...]) -> tuple[HandScore, ...]:
    hands = []
    totals = dict.fromkeys(players, 0)
    for hand in (1, 2):
        rows = []
        for index, name in enumerate(players):
            table = 25_000 * ((index + hand) % 4)
            banker = -5_000 if index == 1 else 0
            hand_peddle = 5_000 * (index % 2)
            paranoia = 25_000 if index == 2 and hand == 2 else 0
            net = table + banker - hand_peddle - paranoia
            rows.append((name, table, banker, hand_peddle, paranoia, net))
        top = max(row[5] for row in rows)
        score_rows = []
        for name, table, banker, hand_peddle, paranoia, net in rows:
            bonus = 25_000 if net == top else 0
            totals[name] += net + bonus
            score_rows.append(
                ScoreRow(
                    name, table, banker, hand_peddle, paranoia, bonus, net + bonus, totals[name]
                )
            )
        hands.append(HandScore(hand, tuple(score_rows)))
    return tuple(hands)


def grass_six() -> GrassPublicView:
    """Six players mid-hand: crowded, blocked, closed and covered stashes."""
    scores = grass_scores(NAMES)
    totals = {row.name: row.total for row in scores[-1].rows}
    seats = (
        _seat(
            0,
            "ann",
            market=Market.OPEN,
            market_open=True,
            stash=CROWDED,
            protection=(C.LUST_CONQUERS_ALL,),
            total=totals["ann"],
        ),
        _seat(
            1,
            "bob",
            market=Market.BLOCKED,
            market_open=True,
            heat=(C.BUST, C.SEARCH_AND_SEIZURE),
            stash=stash(C.COLOMBIA, C.MEXICO),
            total=totals["bob"],
            hand_size=7,
        ),
        _seat(2, "cy", total=totals["cy"], skip=2),
        _seat(
            3,
            "dee",
            market=Market.OPEN,
            market_open=True,
            stash=stash(C.PANAMA, C.JAMAICA, C.HOME_GROWN, covered=1),
            protection=(C.GRAB_A_SNACK,),
            total=totals["dee"],
        ),
        _seat(
            4,
            "eve",
            market=Market.BLOCKED,
            market_open=True,
            heat=(C.FELONY, C.DETAINED, C.BUST, C.FELONY),
            stash=stash(C.DR_FEELGOOD),
            total=totals["eve"],
        ),
        _seat(
            5,
            "fay",
            market=Market.OPEN,
            market_open=True,
            stash=stash(
                C.MEXICO, C.MEXICO, C.COLOMBIA, C.PANAMA, C.JAMAICA, C.HOME_GROWN, C.COLOMBIA
            ),
            total=totals["fay"],
        ),
    )
    return GrassPublicView(
        hand=3,
        phase=Phase.TURN,
        to_move="bob",
        awaiting=("bob",),
        draw_pile=23,
        deck_size=104,
        discard_pile=(C.MARKET_OPEN, C.IMMUNITY),
        seats=seats,
        extra_turn=False,
        trading=True,
        offer=None,
        scores=scores,
        options=GrassOptions(),
        winners=(),
        recent=(  # the engine's words: a Paranoia pass, a trade, a long line cut
            "cy played Sold Out: loses 1 turn",
            "Paranoia: everyone passed a card to the left",
            "ann and bob traded: ann gives Panama (hand); bob gives Banker (hand), Mexico (stash)",
            "eve played Felony on eve's market",
            "ann played Lust Conquers All, covering Panama and Colombia",
            "dee discarded Immunity",
            "bob drew a card",
        ),
    )


def grass_two() -> GrassPublicView:
    """Two players at the start of hand 1: empty stashes, nothing discarded."""
    return GrassPublicView(
        hand=1,
        phase=Phase.TURN,
        to_move="ann",
        awaiting=("ann",),
        draw_pile=91,
        deck_size=104,
        discard_pile=(),
        seats=(_seat(0, "ann", hand_size=7), _seat(1, "bob")),
        extra_turn=False,
        trading=True,
        offer=None,
        scores=(),
        options=GrassOptions(),
        winners=(),
        recent=("Hand 1: 6 cards dealt to each player", "ann drew a card"),
    )


def grass_hand(public: GrassPublicView | None = None) -> GrassPlayerView:
    public = public or grass_six()
    return GrassPlayerView(
        public=public,
        name="bob",
        hand=(
            C.SOLD_OUT,
            C.PANAMA,
            C.IMMUNITY,
            C.MARKET_CLOSE,
            C.STEAL_YOUR_NEIGHBORS_POT,
            C.CATCH_A_BUZZ,
            C.HOME_GROWN,
        ),
        drawn=C.IMMUNITY,
        pass_choice=None,
        offer=None,
        received=(C.HOME_GROWN,),  # given in a trade: its badge beside the drawn one's
    )


# -- Gracias -------------------------------------------------------------------------


def gracias_six() -> GraciasPublicView:
    """Six players in round 2, turn 3: two trios taken, one being split (C5)."""
    red, orange, yellow, green, blue, purple = COLOURS
    trios = (
        TrioView(1, (), False, "cy"),
        TrioView(2, (red, blue), False, "dee"),  # dee took it and is choosing
        TrioView(3, (yellow, yellow), True, None),
        TrioView(4, (), False, "eve"),
        TrioView(5, (green, purple), True, None),
        TrioView(6, (orange, red), True, None),
    )
    reserves = (
        (3, 1, 0, 2, 4, 1),
        (0, 2, 5, 1, 0, 3),
        (2, 2, 2, 2, 2, 2),
        (6, 0, 1, 0, 3, 1),
        (1, 4, 0, 3, 1, 0),
        (0, 0, 2, 5, 2, 4),
    )
    scoring = gracias_scoring()
    rounds = tuple((row.score,) for row in scoring.rows)
    seats = tuple(
        GraciasSeat(
            name,
            index,
            ColourCounts(reserves[index]),
            2 + index % 2,
            rounds[index],
            sum(rounds[index]),
            True,
        )
        for index, name in enumerate(NAMES)
    )
    return GraciasPublicView(
        round=2,
        turn=3,
        big_opener="bob",
        small_opener="dee",
        players=NAMES,
        to_move="dee",
        phase=GraciasPhase.CHOOSE,
        choosing=2,
        trios=trios,
        seats=seats,
        last_round=scoring,
        winners=(),
        recent=(
            "Turn 3: dee lays out 6 trios and chooses first.",
            "cy took trio 1",
            "cy kept green, gave blue to ann — Gracias!",
            "eve took trio 4",
            "eve kept orange, gave yellow to fay — Gracias!",
            "dee took trio 2",
        ),
    )


def gracias_scoring() -> RoundScoring:
    """Round 1 of six players (C6): packets, majorities discarded, ties."""
    cards = (
        (3, 1, 0, 2, 6, 1),
        (0, 2, 5, 1, 0, 3),
        (3, 2, 2, 2, 2, 2),
        (6, 0, 1, 0, 3, 1),
        (1, 4, 0, 3, 1, 0),
        (0, 0, 2, 5, 2, 7),
    )
    # C6, written out here so the sample does not follow the engine's internals.
    face_up = [[n - 5 if n >= 5 else n for n in row] for row in cards]
    most = [max(column) for column in zip(*face_up, strict=True)]
    rows = []
    for name, row, up in zip(NAMES, cards, face_up, strict=True):
        colours = []
        for colour, n, u, m in zip(COLOURS, row, up, most, strict=True):
            out = u if u and u == m else 0
            colours.append(ColourScore(colour, n, n >= 5, u, out, int(n >= 5) + u - out))
        rows.append(RoundScoreRow(name, tuple(colours), sum(c.points for c in colours)))
    return RoundScoring(1, tuple(rows))


def gracias_hidden(public: GraciasPublicView | None = None) -> GraciasPlayerView:
    public = public or gracias_six()
    _, orange, yellow, _, blue, _ = COLOURS
    return GraciasPlayerView(public, "dee", (yellow, orange, blue), blue)


# -- Graps -----------------------------------------------------------------------------

GRAPS_ROWS = (  # row 15 first, as drawn; X/x dark grape/blank, O/o light grape/blank
    ".O..O.OO.O...O.",
    ".o..o.o..o..oo.",
    ".oo.o.O..oo.o..",
    "..o...o...o.O..",
    "..O...o........",
    "..o....o.......",
    "......oO.......",
    "...............",
    ".......x.......",
    "......xX.x.....",
    ".....xx..x.....",
    "...X.x..xx.....",
    "...x.x..x..X...",
    "..xx.X.xx..x...",
    ".X.X.X..X.XX.X.",
)


def graps_board(rows: tuple[str, ...] = GRAPS_ROWS) -> tuple[tuple[Piece, ...], ...]:
    """board[0] is row 1, as in the view."""
    return tuple(tuple(Piece(ch) for ch in row) for row in reversed(rows))


def _blank_cells(board: tuple[tuple[Piece, ...], ...], dark: bool) -> tuple[str, ...]:
    """P4, simply: free, off the mover's land, beside a own pawn, not beside an
    opponent pawn nor in the ring of an opponent grape."""
    mine = {"x", "X"} if dark else {"o", "O"}
    theirs_grape = "O" if dark else "X"

    def at(column: int, row: int) -> str:
        if 0 <= column < 15 and 0 <= row < 15:
            return board[row][column].value
        return "."

    cells = []
    for row in range(15):
        for column in range(15):
            if at(column, row) != "." or row == (0 if dark else 14):
                continue
            sides = [at(column + dc, row + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            ring = [at(column + dc, row + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)]
            if (
                any(p in mine for p in sides)
                and not any(p != "." and p not in mine for p in sides)
                and theirs_grape not in ring
            ):
                cells.append(f"{COLUMNS[column]}{row + 1}")
    return tuple(cells)


def graps_play() -> GrapsPublicView:
    """In play: light's grape at H9 just pruned two dark pawns (P5); dark rolled a blank."""
    return GrapsPublicView(
        players=("ann", "bob"),
        phase=GrapsPhase.PLAY,
        to_move="ann",
        roll=Face.BLANK,
        board=graps_board(),
        supply=(22, 26),
        removed=(3, 0),
        last_cell="H9",
        last_pruned=("G8", "I8"),
        last_cut_off=("G7",),
        legal=_blank_cells(graps_board(), dark=True),
        options=GrapsOptions(),
        winners=(),
        reason=None,
        moves=44,
        recent=(
            "bob placed a blank at H10",
            "ann rolled blank",
            "ann placed a blank at F5",
            "bob rolled grape",
            "bob placed a grape at H9; 2 dark pawns pruned; 1 cut off from their land",
            "ann rolled blank",
        ),
    )


def graps_over() -> GrapsPublicView:
    """Finished: dark reached row 15 (P7)."""
    rows = ("....Xx.........", *GRAPS_ROWS[1:])
    return replace(
        graps_play(),
        phase=GrapsPhase.OVER,
        board=graps_board(rows),
        to_move=None,
        roll=None,
        last_cell="E15",
        last_pruned=(),
        last_cut_off=(),
        legal=(),
        winners=("ann",),
        reason="ann reached row 15",
        recent=(
            "bob rolled blank",
            "bob placed a blank at H10",
            "ann rolled grape",
            "ann placed a grape at E15",
            "ann wins: reached row 15",
            "game over: ann wins",
        ),
    )
