"""Gracias's thin Discord part: its pictures, words and controls on the shared machinery.

A turn is played as in the box (C5), in the notation's two steps (docs/notation.md), two
picks: the mover picks a trio from a menu (`{"trio": K}`; the last trio of a turn is a
button); its face-down card joins their hidden cards and their hand message, which only
they see, shows it; then one button per "give this card to that player, keep the
other" (`{"keep", "give_to"}`). Taking and splitting cannot be one pick: the split is
chosen knowing the face-down card, which is seen only once the trio is taken.
The channel shows the public table only; hidden cards are in the hand message (DM, or
ephemeral through `/gracias hand`). Rule ids: C2, C3, C5, C6, C8 and the leave rule.

Every colour is written with its symbol and its id ("♥ red"), so the words read without
telling colours apart (C1); the typed commands (cog.py) use the same words and parse
colours typed the same ways.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

import discord

from bot.core.errors import Refusal
from bot.core.gameui import (
    Act,
    Control,
    GameButton,
    GameSelect,
    GameUI,
    Hand,
    Post,
    SeatResult,
    Step,
    Table,
    TableMessage,
    Verb,
    small_index,
    table_message,
)
from bot.core.kinds import Pictures, Words
from bot.core.language import channel_mention
from bot.core.storage import Status
from games.gracias import (
    COLOURS,
    Colour,
    ColourCounts,
    GraciasEventKind,
    GraciasPlayerView,
    GraciasPublicView,
    Phase,
    SplitTrio,
    TrioView,
)
from games.gracias.actions import GraciasAction, TakeTrio
from games.gracias.scoring import ranking_key
from games.gracias.views import SeatView, turn_started
from games.protocol import JSON, Event, quoted
from games.text import Listed, Text, _, _n, _p, joined
from render.gracias import hidden_image, round_score_image, table_image
from render.gracias.scores import round_score_text
from render.progress import gracias_progress_image, gracias_progress_text

# -- words ----------------------------------------------------------------------


def colour_label(colour: Colour) -> Text:
    """ "♥ red": the colour's symbol and its name (`Colour.word`, translated)."""
    return Text.verbatim("{symbol} {colour}", symbol=colour.symbol, colour=colour.word)


def colour_list(colours: Iterable[Colour]) -> Text:
    """Colours in the order given (hidden cards in the order taken, C5)."""
    labels = [colour_label(colour) for colour in colours]
    # TRANSLATORS: in place of a list of hidden cards that is empty.
    return joined(", ", labels) if labels else _p("hidden cards", "none")


def counts_text(counts: ColourCounts) -> Text:
    """A reserve as "2 ♥ red, 1 ◆ blue" (only the colours held), or "empty"."""
    held = [
        Text.verbatim("{count} {colour}", count=n, colour=colour_label(colour))
        for colour, n in counts.items()
        if n
    ]
    return joined(", ", held) if held else _p("reserve", "empty")


def counts_symbols(counts: ColourCounts) -> Text:
    """A reserve in a seat's line on the table message, as "♥2 ◆1": the shapes the
    picture beside it draws the colours with, only the colours held."""
    held = [
        Text.verbatim("{symbol}{count}", symbol=colour.symbol, count=n)
        for colour, n in counts.items()
        if n
    ]
    return joined(" ", held) if held else _p("reserve", "empty")


def trio_text(trio: TrioView, start: bool = False) -> Text:
    """A trio as the table shows it: its face-up cards and whether a face-down card lies
    there (never its colour, C5). `start`: at the start of a sentence ("Trio 2: ...")."""
    up = [colour_label(colour) for colour in trio.face_up]
    # TRANSLATORS: a trio whose face-up cards are gone: its taker kept one, gave the other.
    cards = joined(" + ", up) if up else _p("trio", "split")
    if trio.has_face_down:
        cards = _("{cards} + a face-down card", cards=cards)
    if start:
        return _("Trio {number}: {cards}", number=trio.number, cards=cards)
    return _("trio {number}: {cards}", number=trio.number, cards=cards)


def give_label(give: Colour, to: str) -> Text:
    """A keep/give button's words: the card given and to whom (the other is kept, C5)."""
    return _("Give {colour} to {player}", colour=colour_label(give), player=to)


def parse_colour(text: str) -> Colour:
    """A colour from its id, letter or symbol ("red", "R", "♥"), case ignored."""
    wanted = text.strip().lower()
    for colour in Colour:
        if wanted in (colour.id, colour.letter.lower(), colour.symbol, colour_label(colour)):
            return colour
    # TRANSLATORS: {colours} are the colours as players type them, "red, orange ... or purple".
    raise Refusal(
        _(
            "{typed} is not a Gracias colour; use {colours}.",
            typed=quoted(text),
            colours=Listed([colour.id for colour in COLOURS], "or"),
        )
    )


WORDS = Words(
    "Gracias",
    left_text=_("You left the game; your reserve and hidden cards left the round."),
    rules_caption=_("The rules of Gracias as this bot plays them:"),
    part=lambda round_: _("round {round}", round=round_),
    no_part=lambda asked, count: _n(
        "That game had no round {round}: it had {count} round.",
        "That game had no round {round}: it had {count} rounds.",
        count,
        round=asked,
    ),
)
"""What the shared commands and messages say about Gracias."""


# -- the UI ---------------------------------------------------------------------

PICTURES = Pictures(
    table_image,
    hidden_image,
    round_score_image,
    gracias_progress_image,
    gracias_progress_text,
    round_score_text,
)

Public = Table[GraciasPublicView]
Player = Hand[GraciasPlayerView]

RECENT_LINES = 4
"""The last actions the table message lists under its picture: a round of four
players' moves, and the message still stands in about one phone screen."""


class GraciasVerb(Verb):
    """The verbs of Gracias's own controls (their custom ids: bot/core/gameui.py)."""

    TAKE = "take"
    """A trio: the menu `take` (the value is its number), or the button `take:K`."""
    SPLIT = "split"
    """Keep one card, give the other: the buttons `split:COLOUR:SEAT` (the kept colour,
    the receiver's seat index), or the menu `split` of earlier versions, whose value is
    "COLOUR:SEAT"."""


MAX_BUTTONS_IN_ROW = 5
"""Discord's buttons in one row of a message."""


def _other(face_up: Sequence[Colour], keep: Colour) -> Colour:
    """The face-up card given away when `keep` is kept (C5: exactly one of each)."""
    first, second = face_up
    return second if first == keep else first


def take_controls(table: Public, takes: Sequence[TrioView]) -> list[discord.ui.Item[Any]]:
    """The first pick of a turn (C5): which trio. It has to be a pick of its own, since
    the face-down card is seen only once the trio is taken, and the keep/give choice
    depends on it. The last trio of a turn is no choice: one button, one tap."""
    if len(takes) == 1:
        trio = takes[0]
        control = table.control(GraciasVerb.TAKE, str(trio.number))
        label = _("Take {trio}", trio=trio_text(trio))
        return [GameButton(control, label, discord.ButtonStyle.primary)]
    options = [
        discord.SelectOption(label=trio_text(trio, start=True), value=str(trio.number))
        for trio in takes
    ]
    return [GameSelect(table.control(GraciasVerb.TAKE), _("Take a trio…"), options)]


def split_controls(
    table: Public, face_up: Sequence[Colour], splits: Sequence[SplitTrio]
) -> list[discord.ui.Item[Any]]:
    """The second pick (C5): keeping one card and giving the other to an opponent are
    one choice, a button "Give ◆ blue to bob" (the other card is kept): a row per card
    that may be given, a button per opponent (at most 2 x 5, 6 players)."""
    seats = {seat.name: index for index, seat in enumerate(table.view.seats)}
    kept = list(dict.fromkeys(split.keep for split in splits))
    rows = [[split for split in splits if split.keep == keep] for keep in kept]
    if any(len(row) > MAX_BUTTONS_IN_ROW for row in rows):  # not with 6 players at most
        options = [
            discord.SelectOption(
                label=give_label(_other(face_up, a.keep), a.give_to),
                value=f"{a.keep.id}:{seats[a.give_to]}",
            )
            for a in splits
        ]
        return [GameSelect(table.control(GraciasVerb.SPLIT), _("Give a card to…"), options)]
    return [
        GameButton(
            table.control(GraciasVerb.SPLIT, split.keep.id, str(seats[split.give_to])),
            give_label(_other(face_up, split.keep), split.give_to),
            row=number,
        )
        for number, row in enumerate(rows)
        for split in row
    ]


def clicked_action(hand: Player, control: Control, values: Sequence[str]) -> GraciasAction | None:
    """The action a take or keep/give control means, from a menu's value or a button's
    id; None for anything else (a forged id). The engine judges the rest (C5)."""
    if len(values) > 1:
        return None
    text = values[0] if values else ":".join(control.args)
    if control.verb == GraciasVerb.TAKE:
        trio = small_index(text)
        return None if trio is None else TakeTrio(hand.name, trio)
    if control.verb == GraciasVerb.SPLIT:
        colour_id, _colon, seat = text.partition(":")
        seats = hand.view.public.seats
        index = small_index(seat, len(seats))
        colour = next((c for c in COLOURS if c.id == colour_id), None)
        if colour is not None and index is not None:
            return SplitTrio(hand.name, colour, seats[index].name)
    return None


class GraciasUI(GameUI[GraciasPublicView, GraciasPlayerView]):
    # -- words ---------------------------------------------------------------------

    def lobby_options_text(self, options: Mapping[str, JSON]) -> str:
        return _(
            "3 rounds of 4 turns; seats in the order players joined, and the first seat opens."
        )

    def status_line(self, view: GraciasPublicView) -> Text:
        if view.phase is Phase.OVER:
            winners = Listed(view.winners)
            if len(view.winners) == 1:
                return _("Game over: {players} wins.", players=winners)
            return _("Game over: {players} share the win.", players=winners)
        if view.choosing is not None:
            return _(
                "{player} took trio {number}: keeping one face-up card and giving the other.",
                player=view.to_move,
                number=view.choosing,
            )
        return _("{player}'s turn: take a trio.", player=view.to_move)

    def table_text(self, table: Public) -> TableMessage:
        view = table.view
        head = joined(
            " · ",
            [
                Text.verbatim("**{title}**", title=WORDS.title),
                _("game {number}", number=table.game),
                _("round {number} of {count}", number=view.round, count=3),
                _("turn {number} of {count}", number=view.turn, count=4),
                # TRANSLATORS: the player who opens the round's turns (Gracias).
                _("big opener {player}", player=view.big_opener),
            ],
        )
        status = self.status_line(view)
        seats = self.seat_lines(table)
        return table_message(table, head, status, view.recent, RECENT_LINES, seats)

    def seat_lines(self, table: Public) -> list[str]:
        return [
            self._seat_line(table, seat, counts_symbols(seat.reserve)) for seat in table.view.seats
        ]

    def _seat_line(self, table: Public, seat: SeatView, reserve: Text) -> Text:
        """A seat's figures: its total, its `reserve` as given, its hidden cards."""
        player = Text.verbatim("**{player}**", player=table.label(seat.name))
        total = _("total {points}", points=seat.total)
        if not seat.in_game:
            left = _("**{player}** left the game", player=table.label(seat.name))
            return joined(" · ", [left, total])
        # TRANSLATORS: how many hidden cards a player holds. One form in English.
        hidden = _n("{count} hidden", "{count} hidden", seat.hidden_count)
        return joined(" · ", [player, total, reserve, hidden])

    def table_words(self, table: Public) -> str:
        view = table.view
        lines: list[str] = []
        for trio in view.trios:
            if trio.taken:
                lines.append(
                    _("{trio} (taken by {player})", trio=trio_text(trio), player=trio.taken_by)
                )
            else:
                lines.append(trio_text(trio))
        # Words for every colour here: these lines stand for the picture.
        for seat in view.seats:
            reserve = _("reserve {cards}", cards=counts_text(seat.reserve))
            lines.append(self._seat_line(table, seat, reserve))
        return joined("\n", lines)

    def hand_heading(self, hand: Player) -> str:
        return _(
            "**Your {title} cards** (game {game} in {channel}, round {round}), {player}:",
            title=WORDS.title,
            game=hand.table.game,
            channel=channel_mention(hand.table.channel_id),
            round=hand.view.public.round,
            player=hand.name,
        )

    def hand_text(self, hand: Player) -> str:
        view, name = hand.view, hand.name
        public = view.public
        seat = public.seat(name)
        lines: list[str] = [
            _("Hidden cards (only you see them): {cards}", cards=colour_list(view.hidden))
        ]
        lines.append(_("Reserve: {cards}", cards=counts_text(seat.reserve)))
        if hand.table.status == Status.ABANDONED:
            lines.append(_("This game was abandoned."))
        elif not seat.in_game:
            lines.append(_("You left this game; your cards left the round."))
        elif public.phase is Phase.OVER:
            lines.append(self.status_line(public))
        elif public.to_move != name:
            lines.append(_("Not your turn: you get a new message when it is."))
        elif view.just_taken is not None and public.choosing is not None:
            trio = public.trios[public.choosing - 1]
            lines.append(
                _(
                    "You took trio {number}: its face-down card is **{colour}** (now one of "
                    "your hidden cards).",
                    number=trio.number,
                    colour=colour_label(view.just_taken),
                )
            )
            lines.append(
                _(
                    "Keep one face-up card ({cards}) and give the other to an opponent: pick "
                    "the card you give and to whom; you keep the other.",
                    cards=colour_list(trio.face_up),
                )
            )
        else:
            lines.append(
                _(
                    "Your turn: take a trio. You will see its face-down card before you "
                    "choose which face-up card to keep and whom to give the other to."
                )
            )
        return joined("\n", lines)

    def turn_text(self, table: Public, newly_awaited: Sequence[str]) -> str | None:
        view = table.view
        if view.phase is not Phase.CHOOSE:
            return None
        who = joined(", ", [table.mention(name) for name in newly_awaited])
        return _(
            "{players}, your turn to take a trio (round {round}, turn {turn}).",
            players=who,
            round=view.round,
            turn=view.turn,
        )

    def turn_starts(self, events: Sequence[Event]) -> set[str]:
        # C3: the small opener of a new turn chooses first, even if (after a leave) they
        # also chose last in the turn before.
        return {
            data["small_opener"] for event in events if (data := turn_started(event)) is not None
        }

    def posts(self, table: Public, events: Sequence[Event]) -> list[Post]:
        posts: list[Post] = []
        for event in events:
            if event.kind == GraciasEventKind.ROUND_SCORED and table.view.last_round:
                # The scores in the message's own words too: a desktop shows the sheet
                # too small to read without a click.
                totals = {seat.name: seat.total for seat in table.view.seats}
                rows = [
                    Text.verbatim(
                        "**{player}** {score} · {total}",
                        player=table.label(row.player),
                        score=row.score,
                        total=_("total {points}", points=totals.get(row.player, 0)),
                    )
                    for row in table.view.last_round.rows
                ]
                text = joined("\n", [Text.verbatim("**{scored}**", scored=event.text), *rows])
                posts.append(
                    Post(text, round_score_image, "round-scores.png", round_score_text(table.view))
                )
        return posts

    def results(self, table: Public) -> list[SeatResult]:
        """C8 places among the players still in; those who left come after them."""
        view = table.view
        keys = {
            seat.name: (seat.in_game, *ranking_key(seat.total, seat.round_scores))
            for seat in view.seats
        }
        results = []
        for seat in view.seats:
            place = 1 + sum(1 for other in keys.values() if other > keys[seat.name])
            best = max(seat.round_scores, default=None)
            results.append(SeatResult(seat.name, place, seat.total, best))
        return sorted(results, key=lambda result: result.place)

    # -- controls ------------------------------------------------------------------

    def controls(self, hand: Player) -> list[discord.ui.Item[Any]]:
        table, name = hand.table, hand.name
        if not table.running:
            return []
        view = table.view
        # C5: on their turn, before taking, the mover may take any trio nobody took
        takes = (
            [trio for trio in view.trios if trio.taken_by is None]
            if view.to_move == name and view.choosing is None
            else []
        )
        if takes:
            return take_controls(table, takes)
        splits = [a for a in hand.legal if isinstance(a, SplitTrio)]
        if not splits or view.choosing is None:
            return []
        return split_controls(table, view.trios[view.choosing - 1].face_up, splits)

    def on_control(self, hand: Player, control: Control, values: Sequence[str]) -> Step:
        action = clicked_action(hand, control, values)
        if action is None:
            raise Refusal(
                _("This control is not understood; use `/gracias hand` for fresh controls.")
            )
        return Act(action)

    def hand_shows(self, table: Public, name: str) -> tuple[Hashable, ...]:
        """What the hand message shows of the table: the player's own reserve (a card
        given to them, C5), whether they are still in, and the round."""
        seat = table.view.seat(name)
        return (seat.reserve, seat.in_game, table.view.round)
