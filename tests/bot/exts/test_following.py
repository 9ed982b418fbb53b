"""Following a game one does not play, through the emulator: `/games` in a server lists
its running games with a link to each table and a menu to follow one; the follower
gets the table in their DMs, one message edited in place without notifications, the
channel's words and picture and nothing more; Unfollow stops it, and the game's end
shows its end and stops it too. A player is not offered their own game."""

from __future__ import annotations

from typing import Any

from tests.bot.computer_play import play_first_choice
from tests.bot.table import answer, picture, play_to_the_end
from tests.fakediscord.model import Message


async def gracias_against_the_computer(emu: Any, start_bot: Any) -> Message:
    await start_bot(env={"AI_DELAY": "0.01", "GAME_SEED": "3", "TIMER_MINUTE": "6"})
    ann = emu.user("ann")
    table = await (await ann.slash(emu.channel("general"), "gracias start")).message()
    for _ in range(2):
        await (await ann.click(table, "Add AI (easy)")).ack()
    await table.wait_until(lambda m: "3 of 3 to 6" in m.text)
    await (await ann.click(table, "Start")).ack()
    running: Message = await table.wait_until(lambda m: "trios" in m.text)
    return running


def words(message: Message) -> list[str]:
    """The message's words without its controls' labels."""
    controls = {b.label for b in message.buttons()} | {"Go to the table", "Unfollow"}
    return [line for line in message.text.splitlines() if line not in controls]


async def test_a_follower_sees_the_table_in_one_silent_dm_until_the_end_c5(fake_discord, start_bot):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await gracias_against_the_computer(emu, start_bot)

    mine = await answer(await ann.slash(general, "games"))
    assert "follow" not in mine  # a player follows their game by their hand message
    listed = await (await bob.slash(general, "games")).message()
    assert "**Games on this server you can follow:**" in listed.text
    assert (
        f"- **Gracias game 1** in #general: waiting for ann. [Go to the table](https://discord.com/channels/{general.guild_id}/{general.id}/{table.id})"
        in listed.text
    )
    [menu] = listed.selects()
    assert [option.label for option in menu.options] == ["Gracias game 1 in #general"]
    followed = await (await bob.select(listed, menu.custom_id, ["1"])).message()
    assert followed.text.startswith("You follow Gracias game 1: its table is in your direct")
    [dm] = await bob.dms()
    assert dm.silent and not bob.pushes()
    await dm.wait_until(lambda m: words(m) == words(table))  # the channel's words
    assert picture(dm, "table.png").tobytes() == picture(table, "table.png").tobytes()
    assert [b.label for b in dm.buttons()] == ["Go to the table", "Unfollow"]
    again = await answer(await bob.select(listed, menu.custom_id, ["1"]))
    assert again == "You follow that game already: its table is in your DMs."

    # Moves: the one message is edited, nothing new is sent, nobody is notified.
    played = 0

    def enough() -> bool:
        return played >= 4

    async def play(player: Any, message: Message) -> None:
        nonlocal played
        await play_first_choice(player, message)
        played += 1

    await play_to_the_end(emu, ann, table, play, enough)
    await dm.wait_until(lambda m: m.edits > 0 and words(m) == words(table))
    assert len(bob.dm_messages()) == 1 and not bob.pushes()

    gone = await (await bob.click(dm, "Unfollow")).ack()
    del gone
    await dm.wait_until(lambda m: m.text == "You no longer follow game 1.")
    assert dm.attachments == [] and dm.buttons() == []
    edits = dm.edits

    # Following again until the end: the last edit shows it, and offers no Unfollow.
    listed = await (await bob.slash(general, "games")).message()
    await (await bob.select(listed, listed.selects()[0].custom_id, ["1"])).ack()
    [_, dm] = await bob.dms(2)
    await play_to_the_end(emu, ann, table, play_first_choice)
    await dm.wait_until(lambda m: "Game over" in m.text and "Unfollow" not in m.text)
    assert [b.label for b in dm.buttons()] == ["Go to the table"]
    assert bob.dm_messages()[0].edits == edits  # unfollowed: left alone
    nothing = await answer(await bob.slash(general, "games"))
    assert "follow" not in nothing
    assert emu.rejected == []
