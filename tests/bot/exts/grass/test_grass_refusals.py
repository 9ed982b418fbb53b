"""What players are refused, and that nothing changes when they are: non-players,
out of turn (G3), illegal cards (G7, G8), out-of-date controls, double clicks, and
closed DMs. The lobby's rules (2 to 6 players, host only, one game per channel) are
tested in process: tests/bot/core/test_lobbies.py."""

from __future__ import annotations

import asyncio
import sqlite3

from tests.bot.scenario import MOVES, PLAYERS
from tests.bot.table import answer, hand_dm, menu, pick, play_move, told


async def open_table(emu, general, names=PLAYERS):
    players = [emu.user(name) for name in names]
    host = players[0]
    lobby = await (await host.slash(general, "grass start", target=100000)).message()
    for player in players[1:]:
        await (await player.click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: f"({len(players)} of" in m.text)
    await (await host.click(lobby, "Start")).ack()
    await lobby.wait_until(lambda m: f"{host.mention}, your turn" in m.text)
    return players, lobby


def stored_moves(bot) -> int:
    with sqlite3.connect(bot.database_path) as db:
        return int(db.execute("SELECT COUNT(*) FROM moves").fetchone()[0])


async def test_players_are_refused_with_the_rules_reason_and_nothing_changes(
    fake_discord, stacked_bot
):
    emu = fake_discord
    general = emu.channel("general")
    (ann, bob, _cy), table = await open_table(emu, general)
    eve = emu.user("eve")
    await hand_dm(emu, ann, 0)

    not_yours = await answer(await bob.slash(general, "grass play", card="market_open"))
    assert "Not allowed" in not_yours and "ann's turn" in not_yours and "(G3)" not in not_yours
    closed = await answer(await ann.slash(general, "grass play", card="panama"))
    assert "Not allowed" in closed and "(G7)" not in closed  # peddling needs an open market
    assert "not playing" in await answer(await eve.slash(general, "grass play", card="panama"))
    assert "not playing" in await answer(await eve.click(table, "Show my hand"))
    assert "not a Grass card" in await answer(await ann.slash(general, "grass play", card="joint"))
    assert stored_moves(stacked_bot) == 0
    assert f"{ann.mention}, your turn" in table.text

    # Autocomplete offers only the caller's legal plays (G5: one Market Open).
    choices = await ann.autocomplete(general, "grass play", "card", "")
    assert [c.value for c in choices] == ["market_open"]
    assert await bob.autocomplete(general, "grass play", "card", "") == []


async def test_an_out_of_date_control_says_so_and_offers_fresh_controls(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    (ann, bob, _cy), _table = await open_table(emu, general)
    await hand_dm(emu, ann, 0)
    old = await (await ann.slash(general, "grass hand")).message()  # controls of version 0
    await pick(emu, ann, 0, "play", "market_open")
    await hand_dm(emu, bob, 1)
    stale = await ann.select(old, menu(old, "discard"), ["bust"])
    reply = await told(emu, stale, "out of date")
    # with the fresh hand: no controls now, as it is bob's turn
    assert reply.ephemeral and "Waiting for your turn" in reply.text and not reply.selects()
    assert "Bust" in reply.text
    assert stored_moves(stacked_bot) == 1


async def test_double_clicks_apply_once(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    (ann, bob, _cy), table = await open_table(emu, general)
    message = await hand_dm(emu, ann, 0)
    custom_id = menu(message, "play")
    first = await ann.select(message, custom_id, ["market_open"])
    second = await ann.select(message, custom_id, ["market_open"])
    await asyncio.gather(first.ack(), second.ack())
    await hand_dm(emu, bob, 1)
    # Both clicks reach the bot at once: whichever takes the game first plays the card,
    # the other is told its menu is out of date.
    await emu.wait_for(
        lambda: any(
            message is not None and not message.loading and "out of date" in message.text
            for click in (first, second)
            for message in (click.original, *click.followups)
        ),
        what="one of the two clicks told it is out of date",
    )
    assert stored_moves(stacked_bot) == 1
    await table.wait_until(lambda m: m.text.count("ann played Market Open") == 1)


async def test_closed_dms_are_announced_and_the_player_plays_through_grass_hand(
    fake_discord, stacked_bot
):
    emu = fake_discord
    general = emu.channel("general")
    ann, bob = emu.user("ann"), emu.user("bob")
    cy = emu.user("cy", dms_open=False)
    lobby = await (await ann.slash(general, "grass start", target=100000)).message()
    for player in (bob, cy):
        await (await player.click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: "(3 of" in m.text)
    await (await ann.click(lobby, "Start")).ack()
    notice = await general.wait_message(lambda m: "cannot send you direct messages" in m.content)
    assert cy.mention in notice.content and "/grass hand" in notice.content
    assert "Market Open" not in notice.content  # nothing revealed

    await pick(emu, ann, 0, "play", "market_open")
    await pick(emu, bob, 1, "play", "market_open")
    ping = await general.wait_message(lambda m: cy.mention in m.content and "turn" in m.content)
    assert cy.mention in ping.content and "/grass hand" in ping.content
    hand = await (await cy.slash(general, "grass hand")).message()
    assert hand.ephemeral and hand.images() and "Your turn" in hand.text
    await pick(emu, cy, 2, "play", "market_open", where=hand)
    await hand.wait_until(lambda m: "Waiting" in m.text)
    await hand_dm(emu, ann, 3)
    assert stored_moves(stacked_bot) == 3
    assert cy.dm_messages() == []


async def test_simultaneous_pass_choices_are_all_applied_g13(fake_discord, stacked_bot):
    """Choosing at the same moment must not make the other players' menus out of date:
    a control stays valid while its player's own situation is unchanged."""
    emu = fake_discord
    general = emu.channel("general")
    players = {name: emu.user(name) for name in PLAYERS}
    ann, bob, cy = players.values()
    table = await (await ann.slash(general, "grass start", target=100000)).message()
    for player in (bob, cy):
        await (await player.click(table, "Join")).ack()
    await table.wait_until(lambda m: "(3 of" in m.text)
    await (await ann.click(table, "Start")).ack()
    for version in range(13):  # up to cy's Sold Out
        await play_move(emu, players, general, version, MOVES[version])
    menus = {p: await hand_dm(emu, p, 13) for p in (ann, bob, cy)}
    clicks = [
        await player.select(menus[player], menu(menus[player], "pass"), [card])
        for player, card in ((ann, "home_grown"), (bob, "detained"), (cy, "colombia"))
    ]
    await asyncio.gather(*(click.ack() for click in clicks))
    await table.wait_until(lambda m: "Paranoia: everyone passed a card to the left" in m.text)
    assert stored_moves(stacked_bot) == 16
    assert "Colombia" in (await hand_dm(emu, ann, 16)).text


async def test_forged_controls_are_answered_and_change_nothing(fake_discord, stacked_bot):
    emu = fake_discord
    general = emu.channel("general")
    (ann, _bob, _cy), table = await open_table(emu, general)
    eve = emu.user("eve")
    component = 3  # the interaction type of a click or a menu pick
    forged = [
        {"custom_id": "nonsense", "component_type": 2},  # no template at all
        {"custom_id": "g:1:0:start", "component_type": 2},  # not on that message
        {"custom_id": "s:1:0:play", "component_type": 3, "values": ["panama"]},
    ]
    for data in forged:
        interaction = await eve.forge(general, component, data, message=table)
        assert "does not exist" in await answer(interaction)
    await hand_dm(emu, ann, 0)
    assert stored_moves(stacked_bot) == 0
