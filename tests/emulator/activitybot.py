"""A tiny discord.py bot for the emulator's Activity tests, run through the launcher
(`python -m tests.fakediscord.launch tests.emulator.activitybot`): `/table` posts a message
with an *Open the table* button, which answers with Discord's launch-activity response
(discord.py's `launch_activity`), as do `/launch-now` and the Entry Point command when
Discord leaves it to the app (handler 1). Its global commands are synced keeping the app's
Entry Point command, as a bulk overwrite must once Activities are enabled: what a plain
`tree.sync()` cannot do."""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger("activitybot")
ENTRY_POINT = 4


class Table(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Open the table", custom_id="table:open")
    async def open(
        self, interaction: discord.Interaction, button: discord.ui.Button[Table]
    ) -> None:
        await launch(interaction)


async def launch(interaction: discord.Interaction) -> None:
    try:
        answer = await interaction.response.launch_activity()
    except discord.HTTPException as error:
        log.warning("launch refused: %s %s", error.code, error.text)
        return
    log.info("launched instance %s", answer.activity_id)


class ActivityBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)

    async def setup_hook(self) -> None:
        self.add_view(Table())
        assert self.application_id is not None
        payload: list[Any] = [c.to_dict(self.tree) for c in self.tree.get_commands()]
        current: list[Any] = await self.http.get_global_commands(self.application_id)
        payload += [c for c in current if c["type"] == ENTRY_POINT]
        await self.http.bulk_upsert_global_commands(self.application_id, payload)
        log.info("synced %d global commands", len(payload))


def make() -> ActivityBot:
    bot = ActivityBot()

    @bot.event
    async def on_interaction(interaction: discord.Interaction) -> None:
        # The Entry Point command with handler 1 (APP_HANDLER) comes to the app, which
        # launches the Activity itself; discord.py's tree knows no such command.
        data: Any = interaction.data or {}
        if data.get("type") == ENTRY_POINT:
            await launch(interaction)

    @bot.tree.command(description="Posts the table")
    async def table(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("the table", view=Table())

    @bot.tree.command(name="launch-now", description="Launches the Activity at once")
    async def launch_now(interaction: discord.Interaction) -> None:
        await launch(interaction)

    return bot


def main() -> int:
    make().run(os.environ["DISCORD_TOKEN"], log_level=logging.INFO, root_logger=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
