"""The bot itself: its services (storage, the session service, the publisher), its
extensions loaded by name, command sync, restoring games at start, and stopping
between moves.

Start-up registers the `DynamicItem` templates before anything else, so clicks on
messages sent before a restart are routed again (RoboDanny's pattern); every click
reaches the router extension, which sets itself as the bot's `router`. Running games are
loaded and their table messages redrawn once the gateway is ready. This module names
the extensions but never imports them: they import the bot, not the other way round.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord
from discord.ext import commands

from bot.core.gameui import ControlHost, GameButton, GameSelect
from bot.core.kinds import GameKind
from bot.core.language import CommandTranslator, Languages
from bot.core.publisher import Publisher
from bot.core.restbudget import RestBudget, budgeted, share
from bot.core.sessions import Sessions
from bot.core.settings import Settings
from bot.core.storage import GameRow, Status, Storage
from bot.core.tables import Tables
from bot.core.tree import GameTree
from games import registry
from games.protocol import JSON, Event, Game
from games.takeback import Replayer

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.exts.router",
    "bot.exts.general",
    "bot.exts.languages",
    "bot.exts.settings",
    "bot.exts.help",
    "bot.exts.scoreboards",
    "bot.exts.stats",
    "bot.exts.turns",
    "bot.exts.expiry",
)
"""The extensions every bot loads; then each game package (`game_packages`)."""
STOP_SECONDS = 5.0
"""How long a stop waits for the moves under way."""


def game_packages() -> list[str]:
    """The game kinds this bot hosts, one package each: those of the kinds registered
    in games/registry.py (a test registers its own)."""
    return [kind.bot for kind in registry.kinds()]


def _warm_renderers() -> None:
    try:
        from render.encode import palette

        palette()
    except Exception:
        log.exception("warming the renderers failed")


class GameBot(commands.AutoShardedBot):
    """The bot, on the shards its settings name (all of them by default, as many as
    Discord advises). Several processes may each run some shards over one PostgreSQL
    database: any of them may receive a click on any game (DMs arrive on shard 0), and the
    database serialises the moves (bot/core/gamelock.py)."""

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # no privileged intent: slash commands need no messages
        # discord.py reads shard_ids only when given: none given means every shard.
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = list(settings.shard_ids)
        super().__init__(
            **shards,
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=GameTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.rest_budget = RestBudget(
            share(settings.shard_ids, settings.shard_count, settings.rest_per_second)
        )
        self.http.request = budgeted(self.http.request, self.rest_budget)  # type: ignore[method-assign,assignment]
        self.kinds: dict[str, GameKind] = {}
        self.lobby_lock = asyncio.Lock()
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render")
        self._storage: Storage | None = None
        self._sessions: Sessions | None = None
        self._tables: Tables | None = None
        self._publisher: Publisher | None = None
        self._restoring: asyncio.Task[None] | None = None
        self.languages: Languages | None = None
        """Members' languages (bot/core/language.py), once storage is open."""
        self.router: ControlHost | None = None
        """The router extension (bot/exts/router.py), where every click lands."""

    @property
    def storage(self) -> Storage:
        assert self._storage is not None, "storage is opened in setup_hook"
        return self._storage

    @property
    def sessions(self) -> Sessions:
        assert self._sessions is not None
        return self._sessions

    @property
    def tables(self) -> Tables:
        assert self._tables is not None
        return self._tables

    @property
    def publisher(self) -> Publisher:
        assert self._publisher is not None
        return self._publisher

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every interaction tells the member's client language, kept for their DMs."""
        if self.languages is not None:
            self.languages.seen(interaction)

    def serves(self, guild_id: int) -> bool:
        """Whether the server's events come to this process (its shard is one of ours):
        the games this process restores and whose lobbies it expires."""
        if self.shard_ids is None:
            return True
        return (guild_id >> 22) % (self.shard_count or 1) in self.shard_ids

    def _changed_elsewhere(self, game_id: int) -> None:
        """Another process changed a game: the session held here is dropped (the next
        look reads the game afresh; a session in use is brought up to date when its lock
        is taken), and `on_game_changed_elsewhere(game_id)` goes to the extensions (the
        holder of the game's turns resumes them)."""
        self.sessions.forget(game_id)
        self.dispatch("game_changed_elsewhere", game_id)

    async def add_game(self, kind: GameKind) -> None:
        """The one place a game kind is registered: by its package's extension."""
        if kind.name in self.kinds:
            raise ValueError(f"the game kind {kind.name} is registered twice")
        kind.check()
        self.kinds[kind.name] = kind
        await self.add_cog(kind.commands(self, kind))

    async def load_everything(self) -> None:
        """Storage, the session service, the publisher and every extension: all of the
        start-up that needs no gateway (tests load the command tree this way)."""
        self.add_dynamic_items(GameButton, GameSelect)
        self._storage = await Storage.open(self.settings.database)
        unrated = await self._storage.unrated_games()
        if unrated:
            # Games finished before ratings were kept: rated once, in finish order.
            log.info("rating %s games finished before ratings", unrated)
            await self._storage.rebuild_ratings()
        self._sessions = Sessions(self._storage, self.kinds)
        self.languages = Languages(self._storage)
        await self._storage.listen(self._changed_elsewhere)
        self._publisher = Publisher(
            self, self._storage, self.kinds, self.executor, self.settings.timer_minute
        )
        self._sessions.publisher = self._publisher
        self._tables = Tables(self._sessions, self._publisher, self.settings)
        for name in (*EXTENSIONS, *game_packages()):
            try:
                await self.load_extension(name)
            except commands.ExtensionError:
                log.exception("extension %s failed to load", name)

    async def setup_hook(self) -> None:
        await self.load_everything()
        await self.tree.set_translator(CommandTranslator())
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))
        # The renderers build shared tables (fonts, a palette) on first use; build them
        # now in the pool so the first game's pictures come quickly.
        self.executor.submit(_warm_renderers)
        self._restoring = asyncio.create_task(self._restore())

    async def _restore(self) -> None:
        """Every running game of this process's servers redrawn and its timers and
        computer players resumed (`restore`); every game whose last moves were committed
        but not shown before a stop (a crash between the two) shown now, whatever its
        server, finished ones included (the process that made the move may have been
        another's, serving a DM)."""
        await self.wait_until_ready()
        for row in await self.storage.games_to_restore():
            behind = row.published_version is None or row.published_version < row.version
            if row.kind in self.kinds and (behind or self.serves(row.guild_id)):
                await self.restore(row.id)
        log.info("restored running games")

    async def restore(self, game_id: int, behind_only: bool = False) -> None:
        """The game redrawn, or when its last moves were committed but not shown, shown
        now: the moves' events are replayed from the move log, so the table's story, the
        score sheets and game-over posts and the new turns' DMs go out as they would
        have. Then its timers and computer players resume. `behind_only`: nothing is
        redrawn when the game was shown in full. A failure is logged."""
        try:
            session = await self.sessions.load(game_id)
            if session is None:
                return
            async with session.lock:
                row = session.row  # as of the lock
                if behind_only and row.published_version == row.version:
                    return
                missed = await self._missed(row)
                if missed is not None:
                    events, before_awaiting = missed
                    await self.publisher.publish(session, events, before_awaiting, repeat=True)
                else:
                    await self.publisher.refresh(session)
                await self.publisher.flush(session.id)
                # Stored deadlines rescheduled (an expired one fires at once),
                # awaited computer players resumed.
                await self.sessions.after(session)
            if session.status != Status.RUNNING:
                self.sessions.forget(session.id)
        except Exception:
            log.exception("could not restore game %s", game_id)

    async def _missed(self, row: GameRow) -> tuple[list[Event], tuple[str, ...]] | None:
        """The events of the moves committed after the last full publication, and who was
        awaited before them, by replaying the move log; None when there are none or the
        game cannot be replayed (a change without a move, a game stored without header:
        then it is simply redrawn)."""
        shown = row.published_version
        if shown is None or shown >= row.version or row.header is None or row.state is None:
            return None
        moves = await self.storage.moves(row.id)
        engine = self.kinds[row.kind].engine
        header, state = row.header, row.state
        # A log of any length: replayed off the event loop, which serves every server.
        replayed = await asyncio.get_running_loop().run_in_executor(
            self.executor, _replayed_from, header, state, moves, shown, engine
        )
        if replayed is None:
            log.error("game %s: its move log does not replay to its state", row.id)
        return replayed

    async def close(self) -> None:
        """Stops between moves: the moves under way finish (within STOP_SECONDS) and what
        they showed is recorded, so a start shows nothing twice."""
        if self._sessions is not None:
            try:
                await asyncio.wait_for(self._sessions.settle(), STOP_SECONDS)
            except TimeoutError:
                log.warning("stopping with a move still under way")
        if self._publisher is not None:
            await self._publisher.flush_all()
        await super().close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None
        self.executor.shutdown(wait=False, cancel_futures=True)


def _replayed_from(
    header: dict[str, JSON],
    state: dict[str, JSON],
    moves: list[JSON],
    shown: int,
    engine: type[Game[Any, Any, Any]],
) -> tuple[list[Event], tuple[str, ...]] | None:
    """The events of `moves` after the first `shown`, and who was awaited before them;
    None when the log does not replay to `state`."""
    replayer = Replayer(header)
    for move in moves[:shown]:
        replayer.apply(move)
    before_awaiting = tuple(replayer.game.awaiting)
    events: list[Event] = []
    for move in moves[shown:]:
        events.extend(replayer.apply(move))
    if replayer.game.to_json() != engine.from_json(state).to_json():
        return None
    return events, before_awaiting
