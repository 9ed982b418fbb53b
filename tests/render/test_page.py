"""The replay page (render/page.py) as written: its data against the game's steps, its
size, its language, and nothing in it that reaches the network. The page in a browser:
test_page_browser.py."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest

from games.randomplay import random_replay
from games.text import _p
from games.watch import parts, watch
from lang import speaking, spoken
from render.page import replay_page
from render.web import plain
from tests.render.page_views import GAMES, embedded

NETWORK = re.compile(
    r"""(https?:|\b(src|href|action)\s*=\s*["']?//|url\(\s*["']?(https?:|//)|@import|\bfetch\s*\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon)""",
    re.I,
)
"""What would fetch something: an address on the web, a script's or style sheet's
request, a resource relative to the page's host."""
NAMESPACES = ("http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink")
"""Names of XML vocabularies, written as addresses: SVG elements are made in theirs,
and nothing is ever fetched from them."""
MAX_SIZE = 2 * 1024 * 1024


def whole_views(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The views as the page's script rebuilds them from the fields each step changed."""
    views: list[dict[str, Any]] = []
    view: dict[str, Any] = {}
    for step in steps:
        view = {**view, **step["changed"]}
        views.append(view)
    return views


@pytest.mark.parametrize("kind", GAMES)
def test_the_page_holds_every_step_of_the_game_and_nothing_from_the_network(kind):
    players, seed = GAMES[kind]
    document = random_replay(kind, players, seed)
    page = replay_page(document, "en")
    data = embedded(page)
    steps = watch(document)
    assert data["kind"] == kind and data["language"] == "en"
    assert len(data["steps"]) == len(steps)
    assert [step["lines"] for step in data["steps"]] == [list(step.lines) for step in steps]
    assert [step["closed"] for step in data["steps"]] == [step.closed for step in steps]
    assert [step["actor"] for step in data["steps"]] == [step.actor for step in steps]
    assert data["parts"] == [[found[0], found[-1]] for found in parts(steps)]
    # Each view rebuilt whole: the public view, less only the fields the drawer leaves out.
    left_out: frozenset[str] = importlib.import_module(f"render.{kind}.web").LEFT_OUT
    with speaking("en"):
        views = [plain(step.view) for step in steps]
    for rebuilt, view in zip(whole_views(data["steps"]), views, strict=True):
        assert isinstance(view, dict)
        assert rebuilt == {name: value for name, value in view.items() if name not in left_out}
    assert NETWORK.findall(re.sub("|".join(map(re.escape, NAMESPACES)), "", page)) == []
    assert page.startswith("<!DOCTYPE html>\n") and '<html lang="en">' in page
    assert "default-src 'none'" in page and 'name="viewport"' in page


def test_a_four_hand_grass_game_makes_a_page_of_at_most_2_mb():
    players, seed = GAMES["grass"]
    document = random_replay("grass", players, seed)
    steps = watch(document)
    size = len(replay_page(document, "en").encode())
    print(f"\nGrass, 4 players, {len(parts(steps))} hands, {len(steps)} steps: {size:,} bytes")
    assert len(parts(steps)) == 4
    assert size <= MAX_SIZE


def test_the_page_speaks_the_readers_language():
    players, seed = GAMES["gracias"]
    document = random_replay("gracias", players, seed)
    data = embedded(replay_page(document, "fr"))
    with speaking("fr"):
        back = spoken(_p("button", "Back"))
    assert back == "Retour" and data["labels"]["back"] == back
    assert data["labels"]["part"] == "Manche {number}"
    assert data["language"] == "fr" and data["players"] == "ann, bob, cy et dee"
    english = embedded(replay_page(document, "en"))["steps"]
    said = [line for step in data["steps"] for line in step["lines"]]
    assert said and said != [line for step in english for line in step["lines"]]


def test_no_text_in_the_data_can_end_its_script_element():
    document = random_replay("graps", ["</script><!--", "bob"], GAMES["graps"][1])
    page = replay_page(document, "en")
    assert page.count("</script>") == page.count("<script")
    assert embedded(page)["players"] == "</script><!-- and bob"
