"""`/<game> start thread:true`: the game is played in a new thread of the channel,
started from the command's answer; the channel keeps that one line, so several games
of one kind can run side by side under it."""

from __future__ import annotations

from tests.bot.table import answer, hand_dm, pick
from tests.fakediscord.core import CREATE_PUBLIC_THREADS
from tests.fakediscord.model import PUBLIC_THREAD


async def test_a_game_is_played_in_its_own_thread(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    ann, bob, cy = (emu.user(name) for name in ("ann", "bob", "cy"))
    opened = await (await ann.slash(general, "grass start", target=100000, thread=True)).message()
    assert opened.text == f"**Grass**: {ann.mention} opened a table in the thread below."
    # Discord gives a message's thread the message's id.
    thread = await emu.wait_for(lambda: emu.channels.get(opened.id), what="the game's thread")
    assert thread.kind == PUBLIC_THREAD and thread.parent is general
    assert thread.name == "Grass: ann's table"
    lobby = await thread.wait_message(lambda m: "Join" in m.text)
    for player in (bob, cy):
        await (await player.click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: "3 of 2 to 6" in m.text)
    await (await ann.click(lobby, "Start")).ack()
    await lobby.wait_until(lambda m: f"{ann.mention}, your turn" in m.text)
    hand = await hand_dm(emu, ann, 0)
    link = f"https://discord.com/channels/{general.guild_id}/{thread.id}/{lobby.id}"
    assert link in hand.text  # the hand message leads to the table, in the thread
    await pick(emu, ann, 0, "play", "market_open")
    await lobby.wait_until(lambda m: f"{bob.mention}, your turn" in m.text)
    # Typed in the thread, a command finds the thread's game.
    scores = await (await bob.slash(thread, "grass scores")).message()
    assert scores.images() and scores.channel is thread
    # The channel itself shows the one line, and a second game can start beside it.
    assert [m.id for m in general.messages()] == [opened.id]
    second = await (await bob.slash(general, "grass start", thread=True)).message()
    assert second.text.startswith("**Grass**: ")
    await emu.wait_for(lambda: emu.channels.get(second.id), what="the second game's thread")


async def test_thread_games_need_the_thread_permissions_and_a_channel(fake_discord, stacked_bot):
    emu = fake_discord
    ann = emu.user("ann")
    closed = emu.channel("no-threads", bot_denied=CREATE_PUBLIC_THREADS)
    refused = await answer(await ann.slash(closed, "gracias start", thread=True))
    assert "missing the Create Public Threads permission" in refused
    assert not [c for c in emu.channels.values() if c.parent is closed]
    inside = emu.thread("chat", emu.channel("general"))
    refused = await answer(await ann.slash(inside, "gracias start", thread=True))
    assert refused.startswith("This is a thread already")


def threads(emu) -> int:
    return sum(1 for channel in emu.channels.values() if channel.kind == PUBLIC_THREAD)


async def test_one_member_opens_at_most_three_lobbies_and_a_server_twenty(
    fake_discord, stacked_bot
):
    """Audit finding 6: nothing limited how many games one member opened, and
    `thread:true` got around "one game per kind per channel": 50 starts by one member
    made 50 threads and 50 open lobbies, from the REST budget every server shares. Now
    the fourth waiting lobby of one member is refused before any thread is made, and
    the server's twenty-first."""
    emu = fake_discord
    general = emu.channel("general")
    ann = emu.user("ann")
    for _ in range(3):
        opened = await (await ann.slash(general, "grass start", thread=True)).message()
        thread = await emu.wait_for(lambda o=opened: emu.channels.get(o.id), what="its thread")
        await thread.wait_message(lambda m: "Join" in m.text)
    mark = len(emu.requests)
    refused = await answer(await ann.slash(general, "grass start", thread=True))
    assert refused == (
        "You already host 3 games waiting for players on this server; start or cancel one "
        "of them before opening another."
    )
    refused = await answer(await ann.slash(emu.channel("other"), "gracias start"))
    assert refused.startswith("You already host 3 games")
    assert threads(emu) == 3
    assert not [r for r in emu.requests[mark:] if "/threads" in r.path]
    # Seventeen more lobbies by six other members fill the server.
    hosts = [emu.user(name) for name in ("bob", "cy", "dee", "eve", "fay", "gus")]
    for number in range(17):
        host = hosts[number // 3]
        channel = emu.channel(f"table-{number}")
        opened = await (await host.slash(channel, "grass start")).message()
        assert opened.text.startswith("**Grass**: a new game"), opened.text
    refused = await answer(await hosts[5].slash(emu.channel("last"), "grass start"))
    assert refused == (
        "This server already has 20 games waiting for players; join one, or try again "
        "once some have started."
    )
