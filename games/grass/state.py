"""The mutable state of a Grass game, its saved form (to_json/from_json) and copies.

Only the engine (engine.py and the modules it calls) changes a `State`; everyone else
sees views. Where cards go (a project reading of G4, G9, G10, G11): Heat On cards
lifted by a Heat Off, Pay Fine or Nirvana go to the discard pile together with the
card that lifted them, so a hassle pile only ever holds its Market Open and the Heat On
cards still over it (G6).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.grass.actions import Discard, Play, parse_action
from games.grass.cards import PEDDLE_VALUES, Card
from games.grass.views import (
    GrassOptions,
    HandScore,
    LastTurn,
    Market,
    Offer,
    Phase,
    ScoreRow,
    SeatView,
    StashCard,
)
from games.protocol import JSON, StateFormatError
from games.text import restored, saved


class Peddle:
    """A peddle in a stash (G7); `covered` once a Protect card covers it (G12)."""

    __slots__ = ("card", "covered", "value")

    def __init__(self, card: Card, covered: bool = False) -> None:
        self.card = card
        self.covered = covered
        self.value = PEDDLE_VALUES[card]


class Seat:
    """One player's cards and counters."""

    __slots__ = (
        "chosen",
        "hand",
        "heat",
        "market_open",
        "name",
        "protection",
        "received",
        "skip",
        "stash",
        "total",
    )

    def __init__(self, name: str) -> None:
        self.name = name
        self.hand: list[Card] = []
        self.stash: list[Peddle] = []  # in the order the peddles entered it (G5b)
        self.protection: list[Card] = []
        self.market_open = False
        self.heat: list[Card] = []  # Heat On over the market, oldest first (G8, G9)
        self.skip = 0  # lost turns owed (G3, G13)
        self.total = 0  # running total (G18)
        self.chosen: Card | None = None  # this player's card in a Paranoia pass (G13)
        # Hand cards another player gave them (a G13 pass, a G20 trade) since their own
        # last play, discard, pass or offer: a pass or trade happens outside their turn,
        # and without a mark they cannot tell which card is the new one.
        self.received: list[Card] = []

    @property
    def market(self) -> Market:
        if not self.market_open:
            return Market.CLOSED
        return Market.BLOCKED if self.heat else Market.OPEN

    @property
    def clear(self) -> bool:
        """G6: open and not blocked."""
        return self.market_open and not self.heat

    def unprotected(self) -> list[Peddle]:
        return [peddle for peddle in self.stash if not peddle.covered]

    def lowest(self) -> Peddle | None:
        """G5b: the lowest unprotected peddle; the earliest of equal values."""
        best: Peddle | None = None
        for peddle in self.stash:
            if not peddle.covered and (best is None or peddle.value < best.value):
                best = peddle
        return best

    def highest(self) -> Peddle | None:
        """G5b: the highest unprotected peddle; the earliest of equal values."""
        best: Peddle | None = None
        for peddle in self.stash:
            if not peddle.covered and (best is None or peddle.value > best.value):
                best = peddle
        return best

    def receive(self, card: Card) -> None:
        """`card` comes into this hand from another player's (G13, G20)."""
        self.hand.append(card)
        self.received.append(card)

    def hand_over(self, card: Card) -> None:
        """`card` leaves this hand for another player's. Copies are alike, so a received
        copy stays marked while the hand still holds as many copies."""
        self.hand.remove(card)
        if self.received.count(card) > self.hand.count(card):
            self.received.remove(card)

    def cards_held(self) -> int:
        """Every card in front of or held by this player (for the card count check)."""
        return (
            len(self.hand)
            + len(self.stash)
            + len(self.protection)
            + len(self.heat)
            + self.market_open
        )

    def copy(self) -> Seat:
        other = Seat(self.name)
        other.hand = self.hand.copy()
        other.stash = [Peddle(p.card, p.covered) for p in self.stash]
        other.protection = self.protection.copy()
        other.market_open = self.market_open
        other.heat = self.heat.copy()
        other.skip = self.skip
        other.total = self.total
        other.chosen = self.chosen
        other.received = self.received.copy()
        return other

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "hand": [c.value for c in self.hand],
            "stash": [{"card": p.card.value, "covered": p.covered} for p in self.stash],
            "protection": [c.value for c in self.protection],
            "market_open": self.market_open,
            "heat": [c.value for c in self.heat],
            "skip": self.skip,
            "total": self.total,
            "chosen": self.chosen.value if self.chosen else None,
        }
        if self.received:  # written only when set, so older saves read back identical
            data["received"] = [c.value for c in self.received]
        return data

    @classmethod
    def from_json(cls, name: str, data: Mapping[str, Any]) -> Seat:
        seat = cls(name)
        seat.hand = [Card(c) for c in data["hand"]]
        seat.stash = [Peddle(Card(p["card"]), bool(p["covered"])) for p in data["stash"]]
        seat.protection = [Card(c) for c in data["protection"]]
        seat.market_open = bool(data["market_open"])
        seat.heat = [Card(c) for c in data["heat"]]
        seat.skip = int(data["skip"])
        seat.total = int(data["total"])
        seat.chosen = Card(data["chosen"]) if data["chosen"] is not None else None
        seat.received = [Card(c) for c in data.get("received", [])]  # absent before it existed
        if Counter(seat.received) - Counter(seat.hand):
            raise ValueError(f"{name} received cards that are not in their hand")
        return seat


class State:
    """Everything about a game in progress, public and hidden."""

    __slots__ = (
        "all_players",
        "decks",
        "discard",
        "draw",
        "drawn",
        "extra_turn",
        "hand_no",
        "keep_turns",
        "left",
        "mover",
        "next_mover",
        "offer",
        "offers",
        "options",
        "phase",
        "recent",
        "scores",
        "seats",
        "seed",
        "starter",
        "turns",
        "winners",
    )

    def __init__(
        self,
        players: tuple[str, ...],
        options: GrassOptions,
        seed: int,
        decks: tuple[tuple[Card, ...], ...],
    ) -> None:
        self.all_players = players  # seat order at creation (the replay header's)
        self.options = options
        self.seed = seed
        self.decks = decks  # fixed decks for the first hands (replay files)
        self.seats: list[Seat] = [Seat(name) for name in players]
        self.left: list[str] = []  # players who left, in the order they left
        self.hand_no = 0
        self.starter = players[0]  # who moved first in this hand (G2)
        self.phase = Phase.TURN
        self.mover: Seat | None = None  # whose turn it is
        self.next_mover: Seat | None = None  # during a pass: who moves after it (G13)
        self.drawn: Card | None = None  # the mover's card drawn this turn
        self.extra_turn = False  # a Nirvana extra turn is being played (G11)
        self.draw: list[Card] = []  # the draw pile, top card LAST (pop() draws)
        self.discard: list[Card] = []  # oldest first
        self.offer: Offer | None = None
        self.offers = 0  # trade offers the mover made this turn (G20's cap, trades.py)
        self.scores: list[HandScore] = []
        self.winners: tuple[str, ...] = ()
        self.recent: list[str] = []
        # Each player's last turn while it still tells about their hand (LastTurn).
        self.turns: dict[str, LastTurn] = {}
        # A searched copy (games/ai) plays thousands of moves that nobody reads the
        # last turns of: it switches the bookkeeping off.
        self.keep_turns = True

    def seat(self, name: str) -> Seat | None:
        for seat in self.seats:
            if seat.name == name:
                return seat
        return None

    def left_of(self, seat: Seat) -> Seat:
        """The next seat (G2: "left" is the next seat)."""
        seats = self.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    def deck_size(self) -> int:
        return len(self.draw) + len(self.discard) + sum(s.cards_held() for s in self.seats)

    def copy(self) -> State:
        other = State.__new__(State)
        mapping = {id(seat): seat.copy() for seat in self.seats}
        other.all_players = self.all_players
        other.options = self.options
        other.seed = self.seed
        other.decks = self.decks
        other.seats = [mapping[id(seat)] for seat in self.seats]
        other.left = self.left.copy()
        other.hand_no = self.hand_no
        other.starter = self.starter
        other.phase = self.phase
        other.mover = mapping[id(self.mover)] if self.mover else None
        other.next_mover = mapping[id(self.next_mover)] if self.next_mover else None
        other.drawn = self.drawn
        other.extra_turn = self.extra_turn
        other.draw = self.draw.copy()
        other.discard = self.discard.copy()
        other.offer = self.offer
        other.offers = self.offers
        other.scores = self.scores.copy()
        other.winners = self.winners
        other.recent = self.recent.copy()
        other.turns = self.turns.copy()
        other.keep_turns = self.keep_turns
        return other

    # -- saving ---------------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        offer = self.offer
        data: dict[str, JSON] = {
            "all_players": list(self.all_players),
            "options": options_json(self.options),
            "seed": self.seed,
            "decks": [[c.value for c in deck] for deck in self.decks],
            "seats": {seat.name: seat.to_json() for seat in self.seats},
            "order": [seat.name for seat in self.seats],
            "left": list(self.left),
            "hand": self.hand_no,
            "starter": self.starter,
            "phase": self.phase.value,
            "mover": self.mover.name if self.mover else None,
            "next_mover": self.next_mover.name if self.next_mover else None,
            "drawn": self.drawn.value if self.drawn else None,
            "extra_turn": self.extra_turn,
            "draw": [c.value for c in reversed(self.draw)],  # top card first
            "discard": [c.value for c in self.discard],
            "offer": None if offer is None else offer_json(offer),
            "offers": self.offers,
            "scores": [
                {"hand": hs.hand, "rows": [_row_json(row) for row in hs.rows]} for hs in self.scores
            ],
            "winners": list(self.winners),
            "recent": list(self.recent),
            # The messages of "recent", so that they translate once loaded.
            "texts": {"recent": saved(self.recent)},
        }
        if self.turns:  # written only when set, so older saves read back identical
            data["turns"] = [last_turn_json(turn) for turn in self.turns.values()]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        try:
            state = cls(
                tuple(data["all_players"]),
                parse_options(data["options"]),
                int(data["seed"]),
                tuple(tuple(Card(c) for c in deck) for deck in data["decks"]),
            )
            state.seats = [Seat.from_json(name, data["seats"][name]) for name in data["order"]]
            state.left = list(data["left"])
            state.hand_no = int(data["hand"])
            state.starter = str(data["starter"])
            state.phase = Phase(data["phase"])
            state.mover = state.seat(data["mover"]) if data["mover"] else None
            state.next_mover = state.seat(data["next_mover"]) if data["next_mover"] else None
            state.drawn = Card(data["drawn"]) if data["drawn"] else None
            state.extra_turn = bool(data["extra_turn"])
            state.draw = [Card(c) for c in reversed(data["draw"])]
            state.discard = [Card(c) for c in data["discard"]]
            state.offer = parse_offer(data["offer"]) if data["offer"] else None
            state.offers = _count(data.get("offers", 0))  # absent from older saves
            state.scores = [
                HandScore(int(hs["hand"]), tuple(ScoreRow(**row) for row in hs["rows"]))
                for hs in data["scores"]
            ]
            state.winners = tuple(data["winners"])
            texts = data.get("texts") or {}  # absent from states saved before it was kept
            state.recent = restored(data["recent"], texts.get("recent"))
            turns = [parse_last_turn(turn) for turn in data.get("turns", [])]  # absent before
            state.turns = {turn.by: turn for turn in turns}
            if set(state.turns) - {seat.name for seat in state.seats}:
                raise ValueError("a last turn of a player who is not seated")
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise StateFormatError(f"not a saved Grass state: {error!r}") from error
        return state


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"a count must be a whole number from 0, not {value!r}")
    return value


def _row_json(row: ScoreRow) -> dict[str, JSON]:
    return {
        "name": row.name,
        "table": row.table,
        "banker": row.banker,
        "hand_peddle": row.hand_peddle,
        "paranoia": row.paranoia,
        "bonus": row.bonus,
        "score": row.score,
        "total": row.total,
    }


def options_json(options: GrassOptions) -> dict[str, JSON]:
    return {
        "target": options.target,
        "heat_stacking": options.heat_stacking,
        "secret_trades": options.secret_trades,
        "learning": options.learning,
    }


def parse_options(data: Mapping[str, JSON] | None) -> GrassOptions:
    """The options of a game; `StateFormatError` for an unknown option or a wrong type."""
    if data is None:
        return GrassOptions()
    if not isinstance(data, Mapping):
        raise StateFormatError("options must be an object")
    unknown = set(data) - {"target", "heat_stacking", "secret_trades", "learning"}
    if unknown:
        raise StateFormatError(f"unknown Grass option(s): {', '.join(sorted(unknown))}")
    defaults = GrassOptions()
    target = data.get("target", defaults.target)
    if not isinstance(target, int) or isinstance(target, bool) or target <= 0:
        raise StateFormatError("option target must be a positive whole number of dollars")
    flags: dict[str, bool] = {}
    for key in ("heat_stacking", "secret_trades", "learning"):
        value = data.get(key, getattr(defaults, key))
        if not isinstance(value, bool):
            raise StateFormatError(f"option {key} must be true or false")
        flags[key] = value
    return GrassOptions(target=target, **flags)


def offer_json(offer: Offer) -> dict[str, JSON]:
    return {
        "by": offer.by,
        "to": offer.to,
        "give": [c.value for c in offer.give],
        "take": [c.value for c in offer.take],
        "give_stash": [c.value for c in offer.give_stash],
        "take_stash": [c.value for c in offer.take_stash],
    }


def parse_offer(data: Mapping[str, Any]) -> Offer:
    def cards(key: str) -> tuple[Card, ...]:
        return tuple(Card(c) for c in data[key])

    return Offer(
        str(data["by"]),
        str(data["to"]),
        cards("give"),
        cards("take"),
        cards("give_stash"),
        cards("take_stash"),
    )


def last_turn_json(turn: LastTurn) -> dict[str, JSON]:
    return {
        "action": turn.action.to_json(),
        "seats": [
            {
                "name": seat.name,
                "market_open": seat.market_open,
                "heat": [c.value for c in seat.heat],
                "stash": [{"card": p.card.value, "covered": p.covered} for p in seat.stash],
                "protection": [c.value for c in seat.protection],
                "hand_size": seat.hand_size,
                "total": seat.total,
                "skip": seat.skip,
            }
            for seat in turn.seats
        ],
        "draw_pile": turn.draw_pile,
    }


def parse_last_turn(data: Mapping[str, Any]) -> LastTurn:
    action = parse_action(data["action"])
    if not isinstance(action, Play | Discard):
        raise ValueError(f"a last turn is a play or a discard, not {action!r}")
    seats = []
    for index, seat in enumerate(data["seats"]):
        heat = tuple(Card(c) for c in seat["heat"])
        market_open = bool(seat["market_open"])
        market = Market.CLOSED if not market_open else Market.BLOCKED if heat else Market.OPEN
        seats.append(
            SeatView(
                name=str(seat["name"]),
                seat=index,
                market=market,
                market_open=market_open,
                heat=heat,
                stash=tuple(StashCard(Card(p["card"]), bool(p["covered"])) for p in seat["stash"]),
                protection=tuple(Card(c) for c in seat["protection"]),
                hand_size=_count(seat["hand_size"]),
                total=int(seat["total"]),
                skip=_count(seat["skip"]),
                to_pass=False,
                passed=False,
            )
        )
    if action.by not in {seat.name for seat in seats}:
        raise ValueError(f"the table of {action.by}'s last turn does not seat them")
    return LastTurn(action.by, action, tuple(seats), _count(data["draw_pile"]))
