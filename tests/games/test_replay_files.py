"""`python -m games replay` on files from anywhere (audit finding 1): whatever a file
holds, the command ends with its documented exit status and a sentence, never a
traceback or a long wait. Random files, and a real game's file mutated at random."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.__main__ import main
from games.grass import Grass
from games.takeback import undo_entry

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**4000), max_value=10**4000)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=40,
)


def replay_file() -> dict[str, Any]:
    """A real Grass game's replay file, its log ending in take-backs."""
    game = Grass.create(["ann", "bob", "cy"], seed=3)
    header = game.replay_header()
    actions: list[Any] = []
    rng = random.Random(3)
    while len(actions) < 60 and game.outcome() is None:
        player = rng.choice(game.awaiting)
        action = rng.choice(game.legal_actions(player))
        game.apply(action)
        actions.append(action.to_json())
    actions += [undo_entry(actions[-1]["by"])] * 3
    return {**header, "actions": actions}


def run(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "file.json"
    path.write_text(text, encoding="utf-8")
    status = main(["replay", str(path)])
    return status, capsys.readouterr().err


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(JSON_VALUES)
def test_any_json_ends_in_a_documented_status(tmp_path, capsys, data):
    status, err = run(tmp_path, json.dumps(data), capsys)
    assert status in (0, 1, 2)
    assert status == 0 or (err.strip() and "Traceback" not in err)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_real_file_mutated_ends_in_a_documented_status(tmp_path, capsys, data):
    file = replay_file()
    key = data.draw(st.sampled_from([*file, "actions"]))
    if key == "actions" and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(file["actions"]) - 1))
        file["actions"][index] = data.draw(JSON_VALUES)
    else:
        file[key] = data.draw(JSON_VALUES)
    text = json.dumps(file)
    if data.draw(st.booleans()):  # cut short
        text = text[: data.draw(st.integers(0, len(text)))]
    status, err = run(tmp_path, text, capsys)
    assert status in (0, 1, 2)
    assert status == 0 or (err.strip() and "Traceback" not in err)
