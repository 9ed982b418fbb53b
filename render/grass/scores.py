"""The Grass hand-score sheet (G18, G19): the last scored hand in full, every hand before.

Top: the last scored hand, one row per player with table, banker, hand peddle,
paranoia, bonus, score and running total. Below: every scored hand's scores and the
running totals, so the whole game reads at a glance.

Two kinds of best must not be taken for one another: the game's winners (G19) are
named in the title, their rows gold with a star and a "winner" badge, their totals
ringed; the players with the last hand's highest score (G18 bonus) only carry a
green "best hand" badge. Badges say in words what the colours say.
"""

from __future__ import annotations

from PIL import Image

from games.grass.views import GrassPublicView
from games.text import Money, Text, _, _p
from render.scoreboard import (
    BEST,
    HEAD,
    MUTED,
    ROW,
    WINNER,
    draw_grid,
    grid_height,
    heading,
    paper_sheet,
    ring_cells,
    title_band,
    winners_line,
)
from render.toolkit import RGB, money, text

WIDTH = 1000
# The columns of a hand's scores (G18); their headings are fitted to the figures' width.
DETAIL_COLUMNS: tuple[Text, ...] = (
    _p("column", "player"),
    # TRANSLATORS: a score sheet's column: the value of the stash on the table (G18).
    _p("column", "table"),
    # TRANSLATORS: a score sheet's column: what the Banker took or gave (G15).
    _p("column", "banker"),
    # TRANSLATORS: a score sheet's column: the peddles held in hand, deducted (G18).
    _p("column", "hand peddle"),
    # TRANSLATORS: a score sheet's column: the Paranoia cards held, deducted (G13).
    _p("column", "paranoia"),
    # TRANSLATORS: a score sheet's column: the best hand's bonus (G18).
    _p("column", "bonus"),
    _p("column", "score"),
    # TRANSLATORS: a score sheet's column: the running total.
    _p("column", "total"),
)
# TRANSLATORS: a badge before the names of the players with the hand's highest score.
BEST_HAND: tuple[Text, RGB] = (_p("badge", "best hand"), BEST)


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
    winners = view.winners if view.over else ()
    sub = winners_line(winners) or _("first to {target}", target=Money(view.options.target))
    top = title_band(image, draw, _("Grass score sheet"), sub)
    x, inner = 36, WIDTH - 72
    if not scores:
        text(image, (x + 4, top + 14), _("No hand scored yet"), 22, MUTED, bold=True)
        rows = [[seat.name, money(seat.total)] for seat in view.seats]
        totals = (_p("column", "player"), _p("column", "total"))
        draw_grid(image, (x, top + 46, inner), totals, rows)
        return image
    last = scores[-1]
    heading(image, (x + 4, top + 14), _("Hand {hand}", hand=last.hand), BEST_HAND, last.best)
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
    won = [index for index, row in enumerate(last.rows) if row.name in winners]
    best = [index for index, row in enumerate(last.rows) if row.name in last.best]
    top += 46
    box = (x, top, inner)
    top += draw_grid(image, box, DETAIL_COLUMNS, rows, won, emphasis=(6, 7))
    ring_cells(image, box, DETAIL_COLUMNS, rows, [(r, 6) for r in best], BEST_HAND[1])
    ring_cells(image, box, DETAIL_COLUMNS, rows, [(r, 7) for r in won], WINNER[1])
    # Every hand: score per player, running totals underneath in the last row.
    top += 24
    heading(image, (x + 4, top), _("All hands"), WINNER, winners)
    top += 36
    # TRANSLATORS: a column heading, over the numbers of the hands.
    columns: list[str] = [_p("column", "hand"), *players]
    history: list[list[str]] = []
    for hand in scores:
        by_name = {row.name: row for row in hand.rows}
        history.append(
            [_("Hand {hand}", hand=hand.hand)]
            + [money(by_name[name].score) if name in by_name else "" for name in players]
        )
    # TRANSLATORS: the last row of the score sheet: every player's running total.
    history.append([_p("row", "Total")] + [money(seat.total) for seat in view.seats])
    draw_grid(image, (x, top, inner), columns, history, strong=(len(history) - 1,))
    y = top + HEAD + (len(history) - 1) * ROW
    draw.line([(x, y), (x + inner, y)], fill=MUTED, width=2)
    ringed = [(len(history) - 1, 1 + i) for i, name in enumerate(players) if name in winners]
    ring_cells(image, (x, top, inner), columns, history, ringed, WINNER[1])
    return image
