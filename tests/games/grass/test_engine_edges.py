"""The engine at its edges, in the words players and callers read: a game that cannot
be made (G2), the fixed decks of a learning replay (G21), an action after the end
(G19) or from someone not seated, a Paranoia pass choice (G13), the reasons of the two
endings (G19, G22), and copies taken in the middle of a pass or an offer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from games.grass import Card, Grass, Play
from games.grass.views import GrassEventKind, GrassTermination
from games.protocol import GameError, MalformedAction, StateFormatError
from lang import translate
from tests.games.grass.helpers import (
    NAMES,
    build_deck,
    game_with,
    idle,
    move,
    refused,
    seat_of,
    traders,
)

TWO = ["ann", "bob"]


def test_create_deals_seed_0_unless_told() -> None:
    assert Grass.create(TWO).to_json() == Grass.create(TWO, seed=0).to_json()
    assert Grass.create(TWO).replay_header()["seed"] == 0


def test_g2_six_players_may_play() -> None:
    game = Grass.create(NAMES)
    assert game.players == tuple(NAMES)
    assert [seat.hand_size for seat in game.public_view().seats] == [7, 6, 6, 6, 6, 6]


@pytest.mark.parametrize(
    ("players", "seed", "words"),
    [
        (["ann"], 0, "Grass is played by 2 to 6 players, not 1"),
        ([*NAMES, "gus"], 0, "Grass is played by 2 to 6 players, not 7"),
        (["ann", ""], 0, "every player needs a name"),
        (["ann", "  "], 0, "every player needs a name"),
        (["ann", "bob", "ann"], 0, "two players have the same name"),
        (TWO, "7", "the seed must be a whole number"),
        (TWO, 1.5, "the seed must be a whole number"),
    ],
)
def test_a_game_that_cannot_be_made_says_why(players: list[str], seed: Any, words: str) -> None:
    with pytest.raises(GameError) as caught:
        Grass.create(players, seed=seed)
    assert str(caught.value) == words


def test_g2_too_many_players_is_said_in_the_players_language() -> None:
    with pytest.raises(GameError) as caught:
        Grass.create([*NAMES, "gus"])
    assert translate(caught.value.args[0], "fr") == "Grass se joue de 2 à 6 joueurs, pas à 7"


def test_g21_a_learning_replay_gives_each_of_three_hands_its_own_deck() -> None:
    """Hands 1 and 2 leave out more cards than hand 3 (79, 79, 90): each deck of the
    header is checked against its own hand's."""
    decks = [build_deck(TWO, {}, hand_no=hand, learning=True) for hand in (1, 2, 3)]
    assert [len(deck) for deck in decks] == [79, 79, 90]
    header = {"game": "grass", "players": TWO, "options": {"learning": True}, "decks": decks}
    game = Grass.from_replay(header)
    assert game.replay_header()["decks"] == decks
    swapped = {**header, "decks": [decks[0], decks[2]]}
    with pytest.raises(StateFormatError) as caught:
        Grass.from_replay(swapped)
    assert str(caught.value) == "deck 2 must hold exactly the 79 cards of hand 2 (G1, G21)"


def test_g19_nothing_is_played_once_the_game_is_over() -> None:
    g = game_with({"ann": ["market_open"]})
    move(g, "bob", leave=True)
    refused("G19", "the game is over", g, "ann", play="market_open")


def test_someone_not_seated_cannot_act() -> None:
    g = game_with({"ann": ["market_open"]})
    refused(None, "eve is not playing in this game", g, "eve", discard="immunity")  # type: ignore[arg-type]


@dataclass(frozen=True)
class _Unknown(Play):
    """An action of a type the engine was never taught (a programming error)."""


def test_an_action_of_an_unknown_type_is_refused_as_malformed_by_name() -> None:
    g = game_with({"ann": ["market_open"]})
    action = _Unknown("ann", Card.MARKET_OPEN)
    with pytest.raises(MalformedAction) as caught:
        g.apply(action)
    assert str(caught.value) == f"{action!r} is not a Grass action"


def test_g13_a_pass_choice_is_told_to_the_chooser_alone() -> None:
    g = game_with({"ann": ["sold_out", "panama"]}, players=["ann", "bob", "cy"])
    move(g, "ann", play="sold_out")
    events = move(g, "ann", pass_="panama")
    assert [(e.kind, e.text, e.actor, dict(e.private)) for e in events] == [
        (GrassEventKind.PASS_CHOSEN, "", "ann", {"ann": "You pass Panama"})
    ]


def test_g22_the_last_player_seated_wins_because_everyone_else_left() -> None:
    g = game_with({"ann": ["market_open"]}, players=["ann", "bob", "cy"])
    move(g, "bob", leave=True)
    move(g, "cy", leave=True)
    outcome = g.outcome()
    assert outcome is not None
    assert (outcome.winners, str(outcome.reason), outcome.termination) == (
        ("ann",),
        "everyone else left",
        GrassTermination.EVERYONE_LEFT,
    )


def test_g19_g22_reaching_the_target_after_someone_left_names_the_target() -> None:
    g = game_with({"ann": ["market_open", "market_close"]}, players=["ann", "bob", "cy"])
    seat_of(g, "ann").total = 240_000
    move(g, "cy", leave=True)
    move(g, "ann", play="market_open")
    idle(g, "bob")
    move(g, "ann", play="market_close")
    outcome = g.outcome()
    assert outcome is not None
    assert (outcome.winners, str(outcome.reason), outcome.termination) == (
        ("ann",),
        "reached $250,000",
        GrassTermination.TARGET_REACHED,
    )


def test_g13_a_copy_taken_during_a_pass_keeps_the_cards_already_chosen() -> None:
    g = game_with({"ann": ["sold_out", "panama"]})
    move(g, "ann", play="sold_out")
    move(g, "ann", pass_="panama")
    copy = g.clone()
    assert copy.to_json() == g.to_json()
    assert copy.view_for("ann").pass_choice is Card.PANAMA
    events = move(copy, "bob", pass_="immunity")  # the last choice: the pass happens
    assert dict(events[1].private) == {
        "ann": "You passed Panama to bob and received Immunity from bob",
        "bob": "You passed Immunity to ann and received Panama from ann",
    }


def test_g20_a_copy_taken_during_an_offer_keeps_the_offer() -> None:
    g = traders()
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["sold_out"]})
    copy = g.clone()
    assert copy.to_json() == g.to_json()
    assert copy.awaiting == ("bob", "ann")
    events = move(copy, "bob", accept=True)
    assert events[0].text == (
        "ann and bob traded: ann gives Banker (hand); bob gives Sold Out (hand)"
    )
