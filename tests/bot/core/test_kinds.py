"""The game kinds' records (bot/core/kinds.py) of the three built-in games, read from
their packages (`bot.exts.<name>.KIND`): each agrees with its entry in
games/registry.py, names its command group after itself with its hand and leave
subcommands, leaves the named player out of the game's turns, and has its rules
document; `check` refuses a record the registry does not back, and a missing rules
file is said in words."""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path
from typing import Any

import pytest

from bot.core.kinds import GameKind, Pictures, points
from games import registry
from games.registry import BUILT_IN
from tests.toygame import ENTRY as TOY_ENTRY
from tests.toygame import KIND as TOY

KINDS: list[GameKind] = [importlib.import_module(kind.bot).KIND for kind in BUILT_IN]
"""Each built-in kind's record, from the package its registry entry names."""
IDS = [kind.name for kind in KINDS]


@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_each_record_agrees_with_its_registry_entry(kind: GameKind) -> None:
    kind.check()
    assert kind.entry is registry.get(kind.name)
    assert kind.engine is kind.entry.engine_class() and kind.engine.kind == kind.name
    assert kind.computer_players and kind.entry.computer is not None
    # The package's extension `setup` is the record's own (the module as imported now:
    # loading the extensions, as the catalogs' tool does, imports them afresh).
    package = importlib.import_module(kind.entry.bot)
    assert package.KIND.name == kind.name and package.setup == package.KIND.setup


@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_each_kind_names_its_command_group_and_its_hand_and_leave_commands(
    kind: GameKind,
) -> None:
    group: Any = kind.commands
    assert group.__cog_group_name__ == kind.name
    names = {command.name for command in group.__cog_app_commands__}
    assert {kind.words.hand_command, kind.words.leave_command, "start", "rules"} <= names


@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_the_leave_action_takes_the_awaited_player_out_of_the_turns(kind: GameKind) -> None:
    players = ["ann", "bob"] if kind.name == "graps" else ["ann", "bob", "cy", "dee"]
    engine = kind.engine.create(players, {}, 7)
    first = engine.awaiting[0]
    action = kind.leave(first)
    assert action.by == first
    engine.apply(action)
    assert first not in engine.awaiting and not engine.legal_actions(first)


@pytest.mark.parametrize("kind", KINDS, ids=IDS)
def test_each_kinds_rules_document_is_its_docs_file(kind: GameKind) -> None:
    path = kind.rules_file()
    assert path.parts[-3:] == ("docs", "rules", f"{kind.name}.md") and path.is_file()
    rules = kind.rules()
    assert rules.startswith(f"# {kind.words.title}") and rules == path.read_text("utf-8")
    assert kind.rules_name == f"{kind.name}-rules.md"


def test_a_missing_rules_document_is_said_in_words(tmp_path: Path) -> None:
    moved = dataclasses.replace(KINDS[0], rules_path=tmp_path / "gone.md")
    assert moved.rules() == (
        f"The rules document ({KINDS[0].name}-rules.md) is missing from this installation."
    )


def test_check_refuses_a_record_the_registry_does_not_back() -> None:
    stray = dataclasses.replace(KINDS[0], name="stray")
    with pytest.raises(ValueError) as refused:
        stray.check()
    assert str(refused.value) == "the game kind stray is not in games/registry.py"
    with registry.registered(TOY_ENTRY):
        TOY.check()  # no computer players and no turn timer: agreed
        timed = dataclasses.replace(TOY, turn_minutes=3)
        with pytest.raises(ValueError) as refused:
            timed.check()
    assert str(refused.value) == "toy has no computer players, so no turn timer"


def test_a_score_sheet_is_the_table_picture_unless_the_kind_draws_one() -> None:
    grass = registry.get("grass")
    drawn = next(kind.pictures for kind in KINDS if kind.name == grass.name)
    assert drawn.scores is not None and drawn.score_sheet is drawn.scores
    table_only = Pictures(drawn.table)
    assert table_only.score_sheet is drawn.table
    assert (points(1), points(19)) == ("1 point", "19 points")
