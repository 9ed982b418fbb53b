"""The systemd unit of docs/deploy (docs/scaling.md), started dry: two instances, as
`systemctl enable --now tabletop-bot@0-1 tabletop-bot@2-3` would run them, with the
unit's own environment and command, against the emulator and a PostgreSQL database.
Both come up, together run the four shards, and serve a game each."""

from __future__ import annotations

import configparser
from pathlib import Path

from tests.fakediscord.gateway import shard_of
from tests.stress.driver import game_id_in, open_table, stored

UNIT = Path(__file__).resolve().parents[2] / "docs" / "deploy" / "tabletop-bot@.service"


def unit_environment(instance: str) -> tuple[dict[str, str], list[str]]:
    """The unit's Environment= settings and ExecStart, with %i the instance."""
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    text = UNIT.read_text(encoding="utf-8")
    # configparser keeps one value per key; systemd allows Environment= many times.
    environment: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("Environment="):
            key, _, value = line.removeprefix("Environment=").partition("=")
            environment[key] = value.replace("%i", instance)
    parser.read_string(text.replace("Environment=", "#Environment="))
    command = parser["Service"]["ExecStart"].split()
    return environment, command


async def test_two_instances_of_the_unit_run_the_four_shards(fake_discord, start_bot, postgres_url):
    emu = fake_discord
    while len({shard_of(guild, 4) for guild in emu.guild_ids}) < 4:
        emu.add_server()
    processes = []
    for instance in ("0-1", "2-3"):
        environment, command = unit_environment(instance)
        assert command[-2:] == ["-m", "bot"], command  # the module the tests run
        processes.append(
            await start_bot(wait=False, dev_guild=False, database_url=postgres_url, env=environment)
        )
    await processes[0].wait_ready(0, timeout=60)
    assert sorted(emu.gateway.shards) == [0, 1, 2, 3]
    for shard in (0, 3):
        server = next(g for g in emu.guild_ids if shard_of(g, 4) == shard)
        channel = emu.channel(f"shard{shard}", server=server)
        table = await open_table(emu, "graps", channel, names=[f"ann{shard}", f"bob{shard}"])
        game_id = game_id_in(postgres_url, channel, "graps")
        assert stored(postgres_url, game_id).status == "running"
        assert table.message.buttons()
