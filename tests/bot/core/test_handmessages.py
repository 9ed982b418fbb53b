"""One hand message per player and game: when a player's turn starts a new hand message
is sent and the previous one deleted, so their DM never piles up and never keeps a stale
"Your turn" with live menus; a player who clicks promptly is notified by the first one
only; each hand message links to the table. Whole games of every kind, played by clicks
(typed where no pick makes the move), are checked after every move
(tests/stress/census.py)."""

from __future__ import annotations

import random

import pytest

from tests.bot.table import control_ids, hand_dm
from tests.fakediscord.model import Message
from tests.stress.census import dm_pushes, hand_messages, new_dms, whole_game, with_controls
from tests.stress.clicks import clicked_move, quiet
from tests.stress.driver import game_id_in, open_table, play

SETTLE_SECONDS = 0.05

GAMES = {
    "grass": (["ann", "bob", "cy"], {"target": 25_000}),
    "gracias": (["ann", "bob", "cy"], {}),
    "graps": (["ann", "bob"], {}),
}


@pytest.mark.parametrize("kind", sorted(GAMES))
async def test_every_player_has_one_hand_message_at_every_step_of_a_whole_game(
    fake_discord, start_bot, kind
):
    emu = fake_discord
    bot = await start_bot(env={"GAME_SEED": "3"})
    names, options = GAMES[kind]
    # Each look waits for the old hand messages to go, so the moves need not wait for
    # the whole publication to be over (0.15 s of silence) to count them.
    census = await whole_game(
        emu, bot.database_path, kind, names, seed=3, settle=SETTLE_SECONDS, **options
    )
    assert census.moves > 10
    assert census.most_hand_messages == 1, census.line()
    assert census.most_live == 1, census.line()
    assert census.live_at_end == 0, census.line()
    assert census.channel_left <= 2, census.line()
    # Players who click promptly are pushed by their first hand message only (and the
    # game-over message): every later one comes silently (bot/core/pushes.py).
    for name in names:
        dms = new_dms(emu.user(name))
        assert len(dms) > 5, f"{name} got {len(dms)} hand messages"
        assert dm_pushes(emu.user(name)) == [dms[0]], f"{name}: only the first hand message"
        assert all(m.silent for m in dms[1:])
    assert max(census.pushes.values()) <= 2, census.line()


async def test_the_hand_message_links_to_the_table(fake_discord, start_bot):
    emu = fake_discord
    await start_bot(env={"GAME_SEED": "3"})
    table = await open_table(emu, "grass", emu.channel("linked"))
    hand = await hand_dm(emu, table.players["ann"], 0)
    guild = emu.guild_id
    link = f"https://discord.com/channels/{guild}/{table.channel.id}/{table.message.id}"
    assert f"[Go to the table]({link})" in hand.content


def turn_controls(message: Message) -> list[str]:
    return [id for id in control_ids(message) if not id.endswith(":take_back")]


async def test_moves_typed_in_the_channel_take_the_movers_controls_away(fake_discord, start_bot):
    """A move typed as a command leaves the mover's DM without the menus of the turn
    that is over (its "Your turn" is gone too)."""
    emu = fake_discord
    bot = await start_bot(env={"GAME_SEED": "3"})
    table = await open_table(emu, "graps", emu.channel("typed"))
    table.game_id = game_id_in(bot.database_path, table.channel, "graps")
    rng = random.Random(3)
    await hand_dm(emu, table.players["ann"], 0)
    for _ in range(6):
        assert await play(emu, bot.database_path, table, rng)
        await quiet(emu)
        for player in table.players.values():
            messages = hand_messages(player)
            assert len(messages) == 1
            live = [m for m in messages if with_controls(m)]
            assert len(live) <= 1
        # One player's turn; the other may have Take back my move after an opening move.
        turns = [p for p in table.players.values() if turn_controls(hand_messages(p)[0])]
        assert len(turns) == 1


async def test_old_hand_messages_are_deleted_by_the_bot_once_the_clicks_token_expired(
    fake_discord, start_bot
):
    """Discord accepts a click's token for 15 minutes: a player who comes back later
    gets the new message and the deletion through the bot's own calls."""
    emu = fake_discord
    bot = await start_bot(env={"GAME_SEED": "3"})
    table = await open_table(emu, "graps", emu.channel("slow"))
    table.game_id = game_id_in(bot.database_path, table.channel, "graps")
    rng = random.Random(3)
    deletes = []
    for _ in range(6):
        await quiet(emu)
        emu.expire_tokens()
        first = len(emu.requests)
        assert await clicked_move(emu, bot.database_path, table, rng) is not None
        await quiet(emu)
        calls = emu.requests[first:]
        through_tokens = [
            r for r in calls if "/webhooks/" in r.path and r.method != "PATCH" and r.status < 300
        ]
        assert through_tokens == []
        deletes += [r for r in calls if r.method == "DELETE" and "/channels/" in r.path]
        for player in table.players.values():
            assert len(hand_messages(player)) == 1
    assert len(deletes) >= 5
