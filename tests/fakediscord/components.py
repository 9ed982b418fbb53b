"""Message components as a player sees them: buttons, select menus and modals, found in the
component JSON the bot sent (action rows, and the layout components of Components V2), and the
checks Discord applies to them (limits on what the bot may send, what a player may pick)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tests.fakediscord.core import invalid_form

BUTTON, STRING_SELECT, TEXT_INPUT, USER_SELECT = 2, 3, 4, 5
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE = 9, 10, 11, 12, 13
# Discord's limits on a Components V2 message, beyond what its API description states:
# components counted at every depth, and the text of all its text displays together.
V2_MAX_COMPONENTS = 40
V2_MAX_TEXT = 4000
ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 6, 7, 8
SELECTS = {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}
LINK_STYLE, PREMIUM_STYLE = 5, 6


@dataclass(frozen=True)
class Button:
    label: str | None
    custom_id: str | None
    style: int
    disabled: bool
    emoji: str | None
    url: str | None


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None
    default: bool


@dataclass(frozen=True)
class Select:
    custom_id: str
    type: int
    options: tuple[SelectOption, ...]
    min_values: int
    max_values: int
    disabled: bool
    placeholder: str | None

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(option.value for option in self.options)


@dataclass(frozen=True)
class TextInput:
    custom_id: str
    label: str
    style: int
    required: bool
    min_length: int
    max_length: int
    value: str | None


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first: rows, containers, sections' accessories, labels."""
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield from walk([component[key]])


def _emoji_text(emoji: Any) -> str | None:
    if not isinstance(emoji, dict):
        return None
    name = emoji.get("name")
    return str(name) if name is not None else None


def buttons(components: list[dict[str, Any]]) -> list[Button]:
    return [
        Button(
            label=c.get("label"),
            custom_id=c.get("custom_id"),
            style=int(c.get("style", 1)),
            disabled=bool(c.get("disabled", False)),
            emoji=_emoji_text(c.get("emoji")),
            url=c.get("url"),
        )
        for c in walk(components)
        if c.get("type") == BUTTON
    ]


def selects(components: list[dict[str, Any]]) -> list[Select]:
    found = []
    for c in walk(components):
        if c.get("type") not in SELECTS:
            continue
        options = tuple(
            SelectOption(
                label=str(o.get("label", "")),
                value=str(o.get("value", "")),
                description=o.get("description"),
                default=bool(o.get("default", False)),
            )
            for o in c.get("options") or []
        )
        found.append(
            Select(
                custom_id=str(c.get("custom_id", "")),
                type=int(c["type"]),
                options=options,
                min_values=int(c.get("min_values", 1)),
                max_values=int(c.get("max_values", 1)),
                disabled=bool(c.get("disabled", False)),
                placeholder=c.get("placeholder"),
            )
        )
    return found


def text_inputs(components: list[dict[str, Any]]) -> list[TextInput]:
    found = []
    for c in walk(components):
        if c.get("type") != TEXT_INPUT:
            continue
        found.append(
            TextInput(
                custom_id=str(c.get("custom_id", "")),
                # A V2 modal puts the label on the Label component around the input.
                label=str(c.get("label") or c.get("_label") or ""),
                style=int(c.get("style", 1)),
                required=bool(c.get("required", True)),
                min_length=int(c.get("min_length", 0)),
                max_length=int(c.get("max_length", 4000)),
                value=c.get("value"),
            )
        )
    return found


def label_inputs(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies Label (type 18) texts onto the text inputs they hold, so text_inputs sees them."""
    out = []
    for c in components:
        c = dict(c)
        if c.get("type") == 18 and isinstance(c.get("component"), dict):
            c["component"] = {**c["component"], "_label": c.get("label")}
        if c.get("components"):
            c["components"] = label_inputs(c["components"])
        out.append(c)
    return out


def modal_submit_components(components: list[dict[str, Any]], values: dict[str, str]) -> list[Any]:
    """The components of a MODAL_SUBMIT, mirroring the modal's shape (rows or labels)."""
    out: list[Any] = []
    for c in components:
        if c.get("type") == 1:
            out.append(
                {"type": 1, "components": modal_submit_components(c.get("components", []), values)}
            )
        elif c.get("type") == 18 and isinstance(c.get("component"), dict):
            inner = modal_submit_components([c["component"]], values)
            if inner:
                out.append({"type": 18, "component": inner[0]})
        elif c.get("type") == TEXT_INPUT:
            cid = str(c.get("custom_id", ""))
            out.append({"type": TEXT_INPUT, "custom_id": cid, "value": values.get(cid, "")})
    return out


def check_components(components: Any, *, v2: bool) -> None:
    """Discord's limits on components a bot sends (400 Invalid Form Body when broken)."""
    if not isinstance(components, list):
        raise invalid_form("components must be a list")
    if not v2 and len(components) > 5:
        raise invalid_form("a message has at most 5 action rows")
    if v2:
        _check_layout(components)
    custom_ids: set[str] = set()
    for c in walk(components):
        kind = c.get("type")
        if kind == 1 and not v2 and len(c.get("components", [])) > 5:
            raise invalid_form("an action row holds at most 5 components")
        if kind == BUTTON:
            _check_button(c)
        if kind in SELECTS:
            _check_select(c)
        cid = c.get("custom_id")
        if cid is not None:
            if not isinstance(cid, str) or not 1 <= len(cid) <= 100:
                raise invalid_form(f"custom_id must be 1 to 100 characters: {cid!r}")
            if cid in custom_ids:
                raise invalid_form(f"duplicate custom_id {cid!r} on one message")
            custom_ids.add(cid)


def _check_layout(components: list[dict[str, Any]]) -> None:
    every = list(walk(components))
    if len(every) > V2_MAX_COMPONENTS:
        raise invalid_form(
            f"a message has at most {V2_MAX_COMPONENTS} components in all, not {len(every)}"
        )
    text = sum(len(str(c.get("content") or "")) for c in every if c.get("type") == TEXT_DISPLAY)
    if text > V2_MAX_TEXT:
        raise invalid_form(f"the text displays of a message hold at most {V2_MAX_TEXT} characters")


def media_urls(components: list[dict[str, Any]]) -> list[str]:
    """The media a layout shows: its gallery items, thumbnails and files."""
    urls = []
    for c in walk(components):
        media = [item.get("media") for item in c.get("items") or []]
        media += [c.get("media"), c.get("file")]
        urls += [str(m["url"]) for m in media if isinstance(m, dict) and m.get("url")]
    return urls


def _check_button(c: dict[str, Any]) -> None:
    label = c.get("label")
    if label is not None and len(label) > 80:
        raise invalid_form(f"button label longer than 80 characters: {label!r}")
    if label is None and c.get("emoji") is None and c.get("style") != PREMIUM_STYLE:
        raise invalid_form("a button needs a label or an emoji")
    if c.get("style") == LINK_STYLE:
        if not c.get("url") or c.get("custom_id"):
            raise invalid_form("a link button has a url and no custom_id")
    elif c.get("style") != PREMIUM_STYLE and not c.get("custom_id"):
        raise invalid_form("a button needs a custom_id")


def _check_select(c: dict[str, Any]) -> None:
    options = c.get("options") or []
    if c.get("type") == STRING_SELECT and not 1 <= len(options) <= 25:
        raise invalid_form(f"a select menu has 1 to 25 options, not {len(options)}")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        raise invalid_form("select option values must be unique")
    for o in options:
        for key in ("label", "value"):
            if not 1 <= len(str(o.get(key, ""))) <= 100:
                raise invalid_form(f"select option {key} must be 1 to 100 characters: {o!r}")
        if len(str(o.get("description") or "")) > 100:
            raise invalid_form("select option description longer than 100 characters")
    if len(str(c.get("placeholder") or "")) > 150:
        raise invalid_form("select placeholder longer than 150 characters")
    low, high = int(c.get("min_values", 1)), int(c.get("max_values", 1))
    if not 0 <= low <= high <= 25 or (options and high > len(options)):
        raise invalid_form(f"select min_values/max_values out of range: {low}..{high}")


def check_modal(data: Any) -> None:
    if not isinstance(data, dict):
        raise invalid_form("a modal needs data")
    title, cid, components = data.get("title"), data.get("custom_id"), data.get("components")
    if not isinstance(title, str) or not 1 <= len(title) <= 45:
        raise invalid_form(f"modal title must be 1 to 45 characters: {title!r}")
    if not isinstance(cid, str) or not 1 <= len(cid) <= 100:
        raise invalid_form(f"modal custom_id must be 1 to 100 characters: {cid!r}")
    if not isinstance(components, list) or not 1 <= len(components) <= 5:
        raise invalid_form("a modal has 1 to 5 rows")
    inputs = text_inputs(label_inputs(components))
    if not inputs:
        raise invalid_form("a modal needs at least one text input")
    for field in inputs:
        if not 1 <= len(field.label) <= 45:
            raise invalid_form(f"text input label must be 1 to 45 characters: {field.label!r}")
