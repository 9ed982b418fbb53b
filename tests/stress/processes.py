"""Several bot processes on one PostgreSQL database against one emulator: each runs
some of the shards, as a bot grown past one process runs (docs/scaling.md)."""

from __future__ import annotations

from typing import Any

from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.gateway import shard_of
from tests.fakediscord.process import BotProcess

SHARDS = 2


async def sharded_bots(
    emu: FakeDiscord, start_bot: Any, database_url: str, env: dict[str, str]
) -> tuple[BotProcess, BotProcess]:
    """Processes for shards 0 and 1 of 2, started together and ready; the emulator has a
    server on each shard (`server_of_shard`)."""
    while len({shard_of(guild, SHARDS) for guild in emu.guild_ids}) < SHARDS:
        emu.add_server()
    processes = []
    for shard in range(SHARDS):
        processes.append(
            await start_bot(
                wait=False,
                dev_guild=False,  # global commands: every server has them
                database_url=database_url,
                log_level="DEBUG",
                env={**env, "SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(shard)},
            )
        )
    await processes[0].wait_ready(0, timeout=30)
    return processes[0], processes[1]


def server_of_shard(emu: FakeDiscord, shard: int) -> int:
    return next(guild for guild in emu.guild_ids if shard_of(guild, SHARDS) == shard)
