"""Seasons through the emulator: `/settings season` (Manage Server), a season boundary
splitting the boards, all-time keeping everything, earlier seasons offered by the
season option, and the command hidden from members without the permission."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.graps_play import open_game
from tests.bot.rated import store_graps_games
from tests.bot.table import answer
from tests.fakediscord.core import CommandRefused


async def resigned(channel: Any, winner: Any, loser: Any) -> None:
    await open_game(channel, winner, loser)
    assert "You resigned" in await answer(await loser.slash(channel, "graps resign"))
    await channel.wait_message(
        lambda m: m.content.startswith("**Game over!**") and winner.mention in m.content
    )


async def board_text(asker: Any, channel: Any, **options: Any) -> str:
    message = await (await asker.slash(channel, "graps scoreboard", **options)).message()
    if "No finished" not in message.text:
        assert message.images(), message.text
        return f"{message.text} {message.attachments[0].description or ''}"
    return str(message.text)


async def test_a_new_season_splits_the_boards_and_all_time_keeps_every_game(
    fake_discord, start_bot, tmp_path
):
    emu = fake_discord
    ann, bob = emu.user("ann", manage_guild=True), emu.user("bob")
    cy = emu.user("cy")
    general = emu.channel("general")
    database = tmp_path / "seasons.sqlite3"
    await store_graps_games(database, emu.guild_id, ann.id, bob.id)  # before any season
    await start_bot(database_path=database, env={"GAME_SEED": "5"})

    with pytest.raises(CommandRefused):  # Discord hides /settings from bob
        await bob.slash(general, "settings season", season="new")
    started = await answer(await ann.slash(general, "settings season", season="new"))
    assert "A new season started now" in started

    first = await board_text(bob, general)
    assert "No finished Graps game on this server (season " in first
    await resigned(general, cy, bob)
    season_one = await board_text(bob, general)
    assert "Graps scoreboard, season " in season_one and "2 players" in season_one
    assert "player: 1. cy" in season_one and "ann" not in season_one
    assert "games: 1" in season_one

    assert "A new season" in await answer(await ann.slash(general, "settings season", season="new"))
    assert "No finished Graps game" in await board_text(bob, general)
    everything = await board_text(bob, general, season="all")
    assert "all-time" in everything and "3 players" in everything
    assert "player: 1. " in everything and "games: 9" in everything  # bob: 8 stored + 1

    offered = await bob.autocomplete(general, "graps scoreboard", "season")
    values = [choice.value for choice in offered]
    assert len(values) == 3 and values[-1] == "all"  # this season, the last one, all-time
    last_season = values[1]
    again = await board_text(bob, general, season=last_season)
    assert "player: 1. cy" in again and "games: 1" in again
    unknown = await answer(await bob.slash(general, "graps scoreboard", season="1999-01"))
    assert "no season" in unknown

    monthly = await answer(await ann.slash(general, "settings season", season="monthly"))
    assert "Seasons now last a calendar month" in monthly
    off = await answer(await ann.slash(general, "settings season", season="off"))
    assert "No more seasons" in off
    assert "3 players" in await board_text(bob, general)  # all-time again by default
