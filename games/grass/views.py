"""What the table and each player may see of a Grass game (frozen, cheap to build).

`GrassPublicView` is everything the channel may show (the table image, the score
sheet); `GrassPlayerView` adds what one player alone may see: their hand, the card
they just drew, their own pass choice, the cards another player just gave them, an
offer they are a party to. Legal actions are not part of a view: ask
`Grass.legal_actions`. Rule ids: G6 (market states), G13 (pass), G18 (score rows),
G20 (offers and secret trades).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from games.grass.cards import Card
from games.protocol import Action, EventName, Termination
from games.text import Money, Text, _


class Market(enum.Enum):
    """G6: closed (no Market Open), open (clear), blocked (Heat On over it)."""

    CLOSED = "closed"
    OPEN = "open"
    BLOCKED = "blocked"


class Phase(enum.Enum):
    """turn: the mover plays or discards; pass: a Paranoia pass is being chosen (G13);
    offer: a trade offer waits for an answer (G20); over: the game has ended (G19)."""

    TURN = "turn"
    PASS = "pass"
    OFFER = "offer"
    OVER = "over"


class GrassEventKind(EventName):
    """The kinds of Grass's own events (`Event.kind`); "leave" and "game_over" are the
    shared `games.protocol.EventKind`. The values are what saved games hold."""

    HAND_DEALT = "hand_dealt"  # G2
    LOST_TURN = "lost_turn"  # G3
    DRAW = "draw"  # G3, G11: the mover's automatic draw (the card is private)
    DRAW_PILE_EMPTY = "draw_pile_empty"  # G17
    PLAY = "play"
    DISCARD = "discard"
    PASS_CHOSEN = "pass_chosen"  # G13
    PASS_DONE = "pass_done"  # G13
    OFFER = "offer"  # G20
    WITHDRAW = "withdraw"  # G20
    DECLINE = "decline"  # G20
    TRADE = "trade"  # G20
    HAND_SCORED = "hand_scored"  # G18


class GrassEndReason(enum.StrEnum):
    """Why a Grass game ended (G19, G22), in the words of `Outcome.reason` and of the
    "game_over" event's text. `TARGET_AMOUNT` is a pattern: the outcome names the
    target with `TARGET_AMOUNT.format(target=...)`. The values are the English that
    code compares; what players read is `end_reason(...)`, equal to them and
    translatable."""

    EVERYONE_LEFT = "everyone else left"
    TARGET_REACHED = "reached the target"  # the "game_over" event's words
    TARGET_AMOUNT = "reached ${target:,}"  # the outcome's words: "reached $250,000"


class GrassTermination(Termination):
    """How a Grass game ended, for code (`Outcome.termination`)."""

    TARGET_REACHED = "target_reached"  # G19: someone's total reached the target
    EVERYONE_LEFT = "everyone_left"  # G22: one player was left seated


def end_reason(why: GrassEndReason, target: int = 0) -> Text:
    """`why` in words players read, translatable: equal to the member's value, or for
    `TARGET_AMOUNT` to `TARGET_AMOUNT.format(target=target)`."""
    if why is GrassEndReason.EVERYONE_LEFT:
        # TRANSLATORS: why a Grass game ended: the winner is the only player still seated.
        return _("everyone else left")
    if why is GrassEndReason.TARGET_REACHED:
        # TRANSLATORS: why a Grass game ended: the winners reached the game's target amount.
        return _("reached the target")
    # TRANSLATORS: why a Grass game ended; {target} is the game's target amount ("$250,000").
    return _("reached {target}", target=Money(target))


@dataclass(frozen=True, slots=True)
class GrassOptions:
    """The per-game options a host chooses at start (DECISIONS.md)."""

    target: int = 250_000  # G19
    heat_stacking: bool = True  # G8
    secret_trades: bool = False  # G20
    learning: bool = False  # G21


@dataclass(frozen=True, slots=True)
class StashCard:
    """A peddle in a stash; covered by a Protect card (G12) or not."""

    card: Card
    covered: bool


@dataclass(frozen=True, slots=True)
class Offer:
    """A trade offer (G20): `give`/`take` are hand cards, `*_stash` are unprotected
    stash peddles; `give` goes from `by` to `to`, `take` from `to` to `by`."""

    by: str
    to: str
    give: tuple[Card, ...] = ()
    take: tuple[Card, ...] = ()
    give_stash: tuple[Card, ...] = ()
    take_stash: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class PendingOffer:
    """What the table knows of an offer under negotiation: who offers to whom."""

    by: str
    to: str


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player as the table sees them."""

    name: str
    seat: int
    market: Market
    market_open: bool  # a Market Open lies in the hassle pile
    heat: tuple[Card, ...]  # Heat On cards still over the market, oldest first
    stash: tuple[StashCard, ...]  # in the order the peddles entered it
    protection: tuple[Card, ...]  # Protect cards played this hand
    hand_size: int
    total: int  # running total over the scored hands
    skip: int  # lost turns still owed (G3, G13)
    to_pass: bool  # a Paranoia pass waits for this player's choice (G13)
    passed: bool  # this player has chosen their pass card and waits for the others

    @property
    def hassle(self) -> tuple[Card, ...]:
        """The hassle pile bottom to top: the Market Open, then the Heat On stack."""
        return ((Card.MARKET_OPEN,) if self.market_open else ()) + self.heat


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One player's score for one hand (G18); `total` is the running total after it."""

    name: str
    table: int
    banker: int
    hand_peddle: int
    paranoia: int
    bonus: int
    score: int
    total: int

    @property
    def net(self) -> int:
        return self.table + self.banker - self.hand_peddle - self.paranoia


@dataclass(frozen=True, slots=True)
class HandScore:
    """The scoring of one hand, rows in seat order."""

    hand: int
    rows: tuple[ScoreRow, ...]

    @property
    def best(self) -> tuple[str, ...]:
        """The players who had the hand's highest score (the G18 bonus winners)."""
        top = max(row.score for row in self.rows)
        return tuple(row.name for row in self.rows if row.score == top)


@dataclass(frozen=True, slots=True)
class LastTurn:
    """A player's last play or discard in this hand and the table as it stood when
    they chose it: what everyone watching saw. It is kept while their hand has changed
    by that play alone; their next draw, a Paranoia pass, a trade they took part in and
    a new deal forget it. What a player did says something about what they held, which
    the computer players read (games/ai/grass_hard.py)."""

    by: str
    action: Action  # a Play or a Discard (games/grass/actions.py)
    seats: tuple[SeatView, ...]  # the table then, seat order
    draw_pile: int  # the draw pile then


@dataclass(frozen=True, slots=True)
class GrassPublicView:
    """The table: everything a spectator may see."""

    hand: int  # the hand being played (the last one once over)
    phase: Phase
    to_move: str | None  # whose turn it is (after their automatic draw)
    awaiting: tuple[str, ...]  # who may act now
    draw_pile: int
    deck_size: int  # 104, or 79/90 in learning hands (G21)
    discard_pile: tuple[Card, ...]  # face up, oldest first
    seats: tuple[SeatView, ...]  # seat order
    extra_turn: bool  # the mover is in a Nirvana extra turn (G11)
    trading: bool  # trades are allowed in this hand (G20, G21)
    offer: PendingOffer | None  # an offer under negotiation (contents are private)
    scores: tuple[HandScore, ...]  # every scored hand, oldest first
    options: GrassOptions
    winners: tuple[str, ...]  # empty until the game is over
    recent: tuple[str, ...]  # the last public event texts, newest last
    # During a Paranoia pass: whose turn comes after it (G13), the player left of the
    # one who played the Paranoia card, or the next one if that player left. Last and
    # with a default, so views built before it existed still build.
    after_pass: str | None = None
    # Each player's last turn while it still tells about their hand (`LastTurn`), seat
    # order. Last and with a default, as above.
    last_turns: tuple[LastTurn, ...] = ()

    def seat(self, name: str) -> SeatView:
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER


@dataclass(frozen=True, slots=True)
class GrassPlayerView:
    """What one player sees: the table plus their own secrets."""

    public: GrassPublicView
    name: str
    hand: tuple[Card, ...]
    drawn: Card | None  # the card drawn at the start of this turn, while it is theirs
    pass_choice: Card | None  # the card they chose to pass, until the pass is done
    offer: Offer | None  # the offer they are a party to, in full
    # How many more trade offers they may make this turn (G20's cap of ten per turn;
    # 0 when it is not their turn or the hand has no trading, G21). Last and with a
    # default, so views built before it existed still build.
    offers_left: int = 0
    # The hand cards another player gave them in a Paranoia pass (G13) or an accepted
    # trade (G20) since their own last play, discard, pass or offer; a new deal clears
    # them. Only this player's view carries them. Last with a default, as above.
    received: tuple[Card, ...] = ()
