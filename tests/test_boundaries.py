"""The architecture's boundaries (STYLE.md, point 1): games/ imports only the standard
library; render/ never imports discord or aiosqlite. Checked on the source's imports."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_top_modules(package: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_games_import_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"games", "__future__"}
    bad = {
        path: sorted(names - allowed)
        for path, names in imported_top_modules("games").items()
        if names - allowed
    }
    assert bad == {}


def test_render_never_imports_discord_or_the_database() -> None:
    forbidden = {"discord", "aiosqlite", "bot", "sqlite3"}
    bad = {
        path: sorted(names & forbidden)
        for path, names in imported_top_modules("render").items()
        if names & forbidden
    }
    assert bad == {}


def test_the_checker_sees_imports() -> None:
    # The walk must find real imports, or the tests above would pass on nothing.
    assert "games" in imported_top_modules("games")["games/__init__.py"]


def test_lang_imports_only_babel_and_games():
    # lang/ sits between games/ and the layers that show words: render/ and bot/ use it,
    # it uses neither (the extraction tool, which reads the bot's command tree, is the
    # bot's: bot/catalogs.py).
    allowed = set(sys.stdlib_module_names) | {"games", "lang", "babel", "__future__"}
    bad = {
        path: sorted(names - allowed)
        for path, names in imported_top_modules("lang").items()
        if names - allowed
    }
    assert bad == {}
