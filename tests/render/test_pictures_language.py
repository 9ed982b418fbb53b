"""What a picture says is in its language: no English left in any picture of the
gallery drawn in French, Italian or German (its drawn texts, as render/measure.py
records them, scanned against the catalogs), and a computer seat's name in the
picture's language as it is around the picture ("Robot 1 (difficile)" at a French
table): its stored name, English, is the replay notation's, and is translated where
it is drawn."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.randomplay import playout_chooser
from games.registry import game_class
from lang import speaking
from render import measure
from render.tools.gallery import images
from tests.bot.languages import english_leftovers
from tests.render.helpers import renders

SEATS = ("ann", "Robot 1 (hard)", "Robot 2 (easy)", "bob")


@pytest.mark.parametrize("language", ["fr", "it", "de"])
def test_no_picture_of_the_gallery_keeps_english(language: str) -> None:
    found = {}
    for name, render in images():
        with speaking(language), measure.recording() as drawn:
            render()
        left = english_leftovers([d.words for d in drawn], language)
        if left:
            found[name] = left
    assert found == {}


def drawn_words(kind: str, game: Any) -> list[str]:
    with speaking("fr"), measure.recording() as drawn:
        for render in renders(kind, game):
            render()
    return [d.words for d in drawn]


@pytest.mark.parametrize(("kind", "players"), [("grass", 4), ("gracias", 4), ("graps", 2)])
def test_computer_seats_are_named_in_the_pictures_language(kind: str, players: int) -> None:
    game = game_class(kind).create(list(SEATS[1 : players + 1]), None, 5)
    rng = random.Random(5)
    words: list[str] = []
    for step in range(20_000):
        if game.outcome() is not None:
            break
        if step % 40 == 0:
            words += drawn_words(kind, game)
        player = game.awaiting[rng.randrange(len(game.awaiting))]
        game.apply(playout_chooser(game)(player, game.legal_actions(player), rng))
    words += drawn_words(kind, game)  # the game's end, its last scores
    assert any("Robot 1 (difficile)" in said for said in words), words
    assert any("Robot 2 (facile)" in said for said in words)
    assert [said for said in words if "(hard)" in said or "(easy)" in said] == []
