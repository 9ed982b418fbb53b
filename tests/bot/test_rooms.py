"""The rooms of bot/ keep their shape (docs/architecture.md): the machinery in bot/core
never reaches up into the extensions or the client; a game is changed only by the
services of bot/core, so no lock is taken anywhere else; bot/exts holds extensions
(and private modules they share) and nothing else, found by walking the package."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from bot.client import EXTENSIONS, walk_extensions
from tests.sources import imports

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def test_the_core_never_imports_the_extensions_or_the_client():
    for path in modules(BOT / "core"):
        name = module_name(path)
        reached = {
            module
            for module in imports(path.read_text(), name)
            if module == "bot.client" or module.startswith(("bot.exts", "bot.client."))
        }
        assert not reached, f"{name} imports {sorted(reached)}"


def lock_sites(source: str) -> list[int]:
    """The lines of `async with` statements that take a lock (any expression naming one:
    `session.lock`, `sessions.lock(game_id)`, a `lobby_lock`)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.AsyncWith):
            for item in node.items:
                if "lock" in ast.unparse(item.context_expr).lower():
                    lines.append(node.lineno)
    return lines


def test_no_lock_is_taken_outside_the_core():
    # Outside bot/core a game is read through its session's snapshots
    # (`Session.snapshot`, `HandMessages.private_snapshot`), never locked by hand.
    outside = [path for path in modules(BOT) if not path.is_relative_to(BOT / "core")]
    found = {str(path.relative_to(ROOT)): lock_sites(path.read_text()) for path in outside}
    assert {path: lines for path, lines in found.items() if lines} == {}


def test_lock_sites_are_found():
    # The check above sees what it looks for.
    source = "async def f(s):\n    async with s.lock:\n        pass\n"
    assert lock_sites(source) == [2]
    assert lock_sites("async def f(s):\n    async with s.transaction():\n        pass\n") == []


def test_every_module_of_the_extensions_package_is_an_extension_or_private():
    extensions = set(walk_extensions(EXTENSIONS))
    for path in modules(BOT / "exts"):
        name = module_name(path)
        if name == EXTENSIONS or any(part.startswith("_") for part in name.split(".")[2:]):
            continue  # the package itself; a private module
        owner = next(
            (e for e in extensions if name == e or name.startswith(f"{e}.")),
            None,
        )
        assert owner is not None, f"{name} is neither an extension nor private"


def test_the_walk_finds_modules_and_packages_with_a_setup_and_skips_private_ones():
    found = list(walk_extensions(EXTENSIONS))
    assert "bot.exts.router" in found and "bot.exts.grass" in found
    assert not any("._" in name for name in found)
    assert not any(name.startswith("bot.exts.grass.") for name in found)
    for name in found:
        assert callable(importlib.import_module(name).setup)


def test_no_module_imports_an_extension():
    # discord.py imports each extension afresh as it loads it: a module imported before
    # by another would then exist twice, each with its own classes and state. What
    # extensions share lives in private modules or in bot/core.
    extensions = set(walk_extensions(EXTENSIONS))
    for path in modules(BOT):
        name = module_name(path)
        home = next((e for e in extensions if name == e or name.startswith(f"{e}.")), None)
        for imported in imports(path.read_text(), name):
            owner = next(
                (e for e in extensions if imported == e or imported.startswith(f"{e}.")),
                None,
            )
            assert owner is None or owner == home, f"{name} imports the extension {owner}"


SCREEN_SIDE = {
    "activity_server",  # the Activity's server asks Discord at discord.py's REST base
    "errors",  # answering an interaction: a refusal, an apology
    "followers",  # the table in the DMs of members following a game
    "gameui",  # the games' buttons and menus
    "handmessages",  # the hands in the DMs
    "howto",  # the rules' answers, with their menus
    "kinds",  # a kind's record names its commands' cog
    "language",  # the translator of the slash commands, an interaction's language
    "layout",  # messages laid out in Components V2
    "lobby_messages",  # a lobby drawn as a message
    "pictures",  # attachments
    "publisher",  # the screen itself (bot/core/screen.py)
    "sharing",  # the Share button of private answers
    "summary",  # the score sheet's message
    "table_words",  # the table message's words, laid out with their picture
    "takeback",  # the take-back buttons
    "tree",  # the command tree
}
"""The modules of bot/core that draw on Discord. Every other module of bot/core, the
services first (sessions, lobbies, tables, turns, take-back requests), works with ids,
names and plain values, and reaches the screen through `Screen` (bot/core/screen.py)."""


def core_modules() -> dict[str, Path]:
    """bot/core's modules by their name in it (the storage package counts as one)."""
    found = {path.stem: path for path in (BOT / "core").glob("*.py") if path.stem != "__init__"}
    found["storage"] = BOT / "core" / "storage"
    return found


def imports_discord(path: Path) -> bool:
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    for file in files:
        name = module_name(file)
        if any(m == "discord" or m.startswith("discord.") for m in imports(file.read_text(), name)):
            return True
    return False


def test_only_the_screen_side_of_the_core_imports_discord():
    modules = core_modules()
    assert modules.keys() >= SCREEN_SIDE, "a screen-side module was renamed or removed"
    services = {"sessions", "session", "lobbies", "tables", "turns", "takeback_requests"}
    assert services <= modules.keys() - SCREEN_SIDE
    found = sorted(name for name, path in modules.items() if imports_discord(path))
    assert found == sorted(SCREEN_SIDE)


def test_every_module_of_the_core_has_its_test_module():
    # As python-discord/bot and boardgame.io do: the rules of `bot/core/x.py` are tested
    # in `tests/bot/core/test_x.py`, where a reader of the module looks for them.
    tests = ROOT / "tests" / "bot" / "core"
    missing = sorted(name for name in core_modules() if not (tests / f"test_{name}.py").exists())
    assert missing == []
