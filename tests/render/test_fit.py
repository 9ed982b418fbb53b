"""Words fit their places in every language: each text and badge drawn is measured
(render/measure.py) against the area it had to stay in, and against the other texts
on its image. German is the longest of the four; its 6-player tables are followed
through whole seeded games, and every image kind of the gallery is checked in all
four languages."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PIL import Image

from games.randomplay import playout_chooser
from games.registry import game_class
from lang import LANGUAGES, speaking
from render import measure
from render.toolkit import text
from render.tools.gallery import images
from render.tools.seeded import NAMES
from tests.render.helpers import renders


def misfits(render: Callable[[], Image.Image], language: str) -> list[str]:
    """What a reader would see cut or overlapping in the image, in words."""
    with speaking(language), measure.recording() as drawn:
        render()
    found = [
        f"{d.words!r} leaves its area: {d.box} not in {d.area}" for d in drawn if measure.outside(d)
    ]
    for index, one in enumerate(drawn):
        found += [
            f"{one.words!r} {one.box} runs into {other.words!r} {other.box}"
            for other in drawn[index + 1 :]
            if measure.collide(one, other)
        ]
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_image_kind_of_the_gallery_fits_its_words(language: str) -> None:
    problems = {name: misfits(render, language) for name, render in images()}
    assert {name: found for name, found in problems.items() if found} == {}


@pytest.mark.parametrize(("kind", "players"), [("grass", 6), ("gracias", 6), ("graps", 2)])
def test_german_tables_fit_their_words_through_whole_games(kind: str, players: int) -> None:
    game = game_class(kind).create(list(NAMES[:players]), None, 23)
    rng = random.Random(23)
    problems: list[str] = []
    for step in range(20_000):
        if game.outcome() is not None:
            break
        if step % 25 == 0:
            for render in renders(kind, game):
                problems += misfits(render, "de")
        player = game.awaiting[rng.randrange(len(game.awaiting))]
        game.apply(playout_chooser(game)(player, game.legal_actions(player), rng))
    for render in renders(kind, game):  # the game's end, its last scores
        problems += misfits(render, "de")
    assert game.outcome() is not None
    assert sorted(set(problems)) == []


def test_the_measure_sees_words_leave_their_area_and_run_into_others() -> None:
    image = Image.new("RGB", (400, 100))
    with measure.recording() as drawn:
        text(image, (10, 10), "Eine Karte nach links", 20, (255, 255, 255), area=(10, 0, 80, 50))
        text(image, (30, 14), "weitergeben", 20, (255, 255, 255))
        text(image, (10, 60), "fits", 20, (255, 255, 255), area=(0, 50, 400, 100))
    assert [measure.outside(d) for d in drawn] == [True, False, False]
    assert measure.collide(drawn[0], drawn[1]) and not measure.collide(drawn[0], drawn[2])
    assert not measure.collide(drawn[1], drawn[2])
