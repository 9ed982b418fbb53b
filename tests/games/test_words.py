"""games/words.py: the English words engines and the bot share (a plural, a list, an
amount, a length of time). Other languages say these through lang/ (tests/lang)."""

from __future__ import annotations

import pytest

from games.text import Duration
from games.words import duration, listed, money, plural


def test_a_count_takes_its_noun_in_the_singular_only_for_one() -> None:
    assert [plural(n, "turn") for n in (0, 1, 2)] == ["0 turns", "1 turn", "2 turns"]
    assert plural(1, "body", "bodies") == "1 body"
    assert plural(3, "body", "bodies") == "3 bodies"


def test_items_are_listed_as_a_sentence_lists_them() -> None:
    assert listed([]) == ""
    assert listed(["ann"]) == "ann"
    assert listed(["ann", "bob"]) == "ann and bob"
    assert listed(["ann", "bob", "cy"]) == "ann, bob and cy"
    assert listed(["ann", "bob", "cy"], "or") == "ann, bob or cy"


def test_an_amount_is_in_dollars_with_the_sign_in_front() -> None:
    assert [money(a) for a in (0, 5_000, -5_000, 250_000)] == [
        "$0",
        "$5,000",
        "-$5,000",
        "$250,000",
    ]


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (0, "0 seconds"),
        (1, "1 second"),
        (45, "45 seconds"),
        (119, "119 seconds"),  # a unit is used once two of it have passed
        (120, "2 minutes"),
        (5_400, "90 minutes"),
        (7_199, "120 minutes"),  # rounded in the unit chosen
        (7_200, "2 hours"),
        (2 * 86_400 - 1, "48 hours"),
        (2 * 86_400, "2 days"),
        (14 * 86_400, "2 weeks"),
        (60 * 86_400, "2 months"),
        (800 * 86_400, "2 years"),
        (-120, "2 minutes"),  # a time already past is said by its length
    ],
)
def test_a_length_of_time_is_said_in_one_rounded_unit(seconds: int, words: str) -> None:
    assert duration(seconds) == words
    assert str(Duration(seconds)) == words and repr(Duration(seconds)) == str(seconds)
