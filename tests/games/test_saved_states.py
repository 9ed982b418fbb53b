"""A saved state of each game kind's current `state_version`, kept in a file, loads as
the game its replay plays. Saving and loading read the same `state_version`, so a
round trip alone passes whatever that constant says and whatever the format becomes;
a file written by an earlier engine does not. A change of format then needs a new
version, its file (`python -m tests.games.saved_states`) and a migration that still
loads every older file here."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.protocol import StateFormatError
from games.registry import game_class
from tests.games.saved_states import BUILT_IN_KINDS, DATA, state_file


def load(path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def replayed(kind: str, replay: dict[str, Any]):
    game = game_class(kind).from_replay({k: v for k, v in replay.items() if k != "actions"})
    for action in replay["actions"]:
        game.apply_json(action)
    return game


@pytest.mark.parametrize("kind", BUILT_IN_KINDS)
def test_the_current_versions_file_loads_as_the_game_its_replay_plays(kind):
    cls = game_class(kind)
    path = state_file(kind, cls.state_version)
    assert path.exists(), f"no saved {kind} state of version {cls.state_version} in tests"
    data = load(path)
    assert data["state"]["version"] == cls.state_version
    loaded = cls.from_json(data["state"])
    expected = replayed(kind, data["replay"])
    assert loaded.to_json() == expected.to_json() == data["state"]
    assert loaded.state_json() == expected.state_json()
    for player in loaded.players:
        assert loaded.view_for(player) == expected.view_for(player)
        assert loaded.legal_actions(player) == expected.legal_actions(player)


@pytest.mark.parametrize("kind", BUILT_IN_KINDS)
def test_every_older_versions_file_still_loads(kind):
    """Older files migrate: the game they load is the game their replay plays."""
    cls = game_class(kind)
    for path in sorted(DATA.glob(f"{kind}-state-v*.json")):
        data = load(path)
        loaded = cls.from_json(data["state"])
        assert loaded.state_json() == replayed(kind, data["replay"]).state_json(), path.name


@pytest.mark.parametrize("kind", BUILT_IN_KINDS)
def test_a_version_this_engine_does_not_know_is_refused(kind):
    cls = game_class(kind)
    data = load(state_file(kind, cls.state_version))["state"]
    with pytest.raises(StateFormatError, match="version"):
        cls.from_json({**data, "version": cls.state_version + 1})
