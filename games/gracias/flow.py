"""The steps the rules take by themselves in a Gracias game.

What follows a choice: the hidden card joining the taker's cards and the split (C5),
the next chooser (C3, C5), laying out the next turn (C5), scoring the round (C6),
dealing the next round (C3, C4, C7), leaving (the project's rule,
docs/rules/gracias.md) and the end (C8). Checking that an action is allowed is the
engine's job (engine.py); these functions assume it was done.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.gracias.cards import COLOUR_IDS, COLOUR_WORDS, COLOURS
from games.gracias.scoring import score_round, winners
from games.gracias.state import State, Trio
from games.gracias.views import (
    ROUNDS,
    TURNS_PER_ROUND,
    GraciasEndReason,
    GraciasEventKind,
    TurnStarted,
)
from games.protocol import Event, EventKind
from games.text import Text, _, _n, joined

MIN_PLAYERS = 3  # C1

# The words of the moves every game makes many times (AI rollouts play thousands of
# games), made once: a `Text` is a value, so events may share it.
_HIDDEN: tuple[Text, ...] = tuple(
    # TRANSLATORS: {colour} is the colour of the trio's face-down card, now theirs.
    _("You took a hidden {colour}", colour=word)
    for word in COLOUR_WORDS
)


@lru_cache(maxsize=1024)
def _took(player: str, number: int) -> Text:
    return _("{player} took trio {number}", player=player, number=number)


@lru_cache(maxsize=4096)
def _kept(player: str, keep: int, give: int, receiver: str) -> Text:
    # TRANSLATORS: {kept} and {given} are colours (face-up cards); "Gracias!" is what
    # the receiver says, and the game's name.
    return _(
        "{player} kept {kept}, gave {given} to {receiver} — Gracias!",
        player=player,
        kept=COLOUR_WORDS[keep],
        given=COLOUR_WORDS[give],
        receiver=receiver,
    )


@lru_cache(maxsize=256)
def _begins(round_no: int, player: str) -> Text:
    return _("Round {round} begins: {player} is the big opener.", round=round_no, player=player)


@lru_cache(maxsize=1024)
def _score(player: str, points: int) -> Text:
    # TRANSLATORS: one player's round score in a list of them ("ann 7, bob 2").
    return _("{player} {points}", player=player, points=points)


@lru_cache(maxsize=1024)
def _lays_out(turn: int, player: str, count: int) -> Text:
    # TRANSLATORS: {player} is the turn's small opener; {count} trios, one per player.
    return _n(
        "Turn {turn}: {player} lays out {count} trio and chooses first.",
        "Turn {turn}: {player} lays out {count} trios and chooses first.",
        count,
        turn=turn,
        player=player,
    )


def take(state: State, seat: int, index: int) -> Event:
    """C5: the face-down card joins the taker's hidden cards; only they see it."""
    trio = state.trios[index]
    down = trio.down
    assert down is not None
    trio.down = None
    trio.taker = seat
    state.took[seat] = True
    state.hidden[seat].append(down)
    state.holding = index
    name = state.players[seat]
    return Event(
        GraciasEventKind.TAKE,
        _took(name, index + 1),
        name,
        private={name: _HIDDEN[down]},
        data={"trio": index + 1},
    )


def split(state: State, seat: int, index: int, keep: int, give: int, to: str) -> list[Event]:
    """C5: keep one face-up card, give the other; then the next player, or the end of
    the turn (and of the round, C6, and of the game, C8)."""
    receiver = state.seat_of[to]
    state.reserves[seat][keep] += 1
    state.reserves[receiver][give] += 1
    state.trios[index].up = []
    state.holding = None
    name = state.players[seat]
    kept, given = COLOUR_IDS[keep], COLOUR_IDS[give]
    events = [
        Event(
            GraciasEventKind.GIVE,
            _kept(name, keep, give, to),
            name,
            data={"trio": index + 1, "keep": kept, "give": given, "give_to": to},
        )
    ]
    _advance(state, seat, events)
    return events


def _advance(state: State, seat: int, events: list[Event]) -> None:
    """C3/C5: choices go clockwise from the small opener until everyone still in the
    game has taken a trio; then the next turn, or scoring after turn 4."""
    n = len(state.players)
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if state.active[nxt] and not state.took[nxt]:
            state.to_move = nxt
            return
    state.to_move = None
    for trio in state.trios:  # a trio left over after a leave goes out of play
        if trio.taker is None:
            _set_aside(state, [*trio.up, *([] if trio.down is None else [trio.down])])
            trio.up, trio.down = [], None
    if state.turn < TURNS_PER_ROUND:
        state.small = _next_active(state, state.small)  # C3
        events.append(_start_turn(state, state.turn + 1))
        return
    events.append(_score_round(state))
    if state.round < ROUNDS:
        events.extend(start_round(state))
    else:
        _finish(state, GraciasEndReason.LAST_ROUND)
        events.append(_game_over_event(state))


def _next_active(state: State, seat: int) -> int:
    """C3 "one seat left", skipping players who left (the leave rule)."""
    n = len(state.players)
    for step in range(1, n + 1):
        if state.active[(seat + step) % n]:
            return (seat + step) % n
    return seat


def start_round(state: State) -> list[Event]:
    """C3: the big opener moves one seat left (seat 0 in round 1); C4: shuffle,
    two face-up cards each, one at a time from the big opener; then turn 1."""
    state.round += 1
    if state.round > 1:
        state.big = _next_active(state, state.big)
    state.small = state.big
    deck = state.round_deck(state.round)
    deck.reverse()
    state.pile = deck
    n = len(state.players)
    for seat in range(n):
        state.reserves[seat] = [0] * len(COLOURS)
        state.hidden[seat] = []
    state.set_aside = [0] * len(COLOURS)
    order = [(state.big + i) % n for i in range(n) if state.active[(state.big + i) % n]]
    for _twice in range(2):
        for seat in order:
            state.reserves[seat][state.pile.pop()] += 1
    big = state.players[state.big]
    started = Event(
        GraciasEventKind.ROUND_STARTED,
        _begins(state.round, big),
        data={"round": state.round, "big_opener": big},
    )
    return [started, _start_turn(state, 1)]


def _start_turn(state: State, number: int) -> Event:
    """C5: as many trios as players: a face-up card on each of trios 1..N, then a
    second face-up card on each, then a face-down card on each."""
    state.turn = number
    state.turns_played += 1
    count = sum(state.active)
    pile = state.pile
    first = [pile.pop() for _ in range(count)]
    second = [pile.pop() for _ in range(count)]
    down = [pile.pop() for _ in range(count)]
    state.trios = [Trio([first[i], second[i]], down[i], None) for i in range(count)]
    state.took = [False] * len(state.players)
    state.to_move = state.small
    small = state.players[state.small]
    return Event(
        GraciasEventKind.TURN_STARTED,
        _lays_out(number, small, count),
        data=TurnStarted(round=state.round, turn=number, small_opener=small),
    )


def _score_round(state: State) -> Event:
    """C6 for every player still in the game."""
    seats = [seat for seat in range(len(state.players)) if state.active[seat]]
    names = [state.players[seat] for seat in seats]
    revealed = {state.players[s]: [COLOUR_IDS[c] for c in state.hidden[s]] for s in seats}
    for seat in seats:
        for colour in state.hidden[seat]:
            state.reserves[seat][colour] += 1
        state.hidden[seat] = []
    sheet = score_round(state.round, names, [state.reserves[seat] for seat in seats])
    for seat, score in zip(seats, sheet.scores, strict=True):
        state.round_scores[seat].append(score)
    state.last_round = sheet
    state.trios = []
    scores = joined(", ", [_score(n, s) for n, s in zip(names, sheet.scores, strict=True)])
    return Event(
        GraciasEventKind.ROUND_SCORED,
        # TRANSLATORS: {scores} lists each player's round score ("ann 7, bob 2, cy 5").
        _("Round {round} scored: {scores}.", round=state.round, scores=scores),
        data={"hidden": revealed, **sheet.to_json()},
    )


def leave(state: State, seat: int) -> list[Event]:
    """The project's leave rule (docs/rules/gracias.md): the leaver's cards go out of
    play, a trio they hold is set aside, they take and receive nothing more; with
    fewer than 3 players left the game ends at once."""
    name = state.players[seat]
    state.active[seat] = False
    state.refresh_opponents()
    _set_aside(state, state.hidden[seat])
    for colour, count in enumerate(state.reserves[seat]):
        state.set_aside[colour] += count
    state.reserves[seat] = [0] * len(COLOURS)
    state.hidden[seat] = []
    events = [Event(EventKind.LEAVE, _("{player} left the game.", player=name), name)]
    if state.holding is not None and state.to_move == seat:
        _set_aside(state, state.trios[state.holding].up)
        state.trios[state.holding].up = []
        state.holding = None
    if sum(state.active) < MIN_PLAYERS:
        _finish(state, GraciasEndReason.TOO_FEW_PLAYERS)
        events.append(_game_over_event(state))
    elif state.to_move == seat:
        _advance(state, seat, events)
    return events


def _finish(state: State, reason: GraciasEndReason) -> None:
    """C8 among the players still in the game."""
    state.over = True
    state.to_move = None
    state.holding = None
    state.trios = []
    state.end_reason = reason
    state.winners = winners(
        [
            (state.players[s], sum(state.round_scores[s]), state.round_scores[s])
            for s in range(len(state.players))
            if state.active[s]
        ]
    )


def _game_over_event(state: State) -> Event:
    reason = state.end_reason
    if len(state.winners) == 1:
        # TRANSLATORS: {reason} says why the game ended ("after round 3").
        text = _("{player} wins ({reason}).", player=state.winners[0], reason=reason)
    else:
        # TRANSLATORS: {players} are the winners ("ann and bob"); {reason} says why the
        # game ended ("after round 3").
        text = _("{players} share the win ({reason}).", players=_and(state.winners), reason=reason)
    return Event(
        EventKind.GAME_OVER,
        text,
        data={"winners": list(state.winners), "totals": state.totals()},
    )


def _and(names: Sequence[str]) -> str:
    """ "ann", "ann and bob", "ann and bob and cy": the winners as the game-over text
    has always joined them (not a list's "ann, bob and cy"), each "and" translated."""
    if len(names) < 2:
        return "".join(names)
    return _("{first} and {second}", first=names[0], second=_and(names[1:]))


def _set_aside(state: State, cards: list[int]) -> None:
    for colour in cards:
        state.set_aside[colour] += 1
