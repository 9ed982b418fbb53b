"""Grass's pictures in the gallery (render/tools/gallery.py) and the bench
(render/tools/bench.py), from seeded games stopped at moments worth seeing: 2 and 6
players, crowded stashes and blocked markets, a Paranoia pass, a scored hand, a game
over, names in other scripts."""

from __future__ import annotations

from collections.abc import Iterator

from render.grass import hand_image, score_sheet_image, table_image
from render.progress import grass_progress_image
from render.tools.seeded import (
    NAMES,
    WORLD_NAMES,
    Game,
    Picture,
    Render,
    in_german,
    play_until,
    renders,
    snapshots,
)


def _crowded(game: Game) -> bool:
    view = game.public_view()
    blocked = any(seat.market.value == "blocked" for seat in view.seats)
    crowded = max(len(seat.stash) for seat in view.seats) >= 6
    covered = any(s.covered for seat in view.seats for s in seat.stash)
    return blocked and crowded and covered and view.phase.value == "turn"


def _scored(game: Game) -> bool:
    return len(game.public_view().scores) >= 2


def _pass(game: Game) -> bool:
    return bool(game.public_view().phase.value == "pass")


def pictures() -> Iterator[Picture]:
    """(file name, render) for each of Grass's pictures in the gallery."""
    g6 = play_until("grass", 6, 11, _crowded)
    yield "grass-table-6p.png", lambda: table_image(g6.public_view())
    mover = g6.public_view().to_move or NAMES[0]
    yield "grass-hand-6p.png", lambda: hand_image(g6.view_for(mover))
    g2 = play_until("grass", 2, 3, lambda g: g.moves >= 12)
    yield "grass-table-2p.png", lambda: table_image(g2.public_view())
    yield "grass-hand-2p.png", lambda: hand_image(g2.view_for(NAMES[0]))
    gp = play_until("grass", 4, 5, _pass)
    yield "grass-table-4p-pass.png", lambda: table_image(gp.public_view())
    gs = play_until("grass", 6, 7, _scored)
    yield "grass-score-sheet-6p.png", lambda: score_sheet_image(gs.public_view())
    gover = play_until("grass", 3, 2, lambda g: False)
    yield "grass-table-3p-over.png", lambda: table_image(gover.public_view())
    yield "grass-score-sheet-3p-over.png", lambda: score_sheet_image(gover.public_view())
    yield "grass-progress-3p-over.png", lambda: grass_progress_image(gover.public_view())
    gw = play_until("grass", 6, 11, _crowded, names=WORLD_NAMES)
    yield "grass-table-6p-names.png", lambda: table_image(gw.public_view())


def bench_cases() -> list[tuple[str, list[Render]]]:
    """(name, renders of successive moments) for each of Grass's pictures in the bench."""
    six = snapshots("grass", 6, 11, 150, 40)
    two = snapshots("grass", 2, 3, 40, 40)
    scored = play_until("grass", 6, 7, _scored)
    return [
        ("grass table 6p", renders(six, lambda g: table_image(g.public_view()))),
        ("grass table 6p de", renders(six, in_german(table_image))),
        ("grass table 2p", renders(two, lambda g: table_image(g.public_view()))),
        ("grass hand", renders(six, lambda g: hand_image(g.view_for(NAMES[0])))),
        ("grass score sheet", renders([scored], lambda g: score_sheet_image(g.public_view()))),
    ]
