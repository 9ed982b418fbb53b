"""A gallery of every image kind from seeded games: `python -m render.tools.gallery
OUT_DIR` (`--language de` draws their words in German; `make gallery`).

For people to review the pictures (and for the benchmark, which renders the same
views). Every game kind of games/registry.py brings its own pictures, from its render
package's gallery.py (render/grass/gallery.py...): seeded games played by the engines
(seeded.py) and stopped at moments worth seeing. Then the pictures every kind shares:
the scoreboards and a player card.

Each picture is also written 360 px wide in the folder's `phone/` folder: what a
phone shows in its chat column, for a reviewer to judge the picture as a player
reading it there (render/measure.py's PHONE_VIEW), and in `desktop/` as a desktop
client fits it in its box of about 550 x 350 (`DESKTOP_BOX`).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

from PIL import Image

from games.text import Text, _, _p
from lang import LANGUAGES, speaking
from render import measure
from render.encode import to_png
from render.player_card import PlayerCard, player_card_image
from render.scoreboard import scoreboard_image
from render.tools import kind_modules
from render.tools.seeded import Picture


def images() -> Iterator[Picture]:
    """(file name, render) for every image kind of the gallery."""
    for gallery in kind_modules("gallery"):
        yield from gallery.pictures()
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.tools.gallery")
    parser.add_argument("out_dir", type=Path, help="folder to write the PNG files to")
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default=LANGUAGES[0],
        help="the language of the images' words (the events are the engines' own)",
    )
    args = parser.parse_args(argv)
    out: Path = args.out_dir
    phone, desktop = out / "phone", out / "desktop"
    phone.mkdir(parents=True, exist_ok=True)
    desktop.mkdir(parents=True, exist_ok=True)
    for name, render in images():
        with speaking(args.language):
            picture = render()
        data = to_png(picture)
        (out / name).write_bytes(data)
        (phone / name).write_bytes(to_png(phone_view(picture)))
        (desktop / name).write_bytes(to_png(desktop_view(picture)))
        print(f"{name:<34}{len(data) / 1024:>8.1f} KB")
    return 0


def phone_view(picture: Image.Image) -> Image.Image:
    """The picture scaled to a phone's chat column, as Discord shows it there."""
    width = measure.PHONE_VIEW
    height = max(1, round(picture.height * width / picture.width))
    return picture.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)


def desktop_view(picture: Image.Image) -> Image.Image:
    """The picture fitted in a desktop client's box for a lone picture (about 550 x
    350), as Discord shows it there."""
    scale = measure.desktop_scale(picture.width, picture.height)
    size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
    return picture.convert("RGB").resize(size, Image.Resampling.LANCZOS)


if __name__ == "__main__":
    raise SystemExit(main())
