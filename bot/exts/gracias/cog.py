"""`/gracias ...` slash commands: declarations only.

Every command body is a call into the shared machinery (bot/exts/_commands.py, the lobby,
the session service); the words and controls live in bot/exts/gracias/ui.py.
A turn is played with the hand message's menus (C5), or typed: `/gracias take` then
`/gracias give`, the notation's two steps.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.errors import Refusal
from bot.core.gameui import Hand, small_index
from bot.core.language import LANGUAGE_OPTION, language_choices, private
from bot.exts import _commands as shared
from bot.exts._lobby import PACE_OPTION, open_lobby, pace_choices
from bot.exts.gracias.ui import colour_label, parse_colour, trio_text
from games.gracias import GraciasPlayerView
from games.gracias.actions import GraciasAction, SplitTrio, TakeTrio
from games.protocol import quoted
from games.text import _
from lang import spoken

Player = Hand[GraciasPlayerView]
Choices = list[app_commands.Choice[str]]


class GraciasCommands(shared.GameCommands, group_name="gracias", group_description="Play Gracias"):
    @app_commands.command(name="start", description="Open a Gracias table in this channel")
    @app_commands.describe(
        timer="Minutes per turn before the computer moves for an absent player; 0: off, default 3",
        thread="Play in a new thread of this channel, default off",
        language=LANGUAGE_OPTION,
        pace=PACE_OPTION,
    )
    @app_commands.choices(language=language_choices())
    @app_commands.choices(pace=pace_choices())
    async def start(
        self,
        interaction: discord.Interaction[Any],
        timer: app_commands.Range[int, 0, 60] | None = None,
        thread: bool = False,
        language: str | None = None,
        pace: int | None = None,
    ) -> None:
        await open_lobby(
            self.bot,
            interaction,
            self.kind,
            {},
            timer=timer,
            thread=thread,
            language=language,
            pace=pace,
        )

    @app_commands.command(name="replay", description="Watch a finished game again, animated")
    @app_commands.describe(
        game="The game's number; leave empty for this channel's last game",
        round="One round of it only",
    )
    async def replay(  # type: ignore[override]
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1, shared.GAME_NUMBERS] | None = None,
        round: app_commands.Range[int, 1, 3] | None = None,
    ) -> None:
        await self.answer_replay(interaction, game, round)

    async def _mover(self, interaction: discord.Interaction[Any]) -> Player | None:
        """The caller's hand when it is their move, for autocomplete (None: nothing to
        offer)."""
        hand = await shared.hand_here(self.bot, interaction, self.kind)
        if hand is None or hand.view.public.to_move != hand.name:
            return None
        return hand

    @app_commands.command(name="take", description="Take a trio on your turn")
    @app_commands.describe(trio="The trio's number on the table")
    async def take(self, interaction: discord.Interaction[Any], trio: str) -> None:
        number = small_index(trio.strip())
        if number is None:
            raise Refusal(
                _(
                    "{typed} is not a trio number; the table numbers them 1, 2, 3...",
                    typed=quoted(trio),
                )
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        session = await shared.session_here(self.bot, interaction, self.kind)
        applied = await self.bot.sessions.act(
            session.id, interaction.user.id, lambda hand: TakeTrio(hand.name, number)
        )
        view = await applied.session.snapshot(lambda session: session.view_for(applied.name))
        taken = view.just_taken
        if taken:
            text = _(
                "You took trio {number}: its face-down card is **{colour}**. Now keep one "
                "face-up card and give the other with `/gracias give` (or your hand message's "
                "menu).",
                number=number,
                colour=colour_label(taken),
            )
        else:
            text = _(
                "You took trio {number}. Now keep one face-up card and give the other with "
                "`/gracias give` (or your hand message's menu).",
                number=number,
            )
        speech = await private(interaction)
        await interaction.followup.send(speech(text), ephemeral=True)

    @take.autocomplete("trio")
    async def take_trio(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        hand = await self._mover(interaction)
        if hand is None or hand.view.public.choosing is not None:
            return []
        return [
            app_commands.Choice(name=spoken(trio_text(trio)), value=str(trio.number))
            for trio in hand.view.public.trios
            if trio.taken_by is None and typed.strip() in str(trio.number)
        ]

    @app_commands.command(name="give", description="Keep one card of your trio, give the other")
    @app_commands.describe(keep="The face-up card you keep", to="Who gets the other one")
    async def give(
        self, interaction: discord.Interaction[Any], keep: str, to: discord.User
    ) -> None:
        colour = parse_colour(keep)

        def build(hand: Player) -> GraciasAction:
            receiver = hand.table.name_of(to.id)
            if receiver is None:
                raise Refusal(_("{player} is not playing in this game.", player=to.display_name))
            return SplitTrio(hand.name, colour, receiver)

        await shared.act(
            self.bot,
            interaction,
            self.kind,
            build,
            _(
                "You kept {colour} and gave the other card to {player}.",
                colour=colour_label(colour),
                player=to.mention,
            ),
        )

    @give.autocomplete("keep")
    async def give_keep(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        hand = await self._mover(interaction)
        if hand is None:
            return []
        view = hand.view.public
        if view.choosing is None:
            return []
        face_up = dict.fromkeys(view.trios[view.choosing - 1].face_up)
        return [
            app_commands.Choice(name=spoken(colour_label(colour)), value=colour.id)
            for colour in face_up
            if typed.strip().lower() in colour.id
        ]
