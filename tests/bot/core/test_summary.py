"""The game-over message (bot/core/summary.py), built from games finished in process
(tests/bot/core/harness.py): the winners first, the standings in place order with each
total where the game keeps one, a line of rating changes in the standings' order, how
long the game took and its moves, the progress chart, and the Rematch and Export
buttons. A Graps game is finished by ann resigning; a Grass game (seed 5) to $25,000 by seeded
random moves. The message as Discord shows it is tests/bot/exts/test_rematch.py."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.core.session import Session
from bot.core.storage import Status
from bot.core.storage.ratings import RatingChange
from bot.core.summary import game_over_post, length_text, score_text
from games.graps.actions import Resign
from lang import translate
from tests.bot.core.harness import KINDS, Services, services

ANN, BOB, CY = 10, 11, 12
AN_HOUR_AND_A_HALF = 90 * 60
PLAYED = (
    "Played in 1 hour 30 minutes, {moves}. **Rematch** plays again with the same seats and "
    "options; **Watch the replay** shows the game again, animated; **Export** gives its "
    "record."
)


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Services]:
    async with services(tmp_path, game_seed=5) as started:  # a short Grass game
        yield started


async def resigned_graps(bot: Services) -> Session:
    """ann resigns at once: bob wins."""
    session = await bot.start_game("graps", [(ANN, "ann"), (BOB, "bob")])
    await bot.sessions.act(session.id, ANN, Resign("ann"))
    assert session.status == Status.FINISHED
    return session


async def finished_grass(bot: Services) -> Session:
    session = await bot.start_game(
        "grass", [(ANN, "ann"), (BOB, "bob"), (CY, "cy")], options={"target": 25_000}
    )
    rng = random.Random(4)
    while session.status == Status.RUNNING:
        name = session.engine.awaiting[0]
        legal = [action for action in session.legal_actions(name) if not action.optional]
        await bot.sessions.act(session.id, session.user_of(name), rng.choice(legal))
    return session


async def rating_changes(bot: Services, session: Session) -> dict[str, RatingChange]:
    """Each seat's stored all-time change, by seat name, as the publisher reads them."""
    changes = {change.player: change for change in await bot.storage.rating_changes(session.id)}
    return {seat.name: changes[seat.user_id] for seat in session.seats}


def post(session: Session, **more: Any) -> Any:
    started = session.row.created_at
    return game_over_post(
        session.record, session.table(), started, now=started + AN_HOUR_AND_A_HALF, **more
    )


async def test_the_winner_comes_first_then_the_places_then_the_length(bot):
    session = await resigned_graps(bot)
    lines = str(post(session).text).split("\n")
    # The winner named once, as a mention; no chain of colons.
    assert lines[0] == "**Game over!** ann resigned: <@11> wins."
    assert lines[-3:] == ["1. bob", "2. ann", PLAYED.format(moves="1 move")]  # no totals
    assert not any(line.startswith("Ratings:") for line in lines)


async def test_a_computer_that_wins_is_named_not_congratulated(bot):
    session = await bot.start_game("graps", [(ANN, "ann")], ["hard"])
    await bot.sessions.act(session.id, ANN, Resign("ann"))
    first = translate(post(session).text, "it").split("\n")[0]
    assert first == "**Fine della partita!** ann ha abbandonato: vince Robot 1 (hard)."


async def test_a_game_of_money_lists_every_total_in_place_order(bot):
    session = await finished_grass(bot)
    lines = str(post(session).text).split("\n")
    standings = [re.fullmatch(r"(\d)\. (ann|bob|cy): (-?)\$([\d,]+)", line) for line in lines]
    found = [match.groups() for match in standings if match is not None]
    assert [place for place, *_ in found] == ["1", "2", "3"]
    assert sorted(name for _, name, *_ in found) == ["ann", "bob", "cy"]
    totals = [int(sign + amount.replace(",", "")) for _, _, sign, amount in found]
    assert totals == sorted(totals, reverse=True)
    winner = session.user_of(found[0][1])
    assert lines[0].startswith(f"**Game over!** Congratulations <@{winner}>")
    assert lines[-1] == PLAYED.format(moves=f"{session.version} moves")


async def test_a_standings_line_follows_each_languages_typography(bot):
    """French puts a (non-breaking) space before a colon; German and Italian do not."""
    session = await finished_grass(bot)
    text = post(session).text
    french = [line for line in translate(text, "fr").split("\n") if line.startswith("1. ")]
    assert len(french) == 1 and re.fullmatch(r"1\. \w+\u00a0: -?[\d\u202f]+\u00a0\$", french[0])
    german = [line for line in translate(text, "de").split("\n") if line.startswith("1. ")]
    assert len(german) == 1 and re.fullmatch(r"1\. \w+: -?[\d.]+\u00a0\$", german[0]), german


async def test_the_ratings_line_gives_each_new_rating_and_change_after_the_standings(bot):
    session = await resigned_graps(bot)
    changes = await rating_changes(bot, session)
    lines = str(post(session, ratings=changes).text).split("\n")
    [line] = [line for line in lines if line.startswith("Ratings:")]
    assert lines.index(line) == lines.index("2. ann") + 1
    # Provisional ratings ("?") after one game; the winner up, the loser down.
    parts = sorted(line.removeprefix("Ratings: ").removesuffix(".").split(", "))
    assert len(parts) == 2
    assert re.fullmatch(r"ann [\d,]+\? \(−\d+\)", parts[0]), parts
    assert re.fullmatch(r"bob [\d,]+\? \(\+\d+\)", parts[1]), parts
    only_ann = str(post(session, ratings={"ann": changes["ann"]}).text).split("\n")
    assert [line for line in only_ann if line.startswith("Ratings:")] == [f"Ratings: {parts[0]}."]


async def test_the_ratings_line_follows_the_standings_order(bot):
    session = await resigned_graps(bot)  # bob first, then ann
    text = str(post(session, ratings=await rating_changes(bot, session)).text)
    assert re.search(r"^Ratings: bob .*, ann .*\.$", text, re.MULTILINE), text


async def test_a_game_with_a_progress_chart_describes_it_and_one_without_has_none(bot):
    grass = post(await finished_grass(bot))
    assert grass.image is KINDS["grass"].pictures.progress and grass.filename == "progress.png"
    assert grass.alt.startswith("Grass, money after each hand.")
    graps = post(await resigned_graps(bot))
    assert graps.image is None and graps.alt is None


async def test_rematch_watch_and_export_are_buttons_valid_at_any_version(bot):
    session = await resigned_graps(bot)
    rematch, watch, export = post(session).items
    assert (rematch.item.label, rematch.item.style) == ("Rematch", discord.ButtonStyle.primary)
    assert (watch.item.label, watch.item.style) == (
        "Watch the replay",
        discord.ButtonStyle.secondary,
    )
    assert (export.item.label, export.item.style) == ("Export", discord.ButtonStyle.secondary)
    assert rematch.item.custom_id == f"g:{session.id}:0:rematch"
    assert watch.item.custom_id == f"g:{session.id}:0:watch"
    assert export.item.custom_id == f"g:{session.id}:0:export"


def test_a_length_is_in_minutes_up_to_an_hour_and_a_half_then_in_hours():
    assert [str(length_text(seconds)) for seconds in (10, 89 * 60 + 29, 90 * 60, 7200, 7500)] == [
        "1 minute",
        "89 minutes",
        "1 hour 30 minutes",
        "2 hours",
        "2 hours 5 minutes",
    ]


def test_a_score_is_money_points_or_nothing_as_the_kind_keeps_it():
    assert score_text(KINDS["grass"], -50_000) == "-$50,000"
    assert score_text(KINDS["gracias"], 1) == "1 point"
    assert score_text(KINDS["gracias"], -3) == "-3 points"
    assert score_text(KINDS["graps"], 3) is None
