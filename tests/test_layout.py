"""No test module imports another test module: what several test modules share lives
in a helper module (tests/bot/table.py, tests/games/grass/helpers.py...). A test module
imported by another is run for its own tests and read for its helpers, so moving,
renaming or deleting a test breaks tests elsewhere. Checked on the sources' imports (at
any depth, relative imports included) of every `tests/**/test_*.py`."""

from __future__ import annotations

from pathlib import Path

from tests.sources import imports, module_name

ROOT = Path(__file__).resolve().parent.parent


def imported_test_modules(source: str, module: str) -> set[str]:
    """The test modules (named `test_*`) among what `module` imports, itself aside."""
    return {
        name
        for name in imports(source, module)
        if name.rpartition(".")[2].startswith("test_") and name != module
    }


def sources() -> list[Path]:
    return sorted((ROOT / "tests").rglob("test_*.py"))


def test_no_test_module_imports_another_test_module() -> None:
    found = {}
    for path in sources():
        imported = imported_test_modules(path.read_text(encoding="utf-8"), module_name(path))
        if imported:
            found[str(path.relative_to(ROOT))] = sorted(imported)
    assert found == {}, "move what they share into a helper module"


def test_the_checker_finds_imports_of_test_modules() -> None:
    # The check above must be able to fail: a made-up source importing test modules in
    # every form, among helper imports that are allowed.
    source = """
import suite.bot.test_lobby
from suite.bot.exts.test_timers import deadline
from suite.games.grass import test_specials as specials, helpers
from .test_rules import play
from ..grass.test_cli import run
from . import test_notation, invariants
from suite.bot.table import start_game


def later():
    from suite.bot.test_storage import game
"""
    assert imported_test_modules(source, "suite.games.gracias.test_leave") == {
        "suite.bot.test_lobby",
        "suite.bot.exts.test_timers",
        "suite.games.grass.test_specials",
        "suite.games.gracias.test_rules",
        "suite.games.grass.test_cli",
        "suite.games.gracias.test_notation",
        "suite.bot.test_storage",
    }
    # The walk reads the real test files, and resolves their relative imports.
    assert len(sources()) > 50
    hidden = ROOT / "tests" / "games" / "ai" / "test_hidden.py"
    assert "tests.games.ai.play" in imports(hidden.read_text(encoding="utf-8"), module_name(hidden))
