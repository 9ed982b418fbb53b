"""What the computer players ask of the engine without playing a move: a copy of the
game with other dice to come (P3), and what a pruning would cut off (P5)."""

from __future__ import annotations

import random

from games.ai import make_ai
from games.graps import Graps, Place
from games.graps.cells import parse_cell
from tests.games.graps.positions import DARK, LIGHT, LIGHT_H_TO_4, position

EASY = make_ai("graps", "easy")


def easy_move(game: Graps, rng: random.Random) -> Place:
    mover = game.awaiting[0]
    action = EASY.choose(game.view_for(mover), game.legal_actions(mover), rng)
    assert isinstance(action, Place)
    return action


def midgame(seed: int = 4, moves: int = 24) -> Graps:
    game = Graps.create([DARK, LIGHT], seed=seed)
    rng = random.Random(seed)
    for _move in range(moves):
        game.apply(easy_move(game, rng))
    return game


def test_P3_a_reseeded_game_plays_on_as_if_loaded_with_the_new_seed() -> None:
    """Its rolls to come are those of the new seed, exactly as the saved document with
    that seed would roll them; the rolls already made stay."""
    game = midgame()
    before = game.to_json()
    twin = game.reseeded(77)
    loaded = Graps.from_json({**before, "seed": 77, "rolls": []})
    assert twin.rolls_made == game.rolls_made > 0
    rng = random.Random(1)
    for _move in range(30):
        if twin.outcome() is not None:
            break
        action = easy_move(twin, rng)
        twin.apply(action)
        loaded.apply(action)
        assert twin.state_json() == loaded.state_json()
    assert twin.rolls_made > game.rolls_made + 20
    assert game.to_json() == before  # the copy shares nothing it changed


def test_P3_reseeding_changes_the_dice_to_come() -> None:
    game = midgame()
    firsts = set()
    for seed in range(8):
        twin = game.reseeded(seed)
        mover = twin.awaiting[0]
        twin.apply(twin.legal_actions(mover)[0])
        firsts.add(twin.state_json()["roll"])
    assert firsts == {"grape", "blank"}


def rolls_to_come(game: Graps, count: int) -> list[str]:
    rolls = []
    for _move in range(count):
        if game.outcome() is not None:
            break
        mover = game.awaiting[0]
        game.apply(game.legal_actions(mover)[0])
        rolls.append(str(game.state_json()["roll"]))
    return rolls


def test_P3_reseeding_drops_the_listed_rolls_to_come() -> None:
    listed = Graps.from_json({**midgame().to_json(), "rolls": ["grape"] * 200})
    assert set(rolls_to_come(listed.clone(), 10)) == {"grape"}  # a clone keeps the list
    twin = listed.reseeded(0)
    assert "blank" in rolls_to_come(twin, 10)  # seed 0's own rolls, not the list
    assert twin.replay_header()["rolls"] == [] and twin.seed == 0


def test_P5_what_a_pruning_would_cut_off_is_what_it_cuts_off() -> None:
    # Light's branch F5-G5 hangs on H5; a dark grape at I6 prunes H5, H6, H7 and cuts
    # H4, F5 and G5 off (the engine's own test of the move, test_placement.py).
    light = {**LIGHT_H_TO_4, 5: ".....ooo"}
    dark = {1: ".........X"} | {row: ".........x" for row in range(2, 7)}
    game = position(light, dark, roll="grape")
    pruned = {parse_cell(cell) for cell in ("H5", "H6", "H7")}
    asked = game.board.cut_off(1, pruned)
    assert asked == sorted(parse_cell(cell) for cell in ("H4", "F5", "G5"))
    assert game.board.cut_off(1) == []  # the board itself is unchanged
    assert game.board.cut_off(1, {parse_cell("H8")}) != asked  # it depends on the cells
