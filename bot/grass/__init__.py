"""Grass on Discord: the `/grass` commands (cog.py), words and controls (ui.py,
texts.py). Loaded as the extension `bot.grass`."""

from bot.grass.cog import setup

__all__ = ["setup"]
