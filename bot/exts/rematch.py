"""Rematch: the game-over message's button plays the same game again.

The first player to press it opens a lobby in the channel with the finished game's
options and turn timer, the computer seats back at their levels and that player seated
(bot/exts/lobby.py; the lobby records which game it is a rematch of). Each other player
comes back with one click, Rematch on the game-over message or Join on the lobby; the
game starts by itself once all of them are back. After REMATCH_MINUTES it starts with
those who came if they are enough, else it is called off (the expiry sweep, `overdue`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import discord

from bot.core.errors import Refusal
from bot.core.language import private, public, slash
from bot.core.limits import REMATCH_MINUTES, lobby_expired
from bot.core.lobbies import lobby_message
from bot.core.sessions import Session
from bot.core.storage import GameRow, Status
from bot.exts.computer_seats import check_humans
from bot.exts.lobby import (
    answer_command,
    lobby_fields,
    member_name,
    rematch_players,
    start_if_everyone_is_back,
    take_seat,
)
from games.text import _

if TYPE_CHECKING:
    from bot.client import GameBot


async def ask_rematch(
    bot: GameBot, interaction: discord.Interaction[Any], session: Session
) -> None:
    """The Rematch button: opens the rematch, or takes the presser's seat in it."""
    record = session.record
    title = record.words.title
    if session.status != Status.FINISHED:
        raise Refusal(_("A rematch can be asked for once the game is over."))
    user_id = interaction.user.id
    if not any(seat.user_id == user_id for seat in session.seats):
        raise Refusal(
            _(
                "Only the players of that game can ask for its rematch; {command} opens a "
                "new game.",
                command=slash(f"{record.name} start"),
            )
        )
    async with bot.lobby_lock:
        rematch = await bot.storage.rematch(session.id)
        if rematch is not None:
            await _come_back(bot, interaction, rematch)
            return
        existing = await bot.storage.open_game(session.row.channel_id, session.kind)
        if existing is not None and not lobby_expired(existing, bot.settings.timer_minute):
            raise Refusal(
                _(
                    "Another {game} game is already waiting or being played in this channel "
                    "(one at a time).",
                    game=title,
                )
            )
        if existing is not None:
            closed = _("~~{game} lobby~~: closed to make room.", game=title)
            await bot.tables.close(existing, closed)
        game_id = await _open(bot, interaction, session)
    async with bot.sessions.lock(game_id):
        row = await bot.storage.game(game_id)
        assert row is not None
        seats = await bot.storage.seats(game_id)
        expected = await rematch_players(bot, row)
        text, view = lobby_message(record, row, seats, expected)
        speech = public(row.language)
        # The players it waits for are pinged: this new message is how they hear of it.
        waiting = [discord.Object(u) for u in expected if u != user_id]
        message = await answer_command(
            interaction, speech(text), speech.view(view), discord.AllowedMentions(users=waiting)
        )
        await bot.storage.set_table_message(game_id, message.id)
        await start_if_everyone_is_back(bot, row)  # a game against the computer only


async def _open(bot: GameBot, interaction: discord.Interaction[Any], session: Session) -> int:
    row = session.row
    assert interaction.guild_id is not None
    game_id = await bot.storage.create_game(
        interaction.guild_id,
        row.channel_id,
        row.kind,
        row.options,
        interaction.user.id,
        member_name(interaction),
        rematch_of=row.id,
        language=row.language,
    )
    for seat in session.seats:
        if seat.is_ai and seat.replaced_user_id is None and seat.ai_level is not None:
            await bot.storage.add_ai_seat(game_id, seat.name, seat.ai_level)
    if row.turn_minutes is not None:
        await bot.storage.set_turn_minutes(game_id, row.turn_minutes)
    return game_id


async def _come_back(bot: GameBot, interaction: discord.Interaction[Any], rematch: GameRow) -> None:
    """The presser takes a seat in the rematch opened already (its Join)."""
    async with bot.sessions.lock(rematch.id):
        fresh = await bot.storage.game(rematch.id)
        if fresh is None or fresh.status != Status.LOBBY:
            raise Refusal(_("This game's rematch has started already (or was called off)."))

        async def welcome() -> None:
            speech = await private(interaction)
            await interaction.response.send_message(
                speech(_("Welcome back: you have a seat in the rematch.")), ephemeral=True
            )

        seats = await bot.storage.seats(fresh.id)
        if await take_seat(bot, fresh, seats, interaction, welcome):
            return
        if fresh.table_message_id is not None:
            channel = bot.get_partial_messageable(fresh.channel_id, guild_id=fresh.guild_id)
            message = channel.get_partial_message(fresh.table_message_id)
            await message.edit(**await lobby_fields(bot, fresh))


async def overdue(bot: GameBot) -> None:
    """Rematches whose wait is over: started with those who came back, if they are
    enough, else called off."""
    before = time.time() - REMATCH_MINUTES * bot.settings.timer_minute
    for row in await bot.storage.rematches_opened_before(before):
        record = bot.kinds.get(row.kind)
        if record is None or not bot.serves(row.guild_id):
            continue
        async with bot.sessions.lock(row.id):
            fresh = await bot.storage.game(row.id)
            if fresh is None or fresh.status != Status.LOBBY or fresh.table_message_id is None:
                continue
            seats = await bot.storage.seats(row.id)
            try:
                check_humans(seats)
                enough = len(seats) >= record.engine.min_players
            except Refusal:
                enough = False
            if enough:
                await bot.tables.start(fresh, seats)
                continue
        called_off = _(
            "~~{game} rematch~~: not enough players came back. {command} opens a new game.",
            game=record.words.title,
            command=slash(f"{record.name} start"),
        )
        await bot.tables.close(row, called_off)
