"""Trades (G20, and G21's hand without trading).

An offer names hand cards and unprotected stash peddles moving each way. The
proposer's side and both stashes are public or the proposer's own, so they are
checked when the offer is made. The cards asked from the other player's hand are
checked only when that player accepts: checking them earlier would tell the proposer
what the other player holds (a project reading of G20; at a real table you would
simply be told "I don't have that").

Two limits are this project's decisions (docs/rules/grass.md, G20): a turn allows at
most `MAX_OFFERS_PER_TURN` offers, whatever their answers, so offering and withdrawing
can neither stall the table nor flood the partner; and with `secret_trades` only hand
cards are traded, since stashes lie face up and a peddle changing stash would show the
table what the "secret" trade moved.

Offers are validated here but never listed by `legal_actions` (there are far too
many); random play therefore does not trade and the tests cover trades directly.
"""

from __future__ import annotations

from collections import Counter

from games.grass.cards import Card
from games.grass.state import Peddle, Seat, State
from games.grass.views import GrassEventKind, Offer, Phase
from games.protocol import Event, IllegalAction
from games.text import Text, _, _n, joined

MAX_OFFERS_PER_TURN = 10


def trading_allowed(state: State) -> bool:
    """G21: the first learning hand is played without trading."""
    return not (state.options.learning and state.hand_no == 1)


def _holds(cards: list[Card], wanted: tuple[Card, ...]) -> Card | None:
    """The first wanted card `cards` does not hold enough of, or None."""
    have = Counter(cards)
    for card, count in Counter(wanted).items():
        if have[card] < count:
            return card
    return None


def _free_stash(seat: Seat) -> list[Card]:
    return [p.card for p in seat.stash if not p.covered]


def check_offer(state: State, seat: Seat, offer: Offer) -> Seat:
    """Raise `IllegalAction` unless `seat` may make `offer` now; returns the other seat."""
    if state.phase is Phase.OFFER:
        raise IllegalAction(_("a trade offer is already waiting for an answer"), "G20")
    if state.phase is not Phase.TURN or state.mover is not seat:
        raise IllegalAction(_("only the player whose turn it is can propose a trade"), "G20")
    if len(seat.hand) != 7:
        raise IllegalAction(_("trades are proposed while holding 7 cards, before you play"), "G20")
    if not trading_allowed(state):
        raise IllegalAction(_("the first learning hand is played without trading"), "G21")
    if state.offers >= MAX_OFFERS_PER_TURN:
        raise IllegalAction(
            _n(
                "you have made {count} trade offer this turn, the most a turn allows: play or "
                "discard a card",
                "you have made {count} trade offers this turn, the most a turn allows: play or "
                "discard a card",
                MAX_OFFERS_PER_TURN,
            ),
            "G20",
        )
    other = state.seat(offer.to)
    if other is None:
        raise IllegalAction(_("{player} is not playing in this game", player=offer.to), "G20")
    if other is seat:
        raise IllegalAction(_("you cannot trade with yourself"), "G20")
    if state.options.secret_trades and (offer.give_stash or offer.take_stash):
        raise IllegalAction(
            _(
                "in this game trades are secret, so only hand cards can be traded: "
                "stashes lie face up on the table"
            ),
            "G20",
        )
    if len(offer.give) != len(offer.take):
        raise IllegalAction(
            _(
                "hand cards are traded one for one, so hands stay at 7 and 6: give as many as "
                "you take"
            ),
            "G20",
        )
    if not (offer.give or offer.give_stash) or not (offer.take or offer.take_stash):
        raise IllegalAction(_("in a trade each side gives at least one card"), "G20")
    missing = _holds(seat.hand, offer.give)
    if missing is not None:
        raise IllegalAction(_("you do not hold enough {card} to give", card=missing.title), "G20")
    for who, cards in ((seat, offer.give_stash), (other, offer.take_stash)):
        for card in cards:
            if not card.is_peddle:
                raise IllegalAction(
                    _("only peddles lie in a stash, not {card}", card=card.title), "G20"
                )
        missing = _holds(_free_stash(who), cards)
        if missing is None:
            continue
        if who is seat:
            reason = _(
                "there are not enough unprotected {card} in your stash (protected peddles "
                "cannot be traded)",
                card=missing.title,
            )
        else:
            # TRANSLATORS: {player} is the partner of the trade, whose stash it is.
            reason = _(
                "there are not enough unprotected {card} in {player}'s stash (protected "
                "peddles cannot be traded)",
                card=missing.title,
                player=who.name,
            )
        raise IllegalAction(reason, "G20")
    return other


def offers_left(state: State, name: str) -> int:
    """How many more offers `name` may make in this turn: 0 when it is not theirs or
    when this hand is played without trading (G21)."""
    mover = state.mover
    if mover is None or mover.name != name or state.phase not in (Phase.TURN, Phase.OFFER):
        return 0
    if not trading_allowed(state):
        return 0
    return max(0, MAX_OFFERS_PER_TURN - state.offers)


def check_accept(state: State, seat: Seat) -> Offer:
    offer = state.offer
    if state.phase is not Phase.OFFER or offer is None or offer.to != seat.name:
        raise IllegalAction(_("there is no trade offer to you to answer"), "G20")
    missing = _holds(seat.hand, offer.take)
    if missing is not None:
        raise IllegalAction(
            _("you cannot accept: you do not hold enough {card}", card=missing.title), "G20"
        )
    return offer


def _move_stash(source: Seat, target: Seat, cards: tuple[Card, ...]) -> None:
    for card in cards:  # the earliest unprotected copy goes (as G5b does)
        peddle = next(p for p in source.stash if p.card is card and not p.covered)
        source.stash.remove(peddle)
        target.stash.append(Peddle(card))


def do_trade(state: State, offer: Offer) -> Event:
    """Carry out an accepted offer; the event's text follows `secret_trades`."""
    by = state.seat(offer.by)
    to = state.seat(offer.to)
    assert by is not None and to is not None
    # Hand cards only are marked as received: stash peddles lie face up already.
    for card in offer.give:
        by.hand_over(card)
        to.receive(card)
    for card in offer.take:
        to.hand_over(card)
        by.receive(card)
    _move_stash(by, to, offer.give_stash)
    _move_stash(to, by, offer.take_stash)
    for seat in (by, to):  # their hands changed: their last turns no longer tell
        state.turns.pop(seat.name, None)
    details = describe(offer)
    if state.options.secret_trades:
        # TRANSLATORS: a secret trade: the table does not see what changed hands.
        text = _("{player} and {partner} traded", player=offer.by, partner=offer.to)
    else:
        # TRANSLATORS: {details} is what each side gave: "ann gives Panama (hand); bob
        # gives Banker (hand)".
        text = _(
            "{player} and {partner} traded: {details}",
            player=offer.by,
            partner=offer.to,
            details=details,
        )
    # TRANSLATORS: {details} is what each side gave: "ann gives Panama (hand); bob gives
    # Banker (hand)".
    done = _("Trade done: {details}", details=details)
    private = {offer.by: done, offer.to: done}
    return Event(GrassEventKind.TRADE, text, offer.by, private=private)


def describe(offer: Offer) -> Text:
    """`ann gives Panama (hand), Mexico (stash); bob gives Banker (hand)`."""

    def side(hand: tuple[Card, ...], stash: tuple[Card, ...]) -> Text:
        # TRANSLATORS: a card given from its player's hand in a trade ("Panama (hand)").
        parts = [_("{card} (hand)", card=c.title) for c in hand]
        # TRANSLATORS: a peddle given from its player's stash in a trade ("Panama (stash)").
        parts += [_("{card} (stash)", card=c.title) for c in stash]
        # TRANSLATORS: what one side of a trade gives when it gives no card.
        return joined(", ", parts) if parts else _("nothing")

    # TRANSLATORS: a trade; {player} proposed it and gives {cards}, {partner} gives
    # {partner_cards}; each a list such as "Panama (hand), Mexico (stash)".
    return _(
        "{player} gives {cards}; {partner} gives {partner_cards}",
        player=offer.by,
        cards=side(offer.give, offer.give_stash),
        partner=offer.to,
        partner_cards=side(offer.take, offer.take_stash),
    )
