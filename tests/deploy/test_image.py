"""The Dockerfile and its build context, read against the code they package: no Docker
engine runs in CI, so what the image must hold is checked where it is written. (The
image's entry points run outside a container in tests/bot/test_health.py and
tests/bot/test_maintenance.py.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import PurePosixPath

from bot.core import kinds
from bot.core.settings import Settings
from render import typeface
from tests.deploy.files import ROOT, dockerfile, exec_form, healthcheck, instruction

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


def test_every_package_and_the_rules_documents_are_built_in():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = [
        name.rstrip("*") for name in pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    ]
    rules = kinds.DOCS.relative_to(ROOT) / "rules"  # `/<game> rules` attaches them
    copied = {parts[0] for parts in instruction("COPY") if len(parts) == 2}
    for needed in [*packages, str(rules)]:
        assert needed in copied, f"the Dockerfile does not copy {needed}"
        assert included(f"{needed}/x.py"), f".dockerignore leaves {needed} out"
    for kept_out in (".env", "data/bot.sqlite3", ".venv/bin/python", "bot/__pycache__/x.pyc"):
        assert not included(kept_out), f"{kept_out} would be sent to the build"
    # The catalogs are compiled in the image from the .po files, never copied compiled.
    assert included("lang/locales/fr/LC_MESSAGES/messages.po")
    assert not included("lang/locales/fr/LC_MESSAGES/messages.mo")
    assert (
        "python -m lang.compile" in dockerfile()
        and "lang/locales/*/LC_MESSAGES/messages.po" in dockerfile()
    )


def test_the_dependencies_come_from_the_lock_checked_by_their_hashes():
    runs = " ".join(" ".join(parts) for parts in instruction("RUN"))
    assert re.search(r"pip install --require-hashes [^&]*-r \S*requirements\.lock", runs)
    assert re.search(r"pip install --no-deps -e \.", runs)
    assert [parts[0] for parts in instruction("FROM")] == ["python:3.11-slim-bookworm"] * 2


def test_the_cjk_font_is_the_one_the_renderer_looks_for():
    script = (ROOT / "render" / "fonts" / "install-cjk").read_text(encoding="utf-8")
    package = re.search(r"--no-install-recommends \\\s*(\S+)", script)
    assert package is not None
    assert re.search(rf"apt-get install [^&]*{package[1]}=\S+", dockerfile()), "pinned"
    # Debian's package puts it at the first path render/typeface.py looks at.
    assert str(typeface.CJK_PATHS[0]).startswith(f"/usr/share/{package[1]}/")


def test_it_runs_the_bot_as_no_root_with_its_database_on_the_volume():
    (user,) = instruction("USER")
    uid = user[0].split(":")[0]
    assert uid.isdigit() and int(uid) != 0
    assert exec_form("CMD") == ["python", "-m", "bot"]
    (workdir,) = instruction("WORKDIR")[-1:]
    (volume,) = instruction("VOLUME")
    default = PurePosixPath(workdir[0]) / str(Settings(token=None).database_path)
    assert default.parent == PurePosixPath(volume[0])


def test_the_health_check_asks_readyz_where_the_metrics_are_served():
    assert healthcheck() == ["python", "-m", "bot.health"]
    env = " ".join(" ".join(parts) for parts in instruction("ENV"))
    port = re.search(r"METRICS_PORT=(\d+)", env)
    assert port is not None and "METRICS_HOST=0.0.0.0" in env
    assert instruction("EXPOSE") == [[port[1]]]
    assert exec_form("STOPSIGNAL") == ["SIGINT"]
