"""How tall a message stands on a phone: its components as Discord lays them out in a
chat column, measured with the pictures' sizes and the texts wrapped as a phone wraps
them. A model, not a client: Discord's mobile app writes 16 px text on 22 px lines in
a column about 344 px wide (a 360 px screen less its margins), shows a picture 360 px
wide, a row of buttons in about 40 px, and puts about 8 px between components; the
author's line above the message is one line. The phone screen is 360 x 740."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from render.toolkit import text_width

SCREEN = 740
PICTURE_WIDTH = 360
COLUMN = 344
FONT = 16
LINE = 22
GAP = 8
ROW = 40
AUTHOR = LINE

_MARKS = re.compile(r"\*\*|__|\\(?=[!-/:-@\[-`{-~])")
_MENTION = re.compile(r"<@!?\d+>")
_TIMESTAMP = re.compile(r"<t:\d+(?::[tTdDfFR])?>")


def read(markdown: str) -> str:
    """The words a phone shows: no markup, a mention as a short name (the players of
    the tests are ann, bob, cy, dee, eve, fay), a timestamp as a date."""
    shown = _MENTION.sub("@fay", markdown)  # a member's name, as the app shows it
    shown = _TIMESTAMP.sub("28 November 2026 16:00", shown)
    return _MARKS.sub("", shown)


def lines(markdown: str) -> int:
    """How many lines a text takes in the column, each paragraph wrapped at words."""
    count = 0
    for paragraph in read(markdown).split("\n"):
        width = 0.0
        count += 1
        for word in paragraph.split(" "):
            step = text_width(word + " ", FONT)
            if width and width + text_width(word, FONT) > COLUMN:
                count += max(1, math.ceil(text_width(word, FONT) / COLUMN))
                width = step
            else:
                width += step
    return count


def phone_height(components: list[dict[str, Any]], sizes: Mapping[str, tuple[int, int]]) -> float:
    """The height in px of a Components V2 message on a phone; `sizes` gives each
    attached picture's (width, height) by file name."""
    height = float(AUTHOR)
    for component in components:
        kind = component.get("type")
        if kind == 10:  # a text display
            height += lines(str(component["content"])) * LINE
        elif kind == 12:  # a media gallery: one picture here, the column's width
            for item in component["items"]:
                name = str(item["media"]["url"]).removeprefix("attachment://")
                width, tall = sizes[name]
                height += tall * PICTURE_WIDTH / width
        elif kind == 1:  # a row of controls
            height += ROW
        height += GAP
    return height


def screens(components: list[dict[str, Any]], sizes: Mapping[str, tuple[int, int]]) -> float:
    return phone_height(components, sizes) / SCREEN
