"""The toy game kind, tic-tac-toe, which exists only in the tests: the proof that a
fourth game kind plugs into the bot as one package and one record. Its entry in the
registry of games/registry.py (`ENTRY`), its record (`KIND`) and extension `setup`, as
bot/exts/graps/__init__.py; the engine (engine.py), picture (render.py), UI (ui.py) and
commands (cog.py) beside it. The bot hosts it when started through launch.py, which
registers the entry; the tests of this folder have it registered around each test
(conftest.py)."""

from __future__ import annotations

from pathlib import Path

from bot.core.kinds import GameKind, Pictures, Words
from games.registry import Kind
from tests.toygame.cog import ToyCommands
from tests.toygame.engine import Leave
from tests.toygame.render import board_image, hand_image
from tests.toygame.ui import ToyUI

WORDS = Words(
    "Tic-tac-toe",
    best_round="best game",
    hand_words="your board and its buttons stay in this channel",
    left_text="You left the game; your opponent wins.",
)

# No computer players (`computer` left out): no computer seats, and so no turn timer.
ENTRY = Kind("toy", "tests.toygame.engine:Toy", render="tests.toygame.render", bot="tests.toygame")
KIND = GameKind(
    "toy",
    ToyUI(),
    ToyCommands,
    Leave,
    Pictures(board_image, hand_image),
    WORDS,
    rules_path=Path(__file__).with_name("rules.md"),
    turn_minutes=0,
)
setup = KIND.setup
