"""What someone watching a game may see, step by step: the one function every replay
uses (the animated picture, the step-through message, the replay page), so that none
of them can show more than the table did.

A step is the table as the channel showed it after a move: the game's public view
(never a player's), with the public words of what the move did. The first step is the
table as dealt, before any move. A move that changed nothing anyone may see (a player's
private choice the table does not show yet) makes no step of its own; a move taken
back is left out with the undo entry that took it back, as if it had never been
played (it showed nothing hidden: games/takeback.py). What a watcher sees of a hand is
therefore what the rules showed everyone at that moment, and nothing more once the game
is over: the views are the same ones the channel got.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.protocol import JSON, EventKind
from games.replay import applied, header_of
from games.takeback import Replayer, is_undo


class Moment(enum.StrEnum):
    """What a step is to someone watching: a replay lingers on the last three."""

    START = "start"
    """The table as dealt, before any move."""
    MOVE = "move"
    CLOSE = "close"
    """A part of the game closed: a hand (Grass) or a round (Gracias) scored."""
    END = "end"
    """The game's last move."""


@dataclass(frozen=True, slots=True)
class Step:
    """The table after one move, as everyone saw it."""

    view: Any
    """The game's public view (`Game.public_view`)."""
    lines: tuple[str, ...]
    """What the move did, in the public words of its events (`Event.text`); a player's
    private words (`Event.private`) never."""
    moment: Moment
    actor: str | None = None
    """Who made the move (None at the start)."""
    closed: bool = False
    """The move closed a hand or a round: its scores are what the channel got next (the
    view already shows the next deal, or the game's end)."""


def watch(document: JSON) -> list[Step]:
    """The public steps of the game of a replay document (docs/notation.md: its header
    and its "actions"): the start, then one per move standing in the log that changed
    what the table showed. `StateFormatError` when the document is malformed;
    `ReplayStopped` when one of its actions is illegal."""
    replayer = Replayer(header_of(document))
    steps = [Step(replayer.game.public_view(), (), Moment.START)]
    made: list[bool] = []  # for each action standing, whether it made a step
    for entry, events in applied(replayer, document):
        if is_undo(entry):
            if made.pop():
                steps.pop()
            continue
        view = replayer.game.public_view()
        if view == steps[-1].view:
            made.append(False)
            continue
        kinds = {event.kind for event in events}
        closed = bool(kinds & replayer.game.closing)
        if EventKind.GAME_OVER in kinds:
            moment = Moment.END
        elif closed:
            moment = Moment.CLOSE
        else:
            moment = Moment.MOVE
        lines = tuple(event.text for event in events if event.text)
        actor = entry.get("by") if isinstance(entry, Mapping) else None
        by = str(actor) if actor is not None else None
        steps.append(Step(view, lines, moment, by, closed))
        made.append(True)
    return steps


def parts(steps: Sequence[Step]) -> list[range]:
    """The steps of each hand (Grass) or round (Gracias), in order: each ends with the
    move that closed it; the first begins with the deal, the others with the move after
    the one that closed the part before. A game without parts (Graps), or one that ended
    before its first part closed, is one part."""
    found: list[range] = []
    start = 0
    for index, step in enumerate(steps):
        if step.closed or index == len(steps) - 1:
            found.append(range(start, index + 1))
            start = index + 1
    return found


@dataclass(frozen=True, slots=True)
class Page:
    """One picture of a replay: a step's table, or the scores it closed. The animated
    replay shows them one after the other, the step-through replay one at a time."""

    step: int
    """The index of its step."""
    scores: bool = False
    """The scores the step's move closed, as the channel got them, not its table."""


def pages(steps: Sequence[Step]) -> list[Page]:
    """The pictures of `steps`: each table as the channel showed it, and after a move
    that closed a hand or round its scores (before the next deal, or after the game's
    last table). Steps that end on a closed part (one hand or round replayed alone) end
    on its scores: the table after them is already the next one's deal."""
    found: list[Page] = []
    last = len(steps) - 1
    for index, step in enumerate(steps):
        if not step.closed:
            found.append(Page(index))
        elif index < last:
            found += [Page(index, scores=True), Page(index)]
        elif step.moment is Moment.CLOSE:
            found.append(Page(index, scores=True))
        else:
            found += [Page(index), Page(index, scores=True)]
    return found
