"""games/gracias/views.py: what the bot reads from a Gracias game's events and views
(who opens each turn, C3/C5; a reserve's colours, C5)."""

from __future__ import annotations

import json

import pytest

from games.gracias import COLOURS, Gracias
from games.gracias.views import ColourCounts, GraciasEventKind, TurnStarted, turn_started
from games.protocol import Event, EventKind

NAMES = ["ann", "bob", "cy"]


def test_C5_each_laid_out_turn_names_its_round_turn_and_small_opener() -> None:
    game = Gracias.create(NAMES, seed=4)
    started = [data for event in game.log if (data := turn_started(event)) is not None]
    opener = game.public_view().to_move
    assert opener is not None
    assert started == [TurnStarted(round=1, turn=1, small_opener=opener)]
    # A game loaded from its saved document reads the same from its log.
    loaded = Gracias.from_json(json.loads(json.dumps(game.to_json())))
    assert [turn_started(event) for event in loaded.log if turn_started(event)] == started


def test_only_a_turn_started_event_with_its_opener_is_read() -> None:
    data = {"round": 2, "turn": 3, "small_opener": "bob"}
    assert turn_started(Event(GraciasEventKind.TURN_STARTED, "", data=data)) == TurnStarted(
        round=2, turn=3, small_opener="bob"
    )
    assert turn_started(Event(EventKind.GAME_OVER, "", data=data)) is None
    assert turn_started(Event(GraciasEventKind.TURN_STARTED, "", data={"round": 2})) is None
    # Saved before rounds and turns were kept: zero.
    older = Event(GraciasEventKind.TURN_STARTED, "", data={"small_opener": "bob"})
    assert turn_started(older) == TurnStarted(round=0, turn=0, small_opener="bob")


def test_a_reserve_pairs_each_colour_with_its_count_in_colour_order() -> None:
    counts = ColourCounts((1, 0, 2, 0, 0, 3))
    assert counts.items() == tuple(zip(COLOURS, (1, 0, 2, 0, 0, 3), strict=True))
    assert (counts.of(COLOURS[2]), counts.total) == (2, 6)
    with pytest.raises(ValueError):
        ColourCounts((1, 2)).items()


def test_a_seat_is_found_by_name_and_a_stranger_is_a_key_error() -> None:
    view = Gracias.create(NAMES, seed=4).public_view()
    assert view.seat("bob").name == "bob"
    with pytest.raises(KeyError) as missing:
        view.seat("eve")
    assert missing.value.args == ("eve",)
