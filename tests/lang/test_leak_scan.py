"""The scan the language tests rely on finds another language's phrase, and lets a
text of the reader's own language through (else those tests would pass on nothing)."""

from __future__ import annotations

from games.text import _
from lang import translate
from tests.bot.languages import leaks

HOST_ONLY = _("Only the host can start the game.")


def test_a_phrase_of_another_language_is_found():
    assert leaks([str(HOST_ONLY)], "de")
    assert leaks([translate(HOST_ONLY, "fr")], "it")
    assert leaks([f"ann: {translate(HOST_ONLY, 'it')}"], "en")


def test_the_readers_own_language_passes():
    for language in ("en", "fr", "it", "de"):
        assert not leaks([translate(HOST_ONLY, language), "ann", "Market Open"], language)
