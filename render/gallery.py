"""A gallery of every image kind from seeded games: `python -m render.gallery OUT_DIR`
(`--language de` draws their words in German).

For people to review the pictures (and for the benchmark, which renders the same
views). The games are played by the engines with seeded random choices (random play's
chooser, games/randomplay.py: plausible-random for Grass, so hands end), and stopped
at moments worth seeing: 2 and 6 players, crowded stashes and blocked markets, a
Paranoia pass, a scored hand, a Gracias trio being split and a scored round, a Graps
game in play with the mover's legal cells and a finished one.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from PIL import Image

from games import registry
from games.gracias.actions import TakeTrio
from games.randomplay import playout_chooser
from games.registry import game_class
from games.text import Text, _, _p
from lang import LANGUAGES, speaking
from render import gracias, graps, grass
from render.encode import to_png
from render.player_card import PlayerCard, player_card_image
from render.scoreboard import scoreboard_image

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")
# Discord names in other scripts: fallback-font runs, an emoji left out, CJK marked.
WORLD_NAMES = ("José Müller", "Иван Петров", "Ελένη", "Zoë 🔥", "山田太郎", "Łukasz Żółć")
Game = Any  # an engine instance (games.protocol.Game)


def _step(game: Game, rng: random.Random) -> None:
    """One seeded random action, chosen as random play chooses."""
    awaiting = game.awaiting
    player = awaiting[rng.randrange(len(awaiting))]
    actions = game.legal_actions(player)
    game.apply(playout_chooser(game)(player, actions, rng))


def play_until(
    kind: str,
    players: int,
    seed: int,
    stop: Callable[[Game], bool],
    limit: int = 20_000,
    names: tuple[str, ...] = NAMES,
) -> Game:
    """A new seeded game played until `stop(game)` holds (or it ends, or `limit`)."""
    game = game_class(kind).create(list(names[:players]), None, seed)
    rng = random.Random(seed)
    for _move in range(limit):
        if stop(game) or game.outcome() is not None:
            break
        _step(game, rng)
    return game


# -- moments worth seeing ----------------------------------------------------------------


def _grass_crowded(game: Game) -> bool:
    view = game.public_view()
    blocked = any(seat.market.value == "blocked" for seat in view.seats)
    crowded = max(len(seat.stash) for seat in view.seats) >= 6
    covered = any(s.covered for seat in view.seats for s in seat.stash)
    return blocked and crowded and covered and view.phase.value == "turn"


def _grass_scored(game: Game) -> bool:
    return len(game.public_view().scores) >= 2


def _grass_pass(game: Game) -> bool:
    return bool(game.public_view().phase.value == "pass")


def _gracias_choosing(players: int, seed: int, moves: int) -> Game:
    """A Gracias game stopped half-way through a choice (C5): the mover has taken a
    trio (its face-down card is theirs) and has still to keep one card and give one."""
    game = play_until("gracias", players, seed, lambda g: g.moves >= moves)
    view = game.public_view()
    trio = next(t for t in view.trios if not t.taken)
    game.apply(TakeTrio(view.to_move, trio.number))
    return game


def _gracias_round(rounds: int) -> Callable[[Game], bool]:
    def stop(game: Game) -> bool:
        view = game.public_view()
        return view.last_round is not None and view.last_round.round >= rounds

    return stop


def _graps_busy(game: Game) -> bool:
    view = game.public_view()
    return bool(view.moves >= 50 and view.phase.value == "play" and view.legal)


def images() -> Iterator[tuple[str, Callable[[], Image.Image]]]:
    """(file name, render) for every image kind of the gallery."""
    g6 = play_until("grass", 6, 11, _grass_crowded)
    yield "grass-table-6p.png", lambda: grass.table_image(g6.public_view())
    mover = g6.public_view().to_move or NAMES[0]
    yield "grass-hand-6p.png", lambda: grass.hand_image(g6.view_for(mover))
    g2 = play_until("grass", 2, 3, lambda g: g.moves >= 12)
    yield "grass-table-2p.png", lambda: grass.table_image(g2.public_view())
    yield "grass-hand-2p.png", lambda: grass.hand_image(g2.view_for(NAMES[0]))
    gp = play_until("grass", 4, 5, _grass_pass)
    yield "grass-table-4p-pass.png", lambda: grass.table_image(gp.public_view())
    gs = play_until("grass", 6, 7, _grass_scored)
    yield "grass-score-sheet-6p.png", lambda: grass.score_sheet_image(gs.public_view())
    gover = play_until("grass", 3, 2, lambda g: False)
    yield "grass-table-3p-over.png", lambda: grass.table_image(gover.public_view())
    yield "grass-score-sheet-3p-over.png", lambda: grass.score_sheet_image(gover.public_view())
    gw = play_until("grass", 6, 11, _grass_crowded, names=WORLD_NAMES)
    yield "grass-table-6p-names.png", lambda: grass.table_image(gw.public_view())

    c6 = _gracias_choosing(6, 4, 20)
    yield "gracias-table-6p.png", lambda: gracias.table_image(c6.public_view())
    chooser = c6.public_view().to_move or NAMES[0]
    yield "gracias-hidden-6p.png", lambda: gracias.hidden_image(c6.view_for(chooser))
    c3 = play_until("gracias", 3, 8, lambda g: g.moves >= 5)
    yield "gracias-table-3p.png", lambda: gracias.table_image(c3.public_view())
    cr = play_until("gracias", 4, 9, _gracias_round(1))
    yield "gracias-round-score-4p.png", lambda: gracias.round_score_image(cr.public_view())
    cover = play_until("gracias", 5, 10, lambda g: False)
    yield "gracias-table-5p-over.png", lambda: gracias.table_image(cover.public_view())
    yield "gracias-round-score-5p-over.png", lambda: gracias.round_score_image(cover.public_view())

    p1 = play_until("graps", 2, 6, _graps_busy)
    view = p1.public_view()
    yield "graps-board-legal.png", lambda: graps.board_image(view, legal_for=view.to_move)
    p0 = play_until("graps", 2, 1, lambda g: g.moves >= 1)
    yield "graps-board-setup.png", lambda: graps.board_image(p0.public_view())
    pover = play_until("graps", 2, 3, lambda g: False)
    yield "graps-board-over.png", lambda: graps.board_image(pover.public_view())

    # The columns as the scoreboards name them (bot/exts/scoreboards.py), so that the
    # fit test lays them out in every language.
    shared = [_p("column", name) for name in ("player", "rating", "games", "wins", "win rate")]
    hard = _("computer ({level})", level=_p("level", "hard"))
    easy = _("computer ({level})", level=_p("level", "easy"))
    yield (
        "scoreboard.png",
        lambda: scoreboard_image(
            _("{game} scoreboard, {season}", game="Grass", season=_("all-time")),
            [*shared, _p("column", "banked"), _("best hand")],
            [
                ["1. ann", "1,412", "12", "5", "42%", "$2,310,000", "$175,000"],
                ["2. bob", "1,265", "10", "3 (1)", "30%", "$1,265,000", "$150,000"],
                [
                    Text.verbatim("3. {name}", name=hard),
                    "1,180",
                    "9",
                    "2",
                    "22%",
                    "$955,000",
                    "$125,000",
                ],
                ["4. cy", "1,006?", "4", "0", "0%", "-$15,000", "$55,000"],
            ],
            highlight=0,
        ),
    )
    yield (
        "scoreboard-graps.png",
        lambda: scoreboard_image(
            _("{game} scoreboard, {season}", game="Graps", season=_("all-time")),
            [*shared, _p("column", "far row"), _p("column", "pruned out")],
            [
                ["1. dee", "1,338", "9", "5", "56%", "2", "2"],
                ["2. eve", "1,204?", "4", "2", "50%", "0", "1"],
                [Text.verbatim("3. {name}", name=easy), "1,128", "9", "4", "44%", "3", "1"],
            ],
            highlight=1,
        ),
    )
    # German-length words in every language: the longest labels must fit too.
    card = PlayerCard(
        title="bob, alle Spiele zusammengenommen",
        rating=Text.verbatim("{rating:,}?", rating=1060),
        rating_label="Wertung (vorläufig)",
        figures=(
            ("Partien", "12"),
            ("Siege", "5"),
            ("Siegquote", "42 %"),
            ("Platzierungen", "1. Platz 5 · 2. Platz 4 · 3. Platz 3"),
            ("Lieblingsspiel", "Gracias"),
            ("bestes Ergebnis", "275.000 $"),
            ("längste Siegesserie", "3"),
        ),
        history=(1000, 1023, 1011, 1040, 1062, 1055, 1071, 1049, 1060),
        history_label="Wertung nach jeder Partie",
        rivals_title="gegen die Spieler, denen bob am häufigsten begegnet ist",
        rivals=(
            ("ann", "3 Siege, 2 Niederlagen, 1 Unentschieden"),
            ("cy", "4 Siege, 1 Niederlage"),
            ("dee", "2 Siege, 3 Niederlagen"),
            ("eve", "1 Sieg, 1 Niederlage, 2 Unentschieden"),
            ("fay", "1 Sieg"),
        ),
    )
    yield "player-card.png", lambda: player_card_image(card)
    yield from kind_images()


def kind_images() -> Iterator[tuple[str, Callable[[], Image.Image]]]:
    """The pictures of every registered kind (games/registry.py) whose render package
    offers its own (a `gallery()` of (file name, render) pairs), such as a kind added
    from outside this project."""
    for kind in registry.kinds():
        try:
            package = kind.render_package()
        except ModuleNotFoundError as missing:
            if missing.name != kind.render:
                raise
            continue  # a kind without pictures of its own
        offered = getattr(package, "gallery", None)
        if offered is not None:
            yield from offered()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.gallery")
    parser.add_argument("out_dir", type=Path, help="folder to write the PNG files to")
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default=LANGUAGES[0],
        help="the language of the images' words (the events are the engines' own)",
    )
    args = parser.parse_args(argv)
    out: Path = args.out_dir
    out.mkdir(parents=True, exist_ok=True)
    for name, render in images():
        with speaking(args.language):
            data = to_png(render())
        (out / name).write_bytes(data)
        print(f"{name:<34}{len(data) / 1024:>8.1f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
