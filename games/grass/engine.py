"""The Grass engine: the protocol of games/protocol.py over the modules beside it.

Who may do what when (G3 turn, G13 pass, G20 offers), leaving (a project decision,
docs/rules/grass.md "Leaving"), creation and the replay contract (docs/notation.md).
Card effects are in effects.py, automatic steps in flow.py, trades in trades.py,
legal actions in legal.py, the state and its saved form in state.py, the views in
seeing.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Self, cast

from games.grass import effects, flow, legal, seeing, trades
from games.grass.actions import (
    Accept,
    Decline,
    Discard,
    GrassAction,
    Leave,
    MakeOffer,
    PassCard,
    Play,
    Withdraw,
    parse_action,
)
from games.grass.cards import Card, Kind, deck_for_hand
from games.grass.state import Seat, State, options_json, parse_options
from games.grass.views import (
    GrassEndReason,
    GrassEventKind,
    GrassPlayerView,
    GrassPublicView,
    GrassTermination,
    LastTurn,
    Offer,
    Phase,
    end_reason,
)
from games.protocol import (
    JSON,
    Event,
    EventKind,
    Game,
    GameError,
    IllegalAction,
    MalformedAction,
    Outcome,
    StateFormatError,
)
from games.text import _, _n

RECENT = 8  # public texts kept for the table image
# TRANSLATORS: ends "that move cannot be taken back: ..." (the hand has been scored).
_HAND_OVER = _("the hand is over")
REVEALING: dict[str, str] = {
    # What a move's events show that was hidden, in the words of a refused take-back
    # (games/takeback.py: "that move cannot be taken back: {why}").
    # TRANSLATORS: ends "that move cannot be taken back: ...".
    GrassEventKind.DRAW: _("a card has been drawn since"),
    GrassEventKind.DRAW_PILE_EMPTY: _HAND_OVER,
    GrassEventKind.HAND_SCORED: _HAND_OVER,
    # TRANSLATORS: ends "that move cannot be taken back: ...".
    GrassEventKind.HAND_DEALT: _("new cards have been dealt"),
    # TRANSLATORS: ends "that move cannot be taken back: ..." (a Paranoia pass).
    GrassEventKind.PASS_DONE: _("the passed cards have been received"),
    # TRANSLATORS: ends "that move cannot be taken back: ..." (a trade offer).
    GrassEventKind.OFFER: _("the offer has been seen (withdraw it instead)"),
    # TRANSLATORS: ends "that move cannot be taken back: ..." (an accepted trade).
    GrassEventKind.TRADE: _("the cards have changed hands"),
}


class Grass(Game[GrassAction, GrassPublicView, GrassPlayerView]):
    kind: ClassVar[str] = "grass"
    closing: ClassVar[frozenset[str]] = frozenset({GrassEventKind.HAND_SCORED})  # G18
    revealing: ClassVar[Mapping[str, str] | None] = REVEALING
    title: ClassVar[str] = "Grass"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    state_version: ClassVar[int] = 1

    def __init__(self, state: State) -> None:
        self._state = state
        self.players = tuple(seat.name for seat in state.seats)
        self.log: list[Event] = []
        self.moves = 0

    # -- creation -----------------------------------------------------------------

    @classmethod
    def create(
        cls, players: Sequence[str], options: Mapping[str, JSON] | None = None, seed: int = 0
    ) -> Self:
        return cls._start(players, options, seed, ())

    @classmethod
    def _start(
        cls,
        players: Sequence[str],
        options: Mapping[str, JSON] | None,
        seed: int,
        decks: tuple[tuple[Card, ...], ...],
    ) -> Self:
        names = tuple(players)
        if not cls.min_players <= len(names) <= cls.max_players:
            raise GameError(  # G2
                # TRANSLATORS: {count} is how many players a new game was given.
                _n(
                    "Grass is played by 2 to 6 players, not {count}",
                    "Grass is played by 2 to 6 players, not {count}",
                    len(names),
                )
            )
        if any(not isinstance(n, str) or not n.strip() for n in names):
            raise GameError(_("every player needs a name"))
        if len(set(names)) != len(names):
            raise GameError(_("two players have the same name"))
        if not isinstance(seed, int):
            raise GameError(_("the seed must be a whole number"))
        parsed = parse_options(options)
        for index, deck in enumerate(decks):
            expected = sorted(c.value for c in deck_for_hand(index + 1, parsed.learning))
            if sorted(c.value for c in deck) != expected:
                raise StateFormatError(
                    f"deck {index + 1} must hold exactly the {len(expected)} cards of hand "
                    f"{index + 1} (G1, G21)"
                )
        game = cls(State(names, parsed, seed, decks))
        out: list[Event] = []
        flow.deal_hand(game._state, out)
        game._record(out)
        return game

    @classmethod
    def from_replay(cls, header: Mapping[str, JSON]) -> Self:
        unknown = set(header) - {"game", "players", "options", "seed", "decks"}
        if unknown:
            raise StateFormatError(f"unknown key(s) in the header: {', '.join(sorted(unknown))}")
        players = header.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise StateFormatError('"players" must be a list of names')
        seed = header.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise StateFormatError('"seed" must be a whole number')
        raw_decks = header.get("decks", [])
        if not isinstance(raw_decks, list) or not all(isinstance(d, list) for d in raw_decks):
            raise StateFormatError('"decks" must be a list of lists of card ids')
        try:
            decks = tuple(tuple(Card.parse(c) for c in deck) for deck in raw_decks)
        except ValueError as error:
            raise StateFormatError(f"in decks: {error}") from None
        options = header.get("options")
        try:
            return cls._start(players, options, seed, decks)
        except StateFormatError:
            raise
        except GameError as error:
            raise StateFormatError(str(error)) from None

    def replay_header(self) -> dict[str, JSON]:
        state = self._state
        header: dict[str, JSON] = {
            "game": "grass",
            "players": list(state.all_players),
            "options": options_json(state.options),
            "seed": state.seed,
        }
        if state.decks:
            header["decks"] = [[c.value for c in deck] for deck in state.decks]
        return header

    @classmethod
    def option_defaults(cls) -> dict[str, JSON]:
        return options_json(parse_options(None))

    # -- playing -------------------------------------------------------------------

    @property
    def awaiting(self) -> tuple[str, ...]:
        state = self._state
        phase = state.phase
        if phase is Phase.TURN:
            assert state.mover is not None
            return (state.mover.name,)
        if phase is Phase.PASS:
            return tuple(seat.name for seat in state.seats if seat.chosen is None)
        if phase is Phase.OFFER:
            assert state.offer is not None
            return (state.offer.to, state.offer.by)
        return ()

    def legal_actions(self, player: str) -> list[GrassAction]:
        return legal.legal_actions(self._state, player)

    @property
    def state(self) -> State:
        """The full mutable state, for the engine's helpers (random play's chooser in
        games/randomplay.py, tests); everyone else reads views."""
        return self._state

    def parse_action(self, data: Mapping[str, JSON]) -> GrassAction:
        return parse_action(data)

    def apply(self, action: GrassAction) -> list[Event]:
        state = self._state
        if state.phase is Phase.OVER:
            raise IllegalAction(_("the game is over"), "G19")
        seat = state.seat(action.by)
        if seat is None:
            raise IllegalAction(_("{player} is not playing in this game", player=action.by))
        out: list[Event] = []
        kind = type(action)  # exact types: much faster than isinstance on an ABC
        if kind is Leave:
            self._leave(action.by, out)
        elif kind is PassCard:
            self._pass(seat, cast(PassCard, action).card, out)
        elif kind is Accept or kind is Decline or kind is Withdraw:
            self._answer(cast(Accept | Decline | Withdraw, action), out)
        elif kind is MakeOffer:
            self._offer(seat, cast(MakeOffer, action).offer(), out)
        else:
            if state.phase is Phase.OFFER:
                raise IllegalAction(_("a trade offer is waiting for an answer first"), "G20")
            if state.phase is Phase.PASS:
                raise IllegalAction(_("everyone first chooses a card to pass"), "G13")
            if state.mover is not seat:
                assert state.mover is not None
                raise IllegalAction(
                    _("it is {player}'s turn, not yours", player=state.mover.name), "G3"
                )
            if kind is Play:
                play = cast(Play, action)
                effects.check_play(state, seat, play)
                self._keep_turn(seat, play)
                seat.received.clear()  # an own action: what they were given has been seen
                self._play(play, out)
            elif kind is Discard:
                card = cast(Discard, action).card
                effects.check_discard(seat, card)
                self._keep_turn(seat, cast(Discard, action))
                seat.received.clear()
                effects.do_discard(state, seat, card, out)
                flow.next_turn(state, seat, out)
            else:  # a programming error, never a player's: the words stay English
                raise MalformedAction(f"{action!r} is not a Grass action")
        self.moves += 1
        self._record(out)
        return out

    def _keep_turn(self, seat: Seat, action: Play | Discard) -> None:
        """Remember the table as the player saw it when choosing `action` (LastTurn)."""
        state = self._state
        if state.keep_turns:
            seats = seeing.seat_views(state)
            state.turns[seat.name] = LastTurn(seat.name, action, seats, len(state.draw))

    def _pass(self, seat: Seat, card: Card, out: list[Event]) -> None:
        state = self._state
        if state.phase is not Phase.PASS:
            raise IllegalAction(_("there is no Paranoia pass under way"), "G13")
        if seat.chosen is not None:
            raise IllegalAction(_("you already chose the card you pass"), "G13")
        if card not in seat.hand:
            raise IllegalAction(_("you do not hold {card}", card=card.title), "G13")
        seat.chosen = card
        seat.received.clear()  # an own action: what they were given has been seen
        out.append(
            Event(
                GrassEventKind.PASS_CHOSEN,
                # No public words: the table says who is still choosing, and the log
                # keeps one line for the whole pass (flow.finish_pass).
                "",
                seat.name,
                private={seat.name: _("You pass {card}", card=card.title)},
            )
        )
        if all(s.chosen is not None for s in state.seats):
            flow.finish_pass(state, out)

    def _offer(self, seat: Seat, offer: Offer, out: list[Event]) -> None:
        state = self._state
        trades.check_offer(state, seat, offer)
        seat.received.clear()  # an own action (a refused offer changes nothing)
        state.offers += 1  # counted whatever the answer (the cap of trades.py)
        state.offer = offer
        state.phase = Phase.OFFER
        detail = trades.describe(offer)
        # TRANSLATORS: {detail} is what each side gives: "ann gives Panama (hand); bob
        # gives Banker (hand)".
        mine = _("You offer: {detail}", detail=detail)
        # TRANSLATORS: what the player offered a trade reads; {detail} as in "You offer".
        theirs = _("Offer: {detail}", detail=detail)
        out.append(
            Event(
                GrassEventKind.OFFER,
                # TRANSLATORS: {player} offers {partner} a trade (its contents are private).
                _("{player} offers {partner} a trade", player=offer.by, partner=offer.to),
                offer.by,
                private={offer.by: mine, offer.to: theirs},
            )
        )

    def _play(self, action: Play, out: list[Event]) -> None:
        state = self._state
        seat = state.mover
        assert seat is not None
        effects.do_play(state, seat, action, out)
        kind = action.card.kind
        if kind is Kind.MARKET_CLOSE:
            flow.end_hand(state, out)  # G16
        elif kind is Kind.NIRVANA:
            hand = state.hand_no
            flow.draw_for(state, seat, out)  # G11: the extra turn's draw
            if state.hand_no == hand:
                state.extra_turn = True
                state.offers = 0  # an extra turn is a turn: its offers count afresh
        elif kind is Kind.PARANOIA:
            state.phase = Phase.PASS  # G13
            state.drawn = None
            state.next_mover = state.left_of(seat)
        else:
            flow.next_turn(state, seat, out)

    def _answer(self, action: Accept | Decline | Withdraw, out: list[Event]) -> None:
        state = self._state
        offer = state.offer
        if isinstance(action, Withdraw):
            if state.phase is not Phase.OFFER or offer is None or offer.by != action.by:
                raise IllegalAction(_("you have no trade offer to withdraw"), "G20")
            text = _("{player} withdrew the trade offer", player=action.by)
            private = {offer.to: _("{player} withdrew the trade offer to you", player=action.by)}
            out.append(Event(GrassEventKind.WITHDRAW, text, action.by, private=private))
        elif isinstance(action, Decline):
            if state.phase is not Phase.OFFER or offer is None or offer.to != action.by:
                raise IllegalAction(_("there is no trade offer to you to answer"), "G20")
            text = _("{player} declined the trade", player=action.by)
            private = {offer.by: _("{player} declined your trade offer", player=action.by)}
            out.append(Event(GrassEventKind.DECLINE, text, action.by, private=private))
        else:
            seat = state.seat(action.by)
            assert seat is not None
            accepted = trades.check_accept(state, seat)
            out.append(trades.do_trade(state, accepted))
        state.offer = None
        state.phase = Phase.TURN

    def _leave(self, name: str, out: list[Event]) -> None:
        """Project decision G22 (docs/rules/grass.md): the seat is removed at once and its
        cards go to the discard pile; the game goes on without it."""
        state = self._state
        seat = state.seat(name)
        assert seat is not None
        offer = state.offer
        if offer is not None and name in (offer.by, offer.to):
            state.offer = None
            state.phase = Phase.TURN
        after = state.left_of(seat)
        state.discard.extend(seat.hand)
        state.discard.extend(p.card for p in seat.stash)
        state.discard.extend(seat.protection)
        if seat.market_open:
            state.discard.append(Card.MARKET_OPEN)
        state.discard.extend(seat.heat)
        state.seats.remove(seat)
        state.turns.pop(name, None)
        state.left.append(name)
        self.players = tuple(s.name for s in state.seats)
        text = _("{player} left the game; their cards are discarded", player=name)
        out.append(Event(EventKind.LEAVE, text, name))
        if len(state.seats) == 1:
            flow.end_game(state, (state.seats[0].name,), GrassEndReason.EVERYONE_LEFT, out)
            return
        if state.next_mover is seat:
            state.next_mover = after
        if state.phase is Phase.PASS:
            if state.mover is seat:
                state.mover = None
            if all(s.chosen is not None for s in state.seats):
                flow.finish_pass(state, out)
        elif state.mover is seat:
            flow.begin_turn(state, after, out)

    def _record(self, out: list[Event]) -> None:
        self.log.extend(out)
        recent = self._state.recent
        for event in out:
            if event.text:
                recent.append(event.text)
        if len(recent) > RECENT:
            del recent[:-RECENT]

    def note(self, event: Event) -> None:
        self._record([event])

    def outcome(self) -> Outcome | None:
        state = self._state
        if state.phase is not Phase.OVER:
            return None
        totals = {seat.name: seat.total for seat in state.seats}
        if state.left and len(state.seats) == 1:
            reason = end_reason(GrassEndReason.EVERYONE_LEFT)
            termination = GrassTermination.EVERYONE_LEFT
        else:
            reason = end_reason(GrassEndReason.TARGET_AMOUNT, state.options.target)
            termination = GrassTermination.TARGET_REACHED
        return Outcome(state.winners, totals, reason, termination)

    # -- seeing --------------------------------------------------------------------

    def view_for(self, player: str) -> GrassPlayerView:
        return seeing.player_view(self._state, player)

    def public_view(self) -> GrassPublicView:
        return seeing.public_view(self._state)

    # -- saving --------------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        data = self._state.to_json()
        data["version"] = self.state_version
        data["game"] = "grass"
        data["moves"] = self.moves
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Self:
        if not isinstance(data, Mapping) or data.get("game") != "grass":
            raise StateFormatError("not a saved Grass game")
        version = data.get("version")
        if version != cls.state_version:
            raise StateFormatError(
                f"saved Grass state version {version!r} is unknown (this engine reads "
                f"version {cls.state_version})"
            )
        game = cls(State.from_json(data))
        moves = data.get("moves")
        if not isinstance(moves, int) or isinstance(moves, bool) or moves < 0:
            raise StateFormatError('"moves" must be a whole number')
        game.moves = moves
        return game

    def state_json(self) -> dict[str, JSON]:
        return seeing.state_json(self._state)

    def clone(self) -> Self:
        other = type(self)(self._state.copy())
        other.moves = self.moves
        return other

    def __repr__(self) -> str:
        state = self._state
        return f"<Grass hand {state.hand_no} {state.phase.value} players={self.players}>"
