"""The lobbies service in process (tests/bot/core/harness.py): opening a game (one open
game per kind and channel; what `judge` refuses is in test_openings.py), the lobby's
seats (Join, Leave, computer seats, a full table), Start and Cancel, a challenge's
answers, and lobbies that waited too long. Every click is checked on its refusal's
words, on whether it was acknowledged, and on what was stored."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.errors import Refusal
from bot.core.gameui import LobbyVerb
from bot.core.limits import LOBBY_MINUTES, REMATCH_MINUTES
from bot.core.openings import Opening, judge
from bot.core.screen import Lobby
from bot.core.storage import Status
from bot.core.tables import Member
from games.graps.actions import Resign
from tests.bot.core.harness import KINDS, Click, MovedClock, Services, services, words_of

SERVER, CHANNEL = 1, 50
ANN, BOB, CY, DEE = (Member(10, "ann"), Member(11, "bob"), Member(12, "cy"), Member(13, "dee"))


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Services]:
    # One seed for every game: a random Grass game to 25,000 can run to thousands of
    # moves with an unlucky one.
    async with services(tmp_path, MovedClock(), game_seed=5) as started:
        yield started


def opening(kind: str = "grass", **asked: Any) -> Opening:
    return Opening(KINDS[kind], SERVER, CHANNEL, ANN, {}, "en", **asked)


async def opened(bot: Services, kind: str = "grass", **asked: Any) -> int:
    """A game opened and its message posted, as `/<game> start` does."""
    asked_for = opening(kind, **asked)
    judge(asked_for)
    game_id = await bot.lobbies.open(asked_for)

    async def post(lobby: Lobby) -> int:
        return 900 + game_id

    await bot.lobbies.post(game_id, post)
    return game_id


async def click(bot: Services, game_id: int, member: Member, verb: str, **more: Any) -> Click:
    answer = Click()
    await bot.lobbies.click(game_id, CHANNEL, member, verb, answer, **more)
    return answer


async def refused(bot: Services, game_id: int, member: Member, verb: str) -> str:
    answer = Click()
    with pytest.raises(Refusal) as refusal:
        await bot.lobbies.click(game_id, CHANNEL, member, verb, answer)
    assert not answer.acknowledged  # a refusal writes nothing and acknowledges nothing
    return str(refusal.value)


async def test_one_open_game_per_kind_and_channel(bot):
    await opened(bot)
    with pytest.raises(Refusal) as refusal:
        await bot.lobbies.open(opening())
    assert str(refusal.value).startswith("A Grass game is already waiting for players in this")
    await opened(bot, "gracias")  # another kind may open beside it


async def test_seats_are_taken_and_left_and_the_host_starts(bot):
    game_id = await opened(bot)
    joined = await click(bot, game_id, BOB, LobbyVerb.JOIN)
    assert joined.acknowledged and "<@11>" in joined.text
    assert await refused(bot, game_id, BOB, LobbyVerb.JOIN) == (
        "You already have a seat at this table."
    )
    assert await refused(bot, game_id, ANN, LobbyVerb.LEAVE) == (
        "The host cannot leave the lobby; press Cancel to call it off."
    )
    assert await refused(bot, game_id, CY, LobbyVerb.LEAVE) == "You have no seat at this table."
    await click(bot, game_id, CY, LobbyVerb.JOIN)
    await click(bot, game_id, CY, LobbyVerb.LEAVE)
    assert [s.name for s in await bot.storage.seats(game_id)] == ["ann", "bob"]
    assert await refused(bot, game_id, BOB, LobbyVerb.START) == "Only the host can start the game."
    started = await click(bot, game_id, ANN, LobbyVerb.START)
    assert started.acknowledged
    row = await bot.storage.game(game_id)
    assert row is not None and row.status == Status.RUNNING
    assert await refused(bot, game_id, CY, LobbyVerb.JOIN) == (
        "This lobby is closed: the game has started or was cancelled."
    )


async def test_the_host_seats_named_computers_up_to_a_full_table(bot):
    game_id = await opened(bot, "gracias")
    assert await refused(bot, game_id, BOB, LobbyVerb.AI_EASY) == (
        "Only the host can add or remove computer players."
    )
    await click(bot, game_id, ANN, LobbyVerb.AI_EASY)
    lobby = await click(bot, game_id, ANN, LobbyVerb.AI_HARD)
    names = [s.name for s in await bot.storage.seats(game_id)]
    assert names == ["ann", "Robot 1 (easy)", "Robot 2 (hard)"]
    # Listed in join order, their brackets escaped from Discord's markdown.
    assert "2. Robot 1 \\(easy\\)\n3. Robot 2 \\(hard\\)" in lobby.text
    assert "Turn timer: 3 minutes" in lobby.text  # the game's default, with computers
    await click(bot, game_id, ANN, LobbyVerb.AI_REMOVE)
    for _ in range(4):
        await click(bot, game_id, ANN, LobbyVerb.AI_EASY)
    assert len(await bot.storage.seats(game_id)) == 6
    assert await refused(bot, game_id, BOB, LobbyVerb.JOIN) == (
        "The table is full: Gracias is for at most 6."
    )


async def test_a_game_needs_enough_players_and_one_person(bot):
    game_id = await opened(bot, "gracias")
    assert await refused(bot, game_id, ANN, LobbyVerb.START) == (
        "Gracias needs at least 3 players; 1 seated so far."
    )


async def test_only_the_host_or_manage_server_cancels(bot):
    game_id = await opened(bot)
    assert await refused(bot, game_id, BOB, LobbyVerb.CANCEL) == (
        "Only the host (or someone with Manage Server) can cancel."
    )
    cancelled = await click(bot, game_id, BOB, LobbyVerb.CANCEL, manages_server=True)
    assert cancelled.text == "~~Grass lobby~~: cancelled by <@11>."
    row = await bot.storage.game(game_id)
    assert row is not None and row.status == Status.ABANDONED


async def test_a_challenge_is_answered_by_the_challenged_member_alone(bot):
    game_id = await opened(bot, "graps", opponent=BOB)
    for verb in (LobbyVerb.START, LobbyVerb.JOIN, LobbyVerb.AI_EASY):
        assert (await refused(bot, game_id, ANN, verb)).startswith("This is a challenge to <@11>")
    assert await refused(bot, game_id, CY, LobbyVerb.ACCEPT_GAME) == (
        "Only the challenged player can answer this challenge."
    )
    await click(bot, game_id, BOB, LobbyVerb.ACCEPT_GAME)
    session = await bot.sessions.load(game_id)
    assert session is not None and [s.name for s in session.seats] == ["ann", "bob"]


async def test_a_declined_challenge_ends(bot):
    game_id = await opened(bot, "graps", opponent=BOB)
    declined = await click(bot, game_id, BOB, LobbyVerb.DECLINE_GAME)
    assert declined.text == "~~Graps challenge~~: <@11> declined <@10>'s challenge."


async def test_a_game_against_the_computer_starts_at_once(bot):
    game_id = await opened(bot, "graps", ai="easy")
    session = await bot.sessions.load(game_id)
    assert session is not None and [s.name for s in session.seats] == ["ann", "Robot 1 (easy)"]


async def test_a_lobby_that_waited_too_long_is_closed(bot):
    game_id = await opened(bot)
    await bot.later(LOBBY_MINUTES - 1)
    await bot.lobbies.expire(lambda server: server == SERVER)
    assert [s for s in bot.screen.shown if s.what == "close lobby"] == []
    await bot.later(2)  # the clock began a moment before the lobby was opened
    await bot.lobbies.expire(lambda server: server == SERVER)
    row = await bot.storage.game(game_id)
    assert row is not None and row.status == Status.ABANDONED
    [closed] = [s for s in bot.screen.shown if s.what == "close lobby"]
    assert closed.game_id == game_id and "Grass" in closed.text


# -- rematches -------------------------------------------------------------------------


async def finished(bot: Services, kind: str, people: list[Member], **options: Any) -> Any:
    """A game of `people` played to its end: a Graps game resigned by the first, or a
    game of random legal moves (a seeded generator) until it is over."""
    session = await bot.start_game(kind, [(m.id, m.name) for m in people], options=options)
    if kind == "graps":
        await bot.sessions.act(session.id, people[0].id, Resign(people[0].name))
    rng = random.Random(4)
    while session.status == Status.RUNNING:
        name = session.engine.awaiting[0]
        legal = [action for action in session.legal_actions(name) if not action.optional]
        await bot.sessions.act(session.id, session.user_of(name), rng.choice(legal))
    finished_game = await bot.sessions.load(session.id)
    assert finished_game is not None and finished_game.status == Status.FINISHED
    return finished_game


class Posted:
    """A rematch's lobby message, as `Lobbies.rematch` posts it."""

    def __init__(self) -> None:
        self.lobbies: list[Lobby] = []

    async def __call__(self, lobby: Lobby) -> int:
        self.lobbies.append(lobby)
        return 5000 + len(self.lobbies)


async def rematch(bot: Services, game: Any, member: Member) -> Click:
    welcome = Click()
    await bot.lobbies.rematch(game, member, Posted(), welcome)
    return welcome


async def rematch_of(bot: Services, game: Any) -> Any:
    row = await bot.storage.rematch(game.id)
    assert row is not None
    return row


async def test_a_rematch_starts_once_everyone_is_back(bot):
    game = await finished(bot, "graps", [ANN, BOB])
    posted = Posted()
    await bot.lobbies.rematch(game, ANN, posted, Click())
    [lobby] = posted.lobbies
    assert "<@11>" in words_of(lobby)  # bob is asked back
    assert lobby.pinged == (BOB.id,)  # and pinged alone
    back = await rematch(bot, game, BOB)
    assert back.acknowledged
    row = await bot.storage.game((await rematch_of(bot, game)).id)
    assert row is not None and row.status == Status.RUNNING and row.host_id == ANN.id


async def test_a_rematchs_seats_are_kept_for_the_last_games_players(bot):
    """Audit finding 4 (of an earlier audit): a stranger's Join took a rematch's seat,
    shutting the real opponent out."""
    game = await finished(bot, "graps", [ANN, BOB])
    await rematch(bot, game, ANN)
    row = await rematch_of(bot, game)
    assert await refused_in(bot, row, DEE, LobbyVerb.JOIN) == (
        "The seats of this rematch are kept for the players of the last game until it starts."
    )
    await bot.lobbies.click(row.id, row.channel_id, BOB, LobbyVerb.JOIN, Click())
    seats = [seat.name for seat in await bot.storage.seats(row.id)]
    assert seats == ["ann", "bob"] and (await bot.storage.game(row.id)).status == Status.RUNNING


async def test_a_rematch_nobody_comes_back_to_is_called_off(bot):
    game = await finished(bot, "graps", [ANN, BOB])
    await rematch(bot, game, ANN)
    row = await rematch_of(bot, game)
    await past_the_rematchs_wait(bot)
    [closed] = [s for s in bot.screen.shown if s.what == "close lobby"]
    assert closed.game_id == row.id and "not enough players came back" in closed.text
    late = Click()
    with pytest.raises(Refusal, match="called off"):
        await bot.lobbies.rematch(game, BOB, Posted(), late)
    with pytest.raises(Refusal, match="Only the players of that game can ask for its rematch"):
        await bot.lobbies.rematch(game, DEE, Posted(), Click())
    assert not late.acknowledged


async def test_a_rematch_starts_with_those_who_came_back_when_its_wait_is_over(bot):
    game = await finished(bot, "grass", [ANN, BOB, CY], target=25_000)
    await rematch(bot, game, ANN)
    await rematch(bot, game, BOB)
    row = await rematch_of(bot, game)
    assert (await bot.storage.game(row.id)).status == Status.LOBBY  # cy is still awaited
    await past_the_rematchs_wait(bot)
    session = await bot.sessions.load(row.id)
    assert session is not None and session.status == Status.RUNNING
    assert [seat.name for seat in session.seats] == ["ann", "bob"]


async def past_the_rematchs_wait(bot: Services) -> None:
    """The lobbies' sweep once a rematch's wait (`REMATCH_MINUTES`) is over, well
    before an ordinary lobby's hour: so the rematch is overdue as a rematch, not closed
    as a lobby nobody started."""
    await bot.later(REMATCH_MINUTES * 1.5)
    await bot.lobbies.expire(lambda server: True)


async def refused_in(bot: Services, row: Any, member: Member, verb: str) -> str:
    answer = Click()
    with pytest.raises(Refusal) as refusal:
        await bot.lobbies.click(row.id, row.channel_id, member, verb, answer)
    assert not answer.acknowledged
    return str(refusal.value)


async def test_a_rematch_counts_toward_what_its_opener_hosts(bot):
    """A rematch is a new game its opener hosts: a member at a cap cannot open one and
    is told why; another player of the game can."""
    game = await finished(bot, "graps", [ANN, BOB])
    for number in range(3):
        await bot.lobbies.open(dataclasses.replace(opening(), channel_id=CHANNEL + 1 + number))
    refused = Click()
    with pytest.raises(Refusal) as refusal:
        await bot.lobbies.rematch(game, ANN, Posted(), refused)
    assert str(refusal.value) == (
        "You already host 3 games waiting for players on this server; start or cancel one "
        "of them before opening another."
    )
    assert not refused.acknowledged and await bot.storage.rematch(game.id) is None
    await rematch(bot, game, BOB)
    assert (await rematch_of(bot, game)).host_id == BOB.id
