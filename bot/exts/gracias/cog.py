"""`/gracias ...` slash commands: declarations only.

Every command body is a call into the shared machinery (bot/exts/game_commands.py, the lobby,
the session service); the words and controls live in bot/exts/gracias/ui.py and texts.py.
A turn is played with the hand message's menus (C5), or typed: `/gracias take` then
`/gracias give`, the notation's two steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.core.controls import small_index
from bot.core.errors import Refusal
from bot.core.session import Session
from bot.exts import game_commands as shared
from bot.exts.gracias.texts import colour_label, parse_colour, trio_text
from bot.exts.lobby import open_lobby
from games.gracias import Gracias, GraciasPublicView
from games.protocol import JSON, quoted

if TYPE_CHECKING:
    pass

Choices = list[app_commands.Choice[str]]


class GraciasCommands(shared.GameCommands, group_name="gracias", group_description="Play Gracias"):
    @app_commands.command(name="start", description="Open a Gracias table in this channel")
    @app_commands.describe(
        timer="Minutes per turn before the computer moves for an absent player; 0: off, default 3"
    )
    async def start(
        self,
        interaction: discord.Interaction[Any],
        timer: app_commands.Range[int, 0, 60] | None = None,
    ) -> None:
        await open_lobby(self.bot, interaction, self.kind.name, {}, timer=timer)

    async def _mover(self, interaction: discord.Interaction[Any]) -> tuple[Gracias, str] | None:
        """The caller's game and name, for autocomplete (None: nothing to offer)."""
        try:
            session = await shared.session_here(self.bot, interaction, self.kind.name)
        except Refusal:
            return None
        name = session.name_of(interaction.user.id)
        engine = session.engine
        if name is None or not isinstance(engine, Gracias):
            return None
        return engine, name

    @app_commands.command(name="take", description="Take a trio on your turn (C5)")
    @app_commands.describe(trio="The trio's number on the table")
    async def take(self, interaction: discord.Interaction[Any], trio: str) -> None:
        number = small_index(trio.strip())
        if number is None:
            raise Refusal(f"{quoted(trio)} is not a trio number; the table numbers them 1, 2, 3...")
        await interaction.response.defer(ephemeral=True, thinking=True)
        session = await shared.session_here(self.bot, interaction, self.kind.name)
        applied = await self.bot.sessions.act(session.id, interaction.user.id, {"trio": number})
        async with applied.session.lock:
            view = applied.session.view_for(applied.name)
        taken = view.just_taken
        seen = f": its face-down card is **{colour_label(taken)}**" if taken else ""
        await interaction.followup.send(
            f"You took trio {number}{seen}. Now keep one face-up card and give the other "
            "with `/gracias give` (or your hand message's menu).",
            ephemeral=True,
        )

    @take.autocomplete("trio")
    async def take_trio(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        found = await self._mover(interaction)
        if found is None:
            return []
        engine, name = found
        view = engine.public_view()
        return [
            app_commands.Choice(name=trio_text(view.trios[t.trio - 1]), value=str(t.trio))
            for t in engine.trio_takes(name)
            if typed.strip() in str(t.trio)
        ]

    @app_commands.command(name="give", description="Keep one card of your trio, give the other")
    @app_commands.describe(keep="The face-up card you keep", to="Who gets the other one")
    async def give(
        self, interaction: discord.Interaction[Any], keep: str, to: discord.User
    ) -> None:
        colour = parse_colour(keep)

        def build(session: Session, name: str) -> dict[str, JSON]:
            receiver = session.name_of(to.id)
            if receiver is None:
                raise Refusal(f"{to.display_name} is not playing in this game.")
            return {"keep": colour.id, "give_to": receiver}

        await shared.act(
            self.bot,
            interaction,
            self.kind.name,
            build,
            f"You kept {colour_label(colour)} and gave the other card to {to.mention}.",
        )

    @give.autocomplete("keep")
    async def give_keep(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        found = await self._mover(interaction)
        if found is None:
            return []
        engine, name = found
        view: GraciasPublicView = engine.public_view()
        if view.choosing is None or view.to_move != name:
            return []
        face_up = dict.fromkeys(view.trios[view.choosing - 1].face_up)
        return [
            app_commands.Choice(name=colour_label(colour), value=colour.id)
            for colour in face_up
            if typed.strip().lower() in colour.id
        ]
