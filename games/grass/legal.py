"""The legal actions of a player (what `Grass.legal_actions` lists).

Listed: every play (each valid target; for Protect every valid cover set, G12),
every discard (G4), each pass choice (G13), accept/decline/withdraw (G20).
Not listed: trade offers (validated by `apply`, see trades.py) and leaving.
The conditions mirror effects.check_play; the random-play tests hold the two equal.
Actions are immutable values, so they are built once per player name and reused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from games.grass.actions import Accept, Decline, Discard, GrassAction, PassCard, Play, Withdraw
from games.grass.cards import LIFTS, PEDDLE_VALUES, PROTECT_LIMITS, Card, Kind
from games.grass.state import Seat, State
from games.grass.trades import check_accept
from games.grass.views import Phase
from games.protocol import IllegalAction

# G12: the peddles a Protect card may cover, in a fixed order (never Dr. Feelgood).
_COVERABLE = (Card.HOME_GROWN, Card.MEXICO, Card.COLOMBIA, Card.JAMAICA, Card.PANAMA)
_PEDDLE, _CLOSE, _OPEN, _OFF, _FINE = (
    Kind.PEDDLE,
    Kind.MARKET_CLOSE,
    Kind.MARKET_OPEN,
    Kind.HEAT_OFF,
    Kind.PAY_FINE,
)
_NIRVANA, _PARANOIA, _HEAT_ON, _PROTECT = Kind.NIRVANA, Kind.PARANOIA, Kind.HEAT_ON, Kind.PROTECT
_STEAL = Card.STEAL_YOUR_NEIGHBORS_POT


def cover_sets(seat: Seat, limit: int) -> tuple[tuple[Card, ...], ...]:
    """Every non-empty multiset of the seat's unprotected coverable peddles worth at most
    `limit` (G12), as tuples of cards in a fixed order."""
    free = [0] * len(_COVERABLE)
    for peddle in seat.stash:
        if not peddle.covered and peddle.card is not Card.DR_FEELGOOD:
            free[_COVERABLE.index(peddle.card)] += 1
    key = (*free, limit)
    found = _COVER_SETS.get(key)
    if found is None:
        found = _COVER_SETS[key] = tuple(_walk(free, 0, limit, ()))
    return found


# The answer depends only on the free counts and the limit, and a stash holds few
# peddles: a small, bounded memo keeps Protect listings cheap.
_COVER_SETS: dict[tuple[int, ...], tuple[tuple[Card, ...], ...]] = {}


def _walk(
    free: list[int], index: int, budget: int, chosen: tuple[Card, ...]
) -> Iterator[tuple[Card, ...]]:
    if index == len(_COVERABLE):
        if chosen:
            yield chosen
        return
    card = _COVERABLE[index]
    value = PEDDLE_VALUES[card]
    for count in range(min(free[index], budget // value) + 1):
        yield from _walk(free, index + 1, budget - count * value, chosen + (card,) * count)


class _Cached:
    """One player's immutable actions: every plain play and discard built at once, the
    targeted, Protect and pass actions on first use."""

    __slots__ = ("covers", "discards", "passes", "plays", "targeted")

    def __init__(self, name: str) -> None:
        self.plays: dict[Card, GrassAction] = {card: Play(name, card) for card in Card}
        self.discards: dict[Card, GrassAction] = {card: Discard(name, card) for card in Card}
        self.covers: dict[tuple[Card, tuple[Card, ...]], GrassAction] = {}
        self.passes: dict[Card, GrassAction] = {}
        self.targeted: dict[tuple[Card, str], GrassAction] = {}


# Keyed by player name and shared by every game (the actions are immutable values);
# emptied when it grows large, so a long-running bot keeps it bounded.
_CACHE: dict[str, _Cached] = {}
_CACHE_LIMIT = 4096


def cached(name: str) -> _Cached:
    mine = _CACHE.get(name)
    if mine is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        mine = _CACHE[name] = _Cached(name)
    return mine


def _turn_actions(state: State, seat: Seat) -> list[GrassAction]:
    name = seat.name
    mine = cached(name)
    plays = mine.plays
    discards = mine.discards
    actions: list[GrassAction] = []
    add = actions.append
    heat = seat.heat
    clear = seat.market_open and not heat
    for card in dict.fromkeys(seat.hand):
        kind = card.kind
        if kind is _PEDDLE or kind is _CLOSE:
            if clear:  # G7, G16
                add(plays[card])
        elif kind is _OFF:
            if heat and LIFTS[card] is heat[0]:  # G9
                add(plays[card])
        elif kind is _HEAT_ON:
            if not heat:  # G8
                _targets(state, seat, card, mine, add, heat_on=True)
        elif kind is _NIRVANA or kind is _PARANOIA:
            add(plays[card])  # G11, G13; never discarded (G4)
            continue
        elif kind is _OPEN:
            if not seat.market_open:  # G5
                add(plays[card])
        elif kind is _FINE:
            if heat and seat.lowest() is not None:  # G10
                add(plays[card])
        elif kind is _PROTECT:
            if clear:  # G12
                covers = mine.covers
                for cover in cover_sets(seat, PROTECT_LIMITS[card]):
                    covering = covers.get((card, cover))
                    if covering is None:
                        covering = covers[card, cover] = Play(name, card, None, cover)
                    add(covering)
        elif card is _STEAL and clear:  # G14
            _targets(state, seat, card, mine, add, heat_on=False)
        # Banker: never played (G15)
        add(discards[card])
    return actions


def _targets(
    state: State,
    seat: Seat,
    card: Card,
    mine: _Cached,
    add: Callable[[GrassAction], None],
    heat_on: bool,
) -> None:
    """Heat On (G8): opponents with an open or (stacking) blocked market; Steal (G14):
    opponents with an unprotected peddle."""
    stacking = state.options.heat_stacking
    targeted = mine.targeted
    for other in state.seats:
        if other is seat:
            continue
        if heat_on:
            if not other.market_open or (other.heat and not stacking):
                continue
        elif other.lowest() is None:
            continue
        key = (card, other.name)
        action = targeted.get(key)
        if action is None:
            action = targeted[key] = Play(seat.name, card, other.name)
        add(action)


def legal_actions(state: State, name: str) -> list[GrassAction]:
    phase = state.phase
    if phase is Phase.TURN:
        mover = state.mover
        if mover is None or mover.name != name:
            return []
        return _turn_actions(state, mover)
    if phase is Phase.PASS:
        seat = state.seat(name)
        if seat is None or seat.chosen is not None:
            return []
        passes = cached(name).passes
        return [
            passes.get(card) or passes.setdefault(card, PassCard(name, card))
            for card in dict.fromkeys(seat.hand)
        ]
    if phase is Phase.OFFER:
        offer = state.offer
        assert offer is not None
        if name == offer.by:
            return [Withdraw(name)]
        if name == offer.to:
            seat = state.seat(name)
            assert seat is not None
            try:
                check_accept(state, seat)
            except IllegalAction:
                return [Decline(name)]
            return [Accept(name), Decline(name)]
    return []
