"""A hot-seat game in the terminal, over the protocol: `python -m games play grass
--players ann,bob,cy`. For the awaited player it shows their view and their legal
actions, numbered; type a number, or an action in the game's JSON notation
(docs/notation.md; "by" may be left out), or `q` to stop.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from games.protocol import Game, GameError
from games.registry import game_class

AnyGame = Game[Any, Any, Any]


def _grass_text(game: AnyGame, player: str) -> str:
    from games.grass import GrassPlayerView

    view: GrassPlayerView = game.view_for(player)
    table = view.public
    lines = [f"Hand {table.hand}, draw pile {table.draw_pile}, phase {table.phase.value}"]
    for seat in table.seats:
        stash = ", ".join(s.card.title + ("*" if s.covered else "") for s in seat.stash)
        heat = " <- " + ", ".join(c.title for c in seat.heat) if seat.heat else ""
        lines.append(
            f"  {seat.name:<8} market {seat.market.value}{heat}; stash [{stash}]; "
            f"{seat.hand_size} cards; total ${seat.total:,}"
            + (f"; skips {seat.skip}" if seat.skip else "")
        )
    if table.discard_pile:
        lines.append(f"  discard pile top: {table.discard_pile[-1].title}")
    lines += [f"  | {text}" for text in table.recent[-4:]]
    lines.append(f"{player}'s hand: " + ", ".join(c.title for c in view.hand))
    if view.drawn:
        lines.append(f"(you drew {view.drawn.title})")
    if view.offer:
        lines.append(f"Offer on the table: {view.offer}")
    return "\n".join(lines)


_DESCRIBE: dict[str, Callable[[AnyGame, str], str]] = {"grass": _grass_text}


def describe(game: AnyGame, player: str) -> str:
    """A short text of what `player` sees (the view's repr for games without one)."""
    text = _DESCRIBE.get(game.kind)
    return text(game, player) if text else repr(game.view_for(player))


def play(
    kind: str,
    players: list[str],
    seed: int | None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int:
    """Play until the game ends or the input stops; returns the exit status."""
    if seed is None:
        seed = random.randrange(1_000_000)
    try:
        game = game_class(kind).create(players, None, seed)
    except GameError as error:
        write(f"cannot start: {error}")
        return 1
    write(f"{game.title}, seed {seed}. Type a number, a JSON action, or q to quit.")
    while (outcome := game.outcome()) is None:
        player = game.awaiting[0]
        actions = game.legal_actions(player)
        write("")
        write(describe(game, player))
        for number, action in enumerate(actions, 1):
            write(f"  {number:>3}. {json.dumps(action.to_json())}")
        try:
            answer = read(f"{player}> ").strip()
        except EOFError:
            return 0
        if answer in ("q", "quit"):
            return 0
        try:
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                events = game.apply(actions[int(answer) - 1])
            else:
                data = json.loads(answer)
                if isinstance(data, dict):
                    data.setdefault("by", player)
                events = game.apply_json(data)
        except json.JSONDecodeError:
            write("type the number of an action, or a JSON action")
            continue
        except GameError as error:
            write(f"refused: {error}")
            continue
        for event in events:
            if event.text:
                write(f"* {event.text}")
            if player in event.private:
                write(f"  ({event.private[player]})")
    write(f"Game over: {', '.join(outcome.winners)} ({outcome.reason})")
    return 0
