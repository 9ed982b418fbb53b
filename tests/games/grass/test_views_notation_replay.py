"""Hidden information in the views, the notation, saving, and the replay CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.__main__ import main
from games.grass import (
    Accept,
    Card,
    Decline,
    Discard,
    Grass,
    GrassPublicView,
    Leave,
    Market,
    PassCard,
    Phase,
    Play,
    Withdraw,
)
from games.grass.views import GrassEndReason, end_reason
from games.protocol import IllegalAction, MalformedAction, StateFormatError
from games.replay import export
from tests.games.grass.helpers import game_with, hand_of, idle, move


def test_g13_g20_views_show_hands_pass_choices_and_offers_only_to_their_owners():
    g = game_with({"ann": ["market_open", "sold_out", "banker"]}, players=["ann", "bob", "cy"])
    table = g.public_view()
    assert isinstance(table, GrassPublicView) and table.phase is Phase.TURN
    assert [s.hand_size for s in table.seats] == [7, 6, 6]
    assert "banker" not in repr(table).lower()  # hands are hidden from the table
    ann = g.view_for("ann")
    assert ann.hand == tuple(Card.parse(c) for c in hand_of(g, "ann"))
    assert ann.drawn is not None and g.view_for("bob").drawn is None
    move(g, "ann", play="market_open")
    assert g.public_view().seat("ann").market is Market.OPEN
    assert g.public_view().recent[-1] == "ann played Market Open"
    idle(g, "bob")
    idle(g, "cy")
    move(g, "ann", offer={"to": "bob", "give": ["banker"], "take": [hand_of(g, "bob")[0]]})
    pending = g.public_view().offer
    assert pending is not None and (pending.by, pending.to) == ("ann", "bob")
    assert g.view_for("bob").offer is not None and g.view_for("cy").offer is None
    move(g, "ann", withdraw=True)
    move(g, "ann", play="sold_out")
    move(g, "bob", pass_=hand_of(g, "bob")[0])
    assert g.view_for("bob").pass_choice is not None and g.view_for("cy").pass_choice is None
    seats = {s.name: s for s in g.public_view().seats}
    assert seats["bob"].passed and seats["cy"].to_pass and not seats["bob"].to_pass
    assert "pass_choice" not in repr(g.public_view())


def test_notation_round_trips_every_action_kind():
    g = Grass.create(["ann", "bob"])
    for action in [
        Play("ann", Card.PANAMA),
        Play("ann", Card.BUST, "bob"),
        Play("ann", Card.GRAB_A_SNACK, None, (Card.MEXICO, Card.MEXICO)),
        Discard("ann", Card.BANKER),
        PassCard("bob", Card.SOLD_OUT),
        Accept("bob"),
        Decline("bob"),
        Withdraw("ann"),
        Leave("ann"),
    ]:
        assert g.parse_action(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    "data",
    [
        {"by": "ann", "play": "weed"},
        {"play": "panama"},
        {"by": "ann", "play": "panama", "discard": "panama"},
        {"by": "ann", "discard": "panama", "target": "bob"},
        {"by": "ann", "accept": "yes"},
        {"by": "ann", "offer": ["bob"]},
        {"by": "ann", "offer": {"to": "bob", "give": "banker"}},
        {"by": "ann", "play": "grab_a_snack", "cover": "mexico"},
        {"by": "ann"},
    ],
)
def test_malformed_actions_are_refused_as_notation(data):
    g = Grass.create(["ann", "bob"])
    with pytest.raises(MalformedAction):
        g.apply_json(data)


def test_an_unknown_player_is_refused():
    g = Grass.create(["ann", "bob"])
    with pytest.raises(IllegalAction, match="zed"):
        g.apply_json({"by": "zed", "discard": "panama"})


def test_save_load_round_trips_and_unknown_versions_fail():
    g = Grass.create(["ann", "bob", "cy"], {"heat_stacking": False}, seed=9)
    for _ in range(30):
        who = g.awaiting[0]
        g.apply(g.legal_actions(who)[0])
    saved = json.loads(json.dumps(g.to_json()))
    loaded = Grass.from_json(saved)
    assert loaded.to_json() == g.to_json() and loaded.state_json() == g.state_json()
    assert loaded.public_view() == g.public_view() and loaded.moves == g.moves == 30
    clone = g.clone()
    clone.apply(clone.legal_actions(clone.awaiting[0])[0])
    assert clone.to_json() != g.to_json()
    with pytest.raises(StateFormatError, match="version"):
        Grass.from_json({**saved, "version": 99})
    with pytest.raises(StateFormatError):
        Grass.from_json({**saved, "seats": {}})


@pytest.mark.parametrize(
    "options",
    [{"target": 0}, {"learning": "yes"}, {"colour": True}, {"heat_stacking": 1}],
)
def test_options_are_checked(options):
    with pytest.raises(StateFormatError):
        Grass.create(["ann", "bob"], options)


def test_replay_reproduces_a_game_exactly():
    g = Grass.create(["ann", "bob", "cy"], {"secret_trades": True}, seed=77)
    actions = []
    for _ in range(120):
        if g.outcome() is not None:
            break
        who = g.awaiting[-1]
        action = g.legal_actions(who)[-1]
        actions.append(action.to_json())
        g.apply(action)
    again = Grass.from_replay(g.replay_header())
    for data in actions:
        again.apply_json(data)
    assert again.to_json() == g.to_json()
    assert export(g, actions)["actions"] == actions


def _run(tmp_path, capsys, content):
    path = tmp_path / "game.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_cli_prints_the_state_in_the_contract_shape(tmp_path, capsys):
    header = Grass.create(["ann", "bob"], seed=4).replay_header()
    first = Grass.create(["ann", "bob"], seed=4).legal_actions("ann")[0].to_json()
    status, out, err = _run(tmp_path, capsys, {**header, "actions": [first]})
    assert status == 0, err
    state = json.loads(out)
    assert set(state) >= {"game", "hand", "phase", "to_move", "draw_pile", "discard_pile"}
    assert set(state) >= {"players", "scores", "winners"}
    assert state["game"] == "grass" and state["to_move"] == "bob"
    assert set(state["players"]["ann"]) >= {
        "hand",
        "stash",
        "protection",
        "market",
        "heat",
        "skip",
        "total",
    }


def test_replay_cli_stops_at_the_first_illegal_action_with_exit_2(tmp_path, capsys):
    header = Grass.create(["ann", "bob"], seed=4).replay_header()
    first = Grass.create(["ann", "bob"], seed=4).legal_actions("ann")[0].to_json()
    actions = [first, {"by": "ann", "discard": "panama"}]
    status, _, err = _run(tmp_path, capsys, {**header, "actions": actions})
    assert status == 2 and "action 1" in err and "turn" in err


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        {"game": "grass", "players": "ann", "actions": []},
        {"game": "grass", "players": ["ann", "bob"], "decks": [["panama"]], "actions": []},
        {"game": "grass", "players": ["ann", "bob"], "decks": [["weed"]], "actions": []},
        {"game": "grass", "players": ["ann"], "actions": []},
        {"game": "grass", "players": ["ann", "bob"], "options": {"x": 1}, "actions": []},
    ],
)
def test_replay_cli_malformed_files_exit_1(tmp_path, capsys, content):
    status, _, err = _run(tmp_path, capsys, content)
    assert status == 1 and err


def test_g13_g14_g12_g18_replay_file_of_a_whole_hand(capsys):
    """A stored replay file (decks + actions) through the CLI: Sold Out and its pass,
    Heat, Steal, Protect, Market Close, then the hand-computed scores (G18)."""
    path = Path(__file__).parent / "replays" / "first_hand.json"
    assert main(["replay", str(path)]) == 0
    state = json.loads(capsys.readouterr().out)
    # ann: Colombia covered (25,000) and Dr. Feelgood passed to her by cy in hand.
    # bob: Jamaica + Panama stolen from ann; he holds the Banker, but ann's only
    # peddle is covered and cy has none. cy: Mexico passed by bob, in hand.
    assert state["scores"] == [
        {
            "ann": {"table": 25_000, "banker": 0, "hand_peddle": 100_000, "paranoia": 0,
                    "bonus": 0, "score": -75_000},
            "bob": {"table": 75_000, "banker": 0, "hand_peddle": 0, "paranoia": 0,
                    "bonus": 25_000, "score": 100_000},
            "cy": {"table": 0, "banker": 0, "hand_peddle": 5_000, "paranoia": 0,
                   "bonus": 0, "score": -5_000},
        }
    ]  # fmt: skip
    assert state["hand"] == 2 and state["to_move"] == "bob"
    assert {p: v["total"] for p, v in state["players"].items()} == {
        "ann": -75_000,
        "bob": 100_000,
        "cy": -5_000,
    }


def test_a_game_saved_with_an_offer_waiting_or_in_a_pass_loads_as_it_was():
    g = game_with({"ann": ["market_open", "mexico", "banker"], "bob": ["market_open", "jamaica"]})
    move(g, "ann", play="market_open")
    move(g, "bob", play="market_open")
    move(g, "ann", play="mexico")
    move(g, "bob", play="jamaica")
    offer = {"to": "bob", "give": ["banker"], "take": [hand_of(g, "bob")[0]]}
    move(g, "ann", offer={**offer, "give_stash": ["mexico"], "take_stash": ["jamaica"]})
    saved = json.loads(json.dumps(g.to_json()))
    assert saved["offer"] == {
        "by": "ann",
        "to": "bob",
        "give": ["banker"],
        "take": offer["take"],
        "give_stash": ["mexico"],
        "take_stash": ["jamaica"],
    }
    loaded = Grass.from_json(saved)
    assert loaded.state_json()["offer"] == g.state_json()["offer"] and loaded.awaiting == g.awaiting
    passing = game_with({"ann": ["sold_out"]}, players=["ann", "bob", "cy"])
    move(passing, "ann", play="sold_out")
    saved = json.loads(json.dumps(passing.to_json()))
    assert (saved["mover"], saved["next_mover"]) == ("ann", "bob")
    assert Grass.from_json(saved).to_json() == passing.to_json()


def test_a_card_list_that_is_not_one_is_refused_naming_its_key():
    g = Grass.create(["ann", "bob"])
    for key in ("give", "take", "give_stash", "take_stash"):
        with pytest.raises(MalformedAction) as refused:
            g.parse_action({"by": "ann", "offer": {"to": "bob", key: "banker"}})
        assert str(refused.value) == f'"{key}" must be a list of card ids'


def test_the_end_reasons_in_words_and_a_stranger_is_no_seat():
    assert end_reason(GrassEndReason.EVERYONE_LEFT) == "everyone else left"
    assert end_reason(GrassEndReason.TARGET_REACHED) == "reached the target"
    assert end_reason(GrassEndReason.TARGET_AMOUNT, 250_000) == "reached $250,000"
    view = Grass.create(["ann", "bob"]).public_view()
    assert view.seat("bob").name == "bob"
    with pytest.raises(KeyError) as missing:
        view.seat("eve")
    assert missing.value.args == ("eve",)
