"""Gracias on Discord: its record (`KIND`), the `/gracias` commands (cog.py), words and
controls (ui.py), how to play (howto.py). Loaded as the extension `bot.exts.gracias`."""

from __future__ import annotations

from bot.core.kinds import GameKind
from bot.exts.gracias.cog import GraciasCommands
from bot.exts.gracias.howto import HOWTO
from bot.exts.gracias.ui import PICTURES, WORDS, GraciasUI
from games.gracias.actions import Leave

KIND = GameKind("gracias", GraciasUI(), GraciasCommands, Leave, PICTURES, WORDS, howto=HOWTO)
setup = KIND.setup
