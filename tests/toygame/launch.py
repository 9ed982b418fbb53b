"""The bot with the toy game kind added: `python -m tests.fakediscord.launch
tests.toygame.launch` (the test's `start_bot("tests.toygame.launch")`). It appends the
package to the extensions the bot loads, then runs the bot's normal main."""

from __future__ import annotations

import sys

import bot.client
from bot.__main__ import main

if __name__ == "__main__":
    bot.client.PLUGINS.append("tests.toygame")
    sys.exit(main())
