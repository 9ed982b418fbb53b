"""The Grass action notation (docs/notation.md, "Grass"): every well-formed shape is
read whole, and every malformed one is refused with the reason an outside tool (the
replay CLI, a hand-written replay) shows its user, in full."""

from __future__ import annotations

import pytest

from games.grass import Accept, Card, Decline, Discard, Grass, Leave, PassCard, Play, Withdraw
from games.grass.actions import MakeOffer, parse_action
from games.protocol import JSON, MalformedAction

ONE_OF = (
    "an action needs exactly one of: accept, decline, discard, leave, offer, pass, play, withdraw"
)
NO_BY = 'an action needs "by": the acting player\'s name'
NO_TO = 'an offer needs "to": the other player\'s name'


@pytest.mark.parametrize(
    ("data", "reason", "rule"),
    [
        ([1], "an action is a JSON object", None),
        ({"play": "panama"}, NO_BY, None),
        ({"by": "", "play": "panama"}, NO_BY, None),
        ({"by": 3, "play": "panama"}, NO_BY, None),
        ({"by": "ann"}, f"{ONE_OF} (got [])", None),
        (
            {"by": "ann", "play": "panama", "discard": "panama"},
            f"{ONE_OF} (got ['play', 'discard'])",
            None,
        ),
        (
            {"by": "ann", "withdraw": True, "accept": True},
            f"{ONE_OF} (got ['withdraw', 'accept'])",
            None,
        ),
        (
            {"by": "ann", "discard": "panama", "target": "bob"},
            "unknown key(s) for discard: target",
            None,
        ),
        (
            {"by": "ann", "pass": "panama", "cover": ["mexico"]},
            "unknown key(s) for pass: cover",
            None,
        ),
        (
            {"by": "ann", "play": "panama", "zz": 1, "aa": 2},
            "unknown key(s) for play: aa, zz",
            None,
        ),
        ({"by": "ann", "accept": "yes"}, '"accept" must be true', None),
        ({"by": "bob", "decline": False}, '"decline" must be true', None),
        ({"by": "ann", "withdraw": 1}, '"withdraw" must be true', None),
        ({"by": "ann", "leave": 1}, '"leave" must be true', None),
        ({"by": "ann", "play": "weed"}, "'weed' is not a Grass card id", "G1"),
        ({"by": "ann", "play": "bust", "target": 3}, '"target" must be a player name', None),
        (
            {"by": "ann", "play": "grab_a_snack", "cover": "mexico"},
            '"cover" must be a list of card ids',
            None,
        ),
        (
            {"by": "ann", "play": "grab_a_snack", "cover": ["mexico", "x"]},
            "'x' is not a Grass card id",
            "G1",
        ),
        ({"by": "ann", "discard": "weed"}, "'weed' is not a Grass card id", "G1"),
        ({"by": "ann", "pass": 7}, "7 is not a Grass card id", "G1"),
        (
            {"by": "ann", "offer": ["bob"]},
            '"offer" must be an object with "to" and the cards',
            None,
        ),
        (
            {"by": "ann", "offer": {"to": "bob", "zz": 1, "aa": []}},
            "unknown key(s) in offer: aa, zz",
            None,
        ),
        ({"by": "ann", "offer": {"give": []}}, NO_TO, None),
        ({"by": "ann", "offer": {"to": ""}}, NO_TO, None),
        ({"by": "ann", "offer": {"to": 5}}, NO_TO, None),
        (
            {"by": "ann", "offer": {"to": "bob", "take_stash": ["weed"]}},
            "'weed' is not a Grass card id",
            "G1",
        ),
    ],
)
def test_malformed_notation_is_refused_with_its_whole_reason(
    data: JSON, reason: str, rule: str | None
) -> None:
    game = Grass.create(["ann", "bob"])
    with pytest.raises(MalformedAction) as refused:
        game.apply_json(data)
    assert (refused.value.reason, refused.value.rule) == (reason, rule)
    assert str(refused.value) == (f"{reason} ({rule})" if rule else reason)


@pytest.mark.parametrize(
    ("data", "action"),
    [
        ({"by": "ann", "play": "panama"}, Play("ann", Card.PANAMA)),
        ({"by": "bob", "play": "bust", "target": "ann"}, Play("bob", Card.BUST, "ann")),
        (
            {"by": "ann", "play": "grab_a_snack", "cover": ["mexico", "jamaica"]},
            Play("ann", Card.GRAB_A_SNACK, None, (Card.MEXICO, Card.JAMAICA)),
        ),
        ({"by": "ann", "discard": "banker"}, Discard("ann", Card.BANKER)),
        ({"by": "bob", "pass": "stonehigh"}, PassCard("bob", Card.STONEHIGH)),
        ({"by": "ann", "accept": True}, Accept("ann")),
        ({"by": "bob", "decline": True}, Decline("bob")),
        ({"by": "ann", "withdraw": True}, Withdraw("ann")),
        ({"by": "bob", "leave": True}, Leave("bob")),
        ({"by": "ann", "offer": {"to": "bob"}}, MakeOffer("ann", "bob")),
        (
            {
                "by": "ann",
                "offer": {
                    "to": "bob",
                    "give": ["banker"],
                    "take": ["mexico", "panama"],
                    "give_stash": ["jamaica"],
                    "take_stash": ["home_grown"],
                },
            },
            MakeOffer(
                "ann",
                "bob",
                (Card.BANKER,),
                (Card.MEXICO, Card.PANAMA),
                (Card.JAMAICA,),
                (Card.HOME_GROWN,),
            ),
        ),
    ],
)
def test_every_shape_of_the_notation_is_read_whole_and_written_back_the_same(
    data: dict[str, JSON], action: object
) -> None:
    parsed = parse_action(data)
    assert parsed == action and type(parsed) is type(action)
    assert parsed.to_json() == data
