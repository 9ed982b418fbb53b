"""Grass's Discord part for the shared machinery: pictures, words and controls.

Controls are built from `Grass.legal_actions` only, so a player is never offered an
illegal choice: pick a card, then its target (Heat On G8, Steal G14) or the peddles
to cover (Protect G12); discard (G4); the card to pass (Paranoia G13); accept,
decline or withdraw an offer (G20). The engine does not list trade offers (there are
too many), so the mover builds one with "Offer a trade…" (a partner, then menus of
the cards, or a form to type them) or with `/grass trade`; the engine judges it (the
menus and the form: trade.py).

The cards' and options' words are in cards.py, which the typed commands share. Rule
ids cited are those of DECISIONS.md / docs/rules/grass.md (G1..G21).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
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
    SharedVerb,
    Show,
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
from bot.core.takeback import BotEvent
from bot.exts.grass.cards import (
    card_list,
    effect,
    options_text,
    parse_cards,
)
from bot.exts.grass.trade import (
    BACK,
    MENU_STEPS,
    TradeVerb,
    could_hold,
    trade_lists,
    trade_step,
)
from games.grass import Card, GrassEventKind, GrassPlayerView, GrassPublicView, Market, Phase
from games.grass.actions import (
    Accept,
    Decline,
    Discard,
    MakeOffer,
    PassCard,
    Play,
    Withdraw,
)
from games.protocol import JSON, Event
from games.text import Listed, Money, Text, _, _n, _p, joined
from render.grass import hand_image, score_sheet_image, table_image
from render.grass.cards import card_label
from render.grass.scores import score_sheet_text
from render.progress import grass_progress_image, grass_progress_text

# -- words ----------------------------------------------------------------------

CONFIRMED: Mapping[Card, Text] = {
    Card.MARKET_CLOSE: _("It ends this hand for everyone, and the hand is scored."),
    Card.UTTERLY_WIPED_OUT: _("You lose 2 turns, your market and every unprotected peddle."),
}
"""Cards whose play is asked again before it is made, every time: they cannot be taken
back and cost the table a hand or the player their stash, and they come at most a few
times a game, so one more tap costs little."""


WORDS = Words(
    "Grass",
    # TRANSLATORS: the scoreboard's column of each player's best hand (one deal of the
    # cards), and its label in a player's line ("best hand $25,000").
    best_round=_("best hand"),
    money=True,
    left_text=_("You left the game; your cards go to the discard pile."),
    rules_caption=_("The rules of Grass as this bot plays them:"),
    part=lambda hand: _("hand {hand}", hand=hand),
    no_part=lambda asked, count: _n(
        "That game had no hand {hand}: it had {count} hand.",
        "That game had no hand {hand}: it had {count} hands.",
        count,
        hand=asked,
    ),
    asked_first=tuple((card.value, words) for card, words in CONFIRMED.items()),
)
"""What the shared commands and messages say about Grass."""


# -- the UI ---------------------------------------------------------------------

PICTURES = Pictures(
    table_image,
    hand_image,
    score_sheet_image,
    grass_progress_image,
    grass_progress_text,
    score_sheet_text,
)

Public = Table[GrassPublicView]
Player = Hand[GrassPlayerView]

RECENT_LINES = 4
"""The last actions the table message lists under its picture: a round of four
players' moves, and the message still stands in about one phone screen."""


class GrassVerb(Verb):
    """The verbs of Grass's own controls (their custom ids: bot/core/gameui.py); those
    of trade offers are trade.py's `TradeVerb`."""

    PLAY = "play"
    DISCARD = "discard"
    PASS = "pass"
    TARGET = "target"
    COVER = "cover"
    ACCEPT = "accept"
    DECLINE = "decline"
    WITHDRAW = "withdraw"
    CONFIRM = "confirm"


MARKETS: Mapping[Market, Text] = {
    # G6: a seat's market, in the table's words.
    Market.CLOSED: _("market closed"),
    Market.OPEN: _("market open"),
    Market.BLOCKED: _("market blocked"),
}


MARKET_STATES: Mapping[Market, Text] = {
    # G6: a seat's market, in the few letters of a seat's line on the table message.
    Market.CLOSED: _p("market", "closed"),
    Market.OPEN: _p("market", "open"),
    Market.BLOCKED: _p("market", "blocked"),
}


def _distinct(cards: Sequence[Card]) -> list[Card]:
    return list(dict.fromkeys(cards))


def _options(cards: Sequence[Card]) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=card_label(card), value=card.value, description=effect(card))
        for card in _distinct(cards)
    ]


_FLAGS: dict[str, type[Accept | Decline | Withdraw]] = {
    GrassVerb.ACCEPT: Accept,
    GrassVerb.DECLINE: Decline,
    GrassVerb.WITHDRAW: Withdraw,
}
"""The controls that are whole actions by themselves."""


def _card(value: str) -> Card:
    """A card id from a control (a forged one is refused in words)."""
    try:
        return Card.parse(value)
    except ValueError:
        raise Refusal(
            _("That card does not exist; use `/grass hand` for fresh controls.")
        ) from None


def _seat_index(text: str, seats: Sequence[Any]) -> int:
    """A seat number from a control's id; a seat that is gone (or a forged number)
    is refused in words."""
    index = small_index(text, len(seats))
    if index is None:
        raise Refusal(_("That player is no longer at the table."))
    return index


def _your_turn(view: GrassPlayerView) -> Text:
    """The mover's hand message's call to play, with what it says of trades this turn
    (G20, G21)."""
    if not view.public.trading or len(view.hand) != 7:
        return _("Your turn: play or discard one card.")
    left = view.offers_left
    if left <= 0:
        return _("Your turn: play or discard one card (no trade offers left this turn).")
    if view.public.options.secret_trades:
        return _n(
            "Your turn: play or discard one card (you may offer trades of hand cards first: "
            "{count} offer left this turn).",
            "Your turn: play or discard one card (you may offer trades of hand cards first: "
            "{count} offers left this turn).",
            left,
        )
    return _n(
        "Your turn: play or discard one card (you may offer trades first: {count} offer left "
        "this turn).",
        "Your turn: play or discard one card (you may offer trades first: {count} offers left "
        "this turn).",
        left,
    )


class GrassUI(GameUI[GrassPublicView, GrassPlayerView]):
    # -- words ---------------------------------------------------------------------

    def lobby_options_text(self, options: Mapping[str, JSON]) -> str:
        return options_text(options)

    def status_line(self, view: GrassPublicView) -> Text:
        if view.over:
            return _("Game over: {players} won.", players=Listed(view.winners))
        if view.phase is Phase.PASS:
            return _("Paranoia pass: waiting for {players}.", players=Listed(view.awaiting))
        if view.phase is Phase.OFFER and view.offer is not None:
            return _(
                "{player} offered {partner} a trade; {partner} answers.",
                player=view.offer.by,
                partner=view.offer.to,
            )
        if view.extra_turn:
            return _("{player}'s turn (Nirvana extra turn).", player=view.to_move)
        return _("{player}'s turn.", player=view.to_move)

    def table_text(self, table: Public) -> TableMessage:
        view = table.view
        head = joined(
            " · ",
            [
                Text.verbatim("**{title}**", title=WORDS.title),
                _("game {number}", number=table.game),
                # TRANSLATORS: a hand of Grass (one deal of the cards), numbered from 1.
                _("hand {number}", number=view.hand),
                _("draw pile {count}", count=view.draw_pile),
            ],
        )
        status = self.status_line(view)
        seats = self.seat_lines(table)
        return table_message(table, head, status, view.recent, RECENT_LINES, seats)

    def seat_lines(self, table: Public) -> list[str]:
        lines: list[str] = []
        last = table.view.scores[-1] if table.view.over and table.view.scores else None
        scored = {row.name: row.score for row in last.rows} if last else {}
        for seat in table.view.seats:
            parts = [
                Text.verbatim(
                    "**{player}** {amount}", player=table.label(seat.name), amount=Money(seat.total)
                ),
                MARKET_STATES[seat.market],
            ]
            stash = sum(peddle.card.value_usd for peddle in seat.stash)
            if stash:
                # TRANSLATORS: the value of the peddles a player has out this hand.
                parts.append(_("stash {amount}", amount=Money(stash)))
            if last is not None and seat.name in scored:
                # The game's last hand, scored into the total beside its stash (G18).
                # TRANSLATORS: what the game's last hand added to a player's total:
                # "hand 4 scored $45,000".
                parts.append(
                    _(
                        "hand {hand} scored {amount}",
                        hand=last.hand,
                        amount=Money(scored[seat.name]),
                    )
                )
            parts.append(_n("{count} in hand", "{count} in hand", seat.hand_size))
            if seat.skip:
                parts.append(_n("skips {count}", "skips {count}", seat.skip))
            lines.append(joined(" · ", parts))
        return lines

    def table_words(self, table: Public) -> str:
        view = table.view
        lines = []
        for seat in view.seats:
            market = MARKETS[seat.market]
            if seat.heat:
                market = Text.verbatim(
                    "{market} ({cards})", market=market, cards=card_list(seat.heat)
                )
            stash = [
                _("{card} (covered)", card=card_label(p.card)) if p.covered else card_label(p.card)
                for p in seat.stash
            ]
            parts = [
                Text.verbatim("**{player}**", player=seat.name),
                Text.verbatim("{amount}", amount=Money(seat.total)),
                market,
                _("stash: {cards}", cards=joined(", ", stash) if stash else _p("stash", "empty")),
                # TRANSLATORS: the cards in a player's hand; English uses one form ("1 cards").
                _n("{count} cards", "{count} cards", seat.hand_size),
            ]
            if seat.skip:
                parts.append(_n("owes {count} lost turn", "owes {count} lost turns", seat.skip))
            lines.append(joined(" · ", parts))
        if view.discard_pile:
            top = card_label(view.discard_pile[-1])
        else:
            top = _p("discard pile", "empty")
        lines.append(_("Discard pile: {card}", card=top))
        return joined("\n", lines)

    def hand_heading(self, hand: Player) -> str:
        return _(
            "**Your {title} hand** (game {game} in {channel}, hand {hand}), {player}:",
            title=WORDS.title,
            game=hand.table.game,
            channel=channel_mention(hand.table.channel_id),
            hand=hand.view.public.hand,
            player=hand.name,
        )

    def hand_text(self, hand: Player) -> str:
        view, name, table = hand.view, hand.name, hand.table
        public = view.public
        channel = channel_mention(table.channel_id)
        lines: list[str] = [card_list(view.hand)]
        if view.drawn is not None:
            lines.append(_("You just drew {card}.", card=card_label(view.drawn)))
        if table.status == Status.ABANDONED:
            lines.append(_("This game was abandoned."))
        elif all(seat.name != name for seat in public.seats):
            lines.append(_("You left this game; your cards went to the discard pile."))
        elif public.over:
            lines.append(self.status_line(public))
        elif name not in public.awaiting:
            # No name here: a DM is not edited at every move, so whose turn it is would
            # go stale; the table message always says it.
            lines.append(
                _(
                    "Waiting for your turn; the table in {channel} shows whose it is.",
                    channel=channel,
                )
            )
        elif public.phase is Phase.PASS:
            lines.append(_("Paranoia pass: choose the card to pass to your left."))
        elif public.phase is Phase.OFFER and view.offer is not None:
            offer = view.offer
            if offer.to == name:
                gets = card_list(offer.give + offer.give_stash)
                gives = card_list(offer.take + offer.take_stash)
                lines.append(_("{player} offers you a trade:", player=offer.by))
                lines.append(Text.verbatim("- {line}", line=_("you get: {cards}", cards=gets)))
                lines.append(Text.verbatim("- {line}", line=_("you give: {cards}", cards=gives)))
            else:
                lines.append(_("Your offer to {player} waits for an answer.", player=offer.to))
        else:
            lines.append(_your_turn(view))
        if view.pass_choice is not None:
            lines.append(_("You chose to pass {card}.", card=card_label(view.pass_choice)))
        return joined("\n", lines)

    def turn_text(self, table: Public, newly_awaited: Sequence[str]) -> str | None:
        view = table.view
        who = joined(", ", [table.mention(name) for name in newly_awaited])
        if view.phase is Phase.PASS:
            choosing = table.people(view.awaiting)
            everyone = joined(", ", [table.mention(name) for name in choosing])
            return _n(
                "Paranoia pass: {players}, choose a card to pass to your left.",
                "Paranoia pass: {players}, each choose a card to pass to your left.",
                len(choosing),
                players=everyone,
            )
        if view.phase is Phase.OFFER and view.offer is not None:
            # Both parties are awaited (the offerer may withdraw); only the receiver
            # is asked to answer.
            offer = view.offer
            if offer.to not in newly_awaited:
                return None
            return _(
                "{partner}: {player} offers you a trade; answer in your hand message (or with "
                "`/grass hand`).",
                partner=table.mention(offer.to),
                player=offer.by,
            )
        if view.phase is Phase.TURN and view.extra_turn:
            # TRANSLATORS: Nirvana is a card's name; it gives its player another turn.
            return _(
                "{players}, your extra turn (Nirvana, hand {hand}).", players=who, hand=view.hand
            )
        if view.phase is Phase.TURN:
            return _("{players}, your turn (hand {hand}).", players=who, hand=view.hand)
        return None

    def turn_starts(self, events: Sequence[Event]) -> set[str]:
        # G3: every turn (and a Nirvana extra turn, G11) starts with the mover's draw.
        return {
            event.actor for event in events if event.kind == GrassEventKind.DRAW and event.actor
        }

    def news(self, hand: Player, events: Sequence[Event]) -> list[str]:
        # The engine's private words, but for a card drawn, a pass chosen and an offer
        # made: the hand message shows those itself ("You just drew ..."). The bot's own
        # events (a lapsed request, a reminder) are told by the shared machinery.
        shown = (GrassEventKind.DRAW, GrassEventKind.PASS_CHOSEN, GrassEventKind.OFFER)
        return [
            event.private[hand.name]
            for event in events
            if hand.name in event.private
            and event.kind not in shown
            and not isinstance(event.kind, BotEvent)
        ]

    def asked(self, table: Public, events: Sequence[Event]) -> set[str]:
        # A trade offered (G20) waits for its partner's answer alone.
        offer = table.view.offer
        if offer is None or not any(e.kind == GrassEventKind.OFFER for e in events):
            return set()
        return {offer.to}

    def page_menus(self, view: GrassPlayerView) -> dict[str, JSON]:
        # The trade menu asks only for cards with a copy out of this player's sight.
        return {"ask": [card.value for card in could_hold(view)]}

    def notice_turn(self, table: Public) -> Hashable:
        # Every turn draws a card (G3), so the hand and the pile's size tell turns apart;
        # a partner offered trade after trade in one turn (G20) is notified once.
        view = table.view
        return (view.hand, view.draw_pile, view.to_move)

    def posts(self, table: Public, events: Sequence[Event]) -> list[Post]:
        posts: list[Post] = []
        for event in events:
            if event.kind == GrassEventKind.HAND_SCORED and table.view.scores:
                # The scores in the message's own words too: a desktop shows the sheet
                # too small to read without a click.
                rows = [
                    Text.verbatim(
                        "**{player}** {score} · {total}",
                        player=table.label(row.name),
                        score=Money(row.score),
                        total=_("total {points}", points=Money(row.total)),
                    )
                    for row in table.view.scores[-1].rows
                ]
                text = joined("\n", [Text.verbatim("**{scored}.**", scored=event.text), *rows])
                posts.append(
                    Post(text, score_sheet_image, "scores.png", score_sheet_text(table.view))
                )
        return posts

    def results(self, table: Public) -> list[SeatResult]:
        outcome = table.outcome
        assert outcome is not None
        best: dict[str, int] = {}
        for scored in table.view.scores:
            for row in scored.rows:
                best[row.name] = max(best.get(row.name, row.score), row.score)
        ranked = sorted(outcome.totals.items(), key=lambda item: -item[1])
        results = []
        for name, total in ranked:
            place = 1 + sum(1 for _name, other in ranked if other > total)
            results.append(SeatResult(name, place, total, best.get(name)))
        return results

    # -- controls ------------------------------------------------------------------

    def controls(self, hand: Player) -> list[discord.ui.Item[Any]]:
        table, name, legal = hand.table, hand.name, hand.legal
        if not table.running:
            return []
        items: list[discord.ui.Item[Any]] = []
        plays = [a.card for a in legal if isinstance(a, Play)]
        discards = [a.card for a in legal if isinstance(a, Discard)]
        passes = [a.card for a in legal if isinstance(a, PassCard)]
        if passes:
            items.append(
                GameSelect(table.control(GrassVerb.PASS), _("Card to pass left…"), _options(passes))
            )
        if plays:
            items.append(
                GameSelect(table.control(GrassVerb.PLAY), _("Play a card…"), _options(plays))
            )
        if discards:
            items.append(
                GameSelect(
                    table.control(GrassVerb.DISCARD), _("Discard a card…"), _options(discards)
                )
            )
        view = hand.view
        public = view.public
        if (
            public.phase is Phase.TURN
            and public.to_move == name
            and public.trading
            and len(view.hand) == 7  # G20: only while holding the drawn card
            and len(public.seats) > 1
            and view.offers_left > 0  # the cap on offers per turn (G20)
        ):
            items.append(GameButton(table.control(TradeVerb.TRADE), _("Offer a trade…"), row=4))
        for cls, verb, label, style in (
            (Accept, GrassVerb.ACCEPT, _("Accept the trade"), discord.ButtonStyle.success),
            (Decline, GrassVerb.DECLINE, _p("button", "Decline"), discord.ButtonStyle.danger),
            (Withdraw, GrassVerb.WITHDRAW, _("Withdraw my offer"), discord.ButtonStyle.secondary),
        ):
            if any(isinstance(a, cls) for a in legal):
                items.append(GameButton(table.control(verb), label, style, row=4))
        return items

    def on_control(self, hand: Player, control: Control, values: Sequence[str]) -> Step:
        verb, args, by = control.verb, control.args, hand.name
        seats = hand.view.public.seats
        if verb in _FLAGS:
            return Act(_FLAGS[verb](by))
        if verb == GrassVerb.PASS and len(values) == 1:
            return Act(PassCard(by, _card(values[0])))
        if verb == GrassVerb.DISCARD and len(values) == 1:
            return Act(Discard(by, _card(values[0])))
        if verb == GrassVerb.PLAY and len(values) == 1:
            return self._play_step(hand, _card(values[0]))
        if verb == GrassVerb.CONFIRM and len(args) == 1:
            return Act(Play(by, _card(args[0])))
        if verb == GrassVerb.TARGET and len(args) == 2:
            return Act(Play(by, _card(args[0]), target=seats[_seat_index(args[1], seats)].name))
        if verb == GrassVerb.COVER and len(args) == 1 and len(values) == 1:
            cover = tuple(_card(value) for value in values[0].split("+"))
            return Act(Play(by, _card(args[0]), cover=cover))
        if verb in MENU_STEPS:
            return trade_step(hand, control, values)
        secret = hand.view.public.options.secret_trades
        if verb == TradeVerb.OFFER and len(args) == 1 and len(values) == len(trade_lists(secret)):
            lists: dict[str, tuple[Card, ...]] = {}
            for key, text in zip(trade_lists(secret), values, strict=True):
                try:
                    lists[key] = tuple(parse_cards(text))
                except ValueError as error:
                    raise Refusal(str(error)) from None
            return Act(MakeOffer(by, seats[_seat_index(args[0], seats)].name, **lists))
        raise Refusal(_("This control is not understood; use `/grass hand` for fresh controls."))

    def _play_step(self, hand: Player, card: Card) -> Step:
        plays = [a for a in hand.legal if isinstance(a, Play) and a.card == card]
        if not plays or (
            card not in CONFIRMED and all(a.target is None and not a.cover for a in plays)
        ):
            return Act(Play(hand.name, card))  # the engine explains a refusal
        table = hand.table
        back = GameButton(table.control(SharedVerb.BACK), BACK, row=4)
        if card in CONFIRMED:
            sure = GameButton(
                table.control(GrassVerb.CONFIRM, card.value),
                _("Yes, play {card}", card=card.title),
                discord.ButtonStyle.danger,
            )
            question = _("Play **{card}**?", card=card.title)
            return Show(joined(" ", [question, CONFIRMED[card]]), [sure, back])
        if any(a.target is not None for a in plays):
            seats = {seat.name: i for i, seat in enumerate(hand.view.public.seats)}
            buttons: list[discord.ui.Item[Any]] = [
                GameButton(
                    table.control(GrassVerb.TARGET, card.value, str(seats[a.target])),
                    a.target,
                    discord.ButtonStyle.primary,
                )
                for a in plays
                if a.target is not None and a.target in seats
            ]
            question = _("Play **{card}** on whom?", card=card.title)
            return Show(joined(" ", [question, effect(card)]), [*buttons, back])
        covers = [a.cover for a in plays if a.cover][:25]
        options = [
            discord.SelectOption(
                label=joined(" + ", [card_label(c) for c in cover]),
                value="+".join(c.value for c in cover),
            )
            for cover in covers
        ]
        select = GameSelect(
            table.control(GrassVerb.COVER, card.value), _("Peddles to cover…"), options
        )
        question = _("**{card}**: which stash peddles does it cover?", card=card.title)
        return Show(joined(" ", [question, effect(card)]), [select, back])
