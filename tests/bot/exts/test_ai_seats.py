"""Computer players in the bot, through the emulator: a Grass game of one person and
three easy AIs played to its end (the AIs' moves appear at the table like anyone's and
no hidden card reaches the channel), a game left to computers alone is refused, and
hard AIs trading with each other and with a person (G20). The lobby's Add AI / Remove
AI buttons and the seats' names are tested in process: tests/bot/core/test_lobbies.py."""

from __future__ import annotations

import json
from typing import Any

from tests.bot.computer_play import FAST, ai_bot, open_with_ais, play_simply  # noqa: F401
from tests.bot.decks import stacked_deck
from tests.bot.table import (
    choose,
    control_ids,
    fresh_controls,
    hand_dm,
    open_menus,
    pick,
    play_to_the_end,
    press,
)
from tests.fakediscord.model import Message

ASK = "Cards you ask for"


async def test_one_person_and_three_easy_ais_play_grass_to_the_end(fake_discord, ai_bot):  # noqa: F811
    emu = fake_discord
    ann = emu.user("ann")
    general = emu.channel("general")
    table = await open_with_ais(emu, ann, general, ["easy"] * 3, target=25000)
    await (await ann.click(table, "Start")).ack()
    assert await play_to_the_end(emu, ann, table, play_simply) > 0
    # The computer players' moves are at the table like anyone's, by their names.
    assert any("Robot " in version.content for version in table.versions)
    over = await general.wait_message(lambda m: "Game over!" in m.text, after=0)
    assert "Robot " in over.text
    # Nothing was sent to a computer seat, and only ann got DMs.
    assert emu.rejected == []
    # The channel never showed a hand: hand messages are ann's DMs only.
    assert all(m.visible_to is None for m in general.messages())


async def test_a_game_left_to_computers_alone_is_abandoned(fake_discord, ai_bot):  # noqa: F811
    emu = fake_discord
    ann = emu.user("ann")
    general = emu.channel("general")
    # With one computer left, Grass would simply end (the last player wins); with two
    # the game could go on among computers alone, which is refused: a game needs a person.
    table = await open_with_ais(emu, ann, general, ["easy", "easy"])
    await (await ann.click(table, "Start")).ack()
    await ann.dms()  # the game has started: her hand came
    await (await ann.slash(general, "grass leave")).ack()
    notice = await general.wait_message(lambda m: "Only computer players are left" in m.text)
    assert "no result is recorded" in notice.text
    await table.wait_until(lambda m: "abandoned" in m.text)


async def test_a_hard_ai_decides_in_a_worker_process_and_plays(fake_discord, start_bot):
    """The hard level searches off the event loop (a process), within its budget."""
    await start_bot(env={**FAST, "AI_SECONDS": "0.05"})
    emu = fake_discord
    ann = emu.user("ann")
    general = emu.channel("general")
    table = await open_with_ais(emu, ann, general, ["hard"])
    await (await ann.click(table, "Start")).ack()
    used: set[tuple[str, ...]] = set()
    for _ in range(2):  # ann moves twice, so the hard AI moved in between
        found = await emu.wait_for(lambda: fresh_controls(ann, used), timeout=30, what="ann")
        used.add(tuple(control_ids(found)))
        await play_simply(ann, found)
    await table.wait_until(lambda m: "Robot 1 (hard)" in m.text)
    # While the AI thinks, the bot still answers at once.
    scores = await (await ann.slash(general, "grass scores")).message()
    assert "score sheet" in scores.text


TRADERS = ("Robot 1 (hard)", "Robot 2 (hard)")
TRADING_HAND = stacked_deck(
    [
        ["colombia", "home_grown", "immunity", "bust", "detained", "felony"],
        [*("market_open",) * 3, "charges_dropped", "hearsay_evidence", "mexico"],
        ["sold_out", "pay_fine", "bust", "felony", "mexico", "a_breeze_to_fly"],
    ],
    draws=["home_grown", "jamaica", "immunity", "search_and_seizure"],
)
"""ann's market stays closed while the two robots open theirs: Robot 2 holds no Market
Open and asks Robot 1, who holds three, for one; then Robot 1, its market clear, offers
ann (closed, so a Market Open is worth much to her) its spare one for a peddle."""


async def trade_until_robot_1_offers(
    emu: Any, start_bot: Any, tmp_path: Any, **options: Any
) -> tuple[Any, Message, Message]:
    """The stacked hand (TRADING_HAND) played until Robot 1's offer reaches ann: ann's
    offer to Robot 2 accepted, Robot 2's to Robot 1 answered by Robot 1 with nobody
    else acting. Returns ann, the table and the hand message holding the offer."""
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"grass": {"decks": [TRADING_HAND]}}), encoding="utf-8")
    env = {**FAST, "GAME_SEED": "5", "AI_SECONDS": "0", "GAME_SETUP_FILE": str(setup)}
    await start_bot(env={**env, **options.pop("env", {})})
    ann = emu.user("ann")
    general = emu.channel("general")
    robot_1, robot_2 = TRADERS
    table = await open_with_ais(emu, ann, general, ["hard", "hard"], target=25000, **options)
    await (await ann.click(table, "Start")).ack()

    # ann proposes to a computer, which accepts: a Paranoia card leaves its hand (G13)
    menus = await open_menus(emu, ann, 0, robot_2)
    await choose(ann, menus, "Cards you give…", ["home_grown"])
    await choose(ann, menus, ASK, ["sold_out"])
    await (await ann.click(menus, "Send the offer")).ack()
    await table.wait_until(lambda m: f"ann and {robot_2} traded" in m.text)
    await pick(emu, ann, 2, "discard", "detained")

    # Robot 2 asks Robot 1 for a Market Open, and Robot 1 answers: nobody else acts
    await table.wait_until(lambda m: f"{robot_2} and {robot_1} traded" in m.text)

    # Robot 1's offer comes to ann as a hand message that notifies her
    await pick(emu, ann, 7, "discard", "felony")
    offer = await hand_dm(emu, ann, 9)
    assert f"{robot_1} offers you a trade" in offer.text and "Colombia" in offer.text
    assert ann.id in offer.pushes and not offer.silent
    return ann, table, offer


async def test_two_hard_ais_trade_with_each_other_and_with_a_person_g20(
    fake_discord, start_bot, tmp_path
):
    """A whole game of ann and two hard computer players. With no search time
    (AI_SECONDS 0) the hard level plays its own rules and proposes trades by its rule,
    so the game is the same every time: ann's offer is answered by a computer, a
    computer's offer to another computer is answered without anyone waiting on a
    person, and a computer's offer reaches ann as a notifying hand message she accepts."""
    emu = fake_discord
    ann, table, _offer = await trade_until_robot_1_offers(emu, start_bot, tmp_path)
    robot_1 = TRADERS[0]
    await press(emu, ann, 9, "Accept the trade")
    await table.wait_until(lambda m: f"{robot_1} and ann traded" in m.text)

    # and so to the end, ann declining any further offer
    await play_to_the_end(emu, ann, table, play_simply)
    assert emu.rejected == []
    assert all(m.visible_to is None for m in emu.channel("general").messages())


async def test_a_computers_offer_left_unanswered_is_withdrawn_and_play_goes_on_g20(
    fake_discord, start_bot, tmp_path
):
    """A person who does not answer a computer's offer never holds the table: after a
    pause (two of the bot's clock minutes, shrunk here to a second) the computer
    withdraws it, and its turn goes on."""
    emu = fake_discord
    ann, table, _offer = await trade_until_robot_1_offers(
        emu, start_bot, tmp_path, env={"TIMER_MINUTE": "0.5"}, timer=0
    )
    robot_1 = TRADERS[0]
    # ann does not answer
    await table.wait_until(lambda m: f"{robot_1} withdrew the trade offer" in m.text, timeout=30)
    await table.wait_until(
        lambda m: f"{ann.mention}, your turn" in m.text or "Game over" in m.text, timeout=30
    )
    assert emu.rejected == []
