"""The commands every game kind shares, declared once: `GameCommands`, the base of each
game's `/<game>` group (hand, leave, kick, abandon, scores, scoreboard, rules, export),
and the command bodies the games' own commands use (the game in this channel, a move
typed as a command). A game's group subclasses `GameCommands` with its group name and
adds its start command and its moves; an attribute of the same name replaces a shared
command (Graps's `hand` is its board, its `leave` is resigning).

The commands work in a server channel, where the game is the channel's, and in the
bot's DM, where the player's hand message is: there the game is the caller's own
(`your_game`), asked with a menu when they sit in several games of the kind. The
commands that need a channel (`CHANNEL_COMMANDS`) say so when typed in a DM.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import Refusal, ShowingFailed
from bot.core.gameui import Hand
from bot.core.language import Speech, channel_mention, mention, private, public, slash
from bot.core.session import Session
from bot.core.sessions import ActionBuilder
from bot.core.sharing import Reply, arguments, number
from bot.core.storage import GameRow, Status
from bot.core.tables import Member
from bot.core.takeback_requests import ask_take_back
from bot.exts._answers import ask, show_private
from bot.exts._boards import kind_scoreboard, season_choices
from bot.exts._exports import send_replay
from bot.exts._replays import send_animation
from games.text import Text, _, _n, joined

if TYPE_CHECKING:
    from bot.client import GameBot
    from bot.core.kinds import GameKind


GAME_NUMBERS = 2**53 - 1
"""The largest game number an option accepts (Discord's largest integer option)."""


async def session_here(
    bot: GameBot,
    interaction: discord.Interaction[Any],
    record: GameKind,
    finished_too: bool = False,
) -> Session:
    """The game of this kind a command is about: in a server channel, the game being
    played there (or, with `finished_too`, the channel's latest one); in a DM, the
    caller's own (`your_game`)."""
    if interaction.guild_id is None:
        row = await your_game(bot, interaction, record, finished_too)
    else:
        channel_id = interaction.channel_id or 0
        found = await bot.storage.open_game(channel_id, record.name)
        if (found is None or found.status == Status.LOBBY) and finished_too:
            found = await bot.storage.latest_game(channel_id, record.name)
        if found is None or found.status == Status.LOBBY:
            raise Refusal(
                _(
                    "No {game} game is being played in this channel; start one with {command}.",
                    game=record.words.title,
                    command=slash(f"{record.name} start"),
                )
            )
        row = found
    session = await bot.sessions.load(row.id)
    if session is None:
        raise Refusal(_("That {game} game could not be loaded.", game=record.words.title))
    return session


async def your_game(
    bot: GameBot,
    interaction: discord.Interaction[Any],
    record: GameKind,
    finished_too: bool = False,
) -> GameRow:
    """In a DM, which names no channel: the running game of this kind in which the
    caller has a seat they have not left. Several: the caller picks one from a menu,
    since nothing tells which one they mean. None running, with `finished_too`: the
    last one they played."""
    rows = await bot.storage.games_seated(interaction.user.id, record.name)
    if not rows and finished_too:
        last = await bot.storage.last_game_seated(interaction.user.id, record.name)
        rows = [last] if last is not None else []
    if not rows:
        raise Refusal(
            _(
                "You are not playing any {game} game. Games are played in server channels: "
                "start one there with {command}.",
                game=record.words.title,
                command=slash(f"{record.name} start"),
            )
        )
    if len(rows) == 1:
        return rows[0]
    shown = rows[:25]  # a menu's limit; nobody sits in that many games of one kind
    question = _n(
        "You are playing {count} {game} game. Which one is this for?",
        "You are playing {count} {game} games. Which one is this for?",
        len(rows),
        game=record.words.title,
    )
    games = [
        Text.verbatim("- {game}", game=await game_line(bot, interaction, row, True))
        for row in shown
    ]
    labels = [await game_line(bot, interaction, row, False) for row in shown]
    chosen = await ask(
        bot,
        interaction,
        joined("\n", [question, *games]),
        [
            discord.SelectOption(label=label, value=str(row.id))
            for label, row in zip(labels, shown, strict=True)
        ],
        _("Choose the game"),
    )
    return next(row for row in shown if str(row.id) == chosen)


async def game_line(
    bot: GameBot, interaction: discord.Interaction[Any], row: GameRow, mention: bool
) -> str:
    """How a player tells their games apart: its number, its channel (a mention, or
    for a menu, which shows no mentions, its name and server) and whose turn it is."""
    title = bot.kinds[row.kind].words.title
    where: str
    if mention:
        where = channel_mention(row.channel_id)
    else:
        channel = bot.get_channel(row.channel_id)
        guild = bot.get_guild(row.guild_id)
        name = getattr(channel, "name", None)
        where = f"#{name}" if name else _("a server channel")
        if guild is not None:
            # TRANSLATORS: a channel ("#general", or "a server channel") and its server's name.
            where = _("{channel} of {server}", channel=where, server=guild.name)
    turn = False
    session = await bot.sessions.load(row.id)
    if session is not None and session.status == Status.RUNNING:
        name = session.name_of(interaction.user.id)
        turn = name is not None and name in session.engine.awaiting
    if turn:
        return _(
            "{game} game {number} in {channel}, your turn", game=title, number=row.id, channel=where
        )
    return _("{game} game {number} in {channel}", game=title, number=row.id, channel=where)


async def hand_here(
    bot: GameBot, interaction: discord.Interaction[Any], record: GameKind
) -> Hand[Any] | None:
    """The caller's hand in this channel's game (in a DM, in their own game), for
    autocomplete (None: nothing to offer: no game, or not seated). Autocomplete cannot
    ask which game: in a DM with several, the one game where it is the caller's turn,
    if only one is."""
    if interaction.guild_id is not None:
        try:
            session = await session_here(bot, interaction, record)
        except Refusal:
            return None
        seat = next(
            (s for s in session.seats if s.user_id == interaction.user.id and not s.left_game),
            None,
        )  # one who left the game has nothing left to play
        return session.hand(seat.name) if seat is not None else None
    hands: list[Hand[Any]] = []
    for row in await bot.storage.games_seated(interaction.user.id, record.name):
        loaded = await bot.sessions.load(row.id)
        name = loaded.name_of(interaction.user.id) if loaded is not None else None
        if loaded is not None and name is not None:
            hands.append(loaded.hand(name))
    if len(hands) > 1:
        hands = [hand for hand in hands if hand.name in hand.table.awaiting]
    return hands[0] if len(hands) == 1 else None


def seated_name(session: Session, interaction: discord.Interaction[Any]) -> str:
    name = session.name_of(interaction.user.id)
    if name is None:
        raise Refusal(_("You are not playing in this game."))
    return name


def topic_choices(kind: GameKind, typed: str) -> list[app_commands.Choice[str]]:
    """`/<game> rules topic:`'s autocomplete: the kind's topics holding what was typed."""
    return kind.howto.choices(typed) if kind.howto is not None else []


async def show_hand(bot: GameBot, interaction: discord.Interaction[Any], record: GameKind) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    session = await session_here(bot, interaction, record)
    await show_private(bot, interaction, session.id, seated_name(session, interaction))


async def act(
    bot: GameBot,
    interaction: discord.Interaction[Any],
    record: GameKind,
    build: ActionBuilder,
    done: str,
) -> None:
    """An action typed as a command: applied, committed, published, then confirmed."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    session = await session_here(bot, interaction, record)
    await bot.sessions.act(session.id, interaction.user.id, build)
    try:
        speech = await private(interaction)
        await interaction.followup.send(speech(done), ephemeral=True)
    except Exception as error:
        raise ShowingFailed() from error


async def send_scores(
    bot: GameBot, reply: Reply, session: Session, draw: Callable[[Any], Any]
) -> None:
    """A game's score sheet as a command's answer: privately, with Share, in the
    reader's language; shared, in the public answers' (bot/core/sharing.py)."""
    record = session.record
    view = await session.snapshot(Session.public_view)
    text = _("**{game}** score sheet (game {number}).", game=record.words.title, number=session.id)
    described = record.pictures.scores_words
    alt = (
        described(view)
        if described
        else joined(" ", [text, record.ui.table_words(session.table())])
    )
    speech = await reply.speech()
    file = await bot.publisher.render(draw, view, "scores.png", alt, speech.language)
    await reply.send(speech(text), [file] if file else [])


async def export_replay(
    bot: GameBot, interaction: discord.Interaction[Any], record: GameKind
) -> None:
    """The replay file of docs/notation.md: the header stored at start plus the move log."""
    session = await session_here(bot, interaction, record, finished_too=True)
    await send_replay(bot, interaction, session)


async def abandon_game(
    bot: GameBot, interaction: discord.Interaction[Any], record: GameKind
) -> None:
    """`/<game> abandon`: the game in this channel ends without a result, if the caller
    may end it (bot/core/tables.py says who)."""
    permissions = getattr(interaction, "permissions", None)
    manages_server = bool(permissions and permissions.manage_guild)
    row = await bot.tables.may_abandon(
        interaction.channel_id or 0, record, interaction.user.id, manages_server
    )
    await interaction.response.defer(thinking=True)
    await bot.tables.end_without_result(row)
    speech = public(row.language)
    await interaction.followup.send(
        speech(
            _(
                "The {game} game was abandoned by {player}; no result is recorded.",
                game=record.words.title,
                player=mention(interaction.user.id),
            )
        ),
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def kick_player(
    bot: GameBot, interaction: discord.Interaction[Any], record: GameKind, player: discord.abc.User
) -> None:
    """`/<game> kick player:`: the host (or Manage Server) removes a player; an easy
    computer player takes the seat, so the game goes on."""
    session = await session_here(bot, interaction, record)
    permissions = getattr(interaction, "permissions", None)
    manages_server = bool(permissions and permissions.manage_guild)
    kicked = Member(player.id, player.display_name)
    by = interaction.user.id
    await bot.tables.tournament_guard(session.id, manages_server)
    bot.tables.may_kick(session, by, manages_server, kicked)
    await interaction.response.defer(thinking=True)
    seat = await bot.tables.kick(session.id, kicked)
    if record.computer_players:
        text = _(
            "{host} removed {player} from the game; an easy computer player now plays "
            "**{seat}**'s seat.",
            host=mention(by),
            player=mention(player.id),
            seat=seat.name,
        )
    else:
        text = _(
            "{host} removed {player} from the game.", host=mention(by), player=mention(player.id)
        )
    speech = public(session.row.language)
    await interaction.followup.send(speech(text), allowed_mentions=discord.AllowedMentions.none())


CHANNEL_COMMANDS = frozenset({"start", "kick", "abandon", "scoreboard"})
"""The commands about a channel or a server rather than the caller's own game: typed in
a DM, they say where to use them. The others act on the caller's game, or on none."""


# Discord offers a group in the contexts of the group as a whole: its subcommands cannot
# have their own, so the channel commands answer in a DM (`interaction_check`). The bot
# is installed in servers only: a user install would let commands run in channels it
# cannot post to.
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class GameCommands(commands.GroupCog):
    """The shared part of every `/<game>` group. discord.py collects a group's commands
    by attribute name, so a game replaces a shared command by declaring its own under
    the same attribute (mypy then asks for `# type: ignore[override]`: the command's
    type names its class)."""

    def __init__(self, bot: GameBot, kind: GameKind) -> None:
        self.bot = bot
        self.kind = kind
        super().__init__()
        bot.shared_answers[f"{kind.name}_scores"] = self.shared_scores

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """A command that needs a server channel, typed in a DM, says where to use it."""
        command = interaction.command
        if interaction.guild_id is not None or command is None:
            return True
        if command.name not in CHANNEL_COMMANDS:
            return True
        typed = slash(f"{self.kind.name} {command.name}")
        if command.name == "start":
            where = _(
                "Games are played in server channels: use {command} in the channel where "
                "you want to play.",
                command=typed,
            )
        elif command.name == "scoreboard":
            where = _(
                "Scoreboards belong to a server: use {command} in one of its channels.",
                command=typed,
            )
        else:
            where = _(
                "Use {command} in the server channel where the game is played.", command=typed
            )
        raise app_commands.NoPrivateMessage(where)

    @app_commands.command(name="hand", description="Your hand and your controls, privately")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await show_hand(self.bot, interaction, self.kind)

    @app_commands.command(name="leave", description="Give up your seat in this game")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        leave = self.kind.leave
        await act(
            self.bot,
            interaction,
            self.kind,
            lambda hand: leave(hand.name),
            self.kind.words.left_text,
        )

    @app_commands.command(
        name="undo", description="Take back your last move, if the players it changed agree"
    )
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        session = await session_here(self.bot, interaction, self.kind)
        done = await ask_take_back(self.bot.tables, session.id, interaction.user.id, None, None)
        speech = await private(interaction)
        await interaction.followup.send(speech(done), ephemeral=True)

    @app_commands.command(name="kick", description="Host: remove a player; the computer plays on")
    @app_commands.describe(player="The player whose seat a computer player takes over")
    async def kick(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        await kick_player(self.bot, interaction, self.kind, player)

    @app_commands.command(name="abandon", description="End this channel's game, no result")
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        await abandon_game(self.bot, interaction, self.kind)

    @app_commands.command(name="scores", description="The current game's scores")
    async def scores(self, interaction: discord.Interaction[Any]) -> None:
        await self.answer_scores(interaction)

    async def answer_scores(self, interaction: discord.Interaction[Any]) -> None:
        """`/<game> scores`: privately, with a Share button."""
        reply = Reply(interaction)
        await reply.begin()
        session = await session_here(self.bot, interaction, self.kind, finished_too=True)
        await self.send_scores(reply, session)

    async def send_scores(self, reply: Reply, session: Session) -> None:
        """`/<game> scores`'s answer (a game may draw its own), Share's too."""
        reply.shared_as(f"{self.kind.name}_scores", str(session.id))
        await send_scores(self.bot, reply, session, self.kind.pictures.score_sheet)

    async def shared_scores(
        self, interaction: discord.Interaction[Any], reply: Reply, args: tuple[str, ...]
    ) -> None:
        """A game's score sheet again, from its Share button: the game's number."""
        (game,) = arguments(args, 1)
        session = await self.bot.sessions.load(number(game))
        if session is None or session.row.channel_id != interaction.channel_id:
            raise Refusal(_("That game no longer exists."))
        await reply.begin()
        await self.send_scores(reply, session)

    @app_commands.command(name="scoreboard", description="This server's standings in this game")
    @app_commands.describe(
        player="Show one player's own figures",
        season="A season, or all for all-time; default the current one",
        text="Every row in words instead of a picture (for screen readers)",
    )
    async def scoreboard(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        season: str | None = None,
        text: bool = False,
    ) -> None:
        whose = player.id if player is not None else None
        await kind_scoreboard(self.bot, Reply(interaction), self.kind, whose, season, text)

    @scoreboard.autocomplete("season")
    async def scoreboard_seasons(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return await season_choices(self.bot, interaction, typed)

    @app_commands.command(name="rules", description="How to play, or one part of the rules")
    @app_commands.describe(topic="One part of the rules, in detail")
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        await self.send_rules(interaction, topic)

    @rules.autocomplete("topic")
    async def rules_topic(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        return topic_choices(self.kind, typed)

    async def send_rules(
        self,
        interaction: discord.Interaction[Any],
        topic: str | None = None,
        details: Sequence[discord.Embed] = (),
    ) -> None:
        """`/<game> rules`, for players, ephemerally: the how-to-play overview with the
        rules document attached; or the `topic` asked for, and the game's own `details`
        (Grass: a card's embed). A kind without how-to texts sends its document alone."""
        howto = self.kind.howto
        speech = await private(interaction)
        if howto is None:
            if topic is not None:
                raise Refusal(_("The rules of {game} have no topics.", game=self.kind.words.title))
            await interaction.response.send_message(
                speech(self.kind.words.rules_caption),
                file=self._rules_file(speech),
                ephemeral=True,
            )
            return
        if topic is None and not details:
            await interaction.response.send_message(
                embed=speech.embed(
                    howto.overview_embed(self.kind.name, attached=True, language=speech.language)
                ),
                file=self._rules_file(speech),
                ephemeral=True,
            )
            return
        embeds = [howto.topic(topic).embed(howto.colour)] if topic is not None else []
        await interaction.response.send_message(
            embeds=[speech.embed(embed) for embed in [*embeds, *details]], ephemeral=True
        )

    def _rules_file(self, speech: Speech) -> discord.File:
        """The rules document as this bot plays them (docs/rules/), for the curious."""
        return discord.File(
            io.BytesIO(self.kind.rules().encode()),
            filename=self.kind.rules_name,
            description=speech.plain(
                _("The full rules of {game} as this bot plays them", game=self.kind.words.title)
            ),
        )

    @app_commands.command(name="export", description="This game's replay file")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await export_replay(self.bot, interaction, self.kind)

    @app_commands.command(name="replay", description="Watch a finished game again, animated")
    @app_commands.describe(game="The game's number; leave empty for this channel's last game")
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1, GAME_NUMBERS] | None = None,
    ) -> None:
        await self.answer_replay(interaction, game)

    async def answer_replay(
        self, interaction: discord.Interaction[Any], game: int | None, part: int | None = None
    ) -> None:
        """`/<game> replay`: the game numbered `game`, else this channel's latest."""
        if game is None:
            session = await session_here(self.bot, interaction, self.kind, finished_too=True)
        else:
            session = await self.bot.sessions.started(game)
            if session.kind != self.kind.name:
                raise Refusal(
                    _(
                        "Game {number} is not a {game} game.",
                        number=game,
                        game=self.kind.words.title,
                    )
                )
        await send_animation(self.bot, Reply(interaction), session, part)
