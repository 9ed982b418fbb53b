"""The two-step controls of a 2-player game through the emulator: Protect asks which
stash peddles to cover (G12), Steal asks whom to take from (G14)."""

from __future__ import annotations

import json

import pytest

from tests.bot.decks import stacked_deck
from tests.bot.table import hand_dm, pick, play_move

DECK = stacked_deck(
    [
        [
            *("market_open", "panama", "colombia", "lust_conquers_all"),
            *("steal_your_neighbors_pot", "home_grown"),
        ],
        ["market_open", "mexico", "jamaica", "detained", "felony", "bust"],
    ],
    draws=["immunity"] * 5 + ["a_breeze_to_fly"] * 4,
)
OPENING = [
    {"by": "ann", "play": "market_open"},
    {"by": "bob", "play": "market_open"},
    {"by": "ann", "play": "colombia"},
    {"by": "bob", "play": "jamaica"},
    {"by": "ann", "play": "home_grown"},
    {"by": "bob", "discard": "mexico"},
]


@pytest.fixture
async def two_player_bot(start_bot, tmp_path):
    path = tmp_path / "two.json"
    path.write_text(json.dumps({"grass": {"decks": [DECK]}}), encoding="utf-8")
    return await start_bot(env={"GAME_SETUP_FILE": str(path), "GAME_SEED": "1"})


async def test_protect_covers_the_chosen_peddles_then_steal_takes_from_the_target(
    fake_discord, two_player_bot
):
    emu = fake_discord
    general = emu.channel("general")
    players = {name: emu.user(name) for name in ("ann", "bob")}
    ann, bob = players.values()
    table = await (await ann.slash(general, "grass start")).message()
    await (await bob.click(table, "Join")).ack()
    await table.wait_until(lambda m: "(2 of" in m.text)
    await (await ann.click(table, "Start")).ack()
    for version, move in enumerate(OPENING):
        await play_move(emu, players, general, version, move)

    # G12: the card, then the set of peddles it covers (only sets within $50,000)
    message = await hand_dm(emu, ann, 6)
    typed = await ann.autocomplete(general, "grass play", "cover", "", card="lust_conquers_all")
    assert sorted(c.value for c in typed) == ["colombia", "home_grown", "home_grown, colombia"]
    await pick(emu, ann, 6, "play", "lust_conquers_all", where=message)
    await message.wait_until(lambda m: "which stash peddles" in m.text)
    covers = next(s for s in message.selects() if ":cover:" in (s.custom_id or ""))
    assert sorted(covers.values) == ["colombia", "home_grown", "home_grown+colombia"]
    await (await ann.select(message, covers.custom_id, ["home_grown+colombia"])).ack()
    await table.wait_until(lambda m: "Lust Conquers All" in m.text)

    await play_move(emu, players, general, 7, {"by": "bob", "discard": "detained"})
    # G14: the card, then its target
    await play_move(
        emu, players, general, 8, {"by": "ann", "play": "steal_your_neighbors_pot", "target": "bob"}
    )
    await table.wait_until(lambda m: "taking Jamaica" in m.text)
