"""Readable sizes in bot/ (docs/architecture.md, "How these counts are taken"): a module
reads in one sitting (at most 600 lines), a function on one or two screens (at most 80),
and the kind records are looked up by name in few places (at most 12), where a stored
row or a typed option names its kind; everything else is handed its `GameKind`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
MODULE_LINES = 600
FUNCTION_LINES = 80
KIND_LOOKUPS = 12
LOOKUP = re.compile(r"kinds(\[(?!\d)|\.get\()")
"""`kinds[name]` or `kinds.get(name)`; not `kinds[0]`, the first of a list."""


def sources() -> list[Path]:
    return sorted(BOT.rglob("*.py"))


def long_functions(source: str, most: int) -> dict[str, int]:
    return {
        node.name: length
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and (length := (node.end_lineno or node.lineno) - node.lineno + 1) > most
    }


def test_no_module_of_the_bot_is_over_600_lines():
    long = {
        str(path.relative_to(ROOT)): lines
        for path in sources()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_LINES
    }
    assert long == {}


def test_no_function_of_the_bot_is_over_80_lines():
    found = {}
    for path in sources():
        if long := long_functions(path.read_text(encoding="utf-8"), FUNCTION_LINES):
            found[str(path.relative_to(ROOT))] = long
    assert found == {}


def test_kinds_are_looked_up_by_name_in_at_most_12_places():
    sites = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sources()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if LOOKUP.search(line)
    ]
    assert len(sites) <= KIND_LOOKUPS, sites


def test_the_checks_see_what_they_count():
    body = "\n".join(f"    x = {n}" for n in range(81))
    assert long_functions(f"def f():\n{body}\n\ndef g():\n    pass\n", 80) == {"f": 82}
    assert long_functions(f"async def f():\n{body}\n", 81) == {"f": 82}
    assert LOOKUP.search("record = self.kinds[row.kind]")
    assert LOOKUP.search("kind = bot.kinds.get(name)")
    assert not LOOKUP.search("first = kinds[0].name")
