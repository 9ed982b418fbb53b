"""`python -m bot` when Discord cannot be reached, or when another bot has its database:
a clear sentence, exit status 1, no traceback and no token in what it prints."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port  # nothing listens once the socket is closed


def test_an_unreachable_discord_is_explained_without_a_traceback(tmp_path: Path) -> None:
    token = "MTIz.unreachable.token"
    env = {
        **os.environ,
        "DISCORD_TOKEN": token,
        "DATABASE_PATH": str(tmp_path / "bot.sqlite3"),
        "FAKEDISCORD_URL": f"http://127.0.0.1:{closed_port()}",
    }
    env.pop("DEV_GUILD_ID", None)
    done = subprocess.run(
        [sys.executable, "-m", "tests.fakediscord.launch", "bot"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "Cannot reach Discord" in output
    assert "Traceback" not in output
    assert token not in output
    assert "voice will NOT be supported" not in output


async def test_a_second_bot_on_the_same_database_is_refused(fake_discord, start_bot, tmp_path):
    """Audit finding 14: two bot processes on one SQLite file would both answer every
    click and both run every timer; the second one stops with a clear sentence."""
    first = await start_bot()
    second = await start_bot(database_path=first.database_path, wait=False)
    assert await second.wait_exit(timeout=30) == 1
    log = second.log_text()
    assert "Cannot use the database" in log and "already in use by another running bot" in log
    assert "Traceback" not in log
    assert first.running
