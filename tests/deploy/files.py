"""The deployment files as the tests read them: the Dockerfile's instructions (continued
lines joined) and its stages, .dockerignore's rules, compose.yaml as compose reads it,
and activity/build.py (the Activity page's build, which the image runs)."""

from __future__ import annotations

import importlib.util
import json
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import ModuleType
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


@dataclass(frozen=True)
class Stage:
    """One stage of the Dockerfile: its base image, its name (AS ...) and its
    instructions in order, each split on blanks, the instruction's name first."""

    image: str
    name: str | None
    instructions: list[list[str]]

    def arguments(self, name: str) -> list[list[str]]:
        return [parts[1:] for parts in self.instructions if parts[0] == name]

    def workdir(self, before: int | None = None) -> PurePosixPath:
        """The working directory in force at instruction `before` (else at the end)."""
        found = PurePosixPath("/")
        for parts in self.instructions[:before]:
            if parts[0] == "WORKDIR":
                found = found / parts[1]
        return found

    def landing(self, path: str) -> PurePosixPath | None:
        """Where the build context's `path` (a file) ends up in this stage, by the last
        COPY from the context that brings it, as Docker copies: a directory's contents
        into the destination, a file into a destination ending in / (or one of several
        sources) under its own name, else as the destination."""
        found = None
        for index, parts in enumerate(self.instructions):
            if parts[0] != "COPY" or any(p.startswith("--from=") for p in parts[1:]):
                continue
            words = [p for p in parts[1:] if not p.startswith("--")]
            sources, destination = words[:-1], words[-1]
            into = self.workdir(index) / destination
            for source in sources:
                source = source.rstrip("/")
                if (ROOT / source).is_dir() and path.startswith(source + "/"):
                    found = into / path.removeprefix(source + "/")
                elif path == source:
                    several = len(sources) > 1 or destination.endswith("/")
                    found = into / PurePosixPath(source).name if several else into
        return found


def stages() -> list[Stage]:
    text = re.sub(r"\\\n", " ", dockerfile())
    found: list[Stage] = []
    for line in text.splitlines():
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        if parts[0] == "FROM":
            name = parts[3] if len(parts) > 3 and parts[2].upper() == "AS" else None
            found.append(Stage(parts[1], name, []))
        found[-1].instructions.append(parts)
    return found


def stage(name: str) -> Stage:
    (found,) = [s for s in stages() if s.name == name]
    return found


IGNORE = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()


def included(path: str) -> bool:
    """Whether .dockerignore lets `path` into the build context: the last pattern that
    matches it decides (its own rules, for the patterns this file uses)."""
    inside = True
    for line in IGNORE:
        pattern = line.strip()
        if not pattern or pattern.startswith("#"):
            continue
        negated = pattern.startswith("!")
        pattern = pattern.removeprefix("!").rstrip("/")
        everything = pattern == "*"
        named = path == pattern or path.startswith(pattern + "/")
        anywhere = pattern.startswith("**/") and PurePosixPath(path).match(pattern[3:])
        if everything or named or anywhere:
            inside = negated
    return inside


def activity_build() -> ModuleType:
    """activity/build.py as a module (standard library only; importing builds nothing)."""
    spec = importlib.util.spec_from_file_location("activity_build", ROOT / "activity" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
