"""The architecture's boundaries (STYLE.md, point 1): games/ imports only the standard
library; render/ never imports discord or aiosqlite, and one game's render package
never imports another's. Checked on the source's imports."""

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


def imported_modules(path: Path) -> set[str]:
    """The modules a source file imports by absolute name (`from a import b`: a and a.b)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_a_game_s_render_package_imports_no_other_game_s() -> None:
    # What two games draw alike (the score sheets' marks, the progress strip) is shared
    # at the top of render/, not borrowed from one game's package by another.
    kinds = sorted(path.parent.name for path in (ROOT / "render").glob("*/__init__.py"))
    kinds.remove("tools")
    kinds.remove("web")  # the web page's shared drawing (render/web/), every kind's
    assert {"grass", "gracias", "graps"} <= set(kinds)
    bad = {}
    for kind in kinds:
        for path in sorted((ROOT / "render" / kind).rglob("*.py")):
            others = {
                name
                for name in imported_modules(path)
                for other in kinds
                if other != kind
                and (name == f"render.{other}" or name.startswith(f"render.{other}."))
            }
            if others:
                bad[str(path.relative_to(ROOT))] = sorted(others)
    assert bad == {}


def test_the_shared_drawing_imports_no_game_s_render_package_nor_the_tools() -> None:
    # render/'s top-level modules and render/web (the web page's drawing) are what every
    # kind builds on; prepare() in render/__init__.py warms the Grass card faces, so
    # render/__init__.py is left out.
    shared = {path.stem for path in (ROOT / "render").glob("*.py")} | {"web"}
    bad = {}
    for path in sorted((ROOT / "render").glob("*.py")):
        packages = {
            name
            for name in imported_modules(path)
            if name.startswith("render.") and name.split(".")[1] not in shared
        }
        if packages and path.name != "__init__.py":
            bad[path.name] = sorted(packages)
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
