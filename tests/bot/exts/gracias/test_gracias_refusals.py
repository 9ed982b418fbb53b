"""What Gracias players are refused, and that nothing changes when they are: non-players,
out-of-date and doubled controls, trios already taken (C5), the lobby's 3 to 6 players
(C1); closed DMs (hidden cards through `/gracias hand`), leaving and abandoning."""

from __future__ import annotations

import asyncio
import sqlite3

from tests.bot.gracias_play import (  # noqa: F401
    MOVES,
    gracias_bot,
    open_table,
    play_move,
    reference,
)
from tests.bot.table import answer, control_ids, hand_dm, menu, told


def stored_moves(bot) -> int:
    with sqlite3.connect(bot.database_path) as db:
        return int(db.execute("SELECT COUNT(*) FROM moves").fetchone()[0])


def options(message, verb: str) -> list[str]:
    for select in message.selects():
        if select.custom_id == menu(message, verb):
            return [option.value for option in select.options]
    raise AssertionError(verb)


async def test_the_lobby_needs_3_players_c1(fake_discord, gracias_bot):  # noqa: F811
    emu = fake_discord
    general = emu.channel("general")
    ann, bob = emu.user("ann"), emu.user("bob")
    lobby = await (await ann.slash(general, "gracias start")).message()
    assert "(1 of 3 to 6)" in lobby.text and "3 rounds of 4 turns;" in lobby.text
    await (await bob.click(lobby, "Join")).ack()
    assert "at least 3 players; 2 seated" in await answer(await ann.click(lobby, "Start"))
    second = await bob.slash(general, "gracias start")
    assert "already waiting for players" in await answer(second)


async def test_non_players_and_waiting_players_have_no_way_in(
    fake_discord,
    gracias_bot,  # noqa: F811
):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await open_table(emu, general)
    eve = emu.user("eve")
    await hand_dm(emu, players["ann"], 0)
    assert "not playing" in await answer(await eve.click(table, "Show my hand"))
    assert "not playing" in await answer(await eve.slash(general, "gracias hand"))
    assert "not playing" in await answer(await eve.slash(general, "gracias leave"))
    # a player waiting for their turn sees their cards but gets no controls
    waiting = await (await players["bob"].slash(general, "gracias hand")).message()
    assert "Not your turn" in waiting.text and not control_ids(waiting)
    # a forged menu id is answered and changes nothing
    forged = {"custom_id": "s:1:0:take", "component_type": 3, "values": ["1"]}
    assert "does not exist" in await answer(await eve.forge(general, 3, forged, message=table))
    assert stored_moves(gracias_bot) == 0


async def test_a_taken_trio_is_no_longer_offered_and_old_menus_are_out_of_date_c5(
    fake_discord,
    gracias_bot,  # noqa: F811
):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await open_table(emu, general)
    ann, bob = players["ann"], players["bob"]
    await hand_dm(emu, ann, 0)
    old = await (await ann.slash(general, "gracias hand")).message()  # take menu, version 0
    assert options(old, "take") == ["1", "2", "3", "4"]
    await play_move(emu, players, 0, MOVES[0])  # ann takes from her DM
    stale = await ann.select(old, menu(old, "take"), ["1"])
    reply = await told(emu, stale, "out of date")
    # with the fresh hand: the face-down card she took and the keep/give buttons
    assert "its face-down card is" in reply.text and ":1:split:" in str(control_ids(reply))
    assert stored_moves(gracias_bot) == 1
    await play_move(emu, players, 1, MOVES[1])
    offered = options(await hand_dm(emu, bob, 2), "take")
    assert str(MOVES[0]["trio"]) not in offered and len(offered) == 3
    await table.wait_until(lambda m: "Gracias!" in m.text)


async def test_double_picks_apply_once(fake_discord, gracias_bot):  # noqa: F811
    emu = fake_discord
    general = emu.channel("general")
    players, table = await open_table(emu, general)
    ann = players["ann"]
    message = await hand_dm(emu, ann, 0)
    first = await ann.select(message, menu(message, "take"), ["1"])
    second = await ann.select(message, menu(message, "take"), ["2"])
    await asyncio.gather(first.ack(), second.ack())
    await hand_dm(emu, ann, 1)
    await told(emu, second, "out of date")
    assert stored_moves(gracias_bot) == 1
    await table.wait_until(lambda m: "ann took trio 1" in m.text and "trio 2" not in m.text)


async def test_closed_dms_hidden_cards_through_gracias_hand_then_leave_and_abandon(
    fake_discord,
    gracias_bot,  # noqa: F811
):
    emu = fake_discord
    general = emu.channel("general")
    players = {name: emu.user(name) for name in ("ann", "bob", "cy")}
    players["dee"] = emu.user("dee", dms_open=False)
    ann, dee = players["ann"], players["dee"]
    lobby = await (await ann.slash(general, "gracias start")).message()
    for name in ("bob", "cy", "dee"):
        await (await players[name].click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: "(4 of" in m.text)
    await (await ann.click(lobby, "Start")).ack()
    notice = await general.wait_message(lambda m: "cannot send you direct messages" in m.content)
    assert dee.mention in notice.content and "/gracias hand" in notice.content
    for version in range(6):  # ann, bob, cy choose
        await play_move(emu, players, version, MOVES[version])
    ping = await general.wait_message(lambda m: dee.mention in m.content and "turn" in m.content)
    assert "/gracias hand" in ping.content
    hand = await (await dee.slash(general, "gracias hand")).message()
    assert hand.ephemeral and hand.images() and "Your turn: take a trio" in hand.text
    await play_move(emu, players, 6, MOVES[6], where=hand)
    await hand.wait_until(lambda m: "its face-down card is" in m.text)
    await play_move(emu, players, 7, MOVES[7], where=hand)
    await hand.wait_until(lambda m: "Not your turn" in m.text)
    assert dee.dm_messages() == []

    # leave rule: cy gives up; the game goes on with three
    said = await answer(await players["cy"].slash(general, "gracias leave"))
    assert "You left the game" in said
    table = lobby
    await table.wait_until(lambda m: "cy left the game" in m.text)
    assert "Only the game's host" in await answer(await dee.slash(general, "gracias abandon"))
    assert "abandoned" in await answer(await ann.slash(general, "gracias abandon"))
    await table.wait_until(lambda m: "abandoned" in m.text and not m.buttons())
    with sqlite3.connect(gracias_bot.database_path) as db:
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 0


async def test_rules_and_an_empty_scoreboard(fake_discord, gracias_bot):  # noqa: F811
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    rules = await (await ann.slash(general, "gracias rules")).message()
    assert rules.ephemeral and "How to play Gracias" in rules.text
    assert b"C8" in rules.attachments[0].data  # the full rules, attached
    assert "No finished game" in await answer(await ann.slash(general, "scoreboard"))
    text = await answer(await ann.slash(general, "scoreboard", game="gracias"))
    assert "No finished Gracias game" in text


async def test_without_attach_files_the_table_is_told_in_words(
    fake_discord,
    gracias_bot,  # noqa: F811
):
    emu = fake_discord
    plain = emu.channel("plain", attach_files=False)
    players, table = await open_table(emu, plain, names=("ann", "bob", "cy"))
    assert "Attach Files" in table.text and not table.attachments
    assert "trio 1:" in table.text and "a face-down card" in table.text
    assert "**bob** · total 0 · reserve" in table.text and "0 hidden" in table.text
    await play_move(emu, players, 0, {"by": "ann", "trio": 2})
    await table.wait_until(lambda m: "trio 2: " in m.text and "(taken by ann)" in m.text)
    assert "**ann** · total 0 · reserve" in table.text and "1 hidden" in table.text


async def test_leaving_while_holding_a_trio_passes_the_turn_on_leave_rule(
    fake_discord,
    gracias_bot,  # noqa: F811
):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await open_table(emu, general)
    ann, bob = players["ann"], players["bob"]
    await play_move(emu, players, 0, MOVES[0])  # ann takes a trio, sees its hidden card
    await hand_dm(emu, ann, 1)
    assert "You left the game" in await answer(await ann.slash(general, "gracias leave"))
    await table.wait_until(
        lambda m: "ann left the game" in m.text and f"{bob.mention}, your turn" in m.text
    )
    offered = options(await hand_dm(emu, bob, 2), "take")
    assert str(MOVES[0]["trio"]) not in offered and len(offered) == 3
    gone = await (await ann.slash(general, "gracias hand")).message()
    assert "You left this game" in gone.text and not control_ids(gone)
    again = await answer(await ann.slash(general, "gracias leave"))
    assert "Not allowed: ann has left the game." in again


async def test_a_turn_typed_take_then_give_with_autocomplete_c5(
    fake_discord,
    gracias_bot,  # noqa: F811
):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await open_table(emu, general)
    ann, bob = players["ann"], players["bob"]
    await hand_dm(emu, ann, 0)
    trios = await ann.autocomplete(general, "gracias take", "trio", "")
    assert [c.value for c in trios] == ["1", "2", "3", "4"]
    assert "a face-down card" in trios[0].name
    assert await bob.autocomplete(general, "gracias take", "trio", "") == []  # not his turn
    reply = await answer(await ann.slash(general, "gracias take", trio="3"))
    game = reference()
    game.apply_json({"by": "ann", "trio": 3})
    hidden = game.view_for("ann").just_taken
    assert hidden is not None and f"face-down card is **{hidden.symbol} {hidden.id}**" in reply
    keeps = await ann.autocomplete(general, "gracias give", "keep", "")
    face_up = game.public_view().trios[2].face_up
    assert [c.value for c in keeps] == list(dict.fromkeys(c.id for c in face_up))
    refused = await answer(await ann.slash(general, "gracias give", keep="mauve", to=bob))
    assert "not a Gracias colour" in refused
    said = await answer(await ann.slash(general, "gracias give", keep=face_up[0].letter, to=bob))
    assert "You kept" in said
    await table.wait_until(lambda m: f"gave {face_up[1].id} to bob — Gracias!" in m.text)
    assert stored_moves(gracias_bot) == 2
