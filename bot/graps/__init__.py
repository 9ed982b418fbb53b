"""Graps on Discord: the `/graps` commands (cog.py), words and controls (ui.py,
texts.py). Loaded as the extension `bot.graps`."""

from bot.graps.cog import setup

__all__ = ["setup"]
