"""The errors every room of the bot shares, and the one place that turns them into
answers: a `Refusal` is shown to the user in plain words, a failure after a committed
move says the move was recorded, anything else is logged and the user is told that
nothing was changed.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.core.gameui import fit
from bot.core.language import private
from bot.core.metrics import Metrics
from bot.core.pushes import answered_in_dm
from games.protocol import IllegalAction
from games.text import _

log = logging.getLogger(__name__)


class Refusal(Exception):
    """A request the bot turns down; the message is shown to the user, ephemerally."""


class ShowingFailed(Exception):
    """A move was committed, but answering or showing it failed afterwards: the player
    must not read that nothing was changed. The original error is the `__cause__`."""


class StaleControl(Refusal):
    """A control drawn for an earlier version of the game."""

    def __init__(self) -> None:
        super().__init__(
            _("This control is out of date: the game has moved on since it was drawn.")
        )


SORRY = _("Something went wrong on my side; nothing was changed. The error has been logged.")
RECORDED = _(
    "Your move was recorded, but showing it to you failed; the table shows it. "
    "The error has been logged."
)


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer in the member's language, whether or not the interaction was
    acknowledged already."""
    speech = await private(interaction)
    text = fit(speech(text))
    if isinstance(kwargs.get("view"), discord.ui.View):
        speech.view(kwargs["view"])
    if isinstance(kwargs.get("embed"), discord.Embed):
        speech.embed(kwargs["embed"])
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)
    answered_in_dm(interaction)


def refusal_words(error: BaseException) -> str | None:
    """What a player reads of a refused move or request (None: not a refusal)."""
    if isinstance(error, IllegalAction):
        # The rule's id (`error.rule`) is for developers; players read the reason.
        reason = error.reason
        if reason.endswith("."):  # a reason of several sentences
            return _("Not allowed: {reason}", reason=reason)
        return _("Not allowed: {reason}.", reason=reason)
    if isinstance(error, Refusal):
        return error.args[0] if error.args and isinstance(error.args[0], str) else str(error)
    return None


async def report(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Expected refusals become ephemeral replies with the reason; the rest is logged."""
    text: str
    refused = refusal_words(error)
    if refused is not None:
        text = refused
    elif isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
        said = error.args[0] if error.args and isinstance(error.args[0], str) else str(error)
        text = said or _("You cannot use this command here.")
    elif isinstance(error, ShowingFailed):
        log.error("answering a recorded move failed", exc_info=error.__cause__ or error)
        _count_failure(interaction, "not_shown")
        text = RECORDED
    elif isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
        # Options this command does not have: an out-of-date client, or a forger.
        log.info("refused a command that does not match ours: %s", error)
        text = _("That command does not match this bot's commands; type it again.")
    else:
        log.error("unhandled error in an interaction", exc_info=error)
        _count_failure(interaction, "error")
        text = SORRY
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)
        _count_failure(interaction, "unanswered")


def _count_failure(interaction: discord.Interaction[Any], reason: str) -> None:
    """Counted in the bot's metrics, when it keeps them (`GameBot.metrics`)."""
    metrics = getattr(interaction.client, "metrics", None)
    if isinstance(metrics, Metrics):
        metrics.failed(reason)
