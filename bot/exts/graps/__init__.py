"""Graps on Discord: its record (`KIND`), the `/graps` commands (cog.py), words and
controls (ui.py), how to play (howto.py). Loaded as the extension `bot.exts.graps`."""

from __future__ import annotations

from bot.core.kinds import GameKind
from bot.exts.graps.cog import GrapsCommands
from bot.exts.graps.howto import HOWTO
from bot.exts.graps.ui import PICTURES, WORDS, GrapsUI
from games.graps.actions import Resign

KIND = GameKind(
    "graps", GrapsUI(), GrapsCommands, Resign, PICTURES, WORDS, howto=HOWTO, turn_minutes=2
)
setup = KIND.setup
