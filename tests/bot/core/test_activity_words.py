"""The Activity page's own words (bot/core/activity_words.py) in the four languages: each
one translated, and each keeping the "{field}"s the page fills in (a translation that
lost one would show the page's player a bare "{player}")."""

from __future__ import annotations

import re
import string

import pytest

from bot.core.activity_words import page_labels
from lang import speaking
from render.web import JSON
from tests.bot.core.harness import KINDS

FIELD = re.compile(r"\{(\w+)\}")


def flat(labels: JSON, key: str = "") -> dict[str, str]:
    if isinstance(labels, dict):
        found: dict[str, str] = {}
        for name, value in labels.items():
            found.update(flat(value, f"{key}.{name}" if key else name))
        return found
    assert isinstance(labels, str), key
    return {key: labels}


def spoken_in(language: str) -> dict[str, str]:
    with speaking(language):
        return flat(page_labels(KINDS["grass"].words.asked_first))


@pytest.mark.parametrize("language", ["fr", "it", "de"])
def test_every_word_of_the_page_is_translated_and_keeps_its_fields(language):
    english, translated = spoken_in("en"), spoken_in(language)
    assert translated.keys() == english.keys()
    for key, words in translated.items():
        assert words.strip(), key
        assert words != english[key], f"{key} is not translated into {language}: {words!r}"
        assert sorted(FIELD.findall(words)) == sorted(FIELD.findall(english[key])), key
        # Only the page's own fields: no other brace a translator left in.
        parsed = [name for _, name, _, _ in string.Formatter().parse(words) if name]
        assert sorted(parsed) == sorted(FIELD.findall(words)), key


def test_the_page_asks_first_about_the_plays_the_hand_message_asks_about():
    with speaking("en"):
        grass = page_labels(KINDS["grass"].words.asked_first)
        graps = page_labels(KINDS["graps"].words.asked_first)
    assert grass["confirmed"] == {
        "market_close": "It ends this hand for everyone, and the hand is scored.",
        "utterly_wiped_out": "You lose 2 turns, your market and every unprotected peddle.",
    }
    assert graps["confirmed"] == {}
