"""The mutation scores: a whole run combined with a later run of its survivors, and the
judgments of equivalent mutants pinned to the code they were made on."""

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
    monkeypatch.setattr(scores, "equivalent", lambda: {})
    assert scores.main(["--earlier", str(earlier), "--missed"]) == 0
    printed = capsys.readouterr().out.splitlines()
    row = next(line for line in printed if line.startswith("games/grass/effects.py"))
    assert row.split() == ["games/grass/effects.py", "2", "1", "0", "0", "66.7%"]
    assert "    c" in printed


MUTATED = """\
def x_total__mutmut_orig(cards, bonus=0):
    score = sum(cards)
    score += bonus
    return score
def x_total__mutmut_1(cards, bonus=1):
    score = sum(cards)
    score += bonus
    return score
def x_total__mutmut_2(cards, bonus=0):
    score = sum(cards)
    score -= bonus
    return score
def x_total__mutmut_3(cards, bonus=0):
    score = sum(cards)
    return score
class Seat:
    def xǁSeatǁnamed__mutmut_orig(self):
        return self.name
    def xǁSeatǁnamed__mutmut_1(self):
        return None
"""


def mutated(folder: Path) -> None:
    source = folder / "games" / "grass" / "scoring.py"
    source.parent.mkdir(parents=True)
    source.write_text(MUTATED, encoding="utf-8")


def test_each_mutant_is_named_with_the_code_it_changes(tmp_path):
    mutated(tmp_path)
    assert scores.mutations(tmp_path) == {
        "games.grass.scoring.x_total__mutmut_1": "def total(cards, bonus=1):",
        "games.grass.scoring.x_total__mutmut_2": "score -= bonus",
        "games.grass.scoring.x_total__mutmut_3": "-score += bonus",
        "games.grass.scoring.xǁSeatǁnamed__mutmut_1": "return None",
    }


def test_a_judgment_holds_only_on_its_code_and_while_no_test_catches_it():
    judged = {"m1": "score -= bonus", "m2": "score -= bonus", "m3": None, "m4": "x", "m5": "y"}
    codes = {"m1": "score -= bonus", "m2": "score *= bonus", "m3": "z", "m4": "x", "m5": "y"}
    found = {"m1": 0, "m2": 0, "m3": 0, "m4": 1, "m5": None}
    holding, again = scores.judged_now(judged, codes, found)
    assert holding == {"m1", "m3", "m5"}
    assert again == ["m2", "m4"]  # renumbered to another change; caught by a test


def test_pinning_writes_the_code_into_judgments_made_by_name_only(tmp_path, monkeypatch):
    mutated(tmp_path)
    judged = tmp_path / "equivalent.txt"
    judged.write_text(
        "# a comment `kept`\n"
        "games.grass.scoring.x_total__mutmut_2  `-=` for `+=`: always 0\n"
        "games.grass.scoring.x_total__mutmut_3  ``old code``  kept as it was pinned\n"
        "games.grass.scoring.x_gone__mutmut_9  no such mutant now\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(scores, "EQUIVALENT", judged)
    assert scores.pin(tmp_path) == 1
    assert judged.read_text(encoding="utf-8").splitlines() == [
        "# a comment `kept`",
        "games.grass.scoring.x_total__mutmut_2  ``score -= bonus``  `-=` for `+=`: always 0",
        "games.grass.scoring.x_total__mutmut_3  ``old code``  kept as it was pinned",
        "games.grass.scoring.x_gone__mutmut_9  no such mutant now",
    ]
    assert scores.equivalent() == {
        "games.grass.scoring.x_total__mutmut_2": "score -= bonus",
        "games.grass.scoring.x_total__mutmut_3": "old code",
        "games.grass.scoring.x_gone__mutmut_9": None,
    }


def test_the_printed_scores_count_a_stale_judgment_by_its_result(tmp_path, monkeypatch, capsys):
    mutated(tmp_path)
    meta = tmp_path / "games" / "grass" / "scoring.py.meta"
    codes = {"games.grass.scoring.x_total__mutmut_1": 1, "games.grass.scoring.x_total__mutmut_2": 0}
    codes["games.grass.scoring.x_total__mutmut_3"] = 0
    meta.write_text(json.dumps({"exit_code_by_key": codes}), encoding="utf-8")
    judged = tmp_path / "equivalent.txt"
    judged.write_text(
        "games.grass.scoring.x_total__mutmut_2  ``score -= bonus``  holds\n"
        "games.grass.scoring.x_total__mutmut_3  ``score -= bonus``  written for mutant 2\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(scores, "MUTANTS", tmp_path)
    monkeypatch.setattr(scores, "EQUIVALENT", judged)
    assert scores.main([]) == 0
    printed = capsys.readouterr().out.splitlines()
    row = next(line for line in printed if line.startswith("games/grass/scoring.py"))
    assert row.split() == ["games/grass/scoring.py", "1", "1", "1", "0", "50.0%"]
    at = printed.index("1 judgment to make again (the code changed, or a test caught it):")
    assert printed[at + 1 :] == ["    games.grass.scoring.x_total__mutmut_3"]


def test_every_judgment_in_the_list_names_one_mutant_and_pins_its_code():
    judged = scores.equivalent()  # a malformed or repeated entry fails here
    assert len(judged) > 250
    unpinned = [name for name, code in judged.items() if not code]
    assert unpinned == []
    modules = {name.split(".x")[0] for name in judged}
    assert all(module.startswith(("games.", "bot.core.skill")) for module in modules)
