"""Watching a finished game again, through the emulator, as players do: the game-over
message's Watch the replay answers privately with an animated GIF (one frame per public
step of the stored game, in the asker's language), Share posts it in the channel, and
`/graps replay` finds the channel's last game or one by its number; a running game, a
game of another kind and a part a game does not have are refused in plain words."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image, ImageSequence

from games.watch import Moment, parts, watch
from tests.bot.computer_play import ai_bot, open_with_ais, play_simply  # noqa: F401
from tests.bot.graps_play import ai_graps_bot, play_against_the_computer  # noqa: F401
from tests.bot.table import answer, play_to_the_end
from tests.fakediscord.model import Message
from tests.render.page_views import embedded

DRAWING = 60.0
"""Seconds a replay may take to come: the replay worker runs below the bot's priority,
so on a busy machine an animation waits for the other processes' turns."""


def frames(message: Message) -> int:
    [gif] = [a for a in message.attachments if a.filename.endswith(".gif")]
    assert gif.content_type == "image/gif"
    return sum(1 for _ in ImageSequence.Iterator(Image.open(io.BytesIO(gif.data))))


@pytest.mark.usefixtures("ai_graps_bot")
async def test_a_finished_game_is_watched_again_and_shared(fake_discord):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await (await ann.slash(general, "graps start", ai="easy")).message()
    await table.wait_until(lambda m: "set-up grape" in m.text)
    refused = await answer(await ann.slash(general, "graps replay"))
    assert refused == ("A game is replayed once it is over; meanwhile its table shows every move.")
    await play_against_the_computer(emu, ann, table)
    over = await general.wait_message(lambda m: "**Rematch**" in m.text, after=0)
    assert "**Watch the replay** shows the game again, animated" in over.text

    watched = await (await bob.click(over, "Watch the replay")).message(DRAWING)
    assert watched.visible_to is bob  # privately, to whoever asked
    exported = await (await ann.slash(general, "graps export")).message()
    [record, page] = exported.attachments
    document = json.loads(record.data)
    steps = watch(document)
    # The export holds the replay page too, made from the same steps.
    assert page.filename == "graps-game-1.html"
    assert len(embedded(page.data.decode())["steps"]) == len(steps)
    assert "and a page that replays it in any web browser" in exported.text
    assert frames(watched) == len(steps)  # Graps scores no parts: a frame per step
    assert watched.text.startswith(
        f"**Graps game 1** replayed as its table showed it: {len(steps)} pictures,"
    )
    [gif] = watched.attachments
    assert gif.description == ("An animated replay of Graps game 1. Game over: Robot 1 (easy) won.")

    shared = await (await bob.click(watched, "Share")).message(DRAWING)
    assert shared.visible_to is None and shared.channel is general
    assert frames(shared) == len(steps)

    # The command finds the channel's last game, or one by its number.
    again = await (await ann.slash(general, "graps replay")).message(DRAWING)
    assert frames(again) == len(steps)
    other = await answer(await ann.slash(general, "grass replay", game=1))
    assert other == "Game 1 is not a Grass game."
    gone = await answer(await ann.slash(general, "graps replay", game=99))
    assert gone == "That game no longer exists."
    assert emu.rejected == []


@pytest.mark.usefixtures("ai_graps_bot")
async def test_a_replay_speaks_the_askers_language(fake_discord):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    await answer(await bob.slash(general, "language", language="de"))
    table = await (await ann.slash(general, "graps start", ai="easy")).message()
    await play_against_the_computer(emu, ann, table)
    over = await general.wait_message(lambda m: "**Rematch**" in m.text, after=0)
    watched = await (await bob.click(over, "Watch the replay")).message(
        DRAWING
    )  # the table's words
    assert watched.text.startswith("Die **Graps-Partie 1** als Wiederholung")
    assert watched.attachments[0].description == (
        "Eine animierte Wiederholung der Graps-Partie 1. Spielende: Sieg für Roboter 1 (leicht)."
    )


@pytest.mark.usefixtures("ai_bot")
async def test_one_hand_of_a_grass_game_and_a_hand_it_did_not_have_g18(fake_discord):
    emu = fake_discord
    ann = emu.user("ann")
    general = emu.channel("general")
    table = await open_with_ais(emu, ann, general, ["easy"] * 2, target=25000)
    await (await ann.click(table, "Start")).ack()
    await play_to_the_end(emu, ann, table, play_simply)
    exported = await (await ann.slash(general, "grass export")).message()
    steps = watch(json.loads(exported.attachments[0].data))
    hands = parts(steps)
    first = await (await ann.slash(general, "grass replay", hand=1)).message(DRAWING)
    # It ends on the hand's score sheet; after the game's last table if the hand ended it.
    ended = steps[hands[0][-1]].moment is Moment.END
    assert frames(first) == len(hands[0]) + ended
    assert first.text.startswith("**Grass game 1, hand 1** replayed as its table showed it")
    missing = await answer(await ann.slash(general, "grass replay", hand=len(hands) + 1))
    count = len(hands)
    assert missing == (
        f"That game had no hand {count + 1}: it had {count} hand{'s' if count > 1 else ''}."
    )
