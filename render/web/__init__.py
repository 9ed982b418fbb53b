"""The table drawn in a web page (HTML and SVG, by the scripts beside this module) from
the same public views the pictures are drawn from: the replay page (render/page.py)
embeds them, and a live page can serve them.

`plain(view)` is a view as the scripts read it: a dataclass becomes an object of its
fields, an enum its value, a tuple an array, a player's text the reader's words (in the
language of the enclosing `lang.speaking` block), a computer seat's name too. Nothing
else is added: a page shows what the view holds, and the view is what the channel
showed.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from importlib import resources
from typing import Any

from lang import spoken

JSON = None | bool | int | float | str | list["JSON"] | dict[str, "JSON"]


def plain(value: Any) -> JSON:
    """`value` (a view, or any part of one) as JSON values."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):  # a player's text, a name (a computer seat's in words), an id
        return str(spoken(value))
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: plain(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        return [plain(item) for item in value]
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return plain(to_json())
    raise TypeError(f"no plain form for {type(value).__name__}")


def script(name: str) -> str:
    """One of the scripts or style sheets beside this module, by file name."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
