"""The game kinds are listed once, in games/registry.py: no other module of games/,
bot/ or render/ spells out the kinds together (a tuple, list, set or dict naming
grass, gracias and graps), so that adding a game adds its entry there and touches no
other list. Checked on the sources' literals."""

from __future__ import annotations

import ast
from pathlib import Path

from games.registry import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
NAMES = {kind.name for kind in BUILT_IN}
EXEMPT = {
    "games/registry.py": "the one list",
    # A line saying what each game is, in words to translate; a kind missing from it is
    # still listed (with its player count): not a list of the kinds the bot hosts.
    "bot/exts/help.py": "each game's line of /help",
}


def lists_of_kinds(source: str) -> list[int]:
    """The lines of the literals naming every built-in kind."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [key for key in node.keys if key is not None]
        else:
            continue
        named = {item.value for item in items if isinstance(item, ast.Constant)}
        if named >= NAMES:
            found.append(node.lineno)
    return found


def test_no_module_but_the_registry_lists_the_kinds() -> None:
    found = {
        str(path.relative_to(ROOT)): lines
        for package in ("games", "bot", "render")
        for path in sorted((ROOT / package).rglob("*.py"))
        if str(path.relative_to(ROOT)) not in EXEMPT
        and (lines := lists_of_kinds(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_check_sees_a_list_of_kinds() -> None:
    # It must find such lists, or the test above would pass on nothing.
    assert lists_of_kinds('KINDS = ("graps", "gracias", "grass")') == [1]
    assert lists_of_kinds('PLAYERS = {"grass": 3, "gracias": 4, "graps": 2}') == [1]
    assert lists_of_kinds('f(choices=["grass", "gracias", "graps", "toy"])') == [1]
    assert lists_of_kinds('ABOUT = {"grass": 1, "gracias": 2}') == []
    assert lists_of_kinds((ROOT / "bot/exts/help.py").read_text(encoding="utf-8"))
