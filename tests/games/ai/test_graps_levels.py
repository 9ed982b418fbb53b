"""The Graps computer players in hand-made positions: the easy level's score of a cell
(P4, P5, P7), term by term, its choice, and the hard level's search around it (P3).

Boards are built pawn by pawn on the engine's `Board` (no rule is checked there), so a
score can be worked out by hand: dark is seat 0 (land row 1), light seat 1 (land row
15); a cell's "advance" is its rows from the seat's own land row."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from games.ai import Budget, make_ai
from games.ai.graps_easy import (
    EASY,
    NEAR,
    SHARP,
    WIN,
    GrapsEasy,
    Weights,
    advance,
    board_from_view,
    front,
    near_best,
    ranked,
    score_cells,
)
from games.ai.graps_hard import (
    CANDIDATES,
    HORIZON,
    GrapsHard,
    evaluate,
    light_opening,
    playout,
    rollout_choice,
    sample_world,
)
from games.ai.player import SearchStats, squash
from games.graps.actions import Place, Resign
from games.graps.cells import parse_cell
from games.graps.engine import Graps
from games.graps.state import LAND, Board
from games.graps.views import Face, GrapsPlayerView, Phase

from ..graps.positions import DARK, LIGHT, position


def board(dark: Sequence[str], light: Sequence[str]) -> Board:
    """Pawns by cell name, a trailing "*" for a grape."""
    made = Board()
    for seat, cells in ((0, dark), (1, light)):
        for name in cells:
            made.put(seat, parse_cell(name.rstrip("*")), name.endswith("*"))
    return made


def places(game: Graps) -> list[Place]:
    """Dark's legal placements."""
    legal = [action for action in game.legal_actions(DARK) if isinstance(action, Place)]
    assert legal
    return legal


def column(letter: str, first: int, last: int) -> list[str]:
    return [f"{letter}{row}" for row in range(first, last + 1)]


def scores(made: Board, cells: Sequence[str], grape: bool, deep: bool = True) -> list[float]:
    return score_cells(made, 0, [parse_cell(cell) for cell in cells], grape, deep)


def test_advance_and_front_count_rows_from_each_seats_own_land() -> None:
    assert advance(0, parse_cell("C3")) == 2
    assert advance(1, parse_cell("C3")) == 12
    made = board(["C1*", "C2", "C5"], ["E15*", "E11"])
    assert front(made, 0) == 4
    assert front(made, 1) == 4
    assert front(Board(), 0) == -1


def test_a_blank_scores_its_advance_the_new_rows_it_reaches_and_its_sides_P4() -> None:
    # Dark's front is row 4 (advance 3); light has one land grape far away, whose next
    # grape could go around rows 14-15 (danger up to row 13).
    made = board(["C1*", "C2", "C3", "D3", "C4"], ["A15*"])
    assert scores(made, ["C5", "D4", "E3", "H8", "A13", "C15"], grape=False) == [
        4 + 8 * 1 + 0.0,  # one row past the front, one own pawn by a side
        3 + 0.7,  # on the front row, two own pawns by a side (one more than one)
        2.0,
        7 + 8 * 4 - 0.7,  # four rows past the front, no own pawn by a side
        pytest.approx(12 + 8 * 9 - (2 + 0.5 * 12) - 0.7),  # in danger: A14's ring
        WIN,  # light's land row (P7)
    ]


def test_a_grape_counts_what_it_prunes_and_how_far_it_pushes_their_front_back_P5() -> None:
    # Light's vine: E15 to E4, front at advance 11, so urgency 1 + (11 - 8) = 4.
    made = board(["C1*", *column("C", 2, 5)], ["E15*", *column("E", 4, 14)])
    # D4 prunes E4 (advance 11) and E5 (10): 2 x 3 + 4 x 0.5 x 21; nothing is cut off;
    # their front goes back from 11 to 9: 4 x 4 x 2; D4 is beside their next grape's
    # cells (D5): -(2 + 0.5 x 3); C4 is its one own side.
    assert scores(made, ["D4"], grape=True) == [pytest.approx(3 + 6 + 42 + 32 - 3.5)]
    assert scores(made, ["D4"], grape=True, deep=False) == [pytest.approx(3 + 6 + 42 - 3.5)]
    assert scores(made, ["D4"], grape=False) == [pytest.approx(3 - 3.5)]


def test_a_grape_counts_the_pawns_it_cuts_off_P5() -> None:
    # As above, with a branch F4-G4 hanging from E4: a grape on D5 prunes E4, E5, E6
    # (advances 11, 10, 9) and cuts F4 and G4 off (advance 11 each). The cut-off pawns
    # stay on the scoring copy, so light's front is not counted as pushed back.
    made = board(["C1*", *column("C", 2, 5)], ["E15*", *column("E", 4, 14), "F4", "G4"])
    pruned = 3 * 3 + 4 * 0.5 * 30
    cut = 3 * 2 + 4 * 0.3 * 22
    danger = 2 + 0.5 * 4
    assert scores(made, ["D5"], grape=True) == [pytest.approx(4 + pruned + cut - danger)]
    assert scores(made, ["D5"], grape=True, deep=False) == [pytest.approx(4 + pruned - danger)]


def test_far_from_its_land_their_vine_is_not_urgent_P5() -> None:
    # Light's front at advance 5: urgency 1. D10 prunes E10 (5) and E11 (4), their front
    # goes back from 5 to 3 (E12).
    made = board(["C1*", *column("C", 2, 10)], ["E15*", *column("E", 10, 14)])
    expected = 9 + (3 + 0.5 * 5) + (3 + 0.5 * 4) + 4 * 2 - (2 + 0.5 * 9)
    assert scores(made, ["D10"], grape=True) == [pytest.approx(expected)]


def test_pruning_their_last_pawn_on_their_land_row_still_pushes_their_front_back() -> None:
    # Light's only pawn is on its land row (front 0): pruning it leaves no front (-1).
    made = board(["B1*", *column("B", 2, 13)], ["B15"])
    expected = 13 + 8 * 1 + 3 + 4 * 1 - (2 + 0.5 * 13)
    assert scores(made, ["B14"], grape=True) == [pytest.approx(expected)]


def shut(made: Board, cell: str, grape: bool, weights: Weights, seat: int = 0) -> float:
    """What the block term adds to `seat`'s score of `cell` under `weights`."""
    at = [parse_cell(cell)]
    plain = replace(weights, block=0.0)
    return (
        score_cells(made, seat, at, grape, True, weights)[0]
        - score_cells(made, seat, at, grape, True, plain)[0]
    )


@pytest.mark.parametrize("weights", SHARP, ids=("dark", "light"))
def test_the_sharp_scoring_counts_the_cells_a_placement_shuts_to_their_blanks_P4(
    weights: Weights,
) -> None:
    # Light's vine E15 to E8: front at advance 7 (E8). Their blanks may go on D8, F8
    # and E7 (at or beyond the front) and on the cells beside E9 to E14 (behind it).
    made = board(["C1*", *column("C", 2, 6)], ["E15*", *column("E", 8, 14)])
    # A dark blank on D7 touches D8 and E7 by a side: both are shut to light's blanks.
    assert shut(made, "D7", False, weights) == pytest.approx(2 * weights.block)
    # On D9 it shuts D8; D10, beside E10, lies behind their front and does not count.
    assert shut(made, "D9", False, weights) == pytest.approx(weights.block)
    # A grape shuts its whole ring: on F6 that is E7 (F7, G7 are not light's cells).
    assert shut(made, "F6", True, weights) == pytest.approx(weights.block)
    assert shut(made, "F6", False, weights) == 0.0
    # A cell already shut (D8 in the ring of a dark grape on C9) is not counted again.
    guarded = board(["C1*", *column("C", 2, 8), "C9*"], ["E15*", *column("E", 8, 14)])
    assert shut(guarded, "D9", False, weights) == 0.0
    # Light placing, against dark's vine E1 to E5 (front at advance 4, E5): a light
    # blank on D6 shuts D5 and E6, at and beyond dark's front; on D3 it shuts nothing
    # counted, since D2 and D4 lie behind that front (rows count from dark's land row).
    facing = board(["E1*", *column("E", 2, 5)], ["K15*", *column("K", 10, 14)])
    assert shut(facing, "D6", False, weights, seat=1) == pytest.approx(2 * weights.block)
    assert shut(facing, "D3", False, weights, seat=1) == 0.0
    assert weights.block > 0
    # The easy level has no such term.
    assert EASY.block == 0.0


def test_each_seat_searches_with_its_own_sharp_weights() -> None:
    # Dark moves first and wins an even race; light has to fight: the weights differ,
    # and here they pick different cells for light. Its rollout moves are its own.
    assert SHARP[0] != SHARP[1]
    game = easy_game(8, 21)
    assert game.mover == 1
    cells = list(game.legal)
    grape = game.roll is not Face.BLANK
    own = score_cells(game.board, 1, cells, grape, deep=True, weights=SHARP[1])
    dark = score_cells(game.board, 1, cells, grape, deep=True, weights=SHARP[0])
    best = cells[own.index(max(own))]
    assert best != cells[dark.index(max(dark))]
    assert rollout_choice(game, random.Random(4), searcher=1) == Place(LIGHT, best)
    view = game.view_for(LIGHT)
    legal = [action for action in game.legal_actions(LIGHT) if isinstance(action, Place)]
    once = GrapsHard(Budget(iterations=CANDIDATES)).choose(view, legal, random.Random(1))
    assert once == Place(LIGHT, best)


def set_up_by(dark_cell: str, options: dict[str, Any] | None = None) -> Graps:
    """A new game after dark's set-up grape on `dark_cell`: light to place its own."""
    game = Graps.create([DARK, LIGHT], options, 7)
    game.apply(Place(DARK, parse_cell(dark_cell)))
    return game


@pytest.mark.parametrize(
    ("dark", "light"), [("A1", "D15"), ("H1", "K15"), ("L1", "O15"), ("M1", "J15"), ("O1", "L15")]
)
def test_the_hard_light_opens_three_columns_from_darks_grape_P2(dark: str, light: str) -> None:
    game = set_up_by(dark)
    view = game.view_for(LIGHT)
    assert light_opening(view) == parse_cell(light)
    player = GrapsHard(Budget(iterations=60))
    action = player.choose(view, game.legal_actions(LIGHT), random.Random(1))
    assert action == Place(LIGHT, parse_cell(light))
    assert player.stats == SearchStats()  # a rule, not a search


@pytest.mark.parametrize(
    "options", [{"grape_faces": 2}, {"grape_faces": 5}, {"return_pruned": True}]
)
def test_the_opening_rule_holds_at_other_options_P2_P3_P6(options: dict[str, Any]) -> None:
    view = set_up_by("H1", options).view_for(LIGHT)
    assert light_opening(view) == parse_cell("K15")


def test_with_one_grape_face_lights_set_up_grape_is_searched_P2_P3() -> None:
    # Grapes come one roll in six: the vines hardly fight, and the opening rule lost
    # there, so the search places light's grape.
    game = set_up_by("H1", {"grape_faces": 1})
    view = game.view_for(LIGHT)
    assert light_opening(view) is None
    player = GrapsHard(Budget(iterations=60))
    action = player.choose(view, game.legal_actions(LIGHT), random.Random(1))
    assert isinstance(action, Place) and action.cell in LAND[1]
    assert player.stats.iterations == 60


def test_only_lights_set_up_grape_follows_the_opening_rule_P2() -> None:
    fresh = Graps.create([DARK, LIGHT], None, 7)
    assert light_opening(fresh.view_for(DARK)) is None  # dark's set-up is searched
    game = set_up_by("H1")
    game.apply(Place(LIGHT, parse_cell("K15")))
    assert game.phase is not Phase.SETUP
    assert light_opening(game.view_for(DARK)) is None
    game.apply(Place(DARK, game.legal[0]))
    assert game.mover == 1
    assert light_opening(game.view_for(LIGHT)) is None


def test_the_view_rebuilds_the_engines_board_P1() -> None:
    game = position({1: "..X", 2: "..x", 3: "..xx"}, {15: "....O", 14: "....o"})
    rebuilt = board_from_view(game.view_for(DARK))
    assert rebuilt.rows() == game.board.rows()
    assert rebuilt.pawns == game.board.pawns
    assert rebuilt.frontier == game.board.frontier


def choices(game_view: object, legal: Sequence[Place], seeds: int = 12) -> set[str]:
    easy = GrapsEasy()
    found = set()
    for seed in range(seeds):
        action = easy.choose(game_view, legal, random.Random(seed))
        assert isinstance(action, Place)
        found.add(action.cell_name)
    return found


def test_the_easy_level_plays_the_best_cell_and_breaks_exact_ties_at_random_P4() -> None:
    # C4 and D4 both advance the front by one row beside one own pawn (11 each); every
    # other blank cell is worth 2 or less.
    tied = position({1: "..X", 2: "..x", 3: "..xx"}, {15: "O"})
    assert choices(tied.view_for(DARK), places(tied)) == {"C4", "D4"}
    alone = position({1: "..X", 2: "..x", 3: "..x"}, {15: "O"})
    assert choices(alone.view_for(DARK), places(alone)) == {"C4"}


def test_the_light_seat_scores_toward_row_1_P7() -> None:
    # Light's vine runs from C15 to C2: C1, on dark's land row, wins for light.
    game = position({1: "X"}, {row: "..o" for row in range(2, 15)} | {15: "..O"}, to_move=LIGHT)
    action = make_ai("graps", "easy").choose(
        game.view_for(LIGHT), game.legal_actions(LIGHT), random.Random(1)
    )
    assert isinstance(action, Place) and action.cell_name == "C1"


VINES = ({1: "..X", **dict.fromkeys(range(2, 6), "..x")}, {15: "....O"}, {4: "....ooo"})


def light_vine() -> dict[int, str]:
    return {row: "....o" for row in range(5, 15)}


@pytest.mark.parametrize(("roll", "grape"), [("grape", True), ("blank", False)])
def test_ranked_gives_the_easy_scores_of_the_legal_cells_for_the_roll(
    roll: str, grape: bool
) -> None:
    # Dark's grapes beside light's vine prune and cut off (the deep count matters).
    game = position(*VINES, light_vine(), roll=roll)
    legal = places(game)
    expected = score_cells(game.board, 0, [place.cell for place in legal], grape, True)
    assert ranked(game.view_for(DARK), legal) == expected
    assert expected != score_cells(game.board, 0, [p.cell for p in legal], not grape, True)
    if grape:
        shallow = score_cells(game.board, 0, [p.cell for p in legal], True, False)
        assert expected != shallow


def test_ranked_scores_the_light_seats_cells_for_light() -> None:
    game = position(*VINES, light_vine(), roll="grape", to_move=LIGHT)
    legal = [action for action in game.legal_actions(LIGHT) if isinstance(action, Place)]
    expected = score_cells(game.board, 1, [place.cell for place in legal], True, True)
    assert ranked(game.view_for(LIGHT), legal) == expected
    assert expected != score_cells(game.board, 0, [place.cell for place in legal], True, True)


def test_with_nothing_to_place_the_levels_answer_the_one_legal_action() -> None:
    game = position({1: "..X"}, {15: "O"})
    for level in ("easy", "hard"):
        player = make_ai("graps", level, iterations=6)
        assert player.choose(game.view_for(DARK), [Resign(DARK)], random.Random(1)) == Resign(DARK)


def test_the_rollout_plays_the_searcher_sharp_and_its_opponent_as_the_easy_level() -> None:
    # Dark to place a grape where the sharp weights and the easy ones prefer different
    # cells.
    game = easy_game(2, 38)
    assert game.mover == 0 and game.roll is Face.GRAPE
    cells = list(game.legal)
    sharp = score_cells(game.board, 0, cells, True, deep=True, weights=SHARP[0])
    sharp_best = cells[sharp.index(max(sharp))]
    easy = GrapsEasy().choose(game.view_for(DARK), game.legal_actions(DARK), random.Random(4))
    assert isinstance(easy, Place) and sharp_best != easy.cell
    for _ in range(3):
        assert rollout_choice(game, random.Random(4), searcher=0) == Place(DARK, sharp_best)
    # For the opponent, the easy level's own pick from the same generator: near-ties
    # drawn the same way.
    for seed in range(8):
        view, legal = game.view_for(DARK), game.legal_actions(DARK)
        expected = GrapsEasy().choose(view, legal, random.Random(seed))
        assert rollout_choice(game, random.Random(seed), searcher=1) == expected


def test_the_easy_level_breaks_near_ties_at_random_and_only_those() -> None:
    items = ["a", "b", "c", "d"]
    scores = [3.0, 3.5, 2.99, 3.4]  # within 0.5 of the best: a, b, d
    picks = {near_best(items, scores, random.Random(seed)) for seed in range(60)}
    assert picks == {"a", "b", "d"}
    assert NEAR == 0.5


def test_a_rollout_stops_after_its_horizon_or_at_the_end() -> None:
    game = easy_game(2, 20)
    before = game.moves
    played = playout(game, random.Random(1), searcher=0)
    assert played is game and game.mover is not None
    assert game.moves == before + HORIZON == before + 16
    won = position({row: "..x" for row in range(2, 15)} | {1: "..X"}, {15: "O"}, roll="grape")
    assert playout(won, random.Random(1), searcher=0) is won
    assert won.winners == (DARK,) and won.moves == 1


def test_a_rollout_plays_the_rollout_policy_with_the_searchers_seat_as_the_searcher() -> None:
    start = easy_game(1, 20)
    for searcher in (0, 1):
        played = playout(start.clone(), random.Random(5), searcher)
        step_by_step, rng = start.clone(), random.Random(5)
        for _ in range(HORIZON):
            if step_by_step.mover is not None:
                step_by_step.apply(rollout_choice(step_by_step, rng, searcher))
        assert played.board.rows() == step_by_step.board.rows()
    # Each seat's policy matters: the same dice give another vine with the seats swapped.
    dark = playout(start.clone(), random.Random(5), searcher=0)
    light = playout(start.clone(), random.Random(5), searcher=1)
    assert dark.board.rows() != light.board.rows()


def test_the_rollout_opponent_counts_the_pawns_a_grape_cuts_off_as_the_easy_level_P5() -> None:
    # Light to place a grape where the cut-off count decides the easy level's cell
    # (B12; without it, C13): the opponent of a dark searcher picks it too.
    game = easy_game(1, 43)
    assert game.mover == 1 and game.roll is Face.GRAPE
    for seed in range(6):
        assert rollout_choice(game, random.Random(seed), searcher=0) == Place(
            LIGHT, parse_cell("B12")
        )


def test_a_position_is_valued_by_the_fronts_and_the_pawn_counts() -> None:
    # Dark's front at advance 4 with 6 pawns, light's at advance 2 with 4.
    dark = {1: "..X", 2: "..x", 3: "..xx", 4: "..x", 5: "..x"}
    game = position(dark, {15: "O", 14: "o", 13: "oo"})
    assert evaluate(game, DARK) == pytest.approx(squash(2 + 0.05 * 2, 2.0))
    assert evaluate(game, LIGHT) == pytest.approx(squash(-2 - 0.05 * 2, 2.0))
    assert squash(2.1, 2.0) == pytest.approx(1 / (1 + math.exp(-2.1 / 2)))


def test_a_draw_is_worth_a_half_to_both_P9() -> None:
    data = position({1: "..X"}, {15: "O"}).to_json()
    data.update(phase="over", mover=None, roll=None, winners=[DARK, LIGHT], reason="a draw")
    game = Graps.from_json(data)
    assert evaluate(game, DARK) == evaluate(game, LIGHT) == 0.5


def test_a_finished_game_is_worth_one_to_the_winner_and_nothing_to_the_loser_P7() -> None:
    game = position({row: "..x" for row in range(2, 15)} | {1: "..X"}, {15: "O"})
    game.apply(Place(DARK, parse_cell("C15")))
    assert game.winners == (DARK,)
    assert evaluate(game, DARK) == 1.0
    assert evaluate(game, LIGHT) == 0.0


def test_the_hard_level_takes_a_win_without_searching_P7() -> None:
    game = position({row: "..x" for row in range(2, 15)} | {1: "..X"}, {15: "O"})
    player = make_ai("graps", "hard", iterations=60)
    assert isinstance(player, GrapsHard)
    action = player.choose(game.view_for(DARK), game.legal_actions(DARK), random.Random(1))
    assert action == Place(DARK, parse_cell("C15"))
    assert player.stats.iterations == 0


def test_the_hard_level_searches_the_easy_levels_six_best_cells_in_whole_rounds() -> None:
    game = position({1: "..X", 2: "..x", 3: "..xx"}, {15: "O"}, roll="grape")
    assert len(game.legal_actions(DARK)) > CANDIDATES
    player = GrapsHard(Budget(iterations=2 * CANDIDATES + 1))
    player.choose(game.view_for(DARK), game.legal_actions(DARK), random.Random(1))
    assert (player.stats.iterations, player.stats.rounds) == (12, 2)
    assert CANDIDATES == 6


def test_the_hard_level_with_one_candidate_plays_it_without_searching() -> None:
    game = position({1: "..X"}, {15: "O"})
    player = GrapsHard(Budget(iterations=30))
    legal = [place for place in places(game) if place.cell_name == "C2"]
    assert player.choose(game.view_for(DARK), legal, random.Random(1)) == legal[0]
    assert player.stats.iterations == 0


def test_the_hard_level_keeps_the_easy_choice_without_clear_evidence() -> None:
    # Two rounds only: the paired differences' spread is unknown, nothing overrides.
    game = position({1: "..X", 2: "..x", 3: "..x"}, {15: "O"})
    legal = game.legal_actions(DARK)
    easy = GrapsEasy().choose(game.view_for(DARK), legal, random.Random(3))
    player = GrapsHard(Budget(iterations=CANDIDATES))
    assert player.choose(game.view_for(DARK), legal, random.Random(3)) == easy


def test_the_sampled_world_is_the_views_position_with_a_seed_of_its_own_P3() -> None:
    game = position({1: "..X", 2: "..x"}, {15: "O", 14: "o"}, roll="grape", to_move=DARK)
    world = sample_world(game.view_for(DARK), random.Random(5))
    assert world.board.rows() == game.board.rows()
    assert world.roll == game.roll and world.mover == game.mover
    assert world.supply == game.supply and world.removed == game.removed
    assert world.seed == random.Random(5).getrandbits(62)


def test_the_sampled_world_keeps_the_games_options_P3() -> None:
    options = {"grape_faces": 5, "return_pruned": True}
    game = position({1: "..X", 2: "..x"}, {15: "O"}, roll="grape", options=options)
    world = sample_world(game.view_for(DARK), random.Random(5))
    assert world.options == game.options
    assert (world.options.grape_faces, world.options.return_pruned) == (5, True)


def test_the_sampled_world_of_the_set_up_and_of_a_finished_game_P2() -> None:
    game = Graps.create([DARK, LIGHT], None, 3)
    assert game.roll is None  # the set-up grapes have no roll (P2)
    world = sample_world(game.view_for(DARK), random.Random(5))
    assert (world.phase, world.roll, world.mover) == (game.phase, None, game.mover)
    won = position({row: "..x" for row in range(2, 15)} | {1: "..X"}, {15: "O"})
    won.apply(Place(DARK, parse_cell("C15")))
    world = sample_world(won.view_for(LIGHT), random.Random(5))
    assert (world.phase, world.mover, world.winners) == (won.phase, None, (DARK,))
    assert world.last_cell == parse_cell("C15")


def test_a_player_that_has_not_searched_reports_no_search() -> None:
    assert GrapsHard().stats == SearchStats()


def easy_game(seed: int, steps: int) -> Graps:
    """A real game `steps` placements in, both seats played by the easy level."""
    game = Graps.create([DARK, LIGHT], None, seed)
    easy, rng = GrapsEasy(), random.Random(seed)
    for _ in range(steps):
        name = game.awaiting[0]
        action = easy.choose(game.view_for(name), game.legal_actions(name), rng)
        assert isinstance(action, Place)
        game.apply(action)
    return game


def easy_choices(game: Graps, seeds: int = 24) -> set[str]:
    name = game.awaiting[0]
    legal = [action for action in game.legal_actions(name) if isinstance(action, Place)]
    return choices(game.view_for(name), legal, seeds)


@pytest.mark.parametrize(
    ("steps", "top", "why"),
    [
        (26, {"B13", "C14", "D13"}, "one cell exactly half a point below the best is kept"),
        (28, {"D13"}, "a cell between half a point and a point and a half below is not"),
        (43, {"B12"}, "the cut-off count decides: without it C13 would be the best"),
    ],
)
def test_the_easy_level_keeps_only_cells_within_half_a_point_of_the_best(
    steps: int, top: set[str], why: str
) -> None:
    game = easy_game(1, steps)
    name = game.awaiting[0]
    legal = [action for action in game.legal_actions(name) if isinstance(action, Place)]
    scores = ranked(game.view_for(name), legal)
    best = max(scores)
    if steps == 26:
        assert best - 0.5 in scores
    if steps == 28:
        assert any(best - 1.5 <= score < best - 0.5 for score in scores)
    if steps == 43:
        board, seat = board_from_view(game.view_for(name)), 1
        shallow = score_cells(board, seat, [p.cell for p in legal], True, deep=False)
        assert legal[shallow.index(max(shallow))].cell_name == "C13"
        assert game.view_for(name).public.roll is Face.GRAPE
    assert easy_choices(game) == top, why


def dark_to_place_a_blank(
    seed: int, steps: int, sharp_best: str
) -> tuple[GrapsPlayerView, list[Place], list[float]]:
    """Dark's view and placements `steps` into an easy game, a blank to place, and the
    sharp scores, checked to put `sharp_best` first."""
    game = easy_game(seed, steps)
    assert game.roll is Face.BLANK
    view, legal = game.view_for(DARK), places(game)
    scores = ranked(view, legal, SHARP[0])
    assert legal[scores.index(max(scores))].cell_name == sharp_best
    return view, legal, scores


def hard_cell(view: GrapsPlayerView, legal: list[Place], rounds: int) -> str:
    """The cell the hard level places on after `rounds` rounds of samples."""
    player = GrapsHard(Budget(iterations=rounds * CANDIDATES))
    action = player.choose(view, legal, random.Random(1))
    assert isinstance(action, Place)
    assert player.stats.rounds == rounds
    return action.cell_name


def test_the_hard_level_overrides_its_sharp_choice_when_its_samples_agree_P3() -> None:
    # Thirty-six placements into a real game, dark to place a blank: the sharp scoring
    # prefers L11, alone at the top; on the sixteen rounds of sampled dice this
    # generator draws (the same for every candidate) M6 leads it by more than two
    # standard errors, and the search plays it, the same way every time. One round
    # proves nothing: L11 stands.
    view, legal, scores = dark_to_place_a_blank(2, 36, sharp_best="L11")
    assert scores.count(max(scores)) == 1
    for _ in range(2):
        assert hard_cell(view, legal, rounds=16) == "M6"
    assert hard_cell(view, legal, rounds=1) == "L11"


def test_the_hard_level_searches_with_its_own_seat_rolled_out_as_it_plays_P3() -> None:
    # Thirty-four placements into a real game, dark to place a blank: the sharp scoring
    # puts C7 far ahead. Rolled out with dark playing its sharp weights, the sampled
    # dice keep C7 at 16 and at 32 rounds; with both seats rolled out as the easy level
    # plays, these same samples would override it with D4 (measured when this test was
    # written), so a search that forgot whose rollouts are its own fails here.
    view, legal, _ = dark_to_place_a_blank(13, 34, sharp_best="C7")
    assert hard_cell(view, legal, rounds=16) == "C7"
    assert hard_cell(view, legal, rounds=32) == "C7"


def test_the_hard_levels_baseline_is_the_sharp_scorings_best_cell_not_the_easy_one() -> None:
    # Eighteen placements in, dark to place a grape: the easy weights prefer H8, the
    # sharp ones I7. With one round of samples nothing can override the baseline.
    game = easy_game(9, 18)
    view, legal = game.view_for(DARK), places(game)
    easy, sharp = ranked(view, legal), ranked(view, legal, SHARP[0])
    assert legal[easy.index(max(easy))].cell_name == "H8"
    assert legal[sharp.index(max(sharp))].cell_name == "I7"
    once = GrapsHard(Budget(iterations=CANDIDATES)).choose(view, legal, random.Random(1))
    assert isinstance(once, Place) and once.cell_name == "I7"


def test_the_light_seat_scores_its_own_rows_and_prunes_dark_P5() -> None:
    # The mirror of the dark cases: light's vine C15 to C11 (front at advance 4),
    # dark's E1 to E12 (front at advance 11: urgency 4). A light grape on D12 prunes
    # E12 (advance 11) and E11 (10), pushes dark's front back from 11 to 9, sits beside
    # dark's next grape's cells (-(2 + 0.5 x 3)) and touches C12, its own.
    light = ["C15*", *column("C", 11, 14)]
    made = board(["E1*", *column("E", 2, 12)], light)
    cell = [parse_cell("D12")]
    expected = 3 + (3 + 4 * 0.5 * 11) + (3 + 4 * 0.5 * 10) + 4 * 4 * 2 - 3.5
    assert score_cells(made, 1, cell, True, True) == [pytest.approx(expected)]
    # With a branch F12-G12 hanging from E12, both are cut off (advance 11 each) and
    # dark's front stays at 11 on the scoring copy.
    branched = board(["E1*", *column("E", 2, 12), "F12", "G12"], light)
    cut = 3 * 2 + 4 * 0.3 * 22
    expected = 3 + (3 + 4 * 0.5 * 11) + (3 + 4 * 0.5 * 10) + cut - 3.5
    assert score_cells(branched, 1, cell, True, True) == [pytest.approx(expected)]
    # A light blank on C10 advances its front by one row beside one own pawn, in the
    # ring of D10 where dark's next grape could go.
    assert score_cells(made, 1, [parse_cell("C10")], False, True) == [5 + 8.0 - (2 + 0.5 * 5)]


def test_without_a_search_the_hard_level_plays_the_best_cell_even_among_negative_scores() -> None:
    # Sixty-four placements in, dark's two cells score 0.284 and -0.316 by its sharp
    # weights: the baseline is the better one whatever the signs.
    game = easy_game(39, 64)
    view, legal = game.view_for(DARK), places(game)
    scores = ranked(view, legal, SHARP[0])
    assert sorted(scores) == [pytest.approx(-0.316), pytest.approx(0.284)]
    best = legal[scores.index(max(scores))]
    assert GrapsHard(Budget(iterations=0)).choose(view, legal, random.Random(1)) == best
