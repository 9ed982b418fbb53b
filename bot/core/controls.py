"""Buttons and select menus that survive restarts, for every game kind.

A control's custom id carries everything needed to act on it:
`g:<game id>:<state version>:<verb>[:<arg>:<arg>...]` (`s:` for select menus). The two `DynamicItem`
templates below are registered when the bot starts (RoboDanny's pattern), so a click
on a message sent before a restart still reaches `ControlHost.handle_control`.
The version lets the session service answer "this control is out of date" when the
game moved on after the control was drawn.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

import discord

# ASCII only: `\d` and `\w` would also accept other scripts' digits and letters ("٣", "²"),
# which a forged id could carry into `int()`.
_TAIL = (
    r":(?P<game>[0-9]{1,19}):(?P<ver>[0-9]{1,9}):(?P<verb>[a-z_]{1,20})"
    r"(?P<args>(?::[A-Za-z0-9_.+-]*)*)"
)
BUTTON_TEMPLATE = "g" + _TAIL
SELECT_TEMPLATE = "s" + _TAIL
MODAL_TEMPLATE = "m" + _TAIL
MAX_CUSTOM_ID = 100

ANY_VERSION = 0
"""The version written into controls whose meaning never changes with the game (the
lobby's buttons, the table's Show my hand): the router does not check it."""


class SharedVerb(StrEnum):
    """Verbs of the controls every game shares; they only show things, so they stay
    valid whatever the game's version."""

    HAND = "hand"
    """The table's Show my hand."""
    BACK = "back"
    """Back from a second step (a card's target) to the hand message's own controls."""


class LobbyVerb(StrEnum):
    """The lobby's and the challenge's buttons (bot/exts/lobby.py)."""

    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    CANCEL = "cancel"
    ACCEPT_GAME = "accept_game"
    DECLINE_GAME = "decline_game"
    AI_EASY = "ai_easy"
    AI_HARD = "ai_hard"
    AI_REMOVE = "ai_remove"


def small_index(text: str, size: int = 1000) -> int | None:
    """`text` as a number below `size` (a seat index, a trio number), or None: plain ASCII
    digits only, at most three, so nothing a player or a forger types reaches `int()`
    unchecked ("²".isdigit() is true, and `int("²")` raises)."""
    if re.fullmatch("[0-9]{1,3}", text) is None:
        return None
    index = int(text)
    return index if index < size else None


@dataclass(frozen=True, slots=True)
class Control:
    """A parsed custom id. `args` are short words: card ids, seat numbers, indexes."""

    game: int
    version: int
    verb: str
    args: tuple[str, ...] = ()

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Control:
        args = match["args"] or ""
        return cls(
            int(match["game"]),
            int(match["ver"]),
            match["verb"],
            tuple(args.split(":")[1:]) if args else (),
        )

    def custom_id(self, prefix: str = "g") -> str:
        text = ":".join([prefix, str(self.game), str(self.version), self.verb, *self.args])
        if len(text) > MAX_CUSTOM_ID or not re.fullmatch(prefix + _TAIL, text):
            raise ValueError(f"not a valid control id: {text!r}")
        return text


@runtime_checkable
class ControlHost(Protocol):
    """What the bot offers the controls: one entry point for every click."""

    async def handle_control(
        self, interaction: discord.Interaction[Any], control: Control, values: Sequence[str]
    ) -> None: ...


async def _dispatch(
    interaction: discord.Interaction[Any], control: Control, values: Sequence[str]
) -> None:
    client = interaction.client
    if not isinstance(client, ControlHost):  # pragma: no cover - wiring error
        raise TypeError("the client does not handle game controls")
    await client.handle_control(interaction, control, values)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    def __init__(
        self,
        control: Control,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=control.custom_id(),
                disabled=disabled,
                row=row,
            )
        )
        self.control = control

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameButton:
        label = getattr(item, "label", None) or "?"
        return cls(Control.from_match(match), label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _dispatch(interaction, self.control, ())


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    def __init__(
        self,
        control: Control,
        placeholder: str,
        options: Sequence[discord.SelectOption],
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        options = [_fit(option) for option in options[:25]]
        super().__init__(
            discord.ui.Select(
                custom_id=control.custom_id("s"),
                placeholder=placeholder[:150],
                options=list(options)[:25],
                min_values=min_values,
                max_values=min(max_values, len(options[:25]) or 1),
                row=row,
            )
        )
        self.control = control

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameSelect:
        options = list(getattr(item, "options", [])) or [discord.SelectOption(label="?")]
        return cls(Control.from_match(match), "", options)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _dispatch(interaction, self.control, tuple(self.item.values))


def _fit(option: discord.SelectOption) -> discord.SelectOption:
    """Discord refuses labels and descriptions over 100 characters."""
    if len(option.label) > 100:
        option.label = option.label[:99] + "…"
    if option.description and len(option.description) > 100:
        option.description = option.description[:99] + "…"
    return option


def view_of(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A view holding only dynamic items: discord.py routes them by template and keeps
    no per-message state, so nothing is lost on a restart."""
    view = discord.ui.View(timeout=None)
    for item in items[:25]:
        view.add_item(item)
    return view
