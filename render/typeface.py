"""Which font draws which character: the main font, the shipped fallback, a CJK font,
or none.

The main font is Pillow's built-in Aileron (toolkit.font), which holds Latin letters,
digits and common punctuation only. Player names come from Discord and are often
Cyrillic, Greek or accented Latin, or hold emoji. So text is cut into runs: the
characters the main font has keep their look, the others are drawn with DejaVu Sans
Condensed (shipped in render/fonts/ with its licence, 0.7 MB; about 5,900
characters: Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic, symbols),
scaled so that its capitals stand as tall as the main font's. The condensed cut is
about as wide as Aileron, so "José" does not look like two fonts; bold is the same
one-pixel stroke as the main font's, so one file serves both weights.

Chinese, Japanese and Korean letters come third, from Droid Sans Fallback, which
Debian ships as the package fonts-droid-fallback (Apache 2.0; 3.4 MB, about 33,000
characters: CJK ideographs, kana, Hangul). A CJK font is too big to ship here, so it
is read from the system: render/fonts/install-cjk installs it (`make run` and `make unit`
call it). Its own full-width capital Ｈ stands as tall as the main font's H, as the
fallback's capitals do. The file is looked for at CJK_PATHS; the environment
variable RENDER_CJK_FONT names another file instead (set but empty: no CJK font).
Debian's DroidSansFallbackFull.ttf, second in the list, lacks Hangul.

A character no font has (emoji, or CJK when the font is missing) would be drawn as
an empty box. Instead, a symbol such as an emoji is left out ("ann 🔥" shows "ann"),
any other character becomes a neutral mark ◦ (without the CJK font "山田" shows
"◦◦"), and a text with nothing else to show marks its symbols too, so a name never
disappears ("🔥🔥" shows "◦◦").

Coverage is read from the fonts' own character maps (the 'cmap' table), once.
"""

from __future__ import annotations

import enum
import functools
import os
import struct
import threading
import unicodedata
from pathlib import Path

from PIL import ImageFont

FONTS = Path(__file__).resolve().parent / "fonts"
FALLBACK = FONTS / "DejaVuSansCondensed.ttf"
MARK = "◦"  # U+25E6 white bullet, in the fallback font
CJK_PATHS = (
    Path("/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf"),
    Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
)
CJK_ENV = "RENDER_CJK_FONT"


class Face(enum.Enum):
    """The fonts, in the order a character looks for one that has it."""

    MAIN = "main"
    FALLBACK = "fallback"
    CJK = "cjk"


def char_map(data: bytes) -> frozenset[int]:
    """The code points a TrueType/OpenType font maps to glyphs (cmap formats 4 and 12,
    the Unicode subtables; enough for the fonts shipped here)."""
    tables = struct.unpack_from(">H", data, 4)[0]
    cmap = next(
        offset
        for tag, _, offset, _ in (
            struct.unpack_from(">4sIII", data, 12 + 16 * i) for i in range(tables)
        )
        if tag == b"cmap"
    )
    subtables = {}
    for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap + offset
    codes: set[int] = set()
    for key in ((3, 10), (0, 4), (3, 1), (0, 3)):
        start = subtables.get(key)
        if start is None:
            continue
        kind = struct.unpack_from(">H", data, start)[0]
        if kind == 12:
            groups = struct.unpack_from(">I", data, start + 12)[0]
            for g in range(groups):
                first, last, _ = struct.unpack_from(">III", data, start + 16 + 12 * g)
                codes.update(range(first, last + 1))
            return frozenset(codes)
        if kind == 4:
            segments = struct.unpack_from(">H", data, start + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", data, start + 14)
            starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
            deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
            range_at = start + 16 + 6 * segments
            offsets = struct.unpack_from(f">{segments}H", data, range_at)
            for s in range(segments):
                for code in range(starts[s], ends[s] + 1):
                    if code == 0xFFFF:
                        continue
                    if offsets[s] == 0:
                        glyph = (code + deltas[s]) & 0xFFFF
                    else:
                        at = range_at + 2 * s + offsets[s] + 2 * (code - starts[s])
                        glyph = struct.unpack_from(">H", data, at)[0]
                        glyph = (glyph + deltas[s]) & 0xFFFF if glyph else 0
                    if glyph:
                        codes.add(code)
            return frozenset(codes)
    raise ValueError("the font has no Unicode character map of format 4 or 12")


@functools.cache
def main_chars() -> frozenset[int]:
    loaded = ImageFont.load_default(16)
    assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow was built without FreeType"
    return char_map(loaded.font_bytes)


@functools.cache
def fallback_chars() -> frozenset[int]:
    return char_map(FALLBACK.read_bytes())


@functools.cache
def cjk_path() -> Path | None:
    """The CJK font file, or None when there is none (see the module doc)."""
    override = os.environ.get(CJK_ENV)
    candidates = CJK_PATHS if override is None else (Path(override),) if override else ()
    return next((path for path in candidates if path.is_file()), None)


@functools.cache
def cjk_chars() -> frozenset[int]:
    """What the CJK font draws; nothing without it, so CJK letters become marks."""
    path = cjk_path()
    return frozenset() if path is None else char_map(path.read_bytes())


def _chars(face: Face) -> frozenset[int]:
    return {Face.MAIN: main_chars, Face.FALLBACK: fallback_chars, Face.CJK: cjk_chars}[face]()


def _face(cluster: str) -> Face | None:
    codes = [ord(c) for c in cluster]
    return next((face for face in Face if all(code in _chars(face) for code in codes)), None)


def _clusters(text: str) -> list[str]:
    """Base characters with their combining marks; format characters (joiners,
    direction marks, variation selectors, tags) are left out: they draw nothing."""
    clusters: list[str] = []
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category == "Cf" or 0xFE00 <= ord(char) <= 0xFE0F or 0xE0100 <= ord(char) <= 0xE01EF:
            continue
        if clusters and (category in ("Mn", "Mc", "Me") or 0x1F3FB <= ord(char) <= 0x1F3FF):
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters


@functools.lru_cache(maxsize=4096)
def runs(text: str) -> tuple[tuple[Face, str], ...]:
    """`text` cut into runs of one face each, characters no font has dropped or marked
    (see the module doc). A text the main font draws whole is one MAIN run, unchanged."""
    if all(ord(char) in main_chars() for char in text):
        return ((Face.MAIN, text),) if text else ()
    faced = [(cluster, _face(cluster)) for cluster in _clusters(text)]
    visible = any(face is not None and not cluster.isspace() for cluster, face in faced)
    pieces: list[tuple[Face, str]] = []
    dropped = False  # a symbol was just left out: "ann 🔥 bob" -> "ann bob"
    for cluster, face in faced:
        if face is None and visible and unicodedata.category(cluster[0]).startswith("S"):
            dropped = True
            continue
        if dropped and cluster == " " and (not pieces or pieces[-1][1].endswith(" ")):
            continue
        dropped = False
        if face is None:
            cluster, face = MARK, Face.FALLBACK
        elif cluster.isspace() and pieces and ord(cluster[0]) in _chars(pieces[-1][0]):
            face = pieces[-1][0]  # a space joins the run before it: fewer runs
        if pieces and pieces[-1][0] is face:
            pieces[-1] = (face, pieces[-1][1] + cluster)
        else:
            pieces.append((face, cluster))
    if dropped and pieces:
        pieces[-1] = (pieces[-1][0], pieces[-1][1].rstrip(" "))
    return tuple(piece for piece in pieces if piece[1])


# -- the fallback fonts --------------------------------------------------------------

_local = threading.local()


@functools.cache
def fallback_scale() -> float:
    """The fallback size per main-font px that makes both fonts' capitals as tall."""
    main = ImageFont.load_default(200)
    fallback = ImageFont.truetype(str(FALLBACK), 200)
    return _cap_height(main) / _cap_height(fallback)


@functools.cache
def cjk_scale() -> float:
    """The same for the CJK font, whose capitals are the full-width ones (Ｈ): they
    are drawn to the font's Latin cap height, which its ideographs are designed
    beside (an ideograph stands about 1.1 times as tall)."""
    path = cjk_path()
    if path is None:
        return 1.0
    main = ImageFont.load_default(200)
    return _cap_height(main) / _cap_height(ImageFont.truetype(str(path), 200), "Ｈ")


def _cap_height(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, capital: str = "H") -> int:
    return -int(font.getbbox(capital, anchor="ls")[1])


def fallback_font(size: int, face: Face = Face.FALLBACK) -> ImageFont.FreeTypeFont:
    """The font of `face` (FALLBACK: DejaVu Sans Condensed; CJK: the CJK font) matched
    to the main font at `size` px, loaded once per thread (FreeType faces are not
    shared between threads)."""
    fonts: dict[tuple[Face, int], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if fonts is None:
        fonts = _local.fonts = {}
    found = fonts.get((face, size))
    if found is None:
        if face is Face.CJK:
            path, scale = cjk_path(), cjk_scale()
            assert path is not None, "no CJK font: runs() marks CJK letters instead"
        else:
            path, scale = FALLBACK, fallback_scale()
        found = fonts[(face, size)] = ImageFont.truetype(str(path), round(size * scale))
    return found
