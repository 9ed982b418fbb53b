"""Answers and messages: deferred answers filled in by a follow-up or an edit, follow-ups and
their edits, ephemeral visibility, files (decoded images, URLs served by the emulator), channel
messages and their edits, DMs (closed DMs: 50007), files where attaching is forbidden (50013),
one acknowledgement per interaction (40060), and the 3-second deadline."""

from __future__ import annotations

import aiohttp
import pytest

from tests.fakediscord import BotProcess, FakeDiscord, InteractionFailed
from tests.fakediscord.core import CALLBACK_DEFERRED_MESSAGE


async def test_a_deferred_answer_is_filled_in_by_the_first_followup(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    reply = await ann.slash(general, "think")
    assert await reply.ack() == CALLBACK_DEFERRED_MESSAGE
    answer = await reply.message()
    assert answer.content == "done thinking" and not answer.loading
    assert general.messages() == [answer] and reply.followups == []
    private = await (await ann.slash(general, "think", ephemeral=True)).message()
    assert private.ephemeral and general.messages() == [answer]


async def test_an_ephemeral_deferral_then_an_edit(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    answer = await (await ann.slash(general, "later")).message()
    assert answer.content == "hidden result" and answer.visible_to is ann
    assert general.messages() == [] and ann.sees(general) == [answer]


async def test_followups_and_edits_through_the_webhook(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, bob, general = (
        fake_discord.user("ann"),
        fake_discord.user("bob"),
        fake_discord.channel("general"),
    )
    reply = await ann.slash(general, "followups")
    first = await reply.message()
    second, third = await reply.followup(0), await reply.followup(1)
    await first.wait_until(lambda m: m.content == "first, edited")
    await second.wait_until(lambda m: m.content == "second, edited")
    assert third.content == "third, for you" and third.ephemeral
    assert bob.sees(general) == [first, second]
    assert ann.sees(general) == [first, second, third]


async def test_an_image_reply_decodes_and_its_url_is_served(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    answer = await (await ann.slash(general, "image")).message()
    [image] = answer.images()
    assert image.size == (64, 32) and image.getpixel((0, 0)) == (255, 0, 0)
    assert answer.embeds[0]["image"]["url"] == "attachment://red.png"
    assert "the table image" in answer.text
    async with aiohttp.ClientSession() as http, http.get(answer.attachments[0].url) as response:
        assert await response.read() == answer.attachments[0].data


async def test_channel_posts_and_edits(fake_discord: FakeDiscord, tinybot: BotProcess) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    marker = general.mark()
    await (await ann.slash(general, "announce", text="news")).message()
    posted = await general.wait_message(lambda m: m.content.startswith("news"), after=marker)
    await posted.wait_until(lambda m: m.content == "news (edited)")
    assert posted.edits == 1 and posted.interaction is None


async def test_files_where_attaching_is_forbidden_answer_50013(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann = fake_discord.user("ann")
    allowed, locked = (
        fake_discord.channel("general"),
        fake_discord.channel("locked", attach_files=False),
    )
    await (await ann.slash(allowed, "post")).message()
    assert [len(m.images()) for m in allowed.messages()] == [1]
    await (await ann.slash(locked, "post")).message()
    assert [m.content for m in locked.messages()] == ["(no permission to attach files: 50013)"]
    assert fake_discord.rejected[-1].code == 50013


async def test_dms_and_closed_dms(fake_discord: FakeDiscord, tinybot: BotProcess) -> None:
    ann, cy = fake_discord.user("ann"), fake_discord.user("cy", dms_open=False)
    general = fake_discord.channel("general")
    sent = await (await ann.slash(general, "dm", text="your hand")).message()
    assert sent.content == "sent you a DM" and sent.ephemeral
    [dm] = await ann.dms()
    assert dm.content == "your hand" and dm.images()[0].getpixel((1, 1)) == (0, 128, 0)
    refused = await (await cy.slash(general, "dm", text="your hand")).message()
    assert refused.content == "your DMs are closed (50007)"
    assert cy.dm_messages() == []


async def test_pushes_are_new_dms_without_the_silent_flag_and_allowed_mentions(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, bob = fake_discord.user("ann"), fake_discord.user("bob")
    general = fake_discord.channel("general")
    await (await ann.slash(general, "dm", text="loud")).message()
    await (await ann.slash(general, "dm", text="quiet", silent=True)).message()
    loud, quiet = await ann.dms(at_least=2)
    assert not loud.silent and quiet.silent
    assert ann.pushes() == [loud]  # the ephemeral answers ("sent you a DM") push nobody
    pinged = await (await ann.slash(general, "mention", who=bob, ping=True)).message()
    named = await (await ann.slash(general, "mention", who=bob, ping=False)).message()
    assert bob.mention in pinged.content and bob.mention in named.content
    assert bob.pushes() == [pinged] and ann.pushes() == [loud]


async def test_one_acknowledgement_per_interaction(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    reply = await fake_discord.user("ann").slash(fake_discord.channel("general"), "twice")
    assert (await reply.message()).content == "once"
    assert (await reply.followup(0)).content == "second answer refused: 40060"


async def test_an_answer_after_three_seconds_fails(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    fake_discord.interaction_deadline = 0.3  # Discord's 3 s, shortened to keep the test fast
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    reply = await ann.slash(general, "slow", seconds=0.6)
    with pytest.raises(InteractionFailed, match="This interaction failed"):
        await reply.ack()
    assert fake_discord.failed_interactions == [reply]
    await fake_discord.wait_for(lambda: any(r.code == 10062 for r in fake_discord.rejected))
    assert general.messages() == []
    in_time = await ann.slash(general, "slow", seconds=0.0)
    assert (await in_time.message()).content == "late"


async def test_a_channel_created_after_ready_is_usable(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    late = fake_discord.channel("late-table")  # CHANNEL_CREATE reaches the connected bot
    reply = await fake_discord.user("ann").slash(late, "announce", text="here")
    await reply.message()
    posted = await late.wait_message(lambda m: m.content.startswith("here"))
    await posted.wait_edited(edits=1)
    calls = [r for r in fake_discord.requests if r.interaction_id == reply.id]
    assert [r.route for r in calls][:1] == ["/interactions/{interaction}/{token}/callback"]
    assert fake_discord.rejected == []


async def test_history_holds_everything_a_player_could_see(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, bob, general = (
        fake_discord.user("ann"),
        fake_discord.user("bob"),
        fake_discord.channel("general"),
    )
    await (await ann.slash(general, "dm", text="ann's hand")).message()
    await (await ann.slash(general, "followups")).message()
    assert await fake_discord.settle() == []
    await fake_discord.wait_for(lambda: len(ann.dm_messages()) == 1)
    first = general.messages()[0]
    await first.wait_until(lambda m: m.content == "first, edited")
    bob_saw = {version.content for _, version in bob.history()}
    ann_saw = {version.content for _, version in ann.history()}
    assert {"first", "first, edited"} <= bob_saw  # the edited-away state too
    assert "ann's hand" not in bob_saw and "third, for you" not in bob_saw
    assert {"ann's hand", "third, for you", "sent you a DM"} <= ann_saw
