from tests.fakediscord import BotProcess, FakeDiscord


async def test_ping(fake_discord: FakeDiscord, tinybot: BotProcess) -> None:
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    reply = await ann.slash(general, "ping")
    msg = await reply.message()
    assert msg.content == "pong"
