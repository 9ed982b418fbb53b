"""The bot's four languages: which one a reader gets, and a `Text` in that language.

English is the source: message ids are the English sentences (games/text.py), so an
English reader needs no catalog and a missing translation falls back to English,
never to a key. French, Italian and German come from gettext catalogs under
`lang/locales/` (the `.po` files are kept in version control, the `.mo` files are
compiled from them by `make`); numbers, amounts and lists follow Babel's rules for
the language ("$25,000" is "25 000 $" in French).

How to add or change a message: lang/README.md.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import logging
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_timedelta
from babel.lists import format_list
from babel.numbers import format_decimal

from games.text import Duration, Listed, Money, Text, _, _p
from games.words import DURATION_THRESHOLD, duration, listed, money

log = logging.getLogger(__name__)

LOCALES = Path(__file__).resolve().parent / "locales"
DOMAIN = "messages"
ENGLISH = "en"
LANGUAGES: tuple[str, ...] = ("en", "fr", "it", "de")
"""The languages the bot speaks, English first (the fallback)."""
NAMES: dict[str, str] = {"en": "English", "fr": "Français", "it": "Italiano", "de": "Deutsch"}
"""Each language in its own words, as the language choices show them."""


def language_of(locale: str | None) -> str:
    """Our language for a Discord locale ("fr", "de", "en-GB", "pt-BR"...): its own
    when we speak it, else English."""
    if not locale:
        return ENGLISH
    language = str(locale).split("-")[0].lower()
    return language if language in LANGUAGES else ENGLISH


class MissingCatalog(RuntimeError):
    """A language's compiled catalog is not installed (`make` compiles them)."""


@functools.cache
def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language` (English: none, the ids are the English)."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    path = LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as file:
            return gettext.GNUTranslations(file)
    except FileNotFoundError:
        raise MissingCatalog(
            f"the {NAMES.get(language, language)} catalog is not compiled: run `make catalogs`"
        ) from None


def template_of(text: Text, language: str) -> str:
    """The message's template in `language`, English where the catalog has none."""
    if not text.translatable or language == ENGLISH:
        if text.plural is not None and text.number != 1:
            return text.plural
        return text.msgid
    found = catalog(language)
    if text.plural is not None:
        count = text.number if text.number is not None else 0
        if text.context is not None:
            return found.npgettext(text.context, text.msgid, text.plural, count)
        return found.ngettext(text.msgid, text.plural, count)
    if text.context is not None:
        return found.pgettext(text.context, text.msgid)
    return found.gettext(text.msgid)


Escape = Callable[[str], str]
"""How a medium writes a plain string field (a name, what a player typed) so that it
reads as itself: Discord's markdown escapes it (bot/core/language.py)."""


def translate(text: str, language: str, escape: Escape | None = None) -> str:
    """`text` in `language`: a `Text` translated with its fields, any other string as
    it is (names, what players typed). `escape`: applied to every field that is a plain
    string, at any depth, never to the message's own words. A translation whose fields
    do not match its message (a broken catalog; the catalog tests refuse one) falls back
    to English."""
    if not isinstance(text, Text):
        return str(text)
    if language == ENGLISH and escape is None:
        return str.__str__(text)
    fields = {name: _field(value, language, escape) for name, value in text.fields.items()}
    template = template_of(text, language)
    # "{count:,}" asks for a grouped number: grouped as the language groups them
    # ("4 000", "4.000"). Numbers without it are identifiers (game 1234) and stay whole.
    for name in _GROUPED.findall(template):
        if isinstance(fields.get(name), int) and not isinstance(fields[name], bool):
            fields[name] = number_in(fields[name], language)
    template = _GROUPED.sub(r"{\1}", template)
    if language == "it" and ("a {" in template or "A {" in template):
        template = _euphonic_d(template, fields)
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):
        log.error("the %s translation of %r does not fit its fields", language, text.msgid)
        if escape is not None:
            return translate(text, ENGLISH, escape)
        return str.__str__(text)


def _field(value: Any, language: str, escape: Escape | None) -> Any:
    if isinstance(value, Text):
        return translate(value, language, escape)
    if isinstance(value, Money):
        return money_in(int(value), language)
    if isinstance(value, Duration):
        return duration_in(int(value), language)
    if isinstance(value, Listed):
        items = [str(_field(item, language, escape)) for item in value]
        return list_in(items, language, value.last)
    if isinstance(value, str) and escape is not None:
        return escape(value)
    return value


_GROUPED = re.compile(r"\{(\w+):,\}")
_A_BEFORE_FIELD = re.compile(r"\b([Aa]) \{(\w+)\}")
_STARTS_WITH_A = re.compile(r"[\W_]*[aAàÀáÁâÂ]")


def _euphonic_d(template: str, fields: Mapping[str, Any]) -> str:
    """Italian's "a" before a name that begins with an a is "ad" ("ad Amélie", "a bob"):
    the translator writes "a {player}", and only the name knows which it is."""

    def preposition(match: re.Match[str]) -> str:
        value = str(fields.get(match.group(2), ""))
        if _STARTS_WITH_A.match(value):
            return f"{match.group(1)}d {{{match.group(2)}}}"
        return match.group(0)

    return _A_BEFORE_FIELD.sub(preposition, template)


@functools.cache
def _money_pattern(language: str) -> str:
    """The language's currency pattern with whole dollars and the cards' "$"."""
    pattern = Locale.parse(language).currency_formats["standard"].pattern
    return re.sub(r"\.0+", "", pattern).replace("¤", "'$'")


# Babel reads its number pattern again on every call (about 35 us); a picture writes
# dozens of amounts, mostly the same ones from one move to the next.
@functools.lru_cache(maxsize=4096)
def money_in(amount: int, language: str) -> str:
    """Dollars as the language writes amounts: "$25,000", "25 000 $", "25.000 $"."""
    if language == ENGLISH:
        return money(amount)
    return format_decimal(amount, format=_money_pattern(language), locale=language)


def duration_in(seconds: int, language: str) -> str:
    """A length of time as the language says it, in one rounded unit ("2 jours")."""
    if language == ENGLISH:
        return duration(seconds)
    return format_timedelta(seconds, threshold=DURATION_THRESHOLD, locale=language)


def list_in(items: Sequence[str], language: str, last: str = "and") -> str:
    """ "ann, bob and cy" in the language ("ann, bob et cy"); `last` "or" for a choice."""
    if language == ENGLISH or len(items) < 2:
        return listed(list(items), last)
    return format_list(list(items), style="or" if last == "or" else "standard", locale=language)


@functools.lru_cache(maxsize=4096)
def number_in(value: int, language: str) -> str:
    """A whole number with the language's grouping ("1,000", "1 000", "1.000")."""
    return format_decimal(value, locale=language)


_SPEAKING: ContextVar[str] = ContextVar("speaking", default=ENGLISH)


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Within the block, `spoken` translates into `language`: the renderers draw their
    words through it, so a picture is drawn in the language of whoever reads it."""
    token = _SPEAKING.set(language)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def speak(language: str) -> None:
    """`spoken` translates into `language` for the rest of the current asyncio task (a
    task has its own copy of the context): the bot sets it for an autocomplete, whose
    choices are made by many small functions."""
    _SPEAKING.set(language)


def spoken(text: str) -> str:
    """`text` in the language of the enclosing `speaking` block (English outside one),
    a computer seat's name in it too, alone or in a sentence."""
    language = _SPEAKING.get()
    if language == ENGLISH:
        return translate(text, language)
    if not isinstance(text, Text):
        return translate(shown_seat(text), language)
    return translate(text, language, lambda name: translate(shown_seat(name), language))


def speaking_now() -> str:
    """The language of the enclosing `speaking` block."""
    return _SPEAKING.get()


COMPUTER_SEAT = re.compile(r"Robot ([0-9]{1,3}) \((easy|hard)\)")
"""A computer seat's stored name (bot/core/lobbies.py `ai_name`): part of the game's
state and its replay header, so it stays English there and is translated as shown."""
LEVELS: dict[str, Text] = {"easy": _p("level", "easy"), "hard": _p("level", "hard")}
"""The computer levels in words: in a seat's name, and on the scoreboards."""


def shown_seat(name: str) -> str:
    """A seat's name as a reader sees it: a computer seat's in their words ("Robot 1
    (difficile)"), a person's as it is."""
    found = COMPUTER_SEAT.fullmatch(name)
    if found is None:
        return name
    # TRANSLATORS: a computer player's seat: "Robot 1 (easy)".
    return _("Robot {number} ({level})", number=int(found[1]), level=LEVELS[found[2]])
