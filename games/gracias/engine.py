"""The Gracias engine (C1..C8) on the shared protocol, plus the project's leave rule.

This file creates games (from options or a replay header), checks actions (C2, C5,
with the rule id in every refusal) and lists the legal ones. The engine is a `State`
(state.py, which also holds the saved form); flow.py carries out the actions and the
steps that follow, seeing.py builds the views and the replay state. Seed + players +
actions replay exactly (the decks come from the seed unless the header gives them).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Self

from games.gracias import flow, seeing, state
from games.gracias.actions import (
    ChooseTrio,
    GraciasAction,
    Leave,
    SplitTrio,
    TakeTrio,
    choices,
    parse_action,
    splits,
)
from games.gracias.cards import COLOUR_WORDS, Colour, colour_ids
from games.gracias.state import State, Trio, parse_decks
from games.gracias.views import (
    GraciasEventKind,
    GraciasPlayerView,
    GraciasPublicView,
    GraciasTermination,
)
from games.protocol import JSON, Event, Game, GameError, IllegalAction, Outcome, StateFormatError
from games.text import _

HEADER_KEYS = {"game", "players", "seed", "options", "decks"}
REVEALING: dict[str, str] = {
    # What a move's events show that was hidden, in the words of a refused take-back:
    # a take shows its taker the face-down card; a new turn lays out new cards.
    # TRANSLATORS: why a move cannot be taken back ("that move cannot be taken back: …").
    GraciasEventKind.TAKE: _("the face-down card has been seen"),
    GraciasEventKind.TURN_STARTED: _("new trios have been laid out"),
    GraciasEventKind.ROUND_SCORED: _("the round has been scored"),
}


class Gracias(State, Game[GraciasAction, GraciasPublicView, GraciasPlayerView]):
    """Gracias on the shared protocol: creation, legal actions, checks, views, saving."""

    kind = "gracias"
    title = "Gracias"
    min_players = 3  # C1
    max_players = 6  # C1
    state_version = 1
    closing = frozenset({GraciasEventKind.ROUND_SCORED})  # C6
    revealing = REVEALING

    # -- creation -------------------------------------------------------------------

    @classmethod
    def create(
        cls, players: Sequence[str], options: Mapping[str, JSON] | None = None, seed: int = 0
    ) -> Self:
        return cls.start(players, options, seed, ())

    @classmethod
    def start(
        cls,
        players: Sequence[str],
        options: Mapping[str, JSON] | None,
        seed: int,
        decks: Sequence[Sequence[int]],
    ) -> Self:
        """A new game, round 1 dealt and turn 1's trios laid out."""
        names = list(players)
        if not cls.min_players <= len(names) <= cls.max_players:
            raise GameError(f"Gracias is for 3 to 6 players, not {len(names)}")  # C1
        if any(not isinstance(name, str) or not name for name in names):
            raise GameError("every player needs a non-empty name")
        if len(set(names)) != len(names):
            raise GameError("two players have the same name")
        if options:  # the lobby shows this one to players
            raise GameError(
                # TRANSLATORS: {options} are the option names given, as typed.
                _("Gracias has no options; unknown: {options}", options=", ".join(sorted(options)))
            )
        game = cls(names, seed, decks)
        game.log.extend(flow.start_round(game))
        return game

    @classmethod
    def from_replay(cls, header: Mapping[str, JSON]) -> Self:
        unknown = set(header) - HEADER_KEYS
        if unknown:
            raise StateFormatError(
                f"unknown key(s) in a Gracias replay: {', '.join(sorted(unknown))}"
            )
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

    def replay_header(self) -> dict[str, JSON]:
        """Players, seed and the `decks` when given (deck i, 108 colour ids top first,
        replaces round i+1's shuffle, C4/C7)."""
        header: dict[str, JSON] = {
            "game": "gracias",
            "players": list(self.players),
            "seed": self.seed,
        }
        if self.decks:
            header["decks"] = [colour_ids(deck) for deck in self.decks]
        return header

    @classmethod
    def option_defaults(cls) -> dict[str, JSON]:
        return {}

    # -- playing --------------------------------------------------------------------

    @property
    def awaiting(self) -> tuple[str, ...]:
        return () if self.to_move is None else (self.players[self.to_move],)

    def legal_actions(self, player: str) -> list[GraciasAction]:
        """When `player` is to move: every combined choice (trio, kept colour, opponent),
        each kept colour once when both face-up cards share it; while they hold a
        taken trio, every completion (kept colour, opponent). Bare takes and leaving are
        always possible too but not listed (see `trio_takes`)."""
        seat = self.to_move
        if seat is None or self.players[seat] != player:
            return []
        opponents = self.opponents[seat]
        actions: list[GraciasAction] = []
        if self.holding is not None:
            a, b = self.trios[self.holding].up
            actions.extend(splits(player, a, opponents))
            if b != a:
                actions.extend(splits(player, b, opponents))
            return actions
        for number, trio in enumerate(self.trios, 1):
            if trio.taker is None:
                a, b = trio.up
                actions.extend(choices(player, number, a, opponents))
                if b != a:
                    actions.extend(choices(player, number, b, opponents))
        return actions

    def trio_takes(self, player: str) -> list[TakeTrio]:
        """The bare takes (first half of C5) open to `player` now."""
        if self.to_move is None or self.players[self.to_move] != player or self.holding is not None:
            return []
        return [TakeTrio(player, k) for k, t in enumerate(self.trios, 1) if t.taker is None]

    def parse_action(self, data: Mapping[str, JSON]) -> GraciasAction:
        return parse_action(data)

    def apply(self, action: GraciasAction) -> list[Event]:
        if self.over:
            raise IllegalAction(_("the game is over"), "C2")
        seat = self.seat_of.get(action.by)
        if seat is None:
            raise IllegalAction(_("{player} is not playing in this game", player=action.by), "C3")
        if not self.active[seat]:
            # the project's leave rule (docs/rules/gracias.md, "Leaving")
            raise IllegalAction(_("{player} has left the game", player=action.by), "leave")
        if isinstance(action, Leave):
            events = flow.leave(self, seat)
        else:
            if seat != self.to_move:
                assert self.to_move is not None
                raise IllegalAction(
                    _(
                        "it is {mover}'s turn to choose a trio, not {player}'s",
                        mover=self.players[self.to_move],
                        player=action.by,
                    ),
                    "C5",
                )
            if isinstance(action, ChooseTrio):
                index = self._check_take(action.by, action.trio)
                trio = self.trios[index]
                give = self._check_split(action, trio.up, action.keep, action.give_to)
                events = [flow.take(self, seat, index)]
                events.extend(
                    flow.split(self, seat, index, action.keep.index, give, action.give_to)
                )
            elif isinstance(action, TakeTrio):
                index = self._check_take(action.by, action.trio)
                events = [flow.take(self, seat, index)]
            else:
                assert isinstance(action, SplitTrio)
                if self.holding is None:
                    raise IllegalAction(
                        # TRANSLATORS: "trio" is the key of the notation that names a trio.
                        _(
                            '{player} must first take a trio (say which with "trio")',
                            player=action.by,
                        ),
                        "C5",
                    )
                index = self.holding
                give = self._check_split(action, self.trios[index].up, action.keep, action.give_to)
                events = flow.split(self, seat, index, action.keep.index, give, action.give_to)
        self.moves += 1
        self.log.extend(events)
        return events

    def _check_take(self, by: str, number: int) -> int:
        if self.holding is not None:
            raise IllegalAction(
                _(
                    "{player} has already taken trio {number}: say which face-up card "
                    "to keep and to whom the other goes",
                    player=by,
                    number=self.holding + 1,
                ),
                "C5",
            )
        if not 1 <= number <= len(self.trios):
            raise IllegalAction(
                # TRANSLATORS: {last} is the number of the last trio (as many as players).
                _(
                    "there is no trio {number}: the trios are numbered 1 to {last}",
                    number=number,
                    last=len(self.trios),
                ),
                "C5",
            )
        taker = self.trios[number - 1].taker
        if taker is not None:
            raise IllegalAction(
                _(
                    "trio {number} has already been taken by {player}",
                    number=number,
                    player=self.players[taker],
                ),
                "C5",
            )
        return number - 1

    def _check_split(self, action: GraciasAction, up: list[int], keep: Colour, to: str) -> int:
        """C5: keep one face-up card, give the other to an opponent. Returns the given
        card's colour index."""
        a, b = up
        k = keep.index
        if k != a and k != b:
            if a == b:
                # TRANSLATORS: {both} is the colour both face-up cards of the trio have.
                reason = _(
                    "{player} cannot keep {colour}: the face-up cards are {both}",
                    player=action.by,
                    colour=keep.word,
                    both=COLOUR_WORDS[a],
                )
            else:
                reason = _(
                    "{player} cannot keep {colour}: the face-up cards are {first} and {second}",
                    player=action.by,
                    colour=keep.word,
                    first=COLOUR_WORDS[a],
                    second=COLOUR_WORDS[b],
                )
            raise IllegalAction(reason, "C5")
        if to == action.by:
            raise IllegalAction(
                _(
                    "{player} must give the other face-up card to an opponent, not keep both",
                    player=action.by,
                ),
                "C5",
            )
        receiver = self.seat_of.get(to)
        if receiver is None:
            raise IllegalAction(_("{player} is not playing in this game", player=to), "C5")
        if not self.active[receiver]:
            raise IllegalAction(
                _("{player} has left the game and cannot receive cards", player=to), "leave"
            )
        return b if k == a else a

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        reason = self.end_reason
        return Outcome(self.winners, self.totals(), reason, GraciasTermination.of(reason))

    # -- seeing and saving ----------------------------------------------------------

    def view_for(self, player: str) -> GraciasPlayerView:
        return seeing.player_view(self, player)

    def public_view(self) -> GraciasPublicView:
        return seeing.public_view(self)

    def to_json(self) -> dict[str, JSON]:
        return state.to_json(self, self.state_version)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Self:
        return state.from_json(cls, data, cls.state_version)

    def state_json(self) -> dict[str, JSON]:
        return seeing.state_json(self)

    def clone(self) -> Self:
        """An independent copy without the JSON detour (AI search clones a lot).
        Events, actions and scored rounds are immutable, so they are shared."""
        twin = copy.copy(self)
        twin.log = list(self.log)
        twin.active = list(self.active)
        twin.pile = list(self.pile)
        twin.reserves = [list(row) for row in self.reserves]
        twin.hidden = [list(cards) for cards in self.hidden]
        twin.trios = [Trio(list(t.up), t.down, t.taker) for t in self.trios]
        twin.took = list(self.took)
        twin.set_aside = list(self.set_aside)
        twin.round_scores = [list(scores) for scores in self.round_scores]
        twin.opponents = list(self.opponents)
        return twin
