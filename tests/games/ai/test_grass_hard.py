"""Grass, hard level: its own rules of thumb (the easy level's `sharp` variant, the
search's default choice and its own seat's rollout policy), and its edge over the
easy level on a few seeded games with a fixed budget (no time is measured)."""

from __future__ import annotations

import random

from games.ai import make_ai
from games.ai.grass_easy import GrassEasy
from games.grass import Grass, Play
from games.grass.cards import Card
from games.grass.state import Peddle

from ..grass.helpers import seat_of
from .play import FILL, grass


def choice(player: object, game: Grass, name: str = "ann") -> object:
    legal = game.legal_actions(name)
    action = player.choose(game.view_for(name), legal, random.Random(1))  # type: ignore[attr-defined]
    assert action in legal
    return action


def test_sharp_keeps_paranoia_to_pass_it_on_where_easy_plays_it_G13() -> None:
    game = grass(["double_crossed", *FILL, "bust"])
    assert choice(GrassEasy(), game) == Play("ann", Card.DOUBLE_CROSSED)
    assert choice(GrassEasy(sharp=True), game) != Play("ann", Card.DOUBLE_CROSSED)


def test_sharp_plays_paranoia_on_the_last_draw_rather_than_pay_its_penalty_G13_G18() -> None:
    game = grass(["double_crossed", *FILL, "bust"])
    game.state.draw.clear()  # ann drew the last card: the hand ends before her next turn
    assert choice(GrassEasy(sharp=True), game) == Play("ann", Card.DOUBLE_CROSSED)


def test_sharp_puts_heat_on_an_unblocked_opponent_before_a_blocked_leader_G8() -> None:
    game = grass(["bust", *FILL, "hearsay_evidence"])
    for name, total in (("bob", 50_000), ("cy", 70_000)):
        seat_of(game, name).market_open = True
        seat_of(game, name).total = total
    seat_of(game, "cy").heat = [Card.FELONY]
    assert choice(GrassEasy(), game) == Play("ann", Card.BUST, "cy")
    assert choice(GrassEasy(sharp=True), game) == Play("ann", Card.BUST, "bob")


def test_sharp_peddles_instead_of_heaping_heat_on_a_blocked_market_G7_G8() -> None:
    game = grass(["bust", "mexico", *FILL], market_open=True)
    for name in ("bob", "cy"):
        seat_of(game, name).market_open = True
        seat_of(game, name).heat = [Card.FELONY]
        seat_of(game, name).stash = [Peddle(Card.PANAMA)]
    assert choice(GrassEasy(), game) == Play("ann", Card.BUST, "bob")
    assert choice(GrassEasy(sharp=True), game) == Play("ann", Card.MEXICO)


def test_the_hard_level_falls_back_on_the_sharp_choice() -> None:
    game = grass(["double_crossed", *FILL, "bust"])
    # Two iterations make no whole round of the candidates: no evidence, no override.
    hard = make_ai("grass", "hard", iterations=2)
    assert choice(hard, game) == choice(GrassEasy(sharp=True), game)


def _share(seed: int, seat: int, tested: object) -> float:
    """The win share of `tested` in `seat` of a 3-player game, easy elsewhere."""
    names = ["ann", "bob", "cy"]
    players = {name: tested if i == seat else GrassEasy() for i, name in enumerate(names)}
    rngs = {name: random.Random(f"{seed}:{name}") for name in names}
    game = Grass.create(names, None, seed)
    for _ in range(5_000):
        if game.outcome() is not None:
            break
        name = game.awaiting[0]
        action = players[name].choose(  # type: ignore[attr-defined]
            game.view_for(name), game.legal_actions(name), rngs[name]
        )
        game.apply(action)
    outcome = game.outcome()
    assert outcome is not None
    return 1 / len(outcome.winners) if names[seat] in outcome.winners else 0.0


def test_sharp_wins_more_than_easy_in_its_seat_on_the_same_deals() -> None:
    """Duplicate games (as `python -m games.ai.bench`): each seed is played with the
    sharp rules in one seat, then with the easy level there; the seat moves each game."""
    seeds = range(1, 241)
    sharp = sum(_share(seed, seed % 3, GrassEasy(sharp=True)) for seed in seeds)
    easy = sum(_share(seed, seed % 3, GrassEasy()) for seed in seeds)
    assert sharp > easy + 10, (sharp, easy)
