"""The bot with the toy game kind added: `python -m tests.fakediscord.launch
tests.toygame.launch` (the test's `start_bot("tests.toygame.launch")`). It registers
the kind (games/registry.py), which adds its package to those the bot loads, then runs
the bot's normal main."""

from __future__ import annotations

import sys

from bot.__main__ import main
from games.registry import register
from tests.toygame import ENTRY

if __name__ == "__main__":
    register(ENTRY)
    sys.exit(main())
