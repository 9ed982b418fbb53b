"""Gracias's pictures in the gallery (render/tools/gallery.py) and the bench
(render/tools/bench.py), from seeded games stopped at moments worth seeing: a trio
being split (C5), a scored round, a game over."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from games.gracias.actions import TakeTrio
from render.gracias import hidden_image, round_score_image, table_image
from render.progress import gracias_progress_image
from render.tools.seeded import NAMES, Game, Picture, Render, play_until, renders, snapshots


def _choosing(players: int, seed: int, moves: int) -> Game:
    """A Gracias game stopped half-way through a choice (C5): the mover has taken a
    trio (its face-down card is theirs) and has still to keep one card and give one."""
    game = play_until("gracias", players, seed, lambda g: g.moves >= moves)
    view = game.public_view()
    trio = next(t for t in view.trios if not t.taken)
    game.apply(TakeTrio(view.to_move, trio.number))
    return game


def _round(rounds: int) -> Callable[[Game], bool]:
    def stop(game: Game) -> bool:
        view = game.public_view()
        return view.last_round is not None and view.last_round.round >= rounds

    return stop


def pictures() -> Iterator[Picture]:
    """(file name, render) for each of Gracias's pictures in the gallery."""
    c6 = _choosing(6, 4, 20)
    yield "gracias-table-6p.png", lambda: table_image(c6.public_view())
    chooser = c6.public_view().to_move or NAMES[0]
    yield "gracias-hidden-6p.png", lambda: hidden_image(c6.view_for(chooser))
    c3 = play_until("gracias", 3, 8, lambda g: g.moves >= 5)
    yield "gracias-table-3p.png", lambda: table_image(c3.public_view())
    cr = play_until("gracias", 4, 9, _round(1))
    yield "gracias-round-score-4p.png", lambda: round_score_image(cr.public_view())
    cover = play_until("gracias", 5, 10, lambda g: False)
    yield "gracias-table-5p-over.png", lambda: table_image(cover.public_view())
    yield "gracias-round-score-5p-over.png", lambda: round_score_image(cover.public_view())
    yield "gracias-progress-5p-over.png", lambda: gracias_progress_image(cover.public_view())


def bench_cases() -> list[tuple[str, list[Render]]]:
    """(name, renders of successive moments) for each of Gracias's pictures in the bench."""
    six = snapshots("gracias", 6, 4, 10, 30)
    return [
        ("gracias table 6p", renders(six, lambda g: table_image(g.public_view()))),
        ("gracias hidden", renders(six, lambda g: hidden_image(g.view_for("ann")))),
    ]
