"""Extracts every message into the template and brings the catalogs up to date:
`python -m bot.catalogs` (`make messages`).

Two sources: the code (the markers `_`, `_n` and `_p` of games/text.py, with the
comments above them that start with `TRANSLATORS:`), and the slash commands as the
bot registers them (their names, descriptions and choices, read from the command tree
itself, so no command can be forgotten). Command, group and option names carry the
context "command name": Discord wants them lowercase, without spaces.

The catalogs keep their translations; a message new to the template is added
untranslated, one gone is dropped. Nothing here guesses a translation: the catalog
tests fail until every message is translated.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from lang import DOMAIN, LANGUAGES, LOCALES

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = LOCALES.parent / f"{DOMAIN}.pot"
SOURCES = ("games", "lang", "render", "bot")
KEYWORDS: dict[str, Any] = {"_": None, "_n": (1, 2), "_p": ((1, "c"), 2)}
COMMAND_NAME = "command name"
"""The context of command, group and option names."""


def catalog_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def code_messages(catalog: Catalog) -> None:
    for source in SOURCES:
        found = extract_from_dir(
            ROOT / source,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        )
        for filename, line, message, comments, context in found:
            catalog.add(
                message,
                locations=[(f"{source}/{filename}", line)],
                auto_comments=comments,
                context=context,
            )


def _command_strings(commands: list[Any]) -> Iterator[tuple[str, str | None]]:
    from discord import app_commands

    for command in commands:
        yield command.name, COMMAND_NAME
        yield command.description, None
        if isinstance(command, app_commands.Group):
            yield from _command_strings(command.commands)
            continue
        for parameter in command.parameters:
            yield parameter.display_name, COMMAND_NAME
            yield parameter.description, None
            for choice in parameter.choices:
                yield choice.name, None


async def _registered_commands() -> list[Any]:
    from bot.client import GameBot
    from bot.core.settings import Settings

    with tempfile.TemporaryDirectory() as folder:
        # As a context manager: the client's own set-up done without logging in.
        settings = Settings(token=None, database_path=Path(folder) / "bot.sqlite3")
        async with GameBot(settings) as bot:
            await bot.load_everything()
            return list(bot.tree.get_commands())


def command_messages(catalog: Catalog) -> None:
    commands = asyncio.run(_registered_commands())
    for message, context in _command_strings(commands):
        if message and message != "…":
            catalog.add(message, context=context, auto_comments=_command_comment(context))


def _command_comment(context: str | None) -> list[str]:
    if context == COMMAND_NAME:
        return ["A slash command's or option's name: lowercase, no spaces, at most 32."]
    return ["Shown in the slash command menu: at most 100 characters."]


def template() -> Catalog:
    catalog = Catalog(project="tabletop-bot", domain=DOMAIN, fuzzy=False)
    code_messages(catalog)
    command_messages(catalog)
    for message in catalog:
        # Our messages format with {fields}; a "%" in one ("50% of") is a percent sign,
        # not a printf placeholder for the compiler to check.
        message.flags.discard("python-format")
    return catalog


def write(catalog: Catalog, path: Path, **options: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, sort_output=True, **options)


def _translated(message: Any) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings) and not message.fuzzy


def update(made: Catalog) -> dict[str, int]:
    """Every catalog brought to the template; how many messages each still lacks."""
    missing: dict[str, int] = {}
    for language in LANGUAGES[1:]:
        path = catalog_path(language)
        if path.exists():
            with path.open("rb") as file:
                catalog = read_po(file, locale=language)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, fuzzy=False)
        catalog.update(made, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        for message in catalog:
            message.flags.discard("python-format")
        write(catalog, path, ignore_obsolete=True, include_previous=False)
        missing[language] = sum(1 for message in catalog if message.id and not _translated(message))
    return missing


def main() -> int:
    made = template()
    write(made, TEMPLATE, no_location=False)
    missing = update(made)
    total = sum(1 for message in made if message.id)
    print(f"{total} messages in {TEMPLATE.relative_to(ROOT)}")
    for language, count in missing.items():
        done = total - count
        print(f"{language}: {done} of {total} translated ({100 * done / total:.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
