"""The engines' shared contract (games/protocol.py): what every engine inherits, pinned
on its own, since each real engine overrides part of it: an echoed value cut to its
limit, a refusal's words with its rule, what a move showed that was hidden, the log a
noted event joins, a clone that shares nothing, and event kinds no enum names."""

from __future__ import annotations

from typing import ClassVar

import pytest

from games.grass import Grass, GrassEventKind
from games.protocol import (
    QUOTE_LIMIT,
    Event,
    EventKind,
    EventName,
    Game,
    IllegalAction,
    MalformedAction,
    quoted,
)
from tests.toygame.engine import Mark, Toy


def test_an_echoed_value_is_cut_to_its_limit_with_a_mark() -> None:
    fits = "x" * (QUOTE_LIMIT - 2)  # with its quotes, exactly the limit
    assert quoted(fits) == repr(fits)
    longer = fits + "y"
    assert quoted(longer) == repr(longer)[: QUOTE_LIMIT - 1] + "…"
    assert len(quoted(longer)) == QUOTE_LIMIT
    assert quoted(12345, limit=4) == "123…"


def test_a_refusal_keeps_its_words_and_names_its_rule_for_developers() -> None:
    refused = IllegalAction("the market is closed", "G5")
    assert (refused.reason, refused.rule, str(refused)) == (
        "the market is closed",
        "G5",
        "the market is closed (G5)",
    )
    plain = MalformedAction("not a card")
    assert (plain.reason, plain.rule, str(plain)) == ("not a card", None, "not a card")


class Untakeable(Toy):
    """The toy game, as an engine that names nothing it hides."""

    revealing: ClassVar[None] = None  # type: ignore[assignment]


def test_what_a_move_showed_is_said_or_every_move_shows_something() -> None:
    grass = Grass.create(["ann", "bob", "cy"], seed=1)
    drew = Event(GrassEventKind.DRAW, "", "ann")
    passed = Event(GrassEventKind.PLAY, "ann played Market Open", "ann")
    assert grass.reveals([passed, drew]) == "a card has been drawn since"
    assert grass.reveals([passed]) is None
    assert grass.reveals([]) is None
    toy = Untakeable.create(["ann", "bob"])
    assert toy.reveals([]) == "moves of this game cannot be taken back"


def test_the_shared_note_and_clone_and_apply_json() -> None:
    game = Toy.create(["ann", "bob"])
    before = len(game.log)
    taken = Event(EventKind.UNDO, "ann took back their last move", "ann")
    Game.note(game, taken)
    assert game.log[before:] == [taken]
    copy = Game.clone(game)
    assert copy.to_json() == game.to_json() and copy is not game
    copy.apply(Mark("ann", "b2"))
    assert copy.moves == game.moves + 1 and game.moves == 0  # the original is untouched
    twin = Toy.create(["ann", "bob"])
    events = twin.apply_json({"by": "ann", "mark": "b2"})
    assert events == Toy.create(["ann", "bob"]).apply(Mark("ann", "b2"))
    assert twin.to_json()["board"] == copy.to_json()["board"] != game.to_json()["board"]


def test_a_kind_no_enum_names_is_an_unnamed_member_equal_to_its_string() -> None:
    older = EventKind("something_older")
    assert isinstance(older, EventName) and older == "something_older"
    assert older not in list(EventKind)
    assert EventKind("leave") is EventKind.LEAVE
    with pytest.raises(ValueError):
        EventKind(3)  # type: ignore[arg-type]
