"""Graps's board drawn in a web page (render/web/graps.js): the words its module gives
the drawer, in every language, and the view's fields the page may leave out. The
drawing itself is checked in a browser by the replay page's tests."""

from __future__ import annotations

import dataclasses
import re

import pytest

from games.graps.views import GrapsPublicView
from lang import LANGUAGES, speaking
from render.graps import samples
from render.graps.web import LEFT_OUT, words
from render.web import plain, script

DRAWER = script("graps.js")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_is_there_in_every_language(language):
    with speaking(language):
        found = words()
    assert found
    assert all(isinstance(said, str) and said.strip() for said in found.values()), found


def test_the_words_are_translated_and_keep_the_fields_the_drawer_fills():
    with speaking("en"):
        english = words()
    with speaking("it"):
        italian = words()
    assert italian["land_dark"] == "scuro, riga 1"
    assert italian["rolled_grape"] != english["rolled_grape"]
    for key, said in italian.items():
        # A template keeps its fields as the English one has them, for graps.js to fill.
        assert set(re.findall(r"\{\w+\}", said)) == set(re.findall(r"\{\w+\}", english[key]))
    assert english["supply_n"] == "{count} in supply"
    assert english["game_over_how"] == "Game over. {how}."


def test_a_count_takes_its_languages_form():
    # French counts 0 as 1, Italian as many.
    with speaking("fr"):
        french = words()
    with speaking("it"):
        italian = words()
    assert french["lost_0"] == french["lost_1"] != french["lost_n"]
    assert italian["lost_0"] == italian["lost_n"] != italian["lost_1"]


def test_the_drawer_asks_only_for_words_it_is_given():
    with speaking("en"):
        given = set(words())
    asked = set(re.findall(r"words\.(\w+)", DRAWER))
    # The keys made from the view's values: a side, a die face, a count's form.
    for prefix, values in {
        "side_": ("dark", "light"),
        "land_": ("dark", "light"),
        "face_": ("grape", "blank"),
        "rolled_": ("grape", "blank"),
        "supply_": ("0", "1", "n"),
        "lost_": ("0", "1", "n"),
    }.items():
        assert prefix.rstrip("_") in DRAWER
        asked |= {prefix + value for value in values}
    assert asked <= given, asked - given


def test_left_out_names_fields_of_the_public_view_the_drawer_does_not_read():
    fields = {field.name for field in dataclasses.fields(GrapsPublicView)}
    assert fields >= LEFT_OUT
    for name in LEFT_OUT - {"legal"}:  # legal: read only for a mover's own board
        assert f"view.{name}" not in DRAWER, name
    for name in fields - LEFT_OUT:
        assert f"view.{name}" in DRAWER, f"{name} is sent but not drawn: leave it out"


def test_the_view_left_as_the_page_sends_it_is_small_plain_json():
    with speaking("it"):
        view = plain(samples.play())
    assert isinstance(view, dict)
    sent = {key: value for key, value in view.items() if key not in LEFT_OUT}
    board = sent["board"]
    assert isinstance(board, list) and len(board) == 15
    assert board[0] == list(".X.X.X..X.XX.X.")  # row 1, A to O: the Pieces' characters
    assert sent["last_cut_off"] == ["G7"]
