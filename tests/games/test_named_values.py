"""Event kinds and end reasons are named values (`StrEnum`s) whose values are the strings
saved games, `state_json` and stored databases hold: every event an engine makes has a
named kind, saved documents still hold plain strings, and a loaded Gracias log gives back
the same members. Also random play's chooser: the Grass engine never imports games.ai."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

from games.gracias import Gracias, GraciasEndReason, GraciasEventKind, GraciasTermination
from games.graps import Graps, GrapsEndReason, GrapsEventKind, GrapsTermination, Side
from games.grass import GrassEndReason, GrassEventKind, GrassTermination
from games.protocol import EventKind, EventName, Termination
from games.randomplay import playout_chooser, random_game
from games.registry import game_class
from games.text import Text

ROOT = Path(__file__).resolve().parent.parent.parent
TERMINATIONS: dict[str, type[Termination]] = {
    "grass": GrassTermination,
    "gracias": GraciasTermination,
    "graps": GrapsTermination,
}
OWN_KINDS: dict[str, type[EventName]] = {
    "grass": GrassEventKind,
    "gracias": GraciasEventKind,
    "graps": GrapsEventKind,
}
PLAYERS = {"grass": 4, "gracias": 4, "graps": 2}
NAMES = ["ann", "bob", "cy", "dee"]


def test_the_values_are_the_strings_games_always_saved() -> None:
    # docs/notation.md lists these; a changed value would break saved games.
    assert [k.value for k in EventKind] == ["leave", "game_over", "undo"]
    assert {k.value for k in GrassEventKind} == {
        "hand_dealt",
        "lost_turn",
        "draw",
        "draw_pile_empty",
        "play",
        "discard",
        "pass_chosen",
        "pass_done",
        "offer",
        "withdraw",
        "decline",
        "trade",
        "hand_scored",
    }
    assert {k.value for k in GraciasEventKind} == {
        "round_started",
        "turn_started",
        "take",
        "give",
        "round_scored",
    }
    assert {k.value for k in GrapsEventKind} == {
        "place",
        "prune",
        "sap",
        "roll",
        "pass",
        "win",
        "draw",
    }
    assert GraciasEndReason.LAST_ROUND.value == "after round 3"
    assert GraciasEndReason.TOO_FEW_PLAYERS.value == "fewer than 3 players left"
    assert GrassEndReason.EVERYONE_LEFT.value == "everyone else left"
    assert GrassEndReason.TARGET_AMOUNT.format(target=250_000) == "reached $250,000"
    resigned = GrapsEndReason.RESIGNED.format(loser="ann", winner="bob")
    assert resigned == "ann resigned: bob wins"


def test_no_game_names_a_shared_kind_again() -> None:
    shared = {k.value for k in EventKind}
    for kinds in OWN_KINDS.values():
        assert not shared & {k.value for k in kinds}


@pytest.mark.parametrize("kind", ["grass", "gracias", "graps"])
def test_every_event_has_a_named_kind_and_the_game_a_named_reason(kind: str) -> None:
    for seed in range(6):
        game, _ = random_game(kind, NAMES[: PLAYERS[kind]], None, seed)
        for event in game.log:
            assert type(event.kind) in (EventKind, OWN_KINDS[kind]), event
        assert game.log[-1].kind is EventKind.GAME_OVER
        outcome = game.outcome()
        assert outcome is not None
        if kind == "grass":
            target = GrassEndReason.TARGET_AMOUNT.format(target=250_000)
            assert outcome.reason in (GrassEndReason.EVERYONE_LEFT, target)
        elif kind == "gracias":
            assert outcome.reason is GraciasEndReason.LAST_ROUND
        else:
            assert any(_matches(pattern, outcome.reason) for pattern in GrapsEndReason)
        assert type(outcome.termination) is TERMINATIONS[kind]
        assert game.clone().outcome() == outcome
        assert type(game).from_json(json.loads(json.dumps(game.to_json()))).outcome() == outcome


def test_the_graps_termination_is_the_word_the_scoreboards_store() -> None:
    # bot/exts/scoreboards.py counts the stored endings "reached", "stuck"...
    assert [t.value for t in GrapsTermination] == [p.name.lower() for p in GrapsEndReason]
    game = Graps.create(["ann", "bob"], seed=3)
    game.apply_json({"by": "bob", "resign": True})
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is GrapsTermination.RESIGNED
    document = json.loads(json.dumps(game.to_json()))
    # A state saved before messages were kept beside the words: read from the English.
    del document["texts"]
    assert Graps.from_json(document).outcome() == outcome
    assert GrapsTermination.of("ann reached bob's land, row 15") is GrapsTermination.REACHED
    assert GrapsTermination.of("no pawns left, x: ann wins") is GrapsTermination.EXHAUSTED_WIN
    assert GrapsTermination.of("something else") is None


def test_grass_and_gracias_name_how_a_game_ended() -> None:
    game = Gracias.create(NAMES[:3], seed=2)
    game.apply_json({"by": "cy", "leave": True})
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is GraciasTermination.TOO_FEW_PLAYERS
    grass = game_class("grass").create(NAMES[:2], seed=2)
    grass.apply_json({"by": "bob", "leave": True})
    outcome = grass.outcome()
    assert outcome is not None and outcome.termination is GrassTermination.EVERYONE_LEFT


def _matches(pattern: str, text: str) -> bool:
    regex = re.sub(r"\\\{\w+\\\}", ".+", re.escape(pattern))
    return re.fullmatch(regex, text) is not None


def test_gracias_saves_plain_strings_and_loads_the_same_members() -> None:
    game = Gracias.create(NAMES[:3], seed=2)
    game.apply_json({"by": "cy", "leave": True})
    document = json.loads(json.dumps(game.to_json()))
    assert document["end_reason"] == "fewer than 3 players left"
    assert [e["kind"] for e in document["log"]][-2:] == ["leave", "game_over"]
    loaded = Gracias.from_json(document)
    assert loaded.log == game.log
    assert [type(e.kind) for e in loaded.log] == [type(e.kind) for e in game.log]
    assert loaded.end_reason is GraciasEndReason.TOO_FEW_PLAYERS
    assert loaded.outcome() == game.outcome()


def test_gracias_loads_a_kind_it_does_not_name_as_it_is() -> None:
    document = Gracias.create(NAMES[:3], seed=2).to_json()
    document["log"][0]["kind"] = "something_older"
    loaded = Gracias.from_json(document)
    kind = loaded.log[0].kind
    assert kind == "something_older" and isinstance(kind, EventName)
    assert loaded.to_json()["log"][0]["kind"] == "something_older"


@pytest.mark.parametrize("kind", ["gracias", "graps"])
def test_random_play_is_uniform_for_the_other_games(kind: str) -> None:
    choose = playout_chooser(game_class(kind).create(NAMES[: PLAYERS[kind]]))
    actions = list(range(7))
    rng, twin = random.Random(5), random.Random(5)
    for _ in range(50):
        assert choose("ann", actions, rng) == actions[twin.randrange(len(actions))]


def test_the_grass_engine_never_imports_the_computer_players() -> None:
    found = []
    for path in sorted((ROOT / "games" / "grass").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.ai"):
                found.append(path.name)
            elif isinstance(node, ast.Import):
                found += [path.name for a in node.names if a.name.startswith("games.ai")]
    assert found == []


def test_gracias_states_saved_with_the_old_words_load_the_member() -> None:
    """States saved before the reason lost its rule id still load as the same member."""
    game, _ = random_game("gracias", NAMES[:3], None, 1)
    document = json.loads(json.dumps(game.to_json()))
    assert document["end_reason"] == "after round 3"
    document["end_reason"] = "after round 3 (C8)"
    loaded = Gracias.from_json(document)
    assert loaded.to_json()["end_reason"] == "after round 3"
    assert loaded.outcome() == game.outcome()


def test_a_graps_ending_is_read_from_its_message_whatever_the_names_say() -> None:
    # Names may hold anything, even another pattern's words: a loser called
    # "no pawns left, x" makes "… resigned: ann wins" read like a game run out of pawns.
    resigned = Text(GrapsEndReason.RESIGNED.value, {"loser": "no pawns left, x", "winner": "ann"})
    assert GrapsEndReason.of(resigned) is GrapsEndReason.RESIGNED
    assert GrapsTermination.of(resigned) is GrapsTermination.RESIGNED
    # Saved as plain words, the message is lost: the patterns opening with fixed words
    # are tried first, since names cannot hold the words before them.
    words = resigned.encode().decode()
    assert GrapsEndReason.of(words) is None
    assert GrapsTermination.of(words) is GrapsTermination.EXHAUSTED_WIN
    both = "no pawns left, a reached b's land, row 1: ann wins"
    assert GrapsEndReason.REACHED.matches(both) and GrapsEndReason.EXHAUSTED_WIN.matches(both)
    assert GrapsTermination.of(both) is GrapsTermination.EXHAUSTED_WIN


def test_each_graps_pattern_matches_its_own_words_only() -> None:
    words = {
        GrapsEndReason.REACHED: "ann reached bob's land, row 15",
        GrapsEndReason.STUCK: "ann has no legal cell for either face: bob loses",
        GrapsEndReason.EXHAUSTED_DRAW: "no pawns left, ann 3 rows and bob 3 rows: a draw",
        GrapsEndReason.EXHAUSTED_WIN: "no pawns left, ann 2 rows and bob 3 rows: ann wins",
        GrapsEndReason.RESIGNED: "bob resigned: ann wins",
    }
    for pattern, text in words.items():
        assert [p for p in GrapsEndReason if p.matches(text)] == [pattern]
        assert GrapsTermination.of(text) is pattern.termination


def test_the_first_graps_player_is_dark_and_the_second_light() -> None:
    view = Graps.create(["ann", "bob"], seed=1).public_view()
    assert (view.side_of("ann"), view.side_of("bob")) == (Side.DARK, Side.LIGHT)
    assert (view.dark, view.light) == ("ann", "bob")
