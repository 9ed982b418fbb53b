"""The state of a Gracias game and its saved form.

`State` holds a game in progress as colour and seat indexes, for speed; views, events
and the notation speak in `Colour` members and player names. The engine (engine.py)
is a `State` that checks actions; flow.py carries out the steps the rules take by
themselves. Each round's 108 cards come from the replay header's `decks` when given,
else from a shuffle seeded with "gracias:{seed}:round:{n}" (C4, C7).

`to_json` / `from_json` hold the whole state, hidden cards included: for storage only,
never shown to players. The engine gives the document's version.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from games.gracias.cards import (
    CARDS_PER_COLOUR,
    COLOUR_IDS,
    COLOURS,
    DECK_SIZE,
    Colour,
    colour_ids,
    full_deck,
)
from games.gracias.scoring import ScoreSheet
from games.gracias.views import GraciasEndReason, GraciasEventKind
from games.protocol import JSON, Event, EventKind, EventName, StateFormatError
from games.text import Text, restored, saved


class Trio:
    """One trio on the table (C5): two face-up cards, a face-down card, its taker.
    `up` empties once the taker has split it; `down` is None once taken."""

    __slots__ = ("down", "taker", "up")

    def __init__(self, up: list[int], down: int | None, taker: int | None) -> None:
        self.up = up
        self.down = down
        self.taker = taker


class State:
    """Everything about a Gracias game in progress, public and hidden."""

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

    def refresh_opponents(self) -> None:
        names = self.players
        self.opponents = [
            tuple(names[o] for o in range(len(names)) if o != seat and self.active[o])
            for seat in range(len(names))
        ]

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


S = TypeVar("S", bound=State)


def _indexes(values: Any) -> list[int]:
    if not isinstance(values, list):
        raise StateFormatError("a list of colour ids was expected")
    try:
        return [Colour(value).index for value in values]
    except ValueError as error:
        raise StateFormatError(f"unknown colour id: {error}") from None


def parse_decks(value: Any) -> list[list[int]]:
    """C1/C4: at most 3 decks (one per round, C2), each 108 cards, 18 of each colour."""
    if not isinstance(value, list) or len(value) > 3:
        raise StateFormatError('"decks" must be a list of at most 3 decks (one per round)')
    decks = []
    for number, deck in enumerate(value, 1):
        cards = _indexes(deck)
        counts = Counter(cards)
        if len(cards) != DECK_SIZE or any(counts[c] != CARDS_PER_COLOUR for c in range(6)):
            held = ", ".join(f"{counts[c]} {COLOUR_IDS[c]}" for c in range(6))
            raise StateFormatError(
                f"deck {number} must hold the 108 cards, 18 of each colour (C1); it holds {held}"
            )
        decks.append(cards)
    return decks


# A saved document holds plain strings; loading gives back the named values the engine
# makes, so a loaded event is the very event the engine made. A string none of them
# names loads as it is, as it always did.
_KINDS: dict[str, EventName] = {kind.value: kind for kind in (*EventKind, *GraciasEventKind)}
_END_REASONS: dict[str, str] = {
    **{reason.value: reason for reason in GraciasEndReason},
    "after round 3 (C8)": GraciasEndReason.LAST_ROUND,  # as states saved before said it
}


def _event_json(event: Event) -> dict[str, JSON]:
    saved_event: dict[str, JSON] = {
        "kind": event.kind,
        "text": event.text,
        "actor": event.actor,
        "private": dict(event.private),
        "data": dict(event.data),
    }
    # The texts' messages, so that they translate once loaded (absent: plain English).
    message = saved([event.text])
    if message is not None:
        saved_event["message"] = message[0]
    private = {
        name: text.to_json() for name, text in event.private.items() if isinstance(text, Text)
    }
    if private:
        saved_event["private_messages"] = private
    return saved_event


def _event_from_json(e: Mapping[str, Any]) -> Event:
    private_messages = e.get("private_messages") or {}
    return Event(
        _KINDS.get(e["kind"]) or EventKind(e["kind"]),
        restored([e["text"]], [e.get("message")])[0],
        e["actor"],
        {
            str(name): restored([text], [private_messages.get(name)])[0]
            for name, text in dict(e["private"]).items()
        },
        dict(e["data"]),
    )


def to_json(state: State, version: int) -> dict[str, JSON]:
    """The whole state as the saved document of version `version`."""
    return {
        "version": version,
        "game": "gracias",
        "players": list(state.players),
        "seed": state.seed,
        "decks": [colour_ids(deck) for deck in state.decks],
        "round": state.round,
        "turn": state.turn,
        "turns_played": state.turns_played,
        "big": state.big,
        "small": state.small,
        "active": list(state.active),
        "pile": colour_ids(state.pile[::-1]),
        "reserves": [list(row) for row in state.reserves],
        "hidden": [colour_ids(cards) for cards in state.hidden],
        "trios": [
            {
                "up": colour_ids(t.up),
                "down": None if t.down is None else COLOUR_IDS[t.down],
                "taker": t.taker,
            }
            for t in state.trios
        ],
        "took": list(state.took),
        "to_move": state.to_move,
        "holding": state.holding,
        "set_aside": list(state.set_aside),
        "round_scores": [list(scores) for scores in state.round_scores],
        "last_round": None if state.last_round is None else state.last_round.to_json(),
        "over": state.over,
        "winners": list(state.winners),
        "end_reason": state.end_reason,
        "moves": state.moves,
        "log": [_event_json(event) for event in state.log],
    }


def from_json(cls: type[S], data: Mapping[str, JSON], version: int) -> S:
    """A `cls` loaded from `to_json`'s document; `StateFormatError` unless it is a
    Gracias document of version `version` in good shape."""
    if not isinstance(data, Mapping) or data.get("game") != "gracias":
        raise StateFormatError("not a saved Gracias game")
    if data.get("version") != version:
        raise StateFormatError(
            f"saved Gracias state version {data.get('version')!r} is not {version}"
        )
    try:
        game = cls(list(data["players"]), int(data["seed"]), [_indexes(d) for d in data["decks"]])
        game.round = int(data["round"])
        game.turn = int(data["turn"])
        game.turns_played = int(data["turns_played"])
        game.big = int(data["big"])
        game.small = int(data["small"])
        game.active = [bool(a) for a in data["active"]]
        game.pile = _indexes(data["pile"])[::-1]
        game.reserves = [[int(n) for n in row] for row in data["reserves"]]
        game.hidden = [_indexes(cards) for cards in data["hidden"]]
        game.trios = [
            Trio(
                _indexes(t["up"]),
                None if t["down"] is None else Colour(t["down"]).index,
                None if t["taker"] is None else int(t["taker"]),
            )
            for t in data["trios"]
        ]
        game.took = [bool(t) for t in data["took"]]
        game.to_move = None if data["to_move"] is None else int(data["to_move"])
        game.holding = None if data["holding"] is None else int(data["holding"])
        game.set_aside = [int(n) for n in data["set_aside"]]
        game.round_scores = [[int(n) for n in scores] for scores in data["round_scores"]]
        last = data["last_round"]
        game.last_round = None if last is None else ScoreSheet.from_json(last)
        game.over = bool(data["over"])
        game.winners = tuple(str(name) for name in data["winners"])
        reason = str(data["end_reason"])
        game.end_reason = _END_REASONS.get(reason, reason)
        game.moves = int(data["moves"])
        game.log = [_event_from_json(e) for e in data["log"]]
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise StateFormatError(f"a saved Gracias game is damaged: {error!r}") from None
    n = len(game.players)
    if not (len(game.active) == len(game.reserves) == len(game.hidden) == len(game.took) == n):
        raise StateFormatError("a saved Gracias game is damaged: per-player lists differ")
    game.refresh_opponents()
    return game
