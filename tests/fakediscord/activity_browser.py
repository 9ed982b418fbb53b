"""A headless Chromium for tests of Activity pages: Debian's, as tests/browser.py finds
it, driven by Playwright's async API, since the emulator and the players run in the test's
event loop (Playwright's sync API marks the thread's loop as running and cannot share it).

    async with chromium() as browser:
        page = await browser.new_page(viewport={"width": 360, "height": 740})
        await page.goto(emu.parent_url(ann, instance, platform="mobile"))
        activity = activity_frame(page)  # the Activity's page inside the parent page
        await activity.locator("body[data-state=ready]").wait_for()
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from playwright.async_api import Browser, FrameLocator, Page, async_playwright

from tests.browser import FLAGS, MISSING, find_chromium


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """The browser, closed at the end of the block. Without Chromium the test skips, but
    fails when CI is set (tests/install-chromium installs it), as tests/conftest.py does."""
    program = find_chromium()
    if program is None:
        if os.environ.get("CI"):
            pytest.fail(MISSING, pytrace=False)
        pytest.skip(MISSING)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=program, args=list(FLAGS))
        try:
            yield browser
        finally:
            await browser.close()


def activity_frame(page: Page) -> FrameLocator:
    """The Activity's own page, inside the emulator's parent page."""
    return page.frame_locator("#activity")
