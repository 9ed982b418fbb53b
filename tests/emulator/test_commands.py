"""Slash commands built from the synced command JSON: options of every emulated type reach the
bot, subcommands, autocomplete with Discord's 25-choice limit, commands in DMs, and the
refusals Discord's client makes before anything reaches the bot."""

from __future__ import annotations

import pytest

from tests.emulator.conftest import TINYBOT
from tests.fakediscord import BotProcess, CommandRefused, FakeDiscord, InteractionFailed
from tests.fakediscord.fixtures import StartBot


async def test_options_of_every_type_reach_the_bot(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, bob = fake_discord.user("ann"), fake_discord.user("bob")
    general = fake_discord.channel("general")
    reply = await ann.slash(
        general, "echo", text="hi", count=3, flag=True, colour="green", who=bob, ratio=0.5
    )
    assert (await reply.message()).content == "hi|3|True|green|bob|0.5"
    assert reply.data["resolved"]["users"][str(bob.id)]["username"] == "bob"
    short = await ann.slash(general, "/echo", text="x", count=1, flag=False, colour="red")
    assert (await short.message()).content == "x|1|False|red|nobody|None"


async def test_subcommands(fake_discord: FakeDiscord, tinybot: BotProcess) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    lobby = await (await ann.slash(general, "game start", target=250000)).message()
    assert lobby.content == "lobby to 250000"
    assert [b.label for b in lobby.buttons()] == ["Join", "Later", "Rename", "Start", "Docs"]


@pytest.mark.parametrize(
    ("command", "options", "reason"),
    [
        ("pong", {}, "no command /pong"),
        ("echo", {"text": "a", "count": 1, "flag": True}, "needs the option 'colour'"),
        ("echo", {"text": "a", "count": 1, "flag": True, "colour": "pink"}, "must be one of"),
        (
            "echo",
            {"text": "a", "count": "1", "flag": True, "colour": "red"},
            "takes a whole number",
        ),
        (
            "echo",
            {"text": "a", "count": True, "flag": True, "colour": "red"},
            "takes a whole number",
        ),
        (
            "echo",
            {"text": "a", "count": 1.5, "flag": True, "colour": "red"},
            "takes a whole number",
        ),
        ("echo", {"text": "a", "count": 11, "flag": True, "colour": "red"}, "takes 1 to 10"),
        (
            "echo",
            {"text": "a" * 51, "count": 1, "flag": True, "colour": "red"},
            "takes 1 to 50 characters",
        ),
        ("echo", {"text": 5, "count": 1, "flag": True, "colour": "red"}, "takes text"),
        ("echo", {"text": "a", "count": 1, "flag": 1, "colour": "red"}, "takes true or false"),
        (
            "echo",
            {"text": "a", "count": 1, "flag": True, "colour": "red", "who": "bob"},
            "takes a user",
        ),
        (
            "echo",
            {"text": "a", "count": 1, "flag": True, "colour": "red", "size": 2},
            "has no option 'size'",
        ),
        ("game", {}, "needs a subcommand"),
        ("game stop", {}, "has no subcommand 'stop'"),
    ],
)
async def test_what_discord_refuses_never_reaches_the_bot(
    fake_discord: FakeDiscord,
    tinybot_commands: None,
    command: str,
    options: dict[str, object],
    reason: str,
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    with pytest.raises(CommandRefused, match=reason):
        await ann.slash(general, command, **options)
    assert fake_discord.interactions == {}


async def test_autocomplete_suggests_and_the_choice_is_played(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    choices = await ann.autocomplete(general, "game play", "card", "panama 1")
    assert [c.name for c in choices] == ["panama 1", "panama 10"]
    everything = await ann.autocomplete(general, "game play", "card")
    assert len(everything) == 25
    played = await ann.slash(general, "game play", card=choices[0].value)
    assert (await played.message()).content == "played panama 1"
    with pytest.raises(CommandRefused, match="no autocomplete"):
        await ann.autocomplete(general, "echo", "text", "a")


async def test_more_than_25_choices_are_refused(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    fake_discord.interaction_deadline = 0.5
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    with pytest.raises(InteractionFailed):
        await ann.autocomplete(general, "game play", "card", "many")
    assert fake_discord.rejected[-1].code == 50035
    # Discord's description of the callback refuses it first (tests/fakediscord/spec).
    assert "body.data.choices: breaks maxItems 25" in (fake_discord.rejected[-1].error or "")


async def test_guild_commands_are_not_offered_in_dms(
    fake_discord: FakeDiscord, tinybot_commands: None
) -> None:
    ann = fake_discord.user("ann")
    with pytest.raises(CommandRefused, match="no command /ping"):
        await ann.slash(ann.dm_channel(), "ping")


async def test_global_commands_work_in_dms(fake_discord: FakeDiscord, start_bot: StartBot) -> None:
    await start_bot(TINYBOT, dev_guild=False)
    ann = fake_discord.user("ann")
    reply = await ann.slash(ann.dm_channel(), "ping")
    message = await reply.message()
    assert message.content == "pong" and message.channel is ann.dm
    assert [m.content for m in ann.dm_messages()] == ["pong"]


async def test_commands_for_managers_are_hidden_from_others(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    general = fake_discord.channel("general")
    eve, ann = fake_discord.user("eve", manage_guild=True), fake_discord.user("ann")
    assert (await (await eve.slash(general, "manage")).message()).content == "manage server: True"
    with pytest.raises(CommandRefused, match="ann lacks the permissions /manage requires"):
        await ann.slash(general, "manage")
