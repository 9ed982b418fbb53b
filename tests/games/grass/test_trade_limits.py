"""G20's limits decided by this project (docs/rules/grass.md): at most ten trade offers
per turn, and in a game with secret trades only hand cards are traded."""

from __future__ import annotations

import pytest

from games.grass import Grass, trades
from games.protocol import IllegalAction, StateFormatError
from lang import translate
from tests.games.grass.helpers import game_with, hand_of, idle, move, refused, stash, traders

CAP = 10  # the number docs/rules/grass.md gives players
SWAP = {"to": "bob", "give": ["banker"], "take": ["sold_out"]}
BACK = {"to": "bob", "give": ["sold_out"], "take": ["banker"]}


def _refusal(game: Grass, by: str, **action: object) -> IllegalAction:
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        move(game, by, **action)
    assert game.to_json() == before
    return caught.value


def _offers(game: Grass) -> int:
    offers = game.to_json()["offers"]
    assert isinstance(offers, int)
    return offers


def test_ten_offers_a_turn_whatever_their_answer_then_a_plain_refusal():
    """Audit finding 5: offer and withdraw could stall a turn for ever."""
    g = traders()
    assert getattr(trades, "MAX_OFFERS_PER_TURN", None) == CAP
    for answer in ("withdraw", "decline") * 4:
        move(g, "ann", offer=SWAP)
        move(g, "ann" if answer == "withdraw" else "bob", **{answer: True})
    move(g, "ann", offer=SWAP)
    move(g, "bob", accept=True)  # an accepted trade counts too
    assert "sold_out" in hand_of(g, "ann")
    assert g.view_for("ann").offers_left == 1
    move(g, "ann", offer=BACK)  # the tenth
    move(g, "ann", withdraw=True)
    assert _offers(g) == 10 and g.view_for("ann").offers_left == 0
    error = _refusal(g, "ann", offer=BACK)
    assert error.rule == "G20"
    assert error.reason == (
        "you have made 10 trade offers this turn, the most a turn allows: play or discard a card"
    )
    assert "G20" not in error.reason
    # Both forms are catalog entries: a changed English form is no longer found, and
    # a French player would read the refusal in English.
    assert translate(error.reason, "fr") == (
        "tu as fait 10 offres d'échange ce tour-ci, le maximum par tour\u00a0: joue ou "
        "défausse une carte"
    )
    idle(g, "ann")  # playing or discarding is still open
    assert g.state_json()["to_move"] == "bob"


def test_the_offer_count_starts_again_with_each_turn():
    """Audit finding 5: the cap is per turn; the next turn offers again."""
    g = traders()
    for _ in range(CAP):
        move(g, "ann", offer=SWAP)
        move(g, "bob", decline=True)
    refused(
        "G20",
        "you have made 10 trade offers this turn, the most a turn allows: play or discard a card",
        g,
        "ann",
        offer=SWAP,
    )
    idle(g, "ann")
    assert _offers(g) == 0 and g.state_json()["offers"] == 0
    assert g.view_for("bob").offers_left == CAP
    assert g.view_for("ann").offers_left == 0  # not ann's turn
    move(g, "bob", offer={"to": "ann", "give": [hand_of(g, "bob")[0]], "take": ["panama"]})
    assert _offers(g) == 1 and g.view_for("bob").offers_left == CAP - 1
    move(g, "bob", withdraw=True)
    idle(g, "bob")
    move(g, "ann", offer=SWAP)  # ann's next turn: counted from zero
    assert _offers(g) == 1


def test_a_nirvana_extra_turn_and_a_new_hand_count_offers_from_zero():
    """Audit finding 5: an extra turn (G11) and a new hand (G2) are new turns."""
    g = game_with({"ann": ["euphoria", "market_open", "market_close"]})
    offer = {"to": "bob", "give": ["euphoria"], "take": [hand_of(g, "bob")[0]]}
    for _ in range(CAP):
        move(g, "ann", offer=offer)
        move(g, "ann", withdraw=True)
    refused(
        "G20",
        "you have made 10 trade offers this turn, the most a turn allows: play or discard a card",
        g,
        "ann",
        offer=offer,
    )
    move(g, "ann", play="euphoria")  # G11: an extra turn, with its own draw
    assert g.state_json()["to_move"] == "ann" and _offers(g) == 0
    offer = {"to": "bob", "give": ["market_open"], "take": [hand_of(g, "bob")[0]]}
    for _ in range(CAP):
        move(g, "ann", offer=offer)
        move(g, "ann", withdraw=True)
    move(g, "ann", play="market_open")
    idle(g, "bob")
    offer = {"to": "bob", "give": ["market_close"], "take": [hand_of(g, "bob")[0]]}
    for _ in range(CAP):
        move(g, "ann", offer=offer)
        move(g, "ann", withdraw=True)
    move(g, "ann", play="market_close")  # G16: the hand ends, hand 2 is dealt
    state = g.state_json()
    assert state["hand"] == 2 and state["offers"] == 0
    mover = state["to_move"]
    assert g.view_for(mover).offers_left == CAP


def test_the_offer_count_is_saved_and_old_saves_without_it_load():
    """Audit finding 5: the count is part of the saved state; states saved before it
    existed load with no offers made."""
    g = traders()
    for _ in range(3):
        move(g, "ann", offer=SWAP)
        move(g, "bob", decline=True)
    saved = g.to_json()
    assert saved["offers"] == 3 and g.state_json()["offers"] == 3
    loaded = Grass.from_json(saved)
    assert loaded.to_json() == saved and loaded.view_for("ann").offers_left == 7
    assert g.clone().to_json() == saved
    old = dict(saved)
    del old["offers"]
    restored = Grass.from_json(old)
    assert restored.to_json() == {**saved, "offers": 0}
    for _ in range(CAP):
        move(restored, "ann", offer=SWAP)
        move(restored, "ann", withdraw=True)
    refused(
        "G20",
        "you have made 10 trade offers this turn, the most a turn allows: play or discard a card",
        restored,
        "ann",
        offer=SWAP,
    )
    for bad in (-1, "3", True, None, 2.5):
        with pytest.raises(StateFormatError) as refused_load:
            Grass.from_json({**saved, "offers": bad})
        why = ValueError(f"a count must be a whole number from 0, not {bad!r}")
        assert str(refused_load.value) == f"not a saved Grass state: {why!r}"


def test_secret_trades_refuse_stash_peddles_in_plain_words():
    """Audit finding 13: stashes lie face up, so a secret trade moving peddles would
    show itself on the table."""
    g = traders({"secret_trades": True})
    plain = (
        "in this game trades are secret, so only hand cards can be traded: "
        "stashes lie face up on the table"
    )
    for offer in (
        {"to": "bob", "give_stash": ["mexico"], "take_stash": ["jamaica"]},
        {"to": "bob", "give": ["banker"], "take": ["sold_out"], "give_stash": ["mexico"]},
        {"to": "bob", "give": ["banker"], "take": ["sold_out"], "take_stash": ["jamaica"]},
        {"to": "bob", "give_stash": ["mexico"], "take": ["sold_out"]},  # not one for one
    ):
        error = _refusal(g, "ann", offer=offer)
        assert error.rule == "G20" and error.reason == plain
    assert _offers(g) == 0  # refused offers are not counted
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": ["sold_out"]})
    events = move(g, "bob", accept=True)
    assert events[0].text == "ann and bob traded"
    assert "sold_out" in hand_of(g, "ann") and "banker" in hand_of(g, "bob")
    assert stash(g, "ann") == ["mexico"] and stash(g, "bob") == ["colombia", "jamaica"]


def test_public_trades_still_move_stash_peddles():
    """Audit finding 13: only secret trades lose the stash peddles."""
    g = traders()
    move(g, "ann", offer={"to": "bob", "give_stash": ["mexico"], "take_stash": ["jamaica"]})
    events = move(g, "bob", accept=True)
    assert "Mexico" in events[0].text and "Jamaica" in events[0].text
    assert stash(g, "ann") == ["jamaica"] and stash(g, "bob") == ["colombia", "mexico"]
