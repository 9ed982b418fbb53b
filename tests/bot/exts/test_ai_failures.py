"""Audit finding 3: a computer seat that fails does not freeze its table. Through the
emulator, against a bot whose easy computer player fails on purpose
(tests/bot/failing_ai.py): a decision that raises is tried again after a short pause;
a decision the engine refuses is replaced by a random legal move, and the log names the
kind of move only; a seat whose task gave up after repeated failures is started again
by the sweep. Clock minutes are shortened (TIMER_MINUTE), so pauses and sweeps are
quick."""

from __future__ import annotations

import json
from typing import Any

from tests.bot.graps_play import BLANK_ROLLS, two_placements_each


async def failing_bot(start_bot: Any, tmp_path: Any, failing: str) -> Any:
    setup = tmp_path / "graps-setup.json"
    setup.write_text(json.dumps({"graps": {"rolls": BLANK_ROLLS}}), encoding="utf-8")
    return await start_bot(
        "tests.bot.failing_ai",
        env={
            "FAILING_AI": failing,
            "GAME_SETUP_FILE": str(setup),
            "GAME_SEED": "5",
            "AI_DELAY": "0.01",
            "TIMER_MINUTE": "0.3",
        },
    )


async def test_a_failing_decision_is_tried_again(fake_discord, start_bot, tmp_path):
    """Audit finding 3: three failures in a row, then the computer moves."""
    bot = await failing_bot(start_bot, tmp_path, "raise:3")
    await two_placements_each(fake_discord, bot)
    assert bot.log_text().count("the computer player failed on purpose") >= 3


async def test_a_refused_decision_becomes_a_random_legal_move(fake_discord, start_bot, tmp_path):
    """Audit finding 3 (and 15: the log names the kind of move, not the cell)."""
    bot = await failing_bot(start_bot, tmp_path, "illegal:1000")
    await two_placements_each(fake_discord, bot)
    log = bot.log_text()
    assert "Robot 1 (easy)'s place (easy level) was refused" in log
    assert "Z99" not in log


async def test_a_computer_seat_that_gave_up_is_resumed_by_the_sweep(
    fake_discord, start_bot, tmp_path
):
    """Audit finding 3: more failures than the task tries; a sweep starts it again."""
    bot = await failing_bot(start_bot, tmp_path, "raise:7")
    await two_placements_each(fake_discord, bot)
    assert "turn was left without a task; resumed" in bot.log_text()
