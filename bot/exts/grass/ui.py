"""Grass's Discord part for the shared machinery: pictures, words and controls.

Controls are built from `Grass.legal_actions` only, so a player is never offered an
illegal choice: pick a card, then its target (Heat On G8, Steal G14) or the peddles
to cover (Protect G12); discard (G4); the card to pass (Paranoia G13); accept,
decline or withdraw an offer (G20). The engine does not list trade offers (there are
too many), so the mover builds one with "Offer a trade…" (a partner, then a form of
four card lists, or two when trades are secret and only hand cards may move) or with
`/grass trade`; the engine judges it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.core.controls import Control, GameButton, GameSelect, SharedVerb, small_index
from bot.core.errors import Refusal
from bot.core.gameui import Act, Ask, GameUI, Post, SeatResult, Show, Step, mention
from bot.core.storage import Status
from bot.exts.grass.texts import card_label, card_list, effect, options_text, parse_cards
from games.grass import Card, GrassPlayerView, GrassPublicView, Phase
from games.grass.actions import Accept, Decline, Discard, PassCard, Play, Withdraw
from games.grass.cards import money
from games.protocol import JSON, Event

if TYPE_CHECKING:
    from PIL.Image import Image

    from bot.core.session import Session

RECENT_LINES = 6


class GrassVerb(StrEnum):
    """The verbs of Grass's own controls (their custom ids: bot/core/controls.py)."""

    PLAY = "play"
    DISCARD = "discard"
    PASS = "pass"
    TARGET = "target"
    COVER = "cover"
    TRADE = "trade"
    TRADETO = "tradeto"
    OFFER = "offer"
    ACCEPT = "accept"
    DECLINE = "decline"
    WITHDRAW = "withdraw"


def _distinct(cards: Sequence[Card]) -> list[Card]:
    return list(dict.fromkeys(cards))


def _options(cards: Sequence[Card]) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=card_label(card), value=card.value, description=effect(card))
        for card in _distinct(cards)
    ]


def _seat_index(text: str, seats: Sequence[Any]) -> int:
    """A seat number from a control's id; a seat that is gone (or a forged number)
    is refused in words."""
    index = small_index(text, len(seats))
    if index is None:
        raise Refusal("That player is no longer at the table.")
    return index


def _trading_note(view: GrassPlayerView) -> str:
    """What the mover's hand message says of trades this turn (G20, G21)."""
    if not view.public.trading or len(view.hand) != 7:
        return ""
    left = view.offers_left
    if left <= 0:
        return " (no trade offers left this turn)"
    what = "trades of hand cards" if view.public.options.secret_trades else "trades"
    return f" (you may offer {what} first: {left} offer{'s' * (left != 1)} left this turn)"


FORM_SECONDS = 15 * 60.0
"""How long discord.py keeps an opened trade form (Discord's own interaction lifetime)."""


HAND_LISTS = ("give", "take")
ALL_LISTS = ("give", "take", "give_stash", "take_stash")


def trade_lists(secret: bool) -> tuple[str, ...]:
    """The offer's lists the trade form asks for: with secret trades only hand cards
    may be traded (stashes lie face up), so the stash fields are left out."""
    return HAND_LISTS if secret else ALL_LISTS


class TradeForm(discord.ui.Modal):
    """The offer's lists (G20) as text: card names or ids separated by commas; the
    stash lists only where trades are public. The answer is routed by the custom id
    (bot/exts/router.py), not by this object."""

    def __init__(self, control: Control, partner: str, secret: bool = False) -> None:
        # discord.py keeps every opened form until it is sent or times out; one closed
        # without sending would stay for ever. Its answer is routed by id anyway.
        super().__init__(
            title=f"Trade with {partner}"[:45],
            custom_id=control.custom_id("m"),
            timeout=FORM_SECONDS,
        )
        fields = {
            "give": ("Cards you give from your hand", "e.g. Home Grown, Bust"),
            "take": (f"Cards you ask from {partner}'s hand"[:45], "e.g. Panama"),
            "give_stash": ("Peddles you give from your stash", "unprotected ones only"),
            "take_stash": (f"Peddles you ask from {partner}'s stash"[:45], "unprotected ones only"),
        }
        for key in trade_lists(secret):
            label, hint = fields[key]
            self.add_item(
                discord.ui.TextInput(label=label, placeholder=hint, required=False, max_length=200)
            )


class GrassUI(GameUI[GrassPublicView, GrassPlayerView]):
    kind: ClassVar[str] = "grass"
    title: ClassVar[str] = "Grass"
    command: ClassVar[str] = "grass"
    round_name: ClassVar[str] = "hand"
    money: ClassVar[bool] = True
    rules_caption: ClassVar[str] = (
        "The rules of Grass as this bot plays them (decision ids G1 to G21):"
    )
    left_text: ClassVar[str] = "You left the game; your cards go to the discard pile."

    def table_image(self, public_view: Any) -> Image:
        from render.grass import table_image

        return table_image(public_view)

    def private_image(self, player_view: Any) -> Image | None:
        from render.grass import hand_image

        return hand_image(player_view)

    def score_sheet(self, public_view: Any) -> Image:
        from render.grass import score_sheet_image

        return score_sheet_image(public_view)

    # -- words ---------------------------------------------------------------------

    def lobby_options_text(self, options: Mapping[str, JSON]) -> str:
        return options_text(options)

    def status_line(self, view: GrassPublicView) -> str:
        if view.over:
            return "Game over: " + " and ".join(view.winners) + " won."
        if view.phase is Phase.PASS:
            return "Paranoia pass (G13): waiting for " + ", ".join(view.awaiting) + "."
        if view.phase is Phase.OFFER and view.offer is not None:
            return f"{view.offer.by} offered {view.offer.to} a trade; {view.offer.to} answers."
        extra = " (Nirvana extra turn)" if view.extra_turn else ""
        return f"{view.to_move}'s turn{extra}."

    def table_text(self, session: Session) -> str:
        view = self.public(session)
        head = f"**Grass** · game {session.id} · hand {view.hand} · draw pile {view.draw_pile}"
        if session.status == Status.ABANDONED:
            return head + "\nThis game was abandoned; no result is recorded."
        lines = [head, self.status_line(view)]
        recent = [text for text in view.recent if text][-RECENT_LINES:]
        if recent:
            lines.append("Last actions:")
            lines.extend(f"- {text}" for text in recent)
        return "\n".join(lines)

    def table_words(self, session: Session) -> str:
        view = self.public(session)
        lines = []
        for seat in view.seats:
            market = seat.market.value + (f" ({card_list(seat.heat)})" if seat.heat else "")
            stash = ", ".join(
                card_label(p.card) + (" (covered)" if p.covered else "") for p in seat.stash
            )
            lost = f" · {seat.skip} lost turn(s) owed" if seat.skip else ""
            lines.append(
                f"**{seat.name}** · {money(seat.total)} · market {market} · "
                f"stash: {stash or 'empty'} · {seat.hand_size} cards{lost}"
            )
        top = card_label(view.discard_pile[-1]) if view.discard_pile else "empty"
        lines.append(f"Discard pile: {top}")
        return "\n".join(lines)

    def private_text(self, session: Session, name: str) -> str:
        view = self.private(session, name)
        public = view.public
        where = f"game {session.id} in <#{session.row.channel_id}>, hand {public.hand}"
        lines = [f"**Your Grass hand** ({where}), {name}:"]
        lines.append(card_list(view.hand))
        if view.drawn is not None:
            lines.append(f"You just drew {card_label(view.drawn)}.")
        if session.status == Status.ABANDONED:
            lines.append("This game was abandoned.")
        elif all(seat.name != name for seat in public.seats):
            lines.append("You left this game; your cards went to the discard pile.")
        elif public.over:
            lines.append(self.status_line(public))
        elif name not in public.awaiting:
            # No name here: a DM is not edited at every move, so whose turn it is would
            # go stale; the table message always says it.
            table = f"<#{session.row.channel_id}>"
            lines.append(f"Waiting for your turn; the table in {table} shows whose it is.")
        elif public.phase is Phase.PASS:
            lines.append("Paranoia pass (G13): choose the card to pass to your left.")
        elif public.phase is Phase.OFFER and view.offer is not None:
            offer = view.offer
            if offer.to == name:
                lines.append(f"{offer.by} offers you a trade (G20):")
                lines.append(f"- you get: {card_list(offer.give + offer.give_stash)}")
                lines.append(f"- you give: {card_list(offer.take + offer.take_stash)}")
            else:
                lines.append(f"Your offer to {offer.to} waits for an answer.")
        else:
            lines.append(f"Your turn: play or discard one card{_trading_note(view)}.")
        if view.pass_choice is not None:
            lines.append(f"You chose to pass {card_label(view.pass_choice)}.")
        return "\n".join(lines)

    def turn_text(self, session: Session, newly_awaited: Sequence[str]) -> str | None:
        view = self.public(session)
        who = ", ".join(mention(session, name) for name in newly_awaited)
        if view.phase is Phase.PASS:
            everyone = ", ".join(mention(session, name) for name in view.awaiting)
            return f"Paranoia pass: {everyone}, choose a card to pass to your left."
        if view.phase is Phase.OFFER and view.offer is not None:
            return (
                f"{who}: {view.offer.by} offers you a trade; answer in your hand message "
                "(or with `/grass hand`)."
            )
        if view.phase is Phase.TURN:
            return f"{who}, your turn (hand {view.hand})."
        return None

    def turn_starts(self, events: Sequence[Event]) -> set[str]:
        # G3: every turn (and a Nirvana extra turn, G11) starts with the mover's draw.
        return {event.actor for event in events if event.kind == "draw" and event.actor}

    def notice_turn(self, session: Session) -> Hashable:
        # Every turn draws a card (G3), so the hand and the pile's size tell turns apart;
        # a partner offered trade after trade in one turn (G20) is notified once.
        view = self.public(session)
        return (view.hand, view.draw_pile, view.to_move)

    def posts(self, session: Session, events: Sequence[Event]) -> list[Post]:
        posts: list[Post] = []
        for event in events:
            if event.kind == "hand_scored":
                posts.append(Post(f"**{event.text}.**", self.score_sheet, "scores.png"))
            elif event.kind == "game_over":
                view = self.public(session)
                winners = ", ".join(mention(session, name) for name in view.winners)
                totals = ", ".join(f"{seat.name} {money(seat.total)}" for seat in view.seats)
                posts.append(Post(f"**Game over!** Congratulations {winners}. Totals: {totals}."))
        return posts

    def results(self, session: Session) -> list[SeatResult]:
        outcome = session.outcome()
        assert outcome is not None
        view = self.public(session)
        best: dict[str, int] = {}
        for scored in view.scores:
            for row in scored.rows:
                best[row.name] = max(best.get(row.name, row.score), row.score)
        ranked = sorted(outcome.totals.items(), key=lambda item: -item[1])
        results = []
        for name, total in ranked:
            place = 1 + sum(1 for _, other in ranked if other > total)
            results.append(SeatResult(name, place, total, best.get(name)))
        return results

    # -- controls ------------------------------------------------------------------

    def controls(self, session: Session, name: str) -> list[discord.ui.Item[Any]]:
        if session.status != Status.RUNNING:
            return []
        legal = session.legal_actions(name)
        game, version = session.id, session.version
        items: list[discord.ui.Item[Any]] = []
        plays = [a.card for a in legal if isinstance(a, Play)]
        discards = [a.card for a in legal if isinstance(a, Discard)]
        passes = [a.card for a in legal if isinstance(a, PassCard)]
        if passes:
            items.append(
                GameSelect(
                    Control(game, version, GrassVerb.PASS), "Card to pass left…", _options(passes)
                )
            )
        if plays:
            items.append(
                GameSelect(Control(game, version, GrassVerb.PLAY), "Play a card…", _options(plays))
            )
        if discards:
            items.append(
                GameSelect(
                    Control(game, version, GrassVerb.DISCARD), "Discard a card…", _options(discards)
                )
            )
        view = self.private(session, name)
        public = view.public
        if (
            public.phase is Phase.TURN
            and public.to_move == name
            and public.trading
            and len(view.hand) == 7  # G20: only while holding the drawn card
            and len(public.seats) > 1
            and view.offers_left > 0  # the cap on offers per turn (G20)
        ):
            items.append(
                GameButton(Control(game, version, GrassVerb.TRADE), "Offer a trade…", row=4)
            )
        for cls, verb, label, style in (
            (Accept, GrassVerb.ACCEPT, "Accept the trade", discord.ButtonStyle.success),
            (Decline, GrassVerb.DECLINE, "Decline", discord.ButtonStyle.danger),
            (Withdraw, GrassVerb.WITHDRAW, "Withdraw my offer", discord.ButtonStyle.secondary),
        ):
            if any(isinstance(a, cls) for a in legal):
                items.append(GameButton(Control(game, version, verb), label, style, row=4))
        return items

    def on_control(
        self, session: Session, name: str, control: Control, values: Sequence[str]
    ) -> Step:
        verb, args = control.verb, control.args
        if verb in (GrassVerb.ACCEPT, GrassVerb.DECLINE, GrassVerb.WITHDRAW):
            return Act({verb: True})
        if verb in (GrassVerb.PASS, GrassVerb.DISCARD) and len(values) == 1:
            return Act({verb: values[0]})
        if verb == GrassVerb.PLAY and len(values) == 1:
            return self._play_step(session, name, values[0])
        if verb == GrassVerb.TARGET and len(args) == 2:
            seats = self.public(session).seats
            return Act({"play": args[0], "target": seats[_seat_index(args[1], seats)].name})
        if verb == GrassVerb.COVER and len(args) == 1 and len(values) == 1:
            return Act({"play": args[0], "cover": values[0].split("+")})
        if verb == GrassVerb.TRADE:
            return self._trade_partner(session, name)
        if verb == GrassVerb.TRADETO and len(args) == 1:
            public = self.public(session)
            partner = public.seats[_seat_index(args[0], public.seats)].name
            form = Control(session.id, session.version, GrassVerb.OFFER, args)
            return Ask(TradeForm(form, partner, public.options.secret_trades))
        if verb == GrassVerb.OFFER and len(args) == 1:
            public = self.public(session)
            lists = trade_lists(public.options.secret_trades)
            if len(values) == len(lists):
                seats = public.seats
                offer: dict[str, JSON] = {"to": seats[_seat_index(args[0], seats)].name}
                for key, text in zip(lists, values, strict=True):
                    try:
                        cards = [card.value for card in parse_cards(text)]
                    except ValueError as error:
                        raise Refusal(str(error)) from None
                    if cards:
                        offer[key] = list(cards)
                return Act({"offer": offer})
        raise Refusal("This control is not understood; use `/grass hand` for fresh controls.")

    def _trade_partner(self, session: Session, name: str) -> Step:
        game, version = session.id, session.version
        buttons: list[discord.ui.Item[Any]] = [
            GameButton(
                Control(game, version, GrassVerb.TRADETO, (str(index),)),
                seat.name,
                discord.ButtonStyle.primary,
            )
            for index, seat in enumerate(self.public(session).seats)
            if seat.name != name
        ]
        back = GameButton(Control(game, version, SharedVerb.BACK), "Back", row=4)
        return Show("Offer a trade (G20) to whom?", [*buttons, back])

    def _play_step(self, session: Session, name: str, card_id: str) -> Step:
        plays = [
            a
            for a in session.legal_actions(name)
            if isinstance(a, Play) and a.card.value == card_id
        ]
        if not plays or all(a.target is None and not a.cover for a in plays):
            return Act({"play": card_id})  # the engine explains a refusal
        card = plays[0].card
        game, version = session.id, session.version
        back = GameButton(Control(game, version, SharedVerb.BACK), "Back", row=4)
        if any(a.target is not None for a in plays):
            seats = {seat.name: i for i, seat in enumerate(self.public(session).seats)}
            buttons: list[discord.ui.Item[Any]] = [
                GameButton(
                    Control(game, version, GrassVerb.TARGET, (card.value, str(seats[a.target]))),
                    a.target,
                    discord.ButtonStyle.primary,
                )
                for a in plays
                if a.target is not None and a.target in seats
            ]
            return Show(f"Play **{card.title}** on whom? {effect(card)}", [*buttons, back])
        covers = [a.cover for a in plays if a.cover][:25]
        options = [
            discord.SelectOption(
                label=" + ".join(card_label(c) for c in cover)[:100],
                value="+".join(c.value for c in cover),
            )
            for cover in covers
        ]
        select = GameSelect(
            Control(game, version, GrassVerb.COVER, (card.value,)), "Peddles to cover…", options
        )
        return Show(
            f"**{card.title}**: which stash peddles does it cover? {effect(card)}",
            [
                select,
                back,
            ],
        )
