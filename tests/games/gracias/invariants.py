"""Invariants checked after every action of the random-play tests."""

from __future__ import annotations

import json

from games.gracias import COLOURS, Gracias
from games.gracias.scoring import winners
from games.gracias.views import GraciasEventKind


def check_cards(game: Gracias) -> None:
    """C1: while a round runs, its 108 cards are all somewhere, 18 of each colour;
    C2: turns and rounds stay in range and agree with the number of turns played."""
    if game.over:
        return
    assert game.colours_in_play() == [18] * len(COLOURS)
    assert 1 <= game.round <= 3 and 1 <= game.turn <= 4
    assert game.turns_played == (game.round - 1) * 4 + game.turn
    taken = [t.taker for t in game.trios if t.taker is not None]
    for seat, hidden in enumerate(game.hidden):
        if game.active[seat]:
            # one hidden card per trio taken this round (C5)
            assert len(hidden) == game.turn - 1 + taken.count(seat)
        else:
            assert hidden == [] and sum(game.reserves[seat]) == 0


def _scramble(game: Gracias, keep: int | None) -> tuple[list[list[int]], list[int | None]]:
    """Change every hidden card except `keep`'s, and every face-down card."""
    saved = ([list(h) for h in game.hidden], [t.down for t in game.trios])
    for seat, hidden in enumerate(game.hidden):
        if seat != keep:
            game.hidden[seat] = [(c + 1) % 6 for c in hidden]
    for trio in game.trios:
        if trio.down is not None:
            trio.down = (trio.down + 1) % 6
    return saved


def _restore(game: Gracias, saved: tuple[list[list[int]], list[int | None]]) -> None:
    game.hidden = saved[0]
    for trio, down in zip(game.trios, saved[1], strict=True):
        trio.down = down


def check_hidden(game: Gracias, player: str) -> None:
    """C5: `player`'s view, and the public view, do not change when every card they
    may not see changes: nothing hidden leaks into them."""
    seat = game.seat_of[player]
    mine, public = game.view_for(player), game.public_view()
    assert mine.public == public
    assert [c.index for c in mine.hidden] == game.hidden[seat]
    saved = _scramble(game, seat)
    try:
        assert game.view_for(player) == mine
    finally:
        _restore(game, saved)
    saved = _scramble(game, None)
    try:
        assert game.public_view() == public
    finally:
        _restore(game, saved)


def check_saving(game: Gracias) -> None:
    data = game.to_json()
    loaded = Gracias.from_json(json.loads(json.dumps(data)))
    assert loaded.to_json() == data
    assert loaded.state_json() == game.state_json()


def check_end(game: Gracias) -> None:
    """C2: exactly 12 turns; C8: the winners by total, then best rounds."""
    outcome = game.outcome()
    assert outcome is not None
    players = [p for s, p in enumerate(game.players) if game.active[s]]
    if len(players) >= 3:
        assert game.turns_played == 12
        assert [e.kind for e in game.log].count(GraciasEventKind.TURN_STARTED) == 12
        assert all(len(game.round_scores[game.seat_of[p]]) == 3 for p in players)
    expected = winners(
        [(p, outcome.totals[p], game.round_scores[game.seat_of[p]]) for p in players]
    )
    assert outcome.winners == expected and expected
