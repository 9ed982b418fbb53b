"""The easy level's rules of thumb, one hand-made position each (rule ids as in
docs/rules)."""

from __future__ import annotations

import random

from games.ai import make_ai
from games.ai.grass_easy import wants_offer
from games.gracias import ChooseTrio, Colour, Gracias
from games.graps.cells import parse_cell
from games.grass import Grass, Offer, PassCard, Play
from games.grass.cards import Card
from games.grass.state import Peddle

from ..graps.positions import position
from ..grass.helpers import game_with, move, seat_of
from .play import FILL, grass


def easy_choice(kind: str, game: Grass | Gracias, name: str) -> object:
    legal = game.legal_actions(name)
    action = make_ai(kind, "easy").choose(game.view_for(name), legal, random.Random(1))
    assert action in legal
    return action


def test_grass_opens_its_market_G5() -> None:
    game = grass(["market_open", "panama", *FILL])
    assert easy_choice("grass", game, "ann") == Play("ann", Card.MARKET_OPEN)


def test_grass_peddles_its_biggest_card_G7() -> None:
    game = grass(["mexico", "panama", "colombia", *FILL[:3]], market_open=True)
    assert easy_choice("grass", game, "ann") == Play("ann", Card.PANAMA)


def test_grass_lifts_the_heat_G9() -> None:
    game = grass(["immunity", "panama", *FILL[2:], "felony", "felony"], market_open=True)
    seat_of(game, "ann").heat = [Card.BUST]
    assert easy_choice("grass", game, "ann") == Play("ann", Card.IMMUNITY)


def test_grass_puts_heat_on_the_leader_G8() -> None:
    game = grass(["bust", *FILL, "hearsay_evidence"])
    for name, total in (("bob", 50_000), ("cy", 120_000)):
        seat_of(game, name).market_open = True
        seat_of(game, name).total = total
    assert easy_choice("grass", game, "ann") == Play("ann", Card.BUST, "cy")


def test_grass_protects_a_big_stash_G12() -> None:
    game = grass(["lust_conquers_all", "mexico", *FILL], market_open=True)
    seat_of(game, "ann").stash = [Peddle(Card.PANAMA), Peddle(Card.HOME_GROWN)]
    action = easy_choice("grass", game, "ann")
    assert isinstance(action, Play) and action.card is Card.LUST_CONQUERS_ALL
    assert Card.PANAMA in action.cover


def test_grass_closes_the_market_when_ahead_G16() -> None:
    game = grass(["market_close", *FILL, "bust"], market_open=True)
    seat_of(game, "ann").stash = [Peddle(Card.PANAMA), Peddle(Card.PANAMA)]
    assert easy_choice("grass", game, "ann") == Play("ann", Card.MARKET_CLOSE)


def test_grass_does_not_close_the_market_when_behind_G16() -> None:
    game = grass(["market_close", *FILL, "bust"], market_open=True)
    seat_of(game, "bob").stash = [Peddle(Card.PANAMA)]
    assert easy_choice("grass", game, "ann") != Play("ann", Card.MARKET_CLOSE)


def test_grass_plays_paranoia_while_it_costs_little_G13() -> None:
    game = grass(["double_crossed", *FILL, "bust"])
    assert easy_choice("grass", game, "ann") == Play("ann", Card.DOUBLE_CROSSED)


def test_grass_passes_away_its_worst_card_G13() -> None:
    game = game_with(
        {"ann": ["sold_out", *FILL, "bust"], "bob": ["utterly_wiped_out", "panama", *FILL]},
        draws=["charges_dropped"],
        players=["ann", "bob", "cy"],
    )
    move(game, "ann", play="sold_out")
    assert easy_choice("grass", game, "bob") == PassCard("bob", Card.UTTERLY_WIPED_OUT)


def test_grass_accepts_only_offers_that_gain_it_value_G20() -> None:
    game = grass(["panama", *FILL, "bust"])
    view = game.view_for("bob")
    good = Offer("ann", "bob", give=(Card.PANAMA,), take=(Card.IMMUNITY,))
    bad = Offer("ann", "bob", give=(Card.SOLD_OUT,), take=(Card.COLOMBIA,))
    assert wants_offer(view, good)
    assert not wants_offer(view, bad)


def gracias(reserves: dict[str, dict[str, int]], trio: tuple[str, str]) -> Gracias:
    """Turn 1 of round 1, ann to choose; trio 1 shows `trio`; the reserves as given."""
    game = Gracias.create(["ann", "bob", "cy", "dee"], None, 1)
    data = game.to_json()
    for seat, name in enumerate(data["players"]):
        counts = reserves.get(name, {})
        data["reserves"][seat] = [counts.get(colour.id, 0) for colour in Colour]
    data["trios"][0]["up"] = list(trio)
    for other in data["trios"][1:]:
        other["up"] = ["purple", "purple"]
    return Gracias.from_json(data)


def test_gracias_keeps_the_card_that_completes_a_packet_C6() -> None:
    game = gracias({"ann": {"red": 4}, "bob": {"red": 5}}, ("red", "orange"))
    action = easy_choice("gracias", game, "ann")
    assert isinstance(action, ChooseTrio) and action.keep is Colour.RED


def test_gracias_gives_the_leader_the_card_that_costs_it_a_colour_C6() -> None:
    # bob keeps his 2 blue while cy holds the most (3); one more makes bob tie cy,
    # and tied players all throw their cards away.
    game = gracias({"ann": {"green": 2}, "bob": {"blue": 2}, "cy": {"blue": 3}}, ("green", "blue"))
    game.round_scores[1] = [10]  # bob leads
    game.round_scores[2] = [2]
    action = easy_choice("gracias", game, "ann")
    assert action == ChooseTrio("ann", 1, Colour.GREEN, "bob")


def test_graps_reaches_the_far_row_when_it_can_P7() -> None:
    dark = {row: "..x" for row in range(2, 15)} | {1: "..X"}
    game = position(dark, {15: "..............O"}, roll="blank")
    action = make_ai("graps", "easy").choose(
        game.view_for("ann"), game.legal_actions("ann"), random.Random(1)
    )
    assert action.cell == parse_cell("C15")  # type: ignore[attr-defined]


def test_graps_prunes_a_vine_about_to_reach_its_land_P5() -> None:
    light = {row: ".......o" for row in range(2, 15)} | {15: ".......O"}
    game = position({1: "X"}, light, roll="grape")
    action = make_ai("graps", "easy").choose(
        game.view_for("ann"), game.legal_actions("ann"), random.Random(1)
    )
    assert action.cell in {parse_cell(c) for c in ("G1", "H1", "I1")}  # type: ignore[attr-defined]
