"""Stress tests run the real bot against the Discord emulator (tests/fakediscord).
Long variants are marked `slow` and skipped unless RUN_SLOW=1."""

from __future__ import annotations

from tests.fakediscord.fixtures import bot_process, fake_discord, start_bot  # noqa: F401
