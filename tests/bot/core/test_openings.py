"""What `/<game> start` asks for (bot/core/openings.py): the refusals judged before
anything is stored, each in words saying what to choose instead, and the names of the
computer seats."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.errors import Refusal
from bot.core.openings import Opening, ai_name, check_humans, judge
from bot.core.storage import SeatRow
from bot.core.tables import Member
from tests.bot.core.harness import KINDS

ANN, BOB = Member(10, "ann"), Member(11, "bob")


def opening(kind: str = "grass", options: dict[str, Any] | None = None, **asked: Any) -> Opening:
    return Opening(KINDS[kind], 1, 50, ANN, options or {}, "en", **asked)


@pytest.mark.parametrize(
    ("kind", "asked", "words"),
    [
        ("grass", {"timer": 5, "pace": 60}, "Choose a turn timer in minutes (a live game) or"),
        ("grass", {"pace": 61}, "That is not one of the slow paces; choose one from the list."),
        ("grass", {"timer": 61}, "A turn timer is 0 (off) to 60 minutes."),
        ("grass", {"timer": -1}, "A turn timer is 0 (off) to 60 minutes."),
        ("grass", {"ai": "clever"}, "Unknown computer level 'clever'; choose easy or hard."),
        ("graps", {"opponent": ANN}, "You cannot challenge yourself; choose another member"),
        ("graps", {"opponent": BOB, "ai": "easy"}, "Choose an opponent or a computer player"),
    ],
)
def test_an_opening_the_game_cannot_have_is_refused_in_words(kind, asked, words):
    with pytest.raises(Refusal) as refusal:
        judge(opening(kind, **asked))
    assert str(refusal.value).startswith(words)


def test_options_the_engine_refuses_are_refused_with_its_reason():
    with pytest.raises(Refusal) as refusal:
        judge(opening("grass", {"target": -5}))
    assert str(refusal.value).startswith("Those options cannot be used: ")
    assert len(str(refusal.value)) > len("Those options cannot be used: ")


def test_what_a_game_allows_is_not_refused():
    judge(opening("grass", ai="hard", timer=0))
    judge(opening("graps", opponent=BOB, pace=24 * 60))
    judge(opening("gracias", {}, timer=60))


def test_a_computer_seat_takes_the_first_free_number():
    assert ai_name(["ann"], "easy") == "Robot 1 (easy)"
    assert ai_name(["ann", "Robot 1 (easy)"], "hard") == "Robot 2 (hard)"
    # A number freed by a seat that left is taken again, whatever the level was.
    assert ai_name(["ann", "Robot 2 (hard)"], "easy") == "Robot 1 (easy)"


def seat(user_id: int, name: str, level: str | None = None) -> SeatRow:
    return SeatRow(1, 0, user_id, name, None, None, None, False, ai_level=level)


def test_computers_alone_are_refused():
    check_humans([seat(10, "ann"), seat(-1, "Robot 1 (easy)", "easy")])
    with pytest.raises(Refusal) as refusal:
        check_humans([seat(-1, "Robot 1 (easy)", "easy"), seat(-2, "Robot 2 (hard)", "hard")])
    assert str(refusal.value) == (
        "A game needs at least one person: computer players alone are refused."
    )
