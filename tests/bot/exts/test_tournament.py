"""Two whole tournaments through the emulator, as their players, checked against the
hand-worked tables of tests/bot/tournament_tables.py: seven players of Graps over three
Swiss rounds (a bye each round, a player who does not show in round 1, the bot
restarted in round 2), and ten players of Grass over two rounds at tables of 4, 3 and
3, then grouped by the standings. Each round opens in the channel with one message
that pings its players and links every board's thread; each game is played in its
thread; the final standings come as words and a picture.

Time is shrunk with TIMER_MINUTE (seconds in a clock minute): a Graps turn of an hour
lasts six seconds, so the absent player's three turns run out in about twenty."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.bot.graps_play import (
    BLANK_ROLLS,
    cell_menus,
    control_version,
    fresh_dm,
    place_first_offered,
)
from tests.bot.table import answer, find_menu, hand_dm, pick
from tests.bot.tournament_tables import (
    GRASS_PLAYERS,
    GRASS_ROUNDS,
    GRASS_SETUP,
    GRASS_STANDINGS,
    NO_ACCOUNT,
    NO_SHOW,
    SWISS_PLAYERS,
    SWISS_ROUNDS,
    SWISS_STANDINGS,
    SWISS_WINNERS,
)
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.model import PUBLIC_THREAD, Channel, Message

HOUR, DAY = 60, 24 * 60


def points(value: float) -> str:
    whole = int(value)
    shown = (str(whole) if whole else "") + ("½" if value != whole else "")
    return f"{shown or '0'} point" + ("" if value == 1 else "s")


def swiss_line(place: int, name: str, value: float, buchholz: float) -> str:
    return f"{place}. **{name}**: {points(value)} · Buchholz {buchholz:g}"


def thread_of(emu: FakeDiscord, parent: Channel, name: str) -> Channel:
    found = [c for c in emu.channels.values() if c.kind == PUBLIC_THREAD and c.parent is parent]
    matching = [c for c in found if c.name == name]
    assert len(matching) == 1, f"{name!r} among {[c.name for c in found]}"
    return matching[0]


def seat_taken(thread: Channel, name: str) -> bool:
    """Whether the thread says the computer took `name`'s seat."""
    return any(f"now plays **{name}**'s seat" in m.text for m in thread.messages())


async def sign_up(
    emu: FakeDiscord, general: Channel, names: tuple[str, ...], **options: Any
) -> Message:
    host = emu.user(names[0])
    said = await answer(await host.slash(general, "tournament create", **options))
    assert said.endswith(
        "tournament is open for sign-ups in this channel; you are its first player."
    )
    signup = await general.wait_message(lambda m: "Join" in m.text and "tournament" in m.text)
    assert not signup.pushes  # the sign-ups notify nobody
    for name in names[1:]:
        click = await emu.user(name).click(signup, "Join")
        assert "You are signed up for the" in await answer(click)
    count = len(names)
    await signup.wait_until(lambda m: f"**{count} players**: " + ", ".join(names) in m.text)
    return signup


async def opening(general: Channel, round_: int, rounds: int, after: int) -> Message:
    return await general.wait_message(
        lambda m: f"round {round_} of {rounds}**: your games are open" in m.text, after=after
    )


async def test_a_swiss_tournament_of_seven_with_byes_a_no_show_and_a_restart(
    fake_discord, start_bot, tmp_path: Path
):
    emu = fake_discord
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"graps": {"rolls": BLANK_ROLLS * 3}}), encoding="utf-8")
    env = {"TIMER_MINUTE": "0.1", "AI_DELAY": "0.01", "GAME_SETUP_FILE": str(setup)}
    bot = await start_bot(dev_guild=False, env=env)
    people = {name: emu.user(name) for name in SWISS_PLAYERS}
    general = emu.channel("championship")
    signup = await sign_up(
        emu, general, SWISS_PLAYERS, game="graps", rounds=3, pace=HOUR, signup=DAY
    )
    assert "3 rounds, Swiss pairing, a bye scoring as a win; 1 hour per turn." in signup.text
    mark = general.mark()
    started = await answer(await people["bob"].slash(general, "tournament start"))
    assert started.startswith("Only the tournament's host, or a member who may manage the server")
    started = await answer(await people["ann"].slash(general, "tournament start"))
    assert started == "The tournament has started: round 1 is open."
    await signup.wait_until(lambda m: "sign-ups are closed" in m.text and not m.buttons())
    for index, (pairs, winners) in enumerate(zip(SWISS_ROUNDS, SWISS_WINNERS, strict=True)):
        round_ = index + 1
        message = await opening(general, round_, 3, mark)
        mark = general.mark()
        assert message.pushes == {player.id for player in people.values()}
        for number, pair in enumerate(pairs[:-1], start=1):
            dark, light = (people[name] for name in pair)
            thread = thread_of(emu, general, f"Graps tournament · round {round_} · board {number}")
            line = f"Board {number}: {dark.mention} against {light.mention}, in {thread.mention}"
            assert line in message.text
        bye = people[pairs[-1][0]]
        assert f"Bye: {bye.mention} (scores as a win)" in message.text
        if round_ > 1:
            assert message.images()  # the standings after the round before
            expected = SWISS_STANDINGS[index - 1]
            for place, (name, value, buchholz) in enumerate(expected, start=1):
                assert swiss_line(place, name, value, buchholz) in message.text
        for number, (pair, winner) in enumerate(zip(pairs[:-1], winners, strict=True), start=1):
            thread = thread_of(emu, general, f"Graps tournament · round {round_} · board {number}")
            await thread.wait_message(lambda m: "set-up grape" in m.text)  # the table
            if round_ == 1 and NO_SHOW in pair:
                await sit_out(emu, people[pair[0]], NO_SHOW, thread)
                loser = pair[0]  # resigns against the computer: fay forfeited all the same
            else:
                loser = pair[1] if winner == pair[0] else pair[0]
            said = await answer(await people[loser].slash(thread, "graps resign"))
            assert "You resigned" in said
            if round_ == 2 and number == 1:
                bot = await bot.restart()
        if round_ == 1:
            asked = await people["gil"].slash(general, "tournament standings")
            shown = await asked.message()
            assert "standings after round 1 of 3" in shown.text
            for place, (name, value, buchholz) in enumerate(SWISS_STANDINGS[0], start=1):
                assert swiss_line(place, name, value, buchholz) in shown.text
            assert shown.images()[0].width >= 640
    final = await general.wait_message(lambda m: "final standings" in m.text, after=mark)
    assert final.text.startswith(
        "🏆 **Graps tournament: final standings.** cy wins the tournament!"
    )
    for place, (name, value, buchholz) in enumerate(SWISS_STANDINGS[2], start=1):
        assert swiss_line(place, name, value, buchholz) in final.text
    assert final.images() and not final.pushes


async def sit_out(emu: FakeDiscord, present: Any, absent: str, thread: Channel) -> None:
    """The `absent` player's turns run out three times while `present` places at each of
    theirs, until the computer takes the absent player's seat. `present` places again
    only once the absent player's turn ran out: a move within moments of the computer's
    stand-in would find it still playing for the absent player."""
    done: set[int] = set()
    placed = 0

    def ran_out() -> int:
        return sum(
            "ran out, so the easy computer player moved" in m.text for m in thread.messages()
        )

    while True:

        def ready(least: int = placed) -> Any:
            return seat_taken(thread, absent) or (ran_out() >= least and fresh_dm(present, done))

        found = await emu.wait_for(
            ready, timeout=60, what="the absent player's seat taken, or the present player's turn"
        )
        if found is True:
            return
        assert isinstance(found, Message)
        version = control_version(found)
        assert version is not None
        done.add(version)
        if cell_menus(found):  # not a board shown while the other is awaited
            await place_first_offered(present, found)
            placed += 1


async def test_a_grass_tournament_of_ten_at_tables_of_four_three_and_three(
    fake_discord, start_bot, tmp_path: Path
):
    emu = fake_discord
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps(GRASS_SETUP), encoding="utf-8")
    env = {"TIMER_MINUTE": "0.1", "GAME_SETUP_FILE": str(setup), "GAME_SEED": "5"}
    await start_bot(dev_guild=False, env=env)
    people = {name: emu.user(name) for name in GRASS_PLAYERS}
    general = emu.channel("grass-cup")
    signup = await sign_up(
        emu, general, GRASS_PLAYERS, game="grass", rounds=2, pace=DAY, signup=DAY
    )
    assert "tables of 4 grouped by the standings" in signup.text
    mark = general.mark()
    await answer(await people["ann"].slash(general, "tournament start"))
    for index, tables in enumerate(GRASS_ROUNDS):
        round_ = index + 1
        message = await opening(general, round_, 2, mark)
        mark = general.mark()
        for number, table in enumerate(tables, start=1):
            thread = thread_of(emu, general, f"Grass tournament · round {round_} · table {number}")
            mentions = ", ".join(people[name].mention for name in table)
            assert f"Table {number}: {mentions}, in {thread.mention}" in message.text
            await play_one_hand(emu, [people[name] for name in table])
        if round_ == 2:
            for place, (name, value, total) in enumerate(GRASS_STANDINGS[0], start=1):
                assert (
                    f"{place}. **{name}**: {points(value)} · total {money(total)}" in message.text
                )
    final = await general.wait_message(lambda m: "final standings" in m.text, after=mark)
    assert "ann wins the tournament!" in final.text
    for place, (name, value, total) in enumerate(GRASS_STANDINGS[1], start=1):
        assert (
            f"{place}. **{name}**: {points(value)} · total {money(total)} · 2 games" in final.text
        )


def money(amount: int) -> str:
    return ("-" if amount < 0 else "") + f"${abs(amount):,}"


async def play_one_hand(emu: FakeDiscord, table: list[Any]) -> None:
    """The first player opens the market, each other player discards a card of no
    account, the first closes the market: the hand, and so the game, end."""
    first = table[0]
    await pick(emu, first, 0, "play", "market_open")
    for version, player in enumerate(table[1:], start=1):
        message = await hand_dm(emu, player, version)
        menu = find_menu(message, "discard")
        assert menu is not None
        select = next(s for s in message.selects() if s.custom_id == menu)
        card = next(value for value in select.values if value in NO_ACCOUNT)
        await (await player.select(message, menu, [card])).ack()
    await pick(emu, first, len(table), "play", "market_close")
