"""The bot: start-up (storage, controls, extensions, command sync, restoring games),
the single error handler, and the router every game control goes through.

Start-up registers the `DynamicItem` templates before anything else, so clicks on
messages sent before a restart are routed again (RoboDanny's pattern). Running games
are loaded and their table messages redrawn once the gateway is ready.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.controls import (
    BUTTON_TEMPLATE,
    MODAL_TEMPLATE,
    SELECT_TEMPLATE,
    Control,
    GameButton,
    GameSelect,
    view_of,
)
from bot.gameui import Act, Ask, GameUI, Refusal, Show, ShowingFailed, StaleControl, fit
from bot.lobby import LOBBY_VERBS, handle_lobby
from bot.publisher import Publisher
from bot.sessions import Sessions
from bot.settings import Settings
from bot.storage import GameRow, Storage
from games.protocol import Event, IllegalAction
from games.registry import game_class

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.general",
    "bot.scoreboards",
    "bot.turns",
    "bot.expiry",
    "bot.grass",
    "bot.gracias",
    "bot.graps",
)
STOP_SECONDS = 5.0
"""How long a stop waits for the moves under way."""
SORRY = "Something went wrong on my side; nothing was changed. The error has been logged."
RECORDED = (
    "Your move was recorded, but showing it to you failed; the table shows it. "
    "The error has been logged."
)


def _focused(options: Any) -> str | None:
    """The name of the option being typed, however deep in subcommands."""
    for option in options if isinstance(options, list) else []:
        if not isinstance(option, Mapping):
            continue
        if option.get("focused"):
            return str(option.get("name"))
        inner = _focused(option.get("options"))
        if inner is not None:
            return inner
    return None


def _leaf_values(options: Any) -> dict[str, Any]:
    """The values of the options typed, by name, however deep in subcommands."""
    values: dict[str, Any] = {}
    for option in options if isinstance(options, list) else []:
        if isinstance(option, Mapping):
            if "value" in option:
                values[str(option.get("name"))] = option["value"]
            values.update(_leaf_values(option.get("options")))
    return values


def out_of_range(command: Any, options: Any) -> str | None:
    """What is wrong with an option outside its declared range (`app_commands.Range`), or
    None. Discord's client keeps to the ranges, but discord.py does not check them on
    arrival, and a forged interaction may carry any number or length."""
    if not isinstance(command, app_commands.Command):
        return None
    values = _leaf_values(options)
    for param in command.parameters:
        value = values.get(param.display_name)
        low, high = param.min_value, param.max_value
        if value is None or isinstance(value, bool) or (low is None and high is None):
            continue
        size = len(value) if isinstance(value, str) else value
        if not isinstance(size, int | float):
            continue
        if (low is not None and size < low) or (high is not None and size > high):
            if isinstance(value, str):
                return f"The {param.display_name} option takes at most {high:,} characters."
            if low is None or high is None:
                bound = f"at least {low:,}" if high is None else f"at most {high:,}"
                return f"The {param.display_name} option must be {bound}."
            return f"The {param.display_name} option must be from {low:,} to {high:,}."
    return None


class GameTree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """A command whose options are out of their ranges is refused, saying which; an
        autocomplete for an option that has none (Discord's client never sends one; a
        forger does) gets no suggestions instead of an error that leaves it hanging."""
        if interaction.type is discord.InteractionType.application_command:
            data: Mapping[str, Any] = interaction.data or {}
            wrong = out_of_range(interaction.command, data.get("options"))
            if wrong is not None:
                await report(interaction, Refusal(wrong))
                return False
            return True
        if interaction.type is not discord.InteractionType.autocomplete:
            return True
        data = interaction.data or {}
        command = interaction.command
        focused = _focused(data.get("options"))
        if isinstance(command, app_commands.Command) and any(
            p.display_name == focused and p.autocomplete for p in command.parameters
        ):
            return True
        try:
            await interaction.response.autocomplete([])
        except discord.HTTPException:
            log.warning("could not answer autocomplete %s", interaction.id)
        return False

    async def _call(self, interaction: discord.Interaction[Any]) -> None:
        """discord.py's dispatch, guarded: options of a shape Discord never sends (a user
        option without an id, a number as text) make discord.py itself raise before our
        command runs, and that error would leave the interaction unanswered."""
        try:
            await super()._call(interaction)
        except app_commands.AppCommandError:
            raise  # discord.py hands these to on_error
        except Exception as error:
            log.info("refused a malformed command: %r", error)
            if interaction.type is discord.InteractionType.autocomplete:
                if not interaction.response.is_done():
                    try:
                        await interaction.response.autocomplete([])
                    except discord.HTTPException:
                        log.warning("could not answer autocomplete %s", interaction.id)
                return
            await report(interaction, Refusal("That command's options are malformed."))

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original: BaseException = error
        if isinstance(error, app_commands.CommandInvokeError):
            original = error.original
        await report(interaction, original)


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was acknowledged already."""
    text = fit(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def report(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Expected refusals become ephemeral replies with the reason; the rest is logged."""
    if isinstance(error, IllegalAction):
        text = f"Not allowed: {error}"
    elif isinstance(error, Refusal):
        text = str(error)
    elif isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
        text = str(error) or "You cannot use this command here."
    elif isinstance(error, ShowingFailed):
        log.error("answering a recorded move failed", exc_info=error.__cause__ or error)
        text = RECORDED
    elif isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
        # Options this command does not have: an out-of-date client, or a forger.
        log.info("refused a command that does not match ours: %s", error)
        text = "That command does not match this bot's commands; type it again."
    else:
        log.error("unhandled error in an interaction", exc_info=error)
        text = SORRY
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


def _component_ids(message: discord.Message | None) -> set[str]:
    ids: set[str] = set()
    for row in message.components if message is not None else []:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                ids.add(custom_id)
    return ids


def _warm_renderers() -> None:
    try:
        from render.encode import palette

        palette()
    except Exception:
        log.exception("warming the renderers failed")


def modal_values(data: Mapping[str, Any]) -> list[str]:
    """The text inputs' values of a modal submission, in order (rows or labels)."""
    values: list[str] = []

    def walk(components: Any) -> None:
        for component in components or []:
            if not isinstance(component, Mapping):
                continue
            if "value" in component:
                values.append(str(component["value"]))
            walk(component.get("components"))
            if isinstance(component.get("component"), Mapping):
                walk([component["component"]])

    walk(data.get("components"))
    return values


class GameBot(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # no privileged intent: slash commands need no messages
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=GameTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self.uis: dict[str, GameUI] = {}
        self.lobby_lock = asyncio.Lock()
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render")
        self._storage: Storage | None = None
        self._sessions: Sessions | None = None
        self._publisher: Publisher | None = None
        self._restoring: asyncio.Task[None] | None = None

    @property
    def storage(self) -> Storage:
        assert self._storage is not None, "storage is opened in setup_hook"
        return self._storage

    @property
    def sessions(self) -> Sessions:
        assert self._sessions is not None
        return self._sessions

    @property
    def publisher(self) -> Publisher:
        assert self._publisher is not None
        return self._publisher

    def register_game(self, ui: GameUI) -> None:
        """Called by each game's extension."""
        self.uis[ui.kind] = ui

    async def load_everything(self) -> None:
        """Storage, the session service, the publisher and every extension: all of the
        start-up that needs no gateway (tests load the command tree this way)."""
        self.add_dynamic_items(GameButton, GameSelect)
        self._storage = await Storage.open(self.settings.database_path)
        self._sessions = Sessions(self._storage, self.uis)
        self._publisher = Publisher(self, self._storage, self.uis, self.executor)
        self._sessions.publisher = self._publisher
        for name in EXTENSIONS:
            try:
                await self.load_extension(name)
            except commands.ExtensionError:
                log.exception("extension %s failed to load", name)

    async def setup_hook(self) -> None:
        await self.load_everything()
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
        """Every running game's table and hands redrawn and its timers and computer
        players resumed; every game whose last moves were committed but not shown
        before the stop (a crash between the two) shown now, finished ones included:
        the moves' events are replayed from the move log, so the table's story, the
        score sheets and game-over posts and the new turns' DMs go out as they would
        have."""
        await self.wait_until_ready()
        for row in await self.storage.games_to_restore():
            if row.kind not in self.uis:
                continue
            try:
                session = await self.sessions.load(row.id)
                if session is None:
                    continue
                async with session.lock:
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
                if session.status != "running":
                    self.sessions.forget(session.id)
            except Exception:
                log.exception("could not restore game %s", row.id)
        log.info("restored running games")

    async def _missed(self, row: GameRow) -> tuple[list[Event], tuple[str, ...]] | None:
        """The events of the moves committed after the last full publication, and who was
        awaited before them, by replaying the move log; None when there are none or the
        game cannot be replayed (a change without a move, a game stored without header:
        then it is simply redrawn)."""
        shown = row.published_version
        if shown is None or shown >= row.version or row.header is None or row.state is None:
            return None
        moves = await self.storage.moves(row.id)
        engine = game_class(row.kind).from_replay(row.header)
        for action in moves[:shown]:
            engine.apply_json(action)
        before_awaiting = tuple(engine.awaiting)
        events: list[Event] = []
        for action in moves[shown:]:
            events.extend(engine.apply_json(action))
        if engine.to_json() != game_class(row.kind).from_json(row.state).to_json():
            log.error("game %s: its move log does not replay to its state", row.id)
            return None
        return events, before_awaiting

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

    # -- controls ----------------------------------------------------------------------

    async def handle_control(
        self, interaction: discord.Interaction[Any], control: Control, values: Sequence[str]
    ) -> None:
        try:
            await self._control(interaction, control, values)
        except StaleControl as error:
            await self._stale(interaction, control, error)
        except Exception as error:
            await report(interaction, error)

    async def _stale(
        self, interaction: discord.Interaction[Any], control: Control, error: StaleControl
    ) -> None:
        """Out of date: say so, with the player's current hand and controls."""
        try:
            session = await self.sessions.load(control.game)
            name = session.name_of(interaction.user.id) if session else None
            if session is None or name is None:
                await report(interaction, error)
                return
            await self.show_private(interaction, session.id, name, note=f"**{error}**")
        except Exception as failure:
            await report(interaction, failure)

    async def _control(
        self, interaction: discord.Interaction[Any], control: Control, values: Sequence[str]
    ) -> None:
        row = await self.storage.game(control.game)
        if row is None or row.kind not in self.uis:
            raise Refusal("That game no longer exists.")
        if control.verb in LOBBY_VERBS:
            await handle_lobby(self, interaction, row, control.verb)
            return
        ui = self.uis[row.kind]
        session = await self.sessions.load(row.id)
        if session is None:
            raise Refusal("That game has not started yet.")
        name = session.name_of(interaction.user.id)
        if name is None:
            raise Refusal("You are not playing in this game: only seated players can use it.")
        if control.verb == "hand":
            await self.show_private(interaction, session.id, name)
            return
        if session.status != "running":
            raise Refusal("This game is over; its controls do nothing any more.")
        versioned = control.verb not in ui.unversioned_verbs
        if versioned:
            session.check_version(name, control.version)
        if control.verb == "back":
            step: Act | Show | Ask = Show(
                ui.private_text(session, name), ui.controls(session, name)
            )
        else:
            step = ui.on_control(session, name, control, values)
        if isinstance(step, Show):
            if interaction.message is None:  # a forged form submission, from no message
                raise Refusal("That form does not belong to any message.")
            await interaction.response.edit_message(content=step.text, view=view_of(step.items))
            return
        if isinstance(step, Ask):
            if interaction.type is discord.InteractionType.modal_submit:
                raise Refusal("A form cannot open another form.")  # Discord refuses it
            await interaction.response.send_modal(step.modal)
            return
        await interaction.response.defer()
        await self.sessions.act(
            row.id,
            interaction.user.id,
            step.action,
            version=control.version if versioned else None,
            via=interaction,  # a click on one's DM hand: its response edits that message
        )
        clicked = interaction.message
        if clicked is not None and clicked.flags.ephemeral:
            # An ephemeral hand (/grass hand): redraw it; the publisher keeps the DMs.
            try:
                content, files, view = await self.publisher.private_message(session, name)
                await interaction.edit_original_response(
                    content=content, attachments=files, view=view
                )
            except Exception as error:
                raise ShowingFailed() from error

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Form submissions are routed like clicks, by their custom id (`m:...`), so a
        form opened before a restart still works; discord.py's own modal store is
        per-process and only ever sees empty `on_submit` handlers."""
        data: Mapping[str, Any] = interaction.data or {}
        if interaction.type is discord.InteractionType.component:
            await self._unrouted(interaction, str(data.get("custom_id", "")))
            return
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        match = re.fullmatch(MODAL_TEMPLATE, str(data.get("custom_id", "")))
        if match is None:
            # Every form the bot opens has an `m:` id; anything else is forged. Answer
            # it, so that no interaction is left hanging.
            await report(interaction, Refusal("That form does not exist (any more)."))
            return
        await self.handle_control(interaction, Control.from_match(match), modal_values(data))

    async def _unrouted(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        """discord.py silently drops a click whose id is not on the clicked message or
        matches no template; Discord's client never sends one, a forger does. Answer it
        anyway, so that no interaction is left hanging."""
        ours = re.fullmatch(BUTTON_TEMPLATE, custom_id) or re.fullmatch(SELECT_TEMPLATE, custom_id)
        if ours and custom_id in _component_ids(interaction.message):
            return  # routed to GameButton / GameSelect
        await report(interaction, Refusal("That control does not exist (any more)."))

    async def show_private(
        self, interaction: discord.Interaction[Any], game_id: int, name: str, note: str = ""
    ) -> None:
        """A player's hand and controls as an ephemeral message (`/<game> hand`, the
        table's Show my hand button, the answer to an out-of-date control)."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        session = await self.sessions.load(game_id)
        assert session is not None
        async with session.lock:  # a consistent snapshot, drawn between two moves
            with_controls = session.status == "running"
            content, files, view = await self.publisher.private_message(
                session, name, with_controls
            )
        await interaction.followup.send(
            fit((note + "\n\n" + content).strip()), files=files, view=view, ephemeral=True
        )
