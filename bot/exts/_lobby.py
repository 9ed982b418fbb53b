"""The lobby's Discord side, for every game kind: `/<game> start` (its permissions,
its thread) and the clicks on a lobby, a challenge or a game-over message's Rematch,
each parsed and handed to the lobbies service (bot/core/lobbies.py), which judges,
stores and draws; here the answers are sent. The lobby message becomes the game's
table message when the game starts.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from bot.core.errors import Refusal
from bot.core.gameui import LobbyVerb
from bot.core.kinds import GameKind
from bot.core.language import mention, private, public
from bot.core.limits import SLOW_PACES
from bot.core.lobby_messages import Fields, drawn
from bot.core.openings import Opening, judge
from bot.core.screen import Lobby
from bot.core.session import Session
from bot.core.tables import Member
from games.protocol import JSON
from games.text import Listed, Text, _, _n, _p

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)
T = TypeVar("T")

LOBBY_VERBS = frozenset(LobbyVerb)


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


PACE_OPTION = "Slow: a game over days, with this long for each turn; default live (timer)"
"""The description of the start commands' `pace` option."""
_PACE_NAMES = {
    60: "slow: 1 hour a turn",
    3 * 60: "slow: 3 hours a turn",
    12 * 60: "slow: 12 hours a turn",
    24 * 60: "slow: 1 day a turn",
    2 * 24 * 60: "slow: 2 days a turn",
    3 * 24 * 60: "slow: 3 days a turn",
    7 * 24 * 60: "slow: 7 days a turn",
}


def pace_choices() -> list[app_commands.Choice[int]]:
    """The `pace` option's choices: each slow game's turn deadline, in minutes."""
    return [app_commands.Choice(name=_PACE_NAMES[minutes], value=minutes) for minutes in SLOW_PACES]


def member_name(interaction: discord.Interaction[Any]) -> str:
    user = interaction.user
    return getattr(user, "display_name", None) or user.name


async def open_lobby(
    bot: GameBot,
    interaction: discord.Interaction[Any],
    record: GameKind,
    options: Mapping[str, JSON],
    opponent: discord.abc.User | None = None,
    timer: int | None = None,
    ai: str | None = None,
    thread: bool = False,
    language: str | None = None,
    pace: int | None = None,
) -> None:
    """`/<game> start`: the lobby posted (or, with `opponent`, a challenge to that one
    player, seated second; or, with `ai`, a game against a computer player of that
    level, seated second, started at once). `thread`: the game is played in a new thread
    of the channel, started from the command's answer; the lobby or challenge is its
    first message. `language`: of the game's public things; None: the server's, else
    the host's (bot/core/language.py). `pace`: a slow game's turn deadline in minutes,
    instead of a live game's `timer`."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal(_("Games are played in a server channel, not in direct messages."))
    if thread and isinstance(interaction.channel, discord.Thread):
        raise Refusal(
            _(
                "This is a thread already, and a thread cannot hold another: start the game "
                "here without `thread`, or in the channel."
            )
        )
    _check_permissions(interaction, thread)
    assert bot.languages is not None
    opening = Opening(
        record=record,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        host=Member(interaction.user.id, member_name(interaction)),
        options=options,
        language=await bot.languages.for_new_game(interaction, language),
        opponent=Member(opponent.id, opponent.display_name) if opponent is not None else None,
        ai=ai,
        timer=timer,
        pace=pace,
    )
    judge(opening)
    if opponent is not None and opponent.bot:
        raise Refusal(
            _("{member} is a bot; bots do not take up challenges.", member=opponent.display_name)
        )
    reply = _Reply(interaction)
    thread_id: int | None = None  # the game's thread, once made

    async def new_thread() -> int:
        # Made by the lobbies service under its lock, after the caps and the cooldown:
        # a start refused leaves no empty thread behind.
        nonlocal thread_id
        thread_id = await _new_thread(reply, record.words.title, opening.language)
        return thread_id

    opened = bot.lobbies.open(opening, new_thread if thread else None)
    game_id = await _in_time(reply, opened)

    async def post(lobby: Lobby) -> int:
        return await _post_table(reply, thread_id, drawn(lobby))

    await bot.lobbies.post(game_id, post)


def _check_permissions(interaction: discord.Interaction[Any], thread: bool) -> None:
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


class _Clicked:
    """A click on a lobby's message, as the lobbies service answers it: acknowledged
    once the refusals are past, and that message edited."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction

    async def ready(self) -> None:
        # Answered at once (the message is edited when the write is done), so a
        # database kept busy by another writer (a backup, a script) cannot push the
        # answer past Discord's 3 seconds. Refusals come before, as ordinary replies.
        if not self.interaction.response.is_done():
            await self.interaction.response.defer()

    async def show(self, lobby: Lobby) -> None:
        await self.interaction.edit_original_response(**drawn(lobby))


class _Welcomed(_Clicked):
    """A Rematch pressed by someone the rematch waits for: welcomed privately (the
    rematch's own message is redrawn by the service)."""

    async def ready(self) -> None:
        speech = await private(self.interaction)
        await self.interaction.response.send_message(
            speech(_("Welcome back: you have a seat in the rematch.")), ephemeral=True
        )


async def handle_lobby(
    bot: GameBot,
    interaction: discord.Interaction[Any],
    game_id: int,
    verb: str,
    values: Sequence[str] = (),
) -> None:
    """A button of a lobby or a challenge, or the lobby's language menu (`values`)."""
    permissions = getattr(interaction, "permissions", None)
    manages_server = bool(permissions and permissions.manage_guild)
    member = Member(interaction.user.id, member_name(interaction))
    where = interaction.channel_id or 0
    answer = _Clicked(interaction)
    await bot.lobbies.click(game_id, where, member, verb, answer, manages_server, values)


async def ask_rematch(
    bot: GameBot, interaction: discord.Interaction[Any], session: Session
) -> None:
    """The game-over message's Rematch: opens the rematch, as the button's answer, or
    takes the presser's seat in it."""

    async def post(lobby: Lobby) -> int:
        return (await answer_command(interaction, drawn(lobby))).id

    member = Member(interaction.user.id, member_name(interaction))
    await bot.lobbies.rematch(session, member, post, _Welcomed(interaction))


THREAD_ARCHIVE_MINUTES = 1440
"""A game's thread closes after a day without messages; a move reopens it."""
THREAD_NAME = 100
"""Characters Discord accepts in a thread's name."""


async def _new_thread(reply: _Reply, title: str, language: str) -> int:
    """A thread for a new game, started from the command's answer in the channel (so the
    channel shows one line, with the thread under it), in the game's `language`; its id."""
    interaction = reply.interaction
    speech = public(language)
    text = speech(
        _(
            "**{game}**: {player} opened a table in the thread below.",
            game=title,
            player=mention(interaction.user.id),
        )
    )
    mentions = discord.AllowedMentions.none()
    message = await reply.send({"content": text, "allowed_mentions": mentions})
    name = speech(_("{game}: {player}'s table", game=title, player=member_name(interaction)))
    if len(name) > THREAD_NAME:
        name = name[:THREAD_NAME]
    data = await interaction.client.http.start_thread_with_message(
        message.channel.id, message.id, name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES
    )
    return int(data["id"])


async def _post_table(reply: _Reply, thread_id: int | None, fields: Fields) -> int:
    """The table message (lobby, challenge, or a game starting at once): the command's
    answer, or in the game's new thread its first message. Its id."""
    if thread_id is None:
        return (await reply.send(fields)).id
    interaction = reply.interaction
    assert interaction.guild_id is not None
    channel = interaction.client.get_partial_messageable(
        thread_id, guild_id=interaction.guild_id, type=discord.ChannelType.public_thread
    )
    sent = await channel.send(**_sendable(fields))
    return int(sent.id)


def _sendable(fields: Fields) -> Fields:
    """A message's fields for a send, which takes no view rather than None."""
    return {key: value for key, value in fields.items() if value is not None}


ANSWER_WITHIN = 2.0
"""Seconds a command may write before it is acknowledged; Discord allows 3 in all."""


class _Reply:
    """A command's answer, given once: the answer itself (`send`), or the "thinking"
    acknowledgement `_in_time` gives a slow command (`hold`), which the answer then
    fills in. The work that answers (making a game's thread) may run while `_in_time`
    acknowledges, so each waits for the other: Discord refuses a second answer."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self._answering = asyncio.Lock()

    async def send(self, fields: Fields) -> discord.InteractionMessage:
        async with self._answering:
            return await answer_command(self.interaction, fields)

    async def hold(self) -> None:
        async with self._answering:
            if not self.interaction.response.is_done():
                await self.interaction.response.defer(thinking=True)


async def _in_time(reply: _Reply, work: Awaitable[T]) -> T:
    """Runs `work` (writes); when it takes longer than `ANSWER_WITHIN` (another program
    holds the database, or the server's other starts are being made), the command is
    acknowledged ("thinking") meanwhile, unless answered already, so it is not lost
    after Discord's 3 seconds. Usually the work is done first and the answer is an
    ordinary reply, which also notifies a challenged player (an answer filled in after
    the thinking may not)."""
    task = asyncio.ensure_future(work)
    try:
        return await asyncio.wait_for(asyncio.shield(task), ANSWER_WITHIN)
    except TimeoutError:
        await reply.hold()
        return await task


async def answer_command(
    interaction: discord.Interaction[Any], fields: Fields
) -> discord.InteractionMessage:
    """The command's answer: a reply, or the acknowledged "thinking" message filled in."""
    if interaction.response.is_done():
        return await interaction.edit_original_response(**fields)
    await interaction.response.send_message(**_sendable(fields))
    return await interaction.original_response()
