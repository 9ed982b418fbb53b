"""One Ctrl-C (or SIGTERM, as systemd and Docker stop a service) stops the bot: the
process ends by itself with status 0, its database closed, without a second signal."""

from __future__ import annotations

import asyncio
import signal

import pytest


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
async def test_one_signal_stops_the_bot(fake_discord, start_bot, signum):
    bot = await start_bot()
    assert bot.proc is not None
    bot.proc.send_signal(signum)
    # Generous: the point is that no second signal is needed, not how fast.
    assert await asyncio.wait_for(bot.proc.wait(), 15) == 0, bot.log_tail()
    assert "KeyboardInterrupt" not in bot.log_text()
