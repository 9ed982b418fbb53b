"""The deployment files as the tests read them: the Dockerfile's instructions (continued
lines joined), compose.yaml as compose reads it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]


def dockerfile() -> str:
    return (ROOT / "Dockerfile").read_text(encoding="utf-8")


def instruction(name: str) -> list[list[str]]:
    """The arguments of each `name` instruction, split on blanks, in order."""
    text = re.sub(r"\\\n", " ", dockerfile())
    return [line.split()[1:] for line in text.splitlines() if line.split()[:1] == [name]]


def exec_form(name: str) -> list[str]:
    """The JSON array of the last `name` instruction (CMD, ENTRYPOINT), or its one word."""
    text = re.sub(r"\\\n", " ", dockerfile())
    lines = [line for line in text.splitlines() if line.split()[:1] == [name]]
    argument = lines[-1].split(None, 1)[1].strip()
    return list(json.loads(argument)) if argument.startswith("[") else [argument]


def healthcheck() -> list[str]:
    """The command of the image's HEALTHCHECK."""
    found = re.search(
        r"^HEALTHCHECK [^\n]*?CMD (\[.*\])$", re.sub(r"\\\n\s*", "", dockerfile()), re.M
    )
    assert found is not None, "no HEALTHCHECK in exec form"
    return list(json.loads(found[1]))


def compose() -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded
