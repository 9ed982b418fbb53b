"""Gracias on Discord: the `/gracias` commands (cog.py), words and controls (ui.py,
texts.py). Loaded as the extension `bot.gracias`."""

from bot.gracias.cog import setup

__all__ = ["setup"]
