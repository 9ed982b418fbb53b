"""The errors every room shares and the one place that answers them (bot/core/errors.py):
`report` answers an interaction privately with a refusal's own words, an illegal move's
reason, the apology `SORRY` for an unexpected error (logged and counted) or `RECORDED`
for a move committed but not shown; `reply` answers through the response, or through
the followup once the interaction was acknowledged, in the member's language. The
interaction is a small stand-in of discord.py's, recording what was sent."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import discord
from discord import app_commands

from bot.core.errors import RECORDED, SORRY, Refusal, ShowingFailed, StaleControl, reply, report
from bot.core.gameui import MESSAGE_LIMIT
from bot.core.metrics import Metrics
from bot.core.sharing import SHARE, ShareButton
from games.protocol import IllegalAction
from lang import translate
from tests.bot.core.answers import Answering, Response, Sent


@dataclass
class Client:
    """The bot as errors.py reads it: its metrics (no `languages`: the client's locale
    is the member's language)."""

    metrics: Metrics = field(default_factory=Metrics)


@dataclass
class Interaction(Answering):
    """The parts of a discord.Interaction that `reply` and `report` use."""

    client: Client = field(default_factory=Client)
    guild_id: int | None = 1  # answered in a server channel

    def answer(self) -> Sent:
        """The one message sent, whichever way."""
        [sent] = self.answers()
        return sent

    def failures(self, reason: str) -> float:
        counted = self.client.metrics.registry.get_sample_value(
            "grassbot_failed_interactions_total", {"reason": reason}
        )
        return counted or 0.0


async def test_a_refusal_is_answered_privately_in_its_own_words_cut_to_one_message():
    interaction, long = Interaction(), Interaction()
    await report(interaction.real(), Refusal("You cannot kick yourself."))
    assert interaction.response.sent == [Sent("You cannot kick yourself.", {"ephemeral": True})]
    assert interaction.followup.sent == []
    assert interaction.failures("error") == 0
    await report(long.real(), Refusal("There is no topic " + "x" * 3000))
    content = long.answer().content
    assert len(content) == MESSAGE_LIMIT and content.startswith("There is no topic xxx")
    assert content.endswith("…")


async def test_once_acknowledged_the_answer_goes_to_the_followup():
    interaction = Interaction(response=Response(done=True))
    await reply(interaction.real(), "Your move was taken back.")
    assert interaction.response.sent == []
    assert interaction.followup.sent == [Sent("Your move was taken back.", {"ephemeral": True})]


async def test_an_answer_and_its_buttons_are_in_the_members_language():
    interaction = Interaction(locale=discord.Locale.french)
    stale = StaleControl()
    await report(interaction.real(), stale)
    french = translate(stale.args[0], "fr")
    assert french != stale.args[0]  # the catalog has it: English would be a mistake
    assert interaction.answer().content == french
    assert str(stale).startswith("This control is out of date")
    german = Interaction(locale=discord.Locale.german)
    view = discord.ui.View(timeout=None)
    view.add_item(ShareButton(("stats", "10")))
    await reply(german.real(), "Your stats.", view=view)
    [button] = german.answer().options["view"].children
    assert button.item.label == translate(SHARE, "de") != "Share"


async def test_an_illegal_move_is_refused_with_its_reason_and_one_full_stop():
    short, long = Interaction(), Interaction()
    await report(short.real(), IllegalAction("you must draw first", rule="G7"))
    await report(long.real(), IllegalAction("Not your turn. Wait for bob.", rule="G2"))
    assert short.answer().content == "Not allowed: you must draw first."
    assert long.answer().content == "Not allowed: Not your turn. Wait for bob."


async def test_an_unexpected_error_is_apologised_for_logged_and_counted(caplog):
    interaction = Interaction()
    with caplog.at_level(logging.ERROR, logger="bot.core.errors"):
        await report(interaction.real(), ZeroDivisionError("a bug"))
    assert interaction.answer() == Sent(SORRY, {"ephemeral": True})
    assert SORRY.startswith("Something went wrong on my side; nothing was changed.")
    [logged] = caplog.records
    assert logged.getMessage() == "unhandled error in an interaction"
    assert logged.exc_info is not None and logged.exc_info[0] is ZeroDivisionError
    assert interaction.failures("error") == 1


async def test_a_move_recorded_but_not_shown_is_said_to_be_recorded(caplog):
    interaction = Interaction(response=Response(done=True))
    try:
        raise ShowingFailed() from KeyError("hand message")
    except ShowingFailed as failed:
        error = failed
    with caplog.at_level(logging.ERROR, logger="bot.core.errors"):
        await report(interaction.real(), error)
    assert interaction.followup.sent == [Sent(RECORDED, {"ephemeral": True})]
    assert RECORDED.startswith("Your move was recorded, but showing it to you failed")
    [logged] = caplog.records
    assert logged.exc_info is not None and logged.exc_info[0] is KeyError  # the cause
    assert interaction.failures("not_shown") == 1 and interaction.failures("error") == 0


async def test_checks_and_unknown_commands_are_refused_in_words():
    silent, worded, unknown = Interaction(), Interaction(), Interaction()
    await report(silent.real(), app_commands.CheckFailure())
    await report(worded.real(), app_commands.CheckFailure("Only the host may do that."))
    await report(unknown.real(), app_commands.CommandNotFound("grass", []))
    assert silent.answer().content == "You cannot use this command here."
    assert worded.answer().content == "Only the host may do that."
    assert unknown.answer().content == (
        "That command does not match this bot's commands; type it again."
    )


async def test_an_answer_discord_refuses_is_logged_and_counted_not_raised(caplog):
    interaction = Interaction(response=Response(refuses=True))
    with caplog.at_level(logging.WARNING, logger="bot.core.errors"):
        await report(interaction.real(), Refusal("You are not playing in this game."))
    assert "could not answer interaction 4321" in caplog.text
    assert interaction.failures("unanswered") == 1
