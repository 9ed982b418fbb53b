"""Each player's last turn as the table saw it (`GrassPublicView.last_turns`): kept
while their hand has changed by that play alone (G3, G4, G13, G20), saved with the game
and never holding a hidden card."""

from __future__ import annotations

import pytest

from games.grass import Grass
from games.grass.actions import Discard, Play
from games.grass.cards import Card
from games.grass.state import Peddle
from games.grass.views import LastTurn, Market
from games.protocol import StateFormatError

from .helpers import drain, game_with, idle, move, seat_of, traders


def turns(game: Grass) -> dict[str, LastTurn]:
    return {turn.by: turn for turn in game.public_view().last_turns}


def test_a_discard_is_kept_with_the_table_as_it_stood_G4() -> None:
    game = game_with(
        {"ann": ["market_open"], "bob": ["market_open", "hearsay_evidence"]},
        players=["ann", "bob", "cy"],
    )
    move(game, "ann", play="market_open")
    before = game.public_view()
    move(game, "bob", discard="hearsay_evidence")
    kept = turns(game)
    assert kept["ann"].action == Play("ann", Card.MARKET_OPEN)
    discard = Discard("bob", Card.HEARSAY_EVIDENCE)
    assert kept["bob"] == LastTurn("bob", discard, before.seats, before.draw_pile)
    bob_then = kept["bob"].seats[1]
    assert (bob_then.hand_size, bob_then.market_open) == (7, False)  # before the discard
    assert [turn.by for turn in game.public_view().last_turns] == ["ann", "bob"]  # seat order
    assert game.view_for("cy").public == game.public_view()  # the same for everyone


def test_the_next_draw_forgets_a_player_s_last_turn_G3() -> None:
    game = game_with({"ann": ["market_open"]})
    move(game, "ann", play="market_open")
    idle(game, "bob")  # ann draws: her hand is no longer that one
    assert list(turns(game)) == ["bob"]


def test_a_paranoia_pass_forgets_every_last_turn_G13() -> None:
    game = game_with({"ann": ["market_open", "sold_out"]}, players=["ann", "bob", "cy"])
    move(game, "ann", play="market_open")
    idle(game, "bob")
    idle(game, "cy")
    move(game, "ann", play="sold_out")
    assert set(turns(game)) == {"ann", "bob", "cy"}  # choosing: no hand changed yet
    for name in ("ann", "bob", "cy"):
        move(game, name, pass_=game.view_for(name).hand[-1].value)
    assert turns(game) == {}


def test_an_accepted_trade_forgets_both_players_last_turns_G20() -> None:
    game = traders()
    assert set(turns(game)) == {"bob"}
    move(game, "ann", offer={"to": "bob", "give": ["panama"], "take": ["sold_out"]})
    assert set(turns(game)) == {"bob"}  # an offer changes no hand
    move(game, "bob", accept=True)
    assert turns(game) == {}


def test_a_declined_trade_keeps_them_G20() -> None:
    game = traders()
    move(game, "ann", offer={"to": "bob", "give": ["panama"], "take": ["sold_out"]})
    move(game, "bob", decline=True)
    assert set(turns(game)) == {"bob"}


def test_a_new_hand_and_a_leaver_forget_theirs_G17_G22() -> None:
    game = game_with({"ann": ["market_open"]}, players=["ann", "bob", "cy"])
    move(game, "ann", play="market_open")
    idle(game, "bob")
    idle(game, "cy")
    assert set(turns(game)) == {"bob", "cy"}
    move(game, "bob", leave=True)
    assert set(turns(game)) == {"cy"}
    assert [turn["action"]["by"] for turn in game.to_json()["turns"]] == ["cy"]  # saved too
    drain(game, 0)
    idle(game, "ann")  # cy finds the draw pile empty (G17)
    assert game.public_view().hand == 2
    assert turns(game) == {}


def test_last_turns_are_saved_and_restored() -> None:
    game = game_with(
        {"ann": ["market_open"], "bob": ["market_open", "hearsay_evidence"]},
        players=["ann", "bob", "cy"],
    )
    move(game, "ann", play="market_open")
    move(game, "bob", discard="hearsay_evidence")
    saved = game.to_json()
    assert [turn["action"] for turn in saved["turns"]] == [
        {"by": "ann", "play": "market_open"},
        {"by": "bob", "discard": "hearsay_evidence"},
    ]
    restored = Grass.from_json(saved)
    assert restored.public_view() == game.public_view()
    assert restored.to_json() == saved


def test_a_save_without_last_turns_has_no_key_and_older_saves_load() -> None:
    game = game_with({"ann": ["market_open"]})
    saved = game.to_json()
    assert "turns" not in saved
    move(game, "ann", play="market_open")
    older = game.to_json()
    del older["turns"]  # saved before the key existed
    assert Grass.from_json(older).public_view().last_turns == ()


def test_a_last_turn_that_is_not_a_play_or_discard_is_refused() -> None:
    game = game_with({"ann": ["market_open"]})
    move(game, "ann", play="market_open")
    saved = game.to_json()
    saved["turns"][0]["action"] = {"by": "ann", "pass": "immunity"}
    with pytest.raises(StateFormatError, match="a last turn is a play or a discard"):
        Grass.from_json(saved)


def test_a_last_turn_of_someone_not_seated_is_refused() -> None:
    game = game_with({"ann": ["market_open"]})
    move(game, "ann", play="market_open")
    saved = game.to_json()
    saved["turns"][0]["action"]["by"] = "eve"
    with pytest.raises(StateFormatError, match="the table of eve's last turn does not seat"):
        Grass.from_json(saved)
    saved["turns"][0]["seats"][0]["name"] = "eve"
    with pytest.raises(
        StateFormatError, match=r"""['"]a last turn of a player who is not seated['"]"""
    ):
        Grass.from_json(saved)


def test_a_last_turns_table_is_restored_with_its_heat_and_covered_peddles_G12() -> None:
    game = game_with(
        {"ann": ["market_open"], "bob": ["market_open", "hearsay_evidence"]},
        players=["ann", "bob", "cy"],
    )
    move(game, "ann", play="market_open")
    ann = seat_of(game, "ann")
    ann.stash = [Peddle(Card.JAMAICA, covered=True), Peddle(Card.MEXICO)]
    ann.heat = [Card.BUST]
    move(game, "bob", discard="hearsay_evidence")
    ann_then = turns(game)["bob"].seats[0]
    assert ann_then.market is Market.BLOCKED
    assert [(p.card, p.covered) for p in ann_then.stash] == [
        (Card.JAMAICA, True),
        (Card.MEXICO, False),
    ]
    restored = Grass.from_json(game.to_json())
    assert turns(restored)["bob"].seats[0] == ann_then


def test_a_copy_of_the_game_keeps_its_last_turns_and_goes_on_keeping_them() -> None:
    game = game_with({"ann": ["market_open"]}, players=["ann", "bob", "cy"])
    move(game, "ann", play="market_open")
    copy = game.clone()
    assert turns(copy) == turns(game)
    idle(copy, "bob")
    assert set(turns(copy)) == {"ann", "bob"}
    assert set(turns(game)) == {"ann"}  # the copy's moves are its own
