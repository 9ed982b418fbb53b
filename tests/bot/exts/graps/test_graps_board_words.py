"""The Graps board's description for screen readers, built by the real UI from an
engine's views: a sentence on where each player's pawns stand, the last placement,
then what the mover rolled and their legal cells (P4), forward first as the menus list
them; never the board drawn as text, which stays for channels without pictures."""

from __future__ import annotations

from bot.core.language import Speech
from bot.core.session import Session
from bot.core.storage import GameRow, SeatRow, Status
from bot.exts.graps import KIND
from bot.exts.graps.ui import GrapsUI
from games.graps import Graps, Place
from games.graps.cells import parse_cell

UI = GrapsUI()


def after_set_up() -> Session:
    """ann's and bob's set-up grapes (P2) on their land rows: ann rolls a blank next."""
    engine = Graps.from_replay(
        {"game": "graps", "players": ["ann", "bob"], "seed": 3, "rolls": ["blank"] * 4}
    )
    engine.apply(Place("ann", parse_cell("H1")))
    engine.apply(Place("bob", parse_cell("G15")))
    row = GameRow(1, 1, 1, "graps", {}, Status.RUNNING, 100, None, None, 0, None)
    seats = [
        SeatRow(1, n, 100 + n, name, None, None, None, False)
        for n, name in enumerate(("ann", "bob"))
    ]
    return Session(row, engine, seats, Status.RUNNING, None, KIND)


def test_the_board_is_described_in_two_sentences_with_the_movers_cells_p4():
    session = after_set_up()
    table, hand = session.table(), session.hand("ann")
    described = (
        "Graps board, move 2: ann (dark): 1 pawn on row 1; bob (light): 1 pawn on row 15. "
        "Last placement: G15. ann rolled a blank; 1 legal cell: H2."
    )
    assert Speech("en").plain(UI.table_alt(table)) == described
    assert Speech("en").plain(UI.hand_alt(hand)) == described
    assert Speech("fr").plain(UI.table_alt(table)) == (
        "Plateau de Graps, coup 2\xa0: ann (foncé)\xa0: 1 pion sur la rangée 1\xa0; "
        "bob (clair)\xa0: 1 pion sur la rangée 15. Dernier placement\xa0: G15. ann a "
        "obtenu\xa0: pion vierge\xa0; 1 case jouable\xa0: H2."
    )
    assert "```" in UI.table_words(table)  # the board as text, for a channel without pictures
