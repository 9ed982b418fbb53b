"""Grass on Discord: its record (`KIND`), the `/grass` commands (cog.py), words and
controls (ui.py), how to play (howto.py). Loaded as the extension `bot.exts.grass`."""

from __future__ import annotations

from bot.core.kinds import GameKind
from bot.exts.grass.cog import GrassCommands
from bot.exts.grass.howto import HOWTO
from bot.exts.grass.ui import PICTURES, WORDS, GrassUI
from games.grass.actions import Leave

KIND = GameKind("grass", GrassUI(), GrassCommands, Leave, PICTURES, WORDS, howto=HOWTO)
setup = KIND.setup
