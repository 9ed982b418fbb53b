"""Grass, hard level: determinized Monte Carlo search over the engine (G1-G20).

What the searcher does not see: the other players' hands, their pass choices and the
draw pile's order (G13, G3). `world_document` rebuilds a whole game from the view
through the engine's saved-state document (`Grass.from_json`): everything on the
table stays as shown (stashes, Protect cards, hassle piles, the discard pile, totals,
scores) and so does its own hand; the rest of this hand's deck (G1, or G21's learning
decks) is shuffled and dealt to the other hands (each to its shown size; a trade
offer's proposer surely holds the cards they offer, G20; a player whose last turn
tells about their hand gets one of the hands read from it, by weight,
grass_reading.py) and to the draw pile. A player who has chosen a pass card gets one
of their sampled cards as the choice.
Later hands shuffle from a sampled seed.

On its turn, before any search, it proposes a trade when one gains it clearly (a rule:
grass_trades.py, which says why). The root candidates are its default choice (the easy
rules, `sharp`: Paranoia kept until the last draw, Heat On spread; see
`grass_easy.choose_turn`) and the other distinct plays and cheapest discards; each
sample plays every candidate (`paired_search`, which keeps the default unless another is
clearly better), then every player follows the easy level (its own seat the sharp rules)
until the hand is scored (G18); the value is the margin over the best opponent's
running total (a win or loss once the game is over, G19).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.ai.grass_easy import GrassEasy, choose_pass, choose_turn, keep_value
from games.ai.grass_reading import Reading, read_hands
from games.ai.grass_trades import propose, unseen_cards
from games.ai.player import Budget, SearchStats, paired_search, per_round, squash
from games.grass.actions import Accept, Decline, Discard, GrassAction, PassCard, Play
from games.grass.cards import Card
from games.grass.engine import Grass
from games.grass.state import offer_json, options_json
from games.grass.views import GrassPlayerView
from games.protocol import JSON, Action

CANDIDATES = 8
TRIES = 8  # weighed hands tried before dealing a player uniformly
SCALE = 60_000.0  # a margin of $60,000 is worth about 3 to 1


def world_document(
    view: GrassPlayerView, rng: random.Random, readings: Mapping[str, Reading] | None = None
) -> dict[str, JSON]:
    """A saved-state document agreeing with everything the view shows, the unseen
    cards dealt at random (see the module docstring): to the players in `readings`
    one of their weighed hands when it still fits (grass_reading.py), uniformly to the
    others."""
    public = view.public
    names = [seat.name for seat in public.seats]
    pool = list(unseen_cards(view).elements())
    rng.shuffle(pool)
    offer = view.offer
    hands: dict[str, list[Card]] = {view.name: list(view.hand)}
    if offer is not None and offer.by != view.name:
        hands[offer.by] = list(offer.give)  # G20: checked when the offer was made
        for card in offer.give:
            pool.remove(card)
    for name, reading in (readings or {}).items():
        hand = None if name in hands else _weighed_hand(reading, pool, rng)
        if hand is not None:
            hands[name] = hand
    for seat in public.seats:
        if seat.name != view.name:
            hand = hands.setdefault(seat.name, [])
            while len(hand) < seat.hand_size and pool:
                hand.append(pool.pop())
    seats: dict[str, JSON] = {}
    for seat in public.seats:
        hand = hands[seat.name]
        chosen: Card | None = None
        if seat.passed:
            chosen = view.pass_choice if seat.name == view.name else rng.choice(hand)
        seats[seat.name] = {
            "hand": [c.value for c in hand],
            "stash": [{"card": p.card.value, "covered": p.covered} for p in seat.stash],
            "protection": [c.value for c in seat.protection],
            "market_open": seat.market_open,
            "heat": [c.value for c in seat.heat],
            "skip": seat.skip,
            "total": seat.total,
            "chosen": None if chosen is None else chosen.value,
        }
        if seat.name == view.name and view.received:  # only one's own marks are known
            seats[seat.name]["received"] = [c.value for c in view.received]
    return {
        "version": Grass.state_version,
        "game": "grass",
        "moves": 0,
        "all_players": names,
        "options": options_json(public.options),
        "seed": rng.getrandbits(62),  # later hands' shuffles, sampled too
        "decks": [],
        "seats": seats,
        "order": names,
        "left": [],
        "hand": public.hand,
        "starter": names[(public.hand - 1) % len(names)],
        "phase": public.phase.value,
        "mover": public.to_move,
        "next_mover": public.after_pass,  # set during a Paranoia pass only
        "drawn": None if view.drawn is None else view.drawn.value,
        "extra_turn": public.extra_turn,
        "draw": [c.value for c in pool],
        "discard": [c.value for c in public.discard_pile],
        "offer": None if offer is None else offer_json(offer),
        "scores": [
            {"hand": hs.hand, "rows": [_row(row) for row in hs.rows]} for hs in public.scores
        ],
        "winners": list(public.winners),
        "recent": [],
    }


def _weighed_hand(reading: Reading, pool: list[Card], rng: random.Random) -> list[Card] | None:
    """One of the reading's hands by weight, taken out of `pool`; None when the ones
    drawn need cards already dealt to another player."""
    left = Counter(pool)
    for _ in range(TRIES):
        hand = rng.choices(reading.hands, cum_weights=reading.cum_weights)[0]
        if not Counter(hand) - left:
            for card in hand:
                pool.remove(card)
            return list(hand)
    return None


def _row(row: Any) -> dict[str, JSON]:
    keys = ("name", "table", "banker", "hand_peddle", "paranoia", "bonus", "score", "total")
    return {key: getattr(row, key) for key in keys}


def sample_world(
    view: GrassPlayerView, rng: random.Random, readings: Mapping[str, Reading] | None = None
) -> Grass:
    game = Grass.from_json(world_document(view, rng, readings))
    state = game.state
    # The view's last turns as they are (immutable), not through the document: parsing
    # them for every sampled world would cost a sixth of its building.
    state.turns = {turn.by: turn for turn in view.public.last_turns}
    state.keep_turns = False  # nobody reads a searched world's last turns
    return game


def rollout_choice(game: Grass, me: str = "") -> GrassAction:
    """The easy level for the first awaited player, on the sampled game's own seats
    (its sharp variant for `me`). No random moves: they made the rollouts play worse
    than any player would (games/ai/research.md)."""
    state = game.state
    name = game.awaiting[0]
    legal = game.legal_actions(name)
    seat = state.seat(name)
    assert seat is not None
    first = type(legal[0])
    if first is PassCard:
        return choose_pass(seat, legal)
    if first is Accept or first is Decline:
        return next(a for a in legal if type(a) is Decline)
    if first is not Play and first is not Discard:
        return legal[0]
    return choose_turn(seat, seat.hand, state.seats, len(state.draw), legal, name == me)


def evaluate(game: Grass, me: str, before: int = 0) -> float:
    """The value for `me` in [0, 1]: the gain in its margin of running totals over the
    best opponent (`before`: the margin at the root), half of it replaced by the win
    itself once the game is over (G19)."""
    totals = {seat.name: seat.total for seat in game.state.seats}
    mine = totals.pop(me, 0)
    value = squash(mine - max(totals.values(), default=0) - before, SCALE)
    outcome = game.outcome()
    if outcome is not None:
        won = 1.0 / len(outcome.winners) if me in outcome.winners else 0.0
        value = (value + won) / 2
    return value


def candidates(
    view: GrassPlayerView, legal: Sequence[GrassAction], first: GrassAction
) -> list[GrassAction]:
    """The easy level's choice, every other distinct play (the best cover per Protect
    card), then the discards it values least."""
    me = view.public.seat(view.name)
    chosen: list[GrassAction] = [first]
    covers: dict[Card, Play] = {}
    for action in legal:
        if type(action) is Play and action.cover:
            best = covers.get(action.card)
            if best is None or sum(c.value_usd for c in action.cover) > sum(
                c.value_usd for c in best.cover
            ):
                covers[action.card] = action
    for action in legal:
        if action in chosen:
            continue
        if type(action) is Play:
            if not action.cover or covers[action.card] is action:
                chosen.append(action)
        elif type(action) in (PassCard, Accept, Decline):
            chosen.append(action)
    discards = sorted(
        (a for a in legal if type(a) is Discard and a not in chosen),
        key=lambda a: keep_value(a.card, me),
    )
    chosen.extend(discards[:3])
    return chosen[:CANDIDATES]


def sampled_worlds(view: GrassPlayerView, rng: random.Random) -> Callable[[int], Grass]:
    """One decision's sampled worlds by seed: the others' hands read from their last
    turns once (`read_hands`, drawing from `rng`), then each seed's deal made by weight,
    built once a round (`per_round`)."""
    readings = read_hands(view, rng)
    return per_round(lambda seed: sample_world(view, random.Random(seed), readings))


class GrassHard:
    """The hard level: paired sampling over a few candidate actions, around the sharp
    rules' choice."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.stats = SearchStats()
        self.easy = GrassEasy(sharp=True)

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(view, GrassPlayerView)
        actions = [a for a in legal if isinstance(a, GrassAction)]
        self.stats = SearchStats()
        if type(actions[0]) in (Play, Discard):
            offer = propose(view)  # a rule before the search (grass_trades.py)
            if offer is not None:
                return offer
        first = self.easy.choose(view, actions, rng)
        assert isinstance(first, GrassAction)
        options = candidates(view, actions, first)
        if len(options) == 1:
            return options[0]
        prior = [1.0] + [0.0] * (len(options) - 1)
        me = view.name
        hand_no = view.public.hand
        totals = {seat.name: seat.total for seat in view.public.seats}
        mine = totals.pop(me, 0)
        before = mine - max(totals.values(), default=0)
        world = sampled_worlds(view, rng)

        def simulate(arm: int, seed: int) -> float:
            game = world(seed)
            game.apply(options[arm])
            while game.outcome() is None and game.state.hand_no == hand_no:
                game.apply(rollout_choice(game, me))
            return evaluate(game, me, before)

        best = paired_search(len(options), simulate, self.budget, rng, prior, self.stats)
        return options[best]


__all__ = ["GrassHard", "sample_world", "sampled_worlds", "unseen_cards", "world_document"]
