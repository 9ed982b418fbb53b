"""Every storage a test opens is closed whatever the test's result: an open SQLite
connection's worker thread keeps the test process alive, so a failing test would hang
the run instead of failing it (tests/bot/core/conftest.py, `opened`).

The rule, read from the tests' source: each `Storage.open(...)` under tests/ is in a
function whose `try` closes a storage in its `finally`, is in a pytest fixture that
closes it after its `yield` (which runs whatever the test's result), is closed at once
(`await (await Storage.open(x)).close()`), or is expected to fail (in `pytest.raises`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

TESTS = Path(__file__).parent


def _opens(tree: ast.AST) -> Iterator[tuple[ast.Call, list[ast.AST]]]:
    """Each `Storage.open(...)` call with the nodes around it, outermost first."""

    def walk(node: ast.AST, around: list[ast.AST]) -> Iterator[tuple[ast.Call, list[ast.AST]]]:
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "Storage.open":
            yield node, around
        for child in ast.iter_child_nodes(node):
            yield from walk(child, [*around, node])

    yield from walk(tree, [])


def _closes_in_finally(function: ast.AST) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Try):
            for statement in node.finalbody:
                for inner in ast.walk(statement):
                    if isinstance(inner, ast.Attribute) and inner.attr == "close":
                        return True
    return False


def _closed(call: ast.Call, around: list[ast.AST]) -> bool:
    parents = [*around]
    if (
        len(parents) >= 2
        and isinstance(parents[-1], ast.Await)
        and isinstance(parents[-2], ast.Attribute)
        and parents[-2].attr == "close"
    ):
        return True  # closed at once
    for node in parents:
        if isinstance(node, ast.With | ast.AsyncWith) and any(
            "pytest.raises" in ast.unparse(item.context_expr) for item in node.items
        ):
            return True  # the open is expected to fail
    functions = [n for n in parents if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    if any(_fixture_closes_after_yield(function) for function in functions):
        return True
    return any(_closes_in_finally(function) for function in functions[-2:])


def _fixture_closes_after_yield(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A pytest fixture's code after its `yield` runs whatever the test's result."""
    if not any("pytest.fixture" in ast.unparse(d) for d in function.decorator_list):
        return False
    after = False
    for statement in function.body:
        if after and any(
            isinstance(node, ast.Attribute) and node.attr == "close" for node in ast.walk(statement)
        ):
            return True
        after = after or any(isinstance(node, ast.Yield) for node in ast.walk(statement))
    return False


def unclosed_opens(source: str, name: str = "<test>") -> list[str]:
    tree = ast.parse(source)
    return [f"{name}:{call.lineno}" for call, around in _opens(tree) if not _closed(call, around)]


def test_every_storage_a_test_opens_is_closed_in_a_finally():
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        found += unclosed_opens(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS)))
    assert found == []


def test_the_rule_itself_tells_an_unclosed_open_from_a_closed_one():
    unclosed = """
async def test_x(tmp_path):
    storage = await Storage.open(tmp_path / "a")
    await storage.create_game()
    await storage.close()
"""
    closed = """
async def test_x(tmp_path):
    storage = await Storage.open(tmp_path / "a")
    try:
        await storage.create_game()
    finally:
        await storage.close()
"""
    at_once = "async def f(url):\n    await (await Storage.open(url)).close()\n"
    refused = "async def f(url):\n    with pytest.raises(E):\n        await Storage.open(url)\n"
    assert unclosed_opens(unclosed) == ["<test>:3"]
    assert unclosed_opens(closed) == unclosed_opens(at_once) == unclosed_opens(refused) == []
