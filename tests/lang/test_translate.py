"""lang/: which language a Discord locale gets, amounts and lists in each language,
and a translation that does not fit its fields falling back to English."""

from __future__ import annotations

import gettext

import pytest
from babel.dates import format_timedelta

import lang
from games.text import Duration, Listed, Money, Text, _, _n
from lang import duration_in, language_of, list_in, money_in, speaking, spoken, translate


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("fr", "fr"),
        ("de", "de"),
        ("it", "it"),
        ("en-GB", "en"),
        ("en-US", "en"),
        ("pt-BR", "en"),
        ("es-ES", "en"),
        (None, "en"),
        ("", "en"),
    ],
)
def test_discord_locales_map_to_our_languages(locale, language):
    assert language_of(locale) == language


def test_amounts_as_each_language_writes_them():
    assert money_in(250000, "en") == "$250,000"
    assert money_in(-5000, "en") == "-$5,000"
    assert money_in(250000, "fr") == "250\u202f000\u00a0$"
    assert money_in(250000, "de") == "250.000\u00a0$"
    assert money_in(250000, "it") == "250.000\u00a0$"


def test_lists_as_each_language_writes_them():
    assert list_in(["ann", "bob", "cy"], "en") == "ann, bob and cy"
    assert list_in(["ann", "bob", "cy"], "fr") == "ann, bob et cy"
    assert list_in(["ann", "bob"], "de", "or") == "ann oder bob"
    assert list_in(["ann"], "it") == "ann"


class Fake(gettext.NullTranslations):
    def __init__(self, table):
        super().__init__()
        self.table = table

    def gettext(self, message):
        return self.table.get(message, message)

    def ngettext(self, singular, plural, n):
        forms = self.table.get(singular)
        if forms is None:
            return singular if n == 1 else plural
        return forms[0] if n <= 1 else forms[1]  # French: 0 and 1 are singular


@pytest.fixture
def french(monkeypatch):
    table = {
        "{who} won {amount}": "{who} a gagné {amount}",
        "{count} card": ("{count} carte", "{count} cartes"),
        "Broken {player}": "Cassé {joueur}",
        "red": "rouge",
        "at most {count:,} characters": "au plus {count:,} caractères",
        "{count} games": "{count} parties",
    }
    monkeypatch.setattr(lang, "catalog", lambda language: Fake(table))


def test_fields_are_written_in_the_readers_language(french):
    text = _("{who} won {amount}", who=Listed(["ann", "bob"]), amount=Money(25000))
    assert translate(text, "fr") == "ann et bob a gagné 25\u202f000\u00a0$"
    assert translate(text, "en") == "ann and bob won $25,000"
    assert translate("typed by a player {x}", "fr") == "typed by a player {x}"


def test_plural_forms_follow_the_language(french):
    assert translate(_n("{count} card", "{count} cards", 0), "fr") == "0 carte"
    assert translate(_n("{count} card", "{count} cards", 0), "en") == "0 cards"


def test_a_translation_that_does_not_fit_falls_back_to_english(french):
    assert translate(_("Broken {player}", player="ann"), "fr") == "Broken ann"


def test_an_untranslated_message_is_english(french):
    assert translate(_("Nobody knows {this}", this=_("red")), "fr") == "Nobody knows rouge"


def test_speaking_sets_the_language_of_spoken(french):
    assert spoken(_("red")) == "red"
    with speaking("fr"):
        assert spoken(_("red")) == "rouge"
    assert spoken(_("red")) == "red"


def test_numbers_asked_grouped_are_grouped_as_the_language_groups_them(french):
    grouped = _("at most {count:,} characters", count=4000)
    assert translate(grouped, "fr") == "au plus 4\u202f000 caractères"
    assert translate(grouped, "en") == "at most 4,000 characters"
    assert translate(_("{count} games", count=12345), "fr") == "12345 parties"  # an id


SECONDS = [1, 59, 119, 120, 150, 3599, 7199, 7200, 9000, 86399, 172799, 172800, 604800, 1209600]


def test_a_duration_is_said_in_one_unit_as_each_language_says_it() -> None:
    said = [str(Duration(seconds)) for seconds in SECONDS]
    assert said == [
        "1 second",
        "59 seconds",
        "119 seconds",
        "2 minutes",
        "2 minutes",  # 2.5 rounds to the even 2, as the other languages round it
        "60 minutes",
        "120 minutes",
        "2 hours",
        "2 hours",
        "24 hours",
        "48 hours",
        "2 days",
        "7 days",
        "2 weeks",
    ]
    # English is written by games/words.py without Babel; the other languages by Babel,
    # whose English it matches, so that every language rounds alike.
    for seconds in SECONDS:
        assert duration_in(seconds, "en") == format_timedelta(seconds, threshold=2, locale="en")
    text = _("{left} left", left=Duration(172800))
    assert translate(text, "fr") == "2\u00a0jours left"  # an untranslated template, a French field
    assert translate(text, "de") == "2 Tage left"
    assert Text.from_json(text.to_json()).fields["left"] == Duration(172800)


def test_italian_says_ad_before_a_name_beginning_with_a():
    offer = "Your offer to {player} waits for an answer."
    said = {
        name: translate(_(offer, player=name), "it")
        for name in ("Amélie", "**Anna**", "bob", "Elena")
    }
    assert "ad Amélie" in said["Amélie"] and "ad **Anna**" in said["**Anna**"]
    assert "a bob" in said["bob"] and "a Elena" in said["Elena"]
    assert "ad " not in translate(_(offer, player="Amélie"), "fr")
