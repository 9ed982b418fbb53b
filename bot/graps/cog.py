"""`/graps ...` slash commands: declarations, autocomplete and parsing only.

Every command body is a call into the shared machinery (bot/commands.py, the lobby's
challenge, the session service); the words and controls live in bot/graps/ui.py and
texts.py. The challenger plays dark (row 1) and places first (P1, P2). `/graps start
ai:` instead plays against the computer at once (issue 9): the member plays dark and
places first, the AI seat light; its moves come from bot/turns.py like any AI seat's.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import commands as shared
from bot.ai import LEVELS
from bot.ai import kick as kick_player
from bot.gameui import Refusal
from bot.graps.texts import cell_note, figures, rules_text, status_line
from bot.graps.ui import GrapsUI, legal_cells
from bot.lobby import open_lobby
from games.graps import GrapsPublicView
from games.protocol import JSON, MalformedAction

if TYPE_CHECKING:
    from bot.client import GameBot

KIND = "graps"
Choices = list[app_commands.Choice[str]]


def _cell_arg(text: str) -> str:
    from games.graps import cell_name, parse_cell

    try:
        return cell_name(parse_cell(text))
    except MalformedAction as error:
        raise Refusal(f"{error}.") from None


class GrapsCog(commands.GroupCog, group_name="graps", group_description="Play Graps"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="start", description="Challenge a member, or play the computer, at Graps"
    )
    @app_commands.describe(
        opponent="Who you challenge; you play dark (row 1) and place first (P1, P2)",
        ai="Or play the computer at this level, starting at once; you play dark (P1, P2)",
        grape_faces="How many of the die's 6 faces show a grape (P3), default 3",
        return_pruned="Pruned pawns go back to their owner's supply (P6), default off",
        timer="Minutes per turn before the computer moves for an absent player; 0: off, default 2",
    )
    @app_commands.choices(ai=[app_commands.Choice(name=level, value=level) for level in LEVELS])
    async def start(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.User | None = None,
        ai: str | None = None,
        grape_faces: app_commands.Range[int, 1, 5] = 3,
        return_pruned: bool = False,
        timer: app_commands.Range[int, 0, 60] | None = None,
    ) -> None:
        if (opponent is None) == (ai is None):  # Graps is for two: one opponent, exactly
            raise Refusal(
                "Choose exactly one opponent: a member to challenge (`opponent`) or the "
                "computer (`ai: easy` or `ai: hard`)."
            )
        options: dict[str, JSON] = {"grape_faces": grape_faces, "return_pruned": return_pruned}
        await open_lobby(self.bot, interaction, KIND, options, opponent, timer=timer, ai=ai)

    @app_commands.command(name="place", description="Place the pawn you rolled on a cell")
    @app_commands.describe(cell="One of your legal cells for this roll, like H8")
    async def place(self, interaction: discord.Interaction[Any], cell: str) -> None:
        chosen = _cell_arg(cell)
        await shared.act(
            self.bot,
            interaction,
            KIND,
            lambda session, name: {"place": chosen},
            f"You placed your pawn at {chosen}.",
        )

    @place.autocomplete("cell")
    async def place_cell(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        """Only the legal cells of the current roll (P4, P5), those starting with what
        was typed ("H" lists column H)."""
        try:
            session = await shared.session_here(self.bot, interaction, KIND)
        except Refusal:
            return []
        name = session.name_of(interaction.user.id)
        if name is None:
            return []
        view = session.engine.public_view()
        assert isinstance(view, GrapsPublicView)
        wanted = typed.strip().upper()
        return [
            app_commands.Choice(name=f"{cell}: {cell_note(view, name, cell)}"[:100], value=cell)
            for cell in legal_cells(session, name)
            if cell.startswith(wanted)
        ][:25]

    @app_commands.command(name="board", description="The board; on your turn, your cells")
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        session = await shared.session_here(self.bot, interaction, KIND, finished_too=True)
        name = session.name_of(interaction.user.id)
        if name is not None:
            await self.bot.show_private(interaction, session.id, name)
            return
        async with session.lock:  # onlookers see the public board
            view = session.engine.public_view()
        file = await self.bot.publisher.render(GrapsUI().table_image, view, "board.png")
        assert isinstance(view, GrapsPublicView)
        await interaction.followup.send(
            f"**Graps** game {session.id}: {status_line(view)}",
            files=[file] if file else [],
            ephemeral=True,
        )

    @app_commands.command(name="resign", description="Give up this game; your opponent wins")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await shared.act(
            self.bot,
            interaction,
            KIND,
            lambda session, name: {"resign": True},
            "You resigned; your opponent wins.",
        )

    @app_commands.command(name="scores", description="Pawns on the board, in supply and lost")
    async def scores(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        session = await shared.session_here(self.bot, interaction, KIND, finished_too=True)
        async with session.lock:
            view = session.engine.public_view()
        assert isinstance(view, GrapsPublicView)
        file = await self.bot.publisher.render(GrapsUI().table_image, view, "board.png")
        await interaction.followup.send(
            f"**Graps** game {session.id}: {figures(view)}. {status_line(view)}",
            files=[file] if file else [],
        )

    @app_commands.command(name="scoreboard", description="This server's Graps standings")
    @app_commands.describe(player="Show one player's own figures")
    async def scoreboard(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        await shared.scoreboard(self.bot, interaction, KIND, player)

    @app_commands.command(name="rules", description="The rules of Graps as this bot plays them")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            "The rules of Graps as this bot plays them (decision ids P1 to P9):",
            file=discord.File(io.BytesIO(rules_text().encode()), filename="graps-rules.md"),
            ephemeral=True,
        )

    @app_commands.command(name="kick", description="Host: remove a player; the computer plays on")
    @app_commands.describe(player="The player whose seat a computer player takes over")
    async def kick(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        await kick_player(self.bot, interaction, KIND, player)

    @app_commands.command(name="abandon", description="End this channel's game, no result")
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        await shared.abandon(self.bot, interaction, KIND)

    @app_commands.command(name="export", description="This game's replay file")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await shared.export(self.bot, interaction, KIND)


async def setup(bot: commands.Bot) -> None:
    from bot.client import GameBot

    assert isinstance(bot, GameBot)
    bot.register_game(GrapsUI())
    await bot.add_cog(GrapsCog(bot))
