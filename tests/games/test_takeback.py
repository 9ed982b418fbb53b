"""Taking a move back (games/takeback.py, docs/notation.md "Taking a move back"): the
game without the move equals the move log replayed without it; a move that showed
something hidden, ended the game or was someone else's is refused; the undo entry
replays from a file like any action."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.__main__ import main
from games.gracias import Gracias
from games.graps import Graps
from games.grass import Grass
from games.protocol import JSON, Event, EventKind, Game, IllegalAction
from games.replay import ReplayStopped, replay
from games.takeback import (
    TAKE_BACKS_PER_TURN,
    CannotTakeBack,
    Replayer,
    TooManyTakeBacks,
    final_reason,
    take_back,
    undo_entry,
)
from lang import translate

AnyGame = Game[Any, Any, Any]
HISTORY = ("moves", "log", "recent", "texts")
"""What a game keeps of its past rather than its position: a take-back adds to it."""


def position(game: AnyGame) -> dict[str, JSON]:
    return {key: value for key, value in game.to_json().items() if key not in HISTORY}


def replayed(header: dict[str, JSON], entries: list[JSON]) -> AnyGame:
    return replay({**header, "actions": entries})


def random_action(game: AnyGame, rng: random.Random) -> Any:
    """A random legal action; in Gracias half the choices are made in two steps (a
    bare take, then keep/give), as the bot's buttons make them."""
    player = rng.choice(game.awaiting)
    if isinstance(game, Gracias) and game.holding is None and rng.random() < 0.5:
        return rng.choice(game.trio_takes(player))
    return rng.choice(game.legal_actions(player))


def check_take_back(header: dict[str, JSON], entries: list[JSON], game: AnyGame) -> None:
    by = entries[-1]["by"]
    taken = take_back(header, entries, by)
    assert position(taken.game) == position(replayed(header, entries[:-1]))
    assert taken.game.moves == len(entries) + 1  # the version only grows
    assert taken.redone.to_json() == game.to_json()
    assert taken.game.log[-1].kind == EventKind.UNDO
    assert taken.game.public_view().recent[-1] == f"{by} took back their last move"
    # The undo entry replays from a file to the same game.
    assert replayed(header, [*entries, undo_entry(by)]).to_json() == taken.game.to_json()


@pytest.mark.parametrize(
    ("engine", "players", "seeds"), [(Grass, 3, 4), (Gracias, 4, 3), (Graps, 2, 2)]
)
def test_a_move_is_taken_back_exactly_when_it_showed_nothing_hidden(
    engine: type[AnyGame], players: int, seeds: int
) -> None:
    names = ["ann", "bob", "cy", "dee"][:players]
    taken = refused = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        game = engine.create(names, seed=seed)
        header = game.replay_header()
        entries: list[JSON] = []
        while game.outcome() is None and len(entries) < 400:
            action = random_action(game, rng)
            events = game.apply(action)
            entries.append(action.to_json())
            if (final_reason(events) or game.reveals(events)) is None:
                check_take_back(header, entries, game)
                taken += 1
            elif len(entries) % 25 == 0 or game.outcome() is not None:
                with pytest.raises(CannotTakeBack):
                    take_back(header, entries, action.by)
                refused += 1
    # Grass pass choices, Gracias keep/give halves, Graps's opening placement (every
    # later one is followed by the next roll, P3).
    assert taken > 0 and refused > 0


def test_a_gracias_gift_is_taken_back_and_chosen_again() -> None:
    game = Gracias.create(["ann", "bob", "cy"], seed=5)
    header = game.replay_header()
    entries: list[JSON] = []
    ann = game.awaiting[0]
    for step in (game.trio_takes, game.legal_actions):
        action = step(ann)[0]
        game.apply(action)
        entries.append(action.to_json())
    taken = take_back(header, entries, ann)
    assert taken.game.awaiting == (ann,)
    assert [event.kind for event in taken.events] == ["give"]
    # The same choice made again gives the position the gift gave.
    again = taken.game.clone()
    again.apply_json(entries[-1])
    assert position(again) == position(game)
    # The take before it showed ann the face-down card: it stays.
    with pytest.raises(CannotTakeBack, match="face-down card"):
        take_back(header, [*entries, undo_entry(ann)], ann)


def test_only_the_mover_takes_back_and_only_what_stands() -> None:
    game = Gracias.create(["ann", "bob", "cy"], seed=5)
    header = game.replay_header()
    ann = game.awaiting[0]
    take = game.trio_takes(ann)[0]
    game.apply(take)
    entries: list[JSON] = [take.to_json()]
    with pytest.raises(IllegalAction, match="the last move is"):
        take_back(header, entries, "bob")
    with pytest.raises(IllegalAction, match="no move to take back"):
        take_back(header, [], ann)


def test_a_grass_play_is_kept_once_the_next_player_drew() -> None:
    game = Grass.create(["ann", "bob", "cy"], seed=5)
    header = game.replay_header()
    mover = game.awaiting[0]
    action = game.legal_actions(mover)[0]
    game.apply(action)
    with pytest.raises(CannotTakeBack, match="a card has been drawn since"):
        take_back(header, [action.to_json()], mover)


def test_leaving_is_final() -> None:
    game = Gracias.create(["ann", "bob", "cy", "dee"], seed=5)
    header = game.replay_header()
    leave = {"by": "dee", "leave": True}
    game.apply_json(leave)
    with pytest.raises(CannotTakeBack, match="leaving a game is final"):
        take_back(header, [leave], "dee")


def test_a_malformed_or_refused_undo_entry_stops_the_replay_with_its_index(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Grass.create(["ann", "bob", "cy"], seed=5)
    header = game.replay_header()
    mover = game.awaiting[0]
    action = game.legal_actions(mover)[0].to_json()
    with pytest.raises(ReplayStopped) as stopped:
        replayed(header, [action, {"by": mover, "undo": "yes"}])
    assert stopped.value.index == 1
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**header, "actions": [action, undo_entry(mover)]}))
    assert main(["replay", str(path)]) == 2
    assert "action 1" in capsys.readouterr().err


def grass_at_a_pass(players: int = 3) -> tuple[dict[str, JSON], list[JSON], Grass]:
    """A Grass game of random moves stopped where every player still chooses the card
    they pass (G13): each choice may be taken back at once."""
    names = ["ann", "bob", "cy", "dee"][:players]
    for seed in range(100):
        rng = random.Random(seed)
        game = Grass.create(names, seed=seed)
        header = game.replay_header()
        entries: list[JSON] = []
        while game.outcome() is None and len(entries) < 1000:
            choices = game.legal_actions(names[0])
            if len(game.awaiting) == players and "pass" in choices[0].to_json():
                return header, entries, game
            action = random_action(game, rng)
            game.apply(action)
            entries.append(action.to_json())
    raise AssertionError("no random Grass game reached a pass")


def test_a_log_of_many_take_backs_replays_in_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Audit finding 1: an undo entry replayed the whole log before it, earlier undo
    entries included, so n (move, undo) pairs cost about 2^n game rebuilds. Now 200
    pairs apply each of their 200 moves once and build the game once. (Such a log was
    written before audit finding 4: it still replays, but a take-back made now is
    refused, after the same one pass.)"""
    header, entries, game = grass_at_a_pass()
    pairs: list[JSON] = []
    for index in range(200):
        player = ("ann", "bob", "cy")[index % 3]
        pairs += [game.legal_actions(player)[0].to_json(), undo_entry(player)]
    log = [*entries, *pairs]
    counts = {"apply": 0, "build": 0}
    bound = 3 * len(log)  # an exponential replay stops here instead of running for ever
    apply, from_replay = Grass.apply, Grass.from_replay.__func__  # type: ignore[attr-defined]

    def counted_apply(self: Grass, action: Any) -> Any:
        counts["apply"] += 1
        assert counts["apply"] <= bound, "the replay is not linear"
        return apply(self, action)

    def counted_build(cls: type[Grass], data: Any) -> Grass:
        counts["build"] += 1
        assert counts["build"] <= bound, "the replay is not linear"
        return from_replay(cls, data)  # type: ignore[no-any-return]

    monkeypatch.setattr(Grass, "apply", counted_apply)
    monkeypatch.setattr(Grass, "from_replay", classmethod(counted_build))
    replayed_game = replayed(header, log)
    assert counts == {"apply": len(entries) + 200, "build": 1}
    assert position(replayed_game) == position(game)
    assert replayed_game.moves == len(log)
    # Taking back one more move costs the same: one pass through the log (and is
    # refused now: ann took back her three of this pass long ago).
    counts.update(apply=0, build=0)
    with pytest.raises(TooManyTakeBacks):
        take_back(header, [*log, pairs[0]], "ann")
    assert counts == {"apply": len(entries) + 201, "build": 1}


def test_a_player_takes_back_three_moves_in_a_row_then_another_must_move() -> None:
    """Audit finding 1 (the cap, docs/notation.md): one player taking back and choosing
    again for ever stalls the table; a replayed log's fourth take-back in a row is
    refused until another player has moved. A take-back made now is held to the limit
    of a turn too (audit finding 4), which says so first."""
    header, entries, game = grass_at_a_pass()
    ann_pass = game.legal_actions("ann")[0].to_json()
    log = [*entries]
    for _ in range(3):
        log += [ann_pass, undo_entry("ann")]
    log.append(ann_pass)
    with pytest.raises(TooManyTakeBacks) as refused:
        take_back(header, log, "ann")
    assert refused.value.why == "ann took back 3 moves this turn already, the most allowed"
    with pytest.raises(ReplayStopped) as stopped:
        replayed(header, [*log, undo_entry("ann")])
    assert stopped.value.index == len(log)
    assert str(stopped.value) == (
        f"action {len(log)} is illegal: that move cannot be taken back: ann took back 3 moves "
        "in a row, and another player must move first"
    )
    # Both forms are catalog entries: a changed English form is no longer found.
    in_a_row = stopped.value.error
    assert isinstance(in_a_row, CannotTakeBack)
    assert translate(in_a_row.why, "fr") == (
        "ann a repris 3 coups d'affilée, et un autre joueur doit d'abord jouer"
    )
    # Once bob has chosen, a log may hold another undo entry of ann's (logs written
    # before the limit of a turn replay as they did), but ann may not make one now.
    log.append(game.legal_actions("bob")[0].to_json())
    log.append(undo_entry("bob"))
    assert replayed(header, [*log, undo_entry("ann")]).awaiting == ("ann", "bob", "cy")
    with pytest.raises(TooManyTakeBacks):
        take_back(header, log, "ann")


def test_two_players_choosing_at_once_run_out_of_take_backs() -> None:
    """Audit finding 4: the limit of three take-backs in a row counted only since another
    player's action, so at a Grass Paranoia pass, where several players choose at once,
    ann and bob could choose and take back turn about for ever, no one's agreement
    needed, the log growing by two entries each time. Now each takes back three moves in
    the pass, and their fourth is refused, saying why: the log stays within the game's
    moves and six entries a player."""
    header, entries, game = grass_at_a_pass()
    replayer = Replayer(header)
    for entry in entries:
        replayer.apply(entry)
    log = [*entries]
    refusals: dict[str, TooManyTakeBacks] = {}
    taken = {"ann": 0, "bob": 0}
    for _ in range(50):  # before the fix, nothing stopped this loop
        for name in ("ann", "bob"):
            choice = game.legal_actions(name)[0].to_json()
            replayer.apply(choice)
            log.append(choice)
            try:
                replayer.take_back(name)
            except TooManyTakeBacks as refused:
                refusals[name] = refused
                continue
            replayer.apply(undo_entry(name))  # as the bot does: asked, then written
            log.append(undo_entry(name))
            taken[name] += 1
        if len(refusals) == 2:
            break
    assert taken == {"ann": TAKE_BACKS_PER_TURN, "bob": TAKE_BACKS_PER_TURN}
    assert refusals["ann"].why == "ann took back 3 moves this turn already, the most allowed"
    assert refusals["bob"].reason == (
        "that move cannot be taken back: bob took back 3 moves this turn already, the most allowed"
    )
    assert translate(refusals["ann"].why, "fr") == (
        "ann a déjà repris 3 coups ce tour-ci, le maximum permis"
    )
    # Each refused choice stands: ann and bob have chosen, cy still chooses.
    assert replayer.game.awaiting == ("cy",)
    assert len(log) == len(entries) + 2 * 2 * TAKE_BACKS_PER_TURN + 2
    # The log replays, and taking back from it refuses the same.
    assert replayed(header, log).to_json() == replayer.game.to_json()
    with pytest.raises(TooManyTakeBacks, match="the most allowed"):
        take_back(header, log, "bob")


def test_the_limit_of_a_turn_starts_again_at_the_players_next_turn() -> None:
    """Audit finding 4, what stays fair: the limit is of one turn, not of the game. In
    Gracias, ann takes back her gift three times, the fourth stands; at her next turn
    (after moves that showed something hidden: trios taken), she may take back again."""
    replayer = Replayer(Gracias.create(["ann", "bob", "cy"], seed=5).replay_header())

    def game() -> Gracias:
        current = replayer.game
        assert isinstance(current, Gracias)
        return current

    def choose(name: str) -> None:
        """`name` takes a trio (its face-down card is seen: final) and gives a card."""
        replayer.apply(game().trio_takes(name)[0].to_json())
        replayer.apply(game().legal_actions(name)[0].to_json())

    ann = game().awaiting[0]
    choose(ann)
    for _ in range(TAKE_BACKS_PER_TURN):
        replayer.take_back(ann)
        replayer.apply(undo_entry(ann))
        replayer.apply(game().legal_actions(ann)[0].to_json())
    with pytest.raises(TooManyTakeBacks):
        replayer.take_back(ann)
    while True:  # to a turn where ann's gift does not end the turn (it would be final)
        while game().awaiting[0] != ann:
            choose(game().awaiting[0])
        last_of_turn = len(game().trio_takes(ann)) == 1
        choose(ann)
        if not last_of_turn:
            break
    assert replayer.take_back(ann).game.awaiting == (ann,)


DEEP = "its arrays and objects nest more than 32 deep"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, DEEP),
        ('{"game": "grass", "actions": ' + "[" * 40 + "]" * 40 + "}", DEEP),
        ('{"game": "graps", "seed": ' + "9" * 5000 + "}", "it holds a number of over 4,300 digits"),
        ('{"game": "grass", "pad": "' + "x" * (4 * 1024 * 1024) + '"}', "it is larger than 4 MiB"),
    ],
    ids=["deep", "deep-actions", "huge-number", "oversized"],
)
def test_the_replay_command_refuses_hostile_files_in_a_sentence(
    tmp_path: Any, capsys: pytest.CaptureFixture[str], content: str, reason: str
) -> None:
    """Audit finding 1: a deeply nested file ended in a RecursionError, a number of
    more than 4,300 digits in a ValueError; files of any size were read whole."""
    path = tmp_path / "hostile.json"
    path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == f"{path} cannot be replayed: {reason}\n"


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ("undo", "an action is a JSON object"),
        ({"by": "ann", "undo": "yes"}, 'an undo entry is {"by": PLAYER, "undo": true}'),
        ({"by": "ann", "undo": True, "play": "x"}, 'an undo entry is {"by": PLAYER, "undo": true}'),
        ({"by": 3, "undo": True}, 'an undo entry\'s "by" names a player'),
    ],
    ids=["not-an-object", "not-true", "extra-key", "by-not-a-name"],
)
def test_a_malformed_undo_entry_is_refused_saying_what_it_should_be(
    entry: JSON, reason: str
) -> None:
    header, entries, _game = grass_at_a_pass()
    with pytest.raises(ReplayStopped) as stopped:
        replayed(header, [*entries, entry])
    assert stopped.value.index == len(entries)
    assert stopped.value.error.reason == reason


def test_a_take_back_is_refused_in_words_when_there_is_none_or_it_is_not_yours() -> None:
    header, entries, game = grass_at_a_pass()
    ann_pass = game.legal_actions("ann")[0].to_json()
    with pytest.raises(IllegalAction) as nothing:
        take_back(header, [], "ann")
    assert nothing.value.reason == "there is no move to take back"
    with pytest.raises(IllegalAction) as not_yours:
        take_back(header, [*entries, ann_pass], "bob")
    assert not_yours.value.reason == "the last move is ann's, not bob's"
    taken = take_back(header, [*entries, ann_pass], "ann")
    undo = taken.game.log[-1]
    assert (undo.kind, undo.text, undo.actor) == (
        EventKind.UNDO,
        "ann took back their last move",
        "ann",
    )
    assert taken.events and {e.actor for e in taken.events} == {"ann"}  # the pass, as made
    replayer = Replayer(header)
    for entry in [*entries, ann_pass]:
        replayer.apply(entry)
    [said] = replayer.apply(undo_entry("ann"))
    assert (said.kind, said.text, said.actor) == (undo.kind, undo.text, "ann")


def test_a_final_move_says_why_it_is_final() -> None:
    over = [Event(EventKind.GAME_OVER, "Game over")]
    left = [Event(EventKind.LEAVE, "ann left", "ann")]
    assert final_reason(over) == "it ended the game"
    assert final_reason([*left, *over]) == "it ended the game"
    assert final_reason(left) == "leaving a game is final"
    assert final_reason([Event(EventKind.UNDO, "")]) is None
    refused = CannotTakeBack("it ended the game")
    assert (refused.why, refused.reason) == (
        "it ended the game",
        "that move cannot be taken back: it ended the game",
    )
