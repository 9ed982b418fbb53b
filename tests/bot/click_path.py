"""The real bot, with a record of the path a click takes through bot/:
`python -m tests.fakediscord.launch tests.bot.click_path`, CLICK_PATH=<file>.

SIGUSR2 starts a record (and touches CLICK_PATH with the suffix .started); the next
SIGUSR2 stops it and writes it to CLICK_PATH: one file of bot/ per line, a line each
time the code entered another file (a "hop"). A coroutine taken up again after an await
is not a new entry: a hop is a call. The record follows calls on the event loop's
thread, where all of bot/ runs (pictures are drawn in worker threads, by render/).
SIGUSR1 stays the bot's own (every thread's stack to the log). Everything else is the
bot, unchanged.
"""

from __future__ import annotations

import inspect
import os
import runpy
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import bot

BOT = str(Path(bot.__file__).resolve().parent)
ROOT = str(Path(BOT).parent)
RESUMABLE = inspect.CO_COROUTINE | inspect.CO_GENERATOR | inspect.CO_ASYNC_GENERATOR
hops: list[str] = []
started: dict[int, FrameType] = {}
recording = False


def _profile(frame: FrameType, event: str, arg: Any) -> None:
    if event != "call" or not recording:
        return
    code = frame.f_code
    filename = code.co_filename
    if not filename.startswith(BOT):
        return
    if code.co_flags & RESUMABLE:
        if id(frame) in started:
            return  # a coroutine taken up again after an await: no new entry
        started[id(frame)] = frame  # kept while recording, so that no id is reused
    where = os.path.relpath(filename, ROOT)
    if not hops or hops[-1] != where:
        hops.append(where)


def _toggle(signum: int, frame: FrameType | None) -> None:
    global recording
    path = Path(os.environ["CLICK_PATH"])
    if not recording:
        hops.clear()
        started.clear()
        recording = True
        path.with_suffix(".started").touch()  # the test clicks once this exists
        return
    recording = False
    started.clear()
    path.with_suffix(".part").write_text("".join(f"{hop}\n" for hop in hops))
    path.with_suffix(".part").replace(path)


def hops_in(path: Path) -> list[str]:
    """The hops a record holds."""
    return path.read_text().split()


def before_the_lock(hops: list[str]) -> list[str]:
    """The hops before the game's lock was first taken (bot/core/gamelock.py)."""
    lock = "bot/core/gamelock.py"
    return hops[: hops.index(lock)] if lock in hops else hops


if __name__ == "__main__":
    signal.signal(signal.SIGUSR2, _toggle)
    sys.setprofile(_profile)
    runpy.run_module("bot", run_name="__main__", alter_sys=True)
