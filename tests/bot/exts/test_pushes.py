"""Pushes that matter, through the emulator, which counts as Discord does who a message
notifies (`Player.pushes`: new DMs without the silent flag, allowed mentions): a player
away longer than the window (`AWAY_MINUTES` of the bot's clock, shrunk with
TIMER_MINUTE) is pushed at every one of their turn starts; a trade offered to someone
and a take-back to agree to notify even a player who acted a moment ago; `/notify`
every turn and never are honoured, and so are quiet hours, in which every turn comes
silently. Players who click promptly are pushed by their first hand message only:
checked over whole games in tests/bot/core/test_handmessages.py."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime

from tests.bot.scenario import MOVES
from tests.bot.table import answer, hand_dm, play_move, start_game
from tests.fakediscord.model import Message
from tests.fakediscord.players import Player
from tests.stress.census import dm_pushes, new_dms
from tests.stress.clicks import clicked_move, quiet
from tests.stress.driver import game_id_in, open_table, play, stored


def pushed(player: Player, message: Message) -> bool:
    return player.id in message.pushes


async def test_a_player_away_longer_than_the_window_is_pushed_at_every_turn_start(
    fake_discord, start_bot
):
    # A clock minute of 0.1 s: the window of two minutes lasts 0.2 s, and each player
    # waits longer than that before each move (the others are away meanwhile).
    emu = fake_discord
    bot = await start_bot(env={"GAME_SEED": "3", "TIMER_MINUTE": "0.1"})
    table = await open_table(emu, "grass", emu.channel("away"), ["ann", "bob"], timer=0)
    table.game_id = game_id_in(bot.database_path, table.channel, "grass")
    rng = random.Random(3)
    for _ in range(12):
        await quiet(emu)
        if stored(bot.database_path, table.game_id).status != "running":
            break
        await asyncio.sleep(0.3)
        if await clicked_move(emu, bot.database_path, table, rng) is None:
            assert await play(emu, bot.database_path, table, rng)
    await quiet(emu)
    for player in table.players.values():
        # Each new hand message after the first started one of their turns.
        dms = new_dms(player)
        assert len(dms) >= 5, f"{player.name} had {len(dms)} hand messages"
        assert all(pushed(player, m) for m in dms), [m.silent for m in dms]


async def test_a_trade_offer_and_a_take_back_to_agree_to_notify_players_at_the_table(
    fake_discord, stacked_bot
):
    emu = fake_discord
    general = emu.channel("general")
    players, _ = await start_game(emu, general)
    ann, bob = players["ann"], players["bob"]
    for version, move in enumerate(MOVES[:6]):
        await play_move(emu, players, general, version, move)
    # Everyone clicked a moment ago: ann's turn starts silently.
    turn = await hand_dm(emu, ann, 6)
    assert turn.silent and not pushed(ann, turn)
    await play_move(emu, players, general, 6, MOVES[6])  # ann offers bob a trade
    offer = await hand_dm(emu, bob, 7)
    assert "ann offers you a trade:" in offer.text
    assert pushed(bob, offer) and not offer.silent
    await play_move(emu, players, general, 7, MOVES[7])  # bob declines
    declined = await hand_dm(emu, bob, 8)
    await (await bob.click(declined, "Take back my move")).ack()
    asked = await emu.wait_for(
        lambda: next((m for m in ann.dm_messages() if "Let bob take it back" in m.text), None),
        what="ann asked to agree",
    )
    assert pushed(ann, asked) and not asked.silent
    # Her hand message sent anew to ask her: the old one goes, one is left.
    await emu.wait_for(lambda: ann.dm_messages() == [asked], what="ann's one hand message")


async def test_notify_every_turn_and_never_are_honoured(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    ann, cy = emu.user("ann"), emu.user("cy")
    every = await answer(await ann.slash(general, "notify", when="every"))
    assert every == ("From now on I notify you at the start of every turn of yours.")
    never = await answer(await cy.slash(general, "notify", when="never"))
    assert never == (
        "From now on I never notify you of your turns: keep an eye on the table. "
        "(If I cannot send you direct messages, the channel still mentions you.)"
    )
    players, _ = await start_game(emu, general)
    bob = players["bob"]
    for version, move in enumerate(MOVES[:6]):
        await play_move(emu, players, general, version, move)
    await hand_dm(emu, ann, 6)
    await quiet(emu)
    # ann: her first hand message and each turn start (versions 3 and 6), though she
    # clicked a moment before each; bob (the default): his first only; cy: nothing.
    assert len(dm_pushes(ann)) == 3
    assert dm_pushes(bob) == new_dms(bob)[:1] and len(new_dms(bob)) == 3
    assert cy.pushes() == [] and len(new_dms(cy)) == 3


async def test_quiet_hours_make_every_turn_silent(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    ann = emu.user("ann")
    hour = datetime.now(UTC).hour
    start, end = (hour + 23) % 24, (hour + 2) % 24  # from an hour ago for three hours
    told = await answer(
        await ann.slash(
            general,
            "notify",
            when="every",
            quiet_from=start * 60,
            quiet_until=end * 60,
            time_zone="UTC",
        )
    )
    assert told == (
        "From now on I notify you at the start of every turn of yours. Quiet hours: "
        f"from {start:02}:00 until {end:02}:00 (UTC), your turns come silently."
    )
    half = await answer(await ann.slash(general, "notify", quiet_from=60))
    assert half == "Quiet hours need both a start and an end."
    unknown = await answer(await ann.slash(general, "notify", time_zone="Mars/Olympus"))
    assert unknown.startswith("I do not know the time zone Mars/Olympus: pick one")
    players, _ = await start_game(emu, general)
    for version, move in enumerate(MOVES[:6]):
        await play_move(emu, players, general, version, move)
    await hand_dm(emu, ann, 6)
    await quiet(emu)
    # Every turn of hers would notify her; in her quiet hours none does.
    assert len(new_dms(ann)) == 3 and dm_pushes(ann) == []
    status = await answer(await ann.slash(general, "notify"))
    assert status == (
        f"Your turns notify you: at every turn. Quiet hours: from {start:02}:00 until "
        f"{end:02}:00 (UTC), your turns come silently."
    )
    same = await answer(await ann.slash(general, "notify", quiet_from=0, quiet_until=0))
    assert same == "No quiet hours."


async def test_notify_answers_in_the_members_language(fake_discord, bot_process):
    emu = fake_discord
    ann = emu.user("ann")
    general = emu.channel("general")
    await answer(await ann.slash(general, "language", language="fr"))
    text = await answer(await ann.slash(general, "notify", when="away"))
    assert text == (
        "Désormais, je te notifie quand ton tour commence et que tu n'as rien fait ici depuis "
        "2 minutes, ou quand quelqu'un attend ta réponse\xa0; sinon ta main arrive sans "
        "notification."
    )
