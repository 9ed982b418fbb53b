"""The Gracias action notation (docs/notation.md, "Gracias"): each of the four shapes
is read whole, and malformed actions are refused with the whole reason an outside tool
(the replay CLI, a hand-written replay) shows its user."""

from __future__ import annotations

import pytest

from games.gracias import ChooseTrio, Colour, Gracias, Leave, SplitTrio, TakeTrio
from games.gracias.actions import parse_action
from games.protocol import JSON, MalformedAction

SHAPES = "a Gracias action has the keys by+trio+keep+give_to, by+trio, by+keep+give_to or by+leave"
TRIO = '"trio" must be a trio number (1, 2, ...)'
KEEP = '"keep" must be a colour id (red, orange, yellow, green, blue, purple), not '


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([1], "a Gracias action is a JSON object"),
        ({}, f"{SHAPES}, not none"),
        ({"trio": 1}, f"{SHAPES}, not trio"),
        ({"by": "ann"}, f"{SHAPES}, not by"),
        ({"by": "ann", "trio": 1, "card": "red"}, f"{SHAPES}, not by+card+trio"),
        ({"by": "ann", "leave": True, "trio": 1}, f"{SHAPES}, not by+leave+trio"),
        ({"by": "", "trio": 1}, '"by" must be a player name'),
        ({"by": 3, "leave": True}, '"by" must be a player name'),
        ({"by": "ann", "leave": False}, '"leave" must be true'),
        ({"by": "ann", "leave": 1}, '"leave" must be true'),
        ({"by": "ann", "trio": "1"}, TRIO),
        ({"by": "ann", "trio": True}, TRIO),
        ({"by": "ann", "trio": None, "keep": "red", "give_to": "bob"}, TRIO),
        ({"by": "ann", "trio": 1, "keep": "pink", "give_to": "bob"}, KEEP + "'pink'"),
        ({"by": "ann", "keep": "Red", "give_to": "bob"}, KEEP + "'Red'"),
        ({"by": "ann", "keep": 2, "give_to": "bob"}, KEEP + "2"),
        ({"by": "ann", "trio": 1, "keep": "red", "give_to": 2}, '"give_to" must be a player name'),
        ({"by": "ann", "keep": "red", "give_to": ""}, '"give_to" must be a player name'),
    ],
)
def test_malformed_notation_is_refused_with_its_whole_reason(data: JSON, reason: str) -> None:
    game = Gracias.create(["ann", "bob", "cy"])
    with pytest.raises(MalformedAction) as refused:
        game.apply_json(data)
    assert (refused.value.reason, refused.value.rule, str(refused.value)) == (reason, None, reason)


@pytest.mark.parametrize(
    ("data", "action"),
    [
        (
            {"by": "ann", "trio": 2, "keep": "purple", "give_to": "cy"},
            ChooseTrio("ann", 2, Colour.PURPLE, "cy"),
        ),
        ({"by": "bob", "trio": 1}, TakeTrio("bob", 1)),
        ({"by": "bob", "trio": 0}, TakeTrio("bob", 0)),
        ({"by": "cy", "keep": "red", "give_to": "ann"}, SplitTrio("cy", Colour.RED, "ann")),
        ({"by": "ann", "leave": True}, Leave("ann")),
    ],
)
def test_each_shape_is_read_whole_and_written_back_the_same(
    data: dict[str, JSON], action: object
) -> None:
    parsed = parse_action(data)
    assert parsed == action and type(parsed) is type(action)
    assert parsed.to_json() == data


def test_every_colour_id_can_be_kept() -> None:
    for colour in Colour:
        assert parse_action({"by": "ann", "keep": colour.value, "give_to": "bob"}) == SplitTrio(
            "ann", colour, "bob"
        )
