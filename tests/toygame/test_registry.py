"""The registry of game kinds (games/registry.py) is the one list every part reads: with
a fifth kind registered ("tac", tests/toygame/fifth.py, beside the toy game this folder
registers around each test), the replay command, the benchmarks, the computer players,
the gallery and the bot all see it, and once it is unregistered none does."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import games.__main__ as command_line
from bot.client import GameBot, game_packages
from bot.core.settings import Settings
from games import ai, bench, registry
from games.ai import bench as ai_bench
from games.protocol import GameError, StateFormatError
from games.replay import export
from render.tools.gallery import images
from tests.stress import bench_ratings
from tests.toygame import fifth

BUILT_IN = [kind.name for kind in registry.BUILT_IN]


@pytest.fixture
def tac() -> Iterator[registry.Kind]:
    with registry.registered(fifth.ENTRY) as entry:
        yield entry
    assert "tac" not in registry.kind_names()
    assert fifth.ENTRY.bot not in game_packages()


def test_the_registry_holds_this_projects_games_then_the_others(tac: registry.Kind) -> None:
    assert registry.kind_names() == (*BUILT_IN, "toy", "tac")
    assert registry.get("tac") is tac and registry.game_class("tac") is fifth.Tac
    assert registry.available_kinds() == [*BUILT_IN, "toy", "tac"]
    with pytest.raises(ValueError, match="registered twice"):
        registry.register(fifth.ENTRY)
    with pytest.raises(ValueError, match="this project's games"):
        registry.unregister("grass")


def test_an_unknown_kind_is_a_format_error() -> None:
    with pytest.raises(StateFormatError, match="unknown game 'tac'"):
        registry.game_class("tac")
    with pytest.raises(GameError, match="no computer player"):
        ai.make_ai("tac", "easy")


def test_an_entry_fills_in_its_packages() -> None:
    entry = registry.Kind("chess", "chess.engine:Chess")
    assert (entry.render, entry.bot, entry.computer, entry.levels) == (
        "render.chess",
        "bot.exts.chess",
        None,
        (),
    )
    with pytest.raises(ValueError, match="module:attr"):
        registry.Kind("chess", "chess.Chess")
    with pytest.raises(ValueError, match="lowercase identifier"):
        registry.Kind("Chess!", "chess:Chess")


def test_the_replay_command_plays_and_replays_the_fifth_kind(
    tac: registry.Kind, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    choices = command_line.parser().parse_args(["play", "tac"])
    assert choices.game == "tac"
    game = fifth.Tac.create(["ann", "bob"], {}, 3)
    actions = [{"by": "ann", "mark": "b2"}, {"by": "bob", "mark": "a1"}]
    for action in actions:
        game.apply_json(action)
    path = tmp_path / "tac.json"
    path.write_text(json.dumps(export(game, actions)), encoding="utf-8")
    assert command_line.main(["replay", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["game"] == "tac" and printed["board"] == ["O..", ".X.", "..."]


def test_the_benchmarks_and_computer_players_see_the_fifth_kind(tac: registry.Kind) -> None:
    assert "tac" in bench.benched() and bench.players("tac") == ["ann", "bob"]
    assert ai_bench.players() == {"grass": 3, "gracias": 4, "graps": 2, "tac": 2}
    assert ai_bench.iterations()["tac"] == 10
    games, players, iterations = bench_ratings.defaults()
    assert "tac" in games and players["tac"] == 2 and iterations["tac"] == 10
    # The toy game has no computer players: no benchmark of their strength lists it.
    assert "toy" not in ai_bench.players() and "toy" not in games
    assert isinstance(ai.make_ai("tac", "easy"), fifth.FirstLegal)
    assert tac.levels == (registry.Level.RANDOM, registry.Level.EASY)
    with pytest.raises(GameError, match="no hard computer player"):
        ai.make_ai("tac", "hard")
    with pytest.raises(GameError, match="no computer player"):
        ai.make_ai("toy", "easy")


def test_the_gallery_finds_the_pictures_of_the_registered_kinds(tac: registry.Kind) -> None:
    # Both kinds draw with the toy game's package (tests/toygame/render.py).
    pictures = [(name, draw()) for name, draw in images() if name.startswith("toy-")]
    assert [name for name, _ in pictures] == ["toy-board.png", "toy-board.png"]
    assert all(image.width > 0 and image.height > 0 for _, image in pictures)


async def test_the_bot_hosts_every_registered_kind(tac: registry.Kind, tmp_path: Path) -> None:
    assert game_packages()[-2:] == ["tests.toygame", "tests.toygame.fifthbot"]
    async with GameBot(Settings(token=None, database_path=tmp_path / "db.sqlite3")) as bot:
        await bot.load_everything()
        assert list(bot.kinds) == [*BUILT_IN, "toy", "tac"]
        assert bot.kinds["tac"].engine is fifth.Tac and bot.kinds["tac"].computer_players
        assert not bot.kinds["toy"].computer_players
        names = {command.qualified_name for command in bot.tree.walk_commands()}
        assert {"toy start", "tac start", "tac mark"} <= names
