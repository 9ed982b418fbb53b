"""Grass, hard level: what the others' last turns say about their hands
(games.ai.grass_reading). A discard on a clear market says they held no peddle (G4,
G7); the searched worlds deal such hands by weight; a player the easy level would
never match tells nothing and is dealt uniformly; nothing hidden is read."""

from __future__ import annotations

import random

from games.ai.grass_hard import sample_world, sampled_worlds
from games.ai.grass_reading import CANDIDATES, STRAY, Judge, _alike, read_hands
from games.grass import Grass
from games.grass.actions import Discard, Play
from games.grass.cards import Card
from games.grass.state import Peddle
from games.grass.views import LastTurn

from ..grass.helpers import game_with, idle, move, seat_of

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
    uniform = [sample_world(view, random.Random(s)) for s in range(300)]
    weighed = [sample_world(view, random.Random(s), readings) for s in range(300)]
    # Nearly every hand would have played something (a peddle, a Heat On...); the
    # weighed deals mostly hold one that would not.
    assert explained(judge, uniform) < 0.05
    assert explained(judge, weighed) > 0.2


def explained(judge: Judge, worlds: list[Grass]) -> float:
    """The share of bob's dealt hands under which the easy level discards too."""
    hands = [tuple(world.state.seat("bob").hand) for world in worlds]  # type: ignore[union-attr]
    return sum(judge.likelihood(hand) == 1.0 for hand in hands) / len(hands)


def test_a_decisions_worlds_are_dealt_by_the_reading_each_seeds_built_once_G4() -> None:
    game = bob_discards("hearsay_evidence")
    view = game.view_for("cy")
    judge = Judge(bob_turn(game), view.public.options)
    worlds = sampled_worlds(view, random.Random(1))
    assert explained(judge, [worlds(seed) for seed in range(300)]) > 0.2
    again, twin = worlds(7), worlds(7)
    assert again is not twin and again.state_json() == twin.state_json()
    # The same decision searched again deals the same worlds: a computer seat restored
    # after a restart decides as it would have.
    assert sampled_worlds(view, random.Random(1))(7).state_json() == again.state_json()
    assert worlds(8).state_json() != again.state_json()


def test_the_judge_rebuilds_the_table_as_it_stood_at_the_turn_G4() -> None:
    game = game_with(
        {
            "ann": ["market_open", "panama"],
            "bob": ["market_open", "hearsay_evidence", "panama"],
            "cy": ["market_open"],
        },
        players=["ann", "bob", "cy"],
    )
    for name in ("ann", "bob", "cy"):
        move(game, name, play="market_open")
    ann = seat_of(game, "ann")
    ann.stash = [Peddle(C.JAMAICA, covered=True), Peddle(C.MEXICO)]
    ann.protection = [C.GRAB_A_SNACK]
    ann.heat = [C.BUST]
    ann.skip = 2
    ann.total = 40_000
    cy = seat_of(game, "cy")
    cy.total = -5_000
    idle(game, "ann")
    move(game, "bob", discard="hearsay_evidence")
    turn = bob_turn(game)
    judge = Judge(turn, game.public_view().options)
    assert judge.me.name == "bob"
    for then in turn.seats:
        seat = judge.state.seat(then.name)
        assert seat is not None
        assert [(p.card, p.covered) for p in seat.stash] == [
            (p.card, p.covered) for p in then.stash
        ]
        assert (seat.protection, seat.heat) == (list(then.protection), list(then.heat))
        assert (seat.market_open, seat.skip, seat.total) == (
            then.market_open,
            then.skip,
            then.total,
        )
    rebuilt = judge.state.seat("ann")
    assert rebuilt is not None
    assert [(p.card, p.covered) for p in rebuilt.stash] == [(C.JAMAICA, True), (C.MEXICO, False)]
    assert (rebuilt.protection, rebuilt.heat) == ([C.GRAB_A_SNACK], [C.BUST])
    assert (rebuilt.skip, rebuilt.total) == (2, 40_000)


def test_two_choices_are_alike_only_where_the_easy_level_cannot_tell_them_apart() -> None:
    game = bob_discards("hearsay_evidence")
    me = next(seat for seat in bob_turn(game).seats if seat.name == "bob")
    # Two discards of cards it values alike (two Heat Off cards that lift nothing).
    assert _alike(Discard("bob", C.IMMUNITY), Discard("bob", C.HEARSAY_EVIDENCE), me)
    # A play is not a discard of the same card.
    assert not _alike(Play("bob", C.PANAMA), Discard("bob", C.PANAMA), me)
    # Another kind of card, or another value of the same kind.
    assert not _alike(Discard("bob", C.BANKER), Discard("bob", C.HEARSAY_EVIDENCE), me)
    assert not _alike(Discard("bob", C.PANAMA), Discard("bob", C.MEXICO), me)
    # The same Heat On on the same player is alike; on another player it is not.
    assert _alike(Play("bob", C.BUST, "ann"), Play("bob", C.BUST, "ann"), me)
    assert _alike(Play("bob", C.BUST, "ann"), Play("bob", C.DETAINED, "ann"), me)
    assert not _alike(Play("bob", C.BUST, "ann"), Play("bob", C.BUST, "cy"), me)
    # A Protect card over other peddles is another play.
    snack = Play("bob", C.GRAB_A_SNACK, None, (C.JAMAICA,))
    assert _alike(snack, Play("bob", C.GRAB_A_SNACK, None, (C.JAMAICA,)), me)
    assert not _alike(snack, Play("bob", C.GRAB_A_SNACK, None, (C.MEXICO,)), me)


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
