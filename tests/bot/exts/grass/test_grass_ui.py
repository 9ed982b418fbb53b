"""Grass's Discord part without Discord: controls offer exactly the legal choices
(G4, G8, G12, G13), clicks become the notation's actions, and a player's hand message
changes only when their own view or controls do."""

from __future__ import annotations

import random
from typing import Any

from bot.core.gameui import Act, Control, Show
from bot.core.session import Session, hand_signature
from bot.core.storage import GameRow, SeatRow, Status
from bot.exts.grass import KIND
from bot.exts.grass.ui import GrassUI
from games.grass import Card, Grass
from games.grass.actions import Discard, PassCard, Play
from games.randomplay import playout_chooser
from lang import money_in, translate
from tests.bot.decks import stacked_deck

NAMES = ("ann", "bob", "cy")
HANDS = (
    ["market_open", "panama", "bust", "lust_conquers_all", "home_grown", "market_close"],
    ["market_open", "mexico", "felony", "immunity", "jamaica", "colombia"],
    ["market_open", "colombia", "detained", "sold_out", "home_grown", "banker"],
)
DRAWS = ["mexico", "mexico", "mexico", "mexico", "home_grown", "home_grown", "jamaica"]


def session_for(actions: list[dict[str, Any]]) -> Session:
    deck = stacked_deck(HANDS, DRAWS)
    engine = Grass.from_replay(
        {"game": "grass", "players": list(NAMES), "seed": 1, "decks": [deck]}
    )
    for action in actions:
        engine.apply_json(action)
    row = GameRow(1, 10, 20, "grass", {}, Status.RUNNING, 100, None, None, engine.moves, None)
    seats = [SeatRow(1, n, 100 + n, name, None, None, None, False) for n, name in enumerate(NAMES)]
    return Session(row, engine, seats, Status.RUNNING, None, KIND)


OPENED = [
    {"by": "ann", "play": "market_open"},
    {"by": "bob", "play": "market_open"},
    {"by": "cy", "play": "market_open"},
]


def selects(items) -> dict[str, list[str]]:
    found = {}
    for item in items:
        options = getattr(item.item, "options", None)
        if options is not None:
            found[item.control.verb] = [option.value for option in options]
    return found


def test_controls_list_only_the_movers_legal_plays_and_discards_g4():
    ui = GrassUI()
    session = session_for(OPENED)
    menus = selects(ui.controls(session.hand("ann")))
    legal = session.engine.legal_actions("ann")
    assert sorted(menus["play"]) == sorted(
        {a.to_json()["play"] for a in legal if "play" in a.to_json()}
    )
    assert sorted(menus["discard"]) == sorted(
        {a.to_json()["discard"] for a in legal if "discard" in a.to_json()}
    )
    assert "market_open" not in menus["play"]  # G5: ann already has one
    assert ui.controls(session.hand("bob")) == []  # not bob's turn


def test_heat_on_asks_for_a_target_among_open_markets_then_plays_g8():
    ui = GrassUI()
    session = session_for(OPENED)
    step = ui.on_control(session.hand("ann"), Control(1, session.version, "play"), ["bust"])
    assert isinstance(step, Show)
    items: list[Any] = list(step.items)
    targets = {item.item.label: item.control for item in items if item.control.verb == "target"}
    assert set(targets) == {"bob", "cy"}
    act = ui.on_control(session.hand("ann"), targets["cy"], [])
    assert act == Act(Play("ann", Card.BUST, target="cy"))
    session.engine.apply(act.action)
    assert session.engine.public_view().seat("cy").heat[0].value == "bust"


def test_protect_offers_cover_sets_then_covers_g12():
    ui = GrassUI()
    moves = [*OPENED, {"by": "ann", "play": "panama"}, {"by": "bob", "discard": "mexico"}]
    session = session_for([*moves, {"by": "cy", "discard": "mexico"}])
    step = ui.on_control(
        session.hand("ann"), Control(1, session.version, "play"), ["lust_conquers_all"]
    )
    assert isinstance(step, Show)
    items: list[Any] = list(step.items)
    cover = next(item for item in items if item.control.verb == "cover")
    assert [o.value for o in cover.item.options] == ["panama"]
    act = ui.on_control(session.hand("ann"), cover.control, ["panama"])
    assert act == Act(Play("ann", Card.LUST_CONQUERS_ALL, cover=(Card.PANAMA,)))


def test_a_plain_card_is_played_at_once_and_discards_and_passes_map_to_notation_g13():
    ui = GrassUI()
    session = session_for(OPENED)
    ann = session.hand("ann")
    assert ui.on_control(ann, Control(1, 3, "play"), ["panama"]) == Act(Play("ann", Card.PANAMA))
    assert ui.on_control(ann, Control(1, 3, "discard"), ["bust"]) == Act(Discard("ann", Card.BUST))
    assert ui.on_control(ann, Control(1, 3, "pass"), ["bust"]) == Act(PassCard("ann", Card.BUST))


def test_a_hand_message_changes_only_with_the_players_own_view_or_controls():
    ui = GrassUI()
    session = session_for(OPENED[:1])
    before = {name: hand_signature(ui, session, name) for name in NAMES}
    session.engine.apply_json(OPENED[1])  # bob plays, cy draws; ann's hand stays
    after = {name: hand_signature(ui, session, name) for name in NAMES}
    assert after["ann"] == before["ann"]
    assert after["bob"] != before["bob"]  # bob played a card, his controls went
    assert after["cy"] != before["cy"]  # cy drew and got controls


def test_texts_of_the_table_come_from_the_public_view_only():
    ui = GrassUI()
    session = session_for(OPENED)
    table = ui.table_text(session.table()).text
    assert "ann's turn" in table and "Lust Conquers All" not in table
    mine = ui.private_text(session.hand("ann"))
    assert "Lust Conquers All" in mine and "Your turn" in mine
    assert "Felony" not in ui.private_text(session.hand("cy"))


def test_market_close_is_asked_again_before_it_ends_the_hand_for_everyone_g16():
    ui = GrassUI()
    session = session_for(OPENED)
    step = ui.on_control(session.hand("ann"), Control(1, 3, "play"), ["market_close"])
    assert isinstance(step, Show) and "ends this hand for everyone" in step.text
    items: list[Any] = list(step.items)
    sure = next(item for item in items if item.control.verb == "confirm")
    assert sure.item.label == "Yes, play Market Close"
    assert any(item.control.verb == "back" for item in items)
    act = ui.on_control(session.hand("ann"), sure.control, [])
    assert act == Act(Play("ann", Card.MARKET_CLOSE))


def test_the_paranoia_pass_asks_everyone_choosing_then_the_last_one_alone_g13():
    ui = GrassUI()
    actions = [
        {"by": "ann", "discard": "bust"},
        {"by": "bob", "discard": "felony"},
        {"by": "cy", "play": "sold_out"},
    ]
    session = session_for(OPENED + actions)
    everyone = ui.turn_text(session.table(), list(NAMES))
    assert everyone == (
        "Paranoia pass: <@100>, <@101>, <@102>, each choose a card to pass to your left."
    )
    session.engine.apply_json({"by": "ann", "pass": "panama"})
    session.engine.apply_json({"by": "bob", "pass": "immunity"})
    last = ui.turn_text(session.table(), [])
    assert last == "Paranoia pass: <@102>, choose a card to pass to your left."
    # In French too, the last one is spoken to alone (not "chacun", not "votre").
    assert translate(last, "fr") == (
        "Passe Paranoia\u00a0: <@102>, choisis une carte à passer à ta gauche."
    )


def test_at_the_games_end_each_seat_says_what_its_last_hand_scored_g18():
    engine = Grass.create(list(NAMES), None, 5)
    rng = random.Random(5)
    while engine.outcome() is None:
        player = engine.awaiting[rng.randrange(len(engine.awaiting))]
        engine.apply(playout_chooser(engine)(player, engine.legal_actions(player), rng))
    row = GameRow(1, 10, 20, "grass", {}, Status.FINISHED, 100, None, None, engine.moves, None)
    seats = [SeatRow(1, n, 100 + n, name, None, None, None, False) for n, name in enumerate(NAMES)]
    session = Session(row, engine, seats, Status.FINISHED, None, KIND)
    last = engine.public_view().scores[-1]
    lines = GrassUI().seat_lines(session.table())
    for line, score in zip(lines, last.rows, strict=True):
        said = translate(line, "en")
        assert said.startswith(f"**{score.name}** {money_in(score.total, 'en')}")
        assert f"hand {last.hand} scored {money_in(score.score, 'en')}" in said
    playing = session_for(OPENED)
    assert not any("scored" in translate(line, "en") for line in ui_lines(playing))


def ui_lines(session: Session) -> list[str]:
    return GrassUI().seat_lines(session.table())
