"""Taking back a move, as players do it through the emulator: the mover's Take back my
move, the players it changed things for agreeing with one click (or not), the game
replayed without the move; refused, in plain words, once the move showed something
hidden; and a request that lapses when the next player moves first."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from tests.bot.gracias_play import DECKS, SEED, reference
from tests.bot.gracias_play import MOVES as GRACIAS_MOVES
from tests.bot.gracias_play import open_table as open_gracias
from tests.bot.gracias_play import play_move as play_gracias
from tests.bot.scenario import MOVES as GRASS_MOVES
from tests.bot.table import answer, find_menu, hand_dm, pick, play_move, start_game
from tests.fakediscord.model import Message
from tests.stress.driver import check_invariants

TAKE_BACK = "Take back my move"


def position(game: Any) -> dict[str, Any]:
    """A saved game without its history (moves, log): what a take-back restores."""
    return {k: v for k, v in game.to_json().items() if k not in ("moves", "log", "recent")}


@pytest.fixture
async def grass_bot(start_bot, setup_file):
    # Commands synced globally, as in production: they can be typed in a DM.
    env = {"GAME_SETUP_FILE": str(setup_file), "GAME_SEED": "5"}
    return await start_bot(dev_guild=False, env=env)


@pytest.fixture
async def gracias_bot(start_bot, tmp_path: Path):
    path = tmp_path / "gracias-setup.json"
    path.write_text(json.dumps({"gracias": {"decks": DECKS}}), encoding="utf-8")
    env = {"GAME_SETUP_FILE": str(path), "GAME_SEED": str(SEED)}
    return await start_bot(dev_guild=False, env=env)


def labels(message: Message) -> list[str]:
    return [button.label or "" for button in message.buttons()]


async def grass_until(emu: Any, general: Any, moves: int) -> tuple[dict[str, Any], Message]:
    players, table = await start_game(emu, general)
    for version, move in enumerate(GRASS_MOVES[:moves]):
        await play_move(emu, players, general, version, move)
    return players, table


PASS_CARDS = {"ann": "home_grown", "bob": "detained", "cy": "colombia"}
"""What each player passes at the scenario's Paranoia pass (after its 13th move)."""

TOO_MANY = (
    "Your last move cannot be taken back: you took back 3 moves this turn already, "
    "the most allowed."
)


async def choose_pass(emu: Any, player: Any, version: int) -> Message:
    """`player` picks their pass card in their hand message (drawn for `version` or
    before: the others' choices leave it standing), which is returned once it shows the
    choice."""
    hand: Message = await emu.wait_for(
        lambda: next((m for m in reversed(player.dm_messages()) if find_menu(m, "pass")), None),
        what=f"{player.name}'s pass menu",
    )
    await pick(emu, player, version, "pass", PASS_CARDS[player.name], where=hand)
    await hand.wait_until(lambda m: find_menu(m, "pass") is None)
    return hand


async def test_a_pass_choice_nobody_saw_is_taken_back_at_once(fake_discord, grass_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await grass_until(emu, general, 13)
    ann = players["ann"]
    await pick(emu, ann, 13, "pass", "home_grown")  # bob and cy are still choosing
    chosen = await hand_dm(emu, ann, 14)
    assert TAKE_BACK in labels(chosen)
    await (await ann.click(chosen, TAKE_BACK)).ack()
    again = await hand_dm(emu, ann, 15)
    # Which game the message is comes first, then what changed: with several games
    # running, a player knows at first sight which one it belongs to.
    heading, news = again.text.split("\n")[:2]
    assert heading.startswith("**Your Grass hand** (game 1 in <#"), again.text
    assert news == "*You took back your last move.*"
    assert "Home Grown" in again.text and again.selects(), "ann chooses again"
    await table.wait_until(lambda m: "ann took back their last move" in m.text)
    game = check_invariants(grass_bot.database_path, 1)
    assert game.moves[-1] == {"by": "ann", "undo": True}
    # The pass goes on: ann chooses again and everyone receives their card.
    await pick(emu, ann, 15, "pass", "home_grown")
    await answer(await players["bob"].slash(general, "grass pass", card="detained"))
    await pick(emu, players["cy"], 17, "pass", "colombia")
    after = await hand_dm(emu, ann, 18)
    assert "You passed Home Grown to bob and received Colombia from cy" in after.text
    check_invariants(grass_bot.database_path, 1)


async def test_take_backs_leave_the_bot_answering_everyone(fake_discord, grass_bot):
    """Audit finding 1: every take-back replayed the whole log, earlier take-backs
    included, on the event loop, so its cost doubled each time and 14 of them made
    another member's /ping fail. Now the 9 pass choices three players may take back
    (audit finding 4 allows each 3 a turn) leave a member's /ping in another channel
    answered all along, a fourth take-back by one player is refused in words, and the
    log replays to the stored game."""
    emu = fake_discord
    general, other = emu.channel("general"), emu.channel("other")
    players, _ = await grass_until(emu, general, 13)
    fay = emu.user("fay")
    pongs: list[str] = []
    done = asyncio.Event()

    async def ping_all_along() -> None:
        while not done.is_set():
            pongs.append(await answer(await fay.slash(other, "ping")))

    pinging = asyncio.create_task(ping_all_along())
    version = 13
    try:
        for cycle, name in enumerate(["ann"] * 3 + ["bob", "cy"] * 3):
            chosen = await choose_pass(emu, players[name], version)
            await (await players[name].click(chosen, TAKE_BACK)).ack()
            version += 2
            await hand_dm(emu, players[name], version)
            if cycle == 2:  # ann's third: her fourth is refused
                again = await choose_pass(emu, players["ann"], version)
                assert TAKE_BACK not in labels(again)
                refusal = await answer(await players["ann"].slash(general, "grass undo"))
                assert refusal == TOO_MANY
                version += 1
    finally:
        done.set()
        await pinging
    assert len(pongs) >= 5 and all(pong.startswith("Pong!") for pong in pongs)
    game = check_invariants(grass_bot.database_path, 1)
    assert game.version == version == 13 + 2 * 9 + 1
    assert sum(1 for move in game.moves if move.get("undo")) == 9


async def test_two_players_choosing_at_once_take_back_three_moves_each(fake_discord, grass_bot):
    """Audit finding 4: the limit of three take-backs in a row counted only since another
    player's action, so at a Paranoia pass, where players choose at once and a choice is
    taken back without anyone's agreement, ann and bob could choose and take back turn
    about for ever, the move log growing each time. Now each takes back three choices,
    turn about; then their hand message no longer offers Take back my move, /grass undo
    says why in plain words, and the pass goes on."""
    emu = fake_discord
    general = emu.channel("general")
    players, _ = await grass_until(emu, general, 13)  # cy played Sold Out: everyone passes
    version = 13
    for _ in range(3):
        for name in ("ann", "bob"):
            chosen = await choose_pass(emu, players[name], version)
            assert TAKE_BACK in labels(chosen)
            await (await players[name].click(chosen, TAKE_BACK)).ack()
            version += 2
            again = await hand_dm(emu, players[name], version)
            assert "You took back your last move" in again.text
    for name in ("ann", "bob"):
        chosen = await choose_pass(emu, players[name], version)
        version += 1
        assert TAKE_BACK not in labels(chosen)
        refusal = await answer(await players[name].slash(general, "grass undo"))
        assert refusal == TOO_MANY
    game = check_invariants(grass_bot.database_path, 1)
    assert game.version == version == 13 + 2 * 6 + 2
    assert sum(1 for move in game.moves if move.get("undo")) == 6
    # The choices made stand: once cy has chosen, everyone receives their card.
    await choose_pass(emu, players["cy"], version)
    after = await hand_dm(emu, players["ann"], version + 1)
    assert "You passed Home Grown to bob and received Colombia from cy" in after.text
    check_invariants(grass_bot.database_path, 1)


async def test_a_declined_offer_is_taken_back_when_the_offerer_agrees(fake_discord, grass_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await grass_until(emu, general, 8)  # bob declined ann's offer
    ann, bob = players["ann"], players["bob"]
    declined = await hand_dm(emu, bob, 8)
    await (await bob.click(declined, TAKE_BACK)).ack()
    asked = await emu.wait_for(
        lambda: next((m for m in ann.dm_messages() if "Let bob take it back" in labels(m)), None),
        what="ann asked to agree",
    )
    assert "bob asks to take back their last move (bob declined" in asked.text
    await declined.wait_until(lambda m: "Waiting for ann." in m.text)
    await (await ann.click(asked, "Let bob take it back")).ack()
    offer = await hand_dm(emu, bob, 9)
    assert "You took back your last move." in offer.text
    assert {"Accept the trade", "Decline"} <= set(labels(offer))
    # bob declines again; asked once more, ann says no, and the decline stands.
    await (await bob.click(offer, "Decline")).ack()
    declined = await hand_dm(emu, bob, 10)
    await (await bob.click(declined, TAKE_BACK)).ack()
    asked = await emu.wait_for(
        lambda: next((m for m in ann.dm_messages() if "No, the move stands" in labels(m)), None),
        what="ann asked again",
    )
    await (await ann.click(asked, "No, the move stands")).ack()
    await emu.wait_for(
        lambda: any("ann said no: your move stands." in m.text for m in bob.dm_messages()),
        what="bob told of the refusal",
    )
    game = check_invariants(grass_bot.database_path, 1)
    assert game.version == 10 and game.moves[-1] == {"by": "bob", "decline": True}
    # The game goes on from there.
    await play_move(emu, players, general, 10, GRASS_MOVES[8])
    await table.wait_until(lambda m: "bust" in m.text.lower())


async def test_a_play_followed_by_a_draw_is_kept(fake_discord, grass_bot):
    emu = fake_discord
    general = emu.channel("general")
    players, _ = await grass_until(emu, general, 1)  # ann played, bob drew
    ann = players["ann"]
    assert all(TAKE_BACK not in labels(message) for message in ann.dm_messages())
    refused = await answer(await ann.slash(ann.dm_channel(), "grass undo"))
    assert refused == "Your last move cannot be taken back: a card has been drawn since."
    bob_refused = await answer(await players["bob"].slash(general, "grass undo"))
    assert bob_refused == "ann has moved since: only the game's last move can be taken back."
    assert check_invariants(grass_bot.database_path, 1).version == 1


async def test_a_gift_is_taken_back_once_both_players_it_changed_agree(fake_discord, gracias_bot):
    emu = fake_discord
    players, table = await open_gracias(emu, emu.channel("general"))
    ann, bob, cy = players["ann"], players["bob"], players["cy"]
    await play_gracias(emu, players, 0, GRACIAS_MOVES[0])  # ann takes trio 1
    took = await hand_dm(emu, ann, 1)
    assert TAKE_BACK not in labels(took)  # the face-down card was seen
    refused = await answer(await ann.slash(ann.dm_channel(), "gracias undo"))
    assert refused == "Your last move cannot be taken back: the face-down card has been seen."
    await play_gracias(emu, players, 1, GRACIAS_MOVES[1], where=took)  # red to bob
    gave = await hand_dm(emu, ann, 2)
    typed = await answer(await ann.slash(ann.dm_channel(), "gracias undo"))
    assert typed == "Asked bob: your move is taken back once they agree."
    # bob received the card and is the next to choose: he alone is asked (cy and dee
    # hold and may do the same as before the gift).
    asked = await hand_dm(emu, bob, 2)
    assert "ann asks to take back their last move (ann kept" in asked.text
    assert all("Let ann take it back" not in labels(m) for m in cy.dm_messages())
    await gave.wait_until(lambda m: "Waiting for bob." in m.text)
    await (await bob.click(asked, "Let ann take it back")).ack()
    again = await hand_dm(emu, ann, 3)
    assert "You took back your last move." in again.text
    game = check_invariants(gracias_bot.database_path, 1)
    expected = reference()
    expected.apply_json(GRACIAS_MOVES[0])
    assert position(game.engine()) == position(expected)
    await table.wait_until(lambda m: "ann took back their last move" in m.text)


async def test_a_request_lapses_when_the_next_player_moves_first(fake_discord, gracias_bot):
    emu = fake_discord
    players, _ = await open_gracias(emu, emu.channel("general"))
    ann, bob = players["ann"], players["bob"]
    await play_gracias(emu, players, 0, GRACIAS_MOVES[0])
    await play_gracias(emu, players, 1, GRACIAS_MOVES[1])
    gave = await hand_dm(emu, ann, 2)
    await (await ann.click(gave, TAKE_BACK)).ack()
    await gave.wait_until(lambda m: "Waiting for bob." in m.text)
    await play_gracias(emu, players, 2, GRACIAS_MOVES[2])  # bob takes a trio instead
    await emu.wait_for(
        lambda: any(
            "bob moved before everyone agreed, so your move stands." in m.text
            for m in ann.dm_messages()
        ),
        what="ann told her request lapsed",
    )
    # bob's hand message loses the question (it is redrawn after ann's, in its own time)
    await emu.wait_for(
        lambda: all("Let ann take it back" not in labels(m) for m in bob.dm_messages()[-1:]),
        what="bob no longer asked",
    )
    game = check_invariants(gracias_bot.database_path, 1)
    assert game.version == 3 and {"by": "ann", "undo": True} not in game.moves
