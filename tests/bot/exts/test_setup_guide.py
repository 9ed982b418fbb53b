"""The setup guide (docs/setup.md) against the commands the bot syncs to Discord: every
command and every option is in one of its tables, and those tables speak to a server
owner, without the rule ids of the rules documents."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

GUIDE = Path(__file__).resolve().parents[3] / "docs" / "setup.md"
SUBCOMMAND, GROUP = 1, 2
RULE_ID = re.compile(r"\b[GCP][0-9]{1,2}\b")


def commands_and_options(listing: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Every command's path ("grass start") and its options' names, as synced."""
    found: dict[str, list[str]] = {}

    def walk(command: dict[str, Any], path: str) -> None:
        options = command.get("options") or []
        if options and options[0]["type"] in (SUBCOMMAND, GROUP):
            for sub in options:
                walk(sub, f"{path} {sub['name']}")
        else:
            found[path] = [option["name"] for option in options]

    for command in listing:
        walk(command, command["name"])
    return found


def command_rows(guide: str) -> dict[str, str]:
    """Each command a table row of the guide starts with, and all its rows' words."""
    rows: dict[str, str] = {}
    for line in guide.splitlines():
        match = re.match(r"\| `/([^`]+)`", line)
        if match:
            # The path's words come before the first option ("[season]", "card:<card>").
            words = itertools.takewhile(lambda w: not re.search(r"[\[:]", w), match[1].split())
            path = " ".join(words)
            rows[path] = rows.get(path, "") + line
    return rows


async def test_the_setup_guide_documents_every_synced_command_and_option(fake_discord, bot_process):
    synced = commands_and_options(fake_discord.commands.listing(fake_discord.guild_id))
    assert {"help", "language", "settings language", "grass start"} <= set(synced)
    guide = GUIDE.read_text(encoding="utf-8")
    rows = command_rows(guide)
    missing = sorted(set(synced) - set(rows))
    assert not missing, f"commands without a row in docs/setup.md: {missing}"
    undocumented = [
        f"/{path} {option}"
        for path, options in synced.items()
        for option in options
        if not re.search(rf"\b{option}\b", rows[path])
    ]
    assert not undocumented, f"options docs/setup.md does not name: {undocumented}"
    with_rule_ids = [row for row in rows.values() if RULE_ID.search(row)]
    assert not with_rule_ids, f"rule ids in the command tables: {with_rule_ids}"
    for button in ("Rematch", "Export", "Share"):
        assert f"**{button}**" in guide
