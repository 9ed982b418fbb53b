"""No import cycle inside `bot/` or `games/`, type-only imports included: a module
that needs another only for its types still depends on it, and a cycle means two
modules that cannot be read, tested or moved apart. Checked on the sources' imports
(at any depth: inside functions and `if TYPE_CHECKING:` too)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(package: str) -> dict[str, set[str]]:
    """Each module of `package` and the modules of `package` it imports."""
    modules = {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # `from a.b import c`: the module a.b.c when c is one, else a.b itself
                for alias in node.names:
                    module = f"{node.module}.{alias.name}"
                    targets.append(module if module in modules else node.module)
            for target in targets:
                if target in modules and target != name:
                    found.add(target)
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_bot_has_no_import_cycle() -> None:
    assert cycles(imports("bot")) == []


def test_games_have_no_import_cycle() -> None:
    assert cycles(imports("games")) == []


def test_the_checker_finds_a_cycle() -> None:
    # The checks above must be able to fail: a made-up pair importing each other.
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert "bot.core.storage" in imports("bot")["bot.client"]
