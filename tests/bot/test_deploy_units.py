"""The systemd unit of docs/deploy (docs/scaling.md), started dry: two instances, as
`systemctl enable --now tabletop-bot@0-1 tabletop-bot@2-3` would run them, with the
unit's own environment (its Environment= lines and each instance's own file) and
command, against the emulator and a PostgreSQL database. Each start is over when the
unit's ExecStartPost, the wait for readiness, says so, and by then its shards are
connected; together they run the four shards and serve a game each."""

from __future__ import annotations

import asyncio
import socket
import sys
from pathlib import Path

from bot.core.settings import read_env_file
from tests.fakediscord.gateway import shard_of
from tests.stress.driver import game_id_in, open_table, stored

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "docs" / "deploy" / "tabletop-bot@.service"
PYTHON = "/srv/tabletop-bot/.venv/bin/python"
"""The unit's interpreter, which the test runs as its own."""


def unit_lines(key: str, instance: str) -> list[str]:
    """The values of every `key=` line of the unit, with %i the instance (systemd allows
    Environment= and EnvironmentFile= many times, which configparser does not)."""
    return [
        line.removeprefix(f"{key}=").replace("%i", instance)
        for line in UNIT.read_text(encoding="utf-8").splitlines()
        if line.startswith(f"{key}=")
    ]


def unit_environment(instance: str, files: Path) -> tuple[dict[str, str], list[str]]:
    """The instance's environment (its own EnvironmentFile=, read from `files` instead of
    the bot's directory, then the Environment= settings) and the unit's ExecStart."""
    environment: dict[str, str] = {}
    own = [f for f in unit_lines("EnvironmentFile", instance) if not f.endswith("/.env")]
    for path in own:
        environment.update(read_env_file(files / Path(path).name))
    for setting in unit_lines("Environment", instance):
        key, _, value = setting.partition("=")
        environment[key] = value
    (command,) = unit_lines("ExecStart", instance)
    return environment, command.split()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def wait_ready(instance: str, environment: dict[str, str]) -> int:
    """The unit's ExecStartPost run as systemd runs it, after ExecStart: its exit status."""
    (command,) = unit_lines("ExecStartPost", instance)
    program, *arguments = command.split()
    assert program == PYTHON and arguments[:2] == ["-m", "bot.health"], command
    process = await asyncio.create_subprocess_exec(
        sys.executable, *arguments, env=environment, cwd=ROOT
    )
    return await process.wait()


async def test_two_instances_of_the_unit_run_the_four_shards(
    fake_discord, start_bot, postgres_url, tmp_path
):
    emu = fake_discord
    # Two identifies per 5 s, as Discord allows some bots: each instance's two shards
    # identify together instead of 5 s apart (the spacing itself: test_identify.py).
    emu.max_concurrency = 2
    while len({shard_of(guild, 4) for guild in emu.guild_ids}) < 4:
        emu.add_server()
    for instance in ("0-1", "2-3"):  # as the operator writes them (docs/scaling.md)
        (tmp_path / f"instance-{instance}.env").write_text(f"METRICS_PORT={free_port()}\n")
    processes = []
    for instance, shards in (("0-1", [0, 1]), ("2-3", [2, 3])):
        environment, command = unit_environment(instance, tmp_path)
        assert command == [PYTHON, "-m", "bot"], command  # the module the tests run
        assert environment["METRICS_PORT"].isdigit(), "each instance has its own port"
        process = await start_bot(
            wait=False, dev_guild=False, database_url=postgres_url, env=environment
        )
        processes.append(process)
        assert await asyncio.wait_for(wait_ready(instance, process.environment()), 130) == 0
        assert set(shards) <= set(emu.gateway.shards), "ready before its shards connected"
    assert sorted(emu.gateway.shards) == [0, 1, 2, 3]
    (first, _), (second, _) = emu.gateway.identified[:2]
    assert second - first < 2, "the instance's second shard went at once (another bucket)"
    # Each instance asked for its allowance once, for its second shard (SHARD_COUNT is
    # set, so discord.py asks for nothing itself).
    asked = [r for r in emu.requests if r.path.endswith("/gateway/bot")]
    assert len(asked) == 2, [r.path for r in asked]
    for shard in (0, 3):
        server = next(g for g in emu.guild_ids if shard_of(g, 4) == shard)
        channel = emu.channel(f"shard{shard}", server=server)
        table = await open_table(emu, "graps", channel, names=[f"ann{shard}", f"bob{shard}"])
        game_id = game_id_in(postgres_url, channel, "graps")
        assert stored(postgres_url, game_id).status == "running"
        assert table.message.buttons()


async def test_the_wait_fails_when_the_instance_never_gets_ready(tmp_path):
    (tmp_path / "instance-0-1.env").write_text(f"METRICS_PORT={free_port()}\n")
    environment, _ = unit_environment("0-1", tmp_path)
    (command,) = unit_lines("ExecStartPost", "0-1")
    *asks, wait = command.split()[1:]
    (timeout,) = unit_lines("TimeoutStartSec", "0-1")
    assert asks[-1] == "--wait" and int(wait) < int(timeout), "the wait ends within the start"
    quick = [*asks, "1"]  # nothing listens: one second is enough to tell
    process = await asyncio.create_subprocess_exec(
        sys.executable, *quick, env=environment, cwd=ROOT, stderr=asyncio.subprocess.PIPE
    )
    _, said = await process.communicate()
    assert process.returncode == 1 and b"no answer" in said
