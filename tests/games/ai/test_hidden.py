"""The AI sees its own player's view only: nothing it is given reaches the
game, its decisions depend on the view alone, and the games it samples for its search
agree with everything the view shows (determinization consistency)."""

from __future__ import annotations

import dataclasses
import enum
import random
from collections import Counter

import pytest

from games.ai import make_ai
from games.ai.gracias_hard import sample_world as gracias_world
from games.ai.graps_hard import sample_world as graps_world
from games.ai.grass_hard import sample_world as grass_world
from games.ai.grass_reading import Reading, read_hands
from games.gracias import Gracias
from games.grass import Grass, MakeOffer
from games.grass.cards import Card, deck_for_hand
from games.protocol import Game
from games.registry import game_class

from .play import AnyGame, table

ENGINE_TYPES = (Game,)


def reachable(root: object) -> list[object]:
    """Every object reachable from `root` through dataclass fields and containers."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (str, int, float, bool, type(None), enum.Enum)):
            continue
        seen[id(item)] = item
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        else:
            raise AssertionError(f"a view holds a {type(item).__name__}, not plain values")
    return list(seen.values())


def advanced(kind: str, players: int, steps: int, seed: int = 3) -> AnyGame:
    """A game some way in, played by easy players."""
    names = ["ann", "bob", "cy", "dee"][:players]
    game = game_class(kind).create(names, None, seed)
    ais = table(kind, ["easy"] * players)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.outcome() is not None:
            break
        name = game.awaiting[0]
        game.apply(ais[name].choose(game.view_for(name), game.legal_actions(name), rng))
    return game


@pytest.mark.parametrize(("kind", "players"), [("grass", 4), ("gracias", 4), ("graps", 2)])
def test_what_the_ai_is_given_holds_plain_values_only_never_the_game(
    kind: str, players: int
) -> None:
    game = advanced(kind, players, 15)
    name = game.awaiting[0]
    given = (game.view_for(name), tuple(game.legal_actions(name)))
    found = reachable(given)
    assert not [item for item in found if isinstance(item, ENGINE_TYPES)]
    assert len(found) > 5


def _swap_hidden_grass(game: Grass, me: str) -> Grass:
    """The same game as `me` sees it, with the other hands and the draw pile dealt
    differently (same sizes)."""
    data = game.to_json()
    others = [name for name in data["order"] if name != me]
    pool = list(data["draw"])
    for name in others:
        pool += data["seats"][name]["hand"]
    random.Random(99).shuffle(pool)
    for name in others:
        size = len(data["seats"][name]["hand"])
        data["seats"][name]["hand"], pool = pool[:size], pool[size:]
        data["seats"][name].pop("received", None)  # their marks are hidden too
    data["draw"] = pool
    return Grass.from_json(data)


def _swap_hidden_gracias(game: Gracias, me: str) -> Gracias:
    data = game.to_json()
    seat = data["players"].index(me)
    pool = list(data["pile"])
    for other, hidden in enumerate(data["hidden"]):
        if other != seat:
            pool += hidden
    pool += [t["down"] for t in data["trios"] if t["down"] is not None]
    random.Random(99).shuffle(pool)
    for other, hidden in enumerate(data["hidden"]):
        if other != seat:
            data["hidden"][other], pool = pool[: len(hidden)], pool[len(hidden) :]
    for trio in data["trios"]:
        if trio["down"] is not None:
            trio["down"] = pool.pop()
    data["pile"] = pool
    return Gracias.from_json(data)


@pytest.mark.parametrize(
    ("kind", "steps", "offers"),
    [("grass", 9, False), ("grass", 12, True), ("grass", 31, True), ("gracias", 6, False)],
)
def test_the_hard_level_decides_from_the_view_alone(kind: str, steps: int, offers: bool) -> None:
    """Two games that differ only in cards the AI cannot see give the same view, and
    the same decision from the same generator: a play, or a trade it proposes (G20,
    whose chances it counts from the unseen cards, never from the other hands)."""
    game = advanced(kind, 4, steps)
    me = game.awaiting[0]
    if isinstance(game, Grass):
        twin: AnyGame = _swap_hidden_grass(game, me)
        hidden = [game.state.seat(n).hand for n in game.players if n != me]  # type: ignore[union-attr]
        twin_hidden = [twin.state.seat(n).hand for n in game.players if n != me]  # type: ignore[attr-defined]
    else:
        assert isinstance(game, Gracias)
        twin = _swap_hidden_gracias(game, me)
        hidden = [game.hidden[s] for s in range(4) if game.players[s] != me]
        twin_hidden = [twin.hidden[s] for s in range(4) if twin.players[s] != me]
    assert hidden != twin_hidden  # the swap changed what the AI cannot see
    assert twin.view_for(me) == game.view_for(me)
    decisions = []
    for version in (game, twin):
        ai = make_ai(kind, "hard", iterations=24)
        legal = version.legal_actions(me)
        decisions.append(ai.choose(version.view_for(me), legal, random.Random(5)))
    assert decisions[0] == decisions[1]
    assert isinstance(decisions[0], MakeOffer) == offers


def _same_view(real: AnyGame, world: AnyGame, me: str, drop: tuple[str, ...]) -> None:
    ignore = dict.fromkeys(drop, None)
    mine, theirs = real.view_for(me), world.view_for(me)
    public = dataclasses.replace(mine.public, **ignore)
    assert dataclasses.replace(theirs.public, **ignore) == public
    assert dataclasses.replace(theirs, public=None) == dataclasses.replace(mine, public=None)
    assert set(world.legal_actions(me)) == set(real.legal_actions(me))


@pytest.mark.parametrize("seed", [1, 2])
def test_grass_sampled_games_agree_with_the_view_G1(seed: int) -> None:
    game = advanced("grass", 4, 0, seed)
    rng = random.Random(seed)
    ais = table("grass", ["easy"] * 4)
    for _ in range(120):
        if game.outcome() is not None:
            break
        me = game.awaiting[0]
        view = game.view_for(me)
        readings = read_hands(view, rng)  # the others' hands weighed by their last turns
        world = grass_world(view, rng, readings)
        _same_view(game, world, me, ("recent",))
        state = world.state
        # G1: the hand's whole deck is there, each card as often as printed
        held = Counter(state.draw) + Counter(state.discard)
        for seat in state.seats:
            held.update(seat.hand)
            held.update(p.card for p in seat.stash)
            held.update(seat.protection)
            held.update(seat.heat)
            held.update([Card.MARKET_OPEN] * seat.market_open)
        assert held == Counter(deck_for_hand(view.public.hand, False))
        assert world.state.seat(me).hand == list(view.hand)  # type: ignore[union-attr]
        for seat in view.public.seats:
            assert len(state.seat(seat.name).hand) == seat.hand_size  # type: ignore[union-attr]
        assert len(state.draw) == view.public.draw_pile
        game.apply(ais[me].choose(view, game.legal_actions(me), rng))


@pytest.mark.parametrize("seed", [1, 2])
def test_gracias_sampled_games_agree_with_the_view_C1(seed: int) -> None:
    game = advanced("gracias", 4, 0, seed)
    rng = random.Random(seed)
    ais = table("gracias", ["easy"] * 4)
    while game.outcome() is None:
        me = game.awaiting[0]
        view = game.view_for(me)
        world = gracias_world(view, rng)
        _same_view(game, world, me, ("recent", "last_round"))
        assert world.colours_in_play() == [18] * 6  # C1
        real_sizes = [len(h) for h in game.hidden]  # type: ignore[attr-defined]
        assert [len(h) for h in world.hidden] == real_sizes
        game.apply(ais[me].choose(view, game.legal_actions(me), rng))


def test_graps_sampled_games_keep_the_board_and_draw_their_own_rolls_P3() -> None:
    game = advanced("graps", 2, 12)
    me = game.awaiting[0]
    view = game.view_for(me)
    worlds = [graps_world(view, random.Random(seed)) for seed in range(8)]
    for world in worlds:
        _same_view(game, world, me, ("recent", "last_pruned", "last_cut_off"))
    assert len({world.seed for world in worlds}) == 8
    assert game.seed not in {world.seed for world in worlds}  # type: ignore[attr-defined]


def test_the_reachability_check_sees_through_views() -> None:
    # The walk must reach nested values, or the first test would pass on nothing.
    game = advanced("grass", 3, 3)
    found = reachable(game.view_for("ann"))
    assert any(isinstance(item, tuple) and item and isinstance(item[0], Card) for item in found)


def test_grass_sampled_games_give_the_proposer_the_cards_offered_G20() -> None:
    game = advanced("grass", 3, 0, seed=4)
    me = game.awaiting[0]
    to = next(name for name in game.players if name != me)
    hand = game.view_for(me).hand
    game.apply(MakeOffer(me, to, give=(hand[0],), take=(Card.MARKET_CLOSE,)))
    view = game.view_for(to)
    assert view.offer is not None
    # A reading of the proposer's hand (the engine never keeps one: they drew since)
    # gives way to the cards offered.
    unseen = [c for c in Counter(deck_for_hand(1, False)) if c is not hand[0]]
    readings = {me: Reading((tuple(unseen[:6]),), (1.0,))}
    for seed in range(6):
        for world in (
            grass_world(view, random.Random(seed)),
            grass_world(view, random.Random(seed), readings),
        ):
            _same_view(game, world, to, ("recent",))
            assert hand[0] in world.state.seat(me).hand  # type: ignore[union-attr]
    for level in ("easy", "hard"):
        answer = make_ai("grass", level, iterations=12).choose(
            view, game.legal_actions(to), random.Random(1)
        )
        assert answer in game.legal_actions(to)
