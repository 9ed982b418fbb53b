"""Images from the games' views, with Pillow. Pure functions; no discord, no database.

One package per game kind, as in games/ and bot/exts/, each exporting the drawing
functions the bot uses (each returns a PIL image, thread-safe, from views only):
- grass/: `table_image` (public view only), `hand_image`, `score_sheet_image`
- gracias/: `table_image` (public view only), `hidden_image`, `round_score_image`
- graps/: `board_image(view, legal_for=None)`, `player_board_image`
Every kind's package also names the channel's table `table_image(public view)` and,
where a hand or round is scored, its score picture `scores_image(public view)`: the
replays (animation.py) draw any kind through these two names.
Each also holds its hand-built sample views (samples.py) and its pictures for the
gallery and the bench (gallery.py); `kind_package` names a kind's package.

The drawing every kind shares, at the top level:
- toolkit.py: colours, panels, pills, text drawn, fitted and cut; measure.py records
  what was drawn where, for the tests
- typeface.py: which font draws which character (the shipped fallback font in fonts/
  for names in other scripts)
- scoreboard.py: `scoreboard_image(title, columns, rows, highlight=None)`, and the
  grid and marks of the games' score sheets
- progress.py: the score-progression chart of a finished game; player_card.py: `/stats`
- animation.py: a game's replay as an animated GIF, from games/watch.py's steps
- encode.py: `to_png(image) -> bytes`, on the fixed palette of palette_data.py

Words: a renderer hands the drawing functions `Text`s (games/text.py), never
English glued together, and they draw them in the language of the enclosing
`lang.speaking(language)` block (English outside one); names, Grass card names, Graps
cells and figures are drawn as they are.

The tools, for people, in tools/: `python -m render.tools.gallery OUT_DIR` and
`python -m render.tools.bench` to look at the images and their speed,
`python -m render.tools.make_palette` to rebuild palette_data.py.
"""


def kind_package(kind: str) -> str:
    """The package that draws a game kind's pictures ("grass" -> "render.grass"), as its
    entry in games/registry.py names it: the one place the tools and the tests ask."""
    from games import registry

    return registry.get(kind).render


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
