"""Graps's pictures (P1-P9), from its views only:

- board.py: `board_image(public view, legal_for=None)`, the board with both players,
  the die and the last events; `player_board_image(player view)`, the same with the
  player's legal cells
- samples.py: hand-built views for the tests' golden images and the PNG palette
- gallery.py: the gallery's and the bench's pictures from seeded games
"""

from render.graps.board import board_image, player_board_image

table_image = board_image
"""The board as the channel shows it (every kind's name, for the replays)."""

__all__ = ["board_image", "player_board_image", "table_image"]
