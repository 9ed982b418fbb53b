"""Names in other scripts (typeface.py): characters the main font lacks are drawn
with the shipped fallback font or the system's CJK font, characters no font has are
left out or marked, never drawn as empty boxes ("tofu").

The CJK font comes from the system (render/fonts/install-cjk). Its tests skip when it is
missing, unless the environment variable CI is set: there they fail, so a CI run
cannot pass without having drawn a CJK name."""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from render import encode, toolkit, typeface
from render.scoreboard import scoreboard_image
from render.typeface import MARK, Face
from tests.render.helpers import assert_image_similar

PAPER = toolkit.PAPER
INK = toolkit.INK_DARK
NAMES = ["ann", "José Müller", "Иван Петров", "Ελένη", "Zoë 🔥", "山田太郎", "🔥🔥", "Łukasz Żółć"]


def _drawn(content: str, size: int = 28, bold: bool = True) -> Image.Image:
    image = Image.new("RGB", (420, 60), PAPER)
    toolkit.text(image, (10, 10), content, size, INK, bold=bold)
    return image


def _tofu(content: str, size: int = 28, bold: bool = True) -> Image.Image:
    """What the main font alone draws: a box for every character it lacks."""
    image = Image.new("RGB", (420, 60), PAPER)
    draw = ImageDraw.Draw(image)
    stroke = 1 if bold else 0
    draw.text(
        (10, 10), content, font=toolkit.font(size), fill=INK, stroke_width=stroke, stroke_fill=INK
    )
    return image


def _differs(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is not None


def _cjk_font() -> Path:
    """The CJK font's file; skips the test without it, or fails it when CI is set."""
    path = typeface.cjk_path()
    if path is None:
        message = "no CJK font (fonts-droid-fallback): run render/fonts/install-cjk"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def _clear_caches() -> None:
    for cached in (typeface.cjk_path, typeface.cjk_chars, typeface.cjk_scale, typeface.runs):
        cached.cache_clear()
    toolkit._width.cache_clear()
    with toolkit._TEXT_LOCK:
        toolkit._TEXT_CACHE.clear()


@pytest.fixture
def without_cjk_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As on a machine without the CJK font (the variable set but empty: no file)."""
    monkeypatch.setenv(typeface.CJK_ENV, "")
    _clear_caches()
    yield
    _clear_caches()  # computed again, with the real font, once the variable is back


def test_latin_text_is_one_run_of_the_main_font_unchanged():
    assert typeface.runs("ann played Felony, $25,000!") == (
        (Face.MAIN, "ann played Felony, $25,000!"),
    )
    assert typeface.runs("") == ()


def test_characters_the_main_font_lacks_go_to_the_fallback_per_run():
    assert typeface.runs("José") == ((Face.MAIN, "Jos"), (Face.FALLBACK, "é"))
    assert typeface.runs("Иван Петров") == ((Face.FALLBACK, "Иван Петров"),)
    # a space stays with the run before it (fewer runs; the fonts' spaces are alike)
    assert typeface.runs("Ελένη 2") == ((Face.FALLBACK, "Ελένη "), (Face.MAIN, "2"))
    # a decomposed accent is composed first, so it stays on its letter
    assert typeface.runs("e\u0301cole") == ((Face.FALLBACK, "é"), (Face.MAIN, "cole"))


def test_emoji_are_left_out_and_letters_no_font_has_are_marked(without_cjk_font):
    assert typeface.runs("ann 🔥 bob") == ((Face.MAIN, "ann bob"),)
    assert typeface.runs("🔥 bob 👍🏽") == ((Face.MAIN, "bob"),)
    assert typeface.runs("👨\u200d👩\u200d👧 fay") == ((Face.MAIN, "fay"),)
    assert typeface.runs("山田 bob") == ((Face.FALLBACK, MARK * 2 + " "), (Face.MAIN, "bob"))
    assert not _differs(_drawn("山田"), _drawn(MARK * 2))
    # nothing else to show: the name keeps a mark per symbol rather than vanish
    assert typeface.runs("🔥🔥") == ((Face.FALLBACK, MARK * 2),)
    assert typeface.runs("👍🏽") == ((Face.FALLBACK, MARK),)


def test_the_fonts_character_maps():
    main, fallback = typeface.main_chars(), typeface.fallback_chars()
    assert ord("A") in main and ord("Ж") not in main and ord("é") not in main
    assert {ord(c) for c in "ЖжΩωéŁżשא" + MARK} <= fallback
    assert ord("🔥") not in fallback and ord("山") not in fallback


def test_the_cjk_fonts_character_map_holds_chinese_japanese_and_korean():
    _cjk_font()
    cjk = typeface.cjk_chars()
    assert {ord(c) for c in "山田太郎王小明さくらアキラ김민준이서연、。（）"} <= cjk
    assert len(cjk) > 30_000 and ord("🔥") not in cjk


def test_cjk_letters_go_to_the_cjk_font():
    _cjk_font()
    assert typeface.runs("山田 bob") == ((Face.CJK, "山田 "), (Face.MAIN, "bob"))
    assert typeface.runs("Zoë 김민준") == (
        (Face.MAIN, "Zo"),
        (Face.FALLBACK, "ë "),
        (Face.CJK, "김민준"),
    )


def test_the_cjk_font_is_matched_to_the_main_fonts_capitals():
    path = _cjk_font()
    main = toolkit.font(100).getbbox("H", anchor="ls")
    cjk = ImageFont.truetype(str(path), round(100 * typeface.cjk_scale()))
    assert abs(cjk.getbbox("Ｈ", anchor="ls")[1] - main[1]) <= 1
    # an ideograph stands a little taller than the capitals beside it, as designed
    ideograph = cjk.getbbox("田", anchor="ls")
    assert 1.0 < (ideograph[3] - ideograph[1]) / -main[1] < 1.35


@pytest.mark.parametrize("name", ["山田", "さくら", "김민준"])
@pytest.mark.parametrize("bold", [False, True])
def test_cjk_names_draw_the_cjk_fonts_own_glyphs(name, bold):
    path = _cjk_font()
    drawn = _drawn(name, bold=bold)
    # The CJK font's own rendering at the same place: toolkit.text anchors at the top
    # of the main font's ascender, so the baseline is an ascent below it.
    expected = Image.new("RGB", drawn.size, PAPER)
    stroke = 1 if bold else 0
    ImageDraw.Draw(expected).text(
        (10, 10 + toolkit.font(28).getmetrics()[0]),
        name,
        font=ImageFont.truetype(str(path), round(28 * typeface.cjk_scale())),
        fill=INK,
        anchor="ls",
        stroke_width=stroke,
        stroke_fill=INK,
    )
    assert _differs(expected, Image.new("RGB", drawn.size, PAPER)), "the font drew nothing"
    assert not _differs(drawn, expected)
    assert _differs(drawn, _tofu(name, bold=bold)), "drawn as the main font's boxes"
    assert _differs(drawn, _drawn(MARK * len(name), bold=bold)), "drawn as marks"


@pytest.mark.parametrize("name", ["Иван Петров", "Ελένη", "Łukasz Żółć"])
@pytest.mark.parametrize("bold", [False, True])
def test_other_scripts_draw_glyphs_not_boxes(name, bold):
    drawn = _drawn(name, bold=bold)
    assert _differs(drawn, Image.new("RGB", drawn.size, PAPER)), "nothing drawn"
    assert _differs(drawn, _tofu(name, bold=bold)), "drawn as the main font's boxes"
    # real glyphs differ from letter to letter; boxes are all alike
    assert _differs(_drawn(name[:1], bold=bold), _drawn(name[1:2], bold=bold))


def test_an_emoji_name_draws_no_box():
    assert toolkit.text_width("Zoë 🔥", 28, bold=True) == toolkit.text_width("Zoë", 28, bold=True)
    assert not _differs(_drawn("Zoë 🔥"), _drawn("Zoë"))
    assert not _differs(_drawn("🔥🔥"), _drawn(MARK * 2))
    assert _differs(_drawn("🔥🔥"), _tofu("🔥🔥"))


def test_fallback_text_fits_the_measured_width_and_the_line():
    for name in NAMES:
        width = toolkit.text_width(name, 28, bold=True)
        mask, left, top = toolkit._text_mask(name, 28, True)
        assert mask.width == max(1, width) and left == -1 and top <= -1
        ink = mask.getbbox()
        assert ink is not None and ink[2] <= mask.width
    cut = toolkit.ellipsize("Александра Константиновна", 200, 28, bold=True)
    assert cut.endswith("…") and toolkit.text_width(cut, 28, bold=True) <= 200


def test_scoreboard_with_names_in_many_scripts_matches_golden():
    _cjk_font()  # the golden image shows 山田太郎 in the CJK font
    rows = [[name, "3", "$250,000"] for name in NAMES]
    image = scoreboard_image("Scores — Ελληνικά", ["player", "wins", "total"], rows, 1)
    assert_image_similar(image, "scoreboard-names")


def _names_png(size: int) -> bytes:
    rows = [[name, str(size), "$5,000"] for name in NAMES]
    return encode.to_png(scoreboard_image(f"Scores {size}", ["player", "wins", "total"], rows))


def test_fallback_text_renders_the_same_from_many_threads():
    expected = [_names_png(size) for size in range(4)]
    # start cold, so the threads load their own fallback faces and draw fresh masks
    with toolkit._TEXT_LOCK:
        toolkit._TEXT_CACHE.clear()
    toolkit._width.cache_clear()
    typeface.runs.cache_clear()
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(_names_png, [size for _ in range(3) for size in range(4)]))
    assert results == expected * 3


def test_every_shipped_font_has_its_licence_beside_it():
    fonts = Path(typeface.FONTS)
    assert typeface.FALLBACK.exists()
    assert sorted(path.name for path in fonts.glob("*.ttf")) == [typeface.FALLBACK.name]
    licence = (fonts / "LICENSE.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and typeface.FALLBACK.name in licence
    total = sum(path.stat().st_size for path in fonts.iterdir())
    assert total < 2 * 1024 * 1024
