"""Audit finding 10: scoreboards cannot be gamed.

A Grass player who left a lost game was dropped from the results (a clean record); a
player kicked out (their seat given to the computer) got no result either, so a Graps
challenger could kick a winning opponent and beat the computer instead; a host could
abandon a lost game late, erasing the others' win. Now leavers and kicked players are
ranked last, late abandons take Manage Server, and wins in games where the computer
played a seat are shown as such and rank after wins against people.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing

from bot.core.storage import Result, Storage
from games.grass import Grass
from tests.bot.graps_play import open_game
from tests.bot.scenario import MOVES
from tests.bot.table import answer, play_move, start_game
from tests.stress.driver import stored


def results(database) -> list[tuple[int, int]]:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT user_id, place FROM results ORDER BY place, user_id").fetchall()


async def test_a_grass_leaver_is_ranked_last(fake_discord, bot_process):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start_game(emu, general, names=("ann", "bob"))
    assert "You left" in await answer(await players["bob"].slash(general, "grass leave"))
    await table.wait_until(lambda m: "Game over" in m.text or "wins" in m.text)
    ann, bob = players["ann"], players["bob"]
    assert results(bot_process.database_path) == [(ann.id, 1), (bob.id, 2)]
    board = await (await ann.slash(general, "grass scoreboard", player=bob)).message()
    assert "place 2, 1 game, 0 wins" in board.text


async def test_a_kicked_player_has_no_result_and_a_win_over_the_computer_shows(
    fake_discord, bot_process
):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    table = await open_game(general, ann, bob)
    kicked = await answer(await ann.slash(general, "graps kick", player=bob))
    assert "computer player now plays" in kicked
    assert "You resigned" in await answer(await ann.slash(general, "graps resign"))
    await table.wait_until(lambda m: "Game over" in m.text)
    ranked = results(bot_process.database_path)
    assert [place for _, place in ranked] == [1, 2]  # bob, kicked, has no result
    assert ranked[0][0] < 0 and ranked[1:] == [(ann.id, 2)]  # the computer won
    board = await (await ann.slash(general, "graps scoreboard", player=ann)).message()
    assert "1 game, 0 wins" in board.text


async def test_late_in_a_game_only_a_manager_abandons_it(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await start_game(emu, general)
    for number, move in enumerate(MOVES[:12]):  # 4 moves per seat: well under way
        await play_move(emu, players, general, number, move)

    def version() -> int:
        with sqlite3.connect(stacked_bot.database_path) as db:
            return int(db.execute("SELECT version FROM games").fetchone()[0])

    await emu.wait_for(lambda: version() == 12, what="the twelfth move")
    refused = await answer(await players["ann"].slash(general, "grass abandon"))
    assert "well under way" in refused and "Manage Server" in refused
    manager = emu.user("fay", manage_guild=True)
    assert "abandoned" in await answer(await manager.slash(general, "grass abandon"))
    await table.wait_until(lambda m: "abandoned" in m.text and not m.buttons())


async def test_wins_against_people_rank_before_wins_where_the_computer_played(tmp_path):
    storage = await Storage.open(tmp_path / "bot.sqlite3")
    try:
        ann, bob, cy, computer = 10, 11, 12, -1

        async def finished(first: int, second: int, channel: int) -> None:
            game_id = await storage.create_game(1, channel, "grass", {}, ann, "ann")
            engine = Grass.create(["ann", "bob"], {}, 7)
            await storage.start_game(game_id, [(ann, "ann")], engine.replay_header(), {}, 0)
            await storage.record_move(
                game_id, 0, None, {"by": "ann", "leave": True}, {}, 1,
                [Result(first, 1, 100), Result(second, 2, 0)],
            )  # fmt: skip

        await finished(ann, computer, 1)
        await finished(ann, computer, 2)
        await finished(bob, cy, 3)
        standings = await storage.standings(1, "grass")
        assert [(s.user_id, s.wins, s.computer_wins) for s in standings] == [
            (bob, 1, 0),  # one win against a person beats two where the computer played
            (ann, 2, 2),
            (cy, 0, 0),
        ]
    finally:
        await storage.close()


async def test_the_awaited_player_cannot_sit_a_game_out_then_abandon_it(fake_discord, start_bot):
    """Audit finding 7: in a game without a turn timer, the player everyone waited for
    could stop moving for a day, then `/abandon`: the game ended with no result. Now
    they are told to play on or leave (ranked last); the other player may still end
    the idle game."""
    emu = fake_discord
    # The bot's clock runs at its real pace (a faster one would also shorten the
    # challenge's answer window); the day without a move is written into the game's row.
    bot = await start_bot(env={"GAME_SEED": "7"})
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    challenge = await (await ann.slash(general, "graps start", opponent=bob, timer=0)).message()
    await (await bob.click(challenge, "Accept")).ack()
    await challenge.wait_until(lambda m: "set-up grape" in m.text)
    # ann, the host, places her set-up grape; then the game waits for bob.
    opening = stored(bot.database_path, 1).engine().legal_actions("ann")[0].to_json()
    placed = await answer(await ann.slash(general, "graps place", cell=opening["place"]))
    assert placed.startswith("You placed"), placed
    with closing(sqlite3.connect(bot.database_path)) as db, db:  # committed, then closed
        # A day and a minute without a move.
        db.execute("UPDATE games SET updated_at = updated_at - 86460 WHERE id = 1")
    assert stored(bot.database_path, 1).engine().awaiting == ("bob",)
    refused = await answer(await bob.slash(general, "graps abandon"))
    assert refused == (
        "This game is waiting for your move, so you cannot end it without a result: play on, "
        "or use `/graps resign` to stop playing (you are then ranked last)."
    )
    ended = await answer(await ann.slash(general, "graps abandon"))
    assert "abandoned" in ended and "no result is recorded" in ended
