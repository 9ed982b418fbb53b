"""A headless Chromium for the tests of web pages (the replay page, render/page.py),
driven by Playwright's Python package: Debian's chromium, which tests/install-chromium
installs, never Playwright's own browser download. Started once per test module by the
first test that asks (the `chromium` fixture, tests/conftest.py), closed at its end."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, sync_playwright

NAMES = ("chromium", "chromium-browser")
"""Debian's and Ubuntu's names for it."""
FLAGS = (
    "--no-sandbox",  # as root in a container, Chromium's sandbox cannot start
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""A quiet browser: it asks the network for nothing of its own (updates, sync), so that
a test that records every request sees only the page's. Playwright adds --headless and
a fresh profile directory."""
MISSING = (
    "no Chromium (chromium on PATH) for the web page tests: install Debian's chromium "
    "package (sudo apt-get install chromium)"
)


def find_chromium() -> str | None:
    """Chromium's program, or None."""
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


@contextmanager
def launched(program: str) -> Iterator[Browser]:
    """A headless Chromium, closed at the end of the block."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=program, args=list(FLAGS))
        try:
            yield browser
        finally:
            browser.close()
