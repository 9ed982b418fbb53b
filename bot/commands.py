"""Slash-command bodies every game shares: hand, an action typed as a command, scores,
scoreboard, export, leave, abandon. Each game's cog declares its commands (names,
options, descriptions) and calls these in one line, so its own module stays thin.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.gameui import Refusal, ShowingFailed, fit
from bot.sessions import Session
from bot.storage import GameRow, Standing
from games.protocol import JSON
from games.replay import export as replay_export

if TYPE_CHECKING:
    from bot.client import GameBot


async def session_here(
    bot: GameBot, interaction: discord.Interaction[Any], kind: str, finished_too: bool = False
) -> Session:
    """The game of this kind being played in the interaction's channel (or, with
    `finished_too`, the channel's latest one)."""
    ui = bot.uis[kind]
    channel_id = interaction.channel_id or 0
    row = await bot.storage.open_game(channel_id, kind)
    if (row is None or row.status == "lobby") and finished_too:
        row = await bot.storage.latest_game(channel_id, kind)
    if row is None or row.status == "lobby":
        raise Refusal(
            f"No {ui.title} game is being played in this channel; "
            f"start one with `/{ui.command} start`."
        )
    session = await bot.sessions.load(row.id)
    if session is None:
        raise Refusal(f"That {ui.title} game could not be loaded.")
    return session


def seated_name(session: Session, interaction: discord.Interaction[Any]) -> str:
    name = session.name_of(interaction.user.id)
    if name is None:
        raise Refusal("You are not playing in this game.")
    return name


async def show_hand(bot: GameBot, interaction: discord.Interaction[Any], kind: str) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    session = await session_here(bot, interaction, kind)
    await bot.show_private(interaction, session.id, seated_name(session, interaction))


async def act(
    bot: GameBot,
    interaction: discord.Interaction[Any],
    kind: str,
    build: Callable[[Session, str], Mapping[str, JSON]],
    done: str,
) -> None:
    """An action typed as a command: applied, committed, published, then confirmed."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    session = await session_here(bot, interaction, kind)
    await bot.sessions.act(session.id, interaction.user.id, build)
    try:
        await interaction.followup.send(done, ephemeral=True)
    except Exception as error:
        raise ShowingFailed() from error


async def show_scores(
    bot: GameBot, interaction: discord.Interaction[Any], kind: str, draw: Callable[[Any], Any]
) -> None:
    await interaction.response.defer(thinking=True)
    session = await session_here(bot, interaction, kind, finished_too=True)
    async with session.lock:
        view = session.engine.public_view()
    file = await bot.publisher.render(draw, view, "scores.png")
    ui = bot.uis[kind]
    text = f"**{ui.title}** score sheet (game {session.id})."
    await interaction.followup.send(text, files=[file] if file else [])


async def export(bot: GameBot, interaction: discord.Interaction[Any], kind: str) -> None:
    """The replay file of docs/notation.md: the header stored at start plus the move log."""
    session = await session_here(bot, interaction, kind, finished_too=True)
    if session.status == "running":
        # The header holds the seed (or the stacked decks): it would reveal every hand,
        # hidden card and future draw or roll.
        raise Refusal(
            "The replay file reveals every hidden card, so it is given once the game is "
            "over (or abandoned)."
        )
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with session.lock:  # the log as of one version, never in the middle of a move
        moves = await bot.storage.moves(session.id)
    if session.row.header is not None:  # the header stored when the game started
        data = {**session.row.header, "actions": moves}
    else:
        data = replay_export(session.engine, list(moves))
    body = json.dumps(data, indent=1).encode()
    name = f"{kind}-game-{session.id}.json"
    await interaction.followup.send(
        f"The replay file of game {session.id} ({len(moves)} moves). "
        f"`python -m games replay {name}` reproduces it.",
        file=discord.File(io.BytesIO(body), filename=name),
        ephemeral=True,
    )


YOUNG_MOVES_PER_SEAT = 4
"""The host alone may abandon a game until it has this many moves per seat (two Gracias
turns of a take and a give each, four Grass or Graps turns); later it takes Manage
Server, or a game idle for a day."""


async def abandon(bot: GameBot, interaction: discord.Interaction[Any], kind: str) -> None:
    """Ends the game without a result: the host early in the game, someone with Manage
    Server at any time, any seated player once nothing happened in it for a day
    (bot/expiry.py)."""
    from bot.expiry import IDLE_MINUTES, idle

    ui = bot.uis[kind]
    row = await bot.storage.open_game(interaction.channel_id or 0, kind)
    if row is None:
        raise Refusal(f"No {ui.title} game is open in this channel.")
    permissions = getattr(interaction, "permissions", None)
    seats = await bot.storage.seats(row.id)
    # Late in a game the host alone could erase the others' win: from then on it takes
    # Manage Server, or a game idle for a day (then any of its players may).
    young = row.status == "lobby" or row.version < YOUNG_MOVES_PER_SEAT * len(seats)
    host = interaction.user.id == row.host_id
    seated = any(seat.user_id == interaction.user.id for seat in seats)
    if not (
        (permissions and permissions.manage_guild)
        or (host and young)
        or (seated and row.status == "running" and idle(row, bot.settings.timer_minute))
    ):
        hours = IDLE_MINUTES // 60
        if host:
            raise Refusal(
                "This game is well under way, so ending it without a result takes someone "
                "with Manage Server; or any of its players, once nothing has happened in it "
                f"for {hours} hours. To stop playing yourself, use `/{ui.command} "
                f"{ui.leave_command}`."
            )
        raise Refusal(
            "Only the game's host (early in the game) or someone with Manage Server can "
            f"abandon it; its players can too once nothing has happened in it for {hours} hours."
        )
    await interaction.response.defer(thinking=True)
    await end_without_result(bot, row)
    await interaction.followup.send(
        f"The {ui.title} game was abandoned by <@{interaction.user.id}>; no result is recorded.",
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def end_without_result(bot: GameBot, row: GameRow, announce: str | None = None) -> None:
    """A started game (or a lobby) abandoned: the table and hands say so, their controls
    go; `announce` is posted in the channel. Nothing if it ended meanwhile."""
    ui = bot.uis[row.kind]
    async with bot.sessions.lock(row.id):
        fresh = await bot.storage.game(row.id)
        if fresh is None or fresh.status not in ("lobby", "running"):
            return
        await bot.storage.set_status(row.id, "abandoned")
        session = await bot.sessions.load(row.id)
        channel = bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        if session is not None:
            bot.sessions.forget(row.id)
            session.status = "abandoned"
            await bot.publisher.refresh(session)
            if announce is not None:
                await bot.publisher.say(session, announce, ping=False)
            return
        if row.table_message_id is not None:
            await channel.get_partial_message(row.table_message_id).edit(
                content=f"~~{ui.title} lobby~~: abandoned.", view=None
            )
        if announce is not None:
            await channel.send(fit(announce), allowed_mentions=discord.AllowedMentions.none())


def wins_text(standing: Standing) -> str:
    """Wins, with those in games where the computer played a seat shown as such."""
    if standing.computer_wins:
        return f"{standing.wins} ({standing.computer_wins} vs computer)"
    return str(standing.wins)


def money_or_points(value: int | None, money: bool) -> str:
    if value is None:
        return "-"
    if money:
        return f"-${-value:,}" if value < 0 else f"${value:,}"
    return str(value)


async def scoreboard(
    bot: GameBot,
    interaction: discord.Interaction[Any],
    kind: str,
    player: discord.abc.User | None,
) -> None:
    """This server's standings over finished games of this kind, as an image."""
    from render.scoreboard import Scoreboard, board_image

    ui = bot.uis[kind]
    if interaction.guild_id is None:
        raise Refusal("Scoreboards belong to a server; use this command in a server channel.")
    await interaction.response.defer(thinking=True)
    standings = await bot.storage.standings(interaction.guild_id, kind)
    names = await bot.storage.player_names(interaction.guild_id, [s.user_id for s in standings])
    money = ui.money
    columns = ("#", "player", "games", "wins", "total", f"best {ui.round_name}")
    rows: list[tuple[str, ...]] = []
    highlight = None
    for place, standing in enumerate(standings, start=1):
        if player is not None and standing.user_id == player.id:
            highlight = place - 1
        rows.append(
            (
                str(place),
                names.get(standing.user_id, str(standing.user_id)),
                str(standing.games),
                wins_text(standing),
                money_or_points(standing.total, money),
                money_or_points(standing.best_round, money),
            )
        )
    if player is not None:
        mine = [(row, s) for row, s in zip(rows, standings, strict=True) if s.user_id == player.id]
        if not mine:
            await interaction.followup.send(
                f"<@{player.id}> has no finished {ui.title} game on this server yet.",
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        row, standing = mine[0]
        versus = f" ({standing.computer_wins} vs computer)" if standing.computer_wins else ""
        text = (
            f"<@{player.id}> on this server: place {row[0]}, {row[2]} games, "
            f"{standing.wins} wins{versus}, total {row[4]}, best {ui.round_name} {row[5]}."
        )
    elif not rows:
        await interaction.followup.send(f"No finished {ui.title} game on this server yet.")
        return
    else:
        text = f"**{ui.title} scoreboard** of this server ({len(rows)} players)."
    board = Scoreboard(f"{ui.title} scoreboard", columns, tuple(rows), highlight)
    file = await bot.publisher.render(board_image, board, "scoreboard.png")
    await interaction.followup.send(
        text, files=[file] if file else [], allowed_mentions=discord.AllowedMentions.none()
    )
