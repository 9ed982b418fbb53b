"""The command tree: discord.py's, with the checks every slash command gets before it
runs (options outside their declared ranges, autocomplete for options that have none,
malformed options) and the single error handler for commands."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.core.errors import Refusal, report
from bot.core.language import private
from games.text import Text, _, _n
from lang import speak

log = logging.getLogger(__name__)


def _focused(options: Any) -> str | None:
    """The name of the option being typed, however deep in subcommands."""
    for option in options if isinstance(options, list) else []:
        if not isinstance(option, Mapping):
            continue
        if option.get("focused"):
            return str(option.get("name"))
        inner = _focused(option.get("options"))
        if inner is not None:
            return inner
    return None


def _leaf_values(options: Any) -> dict[str, Any]:
    """The values of the options typed, by name, however deep in subcommands."""
    values: dict[str, Any] = {}
    for option in options if isinstance(options, list) else []:
        if isinstance(option, Mapping):
            if "value" in option:
                values[str(option.get("name"))] = option["value"]
            values.update(_leaf_values(option.get("options")))
    return values


def out_of_range(command: Any, options: Any) -> Text | None:
    """What is wrong with an option outside its declared range (`app_commands.Range`), or
    None. Discord's client keeps to the ranges, but discord.py does not check them on
    arrival, and a forged interaction may carry any number or length."""
    if not isinstance(command, app_commands.Command):
        return None
    values = _leaf_values(options)
    for param in command.parameters:
        value = values.get(param.display_name)
        low, high = param.min_value, param.max_value
        if value is None or isinstance(value, bool) or (low is None and high is None):
            continue
        size = len(value) if isinstance(value, str) else value
        if not isinstance(size, int | float):
            continue
        if (low is not None and size < low) or (high is not None and size > high):
            option = param.display_name
            if isinstance(value, str):
                return _n(
                    "The {option} option takes at most {count:,} character.",
                    "The {option} option takes at most {count:,} characters.",
                    int(high or 0),
                    option=option,
                )
            if high is None:
                return _("The {option} option must be at least {low:,}.", option=option, low=low)
            if low is None:
                return _("The {option} option must be at most {high:,}.", option=option, high=high)
            return _(
                "The {option} option must be from {low:,} to {high:,}.",
                option=option,
                low=low,
                high=high,
            )
    return None


ENTRY_POINT = 4
"""The type of the Activity's entry-point command (PRIMARY_ENTRY_POINT), which Discord
makes when an application's Activity is enabled; discord.py has no such command."""


class GameTree(app_commands.CommandTree[Any]):
    async def sync(
        self, *, guild: discord.abc.Snowflake | None = None
    ) -> list[app_commands.AppCommand]:
        """discord.py's bulk overwrite of the commands, keeping the application's
        entry-point command among the global ones: Discord refuses a bulk overwrite
        without it once the Activity is enabled (50240), and would otherwise lose the
        Activity's launcher. Guild commands sync as discord.py syncs them."""
        application_id = self.client.application_id
        if guild is not None or application_id is None:
            return await super().sync(guild=guild)
        commands = self._get_all_commands(guild=None)
        translator = self.translator
        payload: list[Any] = []
        for command in commands:
            if translator:
                payload.append(await command.get_translated_payload(self, translator))
            else:
                payload.append(command.to_dict(self))
        existing = await self._http.get_global_commands(application_id)
        payload += [command for command in existing if command.get("type") == ENTRY_POINT]
        try:
            data = await self._http.bulk_upsert_global_commands(application_id, payload=payload)
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise
        return [app_commands.AppCommand(data=found, state=self._state) for found in data]

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """A command whose options are out of their ranges is refused, saying which; an
        autocomplete for an option that has none (Discord's client never sends one; a
        forger does) gets no suggestions instead of an error that leaves it hanging."""
        if interaction.type is discord.InteractionType.application_command:
            data: Mapping[str, Any] = interaction.data or {}
            wrong = out_of_range(interaction.command, data.get("options"))
            if wrong is not None:
                await report(interaction, Refusal(wrong))
                return False
            return True
        if interaction.type is not discord.InteractionType.autocomplete:
            return True
        speak((await private(interaction)).language)  # the choices' words: `spoken`
        data = interaction.data or {}
        command = interaction.command
        focused = _focused(data.get("options"))
        if isinstance(command, app_commands.Command) and any(
            p.display_name == focused and p.autocomplete for p in command.parameters
        ):
            return True
        try:
            await interaction.response.autocomplete([])
        except discord.HTTPException:
            log.warning("could not answer autocomplete %s", interaction.id)
        return False

    async def _call(self, interaction: discord.Interaction[Any]) -> None:
        """discord.py's dispatch, guarded: options of a shape Discord never sends (a user
        option without an id, a number as text) make discord.py itself raise before our
        command runs, and that error would leave the interaction unanswered."""
        try:
            await super()._call(interaction)
        except app_commands.AppCommandError:
            raise  # discord.py hands these to on_error
        except Exception as error:
            log.info("refused a malformed command: %r", error)
            if interaction.type is discord.InteractionType.autocomplete:
                if not interaction.response.is_done():
                    try:
                        await interaction.response.autocomplete([])
                    except discord.HTTPException:
                        log.warning("could not answer autocomplete %s", interaction.id)
                return
            await report(interaction, Refusal(_("That command's options are malformed.")))

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original: BaseException = error
        if isinstance(error, app_commands.CommandInvokeError):
            original = error.original
        await report(interaction, original)
