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
from games.grass.views import GrassEndReason, GrassEventKind, Phase
from games.protocol import Event, EventKind

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
    for _ in range(HAND_SIZE):
        for seat in order:
            seat.hand.append(deck[position])
            position += 1
    state.draw = deck[position:][::-1]  # top card last
    out.append(
        Event(
            GrassEventKind.HAND_DEALT,
            f"Hand {hand} is dealt ({len(deck)} cards); {state.starter} moves first",
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
        out.append(
            Event(
                GrassEventKind.LOST_TURN,
                f"{seat.name} loses this turn ({seat.skip} more owed)",
                seat.name,
            )
        )
        seat = state.left_of(seat)
    state.mover = seat
    state.phase = Phase.TURN
    draw_for(state, seat, out)


def draw_for(state: State, seat: Seat, out: list[Event]) -> None:
    """The mover's automatic draw (a turn's or a Nirvana extra turn's)."""
    if not state.draw:
        text = "The draw pile is empty: the hand ends"
        out.append(Event(GrassEventKind.DRAW_PILE_EMPTY, text, seat.name))
        end_hand(state, out)
        return
    card = state.draw.pop()
    seat.hand.append(card)
    state.drawn = card
    private = {seat.name: f"You drew {card.title}"}
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
        private[seat.name] = (
            f"You passed {card.title} to {receiver.name} and received {given.title} "
            f"from {seats[index - 1].name}"
        )
        seat.chosen = None
    text = "Paranoia: everyone passed a card to the left"
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
    best = ", ".join(scored.best)
    out.append(
        Event(
            GrassEventKind.HAND_SCORED,
            f"Hand {state.hand_no} is scored; best: {best}",
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
    text = " and ".join(winners) + (" win" if len(winners) > 1 else " wins")
    out.append(
        Event(EventKind.GAME_OVER, f"Game over: {text} ({why})", data={"winners": list(winners)})
    )
