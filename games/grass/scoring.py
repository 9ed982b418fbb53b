"""Hand scoring (G15 Banker, G18) and the end of the game (G19)."""

from __future__ import annotations

from games.grass.cards import PARANOIA_PENALTIES, PEDDLE_VALUES, Card
from games.grass.state import Seat
from games.grass.views import HandScore, ScoreRow

BONUS = 25_000  # G18: to every player with the highest net
BANKER_PERCENT = 20  # G15


def score_hand(seats: list[Seat], hand: int) -> HandScore:
    """Score a finished hand and add each score to the running totals (G18)."""
    table = {s.name: sum(p.value for p in s.stash) for s in seats}
    exposed = {s.name: sum(p.value for p in s.stash if not p.covered) for s in seats}
    banker = dict.fromkeys(table, 0)
    holder = next((s for s in seats if Card.BANKER in s.hand), None)
    if holder is not None:
        for seat in seats:
            if seat is not holder:
                # Every value is a multiple of $5,000, so 20% is a whole number.
                cut = exposed[seat.name] * BANKER_PERCENT // 100
                banker[seat.name] -= cut
                banker[holder.name] += cut
    hand_peddle = {
        s.name: max((PEDDLE_VALUES[c] for c in s.hand if c in PEDDLE_VALUES), default=0)
        for s in seats
    }
    paranoia = {s.name: sum(PARANOIA_PENALTIES.get(c, 0) for c in s.hand) for s in seats}
    net = {name: table[name] + banker[name] - hand_peddle[name] - paranoia[name] for name in table}
    best = max(net.values())
    rows = []
    for seat in seats:
        name = seat.name
        bonus = BONUS if net[name] == best else 0
        score = net[name] + bonus
        seat.total += score
        rows.append(
            ScoreRow(
                name=name,
                table=table[name],
                banker=banker[name],
                hand_peddle=hand_peddle[name],
                paranoia=paranoia[name],
                bonus=bonus,
                score=score,
                total=seat.total,
            )
        )
    return HandScore(hand, tuple(rows))


def game_winners(seats: list[Seat], target: int) -> tuple[str, ...]:
    """G19: empty while nobody reached the target; else everyone on the highest total."""
    if not any(seat.total >= target for seat in seats):
        return ()
    top = max(seat.total for seat in seats)
    return tuple(seat.name for seat in seats if seat.total == top)
