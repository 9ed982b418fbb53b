"""The gallery renders every image kind from real engine games (a smoke test of every
renderer on the engines' own views, not only on the hand-built samples)."""

from __future__ import annotations

from PIL import Image

from render.tools import gallery


def test_gallery_writes_every_image_kind(tmp_path):
    assert gallery.main([str(tmp_path)]) == 0
    names = {path.name for path in tmp_path.iterdir()}
    for kind in (
        "grass-table-6p",
        "grass-table-6p-names",
        "grass-hand-6p",
        "grass-score-sheet-6p",
        "gracias-table-6p",
        "gracias-hidden-6p",
        "gracias-round-score-4p",
        "graps-board-legal",
        "graps-board-over",
        "scoreboard",
    ):
        assert f"{kind}.png" in names
    pictures = sorted(path for path in tmp_path.iterdir() if path.is_file())
    for path in pictures:
        with Image.open(path) as image:
            assert 600 <= image.width <= 1000 and image.height >= 300
            ratio = image.height / image.width
        # The phone view beside it: the same picture 360 px wide.
        with Image.open(tmp_path / "phone" / path.name) as phone:
            assert phone.width == 360 and abs(phone.height - 360 * ratio) <= 1
