"""Builds the Activity's page into activity/dist (the bot's Activity server serves it,
bot/core/activity_server.py): index.html, assets/app.js (src/app.js with Discord's
Embedded App SDK bundled by esbuild, both at the exact versions of package-lock.json),
assets/app.css, and the replay page's drawers (render/web: draw.js, table.css and each
kind's script and style sheet), so the Activity draws the table as the replay page does.

    python3 activity/build.py          # when dist is missing or older than its sources
    python3 activity/build.py --force  # always

npm installs the pinned packages (`npm ci`) when node_modules is missing or older than
package-lock.json. Only the standard library: it runs before any virtual environment.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WEB = ROOT / "render" / "web"
SOURCE = HERE / "src"
DIST = HERE / "dist"
MODULES = HERE / "node_modules"
LOCK = HERE / "package-lock.json"
STAMP = DIST / "index.html"
"""Written last: a dist without it is not whole."""
NOT_KINDS = {"draw.js", "table.css", "replay.js", "replay.css"}
"""render/web's files that are not a kind's drawer."""


def kinds() -> list[str]:
    """The kinds with a drawer in render/web (<kind>.js)."""
    return sorted(path.stem for path in WEB.glob("*.js") if path.name not in NOT_KINDS)


def sources() -> list[Path]:
    found = [HERE / "build.py", HERE / "package.json", LOCK]
    found += [path for path in SOURCE.rglob("*") if path.is_file()]
    found += [path for path in WEB.iterdir() if path.suffix in (".js", ".css")]
    return found


def stale() -> bool:
    if not STAMP.is_file():
        return True
    built = STAMP.stat().st_mtime
    return any(path.stat().st_mtime > built for path in sources())


def install() -> None:
    """The pinned packages, when missing or older than the lock file."""
    installed = MODULES / ".package-lock.json"
    if installed.is_file() and installed.stat().st_mtime >= LOCK.stat().st_mtime:
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("activity/build.py: npm is needed to build the Activity's page (apt install npm)")
    # No package's install script runs: esbuild's only checks the binary its platform's
    # package brings, and none of the others has one.
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=HERE, check=True)
    installed.touch()


def build(into: Path) -> None:
    assets = into / "assets"
    assets.mkdir(parents=True)
    esbuild = MODULES / ".bin" / "esbuild"
    subprocess.run(
        [
            str(esbuild),
            str(SOURCE / "app.js"),
            "--bundle",
            "--format=iife",
            "--target=es2020",
            "--log-level=warning",
            f"--outfile={assets / 'app.js'}",
        ],
        cwd=HERE,
        check=True,
    )
    shutil.copy2(SOURCE / "app.css", assets / "app.css")
    shutil.copy2(WEB / "draw.js", assets / "draw.js")
    shutil.copy2(WEB / "table.css", assets / "table.css")
    styles, scripts = [], []
    for kind in kinds():
        shutil.copy2(WEB / f"{kind}.js", assets / f"{kind}.js")
        scripts.append(f'<script src="assets/{kind}.js"></script>')
        if (WEB / f"{kind}.css").is_file():
            shutil.copy2(WEB / f"{kind}.css", assets / f"{kind}.css")
            styles.append(f'<link rel="stylesheet" href="assets/{kind}.css">')
    page = (SOURCE / "index.html").read_text(encoding="utf-8")
    page = page.replace("<!-- kinds' styles -->", "\n".join(styles))
    page = page.replace("<!-- kinds' scripts -->", "\n".join(scripts))
    (into / "index.html").write_text(page, encoding="utf-8")


def main(arguments: list[str]) -> None:
    if "--force" not in arguments and not stale():
        return
    install()
    # Built beside dist, then swapped in: a server serving dist never sees half a build.
    fresh = HERE / "dist.new"
    old = HERE / "dist.old"
    for leftover in (fresh, old):
        shutil.rmtree(leftover, ignore_errors=True)
    build(fresh)
    if DIST.exists():
        DIST.rename(old)
    fresh.rename(DIST)
    shutil.rmtree(old, ignore_errors=True)
    print(f"activity/build.py: built {DIST.relative_to(ROOT)} ({', '.join(kinds())})")


if __name__ == "__main__":
    main(sys.argv[1:])
