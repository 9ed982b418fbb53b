"""The tic-tac-toe engine of the toy game kind ("toy"), on the shared protocol of
games/protocol.py, standard library only; it exists only in the tests, to prove that a
fourth game kind plugs into the bot.

Two players: `players[0]` plays X and moves first, `players[1]` plays O. Cells are
named a1..c3 (column a-c, row 1-3). Three marks in a row, column or diagonal win; a
full board without one is a draw. `{"by": P, "mark": CELL}` marks a free cell on one's
turn; `{"by": P, "leave": true}` (what `/toy leave` sends) gives up at any moment of
a running game, and the opponent wins. Also here: the two actions, the frozen public
and player views, and the saved document (`to_json`, version 1).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from games.protocol import (
    JSON,
    Action,
    Event,
    EventKind,
    EventName,
    Game,
    GameError,
    IllegalAction,
    MalformedAction,
    Outcome,
    StateFormatError,
    quoted,
)

KIND = "toy"


class ToyEventKind(EventName):
    MARK = "mark"
    WIN = "win"
    DRAW = "draw"


COLUMNS = "abc"
ROWS = "123"
CELLS: tuple[str, ...] = tuple(f"{column}{row}" for row in ROWS for column in COLUMNS)
"""a1 b1 c1 a2 ... c3: row by row, the board's order."""
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
MARKS = ("X", "O")
EMPTY = "."
RECENT = 4
"""Public event texts kept for the views."""
HEADER_KEYS = frozenset({"game", "players", "options", "seed"})


def parse_cell(value: object) -> str:
    """A cell name ("B2" or " b2 " -> "b2"); `MalformedAction` for anything else."""
    cell = value.strip().lower() if isinstance(value, str) else None
    if cell not in CELLS:
        raise MalformedAction(f"{quoted(value)} is not a cell; cells are a1 to c3")
    return cell


# -- actions ---------------------------------------------------------------------------


class ToyAction(Action):
    """Base of the two actions."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Mark(ToyAction):
    """The mover puts their mark on a free cell."""

    by: str
    cell: str

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "mark": self.cell}


@dataclass(frozen=True, slots=True)
class Leave(ToyAction):
    """The player gives up; the opponent wins."""

    by: str

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "leave": True}


def parse_action(data: Mapping[str, JSON]) -> ToyAction:
    if not isinstance(data, Mapping):
        raise MalformedAction("an action is a JSON object")
    by = data.get("by")
    if not isinstance(by, str) or not by:
        raise MalformedAction('an action needs "by": the name of the player acting')
    keys = set(data) - {"by"}
    if keys == {"mark"}:
        return Mark(by, parse_cell(data["mark"]))
    if keys == {"leave"} and data["leave"] is True:
        return Leave(by)
    raise MalformedAction(
        'a toy action is {"by": P, "mark": CELL} or {"by": P, "leave": true};'
        f" got the keys {sorted(keys)}"
    )


# -- views -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ToyPublicView:
    """The whole game (tic-tac-toe hides nothing)."""

    players: tuple[str, str]  # (X, O)
    board: tuple[str, ...]  # 9 of "X", "O", "." in the order of CELLS
    to_move: str | None  # None once over
    winners: tuple[str, ...]  # empty until over; both players for a draw
    line: tuple[str, ...]  # the winning three cells, if any
    reason: str | None
    moves: int
    recent: tuple[str, ...]  # the last public event texts, newest last

    @property
    def over(self) -> bool:
        return self.to_move is None

    def mark_of(self, player: str) -> str:
        return MARKS[self.players.index(player)]

    def at(self, cell: str) -> str:
        return self.board[CELLS.index(cell)]

    def free(self) -> tuple[str, ...]:
        return tuple(cell for cell, mark in zip(CELLS, self.board, strict=True) if mark == EMPTY)


@dataclass(frozen=True, slots=True)
class ToyPlayerView:
    """One player's view: the public view, who is looking, their mark, and the cells
    they may mark now (empty unless it is their turn)."""

    public: ToyPublicView
    name: str
    mark: str
    legal: tuple[str, ...]

    @property
    def your_turn(self) -> bool:
        return self.public.to_move == self.name


# -- the game --------------------------------------------------------------------------


class Toy(Game[ToyAction, ToyPublicView, ToyPlayerView]):
    """Tic-tac-toe between `players[0]` (X, first) and `players[1]` (O). `legal_actions`
    lists the free cells; `Leave` is always allowed while the game runs."""

    kind = KIND
    title = "Tic-tac-toe"
    min_players = 2
    max_players = 2
    state_version = 1
    revealing: ClassVar[Mapping[str, str]] = {}  # nothing is hidden: anything is taken back

    def __init__(self, players: tuple[str, str], seed: int) -> None:
        self.players: tuple[str, ...] = players
        self.seed = seed
        self.board = [EMPTY] * len(CELLS)
        self.mover: int | None = 0
        self.winners: tuple[str, ...] = ()
        self.line: tuple[int, ...] = ()
        self.reason: str | None = None
        self.moves = 0
        self.log: list[Event] = []
        self.recent: deque[str] = deque(maxlen=RECENT)

    # -- creation -----------------------------------------------------------------------

    @classmethod
    def create(
        cls, players: Sequence[str], options: Mapping[str, JSON] | None = None, seed: int = 0
    ) -> Self:
        names = (players,) if isinstance(players, str) else tuple(players)
        if len(names) != 2:
            raise GameError(f"tic-tac-toe is played by exactly 2 players, not {len(names)}")
        if not all(isinstance(name, str) and name for name in names):
            raise GameError("every player needs a name")
        if names[0] == names[1]:
            raise GameError(f"{names[0]} cannot play against themselves")
        if options:
            raise GameError(f"tic-tac-toe has no options, not {sorted(options)[0]!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(f"the seed must be an integer, not {seed!r}")
        return cls((names[0], names[1]), seed)

    @classmethod
    def from_replay(cls, header: Mapping[str, JSON]) -> Self:
        unknown = set(header) - HEADER_KEYS
        if unknown:
            raise StateFormatError(f"unknown key {sorted(unknown)[0]!r} in a toy replay header")
        if header.get("game", cls.kind) != cls.kind:
            raise StateFormatError(f"not a toy replay: game {header.get('game')!r}")
        players = header.get("players")
        options = header.get("options", {})
        if not isinstance(players, list) or not isinstance(options, Mapping):
            raise StateFormatError('"players" is the list [X, O], "options" an object')
        try:
            return cls.create(players, options, header.get("seed", 0))
        except GameError as error:
            raise StateFormatError(str(error)) from error

    def replay_header(self) -> dict[str, JSON]:
        return {"game": self.kind, "players": list(self.players), "options": {}, "seed": self.seed}

    @classmethod
    def option_defaults(cls) -> dict[str, JSON]:
        return {}

    # -- playing ------------------------------------------------------------------------

    @property
    def awaiting(self) -> tuple[str, ...]:
        return () if self.mover is None else (self.players[self.mover],)

    def legal_actions(self, player: str) -> list[ToyAction]:
        if self.mover is None or player != self.players[self.mover]:
            return []
        return [Mark(player, CELLS[i]) for i, mark in enumerate(self.board) if mark == EMPTY]

    def parse_action(self, data: Mapping[str, JSON]) -> ToyAction:
        return parse_action(data)

    def apply(self, action: ToyAction) -> list[Event]:
        if self.mover is None:
            raise IllegalAction("the game is over")
        if action.by not in self.players:
            raise IllegalAction(f"{action.by} is not playing this game")
        if isinstance(action, Leave):
            events = self._leave(action.by)
        elif isinstance(action, Mark):
            events = self._mark(action.by, action.cell)
        else:
            raise MalformedAction(f"{action!r} is not a toy action")
        self.moves += 1
        self.log.extend(events)
        self.recent.extend(event.text for event in events if event.text)
        return events

    def note(self, event: Event) -> None:
        self.log.append(event)
        if event.text:
            self.recent.append(event.text)

    def outcome(self) -> Outcome | None:
        """`totals` are each player's marks on the board at the end."""
        if self.mover is not None:
            return None
        totals = {name: self.board.count(MARKS[seat]) for seat, name in enumerate(self.players)}
        return Outcome(self.winners, totals, self.reason or "")

    def _mark(self, by: str, cell: str) -> list[Event]:
        assert self.mover is not None
        if by != self.players[self.mover]:
            raise IllegalAction(f"it is {self.players[self.mover]}'s turn, not {by}'s")
        index = CELLS.index(cell)
        if self.board[index] != EMPTY:
            raise IllegalAction(f"{cell} is already taken")
        mark = MARKS[self.mover]
        self.board[index] = mark
        events = [
            Event(ToyEventKind.MARK, f"{by} marked {cell} with {mark}", by, data={"cell": cell})
        ]
        line = next((ln for ln in LINES if all(self.board[i] == mark for i in ln)), None)
        if line is not None:
            self.line = line
            names = ", ".join(CELLS[i] for i in line)
            self._finish((by,), f"{by} has three in a row ({names})", events)
        elif EMPTY not in self.board:
            self._finish(self.players, "the board is full with no three in a row", events)
        else:
            self.mover = 1 - self.mover
        return events

    def _leave(self, by: str) -> list[Event]:
        winner = self.players[1 - self.players.index(by)]
        events = [Event(EventKind.LEAVE, f"{by} left the game", by)]
        self._finish((winner,), f"{by} left: {winner} wins", events)
        return events

    def _finish(self, winners: tuple[str, ...], reason: str, events: list[Event]) -> None:
        self.mover = None
        self.winners = winners
        self.reason = reason
        result = f"{winners[0]} wins" if len(winners) == 1 else "a draw"
        events.append(
            Event(ToyEventKind.WIN if len(winners) == 1 else ToyEventKind.DRAW, reason, winners[0])
        )
        events.append(
            Event(EventKind.GAME_OVER, f"game over: {result}", data={"winners": [*winners]})
        )

    # -- seeing -------------------------------------------------------------------------

    def public_view(self) -> ToyPublicView:
        return ToyPublicView(
            players=(self.players[0], self.players[1]),
            board=tuple(self.board),
            to_move=None if self.mover is None else self.players[self.mover],
            winners=self.winners,
            line=tuple(CELLS[i] for i in self.line),
            reason=self.reason,
            moves=self.moves,
            recent=tuple(self.recent),
        )

    def view_for(self, player: str) -> ToyPlayerView:
        if player not in self.players:
            raise GameError(f"{player} is not playing this game")
        public = self.public_view()
        legal = public.free() if public.to_move == player else ()
        return ToyPlayerView(public, player, public.mark_of(player), legal)

    # -- saving -------------------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        return {
            "version": self.state_version,
            **self.replay_header(),
            "board": "".join(self.board),
            "mover": self.mover,
            "winners": list(self.winners),
            "line": [CELLS[i] for i in self.line],
            "reason": self.reason,
            "moves": self.moves,
            "recent": list(self.recent),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Self:
        found = data.get("version") if isinstance(data, Mapping) else None
        if found != cls.state_version:
            raise StateFormatError(f"a toy state of version {found!r} cannot be loaded")
        try:
            return cls._load(data)
        except StateFormatError:
            raise
        except (GameError, KeyError, TypeError, ValueError) as error:
            raise StateFormatError(f"not a toy state: {error!r}") from error

    @classmethod
    def _load(cls, data: Mapping[str, Any]) -> Self:
        game = cls.from_replay({key: data[key] for key in HEADER_KEYS if key in data})
        board = data["board"]
        if not isinstance(board, str) or len(board) != len(CELLS) or set(board) - {*MARKS, EMPTY}:
            raise StateFormatError('"board" is 9 characters of X, O and .')
        game.board = list(board)
        mover = data["mover"]
        if mover not in (None, 0, 1) or isinstance(mover, bool):
            raise StateFormatError(f"mover {mover!r} is 0, 1 or null")
        if mover is not None and board.count("X") - board.count("O") != mover:
            raise StateFormatError(f"mover {mover} does not fit the board {board!r}")
        game.mover = mover
        winners = tuple(data["winners"])
        if not set(winners) <= set(game.players) or bool(winners) != (mover is None):
            raise StateFormatError("the winners are players, named once the game is over")
        game.winners = winners
        game.line = tuple(CELLS.index(parse_cell(cell)) for cell in data["line"])
        game.reason = data["reason"]
        moves = data["moves"]
        if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
            raise StateFormatError(f"moves {moves!r} is a count")
        game.moves = moves
        game.recent.extend(str(text) for text in data["recent"])
        return game

    def state_json(self) -> dict[str, JSON]:
        """The public state, as `python -m games replay` prints the real games'."""
        text = "".join(self.board)
        return {
            "game": self.kind,
            "players": list(self.players),
            "board": [text[start : start + 3] for start in range(0, len(CELLS), 3)],
            "to_move": None if self.mover is None else self.players[self.mover],
            "winners": list(self.winners),
            "line": [CELLS[i] for i in self.line],
            "reason": self.reason,
            "moves": self.moves,
        }
