"""The real bot, with a record of the path a click takes through bot/:
`python -m tests.fakediscord.launch tests.bot.click_path`, CLICK_PATH=<file>.

SIGUSR2 starts a record (and touches CLICK_PATH with the suffix .started); the next
SIGUSR2 stops it and writes it to CLICK_PATH, one entry per line. An entry is a call
from one file into a file of bot/ (a call within a file, a comprehension, a coroutine
taken up again after an await are not entries, nor a call from outside bot/ into the
file the task entered last), noted with the asyncio task it ran in:
discord.py runs a click's callback in a task of its own, and the listeners that see
every interaction in others. The record follows the event loop's thread, where all of
bot/ runs (pictures are drawn in worker threads, by render/). SIGUSR1 stays the bot's
own (every thread's stack to the log). Everything else is the bot, unchanged.
"""

from __future__ import annotations

import asyncio
import inspect
import os
import runpy
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import Any, NamedTuple

import bot

BOT = str(Path(bot.__file__).resolve().parent)
ROOT = str(Path(BOT).parent)
RESUMABLE = inspect.CO_COROUTINE | inspect.CO_GENERATOR | inspect.CO_ASYNC_GENERATOR
LOCK = "bot/core/gamelock.py"
COMMIT = ("bot/core/storage/writes.py", "record_move")


class Entry(NamedTuple):
    task: str
    """The asyncio task it ran in ("-" outside one)."""
    file: str
    function: str


entries: list[Entry] = []
last: dict[str, str] = {}
"""The file each task entered last."""
started: dict[int, FrameType] = {}
recording = False


def _task() -> str:
    try:
        task = asyncio.current_task()
    except RuntimeError:
        return "-"
    return str(id(task)) if task is not None else "-"


def _profile(frame: FrameType, event: str, arg: Any) -> None:
    if event != "call" or not recording:
        return
    code = frame.f_code
    if not code.co_filename.startswith(BOT) or code.co_name.startswith("<"):
        return  # outside bot/, or a comprehension: part of the function it is in
    if code.co_flags & RESUMABLE:
        if id(frame) in started:
            return  # a coroutine taken up again after an await: no new entry
        started[id(frame)] = frame  # kept while recording, so that no id is reused
    caller = frame.f_back
    if caller is not None and caller.f_code.co_filename == code.co_filename:
        return  # a call within the file
    task, where = _task(), os.path.relpath(code.co_filename, ROOT)
    if last.get(task) == where:
        return  # called again from outside bot/ (discord.py parses an item, then calls it)
    last[task] = where
    entries.append(Entry(task, where, code.co_name))


def _toggle(signum: int, frame: FrameType | None) -> None:
    global recording
    path = Path(os.environ["CLICK_PATH"])
    if not recording:
        entries.clear()
        last.clear()
        started.clear()
        recording = True
        path.with_suffix(".started").touch()  # the test clicks once this exists
        return
    recording = False
    started.clear()
    lines = "".join("\t".join(entry) + "\n" for entry in entries)
    path.with_suffix(".part").write_text(lines)
    path.with_suffix(".part").replace(path)


def entries_in(path: Path) -> list[Entry]:
    """The entries a record holds."""
    return [Entry(*line.split("\t")) for line in path.read_text().splitlines()]


def the_click(record: list[Entry]) -> list[Entry]:
    """The entries of the task that took the game's lock: the click's own path."""
    lock = next(entry for entry in record if entry.file == LOCK)
    return [entry for entry in record if entry.task == lock.task]


def until(record: list[Entry], file: str, function: str | None = None) -> list[Entry]:
    """The entries before the first entry into `file` (its `function`)."""
    for n, entry in enumerate(record):
        if entry.file == file and function in (None, entry.function):
            return record[:n]
    return record


if __name__ == "__main__":
    signal.signal(signal.SIGUSR2, _toggle)
    sys.setprofile(_profile)
    runpy.run_module("bot", run_name="__main__", alter_sys=True)
