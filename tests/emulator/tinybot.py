"""A tiny discord.py bot for the emulator's own tests, run like the real bot through the
launcher (`python -m tests.fakediscord.launch tests.emulator.tinybot`). It uses each feature the
emulator offers once: options of every emulated type, choices, a subcommand group,
autocomplete, buttons, a select menu, a modal, DMs, deferrals, ephemeral replies, follow-ups,
files (in a reply and in a channel), and persistent controls that survive a restart."""

from __future__ import annotations

import asyncio
import io
import os
import sys
from pathlib import Path

import discord
from discord import app_commands
from PIL import Image

CARDS = [f"{colour} {n}" for colour in ("panama", "peru", "mexico") for n in range(1, 11)]


def png(colour: str, size: tuple[int, int] = (64, 32)) -> discord.File:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "PNG")
    buffer.seek(0)
    return discord.File(buffer, filename=f"{colour}.png")


class Lobby(discord.ui.View):
    """Persistent: timeout=None and fixed custom_ids, registered at start (add_view)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(discord.ui.Button(label="Docs", url="https://example.com/rules"))

    @discord.ui.button(label="Join", custom_id="lobby:join", style=discord.ButtonStyle.primary)
    async def join(
        self, interaction: discord.Interaction, button: discord.ui.Button[Lobby]
    ) -> None:
        assert interaction.message is not None
        content = interaction.message.content + f"\n{interaction.user.name} joined"
        await interaction.response.edit_message(content=content)

    @discord.ui.button(label="Later", custom_id="lobby:later")
    async def later(
        self, interaction: discord.Interaction, button: discord.ui.Button[Lobby]
    ) -> None:
        await interaction.response.defer()  # type 6, then an edit of the clicked message
        await interaction.edit_original_response(content="edited after a deferred update")

    @discord.ui.button(label="Rename", custom_id="lobby:rename")
    async def rename(
        self, interaction: discord.Interaction, button: discord.ui.Button[Lobby]
    ) -> None:
        await interaction.response.send_modal(Rename())

    @discord.ui.button(label="Start", custom_id="lobby:start", disabled=True)
    async def start(
        self, interaction: discord.Interaction, button: discord.ui.Button[Lobby]
    ) -> None:
        await interaction.response.send_message("started")

    @discord.ui.select(
        custom_id="lobby:colour",
        placeholder="Colour",
        options=[
            discord.SelectOption(label=c.title(), value=c) for c in ("panama", "peru", "mexico")
        ],
    )
    async def colour(
        self, interaction: discord.Interaction, select: discord.ui.Select[Lobby]
    ) -> None:
        await interaction.response.send_message(f"you chose {select.values[0]}", ephemeral=True)


class Reveal(discord.ui.View):
    @discord.ui.button(label="Reveal", custom_id="secret:reveal")
    async def reveal(
        self, interaction: discord.Interaction, button: discord.ui.Button[Reveal]
    ) -> None:
        await interaction.response.edit_message(content="revealed to you alone", view=None)


class Rename(discord.ui.Modal, title="Rename the lobby"):
    name: discord.ui.TextInput[Rename] = discord.ui.TextInput(
        label="New name", custom_id="rename:name"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        # A modal opened from a button may update that button's message (callback type 7).
        await interaction.response.edit_message(content=f"lobby {self.name.value}")


class Form(discord.ui.Modal, title="Sign up"):
    name: discord.ui.TextInput[Form] = discord.ui.TextInput(
        label="Name", custom_id="form:name", max_length=20
    )
    note: discord.ui.TextInput[Form] = discord.ui.TextInput(
        label="Note", custom_id="form:note", style=discord.TextStyle.paragraph, required=False
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"thanks {self.name.value} ({self.note.value or 'no note'})"
        )


class TinyBot(discord.Client):
    def __init__(self) -> None:
        intents = (
            discord.Intents.all()
            if os.environ.get("TINYBOT_INTENTS") == "all"
            else discord.Intents.default()
        )
        super().__init__(intents=intents)
        self.tree = app_commands.CommandTree(self)
        self.counter_path = Path(os.environ["DATABASE_PATH"])
        register(self)

    async def setup_hook(self) -> None:
        self.add_view(Lobby())
        guild_id = os.environ.get("DEV_GUILD_ID")
        if guild_id:
            guild = discord.Object(int(guild_id))
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot:
            return
        if self.user in message.mentions:
            await message.channel.send(f"hello {message.author.name}: {message.content}")
        else:  # without the message content intent, Discord sends other messages empty
            await message.channel.send(f"cannot read {message.author.name}: {message.content!r}")


def register(bot: TinyBot) -> None:
    tree = bot.tree

    @tree.command(description="Answers pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @tree.command(description="Echoes its options")
    @app_commands.choices(
        colour=[app_commands.Choice(name=c, value=c) for c in ("red", "green", "blue")]
    )
    async def echo(
        interaction: discord.Interaction,
        text: app_commands.Range[str, 1, 50],
        count: app_commands.Range[int, 1, 10],
        flag: bool,
        colour: app_commands.Choice[str],
        who: discord.User | None = None,
        ratio: float | None = None,
    ) -> None:
        name = who.name if who is not None else "nobody"
        await interaction.response.send_message(
            f"{text}|{count}|{flag}|{colour.value}|{name}|{ratio}"
        )

    game = app_commands.Group(name="game", description="A game")

    @game.command(name="start", description="Starts a game")
    async def game_start(interaction: discord.Interaction, target: int = 100) -> None:
        await interaction.response.send_message(f"lobby to {target}", view=Lobby())

    @game.command(name="play", description="Plays a card")
    async def game_play(interaction: discord.Interaction, card: str) -> None:
        await interaction.response.send_message(f"played {card}")

    @game_play.autocomplete("card")
    async def card_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if current == "many":  # breaks Discord's 25-choice limit on purpose
            return [app_commands.Choice(name=c, value=c) for c in CARDS]
        return [app_commands.Choice(name=c, value=c) for c in CARDS if current in c][:25]

    tree.add_command(game)

    @tree.command(description="Opens a form")
    async def form(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Form())

    @tree.command(description="Sends you a DM")
    async def dm(interaction: discord.Interaction, text: str, silent: bool = False) -> None:
        try:
            await interaction.user.send(text, file=png("green"), silent=silent)
        except discord.Forbidden as exc:
            await interaction.response.send_message(
                f"your DMs are closed ({exc.code})", ephemeral=True
            )
            return
        await interaction.response.send_message("sent you a DM", ephemeral=True)

    @tree.command(description="Mentions a member, pinging them or not")
    async def mention(interaction: discord.Interaction, who: discord.User, ping: bool) -> None:
        allowed = discord.AllowedMentions(users=ping, everyone=False, roles=False)
        await interaction.response.send_message(f"{who.mention}, hello", allowed_mentions=allowed)

    @tree.command(description="Thinks, then answers")
    async def think(interaction: discord.Interaction, ephemeral: bool = False) -> None:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        await asyncio.sleep(0.05)
        await interaction.followup.send("done thinking")

    @tree.command(description="Defers, then edits its answer")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        await interaction.edit_original_response(content="hidden result")

    @tree.command(description="An answer only you see")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you", ephemeral=True, view=Reveal())

    @tree.command(description="An image in the reply")
    async def image(interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Table", description="the table image").set_image(
            url="attachment://red.png"
        )
        await interaction.response.send_message(file=png("red"), embed=embed)

    @tree.command(description="Posts an image in the channel")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        try:
            await channel.send("table:", file=png("blue"))
        except discord.Forbidden as exc:
            await channel.send(f"(no permission to attach files: {exc.code})")
        await interaction.followup.send("posted", ephemeral=True)

    @tree.command(description="Follow-ups and their edits")
    async def followups(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        second = await interaction.followup.send("second", wait=True)
        await interaction.followup.send("third, for you", ephemeral=True)
        await second.edit(content="second, edited")
        await interaction.edit_original_response(content="first, edited")

    @tree.command(description="Answers twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("once")
        try:
            await interaction.client.http.request(
                discord.http.Route(
                    "POST", "/interactions/{i}/{t}/callback", i=interaction.id, t=interaction.token
                ),
                json={"type": 4, "data": {"content": "twice"}},
            )
        except discord.HTTPException as exc:
            await interaction.followup.send(f"second answer refused: {exc.code}")

    @tree.command(description="Too slow")
    async def slow(interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as exc:
            print(f"late answer refused: {exc.code}", flush=True)

    @tree.command(description="Counts, in the file at DATABASE_PATH")
    async def count(interaction: discord.Interaction) -> None:
        path = bot.counter_path
        value = int(path.read_text()) + 1 if path.exists() else 1
        path.write_text(str(value))
        await interaction.response.send_message(f"count {value}")

    @tree.command(description="For those who manage the server")
    @app_commands.default_permissions(manage_guild=True)
    async def manage(interaction: discord.Interaction) -> None:
        allowed = interaction.permissions.manage_guild
        await interaction.response.send_message(f"manage server: {allowed}", ephemeral=True)

    @tree.command(description="Posts text in the channel")
    async def announce(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        message = await channel.send(text)
        await message.edit(content=text + " (edited)")
        await interaction.followup.send("announced", ephemeral=True)


def main() -> int:
    TinyBot().run(os.environ["DISCORD_TOKEN"], log_level=20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
