"""Gracias with hard computer players, through the emulator: a person and two hard
computer seats play a whole game. The computers take a trio, look at its face-down
card, then keep one face-up card and give the other away, as a person does (C5); the
channel shows what they kept and gave, never a face-down card, the game is scored to
its end (C6, C8), and its record holds each computer's take and split."""

from __future__ import annotations

import json

from tests.bot.computer_play import play_first_choice
from tests.bot.table import play_to_the_end
from tests.fakediscord.model import as_read, components_text

ROBOTS = ("Robot 1 (hard)", "Robot 2 (hard)")


async def test_a_person_and_two_hard_computers_play_a_whole_game_c5_c8(fake_discord, start_bot):
    await start_bot(env={"AI_DELAY": "0.01", "AI_SECONDS": "0.02", "GAME_SEED": "3"})
    emu = fake_discord
    ann = emu.user("ann")
    general = emu.channel("general")
    table = await (await ann.slash(general, "gracias start")).message()
    for _ in ROBOTS:
        await (await ann.click(table, "Add AI (hard)")).ack()
    await table.wait_until(lambda m: "3 of 3 to 6" in m.text)
    await (await ann.click(table, "Start")).ack()

    moves = await play_to_the_end(emu, ann, table, play_first_choice)
    assert moves == 24  # 3 rounds x 4 turns, a take and a split each (C2, C5)
    assert await emu.settle() == []
    assert emu.rejected == []

    over = await general.wait_message(lambda m: "Game over!" in m.content)
    assert "1. " in over.content and "points" in over.content
    public = [m for m in general.messages() if m.visible_to is None]
    said = [
        "\n".join([as_read(version.content), *components_text(list(version.components))])
        for message in public
        for version in message.versions
    ]
    for robot in ROBOTS:
        # Every split of theirs reached the table: what was kept, and the thanks.
        assert any(f"{robot} kept" in text and "Gracias!" in text for text in said), robot
    assert not [text for text in said if "face-down card is" in text or "Hidden cards" in text]

    # The record: each computer took its trio bare, then split it (never a whole
    # choice at once, which is also what a refused decision would be replaced by).
    exported = await (await ann.slash(general, "gracias export")).message()
    actions = json.loads(exported.attachments[0].data)["actions"]
    for robot in ROBOTS:
        shapes = [sorted(action) for action in actions if action["by"] == robot]
        assert shapes == [["by", "trio"], ["by", "give_to", "keep"]] * 12, robot
