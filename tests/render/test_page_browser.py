"""The replay page (render/page.py) in a headless Chromium (tests/browser.py), opened
from disk at a phone's width as a player opens the file: it asks the network for
nothing, steps through every step of the game with the keyboard, draws each step's
table with its seats, whose turn it is and only the cards lying face up, says the
step's words, and its buttons, list of moves and address (#step-N) go where they say."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, ViewportSize

from games.randomplay import random_replay
from games.registry import game_class
from games.watch import Step, parts, watch
from lang import speaking
from render.page import replay_page
from render.web import plain
from tests.render.page_views import FACE_UP, GAMES, mover, pawns, seats

PHONE: ViewportSize = {"width": 360, "height": 740}
DESKTOP: ViewportSize = {"width": 1024, "height": 768}
SMALLEST_TEXT = 12.0
"""CSS pixels: the least a phone's reader reads comfortably (render/measure.py)."""

READ = """() => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  const table = document.querySelector(".replay-board > .replay-table");
  const inTable = (selector) => (table ? [...table.querySelectorAll(selector)] : []);
  return {
    counter: document.querySelector(".replay-counter").textContent,
    lines: all(".replay-said .replay-line").map((node) => node.textContent),
    quiet: all(".replay-said .replay-quiet").map((node) => node.textContent),
    drawn: table !== null && table.firstElementChild !== null
      && table.firstElementChild.classList.contains("table")
      && table.firstElementChild.getBoundingClientRect().height > 0,
    seats: inTable("[data-seat]").map((node) => node.dataset.seat),
    turn: inTable("[data-turn]").map((node) => node.dataset.seat || null),
    cards: inTable("[data-card]").map((node) => node.dataset.card),
    pawns: inTable("[data-cell]").map((node) => [node.dataset.cell, node.dataset.side]),
    scores: document.querySelector(".replay-board > .replay-scores") !== null,
    current: all("[aria-current=step]").map((node) => Number(node.dataset.step)),
    hash: location.hash,
    width: document.scrollingElement.scrollWidth,
  };
}"""


def game(kind: str) -> tuple[dict[str, Any], list[Step]]:
    players, seed = GAMES[kind]
    document = random_replay(kind, players, seed)
    return document, watch(document)


def written(tmp_path: Path, kind: str, document: dict[str, Any]) -> Path:
    path = tmp_path / f"{kind}.html"
    path.write_text(replay_page(document, "en"), encoding="utf-8")
    return path


class Watched:
    """A page opened in a fresh browser context, with every request it made and every
    error it logged."""

    def __init__(self, browser: Browser, url: str, viewport: ViewportSize) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.page: Page = self.context.new_page()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", self._logged)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(url)

    def _logged(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def read(self) -> dict[str, Any]:
        found: dict[str, Any] = self.page.evaluate(READ)
        return found

    def close(self) -> None:
        self.context.close()


def expected(kind: str, index: int, step: Step, count: int) -> dict[str, Any]:
    with speaking("en"):
        view = plain(step.view)
    assert isinstance(view, dict)
    return {"view": view, "counter": f"Step {index + 1} of {count}", "lines": list(step.lines)}


@pytest.mark.parametrize("kind", GAMES)
def test_the_page_steps_through_the_whole_game_from_disk_at_a_phones_width(
    chromium: Browser, tmp_path: Path, kind: str
) -> None:
    document, steps = game(kind)
    path = written(tmp_path, kind, document)
    watched = Watched(chromium, path.as_uri(), PHONE)
    page = watched.page
    scored = bool(game_class(kind).closing)  # Grass scores its hands, Gracias its rounds
    for index, step in enumerate(steps):
        if index:
            page.keyboard.press("ArrowRight")
        shown, wanted = watched.read(), expected(kind, index, step, len(steps))
        view, where = wanted["view"], f"{kind} step {index + 1}"
        assert shown["counter"] == wanted["counter"], where
        assert shown["lines"] == wanted["lines"], where
        assert len(shown["quiet"]) == (0 if step.lines else 1), where
        assert shown["current"] == [index] and shown["hash"] == f"#step-{index + 1}", where
        assert shown["drawn"], where
        assert sorted(shown["seats"]) == sorted(seats(kind, view)), where
        to_move = mover(view)
        assert shown["turn"] == ([to_move] if to_move else []), where
        if kind in FACE_UP:
            assert set(shown["cards"]) <= FACE_UP[kind](view), where
        else:
            assert {(cell, side) for cell, side in shown["pawns"]} == pawns(view), where
            assert len(shown["pawns"]) == len(pawns(view)), where
        last = index == len(steps) - 1
        assert shown["scores"] == ((step.closed or last) and scored), where
        assert shown["width"] <= PHONE["width"], where
    page.keyboard.press("ArrowRight")  # past the last step: it stays
    assert watched.read()["counter"] == f"Step {len(steps)} of {len(steps)}"
    sizes = page.evaluate(
        """() => [".replay-counter", ".replay-said > *", ".replay-move"].map(
          (selector) => parseFloat(getComputedStyle(document.querySelector(selector)).fontSize))"""
    )
    assert min(sizes) >= SMALLEST_TEXT
    assert watched.errors == []
    assert {url for url in watched.requests if not url.startswith("data:")} == {path.as_uri()}
    watched.close()


@pytest.mark.parametrize("kind", GAMES)
def test_keys_buttons_moves_and_the_address_go_where_they_say(
    chromium: Browser, tmp_path: Path, kind: str
) -> None:
    document, steps = game(kind)
    found = parts(steps)
    path = written(tmp_path, kind, document)
    watched = Watched(chromium, path.as_uri() + "#step-5", PHONE)
    page = watched.page

    def at() -> int:
        current: list[int] = watched.read()["current"]
        assert len(current) == 1
        assert watched.read()["counter"] == f"Step {current[0] + 1} of {len(steps)}"
        return current[0]

    assert at() == 4
    page.keyboard.press("End")
    assert at() == len(steps) - 1
    page.keyboard.press("Home")
    assert at() == 0
    page.keyboard.press("ArrowLeft")  # before the first step: it stays
    assert at() == 0
    page.keyboard.press("PageDown")
    assert at() == (found[1][0] if len(found) > 1 else 0)
    page.keyboard.press("PageUp")
    assert at() == 0
    page.get_by_role("button", name="Last", exact=True).click()
    assert at() == len(steps) - 1
    page.get_by_role("button", name="Back", exact=True).click()
    assert at() == len(steps) - 2
    page.get_by_role("button", name="First", exact=True).click()
    assert at() == 0
    page.get_by_role("button", name="Next", exact=True).click()
    assert at() == 1
    middle = len(steps) // 2
    page.locator(f'.replay-move[data-step="{middle}"]').click()
    assert at() == middle and watched.read()["hash"] == f"#step-{middle + 1}"
    if len(found) > 1:  # a button per hand or round opens its first step
        page.locator(".replay-part-button").nth(len(found) - 1).click()
        assert at() == found[-1][0]
    page.evaluate("location.hash = '#step-3'")
    page.wait_for_function(
        "document.querySelector('.replay-counter').textContent.startsWith('Step 3 ')"
    )
    assert at() == 2
    assert watched.errors == []
    watched.close()


def test_a_screenshot_of_a_grass_game_at_a_phones_and_a_desktops_width(
    chromium: Browser, tmp_path: Path
) -> None:
    """For people to look at (`make gallery` keeps them when GALLERY_DIR is set)."""
    document, steps = game("grass")
    path = written(tmp_path, "grass", document)
    places = [tmp_path, *([Path(os.environ["GALLERY_DIR"])] if "GALLERY_DIR" in os.environ else [])]
    for name, viewport in [("phone", PHONE), ("desktop", DESKTOP)]:
        watched = Watched(chromium, f"{path.as_uri()}#step-{len(steps) // 2}", viewport)
        picture = watched.page.screenshot(full_page=name == "phone")
        for place in places:
            place.mkdir(parents=True, exist_ok=True)
            (place / f"replay-grass-{name}.png").write_bytes(picture)
        assert watched.errors == []
        watched.close()
