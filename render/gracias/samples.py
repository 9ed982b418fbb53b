"""Hand-built Gracias views: fixed, so the tests' golden images and the PNG palette
(render/encode.py) stay stable while the engine changes how it reaches a state: six
players, two trios taken and one being split, a scored round with packets, majorities
discarded and ties."""

from __future__ import annotations

from PIL import Image

from games.gracias.cards import COLOURS
from games.gracias.views import (
    ColourCounts,
    ColourScore,
    GraciasPlayerView,
    GraciasPublicView,
    Phase,
    RoundScoreRow,
    RoundScoring,
    SeatView,
    TrioView,
)

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")


def six() -> GraciasPublicView:
    """Six players in round 2, turn 3: two trios taken, one being split (C5)."""
    red, orange, yellow, green, blue, purple = COLOURS
    trios = (
        TrioView(1, (), False, "cy"),
        TrioView(2, (red, blue), False, "dee"),  # dee took it and is choosing
        TrioView(3, (yellow, yellow), True, None),
        TrioView(4, (), False, "eve"),
        TrioView(5, (green, purple), True, None),
        TrioView(6, (orange, red), True, None),
    )
    reserves = (
        (3, 1, 0, 2, 4, 1),
        (0, 2, 5, 1, 0, 3),
        (2, 2, 2, 2, 2, 2),
        (6, 0, 1, 0, 3, 1),
        (1, 4, 0, 3, 1, 0),
        (0, 0, 2, 5, 2, 4),
    )
    last_round = scoring()
    rounds = tuple((row.score,) for row in last_round.rows)
    seats = tuple(
        SeatView(
            name,
            index,
            ColourCounts(reserves[index]),
            2 + index % 2,
            rounds[index],
            sum(rounds[index]),
            True,
        )
        for index, name in enumerate(NAMES)
    )
    return GraciasPublicView(
        round=2,
        turn=3,
        big_opener="bob",
        small_opener="dee",
        players=NAMES,
        to_move="dee",
        phase=Phase.CHOOSE,
        choosing=2,
        trios=trios,
        seats=seats,
        last_round=last_round,
        winners=(),
        recent=(
            "Turn 3: dee lays out 6 trios and chooses first.",
            "cy took trio 1",
            "cy kept green, gave blue to ann — Gracias!",
            "eve took trio 4",
            "eve kept orange, gave yellow to fay — Gracias!",
            "dee took trio 2",
        ),
    )


def scoring() -> RoundScoring:
    """Round 1 of six players (C6): packets, majorities discarded, ties."""
    cards = (
        (3, 1, 0, 2, 6, 1),
        (0, 2, 5, 1, 0, 3),
        (3, 2, 2, 2, 2, 2),
        (6, 0, 1, 0, 3, 1),
        (1, 4, 0, 3, 1, 0),
        (0, 0, 2, 5, 2, 7),
    )
    # C6, written out here so the sample does not follow the engine's internals.
    face_up = [[n - 5 if n >= 5 else n for n in row] for row in cards]
    most = [max(column) for column in zip(*face_up, strict=True)]
    rows = []
    for name, row, up in zip(NAMES, cards, face_up, strict=True):
        colours = []
        for colour, n, u, m in zip(COLOURS, row, up, most, strict=True):
            out = u if u and u == m else 0
            colours.append(ColourScore(colour, n, n >= 5, u, out, int(n >= 5) + u - out))
        rows.append(RoundScoreRow(name, tuple(colours), sum(c.points for c in colours)))
    return RoundScoring(1, tuple(rows))


def hidden(public: GraciasPublicView | None = None) -> GraciasPlayerView:
    public = public or six()
    _, orange, yellow, _, blue, _ = COLOURS
    return GraciasPlayerView(public, "dee", (yellow, orange, blue), blue)


def palette_parts() -> list[Image.Image]:
    """The pictures of these views, for the shared PNG palette (render/tools/make_palette.py)."""
    from render.gracias.scores import round_score_image
    from render.gracias.table import hidden_image, table_image

    return [table_image(six()), hidden_image(hidden()), round_score_image(six())]
