"""The pictures of messages (bot/core/pictures.py): a picture's description for screen
readers (`alt_text`: no mention's id, no markdown, a channel by its name, cut to what
Discord keeps, never empty), a picture sent as a `discord.File` with it, drawn in the
reader's language, kept by view so the same view is drawn once, except by a lambda or
closure (their name does not say what they draw), and a failed drawing logged, answered
with no picture, and never kept. Drawn in a real thread pool by the real PNG encoder."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image

from bot.core.language import Speech
from bot.core.pictures import ALT_LIMIT, Pictures, alt_text
from lang import speaking_now

PNG = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Square:
    """A view: frozen, its repr its whole content."""

    colour: str


DRAWN: list[tuple[str, str]] = []
"""Each drawing made by `square`: the view's colour and the language it was drawn in."""
BROKEN: set[str] = set()
"""Colours `square` fails to draw, once each."""


def square(view: Square) -> Image.Image:
    """A module function: the same view always draws the same picture."""
    DRAWN.append((view.colour, speaking_now()))
    if view.colour in BROKEN:
        BROKEN.discard(view.colour)
        raise RuntimeError("the renderer broke")
    return Image.new("RGB", (4, 4), view.colour)


class Board:
    def draw(self, view: Square) -> Image.Image:
        return square(view)


def closure_of(border: str) -> Callable[[Square], Image.Image]:
    def draw(view: Square) -> Image.Image:
        return square(Square(border if view.colour == "none" else view.colour))

    return draw


@pytest.fixture
def pictures() -> Iterator[Pictures]:
    DRAWN.clear()
    BROKEN.clear()
    executor = ThreadPoolExecutor(max_workers=1)
    try:
        yield Pictures(executor, {5: "general"}.get)
    finally:
        executor.shutdown(wait=True)


def test_a_description_names_nobody_by_id_and_shows_no_markdown() -> None:
    channels: Callable[[int], str | None] = {5: "general"}.get
    text = "<@123> plays **Heat** on *<@!456>* in <#5> and <#6>"
    assert alt_text(text, channel_name=channels) == (
        "someone plays Heat on someone in #general and a server channel"
    )
    assert alt_text("<@123> wins", Speech("fr")) == "quelqu'un wins"


def test_a_description_is_cut_to_what_discord_keeps_and_never_empty() -> None:
    long = alt_text("ann bob cy " * 200)
    assert len(long) == ALT_LIMIT and long.endswith("…") and long.startswith("ann bob cy")
    assert [alt_text(text) for text in ("", "  ", "**")] == ["A picture of the game."] * 3
    assert alt_text("", Speech("fr")) == "Une image de la partie."


async def test_a_picture_is_sent_as_a_file_described_and_drawn_in_the_readers_language(
    pictures: Pictures,
) -> None:
    sent = await pictures.render(square, Square("red"), "table.png", "<@10> in <#5>", "fr")
    assert sent is not None and sent.filename == "table.png"
    assert sent.description == "quelqu'un in #general"
    assert sent.fp.read().startswith(PNG)
    assert DRAWN == [("red", "fr")]


async def test_a_second_picture_of_the_same_view_reuses_the_drawing(pictures: Pictures) -> None:
    for _ in range(3):
        assert await pictures.render(square, Square("red"), "a.png", "words") is not None
    assert DRAWN == [("red", "en")]
    await pictures.render(square, Square("blue"), "a.png", "words")  # another view
    await pictures.render(square, Square("red"), "a.png", "words", "de")  # another language
    assert DRAWN == [("red", "en"), ("blue", "en"), ("red", "de")]
    await pictures.render(Board().draw, Square("red"), "a.png", "words")  # another function
    await pictures.render(Board().draw, Square("red"), "a.png", "words")
    assert DRAWN[3:] == [("red", "en")]


@pytest.mark.parametrize(
    "draw",
    [lambda view: square(view), closure_of("green")],
    ids=["a lambda", "a closure"],
)
async def test_a_lambdas_or_closures_picture_is_drawn_again_each_time(
    pictures: Pictures, draw: Callable[[Any], Image.Image]
) -> None:
    for _ in range(2):
        assert await pictures.render(draw, Square("red"), "a.png", "words") is not None
    assert DRAWN == [("red", "en"), ("red", "en")]


async def test_a_failed_drawing_is_logged_sent_without_a_picture_and_never_kept(
    pictures: Pictures, caplog: pytest.LogCaptureFixture
) -> None:
    BROKEN.add("black")
    with caplog.at_level(logging.ERROR, logger="bot.core.pictures"):
        assert await pictures.render(square, Square("black"), "broken.png", "words") is None
    assert [record.getMessage() for record in caplog.records] == ["drawing broken.png failed"]
    assert caplog.records[0].exc_info is not None
    assert "the renderer broke" in str(caplog.records[0].exc_info[1])
    again = await pictures.render(square, Square("black"), "broken.png", "words")
    assert again is not None and DRAWN == [("black", "en"), ("black", "en")]
