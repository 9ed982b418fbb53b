"""Grass's table in a web page: the words its drawer gets (render/grass/web.py) and the
card facts its script holds (render/web/grass.js), checked without a browser."""

from __future__ import annotations

import dataclasses
import re

import pytest

from games.grass.cards import Card, Kind
from games.grass.views import GrassPublicView
from games.text import _n
from lang import LANGUAGES, speaking, spoken
from render.grass import web
from render.toolkit import money
from render.web import script

SCRIPT = script("grass.js")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_is_given_in_every_language(language):
    with speaking(language):
        words = web.words()
    with speaking("en"):
        english = web.words()
    assert words.keys() == english.keys()
    assert all(isinstance(value, str) and value for value in words.values())


def test_left_out_names_fields_of_the_view():
    fields = {field.name for field in dataclasses.fields(GrassPublicView)}
    assert web.LEFT_OUT.issubset(fields)
    assert "last_turns" in web.LEFT_OUT
    # What the drawer reads is kept.
    assert not web.LEFT_OUT & {"seats", "discard_pile", "draw_pile", "scores", "winners", "offer"}


def _grouped(amount: int, group: str) -> str:
    return f"{abs(amount):,}".replace(",", group)


@pytest.mark.parametrize("language", LANGUAGES)
def test_amounts_are_written_as_the_pictures_write_them(language):
    """The script's `money`: a minus sign, then the pattern around the grouped digits."""
    with speaking(language):
        words = web.words()
        for amount in (0, 5, 5_000, -5_000, 25_000, -125_000, 1_234_567):
            sign = "-" if amount < 0 else ""
            shown = sign + words["money"].replace("{amount}", _grouped(amount, words["group"]))
            assert shown == money(amount)


@pytest.mark.parametrize("language", LANGUAGES)
def test_counted_words_take_the_form_of_their_number(language):
    """The script picks the form for 0, 1 or more: the plural rules of our languages
    tell no other numbers apart."""
    with speaking(language):
        words = web.words()
        for count in range(12):
            form = "0" if count == 0 else "1" if count == 1 else "n"
            hand = _n("{count} in hand", "{count} in hand", count, count=count)
            assert words[f"in_hand.{form}"].replace("{count}", str(count)) == spoken(hand)
            skips = _n("skips {count}", "skips {count}", count, count=count)
            assert words[f"skips.{form}"].replace("{count}", str(count)) == spoken(skips)


def test_every_word_the_script_reads_is_given():
    with speaking("en"):
        words = web.words()
    for key in re.findall(r"words\.(\w+)", SCRIPT):
        assert key in words, key
    for prefix in re.findall(r"words\[`(\w+)\.\$\{", SCRIPT):
        assert any(key.startswith(prefix + ".") for key in words), prefix
    for card in Card:
        assert {f"card.{card.value}", f"face.{card.value}"} <= words.keys()


def test_the_script_knows_every_card_and_value():
    """grass.js holds G1's kinds and values (its colours, its piles): the same as the
    rules'."""
    kinds = re.search(r"for \(const \[kind, ids\] of Object\.entries\(\{(.*?)\}\)\)", SCRIPT, re.S)
    assert kinds is not None
    found = {
        card: kind
        for kind, ids in re.findall(r"(\w+): \[([^\]]*)\]", kinds.group(1))
        for card in re.findall(r'"(\w+)"', ids)
    }
    assert found == {card.value: card.kind.value for card in Card}
    values = re.search(r"const VALUES = \{(.*?)\};", SCRIPT, re.S)
    assert values is not None
    stated = {card: int(value) for card, value in re.findall(r"(\w+): (\d+)", values.group(1))}
    valued = {Kind.PEDDLE, Kind.PROTECT}
    assert stated == {card.value: card.value_usd for card in Card if card.kind in valued}
