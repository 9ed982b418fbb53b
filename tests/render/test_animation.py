"""The animated replay (render/animation.py): a GIF whose every frame, decoded, is the
frame laid out from a public step (the table, or the scores after a closed hand or
round), shown for its step's time, in the reader's language; a part of the game alone
on request."""

from __future__ import annotations

import io
import pickle

import pytest
from PIL import Image, ImageChops, ImageSequence

from games.randomplay import random_replay
from games.watch import Moment, parts, watch
from lang import speaking
from render import measure
from render.animation import (
    DELAYS,
    LAST_DELAY,
    Drawers,
    NoSuchPart,
    animation,
    frames,
    game_animation,
    replay_frames,
)
from render.palette_data import PALETTE

NAMES = ["ann", "bob", "cy", "dee"]


def decoded(data: bytes) -> list[tuple[Image.Image, int]]:
    gif = Image.open(io.BytesIO(data))
    return [(frame.convert("RGB"), frame.info["duration"]) for frame in ImageSequence.Iterator(gif)]


@pytest.mark.parametrize(("kind", "players", "part"), [("grass", 3, 1), ("gracias", 3, 2)])
def test_every_frame_decodes_to_its_step_and_closed_parts_show_their_scores(
    kind: str, players: int, part: int
) -> None:
    document = random_replay(kind, NAMES[:players], 4)
    steps = watch(document)
    chosen = [steps[i] for i in parts(steps)[part - 1]]
    drawers = Drawers.of(kind)
    made = animation(chosen, drawers)
    expected = list(frames(chosen, drawers))
    planned = list(replay_frames(chosen, drawers))
    got = decoded(made.data)
    # One frame per step; the last step, which closed the part, shows its scores (the
    # channel's score post) rather than the table, which already shows the next deal.
    assert made.frames == len(planned) == len(expected) == len(got) == len(chosen)
    assert made.milliseconds == sum(frame.milliseconds for frame in planned)
    for (picture, shown), wanted, plan in zip(got, expected, planned, strict=True):
        assert shown == plan.milliseconds
        # One palette colour gives way to the transparent index: at most its distance.
        assert max(ImageChops.difference(picture, wanted).tobytes()) <= 3
    scores = Drawers.of(kind).scores
    assert scores is not None and chosen[-1].closed
    assert planned[-1].milliseconds == LAST_DELAY
    assert planned[-1].picture.tobytes() == scores(chosen[-1].view).tobytes()
    assert planned[0].milliseconds == DELAYS[chosen[0].moment]


def test_a_whole_game_pauses_on_the_last_frame_and_loops_p7() -> None:
    document = random_replay("graps", NAMES[:2], 3)
    made = game_animation(document, "en")
    got = decoded(made.data)
    steps = watch(document)
    assert len(got) == len(steps) and got[-1][1] == LAST_DELAY
    assert got[0][1] == DELAYS[Moment.START]
    assert Image.open(io.BytesIO(made.data)).info["loop"] == 0
    assert made.data[:6] == b"GIF89a" and made.data[13 : 13 + 768] == bytes(PALETTE)


def test_the_words_under_the_table_are_in_the_readers_language() -> None:
    document = random_replay("graps", NAMES[:2], 3)
    steps = watch(document)[:6]
    with speaking("de"), measure.recording() as drawn:
        animation(steps, Drawers.of("graps"))
    words = " ".join(d.words for d in drawn)
    assert "hat" in words and "gewürfelt" in words  # "ann hat Traube gewürfelt"
    assert "rolled" not in words


def test_a_part_the_game_does_not_have_is_refused_with_how_many_it_has() -> None:
    document = random_replay("graps", NAMES[:2], 3)
    with pytest.raises(NoSuchPart, match="no part 2: the game had 1") as missing:
        game_animation(document, "en", part=2)
    assert (missing.value.asked, missing.value.count) == (2, 1)


def test_a_missing_part_crosses_from_the_worker_process_whole() -> None:
    crossed = pickle.loads(pickle.dumps(NoSuchPart(4, 3)))
    assert (crossed.asked, crossed.count, str(crossed)) == (4, 3, "no part 4: the game had 3")
