"""The command tree (bot/core/tree.py), beyond discord.py's: an option outside its
declared range is refused naming it, however deep in subcommands; an autocomplete for
an option that has none gets no suggestions; options of a shape Discord never sends
are refused instead of leaving the interaction unanswered; a command's error is
answered with its original's words. The tree is the real one on a real (never
connected) discord.Client, with real `app_commands.Command`s; the interaction is a
small stand-in of discord.py's, recording what was answered."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, cast

import discord
import pytest
from discord import app_commands

from bot.core.errors import Refusal
from bot.core.tree import GameTree, out_of_range

INT_ANN = "ValueError(\"invalid literal for int() with base 10: 'ann'\")"
APP_COMMAND = discord.InteractionType.application_command
AUTOCOMPLETE = discord.InteractionType.autocomplete


async def roll_callback(
    interaction: discord.Interaction[Any],
    count: app_commands.Range[int, 1, 6],
    note: app_commands.Range[str, None, 10] = "",
    weight: app_commands.Range[float, 0.5] = 1.0,
    cap: app_commands.Range[int, None, 9] = 0,
    loaded: bool = False,
) -> None:
    raise AssertionError("a refused command must not run")


async def name_choices(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    return []


async def give_callback(
    interaction: discord.Interaction[Any], member: discord.User, name: str, weight: float = 1.0
) -> None:
    raise AssertionError("a malformed command must not run")


ROLL: app_commands.Command[Any, ..., None] = app_commands.Command(
    name="roll", description="Roll dice", callback=roll_callback
)
GIVE: app_commands.Command[Any, ..., None] = app_commands.Command(
    name="give", description="Give a card", callback=give_callback
)
GIVE.autocomplete("name")(name_choices)


def option(name: str, value: Any, kind: int = 4, focused: bool = False) -> dict[str, Any]:
    found: dict[str, Any] = {"name": name, "type": kind, "value": value}
    if focused:
        found["focused"] = True
    return found


@dataclass
class Response:
    """discord.InteractionResponse, recording its answers."""

    sent: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    suggested: list[list[app_commands.Choice[Any]]] = field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.sent or self.suggested)

    async def send_message(self, content: str, **options: Any) -> None:
        self.sent.append((content, options))

    async def autocomplete(self, choices: list[app_commands.Choice[Any]]) -> None:
        self.suggested.append(choices)


@dataclass
class Interaction:
    """The parts of a discord.Interaction the tree and discord.py's dispatch read; its
    `command` is what discord.py would resolve from `data`. Its client keeps no
    metrics and no languages: the locale is the member's language."""

    type: discord.InteractionType
    data: dict[str, Any]
    command: Any = None
    response: Response = field(default_factory=Response)
    locale: discord.Locale = discord.Locale.american_english
    client: object = field(default_factory=object)
    id: int = 77
    guild_id: int | None = None
    guild: None = None
    _state: None = None
    command_failed: bool = False

    def real(self) -> discord.Interaction[Any]:
        return cast("discord.Interaction[Any]", self)


@pytest.fixture
async def tree() -> AsyncIterator[GameTree]:
    client = discord.Client(intents=discord.Intents.none())
    made = GameTree(client)
    made.add_command(ROLL)
    made.add_command(GIVE)
    try:
        yield made
    finally:
        await client.close()


def test_an_option_out_of_its_range_is_named_with_its_range():
    def wrong(*options: dict[str, Any]) -> str | None:
        return out_of_range(ROLL, list(options))

    assert wrong(option("count", 0)) == "The count option must be from 1 to 6."
    assert wrong(option("count", 7)) == "The count option must be from 1 to 6."
    assert wrong(option("weight", 0.25, 10)) == "The weight option must be at least 0.5."
    assert wrong(option("cap", 10_000)) == "The cap option must be at most 9."
    assert wrong(option("note", "x" * 11, 3)) == "The note option takes at most 10 characters."
    assert wrong(option("count", 6), option("note", "x" * 10, 3), option("loaded", True, 5)) is None
    assert out_of_range(None, [option("count", 0)]) is None  # no command: nothing to check


def test_an_option_deep_in_subcommands_is_checked_too():
    roll = {"name": "roll", "type": 1, "options": [option("count", 12)]}
    group = {"name": "dice", "type": 2, "options": [roll]}
    assert out_of_range(ROLL, [group]) == "The count option must be from 1 to 6."


async def test_a_command_out_of_range_is_refused_before_it_runs(tree):
    data = {"name": "roll", "type": 1, "options": [option("count", 99)]}
    interaction = Interaction(APP_COMMAND, data, ROLL)
    await tree._call(interaction.real())  # the whole dispatch: refused, never run
    assert interaction.response.sent == [
        ("The count option must be from 1 to 6.", {"ephemeral": True})
    ]
    assert interaction.command_failed
    fine = Interaction(APP_COMMAND, {"name": "roll", "options": [option("count", 3)]}, ROLL)
    assert await tree.interaction_check(fine.real()) is True and fine.response.sent == []


async def test_an_autocomplete_for_an_option_without_one_gets_no_suggestions(tree):
    typed = {"name": "give", "type": 1, "options": [option("weight", "1", 10, focused=True)]}
    forged = Interaction(AUTOCOMPLETE, typed, GIVE)
    assert await tree.interaction_check(forged.real()) is False
    assert forged.response.suggested == [[]] and forged.response.sent == []
    asked = {"name": "give", "type": 1, "options": [option("name", "an", 3, focused=True)]}
    offered = Interaction(AUTOCOMPLETE, asked, GIVE)
    assert await tree.interaction_check(offered.real()) is True
    assert offered.response.suggested == []  # left to the option's own autocomplete


async def test_options_of_a_shape_discord_never_sends_are_refused_not_left_hanging(tree, caplog):
    """A user option whose id is no number makes discord.py raise before the command
    (that error, and no other, is what the log says was refused)."""
    caplog.set_level(logging.INFO, logger="bot.core.tree")
    forged = [option("member", "ann", 6), option("name", "Banker", 3)]
    command = Interaction(APP_COMMAND, {"name": "give", "type": 1, "options": forged}, GIVE)
    await tree._call(command.real())
    assert command.response.sent == [("That command's options are malformed.", {"ephemeral": True})]
    typing = [option("member", "ann", 6), option("name", "Ba", 3, focused=True)]
    suggest = Interaction(AUTOCOMPLETE, {"name": "give", "type": 1, "options": typing}, GIVE)
    await tree._call(suggest.real())
    assert suggest.response.suggested == [[]] and suggest.response.sent == []
    refused = [r.getMessage() for r in caplog.records if "malformed" in r.getMessage()]
    assert refused == 2 * ["refused a malformed command: " + INT_ANN]


async def test_a_commands_error_is_answered_with_its_originals_words(tree):
    failed = Interaction(APP_COMMAND, {"name": "roll"}, ROLL)
    invoked = app_commands.CommandInvokeError(ROLL, Refusal("Only the host may roll."))
    await tree.on_error(failed.real(), invoked)
    checked = Interaction(APP_COMMAND, {"name": "roll"}, ROLL)
    await tree.on_error(checked.real(), app_commands.CheckFailure("Not in a DM."))
    assert failed.response.sent == [("Only the host may roll.", {"ephemeral": True})]
    assert checked.response.sent == [("Not in a DM.", {"ephemeral": True})]


async def test_other_interactions_pass_the_check_unanswered(tree):
    click = Interaction(discord.InteractionType.component, {"custom_id": "g:1:0:hand"})
    assert await tree.interaction_check(click.real()) is True
    assert click.response.sent == [] and click.response.suggested == []
