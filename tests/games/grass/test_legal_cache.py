"""games/grass/legal.py keeps each player's immutable actions in a cache shared by every
game: a name seen for the first time gets the same actions as a known one, and the
cache stays bounded in a bot that meets many names."""

from __future__ import annotations

import itertools

from games.grass import Card, Discard, Play
from games.grass.legal import _CACHE, _CACHE_LIMIT, cached
from tests.games.grass.helpers import game_with, move

_fresh = itertools.count()


def test_a_name_never_seen_gets_its_own_plays_discards_and_targets() -> None:
    # Names no other test uses, so the cache is built here, even in a process that
    # has played other games before.
    first, second = (f"newcomer{next(_fresh)}-{i}" for i in range(2))
    _CACHE.pop(first, None)
    mine = cached(first)
    assert mine.plays[Card.PANAMA] == Play(first, Card.PANAMA)
    assert mine.discards[Card.PANAMA] == Discard(first, Card.PANAMA)
    assert (mine.covers, mine.passes, mine.targeted) == ({}, {}, {})
    assert cached(first) is mine
    g = game_with({first: ["market_open", "bust"]}, players=[first, second])
    legal = g.legal_actions(first)
    assert Play(first, Card.MARKET_OPEN) in legal and Discard(first, Card.BUST) in legal
    assert all(action.by == first for action in legal)
    move(g, first, play="market_open")
    assert all(action.by == second for action in g.legal_actions(second))


def test_the_cache_is_emptied_when_it_reaches_its_bound() -> None:
    _CACHE.clear()  # a cache: emptying it changes no game
    for i in range(_CACHE_LIMIT):
        cached(f"crowd{next(_fresh)}-{i}")
    assert len(_CACHE) == _CACHE_LIMIT
    latest = f"crowd{next(_fresh)}"
    cached(latest)
    assert list(_CACHE) == [latest]
