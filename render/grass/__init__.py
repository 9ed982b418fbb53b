"""Grass's pictures (G1-G19), from its views only:

- table.py: `table_image(public view)`, the channel's table
- hand.py: `hand_image(player view)`, a player's cards
- scores.py: `score_sheet_image(public view)`, every scored hand
- cards.py, emblems.py: the card faces, drawn by code and cached
- samples.py: hand-built views for the tests' golden images and the PNG palette
- gallery.py: the gallery's and the bench's pictures from seeded games
"""

from render.grass.hand import hand_image
from render.grass.scores import score_sheet_image
from render.grass.table import table_image

scores_image = score_sheet_image
"""What the channel gets when a hand is scored (every kind's name, for the replays)."""

__all__ = ["hand_image", "score_sheet_image", "scores_image", "table_image"]
