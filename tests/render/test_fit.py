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

from bot.core.tables import MAX_NAME
from games.randomplay import playout_chooser
from games.registry import game_class
from lang import LANGUAGES, speaking
from render import measure
from render.player_card import PlayerCard, player_card_image
from render.progress import gracias_progress_image, grass_progress_image
from render.scoreboard import scoreboard_image
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


def longest_names(count: int) -> list[str]:
    """The longest names a lobby makes, in the widest letter: Discord's 32 characters,
    and " 2" after a name someone else has."""
    return [("W" * MAX_NAME)[: MAX_NAME - 1] + chr(ord("a") + n) + " 2" for n in range(count)]


def cut_without_an_ellipsis(render: Callable[[], Image.Image], names: list[str]) -> list[str]:
    """Drawn words showing part of a name, neither whole nor cut with "…"."""
    with speaking("de"), measure.recording() as drawn:
        render()
    return [
        d.words
        for d in drawn
        if "WWWW" in d.words and "…" not in d.words and not any(n in d.words for n in names)
    ]


@pytest.mark.parametrize(("kind", "players"), [("grass", 6), ("gracias", 6), ("graps", 2)])
def test_the_longest_names_fit_every_picture_or_end_in_an_ellipsis(kind: str, players: int) -> None:
    names = longest_names(players)
    game = game_class(kind).create(names, None, 5)
    rng = random.Random(5)
    problems: list[str] = []
    for step in range(20_000):
        if game.outcome() is not None:
            break
        if step % 10 == 0:
            for render in renders(kind, game):
                problems += misfits(render, "de") + cut_without_an_ellipsis(render, names)
        player = game.awaiting[rng.randrange(len(game.awaiting))]
        game.apply(playout_chooser(game)(player, game.legal_actions(player), rng))
    view = game.public_view()
    end = renders(kind, game)
    if kind == "grass":
        end.append(lambda: grass_progress_image(view))
    if kind == "gracias":
        end.append(lambda: gracias_progress_image(view))
    end.append(
        lambda: scoreboard_image("Grass", ["player", "rating"], [[n, "1,000"] for n in names])
    )
    card = PlayerCard(
        title=names[0],
        rating="1,000",
        rating_label="rating",
        figures=(("games", "3"),),
        history=(1000, 1010),
        history_label="rating after each game",
        rivals_title=f"against the players {names[0]} met most",
        rivals=tuple((name, "1 win") for name in names[1:]),
    )
    end.append(lambda: player_card_image(card))
    for render in end:
        problems += misfits(render, "de") + cut_without_an_ellipsis(render, names)
    assert game.outcome() is not None
    assert sorted(set(problems)) == []
