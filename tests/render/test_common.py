"""The shared parts: scoreboard image, PNG encoding, thread safety, the golden helper."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageDraw

from render import encode, gracias, graps, grass, toolkit
from render.gracias import samples as gracias_samples
from render.graps import samples as graps_samples
from render.grass import samples as grass_samples
from render.scoreboard import scoreboard_image
from tests.render.helpers import assert_image_similar, assert_not_blank, close

ROWS = [["ann", "12", "5", "$310,000"], ["bob", "10", "3", "-$5,000"], ["cy", "4", "0", "$0"]]


def test_scoreboard_matches_golden_and_marks_the_highlighted_row():
    image = scoreboard_image("Grass scoreboard", ["player", "games", "wins", "best"], ROWS, 1)
    assert image.width == 640  # read on a phone first, as the tables
    assert_image_similar(image, "scoreboard")
    from render.scoreboard import BOARD_ROW, HEAD, HIGHLIGHT

    y = 100 + HEAD + BOARD_ROW + BOARD_ROW // 2  # the second row
    assert close(image.getpixel((500, y)), HIGHLIGHT, 8)
    assert not close(image.getpixel((500, y - BOARD_ROW)), HIGHLIGHT, 8)


def test_scoreboard_with_no_rows():
    assert_not_blank(scoreboard_image("Graps scoreboard", ["player", "wins"], []), 5)


def test_png_is_a_palette_image_close_to_the_original():
    image = grass.table_image(grass_samples.six())
    data = encode.to_png(image)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "P" and decoded.size == image.size
    assert len(data) < 300 * 1024
    from tests.render.helpers import differing_share

    assert differing_share(image, decoded.convert("RGB"), 48) == 0


def test_text_with_glyphs_the_font_lacks_is_substituted():
    assert (
        toolkit.plain("eve kept blue — Gracias! −5 → ann") == "eve kept blue - Gracias! -5 -> ann"
    )
    assert toolkit.ellipsize("a" * 200, 100, 20).endswith("…")
    assert toolkit.text_width(toolkit.ellipsize("a" * 200, 100, 20), 20) <= 100


def _renders():
    return [
        lambda: grass.table_image(grass_samples.six()),
        lambda: grass.hand_image(grass_samples.hand()),
        lambda: gracias.table_image(gracias_samples.six()),
        lambda: graps.board_image(graps_samples.play(), "ann"),
    ]


def _png(render) -> bytes:
    return encode.to_png(render())


def test_renderers_and_encoder_give_the_same_bytes_from_many_threads():
    expected = [_png(render) for render in _renders()]
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(_png, render) for _ in range(3) for render in _renders()]
        results = [future.result() for future in futures]
    assert results == expected * 3


def test_the_golden_helper_fails_and_saves_actual_and_diff(capsys, monkeypatch):
    monkeypatch.delenv("UPDATE_GOLDEN", raising=False)  # never overwrite a golden here
    image = grass.table_image(grass_samples.six())
    ImageDraw.Draw(image).rectangle((300, 300, 600, 600), fill=(255, 0, 255))
    with pytest.raises(AssertionError) as failure:
        assert_image_similar(image, "grass-table-6p")
    folder = str(failure.value).rsplit("see ", 1)[1]
    assert "actual and diff saved" in capsys.readouterr().out
    import pathlib

    assert {p.name for p in pathlib.Path(folder).iterdir()} == {"actual.png", "diff.png"}
