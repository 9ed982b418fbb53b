"""The scores of the last `make mutation` run, per module: of the mutants that are not
equivalent (tests/mutation/equivalent.txt), the share the tests caught.

`python -m tests.mutation.scores [MODULE...]` reads mutmut's results (mutants/*.meta);
a mutant counts as caught when a test failed or timed out on it, as missed when every
test passed ("survived") or no test reached it ("no tests"). Mutants not run yet are
counted apart. `--missed` lists the missed ones by name (`mutmut show NAME` shows one).

`--earlier DIR`: the results of an earlier whole run (a copy of its mutants/ folder's
.meta files) fill in every mutant this run did not try. mutmut forgets the earlier
results once the tests change, so the survivors of a whole run are run again by name
after the tests they led to, and the scores combine both: a new test can only add
catches, so a mutant caught before stays caught.

A judgment names a mutant, and mutmut numbers a function's mutants afresh whenever
the function changes: the same name may then be another change. So each entry of
equivalent.txt also pins the code its mutant changes (between double backquotes), and
counts only while the mutant of that name still changes that code and is not caught;
any other entry is printed as a judgment to make again, and its mutant counts as what
the run found. `--pin` writes the current code into the entries that have none (after
adding judgments by name).
"""

from __future__ import annotations

import ast
import difflib
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MUTANTS = ROOT / "mutants"
EQUIVALENT = Path(__file__).parent / "equivalent.txt"
CAUGHT = {1, 3, 36, 37, -24, 24, 152, 255}  # killed, pytest error, timeouts, type check
MISSED = {0, 5, 33, 35}  # survived, no tests, suspicious
FOCUS = [
    "games/gracias/scoring.py",
    "games/graps/engine.py",
    "games/grass/effects.py",
    "bot/core/skill.py",
]


ENTRY = re.compile(r"(?P<name>\S+)(?:\s+``(?P<code>.*?)``)?(?:\s+(?P<why>.*))?")


def equivalent() -> dict[str, str | None]:
    """The judged mutants: each name and the code it was judged on (None: not pinned)."""
    judged: dict[str, str | None] = {}
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        entry = ENTRY.fullmatch(line.strip())
        assert entry is not None, line
        assert entry["name"] not in judged, f"judged twice: {entry['name']}"
        judged[entry["name"]] = entry["code"]
    return judged


SHOWN_NAME = re.compile(r"\bx(ǁ\w+ǁ|_)(\w+?)__mutmut_orig\b")  # the function's own name


def changed_code(mutant: str, original: str) -> str:
    """The lines a mutant's function changes, stripped and joined by a space; a line it
    removes is marked with a leading "-". Both functions are compared under one name
    (mutmut names each copy, and may change its defaults too)."""
    before = original.splitlines()
    after = mutant.splitlines()
    after[0] = re.sub(r"__mutmut_\w+", "__mutmut_orig", after[0], count=1)
    lines: list[str] = []
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, low_a, high_a, low, high in matcher.get_opcodes():
        if tag in ("replace", "insert"):
            lines.extend(line.strip() for line in after[low:high])
        elif tag == "delete":
            lines.extend("-" + line.strip() for line in before[low_a:high_a])
    return SHOWN_NAME.sub(r"\2", " ".join(lines))


def mutations(folder: Path | None = None) -> dict[str, str]:
    """Every mutant in mutmut's mutated sources (mutants/*.py) and the code it changes."""
    found: dict[str, str] = {}
    folder = folder or MUTANTS
    for source_file in sorted(folder.rglob("*.py")):
        module = str(source_file.relative_to(folder))[: -len(".py")].replace("/", ".")
        source = source_file.read_text(encoding="utf-8")
        lines = source.splitlines()
        functions = {
            node.name: "\n".join(lines[node.lineno - 1 : node.end_lineno])
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        }
        for name, text in functions.items():
            stem, mark, number = name.rpartition("__mutmut_")
            if not mark or number == "orig":
                continue
            original = functions.get(f"{stem}__mutmut_orig")
            if original is not None:
                found[f"{module}.{name}"] = changed_code(text, original)
    return found


def pin(folder: Path | None = None) -> int:
    """Write the current code into every judgment that has none; the number written."""
    codes = mutations(folder)
    lines = EQUIVALENT.read_text(encoding="utf-8").splitlines()
    written = 0
    for number, line in enumerate(lines):
        entry = None if line.startswith("#") else ENTRY.fullmatch(line.strip())
        if entry is None or entry["code"] is not None or entry["name"] not in codes:
            continue
        lines[number] = (
            f"{entry['name']}  ``{codes[entry['name']]}``  {entry['why'] or ''}".rstrip()
        )
        written += 1
    EQUIVALENT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return written


def judged_now(
    judged: dict[str, str | None], codes: dict[str, str], found: dict[str, int | None]
) -> tuple[set[str], list[str]]:
    """The judgments that hold for this run, and those to make again: a mutant whose
    code is no longer the pinned one, or that a test caught."""
    holding: set[str] = set()
    again: list[str] = []
    for name, code in judged.items():
        if name not in found:
            continue
        if (code is not None and name in codes and codes[name] != code) or found[name] in CAUGHT:
            again.append(name)
        else:
            holding.add(name)
    return holding, again


def results(folder: Path | None = None) -> dict[str, dict[str, int | None]]:
    """Each mutated module's mutants and their exit codes (None: not run)."""
    found = {}
    folder = folder or MUTANTS
    for meta in sorted(folder.rglob("*.py.meta")):
        module = str(meta.relative_to(folder))[: -len(".meta")]
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        if codes:
            found[module] = codes
    return found


def combined(earlier: Path | None) -> dict[str, dict[str, int | None]]:
    """This run's results, a mutant it did not try taking the earlier run's result."""
    now = results()
    if earlier is None:
        return now
    before = results(earlier)
    for module, codes in now.items():
        old = before.get(module, {})
        for name, code in codes.items():
            if code is None:
                codes[name] = old.get(name)
    return now


def main(argv: list[str]) -> int:
    show_missed = "--missed" in argv
    earlier = None
    if "--pin" in argv:
        print(f"{pin()} judgments pinned to their code")
        return 0
    if "--earlier" in argv:
        at = argv.index("--earlier")
        earlier = Path(argv[at + 1])
        argv = argv[:at] + argv[at + 2 :]
    wanted = [a for a in argv if not a.startswith("--")]
    found = combined(earlier)
    flat = {name: code for codes in found.values() for name, code in codes.items()}
    skip, again = judged_now(equivalent(), mutations(), flat)
    table = []
    totals: Counter[str] = Counter()
    for module, codes in found.items():
        if wanted and module not in wanted:
            continue
        count: Counter[str] = Counter()
        missed = []
        for name, code in codes.items():
            if name in skip:
                count["equivalent"] += 1
            elif code is None:
                count["not run"] += 1
            elif code in CAUGHT:
                count["caught"] += 1
            else:
                count["missed"] += 1
                missed.append(name)
        totals.update(count)
        table.append((module, count, missed))
    print(f"{'module':36} {'caught':>7} {'missed':>7} {'equiv.':>7} {'not run':>8} {'score':>7}")
    for module, count, missed in [*table, ("all of the above", totals, [])]:
        judged = count["caught"] + count["missed"]
        score = f"{100 * count['caught'] / judged:.1f}%" if judged else "-"
        print(
            f"{module:36} {count['caught']:7} {count['missed']:7} {count['equivalent']:7} "
            f"{count['not run']:8} {score:>7}"
        )
        if show_missed:
            for name in missed:
                print(f"    {name}")
    if again:
        many = "judgments" if len(again) > 1 else "judgment"
        print(f"\n{len(again)} {many} to make again (the code changed, or a test caught it):")
        for name in again:
            print(f"    {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
