"""The fifth game kind ("tac", fifth.py) on Discord: its record (`KIND`), extension
`setup` and `/tac` commands (the toy game's, under its own name)."""

from __future__ import annotations

from pathlib import Path

from bot.core.kinds import GameKind, Pictures, Words
from tests.toygame.cog import ToyCommands
from tests.toygame.engine import Leave
from tests.toygame.render import board_image, hand_image
from tests.toygame.ui import ToyUI


class TacCommands(ToyCommands, group_name="tac", group_description="Play tic-tac-toe again"):
    pass


KIND = GameKind(
    "tac",
    ToyUI(),
    TacCommands,
    Leave,
    Pictures(board_image, hand_image),
    Words("Tac"),
    rules_path=Path(__file__).with_name("rules.md"),
    turn_minutes=1,
)
setup = KIND.setup
