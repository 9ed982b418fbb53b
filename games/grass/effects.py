"""What each card needs (the "playable only when" rules) and what it does.

`check_play` / `check_discard` raise `IllegalAction` and change nothing; `do_play` /
`do_discard` change the state and only run after a successful check, which keeps
`Grass.apply` atomic. Rule ids: G4 discard, G5 Market Open, G5b equal values, G6
market states, G7 Peddle, G8 Heat On, G9 Heat Off, G10 Pay Fine, G11 Nirvana,
G12 Protect, G13 Paranoia, G14 Steal, G15 Banker, G16 Market Close.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

from games.grass.actions import Play
from games.grass.cards import (
    LIFTS,
    PARANOIA_LOST_TURNS,
    PEDDLE_VALUES,
    PROTECT_LIMITS,
    Card,
    Kind,
    money,
)
from games.grass.state import Peddle, Seat, State
from games.grass.views import GrassEventKind
from games.protocol import Event, IllegalAction
from games.words import plural

_NONE: MappingProxyType[str, str] = MappingProxyType({})  # no private words


def _market_words(seat: Seat) -> str:
    if not seat.market_open:
        return "your market is closed (no Market Open in your hassle pile)"
    return f"your market is blocked by {seat.heat[0].title}"


def check_discard(seat: Seat, card: Card) -> None:
    if card not in seat.hand:
        raise IllegalAction(f"you do not hold {card.title}", "G3")
    kind = card.kind
    if kind is Kind.NIRVANA or kind is Kind.PARANOIA:
        raise IllegalAction(
            f"{card.title} cannot be discarded: putting it on the discard pile is playing it",
            "G4",
        )


def check_play(state: State, seat: Seat, action: Play) -> None:
    card = action.card
    if card not in seat.hand:
        raise IllegalAction(f"you do not hold {card.title}", "G3")
    kind = card.kind
    if action.target is not None and kind is not Kind.HEAT_ON and kind is not Kind.SKIM:
        raise IllegalAction(f"{card.title} is not played on another player", "G8")
    if action.cover and kind is not Kind.PROTECT:
        raise IllegalAction(f"only a Protect card covers peddles, not {card.title}", "G12")
    if kind is Kind.MARKET_OPEN:
        if seat.market_open:
            raise IllegalAction(
                "you already have a Market Open in your hassle pile; this one can only be "
                "discarded",
                "G5",
            )
    elif kind is Kind.PEDDLE:
        if not seat.clear:
            raise IllegalAction(f"you cannot peddle: {_market_words(seat)}", "G7")
    elif kind is Kind.HEAT_ON:
        _check_heat_on(state, seat, action)
    elif kind is Kind.HEAT_OFF:
        if not seat.heat:
            raise IllegalAction(f"{card.title} lifts Heat, and your market is not blocked", "G9")
        if LIFTS[card] is not seat.heat[0]:
            oldest = seat.heat[0]
            raise IllegalAction(
                f"{card.title} only lifts {LIFTS[card].title}; the oldest Heat On over your "
                f"market is {oldest.title}",
                "G9",
            )
    elif kind is Kind.PAY_FINE:
        if not seat.heat:
            raise IllegalAction("Pay Fine lifts Heat, and your market is not blocked", "G10")
        if seat.lowest() is None:
            raise IllegalAction("Pay Fine needs an unprotected peddle in your stash", "G10")
    elif kind is Kind.PROTECT:
        _check_protect(seat, action)
    elif card is Card.STEAL_YOUR_NEIGHBORS_POT:
        if not seat.clear:
            raise IllegalAction(f"you cannot steal: {_market_words(seat)}", "G14")
        target = _opponent(state, seat, action, "G14")
        if target.lowest() is None:
            raise IllegalAction(f"{target.name} has no unprotected peddle to steal", "G14")
    elif card is Card.BANKER:
        raise IllegalAction(
            "the Banker has no effect when played: you can discard it or trade it", "G15"
        )
    elif kind is Kind.MARKET_CLOSE and not seat.clear:
        raise IllegalAction(f"you cannot close the market: {_market_words(seat)}", "G16")
    # Nirvana (G11) and Paranoia (G13) are playable at any time on your turn.


def _opponent(state: State, seat: Seat, action: Play, rule: str) -> Seat:
    if action.target is None:
        raise IllegalAction(f"{action.card.title} needs a target player", rule)
    target = state.seat(action.target)
    if target is None:
        raise IllegalAction(f"{action.target} is not playing in this game", rule)
    if target is seat:
        raise IllegalAction(f"{action.card.title} is played on an opponent, not on you", rule)
    return target


def _check_heat_on(state: State, seat: Seat, action: Play) -> None:
    target = _opponent(state, seat, action, "G8")
    if seat.heat:
        raise IllegalAction("you cannot put Heat On others while your market is blocked", "G8")
    if not target.market_open:
        raise IllegalAction(f"{target.name}'s market is closed: there is nothing to block", "G8")
    if target.heat and not state.options.heat_stacking:
        raise IllegalAction(
            f"{target.name}'s market is already blocked (heat stacking is off in this game)",
            "G8",
        )


def _check_protect(seat: Seat, action: Play) -> None:
    card = action.card
    if not seat.clear:
        raise IllegalAction(f"you cannot protect: {_market_words(seat)}", "G12")
    if not action.cover:
        raise IllegalAction(f"name the stash peddles {card.title} covers", "G12")
    wanted = Counter(action.cover)
    if Card.DR_FEELGOOD in wanted:
        raise IllegalAction("Dr. Feelgood can never be protected", "G12")
    for peddle_card, count in wanted.items():
        if peddle_card not in PEDDLE_VALUES:
            raise IllegalAction(f"{peddle_card.title} is not a peddle", "G12")
        free = sum(1 for p in seat.stash if p.card is peddle_card and not p.covered)
        if free < count:
            raise IllegalAction(
                f"you do not have {count} unprotected {peddle_card.title} in your stash", "G12"
            )
    total = sum(PEDDLE_VALUES[c] for c in action.cover)
    limit = PROTECT_LIMITS[card]
    if total > limit:
        raise IllegalAction(
            f"{card.title} covers up to {money(limit)}; the named peddles are worth {money(total)}",
            "G12",
        )


# -- effects (only after a successful check) ---------------------------------------


def _to_stash(seat: Seat, card: Card) -> None:
    seat.stash.append(Peddle(card))


def do_discard(state: State, seat: Seat, card: Card, out: list[Event]) -> None:
    seat.hand.remove(card)
    state.discard.append(card)
    text = f"{seat.name} discarded {card.title}"
    out.append(Event(GrassEventKind.DISCARD, text, seat.name, _NONE, _NONE))


def do_play(state: State, seat: Seat, action: Play, out: list[Event]) -> None:
    """Apply a checked play; the turn flow (next turn, pass, extra turn) is the caller's."""
    card = action.card
    kind = card.kind
    name = seat.name
    seat.hand.remove(card)
    discard = state.discard
    text = f"{name} played {card.title}"
    if kind is Kind.MARKET_OPEN:
        seat.market_open = True  # G5
    elif kind is Kind.PEDDLE:
        _to_stash(seat, card)  # G7
        text += f" ({money(PEDDLE_VALUES[card])})"
    elif kind is Kind.HEAT_ON:
        target = state.seat(action.target or "")
        assert target is not None
        target.heat.append(card)  # G8: stacked, lifted oldest first
        text += f" on {target.name}"
    elif kind is Kind.HEAT_OFF:
        discard.append(seat.heat.pop(0))  # G9: the oldest Heat On
        discard.append(card)
    elif kind is Kind.PAY_FINE:
        lifted = seat.heat.pop(0)  # G10
        fine = seat.lowest()
        assert fine is not None
        seat.stash.remove(fine)
        discard.extend((lifted, fine.card, card))
        text += f", lifting {lifted.title} and paying {fine.card.title} as the fine"
    elif kind is Kind.NIRVANA:
        text += _nirvana(state, seat, card)
        discard.append(card)
    elif kind is Kind.PROTECT:
        for cover in action.cover:  # G12: the earliest unprotected copies
            for peddle in seat.stash:
                if peddle.card is cover and not peddle.covered:
                    peddle.covered = True
                    break
        seat.protection.append(card)
        text += " covering " + ", ".join(c.title for c in action.cover)
    elif kind is Kind.PARANOIA:
        text += _paranoia(state, seat, card)
        discard.append(card)
    elif card is Card.STEAL_YOUR_NEIGHBORS_POT:
        target = state.seat(action.target or "")
        assert target is not None
        taken = target.highest()  # G14
        assert taken is not None
        target.stash.remove(taken)
        _to_stash(seat, taken.card)
        discard.append(card)
        text += f" on {target.name}, taking {taken.card.title}"
    else:  # Market Close (G16); the caller ends the hand
        discard.append(card)
    data = {"card": card.value, "target": action.target}
    out.append(Event(GrassEventKind.PLAY, text, name, _NONE, data))


def _nirvana(state: State, seat: Seat, card: Card) -> str:
    """G11: lift every Heat On, collect a peddle from each opponent."""
    state.discard.extend(seat.heat)
    seat.heat.clear()
    taken: list[str] = []
    for other in state.seats:
        if other is seat:
            continue
        peddle = other.lowest() if card is Card.STONEHIGH else other.highest()
        if peddle is not None:
            other.stash.remove(peddle)
            _to_stash(seat, peddle.card)
            taken.append(f"{peddle.card.title} from {other.name}")
    got = "; takes " + ", ".join(taken) if taken else "; nobody had a peddle to give"
    return got + " and plays an extra turn"


def _paranoia(state: State, seat: Seat, card: Card) -> str:
    """G13: the player's own loss; the pass is started by the caller."""
    seat.skip += PARANOIA_LOST_TURNS[card]
    lost: list[Peddle] = []
    if card is Card.SOLD_OUT:
        low = seat.lowest()
        lost = [low] if low else []
    elif card is Card.DOUBLE_CROSSED:
        high = seat.highest()
        lost = [high] if high else []
    else:
        lost = seat.unprotected()
    for peddle in lost:
        seat.stash.remove(peddle)
        state.discard.append(peddle.card)
    words = f", loses {plural(PARANOIA_LOST_TURNS[card], 'turn')}"
    if lost:
        words += " and discards " + ", ".join(p.card.title for p in lost)
    if card is Card.UTTERLY_WIPED_OUT and (seat.market_open or seat.heat):
        if seat.market_open:
            state.discard.append(Card.MARKET_OPEN)
        state.discard.extend(seat.heat)
        seat.market_open = False
        seat.heat.clear()
        words += " and the whole hassle pile"
    return words + "; everyone passes a card left"
