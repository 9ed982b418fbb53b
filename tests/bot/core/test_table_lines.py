"""The lines above a table message's own text (bot/core/table_lines.py), on games run by
the in-process services (tests/bot/core/harness.py): the turn line mentions the people
awaited, says nothing on a computer seat's turn, and tells an awaited player whose DMs
are closed which command shows their hand; a slow game's deadline line gives each
awaited person's stored deadline as Discord timestamps, one line per deadline, earliest
first, renewed for those whose turn begins again; a live game has none."""

from __future__ import annotations

import random
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.session import Session
from bot.core.storage import Status
from bot.core.table_lines import closed_hint, deadline_line, turn_line
from games.text import Listed
from lang import translate
from tests.bot.core.harness import KINDS, Services, services

ANN, BOB, CY = 10, 11, 12
THREE = [(ANN, "ann"), (BOB, "bob"), (CY, "cy")]
DAY = 24 * 60
MINUTE = 60.0
"""The bot's clock minute in these tests: the real one (no deadline runs out here)."""
DEADLINE = re.compile(r"^Deadline for (.+): <t:(\d+):f> \(<t:(\d+):R>\)\.$")


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Services]:
    # A computer seat given a person's seat waits an hour before it moves: never here.
    async with services(tmp_path, ai_delay=3600.0, game_seed=4, timer_minute=MINUTE) as started:
        yield started


def deadlines(line: str | None) -> list[tuple[str, int]]:
    """Each line's players and deadline, checking its two timestamps agree."""
    found = []
    for text in (line or "").split("\n"):
        match = DEADLINE.fullmatch(text)
        assert match is not None, text
        assert match[2] == match[3]
        found.append((match[1], int(match[2])))
    return found


async def several_awaited(bot: Services) -> Session:
    """A slow Grass game of ann, bob and cy played (the same moves every time) until
    several of them are awaited at once: a Paranoia pass."""
    session = await bot.start_game("grass", THREE, turn_minutes=DAY)
    choose = random.Random(4)
    while len(session.engine.awaiting) < 2:
        assert session.status == Status.RUNNING
        name = session.engine.awaiting[0]
        action = choose.choice(session.legal_actions(name))
        await bot.sessions.act(session.id, session.user_of(name), action)
    return session


async def test_the_turn_line_mentions_the_people_awaited(bot):
    session = await bot.start_game("gracias", THREE)
    first = session.engine.awaiting[0]
    assert turn_line(session) == (
        f"<@{session.user_of(first)}>, your turn to take a trio (round 1, turn 1)."
    )


async def test_a_computer_seats_turn_has_no_turn_line(bot):
    session = await bot.start_game("gracias", THREE)
    first = session.engine.awaiting[0]
    user_id = session.user_of(first)
    assert user_id is not None
    await bot.sessions.kick(session.id, user_id)  # the computer takes the seat awaited
    assert session.engine.awaiting == (first,) and turn_line(session) is None


async def test_an_awaited_player_with_closed_dms_is_told_the_command_for_their_hand(bot):
    session = await bot.start_game("gracias", THREE)
    first = session.engine.awaiting[0]
    other = next(name for name in ("ann", "bob", "cy") if name != first)
    session.dm_refused(other)  # not awaited: nothing to tell them now
    assert "DMs closed" not in str(turn_line(session))
    session.dm_refused(first)
    line = str(turn_line(session)).split("\n")
    assert line[1:] == ["(DMs closed: play with `/gracias hand`.)"]
    graps = closed_hint(KINDS["graps"])
    assert graps == "(DMs closed: play with `/graps board`.)"
    assert translate(graps, "fr") == "(MP fermés\xa0: joue avec `/graps plateau`.)"


async def test_a_live_game_and_an_ended_slow_game_have_no_deadline_line(bot):
    live = await bot.start_game("gracias", THREE)
    assert deadline_line(live, MINUTE) is None
    slow = await bot.start_game("graps", [(ANN, "ann"), (BOB, "bob")], turn_minutes=DAY)
    assert deadline_line(slow, MINUTE) is not None
    first = slow.engine.awaiting[0]
    await bot.sessions.act(slow.id, slow.user_of(first), KINDS["graps"].leave(first))
    assert slow.status == Status.FINISHED and deadline_line(slow, MINUTE) is None


async def test_a_slow_games_deadlines_are_the_stored_ones(bot):
    session = await several_awaited(bot)
    awaiting = set(session.engine.awaiting)

    async def stored() -> dict[str, float]:
        seats = await bot.storage.seats(session.id)
        return {s.name: s.deadline for s in seats if s.name in awaiting and s.deadline}

    async def all_stored() -> bool:
        return set(await stored()) == awaiting

    await bot.until(all_stored, "every awaited person's deadline")
    expected: dict[int, list[str]] = {}
    for name, deadline in sorted((await stored()).items()):
        expected.setdefault(int(deadline), []).append(name)
    found = deadlines(deadline_line(session, MINUTE))
    assert {when for _names, when in found} == set(expected)
    named = [name for names, _when in found for name in re.split(", | and ", names)]
    assert sorted(named) == sorted(awaiting)


async def test_one_line_per_deadline_earliest_first_and_a_starting_turn_renewed(bot):
    session = await several_awaited(bot)
    late, *early = session.engine.awaiting
    soon = float(int(time.time()) + 3 * DAY * 60)  # in three days, on a whole second
    for name in early:
        session.timer_set(name, soon + 0.5, False, 0)
    session.timer_set(late, soon + DAY * MINUTE, False, 0)
    assert deadlines(deadline_line(session, MINUTE)) == [
        (str(Listed(early)), int(soon)),
        (late, int(soon + DAY * MINUTE)),
    ]
    # The late one's turn begins again: a day from now, before the others' now.
    before = time.time()
    renewed = deadlines(deadline_line(session, MINUTE, starting={late}))
    after = time.time()
    assert renewed[0][0] == late
    assert int(before + DAY * MINUTE) <= renewed[0][1] <= int(after + DAY * MINUTE)
    assert renewed[1:] == [(str(Listed(early)), int(soon))]
