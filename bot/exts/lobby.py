"""The lobby every game kind shares: open, Join, Leave, Start (host only), Cancel; or,
for a game opened against a named opponent, a challenge: Accept or Decline (the
opponent), Cancel (the challenger). An accepted challenge starts at once. A pending
challenge is stored as such (games.challenged_id), so its Start, Join, Leave and AI
buttons are refused even when forged. A game opened against the computer (`ai`) seats
an AI second and starts at once. The messages are drawn in bot/core/lobbies.py, the
start and the close made by the tables service (bot/core/tables.py).

One open game per kind per channel. Seats are taken in join order (G2 and its
Gracias/Graps equivalents seat players that way). The lobby message becomes the
game's table message when the game starts. Engine player names are the seated
members' display names, made unique; the seats table maps them back to user ids.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.core.errors import Refusal
from bot.core.gameui import LobbyVerb
from bot.core.language import mention, public, slash
from bot.core.limits import (
    CHALLENGE_MINUTES,
    LOBBIES_PER_MEMBER,
    LOBBIES_PER_SERVER,
    LOBBY_MINUTES,
    lobby_expired,
)
from bot.core.lobbies import challenge_message, lobby_message
from bot.core.storage import GameRow, SeatRow, Status
from bot.exts.computer_seats import (
    AI_VERBS,
    LEVELS,
    ai_name,
    check_humans,
    lobby_ai,
    table_full,
)
from games.protocol import JSON, GameError, quoted
from games.text import Listed, Text, _, _n, _p

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)
T = TypeVar("T")

LOBBY_VERBS = frozenset(LobbyVerb)


def expiry_text(title: str, row: GameRow) -> Text:
    if row.challenged_id is not None:
        return _n(
            "~~{game} challenge~~: {player} did not answer within {count} minute, so it was "
            "called off.",
            "~~{game} challenge~~: {player} did not answer within {count} minutes, so it was "
            "called off.",
            CHALLENGE_MINUTES,
            game=title,
            player=mention(row.challenged_id),
        )
    return _n(
        "~~{game} lobby~~: closed, as it did not start within {count} minute.",
        "~~{game} lobby~~: closed, as it did not start within {count} minutes.",
        LOBBY_MINUTES,
        game=title,
    )


def missing_permissions(
    interaction: discord.Interaction[Any], new_thread: bool = False
) -> list[Text]:
    """The channel permissions a game needs that the bot lacks here, by their names in
    Discord's settings. Without them the table would stay a lobby all game and every
    move would repeat a refused request (which Discord counts toward a ban). Attach
    Files is not among them: without it the table is shown in words. `new_thread`: the
    game is played in a thread the bot starts here."""
    permissions = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    # The permissions as Discord's settings name them, in each language.
    in_threads = _p("permission", "Send Messages in Threads")
    needed = [
        (permissions.view_channel, _p("permission", "View Channel")),
        (
            permissions.send_messages_in_threads if in_thread else permissions.send_messages,
            in_threads if in_thread else _p("permission", "Send Messages"),
        ),
        (permissions.read_message_history, _p("permission", "Read Message History")),
    ]
    if new_thread:
        needed += [
            (permissions.create_public_threads, _p("permission", "Create Public Threads")),
            (permissions.send_messages_in_threads, in_threads),
        ]
    return list(dict.fromkeys(name for granted, name in needed if not granted))


def reason(error: Exception) -> str:
    """An error's message as it was given (a `Text` stays translatable)."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, str) else str(error)


def member_name(interaction: discord.Interaction[Any]) -> str:
    user = interaction.user
    return getattr(user, "display_name", None) or user.name


async def open_lobby(
    bot: GameBot,
    interaction: discord.Interaction[Any],
    kind: str,
    options: Mapping[str, JSON],
    opponent: discord.abc.User | None = None,
    timer: int | None = None,
    ai: str | None = None,
    thread: bool = False,
    language: str | None = None,
) -> None:
    """`/<game> start`: check the options, refuse a second game, post the lobby (or,
    with `opponent`, a challenge to that one player, seated second; or, with `ai`, a
    game against a computer player of that level, seated second, started at once).
    `thread`: the game is played in a new thread of the channel, started from the
    command's answer; the lobby or challenge is its first message. `language`: of the
    game's public things; None: the server's (bot/core/language.py)."""
    record = bot.kinds[kind]
    title = record.words.title
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal(_("Games are played in a server channel, not in direct messages."))
    if thread and isinstance(interaction.channel, discord.Thread):
        raise Refusal(
            _(
                "This is a thread already, and a thread cannot hold another: start the game "
                "here without `thread`, or in the channel."
            )
        )
    missing = missing_permissions(interaction, new_thread=thread)
    if missing:
        # TRANSLATORS: {permissions} are the names of permissions in Discord's settings.
        raise Refusal(
            _n(
                "I cannot host a game in this channel: I am missing the {permissions} "
                "permission here. Ask someone who manages the server to give them to me, or "
                "start the game in another channel.",
                "I cannot host a game in this channel: I am missing the {permissions} "
                "permissions here. Ask someone who manages the server to give them to me, or "
                "start the game in another channel.",
                len(missing),
                permissions=Listed(missing),
            )
        )
    if not bot.kinds[kind].computer_players and (ai is not None or timer):
        raise Refusal(
            _(
                "{game} has no computer players, so no game against the computer and no turn "
                "timer (an absent player's turn is played by the computer).",
                game=title,
            )
        )
    if opponent is not None and ai is not None:
        raise Refusal(_("Choose an opponent or a computer player (ai), not both."))
    if ai is not None and ai not in LEVELS:
        raise Refusal(
            _(
                "Unknown computer level {level}; choose {levels}.",
                level=quoted(ai),
                levels=Listed(LEVELS, "or"),
            )
        )
    if opponent is not None:
        if opponent.id == interaction.user.id:
            raise Refusal(_("You cannot challenge yourself; choose another member as opponent."))
        if opponent.bot:
            raise Refusal(
                _(
                    "{member} is a bot; bots do not take up challenges.",
                    member=opponent.display_name,
                )
            )
    cls = bot.kinds[kind].engine
    try:  # the engine is the judge of its options; try them on a throwaway game
        cls.create([f"p{n}" for n in range(cls.max_players)], options, 0)
    except GameError as error:
        raise Refusal(_("Those options cannot be used: {reason}", reason=reason(error))) from None
    channel_id = interaction.channel_id
    assert bot.languages is not None
    game_language = await bot.languages.for_new_game(interaction, language)
    await check_lobby_caps(bot, interaction.guild_id, interaction.user.id)  # before a thread
    if thread:
        channel_id = await _new_thread(interaction, record.words.title, game_language)
    async with bot.lobby_lock:
        await check_lobby_caps(bot, interaction.guild_id, interaction.user.id)
        # Reads go through the read connection, so this refusal comes at once even
        # while another program holds the write lock.
        existing = await bot.storage.open_game(channel_id, kind)
        expired = existing is not None and lobby_expired(existing, bot.settings.timer_minute)
        if existing is not None and not expired:
            command = slash(f"{record.name} abandon")
            if existing.status == Status.LOBBY:
                busy = _(
                    "A {game} game is already waiting for players in this channel (one at a "
                    "time); finish it or ask its host to use {command}.",
                    game=title,
                    command=command,
                )
            else:
                busy = _(
                    "A {game} game is already being played in this channel (one at a time); "
                    "finish it or ask its host to use {command}.",
                    game=title,
                    command=command,
                )
            raise Refusal(busy)

        async def create() -> int:
            assert interaction.guild_id is not None and channel_id is not None
            if existing is not None:  # expired: closed to make room
                await bot.tables.close(existing, expiry_text(title, existing))
            game_id = await bot.storage.create_game(
                interaction.guild_id,
                channel_id,
                kind,
                options,
                interaction.user.id,
                member_name(interaction),
                language=game_language,
            )
            if opponent is not None:
                await bot.storage.add_challenged(game_id, opponent.id, opponent.display_name)
            if ai is not None:
                name = ai_name([member_name(interaction)], ai)
                await bot.storage.add_ai_seat(game_id, name, ai)
            if timer is not None:  # the turn timer in minutes; None: the game's default
                await bot.storage.set_turn_minutes(game_id, timer)
            return game_id

        game_id = await _in_time(interaction, create())
    # The game's lock until its message id is stored: a click on the message as soon as
    # it shows (Accept, Start) waits, so the started game's table is that message.
    async with bot.sessions.lock(game_id):
        row = await bot.storage.game(game_id)
        assert row is not None
        seats = await bot.storage.seats(game_id)
        if ai is not None:  # no lobby: the table message is this answer, started now
            text: str = _(
                "**{game}**: {host} plays against {robot}; the game is starting.",
                game=title,
                host=mention(row.host_id),
                robot=seats[1].name,
            )
            mentions = discord.AllowedMentions.none()
            message_id = await _post_table(interaction, row, thread, text, None, mentions)
            await bot.storage.set_table_message(game_id, message_id)
            await bot.tables.start(row, seats)
            return
        if opponent is not None:
            # The challenged player is pinged, so Discord tells them; nobody else is.
            text, view = challenge_message(record, row, seats)
            mentions = discord.AllowedMentions(users=[discord.Object(opponent.id)])
        else:
            # Seated players are listed as mentions (names that stay current), no ping.
            text, view = lobby_message(bot.kinds[kind], row, seats)
            mentions = discord.AllowedMentions.none()
        message_id = await _post_table(interaction, row, thread, text, view, mentions)
        await bot.storage.set_table_message(game_id, message_id)


THREAD_ARCHIVE_MINUTES = 1440
"""A game's thread closes after a day without messages; a move reopens it."""
THREAD_NAME = 100
"""Characters Discord accepts in a thread's name."""


async def check_lobby_caps(bot: GameBot, guild_id: int, user_id: int) -> None:
    """`Refusal` when the member hosts `LOBBIES_PER_MEMBER` lobbies waiting on this
    server, or the server has `LOBBIES_PER_SERVER`."""
    minute = bot.settings.timer_minute
    waiting = [row for row in await bot.storage.lobbies(guild_id) if not lobby_expired(row, minute)]
    if sum(1 for row in waiting if row.host_id == user_id) >= LOBBIES_PER_MEMBER:
        raise Refusal(
            _n(
                "You already host {count} game waiting for players on this server; start it "
                "or cancel it before opening another.",
                "You already host {count} games waiting for players on this server; start or "
                "cancel one of them before opening another.",
                LOBBIES_PER_MEMBER,
            )
        )
    if len(waiting) >= LOBBIES_PER_SERVER:
        raise Refusal(
            _n(
                "This server already has {count} game waiting for players; join it, or try "
                "again once it has started.",
                "This server already has {count} games waiting for players; join one, or try "
                "again once some have started.",
                LOBBIES_PER_SERVER,
            )
        )


async def _new_thread(interaction: discord.Interaction[Any], title: str, language: str) -> int:
    """A thread for a new game, started from the command's answer in the channel (so the
    channel shows one line, with the thread under it), in the game's `language`; its id."""
    speech = public(language)
    text = speech(
        _(
            "**{game}**: {player} opened a table in the thread below.",
            game=title,
            player=mention(interaction.user.id),
        )
    )
    message = await answer_command(interaction, text, None, discord.AllowedMentions.none())
    name = speech(_("{game}: {player}'s table", game=title, player=member_name(interaction)))
    if len(name) > THREAD_NAME:
        name = name[:THREAD_NAME]
    data = await interaction.client.http.start_thread_with_message(
        message.channel.id, message.id, name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES
    )
    return int(data["id"])


async def _post_table(
    interaction: discord.Interaction[Any],
    row: GameRow,
    thread: bool,
    text: str,
    view: discord.ui.View | None,
    mentions: discord.AllowedMentions,
) -> int:
    """The table message (lobby, challenge, or a game starting at once): the command's
    answer, or in a new thread its first message, in the game's language. Its id."""
    speech = public(row.language)
    text = speech(text)
    if view is not None:
        speech.view(view)
    if not thread:
        return (await answer_command(interaction, text, view, mentions)).id
    channel = interaction.client.get_partial_messageable(
        row.channel_id, guild_id=row.guild_id, type=discord.ChannelType.public_thread
    )
    if view is None:
        sent = await channel.send(text, allowed_mentions=mentions)
    else:
        sent = await channel.send(text, view=view, allowed_mentions=mentions)
    return int(sent.id)


ANSWER_WITHIN = 2.0
"""Seconds a command may write before it is acknowledged; Discord allows 3 in all."""


async def _in_time(interaction: discord.Interaction[Any], work: Awaitable[T]) -> T:
    """Runs `work` (writes); when another program holds the database longer than
    `ANSWER_WITHIN`, the command is acknowledged ("thinking") meanwhile, so it is not
    lost after Discord's 3 seconds. Usually the work is done first and the answer is an
    ordinary reply, which also notifies a challenged player (an answer filled in after
    the thinking may not)."""
    task = asyncio.ensure_future(work)
    try:
        return await asyncio.wait_for(asyncio.shield(task), ANSWER_WITHIN)
    except TimeoutError:
        await interaction.response.defer(thinking=True)
        return await task


async def answer_command(
    interaction: discord.Interaction[Any],
    text: str,
    view: discord.ui.View | None,
    mentions: discord.AllowedMentions,
) -> discord.InteractionMessage:
    """The command's answer: a reply, or the acknowledged "thinking" message filled in."""
    if interaction.response.is_done():
        return await interaction.edit_original_response(
            content=text, view=view, allowed_mentions=mentions
        )
    if view is None:
        await interaction.response.send_message(text, allowed_mentions=mentions)
    else:
        await interaction.response.send_message(text, view=view, allowed_mentions=mentions)
    return await interaction.original_response()


async def handle_lobby(
    bot: GameBot, interaction: discord.Interaction[Any], row: GameRow, verb: str
) -> None:
    record = bot.kinds[row.kind]
    user_id = interaction.user.id
    if interaction.channel_id != row.channel_id:  # a forged id from elsewhere
        raise Refusal(_("That lobby belongs to another channel."))
    async with bot.sessions.lock(row.id):
        fresh = await bot.storage.game(row.id)
        if fresh is None or fresh.status != Status.LOBBY:
            raise Refusal(_("This lobby is closed: the game has started or was cancelled."))
        seats = await bot.storage.seats(row.id)
        seated = any(seat.user_id == user_id for seat in seats)
        cls = bot.kinds[row.kind].engine
        challenged = fresh.challenged_id
        if challenged is not None and verb not in (
            LobbyVerb.ACCEPT_GAME,
            LobbyVerb.DECLINE_GAME,
            LobbyVerb.CANCEL,
        ):
            # A challenge starts only by the challenged member's Accept; a forged Start
            # (or Join, Leave, Add AI) from anyone, the challenger included, is refused.
            raise Refusal(
                _(
                    "This is a challenge to {player}: only their **Accept** starts the game (or "
                    "**Decline** ends it); the challenger may **Cancel**.",
                    player=mention(challenged),
                )
            )
        if verb == LobbyVerb.JOIN:
            if await take_seat(bot, fresh, seats, interaction, lambda: _acknowledge(interaction)):
                return
        elif verb == LobbyVerb.LEAVE:
            if not seated:
                raise Refusal(_("You have no seat at this table."))
            if user_id == row.host_id:
                raise Refusal(_("The host cannot leave the lobby; press Cancel to call it off."))
            await _acknowledge(interaction)
            await bot.storage.remove_seat(row.id, user_id)
        elif verb in AI_VERBS:
            await lobby_ai(bot, row, seats, user_id, verb, lambda: _acknowledge(interaction))
        elif verb == LobbyVerb.CANCEL:
            if user_id != row.host_id and not _manages_server(interaction):
                raise Refusal(_("Only the host (or someone with Manage Server) can cancel."))
            await _acknowledge(interaction)
            await bot.storage.set_status(row.id, Status.ABANDONED)
            cancelled = _(
                "~~{game} lobby~~: cancelled by {player}.",
                game=record.words.title,
                player=mention(user_id),
            )
            await interaction.edit_original_response(content=cancelled, view=None)
            return
        elif verb in (LobbyVerb.ACCEPT_GAME, LobbyVerb.DECLINE_GAME):
            if challenged is None or user_id != challenged:
                raise Refusal(_("Only the challenged player can answer this challenge."))
            if verb == LobbyVerb.DECLINE_GAME:
                await _acknowledge(interaction)
                await bot.storage.set_status(row.id, Status.ABANDONED)
                await interaction.edit_original_response(
                    content=public(row.language)(
                        _(
                            "~~{game} challenge~~: {player} declined {host}'s challenge.",
                            game=record.words.title,
                            player=mention(user_id),
                            host=mention(row.host_id),
                        )
                    ),
                    view=None,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
            await _acknowledge(interaction)
            # The accepting member's own display name, as for a seat taken with Join.
            named = [
                dataclasses.replace(seat, name=member_name(interaction))
                if seat.user_id == user_id
                else seat
                for seat in seats
            ]
            await bot.tables.start(row, named)
            return
        elif verb == LobbyVerb.START:
            if user_id != row.host_id:
                raise Refusal(_("Only the host can start the game."))
            if len(seats) < cls.min_players:
                raise Refusal(
                    _n(
                        "{game} needs at least {count} player; {seated} seated so far.",
                        "{game} needs at least {count} players; {seated} seated so far.",
                        cls.min_players,
                        game=record.words.title,
                        seated=len(seats),
                    )
                )
            check_humans(seats)
            await _acknowledge(interaction)
            await bot.tables.start(row, seats)
            return
        else:
            raise Refusal(_("Unknown lobby button."))
        await interaction.edit_original_response(**await lobby_fields(bot, fresh))


async def take_seat(
    bot: GameBot,
    row: GameRow,
    seats: Sequence[SeatRow],
    interaction: discord.Interaction[Any],
    acknowledge: Callable[[], Awaitable[None]],
) -> bool:
    """The member takes a seat in the lobby (Join, or Rematch on the game-over message),
    `acknowledge` once the refusals are past; the lobby's lock held. True if that
    started the game (a rematch everyone is back to)."""
    cls = bot.kinds[row.kind].engine
    if any(seat.user_id == interaction.user.id for seat in seats):
        raise Refusal(_("You already have a seat at this table."))
    if len(seats) >= cls.max_players:
        raise Refusal(table_full(bot.kinds[row.kind].words.title, cls.max_players))
    # A rematch keeps a seat for each player of the last game until it starts (or its
    # wait is over): a stranger's Join must not shut one of them out.
    expected = await rematch_players(bot, row)
    if expected and interaction.user.id not in expected:
        seated = {seat.user_id for seat in seats}
        kept = sum(1 for user_id in expected if user_id not in seated)
        if len(seats) + kept >= cls.max_players:
            raise Refusal(
                _(
                    "The seats of this rematch are kept for the players of the last game "
                    "until it starts."
                )
            )
    await acknowledge()
    await bot.storage.add_seat(row.id, interaction.user.id, member_name(interaction))
    return await start_if_everyone_is_back(bot, row)


async def lobby_fields(bot: GameBot, row: GameRow) -> dict[str, Any]:
    """The lobby message as it is now, as the fields of an edit."""
    seats = await bot.storage.seats(row.id)
    text, view = lobby_message(bot.kinds[row.kind], row, seats, await rematch_players(bot, row))
    speech = public(row.language)
    return {
        "content": speech(text),
        "view": speech.view(view),
        "allowed_mentions": discord.AllowedMentions.none(),
    }


async def rematch_players(bot: GameBot, row: GameRow) -> list[int]:
    """The people a rematch waits for: those who played the finished game to its end
    (not those who left it or whose seat the computer took)."""
    if row.rematch_of is None:
        return []
    return [seat.user_id for seat in await bot.storage.seats(row.rematch_of) if seat.user_id > 0]


async def start_if_everyone_is_back(bot: GameBot, row: GameRow) -> bool:
    """A rematch starts as soon as all its players are seated (its lock held)."""
    if row.rematch_of is None:
        return False
    seats = await bot.storage.seats(row.id)
    seated = {seat.user_id for seat in seats}
    if not all(user_id in seated for user_id in await rematch_players(bot, row)):
        return False
    await bot.tables.start(row, seats)
    return True


async def _acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Before a lobby click writes: the click is answered at once (the lobby message is
    edited when the write is done), so a database kept busy by another writer (a backup,
    a script) cannot push the answer past Discord's 3 seconds. Refusals come before it,
    as ordinary replies."""
    if not interaction.response.is_done():
        await interaction.response.defer()


def _manages_server(interaction: discord.Interaction[Any]) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)
