"""The router every game control goes through: buttons, select menus and forms, in
the lobby or in a game, in the channel or in a DM.

A control's custom id names its game, version and verb (bot/core/gameui.py); the
router loads the game, checks who clicked and whether the control is still current,
asks the game's UI what the click means (an action, more choices, or a form) and hands
actions to the session service. Forms are routed like clicks, by their custom id, so
a form opened before a restart still works.

The pick of a question a command asks before it can go on (`ask`, bot/exts/_answers.py:
a menu on the command's own answer) lands here like any click, and is handed back.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.core.errors import Refusal, ShowingFailed, StaleControl, report
from bot.core.gameui import (
    MODAL_TEMPLATE,
    Act,
    Ask,
    Control,
    Hand,
    SharedVerb,
    Show,
    view_of,
)
from bot.core.handmessages import take_back_items
from bot.core.language import MODAL_TITLE, localise_items, private, within
from bot.core.session import NOT_SEATED, Clicked, Session
from bot.core.sharing import Reply
from bot.core.takeback import TAKE_BACK_VERBS
from bot.core.takeback_requests import take_back_clicked
from bot.exts._answers import QUESTION_PREFIX, QUESTIONS, show_private
from bot.exts._exports import send_replay
from bot.exts._lobby import LOBBY_VERBS, ask_rematch, handle_lobby
from bot.exts._replays import send_animation, shared_animation
from bot.exts._stepping import StepButton, StepSelect, shared_steps
from games.text import Text, _

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

NO_MESSAGE = _("That form does not belong to any message.")
ABOUT_GAME = frozenset(
    {SharedVerb.EXPORT, SharedVerb.WATCH, SharedVerb.REMATCH, SharedVerb.HAND, SharedVerb.ACTIVITY}
)
"""The controls that make no move (`Router._about_game`)."""


class Router(commands.Cog):
    """Routes every control of every game (the bot's `router`)."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.sessions = bot.sessions  # made before any extension loads, kept for the bot's life

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
            session = await self.bot.sessions.load(control.game)
            name = session.name_of(interaction.user.id) if session else None
            if session is None or name is None:
                await report(interaction, error)
                return
            note = Text.verbatim("**{note}**", note=str(error))
            await show_private(self.bot, interaction, session.id, name, note=note)
        except Exception as failure:
            await report(interaction, failure)

    async def _control(
        self, interaction: discord.Interaction[Any], control: Control, values: Sequence[str]
    ) -> None:
        verb = control.verb
        if interaction.type is discord.InteractionType.modal_submit and interaction.message is None:
            # Every form we open is opened from a message; one from none is forged, and
            # Discord would refuse any answer that edits "its" message.
            raise Refusal(NO_MESSAGE)
        if verb in LOBBY_VERBS:
            await handle_lobby(self.bot, interaction, control.game, verb, values)
            return
        if verb in ABOUT_GAME:
            await self._about_game(interaction, control)
            return
        via = clicked(interaction)  # a hand message clicked: the move's answer edits it
        session, hand = await self.sessions.playing(control, interaction.user.id)
        if verb in TAKE_BACK_VERBS:
            await interaction.response.defer()
            user = interaction.user.id
            await take_back_clicked(self.bot.tables, session, user, control, via)
        elif not await self._step(interaction, session, hand, control, values, via):
            return
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            # An ephemeral hand (/grass hand): redraw it; the publisher keeps the DMs.
            try:
                content, files, view = await self.bot.publisher.hands.private_snapshot(
                    session, hand.name
                )
                await interaction.edit_original_response(
                    content=content, attachments=files, view=view
                )
            except Exception as error:
                raise ShowingFailed() from error

    async def _about_game(self, interaction: discord.Interaction[Any], control: Control) -> None:
        """The controls that make no move: a replay to export or watch and a rematch to
        ask (for anyone, once the game is over), the clicker's own hand, and the table in
        the channel's Activity."""
        session = await self.sessions.started(control.game)
        if control.verb == SharedVerb.EXPORT:
            await send_replay(self.bot, interaction, session)
        elif control.verb == SharedVerb.WATCH:
            await send_animation(self.bot, Reply(interaction), session)
        elif control.verb == SharedVerb.REMATCH:
            await ask_rematch(self.bot, interaction, session)
        elif control.verb == SharedVerb.ACTIVITY:
            await interaction.response.launch_activity()  # Discord opens the table
        else:
            name = session.name_of(interaction.user.id)
            if name is None:
                raise Refusal(NOT_SEATED)
            await show_private(self.bot, interaction, session.id, name)

    async def _step(
        self,
        interaction: discord.Interaction[Any],
        session: Session,
        hand: Hand[Any],
        control: Control,
        values: Sequence[str],
        via: Clicked | None,
    ) -> bool:
        """What the game's UI makes of a click: True once a move was made, False when
        the click only showed more choices or opened a form."""
        ui = session.record.ui
        versioned = control.verb not in ui.unversioned_verbs
        if control.verb == SharedVerb.BACK:
            items = [*take_back_items(session, hand.name), *ui.controls(hand)]
            step: Act | Show | Ask = Show(ui.private_text(hand), items)
        else:
            try:
                step = ui.on_control(hand, control, values)
            except Refusal:
                if versioned:  # drawn for an older state: say that, not what it meant then
                    session.check_version(hand.name, control.version)
                raise
        if isinstance(step, Act):
            # A move is checked once, under the game's lock (`Sessions.act`).
            await interaction.response.defer()
            version = control.version if versioned else None
            await self.sessions.act(
                control.game, interaction.user.id, step.action, version=version, via=via
            )
            return True
        if versioned:  # more choices drawn from an old message would lead astray
            session.check_version(hand.name, control.version)
        await self._offer(interaction, step)
        return False

    async def _offer(self, interaction: discord.Interaction[Any], step: Show | Ask) -> None:
        """More choices in the clicked message, or a form to fill in."""
        if isinstance(step, Show):
            speech = await private(interaction)
            await interaction.response.edit_message(
                content=speech(step.text), view=speech.view(view_of(step.items))
            )
            return
        if interaction.type is discord.InteractionType.modal_submit:
            raise Refusal(_("A form cannot open another form."))  # Discord refuses it
        speech = await private(interaction)
        step.modal.title = within(speech.plain(step.modal.title), MODAL_TITLE)
        localise_items(step.modal.children, speech.language)
        await interaction.response.send_modal(step.modal)

    @commands.Cog.listener()
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
            await report(interaction, Refusal(_("That form does not exist (any more).")))
            return
        await self.handle_control(interaction, Control.from_match(match), modal_values(data))

    async def _unrouted(self, interaction: discord.Interaction[Any], custom_id: str) -> None:
        """discord.py silently drops a click whose id is not on the clicked message or
        matches no template; Discord's client never sends one, a forger does. Answer it
        anyway, so that no interaction is left hanging. A question's pick is handed to
        the command waiting for it."""
        if custom_id.startswith(QUESTION_PREFIX):
            asked = QUESTIONS.get(custom_id)
            if asked is None or asked[1].done() or asked[0] != interaction.user.id:
                # Its command stopped waiting (or the bot restarted since it asked).
                await report(
                    interaction, Refusal(_("This question has expired; type the command again."))
                )
                return
            asked[1].set_result(interaction)
            return
        if self.bot.ours(custom_id) and custom_id in _component_ids(interaction.message):
            return  # routed to its dynamic item (GameButton, ShareButton, StepButton...)
        await report(interaction, Refusal(_("That control does not exist (any more).")))


def clicked(interaction: discord.Interaction[Any]) -> Clicked | None:
    """The message a click was made on (None for a command, or a form without one)."""
    message = interaction.message
    if interaction.type is not discord.InteractionType.component or message is None:
        return None
    if interaction.guild_id is not None:  # an ephemeral hand in the game's channel
        return Clicked(message.id, interaction.user.id, interaction.edit_original_response)

    async def delete(message_id: int) -> None:
        if message_id == message.id:
            await interaction.delete_original_response()
        else:
            await interaction.followup.delete_message(message_id)

    async def send(**fields: Any) -> discord.Message:
        return await interaction.followup.send(wait=True, **fields)

    async def edit_sent(message_id: int, **fields: Any) -> None:
        if message_id == message.id:
            await interaction.edit_original_response(**fields)
        else:
            await interaction.followup.edit_message(message_id, **fields)

    return Clicked(
        message.id,
        interaction.user.id,
        interaction.edit_original_response,
        send,
        delete,
        edit_sent,
        interaction.id,
    )


def _component_ids(message: discord.Message | None) -> set[str]:
    ids: set[str] = set()
    for row in message.components if message is not None else []:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                ids.add(custom_id)
    return ids


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


async def setup(bot: GameBot) -> None:
    router = Router(bot)
    await bot.add_cog(router)
    bot.router = router
    bot.shared_answers["replay"] = functools.partial(shared_animation, bot)
    bot.shared_answers["steps"] = functools.partial(shared_steps, bot)
    bot.add_dynamic_items(StepButton, StepSelect)
