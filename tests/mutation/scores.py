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
"""

from __future__ import annotations

import json
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


def equivalent() -> set[str]:
    """The mutant names listed in equivalent.txt (first word of each line; # comments)."""
    names = set()
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(line.split()[0])
    return names


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
    if "--earlier" in argv:
        at = argv.index("--earlier")
        earlier = Path(argv[at + 1])
        argv = argv[:at] + argv[at + 2 :]
    wanted = [a for a in argv if not a.startswith("--")]
    skip = equivalent()
    table = []
    totals: Counter[str] = Counter()
    for module, codes in combined(earlier).items():
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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
