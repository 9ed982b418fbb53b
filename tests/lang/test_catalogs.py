"""The catalogs are whole and sound: the template holds every message of the code and
the slash commands, every language translates every one of them with the same fields,
command names keep to Discord's rules, and the compiled catalogs are the .po files'."""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot.catalogs import COMMAND_NAME, TEMPLATE, catalog_path, template
from games.text import field_names
from lang import LANGUAGES, catalog

FOREIGN = LANGUAGES[1:]
COMMAND_NAME_RULE = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for command and option names (lowercase checked apart)."""


@cache
def made() -> Catalog:
    return template()


@cache
def stored(language: str) -> Catalog:
    with catalog_path(language).open("rb") as file:
        return read_po(file, locale=language)


def keys(found: Catalog) -> set[tuple[object, str | None]]:
    return {(message.id, message.context) for message in found if message.id}


def test_the_template_holds_every_message_of_the_code_and_commands():
    with TEMPLATE.open("rb") as file:
        committed = read_po(file)
    assert keys(committed) == keys(made()), "run `make messages` and translate what is new"


def test_the_template_sees_the_code_and_the_commands():
    # The checks below would pass on an empty template.
    ids = {message.id for message in made()}
    assert "Not allowed: {reason}." in ids  # bot/core/errors.py
    assert "Check that the bot is awake" in ids  # /ping's description


@pytest.mark.parametrize("language", FOREIGN)
def test_every_message_is_translated_in_every_language(language):
    found = stored(language)
    assert keys(found) == keys(made()), "run `make messages`"
    missing = [
        message.id
        for message in found
        if message.id
        and (
            message.fuzzy
            or not all(message.string if isinstance(message.string, tuple) else [message.string])
        )
    ]
    assert missing == []


@pytest.mark.parametrize("language", FOREIGN)
def test_translations_use_the_fields_of_their_message(language):
    wrong = []
    for message in stored(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = set().union(*(field_names(str(text)) for text in ids))
        for text in strings:
            try:
                fields = field_names(str(text))
            except ValueError:  # an unbalanced brace
                wrong.append((message.id, text))
                continue
            # A form for one thing may say "one" instead of {count}; nothing else may
            # go missing, and nothing may be added.
            if fields - expected or (expected - fields) - {"count"}:
                wrong.append((message.id, text))
    assert wrong == []


@pytest.mark.parametrize("language", FOREIGN)
def test_command_names_and_descriptions_keep_to_discords_limits(language):
    wrong = []
    for message in stored(language):
        if not message.id or not message.string or not isinstance(message.string, str):
            continue
        if message.context == COMMAND_NAME:
            name = message.string
            if not COMMAND_NAME_RULE.match(name) or name != name.lower():
                wrong.append(name)
        elif "Shown in the slash command menu: at most 100 characters." in message.auto_comments:
            shown = message.string
            if not 1 <= len(shown) <= 100:
                wrong.append(shown)
    assert wrong == []


MENU = "Shown in the slash command menu: at most 100 characters."
CODE = re.compile(r"`([^`]+)`")


@pytest.mark.parametrize("language", FOREIGN)
def test_commands_named_in_translations_are_as_the_readers_menu_shows_them(language):
    """ "`/graps lancer adversaire:`", "`ordinateur: facile`": a command, option or choice
    a translation names in code marks is the one the slash command menu of a client in
    that language shows (cards and typed values after an option stay as they are)."""
    found = stored(language)
    names = {m.string or m.id for m in found if m.context == COMMAND_NAME and m.id}
    choices = {m.id: m.string for m in found if MENU in m.auto_comments and isinstance(m.id, str)}
    wrong = []
    for message in found:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or message.context == COMMAND_NAME:
            continue
        for code in (c for text in strings for c in CODE.findall(str(text or ""))):
            words = code.removeprefix("/").split()
            if code.startswith("/"):
                command = [w for w in words if ":" not in w][:2]
                options = [w.split(":")[0] for w in words if ":" in w]
                wrong += [(code, w) for w in command + options if w not in names]
            elif re.fullmatch(r"[^\s:{}]+: ?\S+", code):
                option, value = (part.strip() for part in code.split(":"))
                if option not in names or choices.get(value, value) != value:
                    wrong.append((code, option))
    assert wrong == []


@pytest.mark.parametrize("language", FOREIGN)
def test_the_compiled_catalog_is_the_po_file(language):
    compiled = catalog(language)
    stale = []
    for message in stored(language):
        if not message.id or isinstance(message.id, tuple) or not message.string:
            continue
        if message.context is None:
            got = compiled.gettext(str(message.id))
        else:
            got = compiled.pgettext(message.context, str(message.id))
        if got != message.string:
            stale.append(message.id)
    assert stale == [], "run `make catalogs`"


FRENCH_SPACE = re.compile(r"(?<=\S)(?: ([:;!?])|([;!?]))(?=\s|$|\*|»)")
"""A French colon, semicolon, exclamation or question mark after a plain space (it
could end a line, alone at the start of the next) or after none."""


def test_french_punctuation_keeps_its_no_break_space():
    wrong = []
    for message in stored("fr"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            outside_code = re.sub(r"`[^`]*`|\]\([^)]*\)", "", str(text))
            if message.id and FRENCH_SPACE.search(outside_code):
                wrong.append(text)
    assert wrong == []
