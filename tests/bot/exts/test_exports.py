"""The replay file of a finished game, through the emulator: given in the game's server
and to its players anywhere, refused to anyone else (audit finding 3)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.table import answer
from tests.fakediscord.core import MODAL_SUBMIT
from tests.stress.driver import answer_text

REFUSED = "That game was played on another server: its record is given there, or to its players."


@pytest.fixture
async def global_bot(start_bot):
    # Commands synced globally, as in production: they work in every server and DM.
    return await start_bot(dev_guild=False, env={"GAME_SEED": "7"})


async def finished_graps(emu: Any) -> None:
    """ann challenges bob in the first server's #general and resigns: game 1 is over."""
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await (await ann.slash(general, "graps start", opponent=bob)).message()
    await (await bob.click(table, "Accept")).ack()
    await table.wait_until(lambda m: "Accept" not in m.text)
    await answer(await ann.slash(general, "graps resign"))
    await general.wait_message(lambda m: "Game over!" in m.text)


async def forged_export(player: Any, channel: Any, custom_id: str) -> Any:
    """A form nobody opened, sent as if from the player's own message in `channel` (a
    form from no message at all is refused before anything else, tests/stress)."""
    data = {"custom_id": custom_id, "components": []}
    message = await player.say(channel, "the replay, please")
    return await player.forge(channel, MODAL_SUBMIT, data, message=message)


def files(interaction: Any) -> list[str]:
    messages = [interaction.original, *interaction.followups]
    return [a.filename for m in messages if m is not None for a in m.attachments]


async def test_a_forged_export_from_elsewhere_is_refused(fake_discord, global_bot):
    """Audit finding 3: a forged form `m:<id>:0:export` sent from another server or a
    DM returned any finished game's replay file, every hand and secret trade in it."""
    emu = fake_discord
    await finished_graps(emu)
    eve = emu.user("eve")
    elsewhere = emu.channel("lounge", server=emu.add_server())
    for channel in (elsewhere, eve.dm_channel()):
        forged = await forged_export(eve, channel, "m:1:0:export")
        assert await answer_text(emu, forged) == REFUSED
        assert files(forged) == []
    # The game's players have it anywhere, and anyone has it in the game's server.
    bob = emu.user("bob")
    for player, channel in ((bob, bob.dm_channel()), (eve, emu.channel("general"))):
        given = await forged_export(player, channel, "m:1:0:export")
        text = await answer_text(emu, given)
        assert text.startswith("The record of game 1"), text
        assert files(given) == ["graps-game-1.json", "graps-game-1.html"]
