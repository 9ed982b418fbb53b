"""What a game's Discord part is made of, for every game kind: the controls it draws,
the steps a click leads to, what it reads of a game (`Table`, `Hand`) and the
contract it implements (`GameUI`).

Controls are buttons and select menus that survive restarts. A control's custom id
carries everything needed to act on it:
`g:<game id>:<state version>:<verb>[:<arg>:<arg>...]` (`s:` for select menus, `m:` for
forms). The two `DynamicItem` templates below are registered when the bot starts
(RoboDanny's pattern), so a click on a message sent before a restart still reaches the
router (`ControlHost`). The version lets the router answer "this control is out of
date" when the game moved on after the control was drawn.

A game's UI reads views only, never the engine: the session service hands it the
public view and each player's view of the current version, computed once.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

import discord

from bot.core.language import mention, private
from bot.core.storage import SeatRow, Status
from games.protocol import JSON, Action, Event, Outcome
from games.text import Listed, Text, _, joined

MESSAGE_LIMIT = 2000
"""Characters Discord accepts in a message's content."""


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text` cut to what one message holds (a refusal may quote long input, a table's
    words may run long). A text that fits is returned as it is, the same object: a
    `Text` stays translatable; a cut one is plain English."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _within(text: str, limit: int) -> str:
    """`text` cut to `limit` characters; the same object when it fits (a `Text` stays
    translatable)."""
    return text if len(text) <= limit else text[:limit]


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


class Verb(StrEnum):
    """The base of every enum of control verbs (`SharedVerb`, `LobbyVerb`, each game's
    own): a control is built from a member, never from a bare string. Its value is the
    word written into the custom id, so ids already sent still route. A parsed id's verb
    (`Control.verb`) is the word as it came, compared with the members."""


class SharedVerb(Verb):
    """Verbs of the controls every game shares; they only show things, so they stay
    valid whatever the game's version."""

    HAND = "hand"
    """The table's Show my hand."""
    BACK = "back"
    """Back from a second step (a card's target) to the hand message's own controls."""
    REMATCH = "rematch"
    """The game-over message's Rematch: the same seats and options again."""
    EXPORT = "export"
    """The game-over message's Export: the replay file."""
    WATCH = "watch"
    """The game-over message's Watch the replay: the animated replay."""
    ACTIVITY = "activity"
    """The table's Open the table: the game in the channel's Discord Activity."""


class LobbyVerb(Verb):
    """The lobby's and the challenge's buttons (bot/core/lobbies.py)."""

    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    CANCEL = "cancel"
    ACCEPT_GAME = "accept_game"
    DECLINE_GAME = "decline_game"
    AI_EASY = "ai_easy"
    AI_HARD = "ai_hard"
    AI_REMOVE = "ai_remove"
    LANGUAGE = "language"
    """The lobby's menu of the table's languages (a select: its value is the language)."""


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
    """The router (bot/exts/router.py): one entry point for every click and form,
    found as the bot's `router`."""

    async def handle_control(
        self, interaction: discord.Interaction[Any], control: Control, values: Sequence[str]
    ) -> None: ...


STARTING = _("The bot is starting; try again in a moment.")


async def _dispatch(
    interaction: discord.Interaction[Any], control: Control, values: Sequence[str]
) -> None:
    router = getattr(interaction.client, "router", None)
    if not isinstance(router, ControlHost):  # the router extension has not loaded (yet)
        speech = await private(interaction)
        await interaction.response.send_message(speech(STARTING), ephemeral=True)
        return
    await router.handle_control(interaction, control, values)


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
                label=_within(label, 80),
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
                placeholder=_within(placeholder, 150),
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


# -- what a click leads to ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Act:
    """A control step that ends in an action: the engine's typed action."""

    action: Action


@dataclass(frozen=True, slots=True)
class Show:
    """A control step that only shows further choices (e.g. the target of a card)."""

    text: str
    items: Sequence[discord.ui.Item[Any]]


@dataclass(frozen=True, slots=True)
class Ask:
    """A control step that opens a form (a modal). Its custom id is a control id with the
    prefix "m", so the submission comes back to `GameUI.on_control` with the fields'
    values, in the modal's order, even after a restart."""

    modal: discord.ui.Modal


Step = Act | Show | Ask


@dataclass(frozen=True, slots=True)
class Post:
    """A message for the channel caused by some events (a score sheet, the winners).
    `image` is drawn in the thread pool from the public view."""

    text: str
    image: Callable[[Any], Any] | None = None
    """A function public view -> PIL image (a renderer of render/), or None for words only."""
    filename: str = "image.png"
    alt: str | None = None
    """What the picture shows, in words; None: the text."""
    items: tuple[discord.ui.Item[Any], ...] = ()
    """Buttons under the message."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    name: str
    place: int
    score: int
    best_round: int | None = None


# -- what a game's UI reads ------------------------------------------------------------

PublicT = TypeVar("PublicT")
PlayerT = TypeVar("PlayerT")


@dataclass(frozen=True, slots=True)
class Table(Generic[PublicT]):
    """One version of a game as its UI reads it: the public view, the seats and who is
    awaited; never the engine."""

    game: int
    version: int
    channel_id: int
    status: Status
    seats: tuple[SeatRow, ...]
    players: tuple[str, ...]
    """The engine's players, in seat order (a player who left stays listed)."""
    awaiting: tuple[str, ...]
    view: PublicT
    outcome: Outcome | None
    """How the game ended, once it is over."""

    @property
    def running(self) -> bool:
        return self.status == Status.RUNNING

    def mention(self, name: str) -> str:
        """A person's mention; a computer player's seat (negative user id) by its label."""
        user_id = next((seat.user_id for seat in self.seats if seat.name == name), None)
        return mention(user_id) if user_id is not None and user_id > 0 else self.label(name)

    def label(self, name: str) -> str:
        """A seat's name, said to be played by the computer when it took the seat over
        (a player kicked or absent): whoever wins there is not that player."""
        if any(seat.name == name and seat.replaced_user_id is not None for seat in self.seats):
            # TRANSLATORS: a player's seat that the computer now plays: "bob (computer)".
            return _("{player} (computer)", player=name)
        return name

    def people(self, names: Sequence[str]) -> list[str]:
        """Those of `names` seated as people: turn lines never address a computer seat."""
        ai = {seat.name for seat in self.seats if seat.is_ai}
        return [name for name in names if name not in ai]

    def name_of(self, user_id: int) -> str | None:
        """The seat name of a Discord user, or None if they do not play here."""
        return next((seat.name for seat in self.seats if seat.user_id == user_id), None)

    def control(self, verb: Verb, *args: str) -> Control:
        """A control of this game drawn at this version."""
        return Control(self.game, self.version, verb, args)


@dataclass(frozen=True, slots=True)
class Hand(Generic[PlayerT]):
    """One player's part of a version: what they see and what they may do."""

    table: Table[Any]
    name: str
    view: PlayerT
    legal: tuple[Any, ...]
    """The engine's legal actions for this player now (typed actions)."""


@dataclass(frozen=True, slots=True)
class TableMessage:
    """A table message's words in the two places its layout shows them: over the
    picture, what the table awaits, the game's line and each seat's figures; under it,
    the last actions. On a phone whose turn it is and what just happened frame the
    picture; on a desktop every figure a turn needs is native text."""

    head: str
    """The game's line: its title, number and where it stands (hand, round, move)."""
    status: str = ""
    """What the table awaits, in words; a turn line naming the awaited people stands in
    for it (`top`)."""
    news: str = ""
    """A line under the status that the last move alone brings (a pruning)."""
    seats: tuple[str, ...] = ()
    actions: str = ""

    def top(self, turn: str | None = None) -> str:
        """The words over the picture: the `turn` line (else the status), the game's line,
        the news, each seat's figures."""
        lines = [turn or self.status, self.head, self.news, *self.seats]
        return joined("\n", [line for line in lines if line])

    @property
    def text(self) -> str:
        """All of it: where one text stands for the whole table."""
        return joined("\n", [self.top(), self.actions]) if self.actions else self.top()


def table_message(
    table: Table[Any],
    head: str,
    status: str,
    recent: Sequence[str],
    count: int,
    seats: Sequence[str] = (),
    news: str = "",
) -> TableMessage:
    """A table message's words: the head line, the status, each seat's figures, then the
    last `count` actions with words, a bullet each (or, once abandoned, that no result
    is recorded)."""
    if table.status == Status.ABANDONED:
        return TableMessage(head, _("This game was abandoned; no result is recorded."))
    # Under the picture, a list needs no heading: the bullets say what it is.
    shown = [Text.verbatim("- {action}", action=text) for text in recent if text][-count:]
    return TableMessage(head, status, news, tuple(seats), joined("\n", shown) if shown else "")


class GameUI(abc.ABC, Generic[PublicT, PlayerT]):
    """One game's words and controls, typed by its game's public and player views. Its
    pictures, names and commands are in the game's record (bot/core/kinds.py). Words
    are `Text`s (games/text.py): a plain string inside one is a name, escaped in a
    Discord message, so markup belongs in templates."""

    unversioned_verbs: ClassVar[frozenset[str]] = frozenset(SharedVerb)
    """Verbs that stay valid whatever the version (they only show things)."""

    # -- words ---------------------------------------------------------------------

    @abc.abstractmethod
    def lobby_options_text(self, options: Mapping[str, JSON]) -> str:
        """The options chosen at start, in words, for the lobby message."""

    @abc.abstractmethod
    def table_text(self, table: Table[PublicT]) -> TableMessage:
        """The table message's words: the game's line, each seat's figures, the last
        actions (`table_message`)."""

    def seat_lines(self, table: Table[PublicT]) -> list[str]:
        """Each seat's figures in one line (name, total or score, and what a turn depends
        on: a market, cards in hand, lost turns), as native text beside the picture."""
        return []

    def table_words(self, table: Table[PublicT]) -> str:
        """The table as words, for channels where the bot may not attach pictures."""
        return ""

    def table_alt(self, table: Table[PublicT]) -> str:
        """The table picture's description for screen readers: `table_words` unless
        those are too long to hear (a board drawn as text)."""
        return self.table_words(table)

    def hand_alt(self, hand: Hand[PlayerT]) -> str:
        """A hand picture's description for screen readers: the hand message's words
        unless the picture says more in fewer words."""
        return self.private_text(hand)

    @abc.abstractmethod
    def hand_heading(self, hand: Hand[PlayerT]) -> str:
        """The first line of one player's hand message: which game it belongs to, seen
        at first sight when several run ("**Your Grass hand** (game 12 in #general)")."""

    @abc.abstractmethod
    def hand_text(self, hand: Hand[PlayerT]) -> str:
        """The words of one player's hand message under its heading (their own view
        only)."""

    def private_text(self, hand: Hand[PlayerT]) -> str:
        """The whole words of one player's hand message: its heading, then the rest."""
        return joined("\n", [self.hand_heading(hand), self.hand_text(hand)])

    @abc.abstractmethod
    def turn_text(self, table: Table[PublicT], newly_awaited: Sequence[str]) -> str | None:
        """A short channel message when players' moments begin (`Table.mention` them)."""

    def turn_starts(self, events: Sequence[Event]) -> set[str]:
        """Players whose turn began with these events, even if they were already awaited
        (a player who moves again after everyone else lost their turn): they get a new
        DM and a ping, so Discord notifies them."""
        return set()

    def asked(self, table: Table[PublicT], events: Sequence[Event]) -> set[str]:
        """Players these events ask for an answer only they can give (a trade offered
        to them): their new hand message notifies them even when they were at the table
        a moment ago (bot/core/pushes.py)."""
        return set()

    def page_menus(self, view: PlayerT) -> dict[str, JSON]:
        """What this player's menus in the chat offer beyond the legal actions, for the
        Activity's page to offer the same (Grass: the cards worth asking for in a trade)."""
        return {}

    def notice_turn(self, table: Table[PublicT]) -> Hashable | None:
        """What tells one turn from the next, for games where a player may become awaited
        several times in one turn (a Grass partner offered trade after trade): each is
        notified once per turn, later moments only update their hand message. None:
        every moment is notified."""
        return None

    def posts(self, table: Table[PublicT], events: Sequence[Event]) -> list[Post]:
        """Extra channel messages caused by these events (the game-over message is the
        shared machinery's: bot/core/summary.py)."""
        return []

    def ending(self, outcome: Outcome) -> str | None:
        """How a finished game ended, as a word kept with it for the scoreboards (Graps:
        "reached", "stuck"); None where the kind keeps none."""
        return None

    def game_over_text(self, table: Table[PublicT]) -> str:
        """The game-over message's first line: the winners first."""
        winners = [table.mention(r.name) for r in self.results(table) if r.place == 1]
        if winners:
            return _("**Game over!** Congratulations {winners}.", winners=Listed(winners))
        return _("**Game over!**")

    def news(self, hand: Hand[PlayerT], events: Sequence[Event]) -> list[str]:
        """What these events changed for this player that their hand message does not
        show by itself ("You passed Panama to bob and received Bust from cy"), from the
        engine's private words: the top of their redrawn hand message, under its heading.
        Default: none."""
        return []

    def hand_shows(self, table: Table[PublicT], name: str) -> tuple[Hashable, ...] | None:
        """What a player's hand message shows of the public view, beyond their own view
        and choices (a Gracias reserve filled by another player's gift): a change to it
        redraws the message. None: nothing."""
        return None

    @abc.abstractmethod
    def results(self, table: Table[PublicT]) -> list[SeatResult]:
        """Places and scores once the game is over (`table.outcome` is set)."""

    # -- controls ------------------------------------------------------------------

    @abc.abstractmethod
    def controls(self, hand: Hand[PlayerT]) -> list[discord.ui.Item[Any]]:
        """The controls of one player's hand message: only legal choices."""

    @abc.abstractmethod
    def on_control(self, hand: Hand[PlayerT], control: Control, values: Sequence[str]) -> Step:
        """What a click means; raise `Refusal` for nonsense (forged ids)."""


AnyUI = GameUI[Any, Any]
"""A game UI of any kind, for the machinery that serves them all."""
