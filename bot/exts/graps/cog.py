"""`/graps ...` slash commands: declarations, autocomplete and parsing only.

Every command body is a call into the shared machinery (bot/exts/_commands.py, the lobby's
challenge, the session service); the words and controls live in bot/exts/graps/ui.py.
The challenger plays dark (row 1) and places first (P1, P2). `/graps start
ai:` instead plays against the computer at once: the member plays dark and
places first, the AI seat light; its moves come from bot/core/turns.py like any AI seat's.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.errors import Refusal
from bot.core.language import (
    CHOICE_NAME,
    LANGUAGE_OPTION,
    language_choices,
    private,
    within,
)
from bot.core.openings import LEVELS
from bot.core.session import Session
from bot.core.sharing import Reply
from bot.exts import _commands as shared
from bot.exts._answers import show_private
from bot.exts._lobby import PACE_OPTION, open_lobby, pace_choices
from bot.exts.graps.ui import board_alt, cell_note, figures, legal_cells, status_line
from games.graps import GrapsPublicView, Place, cell_name, parse_cell
from games.graps.actions import Resign
from games.protocol import JSON, MalformedAction
from games.text import Text, _, joined
from lang import spoken

Choices = list[app_commands.Choice[str]]


def _cell_arg(text: str) -> int:
    try:
        return parse_cell(text)
    except MalformedAction as error:
        raise Refusal(Text.verbatim("{reason}.", reason=error.reason)) from None


def _cell_choice(view: GrapsPublicView, name: str, cell: str) -> Text:
    return Text.verbatim("{cell}: {note}", cell=cell, note=cell_note(view, name, cell))


def _game_line(game: int, *parts: str) -> Text:
    """ "**Graps** game 4: ...", the answers' first words."""
    head = Text.verbatim("**{title}** {game}", title="Graps", game=_("game {number}", number=game))
    return Text.verbatim("{head}: {words}", head=head, words=joined(". ", parts))


class GrapsCommands(shared.GameCommands, group_name="graps", group_description="Play Graps"):
    @app_commands.command(
        name="start", description="Challenge a member, or play the computer, at Graps"
    )
    @app_commands.describe(
        opponent="Who you challenge; you play dark (row 1) and place first",
        ai="Or play the computer at this level, starting at once; you play dark",
        grape_faces="How many of the die's 6 faces show a grape, default 3",
        return_pruned="Pruned pawns go back to their owner's supply, default off",
        timer="Minutes per turn before the computer moves for an absent player; 0: off, default 2",
        thread="Play in a new thread of this channel, default off",
        language=LANGUAGE_OPTION,
        pace=PACE_OPTION,
    )
    @app_commands.choices(
        ai=[app_commands.Choice(name=level, value=level) for level in LEVELS],
        language=language_choices(),
    )
    @app_commands.choices(pace=pace_choices())
    async def start(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.User | None = None,
        ai: str | None = None,
        grape_faces: app_commands.Range[int, 1, 5] = 3,
        return_pruned: bool = False,
        timer: app_commands.Range[int, 0, 60] | None = None,
        thread: bool = False,
        language: str | None = None,
        pace: int | None = None,
    ) -> None:
        if (opponent is None) == (ai is None):  # Graps is for two: one opponent, exactly
            raise Refusal(
                _(
                    "Choose exactly one opponent: a member to challenge (`opponent`) or the "
                    "computer (`ai: easy` or `ai: hard`)."
                )
            )
        options: dict[str, JSON] = {"grape_faces": grape_faces, "return_pruned": return_pruned}
        await open_lobby(
            self.bot, interaction, self.kind, options, opponent, timer, ai, thread, language, pace
        )

    @app_commands.command(name="place", description="Place the pawn you rolled on a cell")
    @app_commands.describe(cell="One of your legal cells for this roll, like H8")
    async def place(self, interaction: discord.Interaction[Any], cell: str) -> None:
        chosen = _cell_arg(cell)
        await shared.act(
            self.bot,
            interaction,
            self.kind,
            lambda hand: Place(hand.name, chosen),
            _("You placed your pawn at {cell}.", cell=cell_name(chosen)),
        )

    @place.autocomplete("cell")
    async def place_cell(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        """Only the legal cells of the current roll (P4, P5), those starting with what
        was typed ("H" lists column H)."""
        hand = await shared.hand_here(self.bot, interaction, self.kind)
        if hand is None:
            return []
        view = hand.table.view
        wanted = typed.strip().upper()
        return [
            app_commands.Choice(
                name=within(spoken(_cell_choice(view, hand.name, cell)), CHOICE_NAME), value=cell
            )
            for cell in legal_cells(hand)
            if cell.startswith(wanted)
        ][:25]

    # Graps's hand is its board, shown to onlookers too; leaving a two-player game is
    # resigning it.
    @app_commands.command(name="board", description="The board; on your turn, your cells")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:  # type: ignore[override]
        await interaction.response.defer(ephemeral=True, thinking=True)
        session = await shared.session_here(self.bot, interaction, self.kind, finished_too=True)
        name = session.name_of(interaction.user.id)
        if name is not None:
            await show_private(self.bot, interaction, session.id, name)
            return
        view = await session.snapshot(Session.public_view)  # onlookers see the public board
        assert isinstance(view, GrapsPublicView)
        alt = board_alt(view)
        speech = await private(interaction)
        file = await self.bot.publisher.render(
            self.kind.pictures.table, view, "board.png", alt, speech.language
        )
        await interaction.followup.send(
            speech(_game_line(session.id, status_line(view))),
            files=[file] if file else [],
            ephemeral=True,
        )

    @app_commands.command(name="resign", description="Give up this game; your opponent wins")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:  # type: ignore[override]
        await shared.act(
            self.bot,
            interaction,
            self.kind,
            lambda hand: Resign(hand.name),
            _("You resigned; your opponent wins."),
        )

    @app_commands.command(name="scores", description="Pawns on the board, in supply and lost")
    async def scores(self, interaction: discord.Interaction[Any]) -> None:  # type: ignore[override]
        await self.answer_scores(interaction)

    async def send_scores(self, reply: Reply, session: Session) -> None:
        """The board and its pawns, in place of a score sheet."""
        reply.shared_as(f"{self.kind.name}_scores", str(session.id))
        view = await session.snapshot(Session.public_view)
        assert isinstance(view, GrapsPublicView)
        alt = board_alt(view)
        speech = await reply.speech()
        file = await self.bot.publisher.render(
            self.kind.pictures.table, view, "board.png", alt, speech.language
        )
        text = speech(_game_line(session.id, figures(view), status_line(view)))
        await reply.send(text, [file] if file else [])
