"""Saving, loading and the replay contract of a Gracias game.

- `to_json` / `from_json`: the whole state (version 1), hidden cards included; for
  storage only, never shown to players.
- `state_json`: the public shape `python -m games replay` prints (docs/notation.md).
- `replay_header` / `from_replay`: players, seed and optional `decks` (deck i, 108
  colour ids top first, replaces round i+1's shuffle, C4/C7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from games.gracias.cards import CARDS_PER_COLOUR, COLOUR_IDS, COLOURS, DECK_SIZE, Colour
from games.gracias.scoring import ScoreSheet
from games.gracias.table import Trio
from games.protocol import JSON, Event, GameError, StateFormatError

if TYPE_CHECKING:
    from games.gracias.engine import Gracias

G = TypeVar("G", bound="Gracias")

HEADER_KEYS = {"game", "players", "seed", "options", "decks"}


def _ids(cards: list[int]) -> list[str]:
    return [COLOUR_IDS[c] for c in cards]


def _indexes(values: Any) -> list[int]:
    if not isinstance(values, list):
        raise StateFormatError("a list of colour ids was expected")
    try:
        return [Colour(value).index for value in values]
    except ValueError as error:
        raise StateFormatError(f"unknown colour id: {error}") from None


def _counts(row: list[int]) -> dict[str, int]:
    return {colour.id: row[c] for c, colour in enumerate(COLOURS)}


# -- replay header -----------------------------------------------------------------------


def replay_header(game: Gracias) -> dict[str, JSON]:
    header: dict[str, JSON] = {"game": "gracias", "players": list(game.players), "seed": game.seed}
    if game.decks:
        header["decks"] = [_ids(list(deck)) for deck in game.decks]
    return header


def parse_decks(value: Any) -> list[list[int]]:
    """C1/C4: at most 3 decks (one per round, C2), each 108 cards, 18 of each colour."""
    if not isinstance(value, list) or len(value) > 3:
        raise StateFormatError('"decks" must be a list of at most 3 decks (one per round)')
    decks = []
    for number, deck in enumerate(value, 1):
        cards = _indexes(deck)
        counts = Counter(cards)
        if len(cards) != DECK_SIZE or any(counts[c] != CARDS_PER_COLOUR for c in range(6)):
            raise StateFormatError(
                f"deck {number} must hold the 108 cards, 18 of each colour (C1); "
                f"it has {len(cards)} cards"
            )
        decks.append(cards)
    return decks


def from_replay(cls: type[G], header: Mapping[str, JSON]) -> G:
    unknown = set(header) - HEADER_KEYS
    if unknown:
        raise StateFormatError(f"unknown key(s) in a Gracias replay: {', '.join(sorted(unknown))}")
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise StateFormatError('"players" must be a list of names')
    seed = header.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StateFormatError('"seed" must be an integer')
    options = header.get("options") or {}
    if not isinstance(options, Mapping):
        raise StateFormatError('"options" must be an object')
    decks = parse_decks(header.get("decks", []))
    try:
        return cls.start(players, options, seed, decks)
    except StateFormatError:
        raise
    except GameError as error:
        raise StateFormatError(str(error)) from None


# -- the public replay state -------------------------------------------------------------


def state_json(game: Gracias) -> dict[str, JSON]:
    names = game.players
    return {
        "game": "gracias",
        "round": game.round,
        "turn": game.turn,
        "phase": "over" if game.over else "choose",
        "to_move": None if game.to_move is None else names[game.to_move],
        "taken_trio": None if game.holding is None else game.holding + 1,
        "big_opener": names[game.big],
        "small_opener": names[game.small],
        "trios": [
            {
                "number": number,
                "face_up": _ids(trio.up),
                "taken": trio.taker is not None,
                "taken_by": None if trio.taker is None else names[trio.taker],
                "face_down": None if trio.down is None else COLOUR_IDS[trio.down],
            }
            for number, trio in enumerate(game.trios, 1)
        ],
        "players": {
            name: {
                "seat": seat,
                "in_game": game.active[seat],
                "reserve": _counts(game.reserves[seat]),
                "hidden": _ids(game.hidden[seat]),
                "round_scores": list(game.round_scores[seat]),
                "total": sum(game.round_scores[seat]),
            }
            for seat, name in enumerate(names)
        },
        "pile": len(game.pile),
        "moves": game.moves,
        "winners": list(game.winners),
    }


# -- the whole state ---------------------------------------------------------------------


def _event_json(event: Event) -> dict[str, JSON]:
    return {
        "kind": event.kind,
        "text": event.text,
        "actor": event.actor,
        "private": dict(event.private),
        "data": dict(event.data),
    }


def to_json(game: Gracias) -> dict[str, JSON]:
    return {
        "version": game.state_version,
        "game": "gracias",
        "players": list(game.players),
        "seed": game.seed,
        "decks": [_ids(list(deck)) for deck in game.decks],
        "round": game.round,
        "turn": game.turn,
        "turns_played": game.turns_played,
        "big": game.big,
        "small": game.small,
        "active": list(game.active),
        "pile": _ids(game.pile[::-1]),
        "reserves": [list(row) for row in game.reserves],
        "hidden": [_ids(cards) for cards in game.hidden],
        "trios": [
            {
                "up": _ids(t.up),
                "down": None if t.down is None else COLOUR_IDS[t.down],
                "taker": t.taker,
            }
            for t in game.trios
        ],
        "took": list(game.took),
        "to_move": game.to_move,
        "holding": game.holding,
        "set_aside": list(game.set_aside),
        "round_scores": [list(scores) for scores in game.round_scores],
        "last_round": None if game.last_round is None else game.last_round.to_json(),
        "over": game.over,
        "winners": list(game.winners),
        "end_reason": game.end_reason,
        "moves": game.moves,
        "log": [_event_json(event) for event in game.log],
    }


def from_json(cls: type[G], data: Mapping[str, JSON]) -> G:
    if not isinstance(data, Mapping) or data.get("game") != "gracias":
        raise StateFormatError("not a saved Gracias game")
    if data.get("version") != cls.state_version:
        raise StateFormatError(
            f"saved Gracias state version {data.get('version')!r} is not {cls.state_version}"
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
        game.end_reason = str(data["end_reason"])
        game.moves = int(data["moves"])
        game.log = [
            Event(e["kind"], e["text"], e["actor"], dict(e["private"]), dict(e["data"]))
            for e in data["log"]
        ]
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise StateFormatError(f"a saved Gracias game is damaged: {error!r}") from None
    n = len(game.players)
    if not (len(game.active) == len(game.reserves) == len(game.hidden) == len(game.took) == n):
        raise StateFormatError("a saved Gracias game is damaged: per-player lists differ")
    game.refresh_opponents()
    return game
