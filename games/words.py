"""English words the engines' event texts and the bot's messages share."""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: int, word: str, words: str | None = None) -> str:
    """`count` with its noun: "1 turn", "2 turns", "0 cells" (`words` when the plural
    is not the noun plus "s": "1 trio" / "3 trios" needs none, "1 body" / "bodies")."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def listed(items: Sequence[str], last: str = "and") -> str:
    """Items as a sentence lists them: "ann", "ann and bob", "ann, bob and cy" (`last`:
    the word before the last one, "or" for a choice)."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def money(amount: int) -> str:
    """Dollars as players read them: "$25,000", with a minus sign in front for a loss
    ("-$5,000")."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


_UNITS = (
    ("year", 365 * 86400),
    ("month", 30 * 86400),
    ("week", 7 * 86400),
    ("day", 86400),
    ("hour", 3600),
    ("minute", 60),
    ("second", 1),
)
DURATION_THRESHOLD = 2
"""A duration is said in a unit once it holds two of them: "90 minutes", "2 hours",
"47 hours", "2 days" (the way the other languages say it too, lang/)."""


def duration(seconds: int) -> str:
    """A length of time in one rounded unit: "45 seconds", "90 minutes", "2 days"."""
    for unit, size in _UNITS:
        value = abs(seconds) / size
        if value >= DURATION_THRESHOLD or unit == "second":
            count = round(max(1, value) if unit == "second" and value > 0 else value)
            return plural(count, unit)
    raise AssertionError("the last unit always answers")
