"""The Share button of private answers (bot/core/sharing.py): its custom id says what
to draw again and round-trips through its template; a private answer in a server
carries it on its last message, labelled in the reader's language; anyone who presses
it gets the answer drawn again in public by the extension that answers it; a press
nothing can answer yet, or an id this bot did not make, is refused privately in words.
The buttons are real discord.ui items; the interaction is a small stand-in of
discord.py's, recording what was sent."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.core.sharing import (
    MAX_CUSTOM_ID,
    SHARE,
    SHARE_TEMPLATE,
    Reply,
    ShareButton,
    Shared,
    arguments,
    number,
)
from games.text import _
from lang import translate
from tests.bot.core.answers import Answering, Sent

SERVER = 5


@dataclass
class Client:
    """The bot as sharing.py reads it: what each Share button draws again. No
    `languages`: the client's locale is the member's language."""

    shared_answers: dict[str, Shared] = field(default_factory=dict)


@dataclass
class Interaction(Answering):
    """The parts of a discord.Interaction that sharing.py uses."""

    guild_id: int | None = SERVER
    client: Client = field(default_factory=Client)


async def pressed(custom_id: str, interaction: Interaction) -> ShareButton:
    """The button as discord.py rebuilds it from a click on a message sent long ago."""
    match = re.fullmatch(SHARE_TEMPLATE, custom_id)
    assert match is not None, custom_id
    sent = discord.ui.Button[Any](label="Share", custom_id=custom_id)
    return await ShareButton.from_custom_id(interaction.real(), sent, match)


async def test_a_share_buttons_id_says_what_to_draw_and_round_trips():
    share = ("scores", "41", "grass")
    button = ShareButton(share)
    assert button.item.custom_id == "share:scores:41:grass"
    assert button.item.label == "Share" and button.item.style == discord.ButtonStyle.secondary
    assert (await pressed("share:scores:41:grass", Interaction())).share == share
    assert (await pressed("share:stats", Interaction())).share == ("stats",)
    assert (await pressed("share:stats::fr", Interaction())).share == ("stats", "", "fr")


def test_only_a_private_answer_in_a_server_with_a_fitting_id_is_shareable():
    def share(interaction: Interaction, *what: str, public: bool = False) -> Any:
        reply = Reply(interaction.real(), public=public)
        reply.shared_as(*what)
        return reply.share

    assert share(Interaction(), "stats", "10", "grass") == ("stats", "10", "grass")
    assert share(Interaction(guild_id=None), "stats", "10") is None  # a DM: no channel
    assert share(Interaction(), "stats", "10", public=True) is None  # shared already
    assert share(Interaction(), "stats", "ann bob") is None  # not what the template takes
    too_long = "9" * (MAX_CUSTOM_ID - len("share:stats:") + 1)
    assert share(Interaction(), "stats", too_long) is None
    assert share(Interaction(), "stats", too_long[1:]) == ("stats", too_long[1:])


async def test_the_last_message_of_a_private_answer_carries_share_in_the_readers_words():
    interaction = Interaction(locale=discord.Locale.italian)
    reply = Reply(interaction.real())
    reply.shared_as("scoreboard", "grass")
    await reply.begin()
    await reply.send("page 1", last=False)
    await reply.send("page 2")
    assert interaction.response.deferred == [{"thinking": True, "ephemeral": True}]
    first, last = interaction.followup.sent
    assert first.content == "page 1" and "view" not in first.options
    assert first.options["ephemeral"] is True
    assert first.options["allowed_mentions"].to_dict() == {"parse": []}
    [button] = last.options["view"].children
    assert button.item.custom_id == "share:scoreboard:grass"
    assert button.item.label == translate(SHARE, "it") != "Share"


async def test_anyone_who_presses_share_gets_the_answer_drawn_again_in_public():
    drawn: list[tuple[bool, tuple[str, ...]]] = []

    async def stats(interaction: discord.Interaction[Any], reply: Reply, args: tuple[str, ...]):
        drawn.append((reply.public, args))
        await reply.begin()
        await reply.send("ann: 3 wins")

    interaction = Interaction()
    interaction.client.shared_answers["stats"] = stats
    await (await pressed("share:stats:10:grass", interaction)).callback(interaction.real())
    assert drawn == [(True, ("10", "grass"))]
    assert interaction.response.deferred == [{"thinking": True, "ephemeral": False}]
    [public] = interaction.followup.sent
    assert public.options["ephemeral"] is False and "view" not in public.options  # once


async def test_a_share_nothing_can_draw_yet_is_refused_privately():
    interaction = Interaction(locale=discord.Locale.french)
    await (await pressed("share:stats:10", interaction)).callback(interaction.real())
    words = _("This answer cannot be shared now; ask for it again in a moment.")
    assert translate(words, "fr") != words
    assert interaction.answers() == [Sent(translate(words, "fr"), {"ephemeral": True})]


async def test_a_share_id_this_bot_did_not_make_is_refused_in_words():
    async def scores(interaction: discord.Interaction[Any], reply: Reply, args: tuple[str, ...]):
        game_id, kind = arguments(args, 2)
        raise AssertionError(f"drawn for {game_id} {kind}")

    interaction = Interaction()
    interaction.client.shared_answers["scores"] = scores
    await (await pressed("share:scores:41", interaction)).callback(interaction.real())
    assert interaction.answers() == [
        Sent("This Share button is out of date; ask for the answer again.", {"ephemeral": True})
    ]
    assert arguments(("41", "grass"), 2) == ("41", "grass")


def test_a_share_ids_number_is_plain_ascii_digits_or_zero():
    assert [number(arg) for arg in ("41", "0041", "", "4a", "٤١", "²", "9" * 20)] == [
        41,
        41,
        0,
        0,
        0,
        0,
        0,
    ]
