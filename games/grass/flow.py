"""The automatic steps between actions: dealing (G2, G21), the start of a turn with
its lost turns and draw (G3), the extra turn of a Nirvana (G11), the end of a Paranoia
pass (G13), the end of a hand (G17) with its scoring (G18) and the end of the game (G19).
"""

from __future__ import annotations

import random
from types import MappingProxyType

from games.grass.cards import Card, deck_for_hand
from games.grass.scoring import game_winners, score_hand
from games.grass.state import Seat, State
from games.grass.views import GrassEndReason, GrassEventKind, Phase, end_reason
from games.protocol import Event, EventKind
from games.text import _, _n

HAND_SIZE = 6  # G2
_NONE: MappingProxyType[str, str] = MappingProxyType({})


def shuffled_deck(state: State, hand: int) -> list[Card]:
    """Hand `hand`'s deck, top card first: the replay header's, else a seeded shuffle.
    The sub-seed depends only on the game's seed and the hand number, so a saved
    state never needs to carry a generator."""
    if hand <= len(state.decks):
        return list(state.decks[hand - 1])
    deck = deck_for_hand(hand, state.options.learning)
    random.Random(f"grass:{state.seed}:hand:{hand}").shuffle(deck)
    return deck


def deal_hand(state: State, out: list[Event]) -> None:
    """G2: gather everything, deal six each one at a time from the first mover."""
    state.hand_no += 1
    hand = state.hand_no
    state.turns.clear()
    if hand > 1:
        state.starter = _next_starter(state)
    for seat in state.seats:
        seat.hand.clear()
        seat.stash.clear()
        seat.protection.clear()
        seat.heat.clear()
        seat.market_open = False
        seat.skip = 0  # G3: turns owed at the end of a hand are forgiven
        seat.chosen = None
        seat.received.clear()  # a new deal: every card in hand is new
    state.discard.clear()
    state.offer = None
    state.offers = 0
    deck = shuffled_deck(state, hand)
    seats = state.seats
    first = next(i for i, seat in enumerate(seats) if seat.name == state.starter)
    order = seats[first:] + seats[:first]
    position = 0
    for _round in range(HAND_SIZE):
        for seat in order:
            seat.hand.append(deck[position])
            position += 1
    state.draw = deck[position:][::-1]  # top card last
    out.append(
        Event(
            GrassEventKind.HAND_DEALT,
            # TRANSLATORS: {hand} is the hand's number, {count} the cards in its deck.
            _n(
                "Hand {hand} is dealt ({count} card); {player} moves first",
                "Hand {hand} is dealt ({count} cards); {player} moves first",
                len(deck),
                hand=hand,
                player=state.starter,
            ),
            data={"hand": hand, "deck": len(deck), "starter": state.starter},
        )
    )
    begin_turn(state, order[0], out)


def _next_starter(state: State) -> str:
    """G2: one seat further left than the last hand's first mover (seats that left
    are skipped)."""
    names = state.all_players
    present = {seat.name for seat in state.seats}
    index = names.index(state.starter)
    for step in range(1, len(names) + 1):
        name = names[(index + step) % len(names)]
        if name in present:
            return name
    raise AssertionError("a hand is dealt with nobody seated")


def begin_turn(state: State, seat: Seat, out: list[Event]) -> None:
    """G3: lost turns first, then the draw; an empty draw pile ends the hand (G17)."""
    state.drawn = None
    state.extra_turn = False
    state.offers = 0  # the cap on trade offers is per turn (trades.py)
    while seat.skip:
        seat.skip -= 1
        lost = (
            _("{player} loses this turn (the last one owed)", player=seat.name)
            if seat.skip == 0
            # TRANSLATORS: {count} is how many more turns the player still loses.
            else _n(
                "{player} loses this turn ({count} more owed)",
                "{player} loses this turn ({count} more owed)",
                seat.skip,
                player=seat.name,
            )
        )
        out.append(Event(GrassEventKind.LOST_TURN, lost, seat.name))
        seat = state.left_of(seat)
    state.mover = seat
    state.phase = Phase.TURN
    draw_for(state, seat, out)


def draw_for(state: State, seat: Seat, out: list[Event]) -> None:
    """The mover's automatic draw (a turn's or a Nirvana extra turn's)."""
    state.turns.pop(seat.name, None)  # a new card: their last turn no longer tells
    if not state.draw:
        text = _("The draw pile is empty: the hand ends")
        out.append(Event(GrassEventKind.DRAW_PILE_EMPTY, text, seat.name))
        end_hand(state, out)
        return
    card = state.draw.pop()
    seat.hand.append(card)
    state.drawn = card
    private = {seat.name: _("You drew {card}", card=card.title)}
    out.append(Event(GrassEventKind.DRAW, "", seat.name, private, _NONE))


def next_turn(state: State, seat: Seat, out: list[Event]) -> None:
    """Play goes to the next seat, always (G3)."""
    begin_turn(state, state.left_of(seat), out)


def finish_pass(state: State, out: list[Event]) -> None:
    """G13: once all have chosen, each card goes face down to the left."""
    seats = state.seats
    chosen = [seat.chosen for seat in seats]
    private: dict[str, str] = {}
    for index, seat in enumerate(seats):
        card = chosen[index]
        assert card is not None
        seat.hand.remove(card)
    for index, seat in enumerate(seats):
        card = chosen[index]
        assert card is not None
        receiver = seats[(index + 1) % len(seats)]
        receiver.receive(card)  # their own pass choice already cleared the last marks
        given = chosen[index - 1]
        assert given is not None
        # TRANSLATORS: a Paranoia pass: {card} went to {receiver}, {received} came from
        # {giver}.
        private[seat.name] = _(
            "You passed {card} to {receiver} and received {received} from {giver}",
            card=card.title,
            receiver=receiver.name,
            received=given.title,
            giver=seats[index - 1].name,
        )
        seat.chosen = None
    state.turns.clear()  # every hand changed
    text = _("Paranoia: everyone passed a card to the left")
    out.append(Event(GrassEventKind.PASS_DONE, text, private=private))
    after = state.next_mover
    state.next_mover = None
    assert after is not None
    begin_turn(state, after, out)


def end_hand(state: State, out: list[Event]) -> None:
    """G17-G19: score the hand, then end the game or deal the next hand."""
    state.mover = None
    state.drawn = None
    state.extra_turn = False
    scored = score_hand(state.seats, state.hand_no)
    state.scores.append(scored)
    out.append(
        Event(
            GrassEventKind.HAND_SCORED,
            # TRANSLATORS: {hand} is the hand's number; {players} the players with the
            # hand's best score, separated by commas.
            _(
                "Hand {hand} is scored; best: {players}",
                hand=state.hand_no,
                players=", ".join(scored.best),
            ),
            data={
                "hand": state.hand_no,
                "rows": [
                    {
                        "name": r.name,
                        "table": r.table,
                        "banker": r.banker,
                        "hand_peddle": r.hand_peddle,
                        "paranoia": r.paranoia,
                        "bonus": r.bonus,
                        "score": r.score,
                        "total": r.total,
                    }
                    for r in scored.rows
                ],
            },
        )
    )
    winners = game_winners(state.seats, state.options.target)
    if winners:
        end_game(state, winners, GrassEndReason.TARGET_REACHED, out)
    else:
        deal_hand(state, out)


def end_game(state: State, winners: tuple[str, ...], why: GrassEndReason, out: list[Event]) -> None:
    state.phase = Phase.OVER
    state.mover = None
    state.next_mover = None
    state.offer = None
    state.offers = 0
    state.winners = winners
    reason = end_reason(why)  # the event names no amount: why is never TARGET_AMOUNT here
    if len(winners) == 1:
        # TRANSLATORS: {reason} is why the game ended ("reached the target").
        text = _("Game over: {player} wins ({reason})", player=winners[0], reason=reason)
    else:
        # TRANSLATORS: a shared win; {players} are the winners ("ann and bob"), {reason}
        # why the game ended ("reached the target").
        text = _("Game over: {players} win ({reason})", players=_and(winners), reason=reason)
    out.append(Event(EventKind.GAME_OVER, text, data={"winners": list(winners)}))


def _and(names: tuple[str, ...]) -> str:
    """ "ann and bob", "ann and bob and cy": every name joined by "and" (not a list's
    commas: the English has always read so)."""
    chain: str = names[0]
    for name in names[1:]:
        # TRANSLATORS: the winners of a shared win, chained: "ann and bob and cy".
        chain = _("{players} and {player}", players=chain, player=name)
    return chain
