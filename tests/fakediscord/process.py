"""A bot process run against the emulator through the launcher: started with its settings in
the environment (DISCORD_TOKEN, DATABASE_PATH or DATABASE_URL, DEV_GUILD_ID, LOG_LEVEL; any
other through `env`, such as SHARD_COUNT and SHARD_IDS), awaited until READY
with its commands synced, stopped (SIGINT, as Ctrl-C), killed (SIGKILL) or restarted. Its output
goes to a log file that tests can read."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from tests.fakediscord.emulator import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    def __init__(
        self,
        emu: FakeDiscord,
        *,
        module: str = "bot",
        database_path: Path,
        log_path: Path,
        database_url: str | None = None,
        token: str | None = None,
        dev_guild: bool = True,
        log_level: str = "INFO",
        env: dict[str, str] | None = None,
        guild_ready_timeout: float = 0.05,
    ) -> None:
        self.emu = emu
        self.module = module
        self.database_path = database_path
        self.database_url = database_url
        """A PostgreSQL database instead of the SQLite file at `database_path`."""
        self.log_path = log_path
        self.token = token
        self.dev_guild = dev_guild
        self.log_level = log_level
        self.extra_env = env or {}
        self.guild_ready_timeout = guild_ready_timeout
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self._log: IO[bytes] | None = None
        self._watch: asyncio.Task[None] | None = None

    def environment(self) -> dict[str, str]:
        # Without PYTHONDONTWRITEBYTECODE (which some machines set): the first process
        # writes the compiled modules, and every later start of the run reads them instead
        # of compiling the whole bot again (about 0.15 s a start).
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DISCORD_", "DEV_GUILD", "DATABASE_"))
            and k != "PYTHONDONTWRITEBYTECODE"
        }
        env.update(
            FAKEDISCORD_URL=self.emu.url,
            FAKEDISCORD_GUILD_READY_TIMEOUT=str(self.guild_ready_timeout),
            DISCORD_TOKEN=self.emu.token if self.token is None else self.token,
            DATABASE_PATH=str(self.database_path),
            LOG_LEVEL=self.log_level,
            PYTHONUNBUFFERED="1",
        )
        if self.database_url is not None:
            env["DATABASE_URL"] = self.database_url
        if self.dev_guild:
            env["DEV_GUILD_ID"] = str(self.emu.guild_id)
        env.update(self.extra_env)
        return env

    @property
    def database(self) -> Path | str:
        """The bot's database as tests read it (tests/stress/driver.py: `query`)."""
        return self.database_url if self.database_url is not None else self.database_path

    async def start(self, *, wait: bool = True, timeout: float = 20.0) -> BotProcess:
        """Starts the process; with wait=True returns once it is READY with commands synced."""
        if self.running:
            raise RuntimeError(f"{self.module} is already running")
        logins = self.emu.logins
        self._log = self.log_path.open("ab")
        self._log.write(f"--- start #{self.starts + 1} of {self.module} ---\n".encode())
        self._log.flush()
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.fakediscord.launch",
            self.module,
            stdout=self._log,
            stderr=asyncio.subprocess.STDOUT,
            env=self.environment(),
            cwd=ROOT,
        )
        self.starts += 1
        if self not in self.emu.processes:
            self.emu.processes.append(self)
        self._watch = asyncio.create_task(self._watch_exit(self.proc))
        if wait:
            await self.wait_ready(logins, timeout)
        return self

    async def _watch_exit(self, proc: asyncio.subprocess.Process) -> None:
        await proc.wait()
        self.emu.changed()  # wakes waits that also watch for the process dying

    async def wait_ready(self, logins_before: int, timeout: float = 20.0) -> None:
        proc = self.proc
        assert proc is not None
        await self.emu.wait_for(
            lambda: (
                proc.returncode is not None or (self.emu.logins > logins_before and self.emu.ready)
            ),
            timeout,
            what=lambda: f"{self.module} to be ready: {self.emu._ready_state()}\n{self.log_tail()}",
        )
        if proc.returncode is not None:
            raise RuntimeError(
                f"{self.module} exited with {proc.returncode} before READY:\n{self.log_tail()}"
            )

    async def wait_exit(self, timeout: float = 10.0) -> int:
        """Waits for the process to end by itself; its exit status."""
        assert self.proc is not None
        return await asyncio.wait_for(self.proc.wait(), timeout)

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.returncode

    async def stop(self, timeout: float = 10.0) -> None:
        """Ctrl-C (SIGINT), as an operator stops the bot. A SIGINT that lands while asyncio is
        busy can be lost (the bot then sits idle), so a second one follows soon after, as
        an operator presses Ctrl-C again; SIGKILL if the process has still not ended."""
        if self.running:
            assert self.proc is not None
            for signum, wait in (
                (signal.SIGINT, 0.6),
                (signal.SIGINT, timeout),
                (signal.SIGKILL, None),
            ):
                if self.proc.returncode is not None:
                    break
                self.proc.send_signal(signum)
                try:
                    await asyncio.wait_for(self.proc.wait(), wait)
                except TimeoutError:
                    continue
        await self._cleanup()

    async def kill(self) -> None:
        """SIGKILL: the process dies at once, as in a crash or a power cut."""
        if self.running:
            assert self.proc is not None
            self.proc.kill()
            await self.proc.wait()
        await self._cleanup()

    async def restart(self, *, kill: bool = False, timeout: float = 20.0) -> BotProcess:
        """Stops (or kills) the process and starts it again, waiting until it is ready."""
        await (self.kill() if kill else self.stop())
        return await self.start(timeout=timeout)

    async def _cleanup(self) -> None:
        if self._watch is not None:
            await self._watch
            self._watch = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_text(self) -> str:
        return (
            self.log_path.read_text(encoding="utf-8", errors="replace")
            if self.log_path.exists()
            else ""
        )

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])
