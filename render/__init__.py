"""Images from the games' views, with Pillow. Pure functions; no discord, no database.

Renderers (each returns a PIL image, thread-safe, from views only):
- grass.py: `table_image` (public view only), `hand_image`, `score_sheet_image`
- gracias.py: `table_image` (public view only), `hidden_image`, `round_score_image`
- graps.py: `board_image(view, legal_for=None)`
- scoreboard.py: `scoreboard_image(title, columns, rows, highlight=None)`
- encode.py: `to_png(image) -> bytes`

Words: a renderer hands the drawing functions `Text`s (games/text.py), never
English glued together, and they draw them in the language of the enclosing
`lang.speaking(language)` block (English outside one); names, Grass card names, Graps
cells and figures are drawn as they are.

Shared drawing in toolkit.py; which font draws which character (the shipped
fallback font in fonts/ for names in other scripts) in typeface.py; the PNG
palette in palette_data.py, made by `python -m render.tools.make_palette`; card faces
in grass_cards.py and gracias_cards.py;
fixed sample views in samples.py; `python -m render.tools.gallery OUT_DIR` and
`python -m render.tools.bench` for people to look at the images and their speed.
"""


def prepare() -> None:
    """Draw every cached picture now (the Grass card faces, the fonts' character maps:
    a fraction of a second) so that no player's move pays for them; the bot may call
    this at start-up, in its thread pool."""
    from render import encode, typeface
    from render.grass import cards as grass_cards

    grass_cards.prepare()
    typeface.main_chars()
    typeface.fallback_chars()
    typeface.fallback_scale()
    typeface.cjk_chars()
    typeface.cjk_scale()
    encode.palette()
