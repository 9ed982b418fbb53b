"""Graps against the computer, through the emulator: `/graps start ai:easy`
starts at once with a named AI seat, the member playing dark and placing first (P1,
P2), and the AI's moves come through the session service like anyone's; a whole game
is played to its end (P7), the member's one board DM redrawn in place at every turn.
`/graps start` needs exactly one of `opponent` and `ai`. A pending challenge is stored
as one, so a forged Start from the challenger is refused and only the challenged
member's Accept starts the game.

Rolls are stated (the bot's GAME_SETUP_FILE test hook): all blanks, so the game is a
race and ends the same way every run; the member places on the first cell offered.
"""

from __future__ import annotations

import copy
import json
import sqlite3

from games.replay import replay
from tests.bot.graps_play import ai_graps_bot, play_against_the_computer  # noqa: F401
from tests.bot.table import answer
from tests.stress.census import new_dms

AI = "Robot 1 (easy)"


def statuses(bot) -> list[str]:
    with sqlite3.connect(bot.database_path) as db:
        return [row[0] for row in db.execute("SELECT status FROM games ORDER BY id")]


async def test_a_member_plays_an_easy_ai_to_the_end_P1_P2_P7(fake_discord, ai_graps_bot):  # noqa: F811
    emu = fake_discord
    ann = emu.user("ann")
    general = emu.channel("general")
    table = await (await ann.slash(general, "graps start", ai="easy")).message()
    await table.wait_until(lambda m: "set-up grape" in m.text)
    # P1, P2: the member plays dark and places first; the AI seat is named like the
    # lobby's AI seats (bot/core/lobbies.py).
    assert f"ann (dark, row 1) vs {AI} (light, row 15)" in table.text
    assert statuses(ai_graps_bot) == ["running"]

    moves_by_ann = await play_against_the_computer(emu, ann, table)

    over = await general.wait_message(lambda m: "Game over" in m.text, after=0)
    assert f"{AI} reached ann's land, row 1" in over.text
    assert moves_by_ann > 10
    # The AI's moves were at the table like anyone's, by its name.
    assert any(f"{AI} placed" in version.text for version in table.versions)

    exported = await (await ann.slash(general, "graps export")).message()
    data = json.loads(exported.attachments[0].data)
    assert data["players"] == ["ann", AI]
    assert data["actions"][0]["by"] == "ann"
    assert [action["by"] for action in data["actions"]] == ["ann", AI] * moves_by_ann
    outcome = replay(data).outcome()
    assert outcome is not None and outcome.winners == (AI,)
    assert statuses(ai_graps_bot) == ["finished"]
    assert ann.dm_messages() and emu.rejected == []
    # ann, alone with the computer, looked at her board all game: the one board DM was
    # redrawn in place at each of her turns, never sent again (the DM list kept still).
    boards = new_dms(ann)
    assert len(boards) == 1 and boards[0].pushes == {ann.id}
    assert len(boards[0].versions) > moves_by_ann


async def test_start_needs_exactly_one_of_opponent_and_ai(fake_discord, ai_graps_bot):  # noqa: F811
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    neither = await answer(await ann.slash(general, "graps start"))
    assert "Choose exactly one opponent" in neither
    both = await answer(await ann.slash(general, "graps start", opponent=bob, ai="hard"))
    assert "Choose exactly one opponent" in both
    assert statuses(ai_graps_bot) == []


async def test_a_forged_start_on_a_pending_challenge_is_refused(fake_discord, ai_graps_bot):  # noqa: F811
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    challenge = await (await ann.slash(general, "graps start", opponent=bob)).message()
    accept = next(b for b in challenge.buttons() if b.label == "Accept").custom_id
    start = accept.replace("accept_game", "start")
    # A forger's payload: the challenge message with a Start button on it.
    doctored = copy.copy(challenge)
    doctored.components = json.loads(json.dumps(challenge.components).replace(accept, start))
    forged = await ann.forge(
        general, 3, {"custom_id": start, "component_type": 2}, message=doctored
    )
    assert "only their **Accept** starts the game" in await answer(forged)
    assert statuses(ai_graps_bot) == ["lobby"]
    # The challenge still stands: bob's Accept starts it.
    await (await bob.click(challenge, "Accept")).ack()
    await challenge.wait_until(lambda m: "set-up grape" in m.text)
    assert statuses(ai_graps_bot) == ["running"]
