"""Graps's pictures in the gallery (render/tools/gallery.py) and the bench
(render/tools/bench.py), from seeded games: in play with the mover's legal cells, at
the start, and finished."""

from __future__ import annotations

from collections.abc import Iterator

from render.graps import board_image
from render.tools.seeded import Game, Picture, Render, play_until, renders, snapshots


def _busy(game: Game) -> bool:
    view = game.public_view()
    return bool(view.moves >= 50 and view.phase.value == "play" and view.legal)


def pictures() -> Iterator[Picture]:
    """(file name, render) for each of Graps's pictures in the gallery."""
    p1 = play_until("graps", 2, 6, _busy)
    view = p1.public_view()
    yield "graps-board-legal.png", lambda: board_image(view, legal_for=view.to_move)
    p0 = play_until("graps", 2, 1, lambda g: g.moves >= 1)
    yield "graps-board-setup.png", lambda: board_image(p0.public_view())
    pover = play_until("graps", 2, 3, lambda g: False)
    yield "graps-board-over.png", lambda: board_image(pover.public_view())


def bench_cases() -> list[tuple[str, list[Render]]]:
    """(name, renders of successive moments) for Graps's board in the bench."""
    two = snapshots("graps", 2, 6, 60, 40)
    return [
        (
            "graps board",
            renders(two, lambda g: board_image(g.public_view(), g.public_view().to_move)),
        ),
    ]
