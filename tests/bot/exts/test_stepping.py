"""A finished game stepped through picture by picture, through the emulator, as players
do: the animated replay's Step through opens a private message with the table as it
stood after each move and what the move did; First / Back / Next / Last and the jump to
a hand move it in place; its controls still work after a restart; Share posts the
picture shown in the channel, whose controls open a private copy for whoever clicks.
A Gracias game against the computer: three rounds (C2), each closed by its scores (C6)."""

from __future__ import annotations

import json

from games.watch import pages, parts, watch
from tests.bot.computer_play import play_first_choice
from tests.bot.table import play_to_the_end
from tests.fakediscord.model import Message

DRAWING = 60.0
"""Seconds a replay may take to come: the replay worker runs below the bot's priority,
so on a busy machine an animation waits for the other processes' turns."""


def counter(message: Message) -> str:
    """The picture's place, as the message's first line says it."""
    return message.text.splitlines()[0]


async def test_a_finished_gracias_game_is_stepped_through_after_a_restart_c6(
    fake_discord, start_bot
):
    bot = await start_bot(env={"AI_DELAY": "0.01", "GAME_SEED": "3"})
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await (await ann.slash(general, "gracias start")).message()
    for _ in range(2):
        await (await ann.click(table, "Add AI (easy)")).ack()
    await table.wait_until(lambda m: "3 of 3 to 6" in m.text)
    await (await ann.click(table, "Start")).ack()
    await play_to_the_end(emu, ann, table, play_first_choice)
    exported = await (await ann.slash(general, "gracias export")).message()
    steps = watch(json.loads(exported.attachments[0].data))
    shown, rounds = pages(steps), parts(steps)
    count = len(shown)
    assert len(rounds) == 3, "three rounds to jump between (C2)"

    watched = await (await bob.slash(general, "gracias replay")).message(DRAWING)
    opened = await (await bob.click(watched, "Step through")).message()
    assert opened.visible_to is bob  # privately, to whoever asked
    assert counter(opened) == f"**Replay** · round 1 · picture 1 of {count}"
    assert [b.label for b in opened.buttons()] == ["First", "Back", "Next", "Last", "Share"]
    assert opened.buttons()[0].disabled and opened.buttons()[1].disabled
    assert opened.images()[0].width > 300  # the table as dealt, decoded

    await (await bob.click(opened, "Next")).ack()
    second = await opened.wait_until(lambda m: f"picture 2 of {count}" in m.text)
    said = steps[shown[1].step].lines
    assert said and all(line in second.text for line in said), "what the move did"

    await bot.restart()  # the controls carry the game and the picture
    await (await bob.click(opened, "Next")).ack()
    await opened.wait_until(lambda m: f"picture 3 of {count}" in m.text)
    await (await bob.click(opened, "Last")).ack()
    last = await opened.wait_until(lambda m: f"picture {count} of {count}" in m.text)
    assert last.buttons()[2].disabled and last.buttons()[3].disabled
    assert shown[-1].scores and last.attachments[0].filename == "scores.png"

    # The jump to a round: its first picture, right after the last round's scores.
    [jump] = opened.selects()
    assert [option.label for option in jump.options] == [
        f"round {n}" for n in range(1, len(rounds) + 1)
    ]
    second_round = jump.options[1].value
    await (await bob.select(opened, jump.custom_id, [second_round])).ack()
    jumped = await opened.wait_until(lambda m: "round 2 · picture" in m.text)
    first_of_round = int(second_round)
    assert shown[first_of_round].step == rounds[0][-1]  # the deal, after round 1's last move
    assert counter(jumped) == f"**Replay** · round 2 · picture {first_of_round + 1} of {count}"
    await (await bob.click(opened, "Back")).ack()
    scores = await opened.wait_until(lambda m: f"picture {first_of_round} of {count}" in m.text)
    assert shown[first_of_round - 1].scores  # round 1's scores, as the channel got it
    assert scores.attachments[0].filename == "scores.png"
    assert counter(scores) == f"**Replay** · round 1 · picture {first_of_round} of {count}"

    shared = await (await bob.click(opened, "Share")).message()
    assert shared.visible_to is None and shared.channel is general
    assert counter(shared) == counter(scores)
    assert "Share" not in [b.label for b in shared.buttons()]
    # A click on the shared message opens a private copy; the shared one stays.
    copy = await (await ann.click(shared, "Next")).message()
    assert copy.visible_to is ann and copy.id != shared.id
    assert f"picture {first_of_round + 1} of {count}" in counter(copy)
    assert shared.edits == 0
    assert emu.rejected == []
