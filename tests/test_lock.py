"""requirements.lock, which the container image installs with --require-hashes
(Dockerfile), against pyproject.toml's runtime dependencies: a dependency added, or its
versions narrowed, without `make lock` would build an image with what pyproject rules out."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")
HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}")
TARGET = {"python_version": "3.11", "python_full_version": "3.11.0", "sys_platform": "linux"}
"""The interpreter the lock is made for (Makefile, `lock`)."""


def locked(text: str) -> dict[str, tuple[Version, int]]:
    """Each locked package's version and number of hashes, by normalised name."""
    found: dict[str, tuple[Version, int]] = {}
    name = ""
    for line in text.splitlines():
        pin = PIN.match(line)
        if pin:
            name = canonicalize_name(pin[1])
            found[name] = (Version(pin[2]), 0)
        elif name and HASH.search(line):
            version, hashes = found[name]
            found[name] = (version, hashes + 1)
    return found


def disagreements(pyproject: str, lock: str) -> list[str]:
    """What of pyproject's runtime dependencies the lock misses or holds at a version
    they do not allow, and any locked package without a hash."""
    pins = locked(lock)
    wrong = [f"{name} has no hash" for name, (_, hashes) in pins.items() if not hashes]
    for line in tomllib.loads(pyproject)["project"]["dependencies"]:
        wanted = Requirement(line)
        if wanted.marker is not None and not wanted.marker.evaluate(TARGET):
            continue
        name = canonicalize_name(wanted.name)
        if name not in pins:
            wrong.append(f"{wanted} is not in the lock")
        elif not wanted.specifier.contains(pins[name][0], prereleases=True):
            wrong.append(f"{wanted} does not allow the locked {name}=={pins[name][0]}")
    return wrong


def test_the_lock_holds_every_runtime_dependency_at_a_version_pyproject_allows():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    lock = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    assert disagreements(pyproject, lock) == [], "run `make lock`"
    assert "make lock" in lock.splitlines()[1]  # how to make it again, for whoever reads it
    assert len(locked(lock)) >= len(tomllib.loads(pyproject)["project"]["dependencies"])


def test_a_disagreement_is_found():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    lock = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    pillow = locked(lock)["pillow"][0]
    older = lock.replace(f"pillow=={pillow}", "pillow==11.0.0")
    assert disagreements(pyproject, older) == [
        "pillow<14,>=12 does not allow the locked pillow==11.0.0"
    ]
    added = pyproject.replace("dependencies = [\n", 'dependencies = [\n    "rich>=13",\n')
    assert disagreements(added, lock) == ["rich>=13 is not in the lock"]
    unhashed = re.sub(r"(pillow==\S+) \\\n(\s+--hash=\S+( \\)?\n)+", r"\1\n", lock)
    assert disagreements(pyproject, unhashed) == ["pillow has no hash"]
