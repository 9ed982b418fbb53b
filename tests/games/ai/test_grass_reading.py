"""Grass, hard level: what the others' last turns say about their hands
(games.ai.grass_reading). A discard on a clear market says they held no peddle (G4,
G7); the searched worlds deal such hands by weight; a player the easy level would
never match tells nothing and is dealt uniformly; nothing hidden is read."""

from __future__ import annotations

import random

from games.ai.grass_hard import sample_world
from games.ai.grass_reading import CANDIDATES, STRAY, Judge, read_hands
from games.grass import Grass
from games.grass.cards import Card
from games.grass.views import LastTurn

from ..grass.helpers import game_with, idle, move

C = Card


def bob_discards(card: str) -> Grass:
    """ann, bob and cy open their markets; bob, clear, then discards `card` (G4)."""
    game = game_with(
        {
            "ann": ["market_open"],
            "bob": ["market_open", "hearsay_evidence", "panama"],
            "cy": ["market_open"],
        },
        players=["ann", "bob", "cy"],
    )
    for name in ("ann", "bob", "cy"):
        move(game, name, play="market_open")
    idle(game, "ann")
    move(game, "bob", discard=card)
    return game


def bob_turn(game: Grass) -> LastTurn:
    return next(turn for turn in game.public_view().last_turns if turn.by == "bob")


def test_a_discard_on_a_clear_market_makes_a_hand_with_a_peddle_unlikely_G4_G7() -> None:
    game = bob_discards("hearsay_evidence")
    judge = Judge(bob_turn(game), game.public_view().options)
    # Nothing playable: the Heat Off cards (which lift nothing) are valued least, and
    # bob's Hearsay Evidence is one of them: the easy level would discard one too.
    quiet = (C.IMMUNITY, C.IMMUNITY, C.A_BREEZE_TO_FLY, C.CHARGES_DROPPED, C.BANKER, C.BANKER)
    assert judge.likelihood(quiet) == 1.0
    # A Mexico instead of a Banker: the easy level would have played it.
    assert judge.likelihood((C.MEXICO, *quiet[:5])) == STRAY
    # A Banker instead of every Heat Off: it would have discarded the Hearsay Evidence
    # all the same (the card it values least).
    assert judge.likelihood((C.BANKER,) * 6) == 1.0


def test_the_searched_worlds_deal_the_others_hands_by_their_last_turns_G4() -> None:
    game = bob_discards("hearsay_evidence")
    view = game.view_for("cy")  # cy to move: ann's and bob's last turns still tell
    readings = read_hands(view, random.Random(1))
    assert "bob" in readings and "cy" not in readings  # cy drew: her hand changed
    assert len(readings["bob"].hands) == CANDIDATES
    judge = Judge(bob_turn(game), view.public.options)

    def explained(worlds: list[Grass]) -> float:
        """The share of bob's dealt hands under which the easy level discards too."""
        hands = [tuple(world.state.seat("bob").hand) for world in worlds]  # type: ignore[union-attr]
        return sum(judge.likelihood(hand) == 1.0 for hand in hands) / len(hands)

    uniform = [sample_world(view, random.Random(s)) for s in range(300)]
    weighed = [sample_world(view, random.Random(s), readings) for s in range(300)]
    # Nearly every hand would have played something (a peddle, a Heat On...); the
    # weighed deals mostly hold one that would not.
    assert explained(uniform) < 0.05
    assert explained(weighed) > 0.2


def test_a_turn_the_easy_level_never_plays_tells_nothing_G4() -> None:
    # A clear market and a Panama discarded: the easy level plays a peddle before it
    # discards one, so no hand explains it; bob is dealt uniformly.
    game = bob_discards("panama")
    assert "bob" not in read_hands(game.view_for("cy"), random.Random(1))


def test_one_s_own_last_turn_is_not_read() -> None:
    game = bob_discards("hearsay_evidence")
    view = game.view_for("bob")
    assert "bob" in {turn.by for turn in view.public.last_turns}
    assert "bob" not in read_hands(view, random.Random(1))
