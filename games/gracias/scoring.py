"""Round scoring (C6) and the final ranking (C8), as pure functions.

C6: every player's hidden cards join their reserve; a player with 5 or more cards of
a colour sets exactly 5 aside as one packet; then, colour by colour, the player or
players with the most face-up cards of that colour (at least one; packets do not
count) discard those face-up cards. Score = face-up cards left + packets.
C8: the highest total wins; ties go to the best single round, then the second best,
then the third; players still tied share the win.

A scored round is kept as plain numbers (`ScoreSheet`, cheap: random play scores
thousands of rounds a second); its frozen view (`RoundScoring`) is built on demand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.gracias.cards import COLOURS
from games.gracias.views import ColourScore, RoundScoreRow, RoundScoring
from games.protocol import JSON

PACKET = 5  # C6: a packet is exactly five cards of one colour


class ScoreSheet:
    """C6 for one round. Per player (in `names` order), per colour (in `COLOURS`
    order): `cards` once the hidden cards joined the reserve, `packets` (0 or 1),
    `discarded` face-up cards; `scores` the round scores. Never changed once made."""

    __slots__ = ("_view", "cards", "discarded", "names", "packets", "round", "scores")

    def __init__(
        self,
        round_no: int,
        names: Sequence[str],
        cards: Sequence[Sequence[int]],
        packets: Sequence[Sequence[int]],
        discarded: Sequence[Sequence[int]],
    ) -> None:
        self.round = round_no
        self.names = tuple(names)
        self.cards = [list(row) for row in cards]
        self.packets = [list(row) for row in packets]
        self.discarded = [list(row) for row in discarded]
        self.scores = [
            sum(row) - PACKET * sum(packs) + sum(packs) - sum(gone)
            for row, packs, gone in zip(self.cards, self.packets, self.discarded, strict=True)
        ]
        self._view: RoundScoring | None = None

    def view(self) -> RoundScoring:
        if self._view is None:
            rows = []
            for i, name in enumerate(self.names):
                colours = []
                for c, colour in enumerate(COLOURS):
                    cards, packet, gone = self.cards[i][c], self.packets[i][c], self.discarded[i][c]
                    up = cards - PACKET * packet
                    colours.append(
                        ColourScore(colour, cards, bool(packet), up, gone, packet + up - gone)
                    )
                rows.append(RoundScoreRow(name, tuple(colours), self.scores[i]))
            self._view = RoundScoring(self.round, tuple(rows))
        return self._view

    def to_json(self) -> dict[str, JSON]:
        """The scored round as JSON (saved state and the "round_scored" event's data):
        per-player lists in colour order (red, orange, yellow, green, blue, purple)."""
        return {
            "round": self.round,
            "players": list(self.names),
            "cards": [list(row) for row in self.cards],
            "packets": [list(row) for row in self.packets],
            "discarded": [list(row) for row in self.discarded],
            "scores": list(self.scores),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScoreSheet:
        def rows(key: str) -> list[list[int]]:
            return [[int(n) for n in row] for row in data[key]]

        sheet = cls(
            int(data["round"]),
            [str(name) for name in data["players"]],
            rows("cards"),
            rows("packets"),
            rows("discarded"),
        )
        if len(sheet.cards) != len(sheet.names) or sheet.scores != list(data["scores"]):
            raise ValueError("a scored round does not add up")
        return sheet


def score_round(round_no: int, names: Sequence[str], cards: Sequence[Sequence[int]]) -> ScoreSheet:
    """C6 for the players `names`, whose `cards[i][c]` is how many cards of colour
    index c player i holds once their hidden cards joined their reserve."""
    packets = [[1 if n >= PACKET else 0 for n in row] for row in cards]
    face_up = [[n - PACKET if n >= PACKET else n for n in row] for row in cards]
    # C6: the most face-up cards of a colour, at least one; every tied player discards.
    most = [max(column) for column in zip(*face_up, strict=True)]
    discarded = [
        [n if n and n == m else 0 for n, m in zip(row, most, strict=True)] for row in face_up
    ]
    return ScoreSheet(round_no, names, cards, packets, discarded)


def ranking_key(total: int, round_scores: Sequence[int]) -> tuple[int, ...]:
    """C8: the total first, then the rounds from best to worst."""
    return (total, *sorted(round_scores, reverse=True))


def winners(candidates: Sequence[tuple[str, int, Sequence[int]]]) -> tuple[str, ...]:
    """C8: the names with the best `ranking_key` among (name, total, round scores)."""
    if not candidates:
        return ()
    keys = {name: ranking_key(total, rounds) for name, total, rounds in candidates}
    best = max(keys.values())
    return tuple(name for name, _, _ in candidates if keys[name] == best)
