"""Faults on demand with the real client: a 429 (retried after retry_after), a 500 (retried),
a dropped gateway connection (resumed, missed events replayed), and the gateway's message
events (MESSAGE_CREATE, with content only where a bot without the content intent may read it)."""

from __future__ import annotations

import asyncio

from tests.fakediscord import BotProcess, FakeDiscord


async def test_a_429_is_retried_after_retry_after(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    fault = fake_discord.fail_next(
        "/channels/*/messages", method="POST", status=429, retry_after=0.1
    )
    await (await ann.slash(general, "announce", text="news")).message()
    assert fault.hits == 1
    posted = await general.wait_message(lambda m: m.content.startswith("news"))
    assert posted.interaction is None
    statuses = [
        r.status for r in fake_discord.requests if r.route == "/channels/{channel}/messages"
    ]
    assert statuses == [429, 200]


async def test_a_global_429_on_an_answer_is_retried(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    fault = fake_discord.fail_next("/interactions/*", status=429, retry_after=0.05, is_global=True)
    assert (await (await ann.slash(general, "ping")).message()).content == "pong"
    assert fault.exhausted


async def test_a_500_is_retried(fake_discord: FakeDiscord, tinybot: BotProcess) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    fault = fake_discord.fail_next("/interactions/*/callback", status=500)
    reply = await ann.slash(general, "ping")
    assert (await reply.message()).content == "pong"  # discord.py retries after 1 s
    assert fault.exhausted and reply.failed is False


async def test_a_dropped_gateway_resumes_and_replays_missed_events(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    await fake_discord.drop_gateway()
    reply = await ann.slash(general, "ping")  # sent while the bot is away: kept for the resume
    assert (await reply.message()).content == "pong"
    assert fake_discord.gateway.resumes == 1 and fake_discord.gateway.replayed >= 1
    assert fake_discord.gateway.identifies == 1  # resumed, not a new session


async def test_an_abruptly_cut_gateway_resumes(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    await fake_discord.drop_gateway(abrupt=True)
    await fake_discord.wait_for(
        lambda: fake_discord.gateway.resumes == 1 and fake_discord.gateway.connected
    )
    assert (await (await ann.slash(general, "ping")).message()).content == "pong"


async def test_message_events_respect_the_content_intent(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    bot = fake_discord.bot_user
    await ann.say(general, f"{bot.mention} hi")
    hello = await general.wait_message(lambda m: m.author is bot)
    assert hello.content == f"hello ann: {bot.mention} hi"
    marker = general.mark()
    await ann.say(general, "a private thought")
    unread = await general.wait_message(lambda m: m.author is bot, after=marker)
    assert unread.content == "cannot read ann: ''"


async def test_many_interactions_at_once_are_all_answered(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    general = fake_discord.channel("general")
    players = [fake_discord.user(f"p{i}") for i in range(30)]
    sent = await asyncio.gather(*(p.slash(general, "ping") for p in players))
    answers = await asyncio.gather(*(s.message() for s in sent))
    assert [a.content for a in answers] == ["pong"] * 30
    assert len({a.id for a in answers}) == 30 and fake_discord.failed_interactions == []


async def test_a_reconnect_request_resumes(fake_discord: FakeDiscord, tinybot: BotProcess) -> None:
    fake_discord.gateway.ask_reconnect()
    await fake_discord.wait_for(
        lambda: fake_discord.gateway.resumes == 1 and fake_discord.gateway.connected
    )
    reply = await fake_discord.user("ann").slash(fake_discord.channel("general"), "ping")
    assert (await reply.message()).content == "pong"


async def test_an_invalidated_session_identifies_again(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    fake_discord.gateway.invalidate()
    await fake_discord.wait_for(
        lambda: fake_discord.gateway.identifies == 2 and fake_discord.gateway.connected
    )
    assert fake_discord.gateway.resumes == 0
    reply = await fake_discord.user("ann").slash(fake_discord.channel("general"), "ping")
    assert (await reply.message()).content == "pong"
