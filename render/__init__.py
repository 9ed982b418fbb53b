"""Images from the games' views, with Pillow. Pure functions; no discord, no database."""
