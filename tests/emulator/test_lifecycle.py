"""Starting, syncing, stopping, killing and restarting a bot process through the launcher, and
what the gateway does on the way: IDENTIFY, READY, GUILD_CREATE, heartbeats, the token and
privileged-intent checks. Start-to-ready is measured in test_start_to_ready_is_measured (printed,
not asserted)."""

from __future__ import annotations

import socket
import time
from pathlib import Path

from tests.emulator.conftest import TINYBOT
from tests.fakediscord import BotProcess, FakeDiscord
from tests.fakediscord.fixtures import StartBot


async def test_the_bot_logs_in_syncs_to_the_dev_guild_and_connects(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    assert fake_discord.ready and fake_discord.logins == 1
    assert fake_discord.gateway.identifies == 1 and fake_discord.gateway.heartbeats >= 1
    names = {c["name"] for c in fake_discord.commands.listing(fake_discord.guild_id)}
    assert {"ping", "echo", "game", "form"} <= names
    assert fake_discord.commands.listing(None) == []
    assert fake_discord.unhandled == [] and fake_discord.rejected == []
    reply = await fake_discord.user("ann").slash(fake_discord.channel("general"), "ping")
    assert (await reply.message()).content == "pong"


async def test_global_sync_builds_interactions_without_a_guild_id(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(TINYBOT, dev_guild=False)
    assert fake_discord.commands.listing(fake_discord.guild_id) == []
    reply = await fake_discord.user("ann").slash(fake_discord.channel("general"), "ping")
    assert "guild_id" not in reply.data
    assert (await reply.message()).content == "pong"


async def test_stop_leaves_nothing_behind(tmp_path: Path) -> None:
    emu = FakeDiscord()
    await emu.start()
    port = emu.port
    proc = BotProcess(emu, module=TINYBOT, database_path=tmp_path / "db", log_path=tmp_path / "log")
    await proc.start()
    await proc.stop()
    assert proc.returncode is not None and not proc.running
    await proc.start()
    await emu.stop()  # kills a bot process still running against it
    assert not proc.running
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", port)) != 0  # the port is closed


async def test_restart_keeps_persistent_controls_and_the_database(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(TINYBOT)
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    assert (await (await ann.slash(general, "count")).message()).content == "count 1"
    lobby = await (await ann.slash(general, "game start")).message()
    await bot.restart()
    assert fake_discord.logins == 2 and fake_discord.gateway.identifies == 2
    assert (await (await ann.slash(general, "count")).message()).content == "count 2"
    await (await ann.click(lobby, "Join")).message()
    assert lobby.content.endswith("ann joined")


async def test_sigkill_and_restart(fake_discord: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start_bot(TINYBOT)
    await bot.kill()
    assert bot.returncode == -9
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    await bot.start()
    assert (await (await ann.slash(general, "ping")).message()).content == "pong"


async def test_a_wrong_token_stops_the_bot_before_ready(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(TINYBOT, token="not-the-token", wait=False)
    assert await bot.wait_exit() != 0
    assert "LoginFailure" in bot.log_text()
    assert not fake_discord.ready


async def test_privileged_intents_are_refused_unless_enabled(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(TINYBOT, env={"TINYBOT_INTENTS": "all"}, wait=False)
    assert await bot.wait_exit() != 0
    assert fake_discord.gateway.close_codes == [4014]
    assert "PrivilegedIntentsRequired" in bot.log_text()


async def test_start_to_ready_is_measured(start_bot: StartBot) -> None:
    # A figure for the report, printed with -s; not asserted (timings are not tests).
    began = time.perf_counter()
    await start_bot(TINYBOT)
    print(f"\nstart-to-ready: {time.perf_counter() - began:.3f} s")


async def test_the_real_bot_entry_point_starts_against_the_emulator(
    fake_discord: FakeDiscord, bot_process: BotProcess
) -> None:
    # `python -m bot`, unmodified, through the launcher: logged in, READY, commands synced.
    assert fake_discord.ready and bot_process.running
    assert fake_discord.commands.listing(fake_discord.guild_id) != []
    assert fake_discord.unhandled == [] and fake_discord.malformed == []
