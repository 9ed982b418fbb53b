"""What mutation testing found untested in games/graps/engine.py: the words of a bad
replay header, the default seed, notes from outside the engine, the outcome's pawn
counts, removed pawns adding up over prunings (P6), resigning's refusals, a clone's
recent lines, and the saved form of a pruning's words (translated once loaded)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.ai import make_ai
from games.graps import Graps, Place, Resign
from games.graps.views import GrapsEventKind
from games.protocol import Event, GameError, IllegalAction, MalformedAction, StateFormatError
from games.text import _
from tests.games.graps.positions import DARK, LIGHT, place, position

HEADER: dict[str, Any] = {"game": "graps", "players": [DARK, LIGHT]}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"colour": "dark"}, "unknown key 'colour' in a Graps replay header"),
        ({"players": "ann"}, '"players" is the list [DARK, LIGHT]'),
        ({"options": ["grape_faces"]}, '"options" is an object'),
        ({"players": [DARK, DARK]}, "ann cannot play against themselves"),
        ({"rolls": ["grape", "six"]}, '"rolls" is a list of "grape" and "blank"'),
        ({"rolls": "grape"}, '"rolls" is a list of "grape" and "blank"'),
    ],
)
def test_a_bad_replay_header_is_refused_in_words(change, words) -> None:
    with pytest.raises(StateFormatError) as caught:
        Graps.from_replay(HEADER | change)
    assert str(caught.value) == words


def test_a_header_without_a_seed_plays_seed_0() -> None:
    game = Graps.from_replay(HEADER)
    assert game.to_json() == Graps.create([DARK, LIGHT], seed=0).to_json()
    assert game.replay_header()["seed"] == 0


def test_a_note_joins_the_log_and_the_recent_lines() -> None:
    game = Graps.create([DARK, LIGHT])
    event = Event(GrapsEventKind.PASS, _("{player} passes", player=DARK), DARK)
    game.note(event)
    assert game.log[-1] is event
    assert list(game.recent)[-1] == "ann passes"


def test_the_outcome_counts_each_players_pawns_on_the_board() -> None:
    dark = {1: "X"} | {row: "x" for row in range(2, 15)}
    game = position(dark, {15: ".......O", 14: ".......o"})
    place(game, "A15")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winners, dict(outcome.totals)) == ((DARK,), {DARK: 15, LIGHT: 2})
    assert outcome.reason == "ann reached bob's land, row 15"


def test_P6_removed_pawns_add_up_over_prunings() -> None:
    light = {row: ".......o" for row in range(4, 15)} | {15: ".......O"}
    game = position({1: "......X", 2: "......x"}, light, roll="grape")
    game.removed[1] = 3  # three light pawns pruned earlier
    place(game, "G3")
    assert game.state_json()["removed"] == {DARK: 0, LIGHT: 4}


def test_resigning_is_refused_in_words() -> None:
    game = Graps.create([DARK, LIGHT])
    with pytest.raises(IllegalAction) as caught:
        game.apply_json({"by": "cy", "resign": True})
    assert str(caught.value.reason) == "cy is not playing this game"
    game.apply_json({"by": DARK, "resign": True})
    with pytest.raises(IllegalAction) as caught:
        game.apply_json({"by": LIGHT, "resign": True})
    assert str(caught.value.reason) == "the game is already over"


def test_a_clone_keeps_the_recent_lines() -> None:
    game = Graps.create([DARK, LIGHT])
    place(game, "D1")
    copy = game.clone()
    assert list(copy.recent) == list(game.recent) != []
    assert copy.to_json() == game.to_json()


def test_P5_a_prunings_words_are_saved_to_translate_once_loaded() -> None:
    light = {row: ".......o" for row in range(4, 15)} | {15: ".......O", 5: ".....ooo"}
    dark = {1: ".........X"} | {row: ".........x" for row in range(2, 7)}
    game = position(light, dark, roll="grape")
    place(game, "I6")
    saved = game.to_json()["texts"]["recent"]
    assert isinstance(saved, list)
    assert saved[-2]["fields"]["p1"]["text"] == {
        "msgid": "{count} light pawn pruned",
        "fields": {"count": 3},
        "plural": "{count} light pawns pruned",
        "count": 3,
    }
    assert saved[-2]["fields"]["p2"]["text"] == {
        "msgid": "{count} cut off from their land",
        "fields": {"count": 3},
        "plural": "{count} cut off from their land",
        "count": 3,
    }


def test_P5_one_pawn_lost_is_said_in_the_singular() -> None:
    dark = {1: "......X", 2: "......x"}
    light = {row: ".......o" for row in range(4, 15)} | {15: ".......O"}
    game = position(dark, light, to_move=LIGHT, roll="grape")
    events = game.apply_json({"by": LIGHT, "place": "H3"})
    assert str(events[0].text) == "bob placed a grape at H3; 1 dark pawn pruned"
    # G13 cut off alone: H13 and H14, pruned, were its only link to row 15
    light = {15: ".......O", 14: ".......o", 13: "......oo"}
    dark = {1: "........X"} | {row: "........x" for row in range(2, 13)}
    game = position(light, dark, roll="grape")
    events = game.apply_json({"by": DARK, "place": "I13"})
    assert str(events[0].text) == (
        "ann placed a grape at I13; 2 light pawns pruned; 1 cut off from their land"
    )


def test_P5_a_pruning_placement_reports_its_cells_by_kind() -> None:
    """The events the bot reads the pruned and cut-off cells from (the board marks
    them), each with its actor; only the placement and the roll have words."""
    light = {row: ".......o" for row in range(4, 15)} | {15: ".......O", 5: ".....ooo"}
    dark = {1: ".........X"} | {row: ".........x" for row in range(2, 7)}
    game = position(light, dark, roll="grape", rolls=["blank"])
    events = game.apply_json({"by": DARK, "place": "I6"})
    assert [(e.kind, e.text, e.actor, e.data) for e in events] == [
        (
            "place",
            "ann placed a grape at I6; 3 light pawns pruned; 3 cut off from their land",
            DARK,
            {"cell": "I6", "grape": True},
        ),
        ("prune", "", DARK, {"cells": ["H5", "H6", "H7"]}),
        ("sap", "", DARK, {"cells": ["H4", "F5", "G5"]}),
        ("roll", "bob rolled blank", LIGHT, {"face": "blank"}),
    ]


@pytest.mark.parametrize(
    ("players", "seed", "words"),
    [
        ([DARK, LIGHT, "cy"], 0, "Graps is played by exactly 2 players, not 3"),
        (DARK, 0, "Graps is played by exactly 2 players, not 1"),
        ([DARK, ""], 0, "every player needs a name"),
        ([DARK, LIGHT], "7", "the seed must be an integer, not '7'"),
    ],
)
def test_a_game_that_cannot_be_made_says_why(players, seed, words) -> None:
    with pytest.raises(GameError) as caught:
        Graps.create(players, seed=seed)
    assert str(caught.value) == words


def test_create_plays_seed_0_unless_told() -> None:
    assert Graps.create([DARK, LIGHT]).to_json() == Graps.create([DARK, LIGHT], seed=0).to_json()
    assert Graps.create([DARK, LIGHT]).replay_header()["seed"] == 0


def test_placements_out_of_turn_or_after_the_end_are_refused_in_words() -> None:
    game = Graps.create([DARK, LIGHT])

    def refusal(by: str) -> tuple[str | None, str]:
        with pytest.raises(IllegalAction) as caught:
            game.apply_json({"by": by, "place": "A1"})
        return caught.value.rule, str(caught.value.reason)

    assert refusal(LIGHT) == ("P2", "it is ann's turn, not bob's")
    assert refusal("cy") == (None, "cy is not playing this game")
    game.apply_json({"by": LIGHT, "resign": True})
    assert refusal(DARK) == (None, "the game is over: no more placements")
    with pytest.raises(MalformedAction) as malformed:
        game.apply("place A1")  # type: ignore[arg-type]
    assert str(malformed.value) == "'place A1' is not a Graps action"


@pytest.mark.parametrize("options", [{}, {"return_pruned": True}, {"grape_faces": 5}])
def test_P4_P5_the_legal_cells_kept_through_prunings_are_those_of_the_board_rebuilt(
    options: dict[str, Any],
) -> None:
    """The engine keeps its legal cells up to date as pawns come and go (counts of
    neighbours); a game loaded from its saved board rebuilds them from scratch. Both
    must agree after every action, prunings and cut-off pawns included. The easy
    computer player plays, since it prunes where it can."""
    player = make_ai("graps", "easy")
    pruned = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = Graps.create([DARK, LIGHT], options, seed)
        while game.outcome() is None:
            mover = game.awaiting[0]
            action = player.choose(game.view_for(mover), game.legal_actions(mover), rng)
            assert isinstance(action, (Place, Resign))
            pruned += sum(e.kind is GrapsEventKind.PRUNE for e in game.apply(action))
            if game.outcome() is None:
                loaded = Graps.from_json(game.to_json())
                after = game.awaiting[0]
                assert loaded.legal_actions(after) == game.legal_actions(after)
    assert pruned > 10  # the counts went down as well as up


def test_the_reason_a_game_ended_still_translates_once_loaded() -> None:
    running = Graps.create([DARK, LIGHT], seed=3)
    assert running.to_json()["texts"]["reason"] is None
    running.apply_json({"by": LIGHT, "resign": True})
    saved = running.to_json()
    assert saved["texts"]["reason"] == [
        {"msgid": "{loser} resigned: {winner} wins", "fields": {"loser": LIGHT, "winner": DARK}}
    ]
    outcome = Graps.from_json(saved).outcome()
    assert outcome is not None and outcome.reason == f"{LIGHT} resigned: {DARK} wins"
    assert getattr(outcome.reason, "msgid", None) == "{loser} resigned: {winner} wins"


def test_P5_a_clone_plays_on_like_the_game_for_both_seats() -> None:
    """A clone (the computer players search on clones) keeps each seat's own land row:
    grapes may start a vine there (P5), and only there."""
    game = Graps.create([DARK, LIGHT], seed=5)
    place(game, "D1")
    place(game, "K15")
    copy = game.clone()
    grape_turns = {DARK: 0, LIGHT: 0}
    for _turn in range(40):
        if game.outcome() is not None:
            break
        mover = game.awaiting[0]
        assert copy.awaiting == (mover,)
        assert copy.legal_actions(mover) == game.legal_actions(mover)
        grape_turns[mover] += game.state_json()["roll"] == "grape"
        action = random.Random(len(game.log)).choice(game.legal_actions(mover))
        game.apply(action)
        copy.apply(action)
        assert copy.to_json() == game.to_json()
    assert min(grape_turns.values()) > 0  # each seat's grape cells were compared


def test_what_is_not_a_saved_state_is_refused_in_words() -> None:
    for document in ([1], "graps", None):
        with pytest.raises(StateFormatError) as refused:
            Graps.from_json(document)  # type: ignore[arg-type]
        assert str(refused.value) == "a Graps state of version None cannot be loaded"
