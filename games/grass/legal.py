"""The legal actions of a player (what `Grass.legal_actions` lists).

Listed: every play (each valid target; for Protect every valid cover set, G12),
every discard (G4), each pass choice (G13), accept/decline/withdraw (G20).
Not listed: trade offers (validated by `apply`, see trades.py) and leaving.
The conditions mirror effects.check_play; the random-play tests hold the two equal.
Actions are immutable, so they are kept in a per-game cache to keep listing cheap.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.grass.cards import LIFTS, PEDDLE_VALUES, PROTECT_LIMITS, Card, Kind
from games.grass.notation import Accept, Decline, Discard, GrassAction, PassCard, Play, Withdraw
from games.grass.state import Seat, State
from games.grass.trades import check_accept
from games.grass.views import Phase
from games.protocol import IllegalAction

ActionCache = dict[str, "_Cached"]

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
    """One player's immutable actions, built once per game."""

    __slots__ = ("covers", "discards", "passes", "plays", "targeted")

    def __init__(self) -> None:
        self.covers: dict[tuple[Card, tuple[Card, ...]], GrassAction] = {}
        self.passes: dict[Card, GrassAction] = {}
        self.plays: dict[Card, GrassAction] = {}
        self.discards: dict[Card, GrassAction] = {}
        self.targeted: dict[tuple[Card, str], GrassAction] = {}


def _turn_actions(state: State, seat: Seat, cache: ActionCache) -> list[GrassAction]:
    name = seat.name
    mine = cache.get(name)
    if mine is None:
        mine = cache[name] = _Cached()
    plays = mine.plays
    discards = mine.discards
    targeted = mine.targeted
    actions: list[GrassAction] = []
    add = actions.append
    heat = seat.heat
    clear = seat.market_open and not heat
    seen: set[Card] = set()
    for card in seat.hand:
        if card in seen:
            continue
        seen.add(card)
        kind = card.kind
        if kind is _PEDDLE or kind is _CLOSE:
            playable = clear  # G7, G16
        elif kind is _OPEN:
            playable = not seat.market_open  # G5
        elif kind is _OFF:
            playable = bool(heat) and LIFTS[card] is heat[0]  # G9
        elif kind is _FINE:
            playable = bool(heat) and seat.lowest() is not None  # G10
        elif kind is _NIRVANA or kind is _PARANOIA:
            playable = True  # G11, G13
            add(plays.get(card) or plays.setdefault(card, Play(name, card)))
            continue  # never discarded (G4)
        else:
            playable = False
            if kind is _HEAT_ON:
                if not heat:  # G8
                    stacking = state.options.heat_stacking
                    for other in state.seats:
                        if other is not seat and other.market_open and (stacking or not other.heat):
                            key = (card, other.name)
                            add(
                                targeted.get(key)
                                or targeted.setdefault(key, Play(name, card, other.name))
                            )
            elif kind is _PROTECT:
                if clear:  # G12
                    for cover in cover_sets(seat, PROTECT_LIMITS[card]):
                        covering = mine.covers.get((card, cover))
                        if covering is None:
                            covering = mine.covers[card, cover] = Play(name, card, None, cover)
                        add(covering)
            elif card is _STEAL and clear:  # G14
                for other in state.seats:
                    if other is not seat and other.lowest() is not None:
                        key = (card, other.name)
                        add(
                            targeted.get(key)
                            or targeted.setdefault(key, Play(name, card, other.name))
                        )
            # Banker: never played (G15)
        if playable:
            add(plays.get(card) or plays.setdefault(card, Play(name, card)))
        add(discards.get(card) or discards.setdefault(card, Discard(name, card)))
    return actions


def legal_actions(state: State, name: str, cache: ActionCache) -> list[GrassAction]:
    phase = state.phase
    if phase is Phase.TURN:
        mover = state.mover
        if mover is None or mover.name != name:
            return []
        return _turn_actions(state, mover, cache)
    if phase is Phase.PASS:
        seat = state.seat(name)
        if seat is None or seat.chosen is not None:
            return []
        mine = cache.get(name)
        if mine is None:
            mine = cache[name] = _Cached()
        passes = mine.passes
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
