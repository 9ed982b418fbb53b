"""G22: the hand of a player who left a Grass game (their seat is gone) is still drawn,
with a status that says they left, instead of failing on the missing seat."""

from __future__ import annotations

from games.registry import game_class
from render.grass import hand as grass_hand
from tests.render.helpers import assert_not_blank


def test_g22_the_hand_of_a_player_who_left_is_drawn() -> None:
    game = game_class("grass").create(["ann", "bob", "cy"], {}, 3)
    game.apply_json({"by": "ann", "leave": True})
    view = game.view_for("ann")
    assert all(seat.name != "ann" for seat in view.public.seats)
    image = grass_hand.hand_image(view)
    assert image.width > 0 and image.height > 0
    assert_not_blank(image)
