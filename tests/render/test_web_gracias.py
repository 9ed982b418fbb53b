"""The Gracias table drawn in a web page (render/web/gracias.js): the words it is given
(render/gracias/web.py) and the view's fields it leaves out. Its drawing is checked in a
browser with the replay page's."""

from __future__ import annotations

import dataclasses
import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from games.gracias.views import GraciasPublicView
from lang import LANGUAGES, speaking
from render.gracias import web
from render.web import script

ROOT = Path(__file__).resolve().parents[2]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_is_said_in_every_language(language: str) -> None:
    with speaking("en"):
        english = web.words()
    with speaking(language):
        said = web.words()
    assert said.keys() == english.keys()
    for key, words in said.items():
        assert words.strip(), key
        # The drawer fills the same fields in every language.
        assert fields(words) == fields(english[key]), key


@cache
def catalog(language: str) -> Catalog:
    if language == "en":
        path = ROOT / "lang" / "messages.pot"
    else:
        path = ROOT / "lang" / "locales" / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        return read_po(file)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_words_are_the_pictures_messages_and_translated(language: str) -> None:
    """Each word is a message the catalogs have (the picture's or the table message's
    own), translated: none is new to translators."""
    for key, text in web._texts().items():
        message = catalog(language).get(text.msgid, text.context)
        assert message is not None, (key, text.msgid)
        if language != "en":
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(strings) and not message.fuzzy, (key, text.msgid)


def test_the_drawer_reads_only_words_it_is_given() -> None:
    drawer = script("gracias.js")
    read = set(re.findall(r"\bwords\.(\w+)", drawer))
    read |= {
        f"{key}.{form}"
        for key in re.findall(r'graciasCounted\(words, "(\w+)"', drawer)
        for form in ("0", "1", "n")
    }
    # The keys it chooses between, and the colours it names.
    read |= {f"{key}.{form}" for key in ("pack_out", "out") for form in ("0", "1", "n")}
    colours = re.search(r"GRACIAS_COLOURS = \[(.*?)\]", drawer)
    assert colours is not None
    read |= set(re.findall(r'"(\w+)"', colours.group(1)))
    with speaking("en"):
        given = web.words()
    assert read <= given.keys(), read - given.keys()


def test_left_out_names_fields_of_the_view() -> None:
    names = {field.name for field in dataclasses.fields(GraciasPublicView)}
    assert web.LEFT_OUT
    assert names >= web.LEFT_OUT
    # What the drawer draws from stays in.
    assert not web.LEFT_OUT & {"trios", "seats", "to_move", "last_round", "winners"}
