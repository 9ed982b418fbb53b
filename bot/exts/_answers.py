"""The private answers commands and clicks share: a player's hand shown to them alone,
and a question asked with a menu (which game, from a DM) that the command waits for.
The router hands a question's pick back here (`QUESTIONS`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.core.errors import Refusal, report
from bot.core.gameui import fit
from bot.core.language import localise_items, private
from bot.core.pushes import answered_in_dm
from games.text import _, joined

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

QUESTION_PREFIX = "q:"
"""The custom ids of the menus of `ask`; they live in memory only, as long as the command
that asked waits."""
QUESTION_SECONDS = 300.0
"""How long a command waits for its question to be answered (Discord lets a command
answer for 15 minutes)."""
QUESTIONS: dict[str, tuple[int, asyncio.Future[discord.Interaction[Any]]]] = {}
"""The questions being asked (`ask`), by menu id: who may answer, and the pick."""


async def show_private(
    bot: GameBot, interaction: discord.Interaction[Any], game_id: int, name: str, note: str = ""
) -> None:
    """A player's hand and controls as an ephemeral message (`/<game> hand`, the
    table's Show my hand button, the answer to an out-of-date control)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    session = await bot.sessions.load(game_id)
    assert session is not None
    content, files, view = await bot.publisher.hands.private_snapshot(session, name)
    speech = await private(interaction)
    text = f"{speech(note)}\n\n{content}" if note else content
    await interaction.followup.send(fit(text.strip()), files=files, view=view, ephemeral=True)
    answered_in_dm(interaction)


async def ask(
    bot: GameBot,
    interaction: discord.Interaction[Any],
    text: str,
    options: Sequence[discord.SelectOption],
    placeholder: str,
) -> str:
    """Asks whoever typed a command to pick one of `options` (at most 25), with a menu
    under `text` on the command's answer, and returns the value picked; the command waits
    meanwhile (Refusal when nothing is picked within `QUESTION_SECONDS`). Once picked,
    the menu gives way to the label picked."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    speech = await private(interaction)
    custom_id = f"{QUESTION_PREFIX}{interaction.id}"
    offered = list(options[:25])  # a menu's limit
    menu: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=custom_id, placeholder=placeholder, options=offered
    )
    localise_items([menu], speech.language)
    # discord.py keeps the view for the menu's clicks, which the router answers: it is
    # stopped below, so that nothing stays behind once the command has its answer.
    view = discord.ui.View(timeout=None)
    view.add_item(menu)
    picked: asyncio.Future[discord.Interaction[Any]] = asyncio.get_running_loop().create_future()
    QUESTIONS[custom_id] = (interaction.user.id, picked)
    try:
        message = await interaction.followup.send(
            fit(speech(text)), view=view, ephemeral=True, wait=True
        )
        try:
            pick = await asyncio.wait_for(picked, QUESTION_SECONDS)
        except TimeoutError:
            try:
                unanswered = joined("\n", [text, _("*No answer: nothing was done.*")])
                await message.edit(content=fit(speech(unanswered)), view=None)
            except discord.HTTPException:
                log.info("could not close the question of interaction %s", interaction.id)
            raise Refusal(_("Nothing was chosen in time, so nothing was done.")) from None
    finally:
        QUESTIONS.pop(custom_id, None)
        view.stop()
    data: Mapping[str, Any] = pick.data or {}
    values = data.get("values") or []
    chosen = next((o for o in offered if values == [o.value]), None)
    if chosen is None:  # a forged pick: Discord's client sends one of the options
        await report(pick, Refusal(_("That is not one of the choices.")))
        raise Refusal(_("Nothing was chosen, so nothing was done."))
    picked_text = joined("\n", [text, _("Chosen: **{choice}**", choice=chosen.label)])
    await pick.response.edit_message(content=fit(speech(picked_text)), view=None)
    return chosen.value
