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

import ast
import asyncio
import importlib.util
import logging
import pkgutil
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.core.activity import LiveTables
from bot.core.activity_server import ActivityServer, Application, DiscordAsker
from bot.core.gameui import ControlHost, GameButton, GameSelect
from bot.core.identify import IdentifyGate
from bot.core.kinds import GameKind
from bot.core.language import CommandTranslator, Languages
from bot.core.lobbies import Lobbies
from bot.core.metrics import Metrics, Readings
from bot.core.metrics_server import MetricsServer, Watched
from bot.core.publisher import Publisher
from bot.core.pushes import Pushes
from bot.core.replays import Replays
from bot.core.restbudget import RestBudget, budgeted, share
from bot.core.sessions import Sessions
from bot.core.settings import Settings
from bot.core.sharing import ShareButton, Shared
from bot.core.storage import Storage
from bot.core.tables import Tables
from bot.core.tournaments import Tournaments
from bot.core.tree import GameTree
from bot.core.turns import Turns
from games import registry

log = logging.getLogger(__name__)

EXTENSIONS = "bot.exts"
"""The package of the extensions every bot loads, found by `walk_extensions`."""
STOP_SECONDS = 5.0
"""How long a stop waits for the moves under way."""


def walk_extensions(package: str) -> Iterator[str]:
    """The extensions of `package`, by name: every module or package in it that defines
    a `setup`, except private ones (a leading underscore: command bodies the extensions
    share). A package that is an extension is one (a game kind's), with its modules.
    python-discord's bot finds its extensions this way, so a new one is a new file. The
    sources are read, not imported: discord.py imports each extension afresh as it loads
    it, and a module imported twice would have two of each class."""
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations is not None
    yield from _walk(list(spec.submodule_search_locations), package)


def _walk(folders: list[str], package: str) -> Iterator[str]:
    for module in pkgutil.iter_modules(folders):
        if module.name.startswith("_"):
            continue
        name = f"{package}.{module.name}"
        folder = Path(folders[0]) / module.name
        source = folder / "__init__.py" if module.ispkg else folder.with_suffix(".py")
        if _defines_setup(source):
            yield name
        elif module.ispkg:
            yield from _walk([str(folder)], name)


def _defines_setup(path: Path) -> bool:
    """Whether the module's source defines `setup` at its top level (a function, or a
    name bound to one: `setup = KIND.setup`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == "setup":
            return True
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "setup" for target in node.targets
        ):
            return True
    return False


def game_packages() -> list[str]:
    """The packages of the game kinds this bot hosts: those of the kinds registered in
    games/registry.py (a test registers its own, outside bot/exts)."""
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
        intents.guild_scheduled_events = True  # game nights' events cancelled in Discord
        # discord.py reads shard_ids only when given: none given means every shard.
        options: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            options["shard_ids"] = list(settings.shard_ids)
        metrics = Metrics() if settings.metrics_port is not None else None
        if metrics is not None:  # Discord's answers counted
            options["http_trace"] = metrics.discord_trace()
        super().__init__(
            **options,
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=GameTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.metrics = metrics
        """This process's metrics (docs/operations.md); None unless METRICS_PORT is set."""
        self._metrics_server: MetricsServer | None = None
        self.rest_budget = RestBudget(
            share(settings.shard_ids, settings.shard_count, settings.rest_per_second)
        )
        self.http.request = budgeted(self.http.request, self.rest_budget)  # type: ignore[method-assign,assignment]
        self.kinds: dict[str, GameKind] = {}
        self.shared_answers: dict[str, Shared] = {}
        """What each Share button draws again, by the word its id starts with; filled
        by the extensions that answer privately (bot/core/sharing.py)."""
        self.control_templates: list[re.Pattern[str]] = []
        """The custom ids of the dynamic items registered (`add_dynamic_items`)."""
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render")
        self.replays = Replays()
        """The animated replays' worker (bot/core/replays.py)."""
        self._storage: Storage | None = None
        self._sessions: Sessions | None = None
        self._tables: Tables | None = None
        self._turns: Turns | None = None
        self._lobbies: Lobbies | None = None
        self._tournaments: Tournaments | None = None
        self._activity: ActivityServer | None = None
        """The Activity's server, when it runs (bot/core/activity_server.py)."""
        self._publisher: Publisher | None = None
        self._restoring: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[None]] = set()
        self._stopping: asyncio.Future[None] | None = None
        self.languages: Languages | None = None
        """Members' languages (bot/core/language.py), once storage is open."""
        self.router: ControlHost | None = None
        """The router extension (bot/exts/router.py), where every click lands."""
        self._identify_gate = IdentifyGate()
        self._max_concurrency: int | None = None

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
    def lobbies(self) -> Lobbies:
        assert self._lobbies is not None
        return self._lobbies

    @property
    def tournaments(self) -> Tournaments:
        assert self._tournaments is not None
        return self._tournaments

    @property
    def turns(self) -> Turns:
        assert self._turns is not None
        return self._turns

    @property
    def pushes(self) -> Pushes | None:
        """Who is at their screen (bot/core/pushes.py); None before the bot is set up."""
        return self._publisher.pushes if self._publisher is not None else None

    @property
    def publisher(self) -> Publisher:
        assert self._publisher is not None
        return self._publisher

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every interaction tells the member's client language, kept for their DMs, and
        that they are at their screen (their next turn needs no push: bot/core/pushes.py)."""
        if self.languages is not None:
            self.languages.seen(interaction)
        if self._publisher is not None:
            self._publisher.pushes.acted(interaction.user.id, interaction.id)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Identifies as fast as Discord allows this bot (bot/core/identify.py):
        discord.py's own hook waits 5 s before each one but the first. The allowance is
        asked once, when a second identify comes (a process of one shard never asks)."""
        if not initial and self._max_concurrency is None:
            try:
                _, _, limits = await self.http.get_bot_gateway()
                self._max_concurrency = max(1, int(limits["max_concurrency"]))
            except (discord.DiscordException, KeyError, TypeError, ValueError):
                log.warning("GET /gateway/bot failed: one identify per 5 s", exc_info=True)
                self._max_concurrency = 1
        await self._identify_gate.wait(shard_id or 0, self._max_concurrency or 1)

    def serves(self, guild_id: int) -> bool:
        """Whether the server's events come to this process (its shard is one of ours):
        the games this process restores and whose lobbies it expires."""
        if self.shard_ids is None:
            return True
        return (guild_id >> 22) % (self.shard_count or 1) in self.shard_ids

    def _changed_elsewhere(self, game_id: int) -> None:
        """Another process changed a game: the session held here is dropped (the next
        look reads the game afresh; a session in use is brought up to date when its lock
        is taken), and if this process holds the game's turns, they resume."""
        self.sessions.forget(game_id)
        if self._publisher is not None and self._publisher.live is not None:
            self._publisher.live.touched(game_id)  # its Activity pages, if any, follow
        if self._turns is not None and game_id in self._turns.leased:
            task = asyncio.create_task(self._turns.changed_elsewhere(game_id))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def add_game(self, kind: GameKind) -> None:
        """The one place a game kind is registered: by its package's extension."""
        if kind.name in self.kinds:
            raise ValueError(f"the game kind {kind.name} is registered twice")
        kind.check()
        # In the registry's order whatever the extensions' (the overall scoreboard's
        # columns, /help's list).
        order = {name: index for index, name in enumerate(registry.kind_names())}
        kinds = sorted([*self.kinds.values(), kind], key=lambda k: order.get(k.name, len(order)))
        self.kinds.clear()
        self.kinds.update((k.name, k) for k in kinds)
        await self.add_cog(kind.commands(self, kind))

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """discord.py's, remembering the items' templates: a click whose custom id
        matches one is this bot's (`ours`), whichever extension registered it."""
        super().add_dynamic_items(*items)
        self.control_templates.extend(item.__discord_ui_compiled_template__ for item in items)

    def ours(self, custom_id: str) -> bool:
        """Whether a control's custom id is one of this bot's dynamic items'."""
        return any(template.fullmatch(custom_id) for template in self.control_templates)

    async def load_everything(self) -> None:
        """Storage, the session service, the publisher and every extension: all of the
        start-up that needs no gateway (tests load the command tree this way)."""
        self.add_dynamic_items(GameButton, GameSelect, ShareButton)
        if self.metrics is not None and self.settings.metrics_port is not None:
            # First: /healthz answers while the database opens.
            watched = Watched(self._connected, lambda: self._storage, self._readings)
            self._metrics_server = MetricsServer(
                self.metrics, watched, self.settings.metrics_host, self.settings.metrics_port
            )
            await self._metrics_server.start()
        self._storage = await Storage.open(self.settings.database)
        unrated = await self._storage.unrated_games()
        if unrated:
            # Games finished before ratings were kept: rated once, in finish order.
            log.info("rating %s games finished before ratings", unrated)
            await self._storage.rebuild_ratings()
        self._publisher = Publisher(
            self, self._storage, self.kinds, self.executor, self.settings.timer_minute
        )
        self._sessions = Sessions(self._storage, self.kinds, self._publisher, self.metrics)
        self.languages = Languages(self._storage)
        await self._storage.listen(self._changed_elsewhere)
        self._tables = Tables(self._sessions, self._publisher, self.settings, self.executor)
        self._lobbies = Lobbies(self._tables)
        self._tournaments = Tournaments(self._lobbies)
        self._turns = Turns(self._tables, self.settings, self.wait_until_ready)
        await self._turns.start()
        await self._start_activity()
        names = dict.fromkeys([*walk_extensions(EXTENSIONS), *game_packages()])
        for name in names:
            try:
                await self.load_extension(name)
            except commands.ExtensionError:
                log.exception("extension %s failed to load", name)

    async def _start_activity(self) -> None:
        """The Activity's server (docs/activity.md), when ACTIVITY_PORT is set."""
        settings = self.settings
        if settings.activity_port is None or settings.token is None:
            return
        live = LiveTables(self.sessions)
        self.publisher.live = live
        application = Application(
            lambda: self.application_id, settings.token, settings.client_secret
        )
        self._activity = ActivityServer(
            live, DiscordAsker(application), settings.activity_host, settings.activity_port
        )
        await self._activity.start()

    def _connected(self) -> bool:
        """Whether every shard of this process is connected to the gateway (`/readyz`)."""
        shards = self.shards.values()
        return self.is_ready() and not self.is_closed() and not any(s.is_closed() for s in shards)

    def _readings(self) -> Readings:
        """What a metrics scrape reads of this process's memory (bot/core/metrics.py)."""
        return Readings(
            thinking=self._turns.thinking.stats if self._turns is not None else None,
            rest_used=self.rest_budget.used(),
            rest_waited=self.rest_budget.waited,
            games_in_memory=self._sessions.cached if self._sessions is not None else None,
            latencies=self.latencies,
        )

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
                await self.tables.restore(row.id)
        log.info("restored running games")

    async def close(self) -> None:
        """Stops between moves: the moves under way finish (within STOP_SECONDS) and what
        they showed is recorded, so a start shows nothing twice. Every caller (the signal
        handler, `async with`'s exit) waits for the one stop to end: discord.py's exit
        waits only for the gateway's part, and the loop then cancels the rest, which
        would leave the database's thread running and the process waiting for a second
        Ctrl-C."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopping)

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def _stop(self) -> None:
        if self._sessions is not None:
            try:
                await asyncio.wait_for(self._sessions.settle(), STOP_SECONDS)
            except TimeoutError:
                log.warning("stopping with a move still under way")
        if self._turns is not None:
            await self._turns.stop()
        if self._activity is not None:
            await self._activity.stop()
        if self._publisher is not None:
            await self._publisher.flush_all()
            self._publisher.followers.close()
        await super().close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None
        if self._metrics_server is not None:
            await self._metrics_server.stop()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.replays.close()
