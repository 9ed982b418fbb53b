"""The Gracias engine (C1..C8) on the shared protocol, plus the project's leave rule.

This file checks actions (C2, C5, with the rule id in every refusal) and lists the
legal ones; table.py holds the state and carries them out. State is kept as colour
and seat indexes for speed; views, events and the notation speak in `Colour` members
and player names. Each round's 108 cards come from the replay header's `decks` when
given, else from a shuffle seeded with "gracias:{seed}:round:{n}" (C4, C7), so seed +
players + actions replay exactly. Saving lives in saving.py, the views in seeing.py.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Self

from games.gracias import saving, seeing
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
from games.gracias.cards import COLOUR_IDS, Colour
from games.gracias.table import Table, Trio
from games.gracias.views import GraciasPlayerView, GraciasPublicView
from games.protocol import JSON, Event, Game, GameError, IllegalAction, Outcome


class Gracias(Table, Game[GraciasAction, GraciasPublicView, GraciasPlayerView]):
    """Gracias on the shared protocol: creation, legal actions, checks, views, saving."""

    kind = "gracias"
    title = "Gracias"
    min_players = 3  # C1
    max_players = 6  # C1
    state_version = 1

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
            raise GameError(f"Gracias is for 3 to 6 players, not {len(names)} (C1)")
        if any(not isinstance(name, str) or not name for name in names):
            raise GameError("every player needs a non-empty name")
        if len(set(names)) != len(names):
            raise GameError("two players have the same name")
        if options:
            raise GameError(f"Gracias has no options; unknown: {', '.join(sorted(options))}")
        game = cls(names, seed, decks)
        game.log.extend(game._start_round())
        return game

    @classmethod
    def from_replay(cls, header: Mapping[str, JSON]) -> Self:
        return saving.from_replay(cls, header)

    def replay_header(self) -> dict[str, JSON]:
        return saving.replay_header(self)

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
            raise IllegalAction("the game is over", "C2")
        seat = self.seat_of.get(action.by)
        if seat is None:
            raise IllegalAction(f"{action.by} is not playing in this game", "C3")
        if not self.active[seat]:
            # the project's leave rule (docs/rules/gracias.md, "Leaving")
            raise IllegalAction(f"{action.by} has left the game", "leave")
        if isinstance(action, Leave):
            events = self._leave(seat)
        else:
            if seat != self.to_move:
                assert self.to_move is not None
                raise IllegalAction(
                    f"it is {self.players[self.to_move]}'s turn to choose a trio, not "
                    f"{action.by}'s",
                    "C5",
                )
            if isinstance(action, ChooseTrio):
                index = self._check_take(action.by, action.trio)
                trio = self.trios[index]
                give = self._check_split(action, trio.up, action.keep, action.give_to)
                events = [self._take(seat, index)]
                events.extend(self._split(seat, index, action.keep.index, give, action.give_to))
            elif isinstance(action, TakeTrio):
                index = self._check_take(action.by, action.trio)
                events = [self._take(seat, index)]
            else:
                assert isinstance(action, SplitTrio)
                if self.holding is None:
                    raise IllegalAction(
                        f'{action.by} must first take a trio (say which with "trio")', "C5"
                    )
                index = self.holding
                give = self._check_split(action, self.trios[index].up, action.keep, action.give_to)
                events = self._split(seat, index, action.keep.index, give, action.give_to)
        self.moves += 1
        self.log.extend(events)
        return events

    def _check_take(self, by: str, number: int) -> int:
        if self.holding is not None:
            raise IllegalAction(
                f"{by} has already taken trio {self.holding + 1}: say which face-up card "
                f"to keep and to whom the other goes",
                "C5",
            )
        if not 1 <= number <= len(self.trios):
            raise IllegalAction(
                f"there is no trio {number}: the trios are numbered 1 to {len(self.trios)}", "C5"
            )
        taker = self.trios[number - 1].taker
        if taker is not None:
            raise IllegalAction(
                f"trio {number} has already been taken by {self.players[taker]}", "C5"
            )
        return number - 1

    def _check_split(self, action: GraciasAction, up: list[int], keep: Colour, to: str) -> int:
        """C5: keep one face-up card, give the other to an opponent. Returns the given
        card's colour index."""
        a, b = up
        k = keep.index
        if k != a and k != b:
            have = COLOUR_IDS[a] if a == b else f"{COLOUR_IDS[a]} and {COLOUR_IDS[b]}"
            raise IllegalAction(
                f"{action.by} cannot keep {keep.id}: the face-up cards are {have}", "C5"
            )
        if to == action.by:
            raise IllegalAction(
                f"{action.by} must give the other face-up card to an opponent, not keep both",
                "C5",
            )
        receiver = self.seat_of.get(to)
        if receiver is None:
            raise IllegalAction(f"{to} is not playing in this game", "C5")
        if not self.active[receiver]:
            raise IllegalAction(f"{to} has left the game and cannot receive cards", "leave")
        return b if k == a else a

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        return Outcome(self.winners, self.totals(), self.end_reason)

    # -- seeing and saving ----------------------------------------------------------

    def view_for(self, player: str) -> GraciasPlayerView:
        return seeing.player_view(self, player)

    def public_view(self) -> GraciasPublicView:
        return seeing.public_view(self)

    def to_json(self) -> dict[str, JSON]:
        return saving.to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Self:
        return saving.from_json(cls, data)

    def state_json(self) -> dict[str, JSON]:
        return saving.state_json(self)

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
