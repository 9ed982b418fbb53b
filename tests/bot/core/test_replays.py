"""The replay worker (bot/core/replays.py), with its real worker process: a replay drawn
there is the one drawn in this process; one server asking twice at once, or more than
`MAX_WAITING` servers, are told to ask again, in words; a part the game did not have
comes back whole from the worker; a worker that died is replaced."""

from __future__ import annotations

import asyncio
import os
import signal
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.core.errors import Refusal
from bot.core.replays import MAX_WAITING, Replays
from games.randomplay import random_replay
from lang import translate
from render.animation import NoSuchPart, game_animation

DOCUMENT = random_replay("graps", ["ann", "bob"], 3)


@pytest.fixture
async def replays():
    worker = Replays()
    yield worker
    worker.close()


async def test_a_replay_drawn_in_the_worker_is_the_one_drawn_here(replays: Replays):
    made = await replays.draw(1, DOCUMENT, "fr", None)
    assert made == game_animation(DOCUMENT, "fr")


async def test_one_server_at_a_time_and_a_few_servers_in_all(replays: Replays):
    first = asyncio.ensure_future(replays.draw(1, DOCUMENT, "en", None))
    await asyncio.sleep(0)  # it has taken its place
    with pytest.raises(Refusal) as again:
        await replays.draw(1, DOCUMENT, "en", None)
    assert translate(again.value.args[0], "en") == (
        "A replay is being drawn for this server already; ask again in a moment."
    )
    others = [
        asyncio.ensure_future(replays.draw(server, DOCUMENT, "en", None))
        for server in range(2, MAX_WAITING + 1)
    ]
    await asyncio.sleep(0)
    with pytest.raises(Refusal) as busy:
        await replays.draw(99, DOCUMENT, "en", None)
    assert translate(busy.value.args[0], "en") == (
        "Many replays are being drawn right now; ask again in a minute."
    )
    drawn = await asyncio.gather(first, *others)
    assert len({made.data for made in drawn}) == 1
    assert (await replays.draw(1, DOCUMENT, "en", None)).frames == drawn[0].frames  # free again


async def test_a_part_the_game_did_not_have_crosses_from_the_worker(replays: Replays):
    with pytest.raises(NoSuchPart) as missing:
        await replays.draw(1, DOCUMENT, "en", 2)
    assert (missing.value.asked, missing.value.count) == (2, 1)


async def test_a_worker_that_died_is_replaced(replays: Replays):
    await replays.draw(1, DOCUMENT, "en", None)
    pool = replays._pool
    assert pool is not None
    for pid in list(pool._processes):  # the worker killed, as by the kernel
        os.kill(pid, signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        await replays.draw(1, DOCUMENT, "en", None)
    assert (await replays.draw(1, DOCUMENT, "en", None)).frames > 1
