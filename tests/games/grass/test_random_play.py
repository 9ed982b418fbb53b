"""Seeded random play: 2,000 complete games over 2 to 6 players and every option
combination, with invariants after every action.

Checked after every action (cheap): all cards accounted for (G1, G21), hand sizes
(7 for the mover in a turn or an offer, 6 otherwise: G3, G13, G20), the cards marked
received all in the hand (G13, G20), someone awaited with at least one legal action
until the game ends, banker transfers summing to zero and the G18 bonus in every
scored hand. Checked on a sample of positions (expensive):
every legal action applies on a clone, every other play/discard/pass of any card by
any player is refused and leaves the state unchanged, and save/load round-trips.
The driver also makes random trade offers (G20) and, in some games, lets a player
leave (G22). RUN_SLOW=1 checks the expensive invariants at every action.
"""

from __future__ import annotations

import itertools
import json
import os
import random
from collections import Counter

import pytest

from games.grass import Card, Discard, Grass, GrassAction, PassCard, Phase, Play
from games.grass.cards import deck_for_hand
from games.grass.scoring import BONUS
from games.protocol import IllegalAction
from games.randomplay import playout_chooser

SLOW = os.environ.get("RUN_SLOW") == "1"
NAMES = ["ann", "bob", "cy", "dee", "eve", "fay"]
OPTIONS = [
    {"target": target, "heat_stacking": stack, "secret_trades": secret, "learning": learn}
    for target, stack, secret, learn in itertools.product(
        (60_000, 250_000), (True, False), (False, True), (False, True)
    )
]
GAMES_PER_COUNT = 400  # x 5 player counts = 2,000 games
SAMPLE = 1.0 if SLOW else 0.02


def _deck_size(game: Grass) -> int:
    return len(deck_for_hand(game.state.hand_no, game.state.options.learning))


def check_cheap(game: Grass, scored_hands: int) -> None:
    state = game.state
    assert state.deck_size() == _deck_size(game) or state.phase is Phase.OVER
    if state.phase is Phase.OVER:
        assert game.awaiting == () and state.winners
        return
    mover = state.mover
    for seat in state.seats:
        expected = 7 if seat is mover and state.phase is not Phase.PASS else 6
        assert len(seat.hand) == expected, (seat.name, state.phase, len(seat.hand))
        # G13, G20: the cards marked received are cards the player holds
        assert not Counter(seat.received) - Counter(seat.hand), (seat.name, seat.received)
    awaiting = game.awaiting
    assert awaiting and all(game.legal_actions(name) for name in awaiting)
    for hand in state.scores[scored_hands:]:
        assert sum(row.banker for row in hand.rows) == 0
        best = max(row.score - row.bonus for row in hand.rows)
        for row in hand.rows:
            assert row.bonus == (BONUS if row.score - row.bonus == best else 0)
            assert row.score == row.net + row.bonus


def _candidates(game: Grass) -> list[GrassAction]:
    names = list(game.players)
    actions: list[GrassAction] = []
    for by in names:
        for card in Card:
            actions += [Play(by, card), Discard(by, card), PassCard(by, card)]
            actions += [Play(by, card, target) for target in names]
    return actions


def check_expensive(game: Grass, rng: random.Random) -> None:
    saved = game.to_json()
    assert Grass.from_json(json.loads(json.dumps(saved))).to_json() == saved
    legal: set[GrassAction] = set()
    for name in game.awaiting:
        for action in game.legal_actions(name):
            legal.add(action)
            game.clone().apply(action)  # raises if a listed action is refused
    probe = game.clone()
    others = [a for a in _candidates(game) if a not in legal]
    for action in others if SLOW else rng.sample(others, min(40, len(others))):
        try:
            probe.apply(action)
        except IllegalAction:
            continue
        if isinstance(action, Play) and action.cover:
            continue  # cover sets beyond the listed ones cannot be probed here
        raise AssertionError(f"unlisted {action} was accepted")
    assert probe.to_json() == saved  # refusals changed nothing


def _random_offer(game: Grass, rng: random.Random) -> dict[str, object] | None:
    state = game.state
    mover = state.mover
    if state.phase is not Phase.TURN or mover is None:
        return None
    other = rng.choice([s for s in state.seats if s is not mover])
    count = rng.randint(0, 2)
    offer: dict[str, object] = {"to": other.name}
    offer["give"] = [c.value for c in rng.sample(mover.hand, count)]
    offer["take"] = [c.value for c in rng.sample(other.hand, count)]
    free = [p.card.value for p in mover.stash if not p.covered]
    if free and rng.random() < 0.5:
        offer["give_stash"] = [rng.choice(free)]
    free = [p.card.value for p in other.stash if not p.covered]
    if free and rng.random() < 0.5:
        offer["take_stash"] = [rng.choice(free)]
    return offer


def play_one(players: int, seed: int) -> int:
    options = OPTIONS[seed % len(OPTIONS)]
    game = Grass.create(NAMES[:players], options, seed)
    rng = random.Random(seed * 7919 + players)
    choose = playout_chooser(game)
    leaver = seed % 9 == 0 and players > 2
    scored = 0
    applied = 0  # accepted actions
    steps = 0
    check_cheap(game, scored)
    while game.outcome() is None:
        steps += 1
        assert steps < 20_000, f"seed {seed}: no end"
        awaiting = game.awaiting
        who = awaiting[rng.randrange(len(awaiting))]
        if leaver and rng.random() < 0.003:
            game.apply_json({"by": rng.choice(game.players), "leave": True})
        elif rng.random() < 0.02 and (offer := _random_offer(game, rng)) is not None:
            mover = game.state.mover
            assert mover is not None
            try:
                game.apply_json({"by": mover.name, "offer": offer})
            except IllegalAction as refused:
                assert refused.rule in ("G20", "G21"), refused
                continue
        else:
            game.apply(choose(who, game.legal_actions(who), rng))
        applied += 1
        check_cheap(game, scored)
        scored = len(game.state.scores)
        if rng.random() < SAMPLE and game.outcome() is None:
            check_expensive(game, rng)
    assert game.moves == applied
    return applied


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant_and_end(players):
    total = 0
    for seed in range(GAMES_PER_COUNT * (5 if SLOW else 1)):
        total += play_one(players, seed)
    assert total > GAMES_PER_COUNT * 20
