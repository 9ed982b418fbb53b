"""Graps's pictures (P1-P9), from its views only:

- board.py: `board_image(public view, legal_for=None)`, the board with both players,
  the die and the last events; `player_board_image(player view)`, the same with the
  player's legal cells
"""

from render.graps.board import board_image, player_board_image

__all__ = ["board_image", "player_board_image"]
