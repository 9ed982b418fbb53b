"""Buttons, select menus and modals: clicks routed to the bot by message, answers that update
the clicked message (at once or after a deferred update), ephemeral answers, and the refusals
for components that are not there, disabled, links, or values that are not options."""

from __future__ import annotations

import pytest

from tests.fakediscord import BotProcess, ComponentRefused, FakeDiscord, InteractionFailed, Message
from tests.fakediscord.core import CALLBACK_DEFERRED_UPDATE, CALLBACK_MODAL, CALLBACK_UPDATE_MESSAGE


async def lobby_message(emu: FakeDiscord) -> Message:
    return await (
        await emu.user("ann").slash(emu.channel("general"), "game start", target=50)
    ).message()


async def test_a_click_updates_the_message_for_everyone(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    lobby = await lobby_message(fake_discord)
    bob = fake_discord.user("bob")
    click = await bob.click(lobby, "Join")
    assert await click.ack() == CALLBACK_UPDATE_MESSAGE
    assert (await click.message()) is lobby
    assert lobby.content == "lobby to 50\nbob joined" and lobby.edits == 1
    by_id = await fake_discord.user("cy").click(lobby, "lobby:join")  # by custom_id
    await by_id.message()
    assert fake_discord.channel("general").messages() == [lobby]
    assert lobby.versions[0].content == "lobby to 50"  # every state it showed is kept


async def test_a_deferred_update_then_an_edit(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    lobby = await lobby_message(fake_discord)
    click = await fake_discord.user("bob").click(lobby, "Later")
    assert await click.ack() == CALLBACK_DEFERRED_UPDATE
    assert (await click.message()).content == "edited after a deferred update"


async def test_buttons_that_cannot_be_clicked_are_refused(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    lobby = await lobby_message(fake_discord)
    bob = fake_discord.user("bob")
    with pytest.raises(ComponentRefused, match="disabled"):
        await bob.click(lobby, "Start")
    with pytest.raises(ComponentRefused, match="is a link"):
        await bob.click(lobby, "Docs")
    with pytest.raises(ComponentRefused, match="no button 'Leave'"):
        await bob.click(lobby, "Leave")
    fake_discord.delete_message(lobby)
    with pytest.raises(ComponentRefused, match="cannot see"):
        await bob.click(lobby, "Join")
    assert len(fake_discord.interactions) == 1  # only the /game start


async def test_a_select_answers_ephemerally(fake_discord: FakeDiscord, tinybot: BotProcess) -> None:
    lobby = await lobby_message(fake_discord)
    bob, general = fake_discord.user("bob"), fake_discord.channel("general")
    pick = await bob.select(lobby, "lobby:colour", ["peru"])
    answer = await pick.message()
    assert answer.content == "you chose peru" and answer.ephemeral and pick.ephemeral
    assert general.messages() == [lobby]  # everyone else sees no answer
    assert bob.sees(general) == [lobby, answer]
    assert fake_discord.user("ann").sees(general) == [lobby]
    by_placeholder = await bob.select(lobby, "Colour", ["mexico"])
    assert (await by_placeholder.message()).content == "you chose mexico"


async def test_select_values_must_be_options(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    lobby = await lobby_message(fake_discord)
    bob = fake_discord.user("bob")
    with pytest.raises(ComponentRefused, match="not an option"):
        await bob.select(lobby, "lobby:colour", ["chile"])
    with pytest.raises(ComponentRefused, match="takes 1 to 1 values"):
        await bob.select(lobby, "lobby:colour", ["peru", "mexico"])
    with pytest.raises(ComponentRefused, match="no select menu"):
        await bob.select(lobby, "lobby:size", ["big"])


async def test_ephemeral_controls_belong_to_their_player(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, bob, general = (
        fake_discord.user("ann"),
        fake_discord.user("bob"),
        fake_discord.channel("general"),
    )
    secret = await (await ann.slash(general, "secret")).message()
    assert secret.visible_to is ann and general.messages() == []
    with pytest.raises(ComponentRefused, match="bob cannot see"):
        await bob.click(secret, "Reveal")
    revealed = await (await ann.click(secret, "Reveal")).message()
    assert revealed.content == "revealed to you alone" and revealed.buttons() == []


async def test_a_modal_is_filled_in_and_submitted(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    ann, general = fake_discord.user("ann"), fake_discord.channel("general")
    opened = await ann.slash(general, "form")
    assert await opened.ack() == CALLBACK_MODAL
    modal = await opened.modal()
    assert modal.title == "Sign up"
    assert [(f.label, f.required) for f in modal.fields] == [("Name", True), ("Note", False)]
    with pytest.raises(ComponentRefused, match="'Name' is required"):
        await ann.submit(modal, Note="hello")
    with pytest.raises(ComponentRefused, match="takes 0 to 20 characters"):
        await ann.submit(modal, Name="x" * 21)
    with pytest.raises(ComponentRefused, match="no field 'Age'"):
        await ann.submit(modal, Name="Ann", Age="9")
    submitted = await ann.submit(modal, Name="Ann", **{"form:note": "hi"})
    assert (await submitted.message()).content == "thanks Ann (hi)"


async def test_forged_interactions_reach_the_bot_unchecked(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    # discord.py drops a click whose custom_id no view knows: nothing answers, it fails.
    fake_discord.interaction_deadline = 0.3
    lobby = await lobby_message(fake_discord)
    bob = fake_discord.user("bob")
    forged = await bob.forge(
        lobby.channel, 3, {"custom_id": "lobby:forged", "component_type": 2}, message=lobby
    )
    with pytest.raises(InteractionFailed):
        await forged.ack()
    disabled = await bob.forge(
        lobby.channel, 3, {"custom_id": "lobby:start", "component_type": 2}, message=lobby
    )
    assert (await disabled.message()).content == "started"  # what the disabled button would do


async def test_a_modal_from_a_button_updates_that_message(
    fake_discord: FakeDiscord, tinybot: BotProcess
) -> None:
    lobby = await lobby_message(fake_discord)
    bob = fake_discord.user("bob")
    modal = await (await bob.click(lobby, "Rename")).modal()
    submitted = await bob.submit(modal, **{"New name": "of champions"})
    assert await submitted.ack() == CALLBACK_UPDATE_MESSAGE
    assert (await submitted.message()) is lobby and lobby.content == "lobby of champions"
