"""Grass, hard level: the trades it proposes (G20). What it asks for and gives in the
situations its rule names, only offers the engine accepts over many played states,
never the same refused offer twice in a turn, nothing once a trade of the turn was
accepted or where trading is not allowed (G21), and no search time spent on it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.ai import make_ai
from games.ai.grass_easy import GrassEasy
from games.ai.grass_hard import GrassHard
from games.ai.grass_trades import PROPOSALS_PER_TURN, holds_chance, propose, ranked_offers
from games.grass import Grass, MakeOffer, Phase
from games.grass.actions import Accept, Decline, Discard, Play
from games.grass.cards import Card
from games.grass.state import Peddle
from games.grass.views import GrassPlayerView

from ..grass.helpers import game_with, seat_of
from .play import grass

C = Card
HEAT_OFFS = ["immunity", "immunity", "a_breeze_to_fly", "a_breeze_to_fly"]


def offer(give: Card, take: Card, to: str = "bob") -> MakeOffer:
    return MakeOffer("ann", to, give=(give,), take=(take,))


def test_a_closed_market_asks_an_open_one_for_a_market_open_G5_G20() -> None:
    # ann: closed market, no Market Open. bob's market is open (a Market Open is worth
    # little to him), cy's closed (he needs his own): bob is asked. ann gives the card
    # that gains her the most over bob's own gain: the Mexico ($5,000 to either of
    # them) rather than a Heat Off (worth more to her, and more to bob).
    game = grass(["mexico", *HEAT_OFFS, "bust"])
    seat_of(game, "bob").market_open = True
    assert propose(game.view_for("ann")) == offer(C.MEXICO, C.MARKET_OPEN)
    assert all(o.to == "bob" for o in ranked_offers(game.view_for("ann")))


def test_a_blocked_market_asks_for_the_heat_off_that_lifts_it_G9_G20() -> None:
    game = grass(["market_close", *HEAT_OFFS[:2], "panama", "grab_a_snack", "bust"])
    ann = seat_of(game, "ann")
    ann.market_open, ann.heat = True, [C.FELONY]
    for name in ("bob", "cy"):
        seat_of(game, name).market_open = True
    # Hearsay Evidence lifts Felony: asked of bob (first in seat order, as likely to
    # hold it as cy), for the Market Close she cannot play while blocked.
    assert propose(game.view_for("ann")) == offer(C.MARKET_CLOSE, C.HEARSAY_EVIDENCE)


def test_nothing_is_asked_for_a_card_already_in_hand_G9_G11() -> None:
    game = grass(["market_close", *HEAT_OFFS[:2], "panama", "stonehigh", "bust"])
    ann = seat_of(game, "ann")
    ann.market_open, ann.heat = True, [C.FELONY]
    seat_of(game, "bob").market_open = True
    # Stonehigh lifts every Heat On itself: no Heat Off is needed.
    assert all(o.take != (C.HEARSAY_EVIDENCE,) for o in ranked_offers(game.view_for("ann")))


def test_a_clear_market_offers_a_spare_market_open_for_a_peddle_to_a_closed_one_G7_G20() -> None:
    game = grass(["market_open", *HEAT_OFFS, "bust"], market_open=True)
    seat_of(game, "cy").market_open = True
    # bob (closed) values a Market Open far above a Colombia; ann can peddle one now.
    assert propose(game.view_for("ann")) == offer(C.MARKET_OPEN, C.COLOMBIA)
    # cy's market is open: a spare Market Open is worth little to him, so he is not asked.
    assert all(o.to == "bob" for o in ranked_offers(game.view_for("ann")))


def test_the_chance_of_holding_a_card_counts_the_unseen_cards() -> None:
    assert holds_chance(0, 60, 6) == 0.0
    assert holds_chance(1, 60, 6) == pytest.approx(0.1)
    assert holds_chance(10, 60, 6) == pytest.approx(
        1 - (50 * 49 * 48 * 47 * 46 * 45) / (60 * 59 * 58 * 57 * 56 * 55)
    )
    assert holds_chance(3, 8, 6) == 1.0


def _refusing_position() -> Grass:
    game = grass(["mexico", *HEAT_OFFS, "bust"])
    for name in ("bob", "cy"):
        seat_of(game, name).market_open = True
    return game


def test_after_a_refusal_the_next_offer_is_another_and_two_are_the_most_G20() -> None:
    game = _refusing_position()
    view = game.view_for("ann")
    first = propose(view)
    assert first == offer(C.MEXICO, C.MARKET_OPEN)
    game.apply(first)
    game.apply(Decline("bob"))
    second = propose(game.view_for("ann"))
    assert second == offer(C.MEXICO, C.MARKET_OPEN, to="cy")
    assert second == ranked_offers(view)[1]
    game.apply(second)
    game.apply(Decline("cy"))
    assert game.view_for("ann").offers_left == 8
    assert propose(game.view_for("ann")) is None  # PROPOSALS_PER_TURN


def test_once_an_offer_is_accepted_it_trades_no_more_that_turn_G20() -> None:
    game = _refusing_position()
    seat_of(game, "bob").hand[0] = C.MARKET_OPEN
    game.apply(propose(game.view_for("ann")))  # type: ignore[arg-type]
    game.apply(Accept("bob"))
    view = game.view_for("ann")
    assert view.received == (C.MARKET_OPEN,)
    assert view.public.phase is Phase.TURN and ranked_offers(view)  # it could ask on
    assert propose(view) is None


def test_no_offer_where_the_hand_is_played_without_trading_G21() -> None:
    game = game_with({"ann": ["mexico", *HEAT_OFFS, "bust"]}, options={"learning": True})
    seat_of(game, "bob").market_open = True
    view = game.view_for("ann")
    assert view.offers_left == 0 and ranked_offers(view)
    assert propose(view) is None
    assert make_ai("grass", "hard", iterations=4).choose(
        view, game.legal_actions("ann"), random.Random(1)
    ) in game.legal_actions("ann")


def _positions(seed: int, steps: int) -> list[tuple[Grass, str]]:
    """Every turn of a game played by easy and random seats, as (game, mover)."""
    names = ["ann", "bob", "cy", "dee"][: 3 + seed % 2]
    game = Grass.create(names, {"secret_trades": seed % 3 == 0}, seed)
    rng = random.Random(seed)
    easy = GrassEasy()
    found = []
    for _ in range(steps):
        if game.outcome() is not None:
            break
        name = game.awaiting[0]
        legal = game.legal_actions(name)
        if game.state.phase is Phase.TURN:
            found.append((game.clone(), name))
        if rng.random() < 0.3:
            action: Any = legal[rng.randrange(len(legal))]
        else:
            action = easy.choose(game.view_for(name), legal, rng)
        game.apply(action)
    return found


def test_every_offer_it_ranks_is_one_the_engine_accepts_G20() -> None:
    checked = 0
    for seed in range(1, 9):
        for game, me in _positions(seed, 600):
            view = game.view_for(me)
            for made in ranked_offers(view):
                assert made.by == me and made.to != me
                trial = game.clone()
                trial.apply(made)  # IllegalAction if the rules refuse it
                assert trial.state.offer == made.offer()
                checked += 1
    assert checked > 500


class Refuser:
    """A partner who declines every offer (a person who never trades)."""

    def choose(self, view: GrassPlayerView, legal: list[Any], rng: random.Random) -> Any:
        return next((a for a in legal if type(a) is Decline), legal[0])


@pytest.mark.parametrize("partner", ["easy", "refuser"])
def test_a_refused_offer_is_never_made_again_in_the_same_turn_G20(partner: str) -> None:
    offers = 0
    for seed in range(1, 5):
        names = ["ann", "bob", "cy"]
        hard = GrassHard()
        hard.budget.iterations = 2
        other = Refuser() if partner == "refuser" else GrassEasy()
        players: dict[str, Any] = {"ann": hard, "bob": other, "cy": other}
        game = Grass.create(names, None, seed)
        rng = random.Random(seed)
        refused: list[MakeOffer] = []  # in this turn of ann's
        accepted = False
        for _ in range(3_000):
            if game.outcome() is not None:
                break
            name = game.awaiting[0]
            legal = game.legal_actions(name)
            action = players[name].choose(game.view_for(name), legal, rng)
            if isinstance(action, MakeOffer):
                assert action not in refused and not accepted
                assert len(refused) < PROPOSALS_PER_TURN
                offers += 1
                game.apply(action)
                answer = players[action.to].choose(
                    game.view_for(action.to), game.legal_actions(action.to), rng
                )
                if type(answer) is Decline:
                    refused.append(action)
                accepted = type(answer) is Accept
                game.apply(answer)
                continue
            if name == "ann" and type(action) in (Play, Discard):
                refused, accepted = [], False
            game.apply(action)
    assert offers > 20


def test_a_proposal_spends_no_iteration_and_the_search_stays_in_its_budget() -> None:
    hard = GrassHard()
    hard.budget.iterations = 12
    game = Grass.create(["ann", "bob", "cy"], None, 3)
    easy = GrassEasy()
    rng = random.Random(3)
    proposals = searched = 0
    for _ in range(2_000):
        if game.outcome() is not None:
            break
        name = game.awaiting[0]
        player: Any = hard if name == "ann" else easy
        action = player.choose(game.view_for(name), game.legal_actions(name), rng)
        if player is hard:
            assert hard.stats.iterations <= 12
            if isinstance(action, MakeOffer):
                proposals += 1
                assert hard.stats.iterations == 0
            elif hard.stats.iterations:
                searched += 1
        game.apply(action)
    assert proposals > 3 and searched > 20


def test_a_stash_is_never_traded_by_its_rule() -> None:
    game = grass(["market_open", *HEAT_OFFS, "bust"], market_open=True)
    seat_of(game, "bob").stash = [Peddle(C.PANAMA)]
    assert all(not (o.give_stash or o.take_stash) for o in ranked_offers(game.view_for("ann")))
