"""Runs a bot module against the emulator: `python -m tests.fakediscord.launch MODULE [ARGS]`.

Reads the emulator's address from FAKEDISCORD_URL, points discord.py's REST base
(discord.http.Route.BASE) and gateway (discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) at it,
shortens the wait for guilds after READY (guild_ready_timeout, unless the bot sets its own),
then runs MODULE as __main__, unmodified (for the project's bot: MODULE is `bot`). These are
discord.py internals, which is why pyproject.toml pins discord.py's version."""

from __future__ import annotations

import os
import runpy
import signal
import sys
from typing import Any


def configure(url: str, guild_ready_timeout: float) -> None:
    import discord.gateway
    import discord.http
    import discord.state
    import yarl

    discord.http.Route.BASE = f"{url}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        url.replace("http", "ws", 1) + "/gateway/"
    )
    original = discord.state.ConnectionState.__init__

    def init(self: discord.state.ConnectionState[Any], *args: Any, **options: Any) -> None:
        original(self, *args, **options)
        if "guild_ready_timeout" not in options:
            self.guild_ready_timeout = guild_ready_timeout

    discord.state.ConnectionState.__init__ = init  # type: ignore[method-assign]


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: python -m tests.fakediscord.launch MODULE [ARGS...]")
    module = sys.argv[1]
    sys.argv = [module, *sys.argv[2:]]
    # Ctrl-C stops the bot as it does in a terminal, even when the test run itself was
    # started in the background by a shell, which makes its children ignore SIGINT.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    configure(
        os.environ["FAKEDISCORD_URL"],
        float(os.environ.get("FAKEDISCORD_GUILD_READY_TIMEOUT", "0.05")),
    )
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
