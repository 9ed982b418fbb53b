"""Round scoring (C6) and the final ranking (C8), as pure functions.

C6: every player's hidden cards join their reserve; a player with 5 or more cards of
a colour sets exactly 5 aside as one packet; then, colour by colour, the player or
players with the most face-up cards of that colour (at least one; packets do not
count) discard those face-up cards. Score = face-up cards left + packets.
C8: the highest total wins; ties go to the best single round, then the second best,
then the third; players still tied share the win.
`scoring_json` is the JSON form of a scored round (saved state, the "round_scored" event).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.gracias.cards import COLOURS
from games.gracias.views import ColourScore, RoundScoreRow, RoundScoring
from games.protocol import JSON

PACKET = 5  # C6: a packet is exactly five cards of one colour


def score_round(names: Sequence[str], cards: Sequence[Sequence[int]]) -> tuple[RoundScoreRow, ...]:
    """C6 for the players `names`, whose `cards[i][c]` is how many cards of colour
    index c player i holds once their hidden cards joined their reserve."""
    packets = [[count >= PACKET for count in row] for row in cards]
    face_up = [
        [count - PACKET if packet else count for count, packet in zip(row, flags, strict=True)]
        for row, flags in zip(cards, packets, strict=True)
    ]
    # C6: the most face-up cards of a colour, at least one; every tied player discards.
    most = [max((row[c] for row in face_up), default=0) for c in range(len(COLOURS))]
    rows = []
    for name, row, flags, up in zip(names, cards, packets, face_up, strict=True):
        colours = []
        for c, colour in enumerate(COLOURS):
            discarded = up[c] if most[c] >= 1 and up[c] == most[c] else 0
            points = (1 if flags[c] else 0) + up[c] - discarded
            colours.append(ColourScore(colour, row[c], flags[c], up[c], discarded, points))
        rows.append(RoundScoreRow(name, tuple(colours), sum(s.points for s in colours)))
    return tuple(rows)


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


def scoring_json(scoring: RoundScoring) -> dict[str, JSON]:
    return {
        "round": scoring.round,
        "rows": [
            {
                "player": row.player,
                "score": row.score,
                "colours": {
                    s.colour.id: {
                        "cards": s.cards,
                        "packet": s.packet,
                        "face_up": s.face_up,
                        "discarded": s.discarded,
                        "points": s.points,
                    }
                    for s in row.colours
                },
            }
            for row in scoring.rows
        ],
    }
