"""Ratings as players see them, through the emulator: `/stats` (the player card),
`/graps scoreboard` ranked by rating, the game-over message's changes, and the
provisional mark going once a rating settles.

Eight Graps games between ann and bob are stored before the bot starts (a rating is
provisional until its uncertainty falls below 6.5: nine alternating two-player games);
the ninth is played through the emulator. Expected figures are read from the database
the bot wrote, not recomputed.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.core.skill import PROVISIONAL_SIGMA, shown
from bot.core.storage.stats import PlayedGame, TurnTime
from bot.exts.stats import places_text, turns_text
from lang import translate
from tests.bot.graps_play import open_game, place_move
from tests.bot.rated import store_graps_games
from tests.bot.table import answer


def stored_rating(database: Path, player: int) -> tuple[int, bool]:
    """The all-time Graps rating as stored: the number shown, and whether provisional."""
    with sqlite3.connect(database) as db:
        mu, sigma = db.execute(
            "SELECT mu, sigma FROM ratings WHERE kind = 'graps' AND season = '' AND player = ?",
            (player,),
        ).fetchone()
    return shown(mu, sigma), sigma > PROVISIONAL_SIGMA


def grouped(number: int) -> str:
    return f"{number:,}"


async def test_the_card_the_board_and_the_game_over_show_the_stored_ratings(
    fake_discord, start_bot, tmp_path
):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    database = tmp_path / "rated.sqlite3"
    await store_graps_games(database, emu.guild_id, ann.id, bob.id)
    await start_bot(database_path=database, env={"GAME_SEED": "5"})

    rating, provisional = stored_rating(database, ann.id)
    assert provisional
    card = await (await bob.slash(general, "stats", player=ann, game="graps")).message()
    assert f"**ann at Graps**: rating {grouped(rating)}?, 8 games, 4 wins." in card.text
    assert "provisional" in card.text
    [picture] = card.images()
    assert picture.width == 640 and picture.height > 600
    alt = card.attachments[0].description or ""
    assert "favourite game Graps (8 games)" in alt
    assert "against the players met most: bob 4 wins, 4 losses" in alt

    # The ninth game, played: eight moves, then bob resigns, ann wins, and the
    # game-over line shows it.
    await open_game(general, ann, bob)
    for version in range(8):
        await place_move(emu, {"ann": ann, "bob": bob}, version)
    assert "You resigned" in await answer(await bob.slash(general, "graps resign"))
    over = await general.wait_message(lambda m: m.content.startswith("**Game over!**"))
    after, provisional = stored_rating(database, ann.id)
    assert not provisional and after > rating
    assert f"ann {grouped(after)} (+{after - rating})" in over.text

    card = await (await ann.slash(general, "stats")).message()  # her own, her only game
    assert f"**ann at Graps**: rating {grouped(after)}, 9 games, 5 wins." in card.text
    assert "provisional" not in card.text
    assert "\nTurns: half within 1 second, 9 in 10 within " in card.text  # the moves above
    assert "longest winning streak 2;" in (card.attachments[0].description or "")

    board = await (await ann.slash(general, "graps scoreboard")).message()
    bob_rating, _ = stored_rating(database, bob.id)
    assert "ranked by rating" in board.text and "provisional" not in board.text
    alt = board.attachments[0].description or ""
    assert alt.index(f"rating: {grouped(after)}") < alt.index(f"rating: {grouped(bob_rating)}")
    assert "player: 1. ann" in alt and "games: 9" in alt and "win rate: 56%" in alt


async def test_a_player_without_games_is_told_so(fake_discord, bot_process):
    emu = fake_discord
    general = emu.channel("general")
    told = await (await emu.user("cy").slash(general, "stats")).message()
    assert "has no finished game on this server yet" in told.text
    assert not told.images()
    refused = await answer(await emu.user("cy").slash(general, "stats", game="chess"))
    assert "not a game of this bot" in refused


def test_turn_times_are_told_for_live_and_slow_games_apart():
    live = [TurnTime(seconds, None, False) for seconds in (4, 6, 8, 10, 30)]
    slow = [TurnTime(hours * 3600, 24 * 60, False) for hours in (1, 2, 3, 20)]
    undone = [TurnTime(500, None, True)]  # a take-back is no turn
    said = turns_text(live + slow + undone)
    assert said == (
        "Turns: half within 8 seconds, 9 in 10 within 22 seconds. "
        "Turns in slow games: half within 2 hours, 9 in 10 within 15 hours."
    )
    nbsp = chr(0xA0)  # French puts one before a colon and between a number and its unit
    assert translate(said, "fr").startswith(f"Tours{nbsp}: la moitié en moins de 8{nbsp}secondes")
    assert turns_text(live[:2] + slow) is not None and "slow" in str(turns_text(slow))
    assert turns_text(live[:2]) is None  # too few to tell


def test_the_places_line_names_each_place_and_how_often():
    """Places as words ("1st"), not "#1 ×1"; short, as six places share one box."""
    games = [PlayedGame("grass", place, 3, 0, None) for place in (1, 1, 2, 3, 1)]
    assert places_text(games) == "1st ×3 · 2nd ×1 · 3rd ×1"
    assert translate(places_text(games), "fr") == "1er ×3 · 2e ×1 · 3e ×1"
    assert translate(places_text(games), "de") == "1. ×3 · 2. ×1 · 3. ×1"
