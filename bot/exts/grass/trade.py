"""Grass's trade offers (G20) made from the hand message: the partner, then menus of the
actual cards, or a form to type them in.

"Offer a trade…" asks for the partner; once chosen, the hand message shows the menus:
the cards you give (your hand, and where trades are public your unprotected stash
peddles) and the cards you ask for (where trades are public their unprotected stash
peddles, and by name the cards that may be in their hand: you cannot see it, and the
engine checks those only when they answer). A pick redraws the message with the
chosen options marked, and every control on it carries the whole choice in its custom
id (`Pick`): nothing is kept in memory, so a half-built offer survives a restart.
"Send the offer" is enabled only when `problem` finds nothing wrong, in the words of
the engine's checks that the mover can see (the tests hold the two to the same
verdicts); the engine judges the offer again when it is sent. "Type it instead…" opens
the older form (`TradeForm`), which `/grass trade` mirrors.

Custom ids (bot/core/gameui.py; `<choice>` is `<seat>:<give>:<give_stash>:<take>:
<take_stash>`, four bit masks in base 36):
    g:<game>:<version>:trade                    Offer a trade…: the partners
    g:...:tradeto:<seat>                        a partner: the menus, nothing chosen
    s:...:tradegive:<choice>                    the menu of the cards you give
    s:...:tradeask:<part>:<choice>              a menu of the cards you ask for
    g:...:tradesend:<choice>                    Send the offer
    g:...:tradetype:<seat>                      Type it instead…: the form
    m:...:offer:<seat>                          the form's answer (read by ui.py)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.core.errors import Refusal
from bot.core.gameui import (
    Act,
    Ask,
    Control,
    GameButton,
    GameSelect,
    Hand,
    SharedVerb,
    Show,
    Step,
    Verb,
    small_index,
)
from games.grass import Card, GrassPlayerView, Phase
from games.grass.actions import MakeOffer
from games.grass.cards import deck_for_hand
from games.text import Text, _, _n, _p, joined
from render.grass.cards import card_label

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
            title=_("Trade with {player}", player=partner),
            custom_id=control.custom_id("m"),
            timeout=FORM_SECONDS,
        )
        # TRANSLATORS: a form field's example; the card names stay as printed.
        examples = _("e.g. {cards}", cards="Home Grown, Bust")
        # TRANSLATORS: a form field's hint: the stash peddles that may be traded.
        unprotected = _("unprotected ones only")
        fields = {
            "give": (_("Cards you give from your hand"), examples),
            "take": (
                _("Cards you ask from {player}'s hand", player=partner),
                # TRANSLATORS: a form field's example; the card name stays as printed.
                _("e.g. {cards}", cards="Panama"),
            ),
            "give_stash": (_("Peddles you give from your stash"), unprotected),
            "take_stash": (
                _("Peddles you ask from {player}'s stash", player=partner),
                unprotected,
            ),
        }
        for key in trade_lists(secret):
            label, hint = fields[key]
            self.add_item(
                discord.ui.TextInput(label=label, placeholder=hint, required=False, max_length=200)
            )


# -- the menus ------------------------------------------------------------------------


class TradeVerb(Verb):
    """The verbs of the trade controls (their ids: the module docstring)."""

    TRADE = "trade"
    TRADETO = "tradeto"
    GIVE = "tradegive"
    ASK = "tradeask"
    SEND = "tradesend"
    TYPE = "tradetype"
    OFFER = "offer"
    """The form's answer: typed card names, parsed with the typed commands' words (ui.py)."""


MENU_STEPS = frozenset(TradeVerb) - {TradeVerb.OFFER}
"""The verbs `trade_step` answers."""

MENU_SIZE = 25
"""Discord's most options in one select menu."""
ASK_MENUS = 3
"""Rows left for the menus of the cards you ask for: one holds the cards you give, one
the buttons, of Discord's five."""

AGAIN = _("This trade menu is out of date; use `/grass hand` for fresh controls.")
BACK = _p("button", "Back")
SEND = _("Send the offer")
"""The button that sends an offer, also named in the menus' words."""

FIELDS = ("give", "give_stash", "take", "take_stash")
"""MakeOffer's lists, in the order of a `Pick`'s masks."""

_MASK = re.compile("[0-9a-z]{1,12}")
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _base36(number: int) -> str:
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = _DIGITS[digit] + text
        if not number:
            return text


@dataclass(frozen=True, slots=True)
class Pick:
    """An offer being built: the partner's seat and, for each of MakeOffer's lists, a bit
    mask over its `Sources` list, so the whole choice fits in a custom id (a seat and
    four masks of at most 12 characters) and needs no memory. Positions are those of
    the version the control was drawn at, which the router checks before the UI reads
    them."""

    seat: int
    masks: tuple[int, int, int, int] = (0, 0, 0, 0)

    def args(self) -> tuple[str, ...]:
        return (str(self.seat), *(_base36(mask) for mask in self.masks))

    @classmethod
    def parse(cls, args: Sequence[str]) -> Pick:
        seat = small_index(args[0]) if args else None
        # `int(text, 36)` alone would take signs, spaces and underscores a forger wrote.
        if seat is None or len(args) != 1 + len(FIELDS):
            raise Refusal(AGAIN)
        if not all(_MASK.fullmatch(text) for text in args[1:]):
            raise Refusal(AGAIN)
        masks = tuple(int(text, 36) for text in args[1:])
        return cls(seat, (masks[0], masks[1], masks[2], masks[3]))


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a menu: the bit it sets in one of the masks."""

    field: int
    """Its list, an index of FIELDS."""
    bit: int
    card: Card
    value: str
    where: str
    """Where the card comes from, the option's description: "From your hand"."""


def could_hold(view: GrassPlayerView) -> list[Card]:
    """The cards another player's hand may hold, as far as this player can tell: this
    hand's deck less every copy in sight (their own hand, the discard pile, and every
    stash, hassle pile and Protect card on the table). A card all of whose copies are
    in sight cannot be asked for usefully."""
    public = view.public
    unseen = Counter(deck_for_hand(public.hand, public.options.learning))
    unseen.subtract(view.hand)
    unseen.subtract(public.discard_pile)
    for seat in public.seats:
        unseen.subtract(peddle.card for peddle in seat.stash)
        unseen.subtract(seat.hassle + seat.protection)
    return [card for card in Card if unseen[card] > 0]


class Sources:
    """What a `Pick`'s bits stand for at this version, and the menus' options."""

    def __init__(self, hand: Hand[GrassPlayerView], seat: int) -> None:
        view = hand.view
        seats = view.public.seats
        if not 0 <= seat < len(seats) or seats[seat].name == hand.name:
            raise Refusal(_("That player is no longer at the table."))
        self.view = view
        self.partner = seats[seat].name
        self.secret = view.public.options.secret_trades

        def free(name: str) -> list[Card]:
            if self.secret:  # only hand cards are traded (the project decision of G20)
                return []
            return [p.card for p in view.public.seat(name).stash if not p.covered]

        # The bits of "take" are card kinds in the enum's order: a card is asked by name.
        self.lists: tuple[list[Card], ...] = (
            list(view.hand),
            free(hand.name),
            list(Card),
            free(self.partner),
        )
        partner = self.partner
        give = self._copies(0, "", _("From your hand")) + self._copies(
            1, "stash.", _("From your stash")
        )
        self.give_menu = give[:MENU_SIZE]  # a hand and a stash rarely pass 25 cards
        possible = set(could_hold(view))
        their_hand = _("From {player}'s hand, if they hold one", player=partner)
        asks = self._copies(3, "stash.", _("From {player}'s stash", player=partner)) + [
            Option(2, bit, card, card.value, their_hand)
            for bit, card in enumerate(self.lists[2])
            if card in possible
        ]
        # Split evenly over as few menus as hold them all (27 card names, more with a
        # stash): one menu per interaction, each its own part of the choice.
        count = max(1, -(-len(asks) // MENU_SIZE))
        size = max(1, -(-len(asks) // count))
        self.ask_menus = [asks[i : i + size] for i in range(0, len(asks), size)][:ASK_MENUS]

    def _copies(self, field: int, prefix: str, where: str) -> list[Option]:
        """Options for each card of a list, a value per copy: "mexico", "mexico.2"."""
        seen: Counter[Card] = Counter()
        options = []
        for bit, card in enumerate(self.lists[field]):
            seen[card] += 1
            copy = f".{seen[card]}" if seen[card] > 1 else ""
            options.append(Option(field, bit, card, prefix + card.value + copy, where))
        return options

    def offer(self, by: str, pick: Pick) -> MakeOffer:
        """The offer a pick stands for; a bit beyond its list is refused (forged)."""
        lists: list[tuple[Card, ...]] = []
        for cards, mask in zip(self.lists, pick.masks, strict=True):
            if mask >> len(cards):
                raise Refusal(AGAIN)
            lists.append(tuple(card for bit, card in enumerate(cards) if mask >> bit & 1))
        give, give_stash, take, take_stash = lists
        return MakeOffer(by, self.partner, give, take, give_stash, take_stash)

    def picked(self, pick: Pick, menu: Sequence[Option], values: Sequence[str]) -> Pick:
        """`pick` with one menu's options set to the values picked there, the other
        menus' parts as they were."""
        known = {option.value for option in menu}
        if not set(values) <= known:
            raise Refusal(AGAIN)
        masks = list(pick.masks)
        for option in menu:
            masks[option.field] &= ~(1 << option.bit)
            if option.value in values:
                masks[option.field] |= 1 << option.bit
        return replace(pick, masks=(masks[0], masks[1], masks[2], masks[3]))


def problem(view: GrassPlayerView, offer: MakeOffer) -> Text | None:
    """Why the engine would refuse this offer, in plain words, or None. The engine's own
    checks (games/grass/trades.py, `check_offer`, G20, G21) read the whole state; these
    read only what the mover sees, which is all they need: the cards asked from the
    other hand are checked only when they answer."""
    public = view.public
    if public.phase is Phase.OFFER:
        return _("A trade offer is already waiting for an answer.")
    if public.phase is not Phase.TURN or public.to_move != view.name:
        return _("Only the player whose turn it is can offer a trade.")
    if len(view.hand) != 7:
        return _("Trades are offered while you hold 7 cards, before you play or discard.")
    if not public.trading:
        return _("This hand is played without trading.")
    if view.offers_left <= 0:
        return _("You have made the most trade offers a turn allows: play or discard a card.")
    names = [seat.name for seat in public.seats]
    if offer.to not in names or offer.to == view.name:
        return _("That player is no longer at the table.")
    if public.options.secret_trades and (offer.give_stash or offer.take_stash):
        return _("Trades are secret in this game, so only hand cards can be traded.")
    if not (offer.give or offer.give_stash):
        return _("Choose at least one card you give.")
    if not (offer.take or offer.take_stash):
        return _("Choose at least one card you ask for.")
    if len(offer.give) != len(offer.take):
        return _(
            "Hand cards go one for one, so hands stay at 7 and 6: you give {given} from your "
            "hand and ask for {asked} from {player}'s hand.",
            given=_n("{count} card", "{count} cards", len(offer.give)),
            asked=_n("{count} card", "{count} cards", len(offer.take)),
            player=offer.to,
        )
    free = Counter(p.card for p in public.seat(view.name).stash if not p.covered)
    theirs = Counter(p.card for p in public.seat(offer.to).stash if not p.covered)
    if Counter(offer.give) - Counter(view.hand) or Counter(offer.give_stash) - free:
        return _("You do not hold those cards any more.")
    if Counter(offer.take_stash) - theirs:
        return _("Those peddles are no longer unprotected in {player}'s stash.", player=offer.to)
    return None


def _options(menu: Sequence[Option], pick: Pick) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=card_label(option.card),
            value=option.value,
            description=option.where,
            default=bool(pick.masks[option.field] >> option.bit & 1),
        )
        for option in menu
    ]


def _listing(offer: MakeOffer) -> tuple[Text, Text]:
    """What each side gives, in words."""

    def side(parts: list[Text]) -> Text:
        # TRANSLATORS: in place of the cards a trade offer being built gives or asks for.
        return joined(", ", parts) if parts else _("nothing yet")

    partner = offer.to
    gives = [_("{card} from your hand", card=card_label(c)) for c in offer.give]
    gives += [_("{card} from your stash", card=card_label(c)) for c in offer.give_stash]
    asks = [
        _("{card} from {player}'s hand", card=card_label(c), player=partner) for c in offer.take
    ]
    asks += [
        _("{card} from {player}'s stash", card=card_label(c), player=partner)
        for c in offer.take_stash
    ]
    return side(gives), side(asks)


def menus_step(hand: Hand[GrassPlayerView], pick: Pick) -> Show:
    """The hand message as the trade menus, `pick` chosen so far."""
    sources = Sources(hand, pick.seat)
    offer = sources.offer(hand.name, pick)
    wrong = problem(hand.view, offer)
    table, partner, args = hand.table, sources.partner, pick.args()
    gives, asks = _listing(offer)
    lines = [
        _(
            "**Trade with {player}**: choose what you give and what you ask for.",
            player=partner,
        ),
        _("You give: {cards}", cards=gives),
        _("You ask for: {cards}", cards=asks),
    ]
    if sources.secret:
        lines.append(_("Trades are secret in this game: only hand cards change hands."))
    if offer.take:
        lines.append(
            _(
                "{player} can accept only if they hold the cards you ask from their hand.",
                player=partner,
            )
        )
    # TRANSLATORS: {button} is the button's own words ("Send the offer").
    lines.append(wrong or _("Ready: press **{button}**.", button=SEND))
    items: list[discord.ui.Item[Any]] = []
    if sources.give_menu:  # Discord refuses a menu without options
        items.append(
            GameSelect(
                table.control(TradeVerb.GIVE, *args),
                _("Cards you give…"),
                _options(sources.give_menu, pick),
                min_values=0,
                max_values=len(sources.give_menu),
                row=0,
            )
        )
    many = len(sources.ask_menus) > 1
    for part, menu in enumerate(sources.ask_menus):
        placeholder = (
            _(
                "Cards you ask for ({part} of {count})…",
                part=part + 1,
                count=len(sources.ask_menus),
            )
            if many
            else _("Cards you ask for…")
        )
        items.append(
            GameSelect(
                table.control(TradeVerb.ASK, str(part), *args),
                placeholder,
                _options(menu, pick),
                min_values=0,
                max_values=len(menu),
                row=1 + part,
            )
        )
    send = table.control(TradeVerb.SEND, *args)
    items += [
        GameButton(send, SEND, discord.ButtonStyle.success, disabled=bool(wrong), row=4),
        GameButton(table.control(TradeVerb.TYPE, str(pick.seat)), _("Type it instead…"), row=4),
        GameButton(table.control(SharedVerb.BACK), BACK, row=4),
    ]
    return Show(joined("\n", lines), items)


def partner_step(hand: Hand[GrassPlayerView]) -> Show:
    """Offer a trade…: to whom."""
    table = hand.table
    buttons: list[discord.ui.Item[Any]] = [
        GameButton(
            table.control(TradeVerb.TRADETO, str(index)), seat.name, discord.ButtonStyle.primary
        )
        for index, seat in enumerate(hand.view.public.seats)
        if seat.name != hand.name
    ]
    back = GameButton(table.control(SharedVerb.BACK), BACK, row=4)
    return Show(_("Offer a trade to whom?"), [*buttons, back])


def trade_step(hand: Hand[GrassPlayerView], control: Control, values: Sequence[str]) -> Step:
    """What a trade control (`MENU_STEPS`) means."""
    verb, args = control.verb, control.args
    if verb == TradeVerb.TRADE:
        return partner_step(hand)
    if verb in (TradeVerb.TRADETO, TradeVerb.TYPE) and len(args) == 1:
        pick = Pick.parse((args[0], *("0" for _field in FIELDS)))  # nothing chosen yet
        if verb == TradeVerb.TRADETO:
            return menus_step(hand, pick)
        sources = Sources(hand, pick.seat)
        form = hand.table.control(TradeVerb.OFFER, args[0])
        return Ask(TradeForm(form, sources.partner, sources.secret))
    if verb == TradeVerb.GIVE:
        pick = Pick.parse(args)
        sources = Sources(hand, pick.seat)
        return menus_step(hand, sources.picked(pick, sources.give_menu, values))
    if verb == TradeVerb.ASK and args:
        pick = Pick.parse(args[1:])
        sources = Sources(hand, pick.seat)
        part = small_index(args[0], len(sources.ask_menus))
        if part is None:
            raise Refusal(AGAIN)
        return menus_step(hand, sources.picked(pick, sources.ask_menus[part], values))
    if verb == TradeVerb.SEND:
        pick = Pick.parse(args)
        offer = Sources(hand, pick.seat).offer(hand.name, pick)
        wrong = problem(hand.view, offer)
        if wrong is not None:
            raise Refusal(wrong)
        return Act(offer)
    raise Refusal(AGAIN)
