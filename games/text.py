"""Words for players that can still be translated.

A `Text` is a `str`: its value is the English sentence, so every caller that only
needs English (the replay CLI, logs, tests, the state documents) reads it as before.
It also keeps what a translation needs: the English message id with its named
`{fields}`, the plural form and its count, a context for short words that mean two
things, and the fields' values. Translation happens at the edges (lang/), where the
reader's language is known: a player's DMs in theirs, the table in the game's.

Fields keep their kind so that each language writes them its own way: `Money` for
dollars ("$25,000", "25 000 $"), `Listed` for "ann, bob and cy" (its conjunction
translated), `Text` for words to translate in turn; other strings (names, card
titles as printed, what a player typed) and numbers are written as they are, except
where the medium has markup: a Discord message escapes a plain string field, so that
a name reads as itself and never as a link, bold or a mention (bot/core/language.py).
So a message's own words and markup are always a template, never a plain string
field; `literal` makes fixed words (a board drawn in a code block) a `Text`.

Message ids are the English sentences (the gettext convention): the code reads as
what players see, and English needs no catalog.

`_`, `_n` and `_p` are the markers `pybabel extract` looks for (lang/README.md).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Self

from games.words import duration, listed, money


class Money(int):
    """An amount of dollars, written the way the reader's language writes amounts."""

    def __str__(self) -> str:
        return money(self)

    __repr__ = int.__repr__


class Duration(int):
    """A length of time in seconds, said in one rounded unit in the reader's language
    ("90 minutes", "2 days")."""

    def __str__(self) -> str:
        return duration(self)

    __repr__ = int.__repr__


class Listed(tuple[Any, ...]):
    """Items a sentence lists: "ann, bob and cy" (`last` "or": "ann, bob or cy")."""

    last: str

    def __new__(cls, items: Iterable[Any], last: str = "and") -> Self:
        made = super().__new__(cls, tuple(items))
        made.last = last
        return made

    def __str__(self) -> str:
        return listed([str(item) for item in self], self.last)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Listed, (tuple(self), self.last))


_FORMATTER = string.Formatter()


def field_names(template: str) -> set[str]:
    """The `{names}` a message template formats ("{player} played {card}")."""
    return {name for _lit, name, _spec, _conv in _FORMATTER.parse(template) if name}


class Text(str):
    """An English sentence for players, with what its translation needs (see the module
    docstring). Made with `_`, `_n`, `_p` or `Text.verbatim`, never by hand."""

    msgid: str
    plural: str | None
    number: int | None
    context: str | None
    fields: Mapping[str, Any]
    translatable: bool

    def __new__(
        cls,
        msgid: str,
        fields: Mapping[str, Any],
        *,
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
        translatable: bool = True,
    ) -> Self:
        template = plural if plural is not None and count != 1 else msgid
        english = template.format(**{name: _english(value) for name, value in fields.items()})
        made = super().__new__(cls, english)
        made.msgid = msgid
        made.plural = plural
        made.number = count
        made.context = context
        made.fields = dict(fields)
        made.translatable = translatable
        return made

    @classmethod
    def verbatim(cls, template: str, /, **fields: Any) -> Text:
        """A frame that is the same in every language (markdown, punctuation around
        fields): "**{title}**", "{line}\\n{more}". Its fields are still translated."""
        return cls(template, fields, translatable=False)

    def __str__(self) -> str:
        # Itself, not a plain copy: libraries that call `str()` on what they are given
        # (discord.py on a button's label) keep the translation.
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # str's own reduction would rebuild from the English alone (copy, deepcopy, pickle).
        keywords = {
            "plural": self.plural,
            "count": self.number,
            "context": self.context,
            "translatable": self.translatable,
        }
        return (_rebuild, (self.msgid, dict(self.fields), keywords))

    def with_fields(self, **fields: Any) -> Text:
        """The same message with some of its fields changed (a name made a mention)."""
        keywords = {
            "plural": self.plural,
            "count": self.number,
            "context": self.context,
            "translatable": self.translatable,
        }
        return _rebuild(self.msgid, {**self.fields, **fields}, keywords)

    def to_json(self) -> dict[str, Any]:
        """The message as JSON, for states that keep their texts translatable."""
        data: dict[str, Any] = {
            "msgid": self.msgid,
            "fields": {k: _encode(v) for k, v in self.fields.items()},
        }
        if self.plural is not None:
            data.update(plural=self.plural, count=self.number)
        if self.context is not None:
            data["context"] = self.context
        if not self.translatable:
            data["verbatim"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        fields = {str(k): _decode(v) for k, v in dict(data["fields"]).items()}
        return cls(
            str(data["msgid"]),
            fields,
            plural=data.get("plural"),
            count=data.get("count"),
            context=data.get("context"),
            translatable=not data.get("verbatim", False),
        )


def _rebuild(msgid: str, fields: Mapping[str, Any], keywords: Mapping[str, Any]) -> Text:
    return Text(msgid, fields, **keywords)


def _english(value: Any) -> Any:
    """A field as English writes it; plain numbers stay numbers for their format spec."""
    if isinstance(value, Text | Money | Listed):
        return str(value)
    return value


def _encode(value: Any) -> Any:
    if isinstance(value, Text):
        return {"text": value.to_json()}
    if isinstance(value, Money):
        return {"money": int(value)}
    if isinstance(value, Duration):
        return {"duration": int(value)}
    if isinstance(value, Listed):
        return {"list": [_encode(item) for item in value], "last": value.last}
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"a message field cannot hold {value!r}")
    return value if isinstance(value, int) else str(value)


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if "text" in value:
            return Text.from_json(value["text"])
        if "money" in value:
            return Money(value["money"])
        if "duration" in value:
            return Duration(value["duration"])
        if "list" in value:
            return Listed((_decode(item) for item in value["list"]), str(value["last"]))
        raise ValueError(f"not a message field: {value!r}")
    return value


def joined(separator: str, parts: Iterable[str]) -> Text:
    """`separator.join(parts)`, each part translated on its own."""
    items = list(parts)
    escaped = separator.replace("{", "{{").replace("}", "}}")
    template = escaped.join(f"{{p{index}}}" for index in range(len(items)))
    return Text(template, {f"p{i}": item for i, item in enumerate(items)}, translatable=False)


def literal(words: str) -> Text:
    """`words` exactly, in every language and every medium: a fixed drawing (a board
    in a code block), never a name."""
    return Text(words.replace("{", "{{").replace("}", "}}"), {}, translatable=False)


def _(msgid: str, /, **fields: Any) -> Text:
    """A sentence to translate: `_("{player} played {card}", player=..., card=...)`."""
    return Text(msgid, fields)


def _n(singular: str, plural: str, count: int, /, **fields: Any) -> Text:
    """A sentence whose form depends on a number, `{count}` in both forms:
    `_n("{count} turn", "{count} turns", n)`."""
    return Text(singular, {"count": count, **fields}, plural=plural, count=count)


def _p(context: str, msgid: str, /, **fields: Any) -> Text:
    """A short word that means different things in different places: `_p("button",
    "Play")` beside `_p("card", "Play")`."""
    return Text(msgid, fields, context=context)


def saved(texts: Sequence[str]) -> list[Any] | None:
    """What a saved state keeps of `texts` beside their English, so that they still
    translate once loaded: each `Text`'s message (None for a plain string); None when
    none is a `Text`."""
    if not any(isinstance(text, Text) for text in texts):
        return None
    return [text.to_json() if isinstance(text, Text) else None for text in texts]


def restored(english: Sequence[str], messages: Any) -> list[str]:
    """The texts of a loaded state: each rebuilt from the message the state kept
    (`saved`) when it still reads as the same English, else the English as it is (a
    state saved before texts were kept, or a message the code no longer makes)."""
    texts = [str(text) for text in english]
    if not isinstance(messages, list) or len(messages) != len(texts):
        return texts
    for index, message in enumerate(messages):
        if not isinstance(message, dict):
            continue
        try:
            rebuilt = Text.from_json(message)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            continue
        if rebuilt == texts[index]:
            texts[index] = rebuilt
    return texts
