"""Followers of a running game (bot/core/followers.py), in process with real storage:
who may follow and how many; the table sent to the follower's DMs at once and then
edited, once per pause whatever the number of changes in it; a message the follower
deleted ends their following; the game's end shows its end without Unfollow and ends
every following. Discord's side is a fake client that records what it was asked."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.core.errors import Refusal
from bot.core.followers import MOST_FOLLOWED, MOST_FOLLOWERS, Followers
from bot.core.session import Session
from bot.core.storage import Status
from tests.bot.core.harness import Services, services

ANN, BOB, CY = 10, 11, 12
MINUTE = 0.5
"""Seconds in a bot minute here: the pause between two edits is 15 ms."""


@dataclass
class Sent:
    channel_id: int
    message_id: int
    fields: dict[str, Any]
    edits: list[dict[str, Any]] = field(default_factory=list)


class FakeDiscord:
    """What Followers asks of discord.Client: DM channels, sends and edits."""

    def __init__(self) -> None:
        self.ids = itertools.count(500)
        self.sent: dict[int, Sent] = {}
        self.gone: set[int] = set()
        """Messages the follower deleted: an edit of one is refused (404)."""

    async def create_dm(self, user: discord.abc.Snowflake) -> Any:
        return discord.Object(user.id + 1000)

    def get_partial_messageable(self, channel_id: int, type: Any = None) -> Any:
        fake = self

        class Channel:
            async def send(self, **fields: Any) -> Any:
                sent = Sent(channel_id, next(fake.ids), fields)
                fake.sent[sent.message_id] = sent
                return discord.Object(sent.message_id)

            def get_partial_message(self, message_id: int) -> Any:
                class Message:
                    async def edit(self, **fields: Any) -> None:
                        if message_id in fake.gone:
                            raise discord.NotFound(_Response(404), "Unknown Message")
                        fake.sent[message_id].edits.append(fields)

                return Message()

        return Channel()

    def to(self, user_id: int) -> list[Sent]:
        return [sent for sent in self.sent.values() if sent.channel_id == user_id + 1000]


@dataclass
class _Response:
    status: int
    reason: str = "Not Found"


def labels(fields: dict[str, Any]) -> list[str]:
    return [
        str(getattr(child, "label", ""))
        for row in fields["view"].children
        if isinstance(row, discord.ui.ActionRow)
        for child in row.children
    ]


def slow_dms(client: FakeDiscord) -> tuple[asyncio.Event, asyncio.Event]:
    """Discord slow to open a DM channel: the first event is set once one is asked for,
    and the channel opens once the test sets the second."""
    sending, opened = asyncio.Event(), asyncio.Event()
    create_dm = client.create_dm

    async def slow_dm(user: Any) -> Any:
        sending.set()
        await opened.wait()
        return await create_dm(user)

    client.create_dm = slow_dm  # type: ignore[method-assign]
    return sending, opened


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[tuple[Services, Session]]:
    async with services(tmp_path, timer_minute=MINUTE) as found:
        yield found, await found.start_game("graps", [(ANN, "ann")], ["easy"])


async def renders(draw: Any, view: Any, filename: str, alt: str, language: str) -> Any:
    return discord.File(__file__, filename=filename, description=alt)


def made(found: Services) -> tuple[FakeDiscord, Followers]:
    client = FakeDiscord()
    return client, Followers(client, found.storage, renders, MINUTE)  # type: ignore[arg-type]


async def test_a_follower_gets_the_table_at_once_then_one_edit_per_pause(running):
    found, session = running
    client, followers = made(found)
    await followers.follow(session, BOB, "fr")
    [sent] = client.to(BOB)
    assert sent.fields["silent"] and labels(sent.fields) == ["Aller à la table", "Ne plus suivre"]
    [row] = await found.storage.followers(session.id)
    assert (row.user_id, row.language, row.message_id) == (BOB, "fr", sent.message_id)
    for _ in range(5):
        followers.changed(session)  # five moves within one pause
    await found.until(lambda: sent.edits, "an edit")
    await found.until(lambda: not followers._pending, "the pause over")
    assert len(sent.edits) == 1
    followers.changed(session)
    await found.until(lambda: len(sent.edits) == 2, "a second edit, a pause later")


async def test_who_may_follow_and_how_many(running):
    found, session = running
    _, followers = made(found)
    with pytest.raises(Refusal, match="You play in that game: your hand message"):
        await followers.follow(session, ANN, "en")
    await followers.follow(session, BOB, "en")
    with pytest.raises(Refusal, match="You follow that game already"):
        await followers.follow(session, BOB, "en")
    for user in range(100, 100 + MOST_FOLLOWERS - 1):
        await followers.follow(session, user, "en")
    with pytest.raises(Refusal, match="as many followers as it can have"):
        await followers.follow(session, CY, "en")
    for number in range(MOST_FOLLOWED - 1):  # cy follows the most games at once
        other = await found.start_game("graps", [(200 + number, "dee")], ["easy"])
        await followers.follow(other, CY, "en")
    another = await found.start_game("graps", [(300, "eve")], ["easy"])
    await followers.follow(another, CY, "en")
    last = await found.start_game("graps", [(301, "fay")], ["easy"])
    with pytest.raises(Refusal, match=f"You follow {MOST_FOLLOWED} games already"):
        await followers.follow(last, CY, "en")
    assert await followers.unfollow(another.id, CY)
    assert not await followers.unfollow(another.id, CY)
    await followers.follow(last, CY, "en")


async def test_a_deleted_message_and_the_games_end_stop_the_following(running):
    found, session = running
    client, followers = made(found)
    await followers.follow(session, BOB, "en")
    await followers.follow(session, CY, "en")
    [bobs] = client.to(BOB)
    client.gone.add(bobs.message_id)  # bob deleted it
    followers.changed(session)
    await found.until(lambda: client.to(CY)[0].edits, "cy's edit")
    assert [row.user_id for row in await found.storage.followers(session.id)] == [CY]

    await found.tables.end_without_result(session.row)
    ended = await found.sessions.load(session.id) or session
    assert ended.status == Status.ABANDONED
    followers.changed(ended)  # as the publisher does when it shows the end
    [cys] = client.to(CY)
    await found.until(lambda: len(cys.edits) == 2, "the last edit")
    await found.until(lambda: not followers._pending, "the followers removed after it")
    assert labels(cys.edits[-1]) == ["Go to the table"]  # no Unfollow once it is over
    assert await found.storage.followers(session.id) == []
    with pytest.raises(Refusal, match="That game is over"):
        await followers.follow(ended, BOB, "en")


async def test_a_move_while_the_first_message_is_sent_makes_no_second_one(running):
    found, session = running
    client, followers = made(found)
    sending, opened = slow_dms(client)
    following = asyncio.create_task(followers.follow(session, BOB, "en"))
    await sending.wait()
    await one_move(found, session)
    followers.changed(session)  # the publisher tells of the move meanwhile
    await asyncio.sleep(0.1)  # the pause over: the edits look at the followers
    assert client.to(BOB) == []
    opened.set()
    await following
    await found.until(lambda: client.to(BOB) and client.to(BOB)[0].edits, "the move shown")
    await found.until(lambda: not followers._pending, "the pause over")
    [sent] = client.to(BOB)  # one message, edited
    assert len(sent.edits) == 1


async def test_an_edit_while_the_following_is_stored_makes_no_second_message(running):
    found, session = running
    client, followers = made(found)
    stored = asyncio.Event()
    answered = asyncio.Event()
    follow = found.storage.follow

    async def slow_follow(game_id: int, user_id: int, language: str) -> bool:
        done: bool = await follow(game_id, user_id, language)  # the row is there for all to read
        stored.set()
        await answered.wait()  # the database slow to answer the commit
        return done

    found.storage.follow = slow_follow
    following = asyncio.create_task(followers.follow(session, BOB, "en"))
    await stored.wait()
    await one_move(found, session)
    followers.changed(session)
    await found.until(lambda: not followers._pending, "the edits of the move made")
    assert client.to(BOB) == []  # left to the follow under way
    answered.set()
    await following
    await found.until(lambda: not followers._pending, "the move shown")
    [sent] = client.to(BOB)
    assert sent.edits == []  # drawn after the move: nothing left to show


async def test_the_games_end_while_the_first_message_is_sent_is_shown_after_it(running):
    found, session = running
    client, followers = made(found)
    sending, opened = slow_dms(client)
    following = asyncio.create_task(followers.follow(session, BOB, "en"))
    await sending.wait()
    await found.tables.end_without_result(session.row)
    ended = await found.sessions.load(session.id) or session
    followers.changed(ended)  # the publisher shows the end meanwhile
    await found.until(lambda: not followers._pending, "the end's edits")
    assert [row.user_id for row in await found.storage.followers(session.id)] == [BOB]
    opened.set()
    await following
    [sent] = client.to(BOB)
    await found.until(lambda: not followers._pending and sent.edits, "the end shown")
    assert labels(sent.edits[-1]) == ["Go to the table"]
    assert await found.storage.followers(session.id) == []


async def test_the_games_end_during_an_edit_is_shown_by_the_next_one(running):
    found, session = running
    client, followers = made(found)
    await followers.follow(session, BOB, "en")
    [sent] = client.to(BOB)
    editing = asyncio.Event()
    answered = asyncio.Event()
    edit = client.get_partial_messageable

    def slow_channel(channel_id: int, type: Any = None) -> Any:
        channel = edit(channel_id, type)
        partial = channel.get_partial_message

        class Slow:
            def get_partial_message(self, message_id: int) -> Any:
                message = partial(message_id)

                class Message:
                    async def edit(self, **fields: Any) -> None:
                        editing.set()
                        await answered.wait()  # Discord slow to answer the edit
                        await message.edit(**fields)

                return Message()

        return Slow()

    client.get_partial_messageable = slow_channel  # type: ignore[method-assign]
    await one_move(found, session)
    followers.changed(session)
    await editing.wait()  # the move's edit under way...
    await found.tables.end_without_result(session.row)  # ...when the game ends
    followers.changed(session)
    answered.set()
    await found.until(lambda: not followers._pending, "the edits done")
    assert labels(sent.edits[-1]) == ["Go to the table"]  # the end, shown last
    assert await found.storage.followers(session.id) == []


async def one_move(found: Services, session: Session) -> None:
    name = session.engine.awaiting[0]
    await found.sessions.act(session.id, session.user_of(name), lambda hand: hand.legal[0])
