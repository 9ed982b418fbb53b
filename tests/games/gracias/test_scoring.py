"""C6 round scoring and C8 winners, with hand-computed examples."""

from __future__ import annotations

from games.gracias import Gracias
from games.gracias.scoring import score_round as score_sheet
from games.gracias.scoring import winners
from games.gracias.views import RoundScoreRow
from games.protocol import EventKind
from tests.games.gracias.helpers import game_with, play, stacked

# colour order: red, orange, yellow, green, blue, purple


def score_round(names: list[str], cards: list[list[int]]) -> tuple[RoundScoreRow, ...]:
    return score_sheet(1, names, cards).view().rows


def points(rows: tuple[object, ...]) -> list[list[int]]:
    return [[s.points for s in row.colours] for row in rows]  # type: ignore[attr-defined]


def test_C6_a_colour_held_by_a_single_player_is_their_majority() -> None:
    rows = score_round(
        ["ann", "bob", "cy"], [[3, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]
    )
    assert [row.score for row in rows] == [0, 0, 0]
    assert rows[0].colours[0].discarded == 3
    assert rows[1].colours[1].discarded == 1


def test_C6_tied_majorities_all_discard() -> None:
    rows = score_round(
        ["ann", "bob", "cy"], [[0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 1, 0]]
    )
    assert [row.colours[4].discarded for row in rows] == [2, 2, 0]
    assert [row.score for row in rows] == [0, 0, 1]


def test_C6_packet_plus_extra_cards_and_packets_do_not_count_for_the_majority() -> None:
    # ann 7 green: packet + 2 face up; bob 3 green face up holds the most and discards
    rows = score_round(
        ["ann", "bob", "cy"], [[0, 0, 0, 7, 0, 0], [0, 0, 0, 3, 0, 0], [0, 0, 0, 1, 0, 0]]
    )
    ann = rows[0].colours[3]
    assert (ann.cards, ann.packet, ann.face_up, ann.discarded, ann.points) == (7, True, 2, 0, 3)
    assert rows[1].colours[3].discarded == 3
    assert [row.score for row in rows] == [3, 0, 1]


def test_C6_a_lone_packet_with_no_face_up_cards_is_one_point() -> None:
    # 5 yellow: a packet, 0 face up; nobody has a face-up yellow: no discard
    rows = score_round(["ann", "bob", "cy"], [[0, 0, 5, 0, 0, 0], [0] * 6, [0] * 6])
    assert points(rows)[0] == [0, 0, 1, 0, 0, 0]


def test_C6_one_packet_per_colour_even_with_ten_cards() -> None:
    rows = score_round(["ann", "bob", "cy"], [[10, 0, 0, 0, 0, 0], [0] * 6, [6, 0, 0, 0, 0, 0]])
    # ann: packet + 5 face up, the most: discards 5 -> 1; cy: packet + 1 face up -> 2
    assert [row.colours[0].points for row in rows] == [1, 0, 2]


def test_C6_the_rules_text_example_scores_ten() -> None:
    # a player with 2+3+1+2+1+1 left after discards scores 10 (the rule text's example)
    rows = score_round(
        ["ann", "bob", "cy"],
        [[2, 3, 6, 2, 1, 1], [3, 4, 1, 3, 2, 2], [0, 0, 0, 0, 0, 0]],
    )
    # ann's yellow: packet + 1 face up (bob has 1 too: tie, both discard) -> 1
    assert points(rows)[0] == [2, 3, 1, 2, 1, 1]
    assert rows[0].score == 10


def full_round_game() -> Gracias:
    """3 players, round 1 stacked: the deal gives ann 2 red, bob 2 orange, cy 2 yellow;
    each turn lays trio 1 = green+blue (purple down), 2 = green+blue (purple down),
    3 = red+red (red down)."""
    turn = ["green", "green", "red", "blue", "blue", "red", "purple", "purple", "red"]
    deal = ["red", "orange", "yellow", "red", "orange", "yellow"]
    return game_with(["ann", "bob", "cy"], stacked(deal + turn * 4))


def turn_actions(first: str, second: str, third: str) -> list[dict[str, object]]:
    """The first chooser takes trio 3 and gives red to the second; the second takes trio
    1, keeps green, gives blue to the first; the third takes trio 2 (in two steps),
    keeps blue, gives green to the second."""
    return [
        {"by": first, "trio": 3, "keep": "red", "give_to": second},
        {"by": second, "trio": 1, "keep": "green", "give_to": first},
        {"by": third, "trio": 2},
        {"by": third, "keep": "blue", "give_to": second},
    ]


def test_C6_a_whole_round_hand_computed() -> None:
    game = full_round_game()
    play(game, *turn_actions("ann", "bob", "cy"))  # turn 1, small opener ann
    play(game, *turn_actions("bob", "cy", "ann"))  # turn 2, bob (ann gives green to cy)
    play(game, *turn_actions("cy", "ann", "bob"))  # turn 3, cy
    before = {p: game.state_json()["players"][p]["hidden"] for p in ("ann", "bob", "cy")}
    assert before == {
        "ann": ["red", "purple", "purple"],
        "bob": ["purple", "red", "purple"],
        "cy": ["purple", "purple", "red"],
    }
    events = game.apply_json(turn_actions("ann", "bob", "cy")[0])
    play(game, *turn_actions("ann", "bob", "cy")[1:])
    scored = [e for e in game.log if e.kind == "round_scored"]
    assert len(scored) == 1 and events[-1].kind == "give"
    # By hand, after the hidden cards join the reserves (red..purple):
    #   ann 7 0 0 2 3 2 (packet of red + 2), bob 4 2 0 4 2 3, cy 3 0 2 2 3 3.
    last = game.public_view().last_round
    assert last is not None and last.round == 1
    cards = {row.player: [s.cards for s in row.colours] for row in last.rows}
    assert cards == {"ann": [7, 0, 0, 2, 3, 2], "bob": [4, 2, 0, 4, 2, 3], "cy": [3, 0, 2, 2, 3, 3]}
    # Majorities of face-up cards: red bob 4 (ann's packet leaves 2), orange bob,
    # yellow cy, green bob, blue ann+cy tie, purple bob+cy tie.
    discarded = {row.player: [s.discarded for s in row.colours] for row in last.rows}
    assert discarded == {
        "ann": [0, 0, 0, 0, 3, 0],
        "bob": [4, 2, 0, 4, 0, 3],
        "cy": [0, 0, 2, 0, 3, 3],
    }
    assert {row.player: row.score for row in last.rows} == {"ann": 7, "bob": 2, "cy": 5}
    state = game.state_json()
    assert {p: state["players"][p]["round_scores"] for p in ("ann", "bob", "cy")} == {
        "ann": [7],
        "bob": [2],
        "cy": [5],
    }
    assert scored[0].data["players"] == ["ann", "bob", "cy"]
    assert scored[0].data["scores"] == [7, 2, 5]
    assert scored[0].data["packets"][0] == [1, 0, 0, 0, 0, 0]
    assert scored[0].data["hidden"]["ann"] == ["red", "purple", "purple", "red"]
    assert scored[0].text == "Round 1 scored: ann 7, bob 2, cy 5."


def test_C6_ann_gave_to_each_opponent_in_that_round() -> None:
    game = full_round_game()
    play(game, *turn_actions("ann", "bob", "cy"), *turn_actions("bob", "cy", "ann"))
    gifts = [(e.actor, e.data["give_to"]) for e in game.log if e.kind == "give"]
    assert ("ann", "bob") in gifts and ("ann", "cy") in gifts


def test_C8_highest_total_wins() -> None:
    assert winners([("ann", 20, [7, 7, 6]), ("bob", 21, [7, 7, 7])]) == ("bob",)


def test_C8_tie_broken_by_best_round_then_second_best() -> None:
    assert winners([("ann", 20, [5, 10, 5]), ("bob", 20, [9, 9, 2])]) == ("ann",)
    assert winners([("ann", 20, [9, 8, 3]), ("bob", 20, [9, 7, 4])]) == ("ann",)
    # order of rounds does not matter, only best, second best, third
    assert winners([("ann", 20, [3, 8, 9]), ("bob", 20, [9, 7, 4])]) == ("ann",)


def test_C8_still_tied_is_a_shared_win() -> None:
    found = winners([("ann", 20, [9, 8, 3]), ("bob", 20, [3, 9, 8]), ("cy", 19, [19, 0, 0])])
    assert found == ("ann", "bob")


def test_C8_engine_outcome_follows_the_tie_breakers() -> None:
    game = Gracias.create(["ann", "bob", "cy", "dee"], seed=3)
    while game.outcome() is None:
        game.apply(game.legal_actions(game.awaiting[0])[-1])
    outcome = game.outcome()
    assert outcome is not None
    state = game.state_json()["players"]
    expected = winners([(p, s["total"], s["round_scores"]) for p, s in state.items()])
    assert outcome.winners == expected == tuple(game.state_json()["winners"])
    assert all(len(s["round_scores"]) == 3 for s in state.values())
    assert [e.kind for e in game.log].count(EventKind.GAME_OVER) == 1
