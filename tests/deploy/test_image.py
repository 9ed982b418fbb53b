"""The Dockerfile and its build context, read against the code they package: no Docker
engine runs in CI, so what the image must hold is checked where it is written. (The
image's entry points run outside a container in tests/bot/test_health.py and
tests/bot/test_maintenance.py.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import PurePosixPath

from bot.core import activity_server, kinds
from bot.core.settings import Settings, load_settings
from render import typeface
from tests.deploy.files import (
    ROOT,
    activity_build,
    dockerfile,
    exec_form,
    healthcheck,
    included,
    instruction,
    stage,
    stages,
)

ACTIVITY_PORT = re.search(
    r"^#?ACTIVITY_PORT=(\d+)$", (ROOT / ".env.example").read_text(encoding="utf-8"), re.M
)
"""The Activity's port as .env.example offers it (commented out: off unless set)."""


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
    # Every base image on Debian bookworm, as the pinned Debian packages are.
    assert [(s.image, s.name) for s in stages()] == [
        ("python:3.11-slim-bookworm", "build"),
        ("node:22-bookworm-slim", "activity"),
        ("python:3.11-slim-bookworm", None),
    ]


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
    (exposed,) = instruction("EXPOSE")
    assert port[1] in exposed
    assert exec_form("STOPSIGNAL") == ["SIGINT"]


def test_the_activity_page_is_built_by_build_py_from_the_lock():
    build = activity_build()
    page = stage("activity")
    # The one build there is (`make run` runs it too), which installs exactly what the
    # lock holds: `npm ci`, never `npm install`, and no package's install script.
    script = (ROOT / "activity" / "build.py").read_text(encoding="utf-8")
    assert re.search(r'\[npm, "ci",[^\]]*"--ignore-scripts"\]', script)
    assert not re.search(r"npm (install|i)\b", dockerfile())
    runs = [(index, parts) for index, parts in enumerate(page.instructions) if parts[0] == "RUN"]
    ((index, run),) = [(i, parts) for i, parts in runs if "activity/build.py" in parts]
    assert run[1:] == ["python3", "activity/build.py", "--force"]
    # build.py's Python: Debian's, pinned as the run image's font is.
    installs = " ".join(" ".join(parts) for parts in page.arguments("RUN"))
    assert re.search(r"apt-get install [^&]*python3=\S+", installs)
    # Every file build.py reads, in the context and copied where build.py looks for it
    # beside itself, at the place the RUN finds it.
    script_at = page.landing("activity/build.py")
    assert script_at is not None and script_at == page.workdir(index) / "activity/build.py"
    root = script_at.parent.parent
    read = [path.relative_to(ROOT).as_posix() for path in build.sources()]
    assert "activity/package-lock.json" in read and "render/web/draw.js" in read
    assert any(path.startswith("activity/src/") for path in read)
    for path in read:
        assert included(path), f".dockerignore leaves {path} out"
        assert page.landing(path) == root / path, f"the activity stage does not copy {path}"


def test_the_run_image_serves_the_page_from_where_the_server_looks():
    build = activity_build()
    page, run = stage("activity"), stages()[-1]
    # The server's folder is the build's, both beside the code's root.
    served = activity_server.STATIC.relative_to(ROOT)
    assert served == build.DIST.relative_to(build.ROOT)
    code = stage("build").landing("bot/core/activity_server.py")
    assert code is not None
    app = code.parents[2]
    assert ["--from=build", str(app), str(app)] in run.arguments("COPY")  # the code
    built = page.landing("activity/build.py")
    assert built is not None
    dist = built.parent.parent / build.DIST.relative_to(build.ROOT)
    assert ["--from=activity", str(dist), str(app / served)] in run.arguments("COPY")


def test_the_build_context_carries_no_packages_or_build_of_a_checkout():
    for kept_out in (
        "activity/node_modules/esbuild/package.json",
        "activity/node_modules/.bin/esbuild",
        "activity/dist/index.html",
        "activity/dist/assets/app.js",
    ):
        assert not included(kept_out), f"{kept_out} would be sent to the build"


def test_the_activity_is_off_until_its_port_is_set_then_served_on_every_address():
    env = " ".join(" ".join(parts) for parts in stages()[-1].arguments("ENV"))
    assert "ACTIVITY_HOST=0.0.0.0" in env and "ACTIVITY_PORT" not in env
    assert ACTIVITY_PORT is not None
    (exposed,) = instruction("EXPOSE")
    assert ACTIVITY_PORT[1] in exposed
    settings = load_settings(
        {"DISCORD_TOKEN": "x", "ACTIVITY_HOST": "0.0.0.0", "ACTIVITY_PORT": ACTIVITY_PORT[1]},
        ROOT / "no.env",
    )
    assert settings.activity_port == int(ACTIVITY_PORT[1]) and settings.activity_host == "0.0.0.0"
    assert load_settings({"DISCORD_TOKEN": "x"}, ROOT / "no.env").activity_port is None
    # The operator's guide names the same port.
    assert f"ACTIVITY_PORT={ACTIVITY_PORT[1]}" in (ROOT / "docs" / "activity.md").read_text(
        encoding="utf-8"
    )
