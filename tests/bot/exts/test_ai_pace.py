"""A computer seat's pace: it keeps its pause before moving (AI_DELAY), and the hard
level thinks during that pause rather than after it, so a table of computer seats keeps
a person waiting for the pauses, not the pauses and the thinking
(`python -m tests.stress.bench_waits` prints the figures at the bot's settings)."""

from __future__ import annotations

import statistics

from tests.stress.bench_waits import play, waits

PAUSE = 1.2
THINKING = 1.0


async def test_hard_computers_think_during_their_pause(fake_discord, start_bot):
    bot = await start_bot(
        env={"AI_DELAY": str(PAUSE), "AI_SECONDS": str(THINKING), "GAME_SEED": "3"}
    )
    log = await play(fake_discord, bot.database_path, "gracias", 7)
    gaps, _ = waits(log, PAUSE)
    assert len(gaps) >= 7
    # Every computer move came after its pause (the commit times' own rounding aside).
    assert min(gaps) >= PAUSE - 0.01, gaps
    # After the first decision (which also starts the worker process), a move came
    # about a pause after the one before: thinking after the pause would take at least
    # PAUSE + THINKING (2.2 s) each time.
    assert statistics.mean(gaps[1:]) < PAUSE + THINKING / 2, gaps
