"""The toy game kind, tic-tac-toe, which exists only in the tests: the proof that a
fourth game kind plugs into the bot as one package and one record. Its record
(`KIND`) and extension `setup`, as bot/exts/graps/__init__.py; the engine
(engine.py), picture (render.py), UI (ui.py) and commands (cog.py) beside it. The
bot loads it when started through launch.py."""

from __future__ import annotations

from pathlib import Path

from bot.core.kinds import GameKind, Pictures, Words
from tests.toygame.cog import ToyCommands
from tests.toygame.engine import Leave, Toy
from tests.toygame.render import board_image, hand_image
from tests.toygame.ui import ToyUI

WORDS = Words(
    "Tic-tac-toe",
    best_round="best game",
    hand_words="your board and its buttons stay in this channel",
    left_text="You left the game; your opponent wins.",
)

# games/ai plays the three real games only: no computer seats, and so no turn timer.
KIND = GameKind(
    "toy",
    Toy,
    ToyUI(),
    ToyCommands,
    Leave,
    Pictures(board_image, hand_image),
    WORDS,
    rules_path=Path(__file__).with_name("rules.md"),
    turn_minutes=0,
    computer_players=False,
)
setup = KIND.setup
