"""What a watcher sees (games/watch.py): the public view after every move that changed
it, the public words of its events and never a player's private ones, a move taken back
left out with its undo entry, the pauses where a hand or round is scored and at the end,
and the hands or rounds as parts."""

from __future__ import annotations

from typing import Any

import pytest

from games.protocol import JSON, Game, StateFormatError
from games.randomplay import random_replay
from games.registry import game_class
from games.replay import ReplayStopped
from games.takeback import Replayer, undo_entry
from games.watch import Moment, Page, Step, pages, parts, watch

AnyGame = Game[Any, Any, Any]
NAMES = ("ann", "bob", "cy", "dee")


def played(kind: str, players: int, seed: int) -> tuple[dict[str, JSON], list[JSON]]:
    """A whole seeded random game: its replay header and its actions."""
    document = random_replay(kind, list(NAMES[:players]), seed)
    actions = document.pop("actions")
    return document, actions


@pytest.mark.parametrize(("kind", "players"), [("grass", 4), ("gracias", 4), ("graps", 2)])
def test_each_step_is_the_public_view_after_a_move_that_changed_it(kind: str, players: int):
    header, actions = played(kind, players, 3)
    steps = watch({**header, "actions": actions})
    replayer = Replayer(header)
    expected = [replayer.game.public_view()]
    private_words: set[str] = set()
    for action in actions:
        events = replayer.apply(action)
        private_words |= {words for event in events for words in event.private.values()}
        view = replayer.game.public_view()
        if view != expected[-1]:
            expected.append(view)
    assert [step.view for step in steps] == expected
    assert steps[0].moment is Moment.START and steps[0].lines == ()
    assert steps[-1].moment is Moment.END and steps[-1].view.winners
    said = {line for step in steps for line in step.lines}
    assert not said & private_words
    assert bool(private_words) == (kind != "graps")  # Graps hides nothing
    assert all(step.actor in NAMES[:players] for step in steps[1:])


def test_a_hand_scored_is_a_closed_step_and_each_hand_a_part_g18():
    header, actions = played("grass", 3, 5)
    steps = watch({**header, "actions": actions})
    closed = [step for step in steps if step.closed]
    hands = steps[-1].view.hand
    assert len(closed) == hands == len(steps[-1].view.scores)  # the last one ends the game
    assert [step.moment for step in closed] == [Moment.CLOSE] * (hands - 1) + [Moment.END]
    found = parts(steps)
    assert len(found) == hands and found[0].start == 0 and found[-1].stop == len(steps)
    assert all(steps[part[-1]].closed for part in found)
    assert sum(len(part) for part in found) == len(steps)
    assert {steps[i].view.hand for i in found[1][:-1]} == {2}


def test_a_closed_hand_shows_its_scores_before_the_next_deal_and_after_the_end_g18():
    header, actions = played("grass", 3, 5)
    steps = watch({**header, "actions": actions})
    shown = pages(steps)
    closing = [index for index, step in enumerate(steps) if step.closed]
    assert [page for page in shown if page.scores] == [Page(i, scores=True) for i in closing]
    for index in closing[:-1]:  # its scores, then the table already dealt anew
        at = shown.index(Page(index, scores=True))
        assert shown[at + 1] == Page(index)
    assert shown[-2:] == [Page(len(steps) - 1), Page(len(steps) - 1, scores=True)]
    assert len(shown) == len(steps) + len(closing)
    # One hand replayed alone ends on its scores: the table after is the next deal.
    first = [steps[i] for i in parts(steps)[0]]
    assert pages(first)[-1] == Page(len(first) - 1, scores=True)
    assert Page(len(first) - 1) not in pages(first)


def test_a_game_without_parts_is_one_part_p7():
    header, actions = played("graps", 2, 2)
    steps = watch({**header, "actions": actions})
    assert not any(step.closed for step in steps)
    assert parts(steps) == [range(len(steps))]
    assert pages(steps) == [Page(index) for index in range(len(steps))]


def test_a_move_taken_back_is_left_out_with_its_undo_entry():
    header, actions = played("graps", 2, 4)
    # A set-up placement shows nothing hidden: one played elsewhere, taken back, then
    # the game as it went.
    first = actions[0]
    game = game_class("graps").from_replay(header)
    other = next(a.to_json() for a in game.legal_actions(str(first["by"])) if a.to_json() != first)
    with_undo = [other, undo_entry(str(first["by"])), *actions]
    straight = watch({**header, "actions": actions})
    taken_back = watch({**header, "actions": with_undo})
    assert [step.view.board for step in taken_back] == [step.view.board for step in straight]
    assert len(taken_back) == len(straight)


def test_a_document_that_does_not_replay_is_refused_with_where():
    header, actions = played("graps", 2, 1)
    with pytest.raises(ReplayStopped) as stopped:
        watch({**header, "actions": [*actions[:3], actions[3], actions[3]]})
    assert stopped.value.index == 4
    with pytest.raises(StateFormatError, match='"actions" must be a list of action objects'):
        watch({**header, "actions": {"by": "ann"}})
    with pytest.raises(StateFormatError, match="a replay file is a JSON object"):
        watch([header])


def test_a_step_names_its_mover_and_what_the_table_read():
    header, actions = played("grass", 3, 2)
    steps: list[Step] = watch({**header, "actions": actions})
    played_lines = [step for step in steps if step.lines]
    assert played_lines and all(isinstance(line, str) for s in played_lines for line in s.lines)
    assert any(" played " in line for step in steps for line in step.lines)
