"""A throwaway PostgreSQL server for the tests, started from the server programs (initdb,
pg_ctl) so that nothing has to be set up by hand: a fresh cluster in a temporary
directory, reachable only through a Unix socket in that directory, removed at the end.

Tests get an empty database each (`PostgresServer.fresh_database`), cloned from the
session's database `tests`: whatever one test writes, no other test sees."""

from __future__ import annotations

import asyncio
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import asyncpg

DEBIAN = Path("/usr/lib/postgresql")
TOOLS = ("initdb", "pg_ctl")
SUPERUSER = "postgres"
DATABASE = "tests"
PORT = 5432  # no TCP: the port only names the socket file, .s.PGSQL.5432


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def find_binaries() -> Path | None:
    """The directory holding initdb and pg_ctl (and postgres, which pg_ctl runs), or None.
    Debian keeps them in /usr/lib/postgresql/<version>/bin, off PATH because several
    versions can be installed side by side: those come first, newest first, then PATH
    (symbolic links followed, so that postgres is found beside pg_ctl)."""
    debian = sorted(DEBIAN.glob("*/bin"), key=lambda path: _version(path.parent.name))
    on_path = [Path(found).resolve().parent for found in [shutil.which("initdb")] if found]
    for directory in [*reversed(debian), *on_path]:
        if all(os.access(directory / tool, os.X_OK) for tool in TOOLS):
            return directory
    return None


def _server_user() -> pwd.struct_passwd | None:
    """Who runs initdb and the server: PostgreSQL refuses to run as root, so as root it
    is the `postgres` system user (Debian's package creates it), else `nobody`; anyone
    else runs it as themselves (None)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root, and no 'postgres' or 'nobody' user to run PostgreSQL")


@contextmanager
def running(binaries: Path) -> Iterator[PostgresServer]:
    """A started server in a new temporary directory; stopped, and the directory with
    everything it wrote removed, when the block ends, also on an error."""
    with tempfile.TemporaryDirectory(prefix="pgtests-", ignore_cleanup_errors=True) as root:
        server = PostgresServer(binaries, Path(root))
        try:
            server.start()
            yield server
        finally:
            server.stop()


class PostgresServer:
    """One PostgreSQL cluster of its own in `root`, from `initdb` to `pg_ctl stop`."""

    def __init__(self, binaries: Path, root: Path) -> None:
        self.binaries = binaries
        self.root = root
        self.data = root / "data"
        self.socket_dir = root / "socket"
        self.user = _server_user()
        self._names = itertools.count(1)

    def url(self, database: str = DATABASE) -> str:
        """An asyncpg (and libpq) connection URL: the host is the socket's directory."""
        host = quote(str(self.socket_dir))
        return f"postgresql://{SUPERUSER}@/{database}?host={host}&port={PORT}"

    @contextmanager
    def fresh_database(self) -> Iterator[str]:
        """The URL of a new empty database, cloned from `tests` (a copy of a small
        database, far faster than a new cluster), dropped afterwards even when a test
        left connections open (WITH (FORCE), PostgreSQL 13 and later)."""
        name = f"{DATABASE}_{next(self._names)}"
        self.execute(f'CREATE DATABASE "{name}" TEMPLATE "{DATABASE}"')
        try:
            yield self.url(name)
        finally:
            self.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def execute(self, sql: str) -> None:
        """Runs one statement on the maintenance database `postgres`. With asyncpg in a
        thread of its own, so that synchronous fixtures and async code alike can call
        it, and the tests' event loop is never touched."""

        async def run() -> None:
            connection = await asyncpg.connect(self.url("postgres"))
            try:
                await connection.execute(sql)
            finally:
                await connection.close()

        with ThreadPoolExecutor(max_workers=1) as thread:
            thread.submit(asyncio.run, run()).result()

    def start(self) -> None:
        self.socket_dir.mkdir()
        if self.user is not None:  # the server's user writes the cluster and the socket
            for path in (self.root, self.socket_dir):
                os.chown(path, self.user.pw_uid, self.user.pw_gid)
        self._run(
            "initdb",
            "-D",
            self.data,
            "--auth=trust",
            f"--username={SUPERUSER}",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
        )
        with (self.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
            conf.write(
                # Only the socket: no port taken on the machine, nothing reachable from it.
                f"listen_addresses = ''\nunix_socket_directories = '{self.socket_dir}'\n"
                f"port = {PORT}\n"
                # Test data need not survive a crash of the machine: no waiting for disks.
                "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
            )
        # -w: returns once the server accepts connections (or fails after -t seconds).
        self._run("pg_ctl", "start", "-D", self.data, "-l", self.root / "log", "-w", "-t", "60")
        self.execute(f'CREATE DATABASE "{DATABASE}"')

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "stop", "-D", self.data, "-m", "fast", "-w")

    def _run(self, tool: str, *args: str | Path) -> None:
        """Runs one of the server programs, as the server's user (setpriv changes user
        without a login session), from the cluster's directory, which that user can
        enter. Fails with the program's output and the server's log."""
        command = [str(self.binaries / tool), *map(str, args)]
        if self.user is not None:
            command = [
                "setpriv",
                f"--reuid={self.user.pw_uid}",
                f"--regid={self.user.pw_gid}",
                "--init-groups",
                "--",
                *command,
            ]
        done = subprocess.run(command, cwd=self.root, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = self.root / "log"
            tail = log.read_text(encoding="utf-8", errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{tool} failed:\n{done.stdout}{done.stderr}{tail}")
