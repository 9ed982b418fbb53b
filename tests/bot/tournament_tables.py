"""The two tournaments the tests play, worked out by hand (docs/tournaments.md has the
rules): who meets whom each round, who wins, and the standings after each round. The
service's tests (tests/bot/core/test_tournaments.py) and the journeys through the
emulator (tests/bot/exts/test_tournament.py) check the bot against these tables.

Seven players of Graps, three Swiss rounds, in order of entry: ann, bob, cy, dee, eve,
fay, gil. Each pair is (dark, light), dark first; the loser resigns.

Round 1 (everyone on 0, in order of entry): the fold pairs 1-4, 2-5, 3-6 and the last
has the bye. Sides: nobody has played, so the higher-ranked is dark. fay does not
show: the computer takes her seat after three turns in a row, and cy, though he then
resigns against it, wins, as fay forfeited.

    ann-dee (ann wins), bob-eve (eve), cy-fay (cy: fay absent), bye gil.
    Standings: 1 point ann, cy, eve, gil (Buchholz 0 each: order of entry), then
    0 points bob, dee, fay (Buchholz 1 each).

Round 2: the bye to the lowest-ranked without one, fay. The 1-point group of four
folds (ann-eve, cy-gil), bob-dee. Dark to whoever played it less: eve (light before)
against ann, gil (bye before) against cy, dee against bob.

    eve-ann (ann wins), gil-cy (cy), dee-bob (bob), bye fay.
    Standings: cy 2 (Buchholz fay 1 + gil 1 = 2), ann 2 (dee 0 + eve 1 = 1), eve 1
    (bob 1 + ann 2 = 3), fay 1 (cy 2; before gil by entry), gil 1 (cy 2), bob 1
    (eve 1 + dee 0 = 1), dee 0.

Round 3: the bye to dee. cy and ann have not met: cy-ann; the 1-point group folds
eve-gil, fay-bob (no rematch among them). Sides: cy and ann have one game on each
side and were both light last: the higher-ranked, cy, is dark; eve (even) before gil
(one dark more); fay (one light more) before bob (even).

    cy-ann (cy wins), eve-gil (eve), fay-bob (bob), bye dee.
    Final: cy 3 (Buchholz 4), ann 2 (6), eve 2 (5), bob 2 (4), fay 1 (5), gil 1 (5),
    dee 1 (4).

Ten players of Grass at tables of four, two rounds, in order of entry: ann, bob, cy,
dee, eve, fay, gil, hal, ivy, jo. Every hand is dealt from `GRASS_DECK`: seat 1 holds
Market Close and Market Open, seat 2 a Sold Out, seat 3 a Double Crossed, seat 4 (at a
table of three, seat 3 too) an Utterly Wiped Out; the first player opens the market,
everyone else discards a card, the first player closes the market and the first hand
ends the game (target $1). Penalties: $25,000, $50,000, $100,000; the highest net takes
the $25,000 bonus.

Round 1 (order of entry, tables 4, 3, 3): ann bob cy dee | eve fay gil | hal ivy jo.

    ann $25,000 (6 points), bob -$25,000 (5), cy -$50,000 (3), dee -$100,000 (1);
    eve $25,000 (6), fay -$25,000 (4), gil -$150,000 (1); hal, ivy, jo alike.
    Standings: ann, eve, hal (6, $25,000, entry), bob 5, fay, ivy (4, -$25,000),
    cy 3, dee (1, -$100,000), gil, jo (1, -$150,000).

Round 2, grouped by the standings: ann eve hal bob | fay ivy cy | dee gil jo. ann and
bob sat together before; no swap with the next table seats fewer pairs together
again (each would seat another pair together again), so they meet again.

    ann $25,000 (6), eve -$25,000 (5), hal -$50,000 (3), bob -$100,000 (1);
    fay $25,000 (6), ivy -$25,000 (4), cy -$150,000 (1); dee, gil, jo alike.
    Final: ann 12, eve 11, fay 10, hal 9, ivy 8, dee 7, bob 6, gil 5, cy 4, jo 2.
"""

from __future__ import annotations

from collections import Counter

from games.grass.cards import full_deck

SWISS_PLAYERS = ("ann", "bob", "cy", "dee", "eve", "fay", "gil")
SWISS_ROUNDS: list[list[tuple[str, ...]]] = [
    [("ann", "dee"), ("bob", "eve"), ("cy", "fay"), ("gil",)],
    [("eve", "ann"), ("gil", "cy"), ("dee", "bob"), ("fay",)],
    [("cy", "ann"), ("eve", "gil"), ("fay", "bob"), ("dee",)],
]
SWISS_WINNERS = [["ann", "eve", "cy"], ["ann", "cy", "bob"], ["cy", "eve", "bob"]]
NO_SHOW = "fay"
"""Absent in round 1: the computer takes her seat."""
SWISS_STANDINGS: list[list[tuple[str, float, float]]] = [
    [
        ("ann", 1, 0),
        ("cy", 1, 0),
        ("eve", 1, 0),
        ("gil", 1, 0),
        ("bob", 0, 1),
        ("dee", 0, 1),
        ("fay", 0, 1),
    ],
    [
        ("cy", 2, 2),
        ("ann", 2, 1),
        ("eve", 1, 3),
        ("fay", 1, 2),
        ("gil", 1, 2),
        ("bob", 1, 1),
        ("dee", 0, 3),
    ],
    [
        ("cy", 3, 4),
        ("ann", 2, 6),
        ("eve", 2, 5),
        ("bob", 2, 4),
        ("fay", 1, 5),
        ("gil", 1, 5),
        ("dee", 1, 4),
    ],
]
"""(player, points, Buchholz) after each round, the leader first."""

GRASS_PLAYERS = ("ann", "bob", "cy", "dee", "eve", "fay", "gil", "hal", "ivy", "jo")
GRASS_ROUNDS: list[list[tuple[str, ...]]] = [
    [("ann", "bob", "cy", "dee"), ("eve", "fay", "gil"), ("hal", "ivy", "jo")],
    [("ann", "eve", "hal", "bob"), ("fay", "ivy", "cy"), ("dee", "gil", "jo")],
]
GRASS_STANDINGS: list[list[tuple[str, float, int]]] = [
    [
        ("ann", 6, 25_000),
        ("eve", 6, 25_000),
        ("hal", 6, 25_000),
        ("bob", 5, -25_000),
        ("fay", 4, -25_000),
        ("ivy", 4, -25_000),
        ("cy", 3, -50_000),
        ("dee", 1, -100_000),
        ("gil", 1, -150_000),
        ("jo", 1, -150_000),
    ],
    [
        ("ann", 12, 50_000),
        ("eve", 11, 0),
        ("fay", 10, 0),
        ("hal", 9, -25_000),
        ("ivy", 8, -50_000),
        ("dee", 7, -75_000),
        ("bob", 6, -125_000),
        ("gil", 5, -175_000),
        ("cy", 4, -200_000),
        ("jo", 2, -300_000),
    ],
]
"""(player, rank points, total dollars) after each round, the leader first."""

NO_ACCOUNT = ("immunity", "a_breeze_to_fly", "hearsay_evidence", "charges_dropped", "stonehigh")
"""Cards that score nothing left in a hand: what the others discard."""
_PLACED = {0: "market_close", 1: "sold_out", 2: "double_crossed", 11: "utterly_wiped_out"}
_PLACED[12] = "market_open"
# Dealt one card at a time from seat 1, card n goes to seat n mod the table's size: at
# tables of three and of four alike, cards 0 and 12 are seat 1's, 1 seat 2's, 2 seat
# 3's, and 11 seat 4's at four (seat 3's at three).


def grass_deck() -> list[str]:
    """The stacked deck of every Grass tournament game, top card first."""
    top = [_PLACED.get(n, NO_ACCOUNT[n % len(NO_ACCOUNT)]) for n in range(24)]
    rest = Counter(card.value for card in full_deck())
    rest.subtract(top)
    assert all(count >= 0 for count in rest.values())
    tail = []
    for card in full_deck():
        if rest[card.value] > 0:
            rest[card.value] -= 1
            tail.append(card.value)
    return top + tail


GRASS_SETUP = {"grass": {"decks": [grass_deck()], "options": {"target": 1}}}
"""The bot's GAME_SETUP for the Grass tournament (stacked decks, a $1 target)."""
