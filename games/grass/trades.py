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
        raise IllegalAction("a trade offer is already waiting for an answer", "G20")
    if state.phase is not Phase.TURN or state.mover is not seat:
        raise IllegalAction("only the player whose turn it is can propose a trade", "G20")
    if len(seat.hand) != 7:
        raise IllegalAction("trades are proposed while holding 7 cards, before you play", "G20")
    if not trading_allowed(state):
        raise IllegalAction("the first learning hand is played without trading", "G21")
    if state.offers >= MAX_OFFERS_PER_TURN:
        raise IllegalAction(
            f"you have made {MAX_OFFERS_PER_TURN} trade offers this turn, the most a turn "
            "allows: play or discard a card",
            "G20",
        )
    other = state.seat(offer.to)
    if other is None:
        raise IllegalAction(f"{offer.to} is not playing in this game", "G20")
    if other is seat:
        raise IllegalAction("you cannot trade with yourself", "G20")
    if state.options.secret_trades and (offer.give_stash or offer.take_stash):
        raise IllegalAction(
            "in this game trades are secret, so only hand cards can be traded: "
            "stashes lie face up on the table",
            "G20",
        )
    if len(offer.give) != len(offer.take):
        raise IllegalAction(
            "hand cards are traded one for one, so hands stay at 7 and 6: give as many as you take",
            "G20",
        )
    if not (offer.give or offer.give_stash) or not (offer.take or offer.take_stash):
        raise IllegalAction("in a trade each side gives at least one card", "G20")
    missing = _holds(seat.hand, offer.give)
    if missing is not None:
        raise IllegalAction(f"you do not hold enough {missing.title} to give", "G20")
    for who, cards, words in (
        (seat, offer.give_stash, "your"),
        (other, offer.take_stash, f"{other.name}'s"),
    ):
        for card in cards:
            if not card.is_peddle:
                raise IllegalAction(f"only peddles lie in a stash, not {card.title}", "G20")
        missing = _holds(_free_stash(who), cards)
        if missing is not None:
            raise IllegalAction(
                f"there are not enough unprotected {missing.title} in {words} stash "
                "(protected peddles cannot be traded)",
                "G20",
            )
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
        raise IllegalAction("there is no trade offer to you to answer", "G20")
    missing = _holds(seat.hand, offer.take)
    if missing is not None:
        raise IllegalAction(f"you cannot accept: you do not hold enough {missing.title}", "G20")
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
    details = describe(offer)
    text = f"{offer.by} and {offer.to} traded"
    if not state.options.secret_trades:
        text += f": {details}"
    private = {offer.by: f"Trade done: {details}", offer.to: f"Trade done: {details}"}
    return Event(GrassEventKind.TRADE, text, offer.by, private=private)


def describe(offer: Offer) -> str:
    """`ann gives Panama (hand), Mexico (stash); bob gives Banker (hand)`."""

    def side(hand: tuple[Card, ...], stash: tuple[Card, ...]) -> str:
        parts = [f"{c.title} (hand)" for c in hand] + [f"{c.title} (stash)" for c in stash]
        return ", ".join(parts) or "nothing"

    return (
        f"{offer.by} gives {side(offer.give, offer.give_stash)}; "
        f"{offer.to} gives {side(offer.take, offer.take_stash)}"
    )
