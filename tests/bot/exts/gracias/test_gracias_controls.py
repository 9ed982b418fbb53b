"""Gracias's hand message controls, built by the real UI from views (no emulator). A turn
is two picks (C5): the trio, from a menu (the last trio of a turn by its one button),
then, once its face-down card is seen, one button per "give this card to that player"
(the other card is kept): a row per card, a button per opponent, 2 x 5 at 6 players.
The keep/give menu of earlier versions (`split`, value "COLOUR:SEAT") still works;
forged values are refused in words."""

from __future__ import annotations

import pytest

from bot.core.errors import Refusal
from bot.core.gameui import Act, GameButton, GameSelect
from bot.core.session import Session
from bot.core.storage import GameRow, SeatRow, Status
from bot.exts.gracias import KIND
from bot.exts.gracias.ui import GraciasUI
from games.gracias import ChooseTrio, Gracias, SplitTrio, TakeTrio

UI = GraciasUI()
NAMES = ["ann", "bob", "cy", "dee", "eve", "flo"]


def hand_of(engine: Gracias):
    row = GameRow(1, 1, 1, "gracias", {}, Status.RUNNING, 100, None, None, 0, None)
    names = list(engine.players)
    seats = [SeatRow(1, n, 100 + n, name, None, None, None, False) for n, name in enumerate(names)]
    session = Session(row, engine, seats, Status.RUNNING, None, KIND)
    return session.hand(engine.awaiting[0])


def test_a_turn_is_a_trio_menu_then_one_button_per_card_given_and_receiver_c5():
    engine = Gracias.create(NAMES, {}, 3)
    hand = hand_of(engine)
    (take,) = UI.controls(hand)
    assert isinstance(take, GameSelect) and len(take.item.options) == 6
    assert UI.on_control(hand, take.control, ["4"]) == Act(TakeTrio("ann", 4))
    engine.apply(TakeTrio("ann", 4))
    hand = hand_of(engine)
    buttons = [button for button in UI.controls(hand) if isinstance(button, GameButton)]
    assert len(buttons) == len(UI.controls(hand))
    first, second = engine.public_view().trios[3].face_up
    kept = {first, second}
    assert len(buttons) == 5 * len(kept)  # a button per card given, per opponent
    rows: dict[int | None, list[str]] = {}
    for button in buttons:
        rows.setdefault(button.item.row, []).append(button.item.label or "")
    assert all(len(labels) == 5 for labels in rows.values())  # Discord: 5 in a row
    label = buttons[0].item.label or ""
    assert label.startswith("Give ") and label.endswith(" to bob")
    # every button is one legal keep/give, and together they are all of them (C5)
    acts = {UI.on_control(hand, button.control, ()) for button in buttons}
    assert acts == {Act(a) for a in engine.legal_actions("ann") if isinstance(a, SplitTrio)}
    # the keep/give menu drawn by earlier versions: value "COLOUR:SEAT"
    old = hand.table.control("split")
    assert UI.on_control(hand, old, [f"{first.id}:2"]) == Act(SplitTrio("ann", first, "cy"))


def test_the_last_trio_of_a_turn_is_one_button_c3_c5():
    engine = Gracias.create(NAMES[:3], {}, 3)
    for _ in range(2):
        legal = engine.legal_actions(engine.awaiting[0])
        engine.apply(next(a for a in legal if isinstance(a, ChooseTrio)))
    hand = hand_of(engine)
    (button,) = UI.controls(hand)
    left = next(trio for trio in engine.public_view().trios if trio.taken_by is None)
    assert isinstance(button, GameButton)
    assert (button.item.label or "").startswith(f"Take trio {left.number}: ")
    assert UI.on_control(hand, button.control, ()) == Act(TakeTrio(hand.name, left.number))


@pytest.mark.parametrize(
    ("verb", "args", "values"),
    [
        ("take", (), ["²"]),
        ("take", ("٣",), []),
        ("take", (), ["1", "2"]),
        ("split", ("pink", "1"), []),
        ("split", ("red", "9"), []),
        ("split", (), ["red"]),
        ("zz", (), []),
    ],
)
def test_forged_controls_are_refused_in_plain_words(verb, args, values):
    engine = Gracias.create(NAMES[:3], {}, 3)
    hand = hand_of(engine)
    with pytest.raises(Refusal, match="This control is not understood; use `/gracias hand`"):
        UI.on_control(hand, hand.table.control(verb, *args), values)


def test_a_pair_of_one_colour_is_one_row_of_buttons_c5():
    """When both face-up cards share a colour, keeping either is the same (C5)."""
    engine, number = next(
        (game, trio.number)
        for seed in range(100)
        for game in [Gracias.create(NAMES[:4], {}, seed)]
        for trio in game.public_view().trios
        if trio.face_up[0] == trio.face_up[1]
    )
    engine.apply(TakeTrio("ann", number))
    buttons = [button for button in UI.controls(hand_of(engine)) if isinstance(button, GameButton)]
    assert {button.item.row for button in buttons} == {0} and len(buttons) == 3
