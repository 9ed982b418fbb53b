"""The mutation scores' combining of a whole run with a later run of its survivors."""

from __future__ import annotations

import json
from pathlib import Path

from tests.mutation import scores


def write(folder: Path, codes: dict[str, int | None]) -> None:
    meta = folder / "games" / "grass" / "effects.py.meta"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"exit_code_by_key": codes}), encoding="utf-8")


def test_a_mutant_the_later_run_did_not_try_keeps_the_earlier_result(tmp_path, monkeypatch):
    earlier, later = tmp_path / "earlier", tmp_path / "later"
    write(earlier, {"a": 1, "b": 0, "c": 0, "d": None})
    write(later, {"a": None, "b": 1, "c": 0, "d": None})  # b and c run again after new tests
    monkeypatch.setattr(scores, "MUTANTS", later)
    assert scores.combined(earlier) == {
        "games/grass/effects.py": {"a": 1, "b": 1, "c": 0, "d": None}
    }
    assert scores.combined(None) == {
        "games/grass/effects.py": {"a": None, "b": 1, "c": 0, "d": None}
    }


def test_the_printed_scores_count_the_combined_results(tmp_path, monkeypatch, capsys):
    earlier, later = tmp_path / "earlier", tmp_path / "later"
    write(earlier, {"a": 1, "b": 0, "c": 0})
    write(later, {"a": None, "b": 1, "c": 0})
    monkeypatch.setattr(scores, "MUTANTS", later)
    monkeypatch.setattr(scores, "equivalent", lambda: set())
    assert scores.main(["--earlier", str(earlier), "--missed"]) == 0
    printed = capsys.readouterr().out.splitlines()
    row = next(line for line in printed if line.startswith("games/grass/effects.py"))
    assert row.split() == ["games/grass/effects.py", "2", "1", "0", "0", "66.7%"]
    assert "    c" in printed
