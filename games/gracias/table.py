"""The table of a Gracias game: its state and the steps the rules take by themselves.

`Table` holds the state (colour and seat indexes, for speed) and carries out what
follows a choice: the hidden card joining the taker's cards and the split (C5), the
next chooser (C3, C5), laying out the next turn (C5), scoring the round (C6), dealing
the next round (C3, C4, C7), leaving (the project's rule, docs/rules/gracias.md) and
the end (C8). Checking that an action is allowed is the engine's job (engine.py);
these methods assume it was done.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.gracias.cards import COLOUR_IDS, COLOURS, DECK_SIZE, full_deck
from games.gracias.scoring import ScoreSheet, score_round, winners
from games.gracias.views import ROUNDS, TURNS_PER_ROUND
from games.protocol import Event

MIN_PLAYERS = 3  # C1


class Trio:
    """One trio on the table (C5): two face-up cards, a face-down card, its taker.
    `up` empties once the taker has split it; `down` is None once taken."""

    __slots__ = ("down", "taker", "up")

    def __init__(self, up: list[int], down: int | None, taker: int | None) -> None:
        self.up = up
        self.down = down
        self.taker = taker


class Table:
    """The state of a Gracias game and the rules' automatic steps."""

    def __init__(self, players: Sequence[str], seed: int, decks: Sequence[Sequence[int]]) -> None:
        self.players = tuple(players)
        self.seed = seed
        self.decks = tuple(tuple(deck) for deck in decks)
        self.log: list[Event] = []
        self.moves = 0
        n = len(self.players)
        self.seat_of = {name: seat for seat, name in enumerate(self.players)}
        self.active = [True] * n
        self.round = 0
        self.turn = 0
        self.turns_played = 0
        self.big = 0
        self.small = 0
        self.pile: list[int] = []  # the round's undealt cards; the top is the last item
        self.reserves = [[0] * len(COLOURS) for _ in range(n)]
        self.hidden: list[list[int]] = [[] for _ in range(n)]
        self.trios: list[Trio] = []
        self.took = [False] * n  # who has taken a trio this turn
        self.to_move: int | None = None
        self.holding: int | None = None  # index of the trio to_move took but has not split
        # this round's cards out of play by colour (a trio left untaken, leavers' cards)
        self.set_aside = [0] * len(COLOURS)
        self.round_scores: list[list[int]] = [[] for _ in range(n)]
        self.last_round: ScoreSheet | None = None
        self.over = False
        self.winners: tuple[str, ...] = ()
        self.end_reason = ""
        self.opponents: list[tuple[str, ...]] = []
        self.refresh_opponents()

    def _take(self, seat: int, index: int) -> Event:
        """C5: the face-down card joins the taker's hidden cards; only they see it."""
        trio = self.trios[index]
        down = trio.down
        assert down is not None
        trio.down = None
        trio.taker = seat
        self.took[seat] = True
        self.hidden[seat].append(down)
        self.holding = index
        name = self.players[seat]
        text = f"{name} took trio {index + 1}"
        return Event(
            "take",
            text,
            name,
            private={name: f"You took a hidden {COLOUR_IDS[down]}"},
            data={"trio": index + 1},
        )

    def _split(self, seat: int, index: int, keep: int, give: int, to: str) -> list[Event]:
        """C5: keep one face-up card, give the other; then the next player, or the end of
        the turn (and of the round, C6, and of the game, C8)."""
        receiver = self.seat_of[to]
        self.reserves[seat][keep] += 1
        self.reserves[receiver][give] += 1
        self.trios[index].up = []
        self.holding = None
        name = self.players[seat]
        kept, given = COLOUR_IDS[keep], COLOUR_IDS[give]
        events = [
            Event(
                "give",
                f"{name} kept {kept}, gave {given} to {to} — Gracias!",
                name,
                data={"trio": index + 1, "keep": kept, "give": given, "give_to": to},
            )
        ]
        self._advance(seat, events)
        return events

    def _advance(self, seat: int, events: list[Event]) -> None:
        """C3/C5: choices go clockwise from the small opener until everyone still in the
        game has taken a trio; then the next turn, or scoring after turn 4."""
        n = len(self.players)
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if self.active[nxt] and not self.took[nxt]:
                self.to_move = nxt
                return
        self.to_move = None
        for trio in self.trios:  # a trio left over after a leave goes out of play
            if trio.taker is None:
                self._set_aside([*trio.up, *([] if trio.down is None else [trio.down])])
                trio.up, trio.down = [], None
        if self.turn < TURNS_PER_ROUND:
            self.small = self._next_active(self.small)  # C3
            events.append(self._start_turn(self.turn + 1))
            return
        events.append(self._score_round())
        if self.round < ROUNDS:
            events.extend(self._start_round())
        else:
            self._finish("after round 3 (C8)")
            events.append(self._game_over_event())

    def _next_active(self, seat: int) -> int:
        """C3 "one seat left", skipping players who left (the leave rule)."""
        n = len(self.players)
        for step in range(1, n + 1):
            if self.active[(seat + step) % n]:
                return (seat + step) % n
        return seat

    # -- rounds and turns -------------------------------------------------------------

    def round_deck(self, number: int) -> list[int]:
        """C4/C7: round `number`'s 108 cards, top first."""
        if number <= len(self.decks):
            return list(self.decks[number - 1])
        # One random key per card, then a sort: a uniform shuffle like random.shuffle,
        # several times faster since random() is one C call per card.
        draw = random.Random(f"gracias:{self.seed}:round:{number}").random
        keys = [draw() for _ in range(DECK_SIZE)]
        cards = full_deck()
        return [cards[i] for i in sorted(range(DECK_SIZE), key=keys.__getitem__)]

    def _start_round(self) -> list[Event]:
        """C3: the big opener moves one seat left (seat 0 in round 1); C4: shuffle,
        two face-up cards each, one at a time from the big opener; then turn 1."""
        self.round += 1
        if self.round > 1:
            self.big = self._next_active(self.big)
        self.small = self.big
        deck = self.round_deck(self.round)
        deck.reverse()
        self.pile = deck
        n = len(self.players)
        for seat in range(n):
            self.reserves[seat] = [0] * len(COLOURS)
            self.hidden[seat] = []
        self.set_aside = [0] * len(COLOURS)
        order = [(self.big + i) % n for i in range(n) if self.active[(self.big + i) % n]]
        for _ in range(2):
            for seat in order:
                self.reserves[seat][self.pile.pop()] += 1
        big = self.players[self.big]
        started = Event(
            "round_started",
            f"Round {self.round} begins: {big} is the big opener.",
            data={"round": self.round, "big_opener": big},
        )
        return [started, self._start_turn(1)]

    def _start_turn(self, number: int) -> Event:
        """C5: as many trios as players: a face-up card on each of trios 1..N, then a
        second face-up card on each, then a face-down card on each."""
        self.turn = number
        self.turns_played += 1
        count = sum(self.active)
        pile = self.pile
        first = [pile.pop() for _ in range(count)]
        second = [pile.pop() for _ in range(count)]
        down = [pile.pop() for _ in range(count)]
        self.trios = [Trio([first[i], second[i]], down[i], None) for i in range(count)]
        self.took = [False] * len(self.players)
        self.to_move = self.small
        small = self.players[self.small]
        return Event(
            "turn_started",
            f"Turn {number}: {small} lays out {count} trios and chooses first.",
            data={"round": self.round, "turn": number, "small_opener": small},
        )

    def _score_round(self) -> Event:
        """C6 for every player still in the game."""
        seats = [seat for seat in range(len(self.players)) if self.active[seat]]
        names = [self.players[seat] for seat in seats]
        revealed = {self.players[s]: [COLOUR_IDS[c] for c in self.hidden[s]] for s in seats}
        for seat in seats:
            for colour in self.hidden[seat]:
                self.reserves[seat][colour] += 1
            self.hidden[seat] = []
        sheet = score_round(self.round, names, [self.reserves[seat] for seat in seats])
        for seat, score in zip(seats, sheet.scores, strict=True):
            self.round_scores[seat].append(score)
        self.last_round = sheet
        self.trios = []
        scores = ", ".join(
            f"{name} {score}" for name, score in zip(names, sheet.scores, strict=True)
        )
        return Event(
            "round_scored",
            f"Round {self.round} scored: {scores}.",
            data={"hidden": revealed, **sheet.to_json()},
        )

    # -- leaving and the end --------------------------------------------------------

    def _leave(self, seat: int) -> list[Event]:
        """The project's leave rule (docs/rules/gracias.md): the leaver's cards go out of
        play, a trio they hold is set aside, they take and receive nothing more; with
        fewer than 3 players left the game ends at once."""
        name = self.players[seat]
        self.active[seat] = False
        self.refresh_opponents()
        self._set_aside(self.hidden[seat])
        for colour, count in enumerate(self.reserves[seat]):
            self.set_aside[colour] += count
        self.reserves[seat] = [0] * len(COLOURS)
        self.hidden[seat] = []
        events = [Event("leave", f"{name} left the game.", name)]
        if self.holding is not None and self.to_move == seat:
            self._set_aside(self.trios[self.holding].up)
            self.trios[self.holding].up = []
            self.holding = None
        if sum(self.active) < MIN_PLAYERS:
            self._finish("fewer than 3 players left")
            events.append(self._game_over_event())
        elif self.to_move == seat:
            self._advance(seat, events)
        return events

    def refresh_opponents(self) -> None:
        names = self.players
        self.opponents = [
            tuple(names[o] for o in range(len(names)) if o != seat and self.active[o])
            for seat in range(len(names))
        ]

    def _finish(self, reason: str) -> None:
        """C8 among the players still in the game."""
        self.over = True
        self.to_move = None
        self.holding = None
        self.trios = []
        self.end_reason = reason
        self.winners = winners(
            [
                (self.players[s], sum(self.round_scores[s]), self.round_scores[s])
                for s in range(len(self.players))
                if self.active[s]
            ]
        )

    def _game_over_event(self) -> Event:
        names = " and ".join(self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return Event(
            "game_over",
            f"{names} {verb} ({self.end_reason}).",
            data={"winners": list(self.winners), "totals": self.totals()},
        )

    def totals(self) -> dict[str, int]:
        return {name: sum(self.round_scores[s]) for s, name in enumerate(self.players)}

    def colours_in_play(self) -> list[int]:
        """Every card of the round by colour, wherever it is: 18 each while a round
        runs (C1). The tests' invariant; not used by the rules."""
        counts = list(self.set_aside)
        cards = [*self.pile, *(c for t in self.trios for c in t.up)]
        cards += [t.down for t in self.trios if t.down is not None]
        for hidden in self.hidden:
            cards += hidden
        for colour in cards:
            counts[colour] += 1
        for reserve in self.reserves:
            for colour, count in enumerate(reserve):
                counts[colour] += count
        return counts

    def _set_aside(self, cards: list[int]) -> None:
        for colour in cards:
            self.set_aside[colour] += 1
