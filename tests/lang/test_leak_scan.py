"""The scans the language tests rely on: one finds another language's phrase and lets a
text of the reader's own language through; the other finds English left in a translated
text, and lets names through (else those tests would pass on nothing)."""

from __future__ import annotations

from games.text import _
from lang import translate
from tests.bot.languages import deny_list, english_leftovers, leaks

HOST_ONLY = _("Only the host can start the game.")


def test_a_phrase_of_another_language_is_found():
    assert leaks([str(HOST_ONLY)], "de")
    assert leaks([translate(HOST_ONLY, "fr")], "it")
    assert leaks([f"ann: {translate(HOST_ONLY, 'it')}"], "en")


def test_the_readers_own_language_passes():
    for language in ("en", "fr", "it", "de"):
        assert not leaks([translate(HOST_ONLY, language), "ann", "Market Open"], language)


TURN = _("{player}'s turn.", player="ann")


def test_an_english_message_left_untranslated_is_found_with_its_fields():
    assert ("{player}'s turn.", "ann's turn.") in english_leftovers([str(TURN)], "fr")
    # Found inside a longer text, on a line of its own or beside others.
    posted = f"**Grass** · {translate(TURN, 'de')}\n{TURN}"
    assert ("{player}'s turn.", posted) in english_leftovers([posted], "de")


def test_a_label_alone_is_found_but_not_as_a_word_of_a_translation():
    assert english_leftovers(["Share"], "it") == [("Share", "Share")]
    assert english_leftovers(["Condividi"], "it") == []


def test_a_word_of_the_deny_list_is_found():
    assert {"the", "you", "with", "turn"} <= deny_list()
    assert ("the", "ann takes the pot") in english_leftovers(["ann takes the pot"], "fr")


def test_names_and_what_is_the_same_in_every_language_pass():
    # Card names as printed, a mention, a Discord timestamp, a command, a French line
    # whose words and fields match an English message but for its spaces.
    texts = [
        "Market Open",
        "Steal Your Neighbor's Pot",
        "<@123> <t:1700000000:R>",
        "`/grass hand`",
        "trio 1\xa0: ★ jaune + ● violet (pris par ann)",
    ]
    assert english_leftovers(texts, "fr") == []
    assert english_leftovers([str(TURN)], "en") == []


def test_a_translated_whole_game_line_passes():
    for language in ("fr", "it", "de"):
        assert english_leftovers([translate(TURN, language)], language) == []
