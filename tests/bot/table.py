"""Acting as Grass players through the emulator: open a game and start it (`start_game`),
find a player's hand message with the controls of a given state version, pick from its
menus, click its buttons. Waiting is event-driven (the emulator's wait_for); only what
the bot writes to its database after its last request is polled (`polled`). A trade
offer is built with the hand message's menus (`open_menus`, then `choose`)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from PIL import Image

from tests.bot.scenario import PLAYERS
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.model import Message
from tests.fakediscord.players import Player

T = TypeVar("T")

PICTURE_BYTES = 100_000
"""The most a picture may weigh (PNG bytes), as a phone downloads it at every move."""

CONFIRMED_CARDS = ("market_close", "utterly_wiped_out")
"""Grass cards whose play the hand message asks to confirm (bot/exts/grass/ui.py)."""


def your_turn(player: Player) -> str:
    """What the table message says when `player`'s turn begins (its turn line, which
    mentions them), in English."""
    return f"{player.mention}, your turn"


def last_action(message: Message) -> str | None:
    """The newest of the last actions a table message lists under its picture."""
    actions = [line[2:] for line in message.text.split("\n") if line.startswith("- ")]
    return actions[-1] if actions else None


def control_ids(message: Message) -> list[str]:
    ids = [s.custom_id for s in message.selects()] + [b.custom_id for b in message.buttons()]
    return [i for i in ids if i]


def has_version(message: Message, version: int) -> bool:
    return any(re.match(rf"[gs]:\d+:{version}:", i) for i in control_ids(message))


async def hand_dm(emu: FakeDiscord, player: Player, version: int) -> Message:
    """The player's DM holding controls drawn for `version` (waits for it)."""

    def find() -> Message | None:
        for message in reversed(player.dm_messages()):
            if has_version(message, version):
                return message
        return None

    return await emu.wait_for(
        find,
        what=lambda: (
            f"{player.name}'s controls for version {version}; DMs: "
            + repr([control_ids(m) for m in player.dm_messages()[-2:]])
        ),
    )


async def polled(predicate: Callable[[], T | None], what: str, timeout: float = 10.0) -> T:
    """The first truthy value of `predicate`, polled: for what the bot writes to its
    database after its last request, which the emulator cannot signal."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not (result := predicate()):
        if loop.time() > deadline:
            raise TimeoutError(f"timed out after {timeout:g}s waiting for {what}")
        await asyncio.sleep(0.02)
    return result


def picture(message: Message, filename: str) -> Image.Image:
    """The message's one picture called `filename`, decoded with Pillow, and light
    enough for a phone (`PICTURE_BYTES`)."""
    found = [a for a in message.attachments if a.filename == filename]
    assert len(found) == 1, f"{filename} in {[a.filename for a in message.attachments]}"
    assert len(found[0].data) < PICTURE_BYTES, (filename, len(found[0].data))
    return found[0].image()


def the_one_table(channel: Any, table: Message) -> Message:
    """`table`, checked to be the channel's only table message: still there, edited in
    place rather than sent anew (a restart redraws it, never posts another)."""
    tables = [
        m for m in channel.messages() if any(a.filename == "table.png" for a in m.attachments)
    ]
    assert [m.id for m in tables] == [table.id], "one table message, edited in place"
    return table


def find_menu(message: Message, verb: str) -> str | None:
    """The custom id of the message's `verb` menu ("play", "take", "place"...), if any."""
    for select in message.selects():
        if select.custom_id and select.custom_id.split(":")[3] == verb:
            return str(select.custom_id)
    return None


def menu(message: Message, verb: str) -> str:
    found = find_menu(message, verb)
    if found is None:
        raise AssertionError(f"no {verb!r} menu on {message!r}: {control_ids(message)}")
    return found


async def pick(
    emu: FakeDiscord,
    player: Player,
    version: int,
    verb: str,
    value: str,
    where: Message | None = None,
) -> Any:
    """Picks `value` in the `verb` menu ("play", "discard", "pass") of the hand message;
    a Grass card the bot asks about again (Market Close, Utterly Wiped Out) is confirmed."""
    message = where or await hand_dm(emu, player, version)
    interaction = await player.select(message, menu(message, verb), [value])
    await interaction.ack()
    if verb == "play" and value in CONFIRMED_CARDS:
        await message.wait_until(lambda m: "Yes, play" in m.text)
        sure = next(b.label or "" for b in message.buttons() if (b.label or "").startswith("Yes"))
        interaction = await player.click(message, sure)
        await interaction.ack()
    return interaction


async def press(emu: FakeDiscord, player: Player, version: int, label: str) -> Any:
    message = await hand_dm(emu, player, version)
    interaction = await player.click(message, label)
    await interaction.ack()
    return interaction


async def answer(interaction: Any) -> str:
    """The text a player reads in answer to a slash command or click (ephemeral or not)."""
    message = await interaction.message()
    return str(message.text)


async def told(emu: FakeDiscord, interaction: Any, words: str) -> Message:
    """The answer (reply or follow-up) to `interaction` that contains `words`."""

    def find() -> Message | None:
        candidates: list[Message | None] = [interaction.original, *interaction.followups]
        for message in candidates:
            if message is not None and not message.loading and words in message.text:
                return message
        return None

    return await emu.wait_for(find, what=f"an answer saying {words!r} to {interaction!r}")


async def start_game(emu, general, names=PLAYERS):
    players = {name: emu.user(name) for name in names}
    host = players[names[0]]
    table = await (await host.slash(general, "grass start", target=100000)).message()
    for name in names[1:]:
        await (await players[name].click(table, "Join")).ack()
    await table.wait_until(lambda m: f"({len(names)} of" in m.text)
    await (await host.click(table, "Start")).ack()
    await table.wait_until(lambda m: your_turn(players["ann"]) in m.text)
    return players, table


async def play_move(
    emu: FakeDiscord, players: dict[str, Player], general: Any, version: int, move: dict[str, Any]
) -> None:
    """Plays one action of the notation the way a player would: hand-message menus and
    buttons, and `/grass trade` for offers. Returns once the bot has taken it."""
    player = players[move["by"]]
    if "offer" in move:
        offer = move["offer"]
        lists = {key: ",".join(offer[key]) for key in ("give", "take") if key in offer}
        await hand_dm(emu, player, version)
        await answer(
            await player.slash(general, "grass trade", player=players[offer["to"]], **lists)
        )
    elif "accept" in move:
        await press(emu, player, version, "Accept the trade")
    elif "decline" in move:
        await press(emu, player, version, "Decline")
    elif "target" in move:
        message = await hand_dm(emu, player, version)
        await pick(emu, player, version, "play", move["play"], where=message)
        await message.wait_until(lambda m: "on whom" in m.text)
        await (await player.click(message, move["target"])).ack()
    else:
        verb = next(key for key in ("play", "discard", "pass") if key in move)
        await pick(emu, player, version, verb, move[verb])


async def open_menus(emu, player, version: int, partner: str, where: Message | None = None):
    """Offer a trade…, then the partner: the hand message shows the menus."""
    message = where or await hand_dm(emu, player, version)
    await (await player.click(message, "Offer a trade…")).ack()
    await message.wait_until(lambda m: "to whom" in m.text)
    await (await player.click(message, partner)).ack()
    return await message.wait_until(lambda m: f"Trade with {partner}" in m.text)


async def choose(player, message: Message, placeholder: str, values: list[str]) -> None:
    """Picks `values` in every menu whose placeholder starts with `placeholder` (the
    cards asked for may be split over two menus)."""
    names = [s.placeholder or "" for s in message.selects()]
    for name in [n for n in names if n.startswith(placeholder)]:
        # Each pick redraws every menu with new ids: find this one again by its words.
        select = next(s for s in message.selects() if s.placeholder == name)
        mine = {value for value in values if value in select.values}
        if mine != chosen(message, name):
            await pick_in(player, message, name, mine)


async def pick_in(player, message: Message, placeholder: str, values: set[str]) -> None:
    await (await player.select(message, placeholder, sorted(values))).ack()
    await message.wait_until(lambda m: chosen(m, placeholder) == values)


def chosen(message: Message, placeholder: str) -> set[str]:
    """The options a menu shows as chosen (the bot redraws them as defaults)."""
    return {
        option.value
        for select in message.selects()
        if select.placeholder == placeholder
        for option in select.options
        if option.default
    }


def fresh_controls(player: Any, used: set[tuple[str, ...]]) -> Message | None:
    """The player's hand message (their latest DM that is not a private answer to a
    click: a refused click's answer may land under it) when its controls are not among
    `used` (a new moment to act), else None."""
    messages = [m for m in player.dm_messages() if not m.ephemeral]
    if not messages:
        return None
    ids = tuple(control_ids(messages[-1]))
    return messages[-1] if ids and ids not in used else None


async def play_to_the_end(
    emu: Any,
    player: Any,
    table: Message,
    play: Callable[[Any, Message], Awaitable[None]],
    enough: Callable[[], bool] = lambda: False,
    timeout: float = 60,
) -> int:
    """The player makes a move by `play` at each fresh moment (`fresh_controls`) until
    the table says the game is over, or `enough()` holds when their moment comes;
    returns how many moves they made."""
    used: set[tuple[str, ...]] = set()
    moves = 0
    while True:
        found = await emu.wait_for(
            lambda: "Game over" in table.text or fresh_controls(player, used),
            timeout=timeout,
            what=f"{player.name}'s next moment or the end of the game",
        )
        if found is True or enough():
            return moves
        assert isinstance(found, Message)
        used.add(tuple(control_ids(found)))
        await play(player, found)
        moves += 1
