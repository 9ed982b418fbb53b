"""Gracias's pictures (C1-C8), from its views only:

- table.py: `table_image(public view)`, the channel's table, and `hidden_image(player
  view)`, a player's hidden cards
- scores.py: `round_score_image(public view)`, the last round and every round's scores
- cards.py: the card faces and colour chips, drawn by code and cached
- samples.py: hand-built views for the tests' golden images and the PNG palette
- gallery.py: the gallery's and the bench's pictures from seeded games
"""

from render.gracias.scores import round_score_image
from render.gracias.table import hidden_image, table_image

scores_image = round_score_image
"""What the channel gets when a round is scored (every kind's name, for the replays)."""

__all__ = ["hidden_image", "round_score_image", "scores_image", "table_image"]
