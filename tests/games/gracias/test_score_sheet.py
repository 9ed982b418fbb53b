"""A scored round's sheet as the table shows it (each colour named, C6) and as it is
saved: a sheet whose numbers do not add up is refused when loaded."""

from __future__ import annotations

from typing import Any

import pytest

from games.gracias.cards import COLOURS
from games.gracias.scoring import ScoreSheet, score_round

CARDS = [[6, 0, 2, 1, 0, 0], [1, 3, 2, 0, 0, 5]]


def test_C6_each_colour_of_the_sheet_is_named_in_order() -> None:
    rows = score_round(2, ["ann", "bob"], CARDS).view().rows
    for row in rows:
        assert [score.colour for score in row.colours] == list(COLOURS)
    ann = rows[0].colours[0]
    assert (ann.cards, ann.packet, ann.face_up, ann.discarded, ann.points) == (6, True, 1, 1, 1)


def test_C6_a_saved_sheet_loads_only_if_it_adds_up() -> None:
    saved = score_round(2, ["ann", "bob"], CARDS).to_json()
    assert ScoreSheet.from_json(saved).to_json() == saved
    data: dict[str, Any] = score_round(2, ["ann", "bob"], CARDS).to_json()
    wrong_scores = {**data, "scores": [score + 1 for score in data["scores"]]}
    missing_row = {**data, **{key: data[key][:1] for key in ("cards", "packets", "discarded")}}
    for bad in (wrong_scores, missing_row):
        with pytest.raises(ValueError) as caught:
            ScoreSheet.from_json(bad)
        assert str(caught.value) == "a scored round does not add up"
