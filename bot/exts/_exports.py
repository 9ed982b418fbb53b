"""The replay file of a game (docs/notation.md), given privately: `/<game> export` and
the game-over message's Export button."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

import discord

from bot.core.errors import Refusal
from bot.core.language import private
from bot.core.session import Session
from bot.core.storage import Status
from games.replay import export as replay_export
from games.text import _, _n
from render.page import has_page

if TYPE_CHECKING:
    from bot.client import GameBot


async def send_replay(
    bot: GameBot, interaction: discord.Interaction[Any], session: Session
) -> None:
    """The game's replay file, privately (`/<game> export`, the game-over message's
    Export button): in the game's server, or to its players anywhere. Game ids follow
    each other, so a forged Export from elsewhere must not hand out another server's
    games, every hand and secret trade in them."""
    kind = session.kind
    if not here_or_played(interaction, session):
        raise Refusal(
            _(
                "That game was played on another server: its record is given there, "
                "or to its players."
            )
        )
    if session.status == Status.RUNNING:
        # The header holds the seed (or the stacked decks): it would reveal every hand,
        # hidden card and future draw or roll.
        raise Refusal(
            _(
                "The replay file reveals every hidden card, so it is given once the game is "
                "over (or abandoned)."
            )
        )
    if not interaction.response.is_done():  # done when a DM's menu asked which game
        await interaction.response.defer(ephemeral=True, thinking=True)
    data = await stored_replay(bot, session)
    moves = data["actions"]
    body = json.dumps(data, indent=1).encode()
    name = f"{kind}-game-{session.id}"
    # Players read one sentence; how to replay the file is in docs/notation.md.
    count = len(moves)
    what = _n(
        "The record of game {game}, move by move ({count} move)",
        "The record of game {game}, move by move ({count} moves)",
        count,
        game=session.id,
    )
    speech = await private(interaction)
    files = [
        discord.File(io.BytesIO(body), filename=f"{name}.json", description=speech.plain(what))
    ]
    page = None
    if has_page(kind):
        try:
            who = interaction.guild_id or -interaction.user.id
            page = await bot.replays.page(who, data, speech.language)
        except Refusal:  # the replay worker is busy: the record alone, the page another time
            pass
    if page is None:
        text = _n(
            "The record of game {game}, move by move ({count} move), to keep or to share.",
            "The record of game {game}, move by move ({count} moves), to keep or to share.",
            count,
            game=session.id,
        )
    else:
        text = _n(
            "The record of game {game}, move by move ({count} move), and a page that "
            "replays it in any web browser, to keep or to share.",
            "The record of game {game}, move by move ({count} moves), and a page that "
            "replays it in any web browser, to keep or to share.",
            count,
            game=session.id,
        )
        alt = _("Game {game} replayed move by move, a page for a web browser", game=session.id)
        page_file = io.BytesIO(page.encode())
        files.append(
            discord.File(page_file, filename=f"{name}.html", description=speech.plain(alt))
        )
    await interaction.followup.send(speech(text), files=files, ephemeral=True)


def here_or_played(interaction: discord.Interaction[Any], session: Session) -> bool:
    """Whether the asker may have a game's record or replay: in the game's server, or
    as one of its players anywhere. Game ids follow each other, so a forged button from
    elsewhere must not hand out another server's games."""
    players = {id_ for seat in session.seats for id_ in (seat.user_id, seat.replaced_user_id)}
    return interaction.guild_id == session.row.guild_id or interaction.user.id in players


async def stored_replay(bot: GameBot, session: Session) -> dict[str, Any]:
    """The game's replay file (docs/notation.md): the header stored when it started (the
    engine's, for a game stored before headers were) and the stored move log."""
    moves = list(await bot.sessions.moves_of(session))
    if session.row.header is not None:
        return {**session.row.header, "actions": moves}
    return replay_export(session.engine, moves)
