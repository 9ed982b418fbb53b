"""The Grass hand-score sheet (G18, G19): the last scored hand in full, every hand before.

Top: the last scored hand, one row per player with table, banker, hand peddle,
paranoia, bonus, score and running total; the hand's winners (G18 bonus) are gold
with a star. Below: every scored hand's scores with the running totals, so the
whole game reads at a glance; the winners of the game (G19) are named in the title.
"""

from __future__ import annotations

from PIL import Image

from games.grass.views import GrassPublicView
from render.scoreboard import HEAD, MUTED, ROW, draw_grid, grid_height, paper_sheet, title_band
from render.toolkit import money, text

WIDTH = 1000
DETAIL_COLUMNS = ("player", "table", "banker", "hand peddle", "paranoia", "bonus", "score", "total")


def _signed(value: int) -> str:
    """A change of score: +$5,000, -$25,000, and a plain 0 for nothing."""
    if value == 0:
        return "0"
    return ("+" if value > 0 else "") + money(value)


def score_sheet_image(view: GrassPublicView) -> Image.Image:
    """Every scored hand of the game, running totals, the last hand's winner marked."""
    scores = view.scores
    history_rows = len(scores) + 1 if scores else 0
    players = [seat.name for seat in view.seats]
    height = 100 + 46 + grid_height(max(1, len(players)))
    if scores:
        height += 60 + grid_height(history_rows)
    height += 36
    image, draw = paper_sheet(WIDTH, height)
    if view.over and view.winners:
        sub = "winner: " + ", ".join(view.winners)
    else:
        sub = f"first to {money(view.options.target)}"
    top = title_band(image, draw, "Grass score sheet", sub)
    x, inner = 36, WIDTH - 72
    if not scores:
        text(image, (x + 4, top + 14), "No hand scored yet", 22, MUTED, bold=True)
        rows = [[seat.name, money(seat.total)] for seat in view.seats]
        draw_grid(image, (x, top + 46, inner), ("player", "total"), rows)
        return image
    last = scores[-1]
    text(image, (x + 4, top + 14), f"Hand {last.hand}", 24, MUTED, bold=True)
    best = set(last.best)
    rows = [
        [
            row.name,
            money(row.table),
            _signed(row.banker),
            _signed(-row.hand_peddle),
            _signed(-row.paranoia),
            _signed(row.bonus),
            money(row.score),
            money(row.total),
        ]
        for row in last.rows
    ]
    marked = [index for index, row in enumerate(last.rows) if row.name in best]
    top += 46
    top += draw_grid(image, (x, top, inner), DETAIL_COLUMNS, rows, marked, emphasis=(6, 7))
    # Every hand: score per player, running total underneath in the last row.
    top += 24
    text(image, (x + 4, top), "All hands", 24, MUTED, bold=True)
    top += 36
    columns = ["hand", *players]
    history = []
    for hand in scores:
        by_name = {row.name: row for row in hand.rows}
        history.append(
            [f"Hand {hand.hand}"]
            + [money(by_name[name].score) if name in by_name else "" for name in players]
        )
    history.append(["Total"] + [money(seat.total) for seat in view.seats])
    draw_grid(image, (x, top, inner), columns, history, strong=(len(history) - 1,))
    y = top + HEAD + (len(history) - 1) * ROW
    draw.line([(x, y), (x + inner, y)], fill=MUTED, width=2)
    return image
