"""The turns service in process (tests/bot/core/harness.py): computer seats play their
turns through the session service like a click; a hard seat's decision goes through
the shared workers and is searched during the seat's pause, not after it; an absent
player's turn timer lets the easy computer move for them, then hands it their seat,
until a game of computers only is abandoned; in a slow game the absent player is
reminded at half time in their hand message; a deadline that ran out while the bot was
down fires at its start; a player's own move starts the count of missed turns again.
Real storage, real engines; what is checked is what was stored and what the screen was
asked to show. The timers run on a clock the tests move (`MovedClock`): a day's turn
runs out without anyone waiting for it."""

from __future__ import annotations

import sqlite3
import time

import pytest

from bot.core.limits import EXPIRIES_TO_REPLACE
from bot.core.storage import Status
from tests.bot.core.harness import MovedClock, run_clock, services

ANN = 10


async def computer_moves(storage, game_id: int) -> int:
    """Moves stored for the computer seat ("Robot 1 (...)" in the notation)."""
    moves = await storage.moves(game_id)
    return sum(1 for move in moves if str(move.get("by", "")).startswith("Robot 1"))


def counted(storage, game_id: int, at_least: int):
    """A check for `Services.until`: the computer has made `at_least` moves."""

    async def check() -> bool:
        return await computer_moves(storage, game_id) >= at_least

    return check


async def test_a_computer_seat_answers_each_move_of_a_person(tmp_path):
    async with services(tmp_path, ai_delay=0.0, ai_seconds=0.05) as bot:
        session = await bot.start_game("graps", [(ANN, "ann")], ["easy"])
        for answered in range(1, 4):
            await bot.until(lambda: "ann" in session.engine.awaiting, "ann's turn")
            await bot.sessions.act(session.id, ANN, session.legal_actions("ann")[0])
            await bot.until(counted(bot.storage, session.id, answered), "the computer's answer")
        published = [s for s in bot.screen.shown if s.what == "publish"]
        assert len(published) == 1 + session.version  # the start, then every move


async def test_a_hard_seats_decision_goes_through_the_shared_workers(tmp_path):
    """The hard level decides in a worker process of the thinking service, and its
    figures count the decision (what the operators' metrics read)."""
    async with services(tmp_path, ai_delay=0.0, ai_seconds=0.05, ai_workers=1) as bot:
        session = await bot.start_game("graps", [(ANN, "ann")], ["hard"])
        await bot.until(lambda: "ann" in session.engine.awaiting, "ann's turn")
        await bot.sessions.act(session.id, ANN, session.legal_actions("ann")[0])
        await bot.until(lambda: computer_moves(bot.storage, session.id), "the computer's move", 120)
        stats = bot.turns.thinking.stats
        assert stats.decisions["hard"] >= 1 and stats.wait_count >= 1
        assert stats.workers == 1 and stats.waiting == 0


PAUSE = 2.0


async def test_a_hard_seat_thinks_during_its_pause_not_after_it(tmp_path):
    """The search starts as the computer's turn does and runs during its pause (AI_DELAY),
    so a table keeps a person waiting for the pause, not the pause and the thinking:
    the decision is under way or made while the move is not yet played."""
    async with services(tmp_path, ai_delay=PAUSE, ai_seconds=0.3, ai_workers=1) as bot:
        session = await bot.start_game("graps", [(ANN, "ann")], ["hard"])
        await bot.until(lambda: "ann" in session.engine.awaiting, "ann's turn", 120)
        moves = await computer_moves(bot.storage, session.id)
        await bot.sessions.act(session.id, ANN, session.legal_actions("ann")[0])
        stats = bot.turns.thinking.stats
        made = stats.decisions["hard"]
        await bot.until(
            lambda: stats.running or stats.decisions["hard"] > made, "the search begun", 120
        )
        # Seen searching before its pause is over (the pause is long beside a start).
        assert time.monotonic() < session.moved_at + PAUSE
        assert await computer_moves(bot.storage, session.id) == moves
        await bot.until(counted(bot.storage, session.id, moves + 1), "the computer's move", 120)


@pytest.mark.parametrize("kind", ["graps", "gracias"])
async def test_an_absent_players_turns_are_played_then_their_seat_handed_over(tmp_path, kind):
    """Three turns run out in a row: each is played by the easy computer and said in
    the channel, then the computer takes the seat (the host role passing to a person
    still seated), and a game left to computers only is abandoned."""
    people = [(ANN, "ann")] if kind == "graps" else [(ANN, "ann"), (11, "bob")]
    clock = MovedClock()
    async with services(tmp_path, clock, ai_delay=0.0, ai_seconds=0.05) as bot:
        session = await bot.start_game(kind, people, ["easy"])
        await run_clock(clock, lambda: session.status != Status.RUNNING, "the game's end", 30)
        said = bot.screen.said(session.id)
        ran_out = [text for text in said if "turn time" in text and "ran out" in text]
        assert len(ran_out) >= EXPIRIES_TO_REPLACE
        assert "(1 of 3 in a row before the computer takes the seat)" in ran_out[0]
        assert any("missed 3 turns in a row" in text for text in said)
        assert any(text.startswith("Only computer players are left") for text in said)
        if kind == "gracias":  # ann, the host, was replaced first: bob hosts after her
            assert "<@11> is now the host of this game." in said
        row = await bot.storage.game(session.id)
        assert row is not None and row.status == Status.ABANDONED
        assert all(seat.is_ai for seat in await bot.storage.seats(session.id))


DAY = 24 * 60


HOUR = 3600.0


async def test_a_slow_games_absent_player_is_reminded_privately_at_half_time(tmp_path):
    clock = MovedClock()
    async with services(tmp_path, clock, ai_delay=0.0) as bot:
        session = await bot.start_game(
            "gracias", [(ANN, "ann"), (11, "bob"), (12, "cy")], [], turn_minutes=DAY
        )
        first = session.engine.awaiting[0]
        reminded = await run_clock(
            clock, lambda: any(s.what == "remind" for s in bot.screen.shown), "a reminder", HOUR
        )
        assert 12 * HOUR <= reminded < 13 * HOUR
        reminder = next(s for s in bot.screen.shown if s.what == "remind")
        assert reminder.about == first
        assert reminder.text.startswith("Half of your turn time is gone: ")
        assert reminder.text.endswith("left before the computer moves for you.")
        # Over days the channel is no place for it: only their hand message says it.
        assert not [text for text in bot.screen.said(session.id) if "half of" in text.lower()]
        ran_out_at = await run_clock(
            clock, lambda: any("ran out" in t for t in bot.screen.said(session.id)), "the end", HOUR
        )
        assert 24 * HOUR <= ran_out_at < 25 * HOUR
        ran_out = next(t for t in bot.screen.said(session.id) if "ran out" in t)
        assert "turn time (1 day) ran out" in ran_out and "1 of 3 in a row" in ran_out


async def test_a_deadline_that_ran_out_while_the_bot_was_down_fires_at_its_start(tmp_path):
    people = [(ANN, "ann"), (11, "bob")]
    async with services(tmp_path, ai_delay=0.0, timer_minute=60.0) as bot:
        session = await bot.start_game("graps", people, [], turn_minutes=DAY)
        game_id, first = session.id, session.engine.awaiting[0]

        async def deadline() -> float | None:
            seat = next(s for s in await bot.storage.seats(game_id) if s.name == first)
            return seat.deadline

        await bot.until(deadline, "the first deadline stored")
    # While the bot was down, the player's day ran out.
    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        db.execute("UPDATE seats SET deadline = ? WHERE name = ?", (time.time() - 1, first))
    async with services(tmp_path, ai_delay=0.0, timer_minute=60.0) as bot:
        past = await deadline()
        await bot.tables.restore(game_id)  # as the bot does at its start
        after_start = await deadline()
        await bot.until(lambda: any("ran out" in t for t in bot.screen.said(game_id)), "the expiry")
        said = [t for t in bot.screen.said(game_id) if "ran out" in t]
        assert said[0].startswith(f"<@{ANN if first == 'ann' else 11}>")
        assert "turn time (1 day) ran out" in said[0]
    assert past is not None and after_start == past  # kept, not a new day from the start


async def test_moving_yourself_starts_the_count_of_missed_turns_again(tmp_path):
    """Expiries count only in a row: a turn a player plays themselves sets the count of
    their seat back to nothing."""
    clock = MovedClock()
    async with services(tmp_path, clock, ai_delay=0.0) as bot:
        session = await bot.start_game("graps", [(ANN, "ann"), (11, "bob")], turn_minutes=1)
        game_id = session.id

        async def expiries(name: str) -> int:
            seat = next(s for s in await bot.storage.seats(game_id) if s.name == name)
            return seat.expiries

        first = session.engine.awaiting[0]
        await run_clock(clock, lambda: expiries(first), f"{first}'s turn run out", 10)
        assert await expiries(first) == 1
        await run_clock(clock, lambda: first in session.engine.awaiting, f"{first}'s turn", 10)
        user = ANN if first == "ann" else 11
        await bot.sessions.act(game_id, user, lambda hand: hand.legal[0])
        assert await expiries(first) == 0
        moves = await bot.storage.moves(game_id)
        assert moves[0]["by"] == first  # the timer's move is logged as the seat's
