"""Moves made the way most players make them: a pick in the menu of their own DM hand
message (not a typed command). Used by the benchmark and the REST budget test to count
what a clicked move costs: the click's own response redraws the mover's hand, exempt
from Discord's global rate limit.

Only the moves one pick makes are chosen: Grass plays without a target or a cover,
discards and Paranoia passes; Gracias takes (a menu, or the last trio's button) and
keeps/gives (buttons); Graps placements (one of the cell menus; a column first only
when the legal cells do not fit four menus).
"""

from __future__ import annotations

import random
from typing import Any

from tests.bot.gracias_play import choose
from tests.bot.graps_play import cell_menus
from tests.bot.table import control_ids, find_menu
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.interactions import Interaction
from tests.fakediscord.model import Message
from tests.fakediscord.players import Player
from tests.stress.driver import Database, Table, stored

EXEMPT = ("/api/v10/interactions", "/api/v10/webhooks", "/interactions", "/webhooks")
"""Interaction callbacks and follow-ups: not counted by Discord's global rate limit."""
METHODS = {"POST": "new", "PATCH": "edit", "DELETE": "delete"}


ASKED_AGAIN = ("market_close", "utterly_wiped_out")
"""Grass cards played with a second tap (a confirmation): not one menu pick."""


def clickable(engine: Any, rng: random.Random) -> dict[str, Any] | None:
    """A random legal action one menu pick makes; None when there is none (or the game
    is over)."""
    if engine.outcome() is not None or not engine.awaiting:
        return None
    names = list(engine.awaiting)
    rng.shuffle(names)
    for name in names:
        actions = [dict(a.to_json()) for a in engine.legal_actions(name)]
        simple = [
            a
            for a in actions
            if (
                set(a) - {"by"} <= {"play", "discard", "pass", "place", "keep", "give_to"}
                and a.get("play") not in ASKED_AGAIN
            )
            or set(a) - {"by"} == {"trio", "keep", "give_to"}
        ]
        if simple:
            action = rng.choice(simple)
            if "trio" in action:  # a whole Gracias turn: the first pick takes the trio
                return {"by": action["by"], "trio": action["trio"]}
            return action
    return None


def _controls(message: Message, verbs: tuple[str, ...]) -> list[str]:
    """The custom ids of the message's menus and buttons with one of these verbs."""
    return [i for i in control_ids(message) if i.split(":")[3] in verbs]


def _hand(player: Player, verbs: tuple[str, ...], version: int | None = None) -> Message | None:
    """The player's newest DM offering one of these controls (drawn at `version`)."""
    for message in reversed(player.dm_messages()):
        found = _controls(message, verbs)
        if any(version is None or i.split(":")[2] == str(version) for i in found):
            return message
    return None


def _pick(engine: Any, action: dict[str, Any]) -> tuple[str, str]:
    """The control and the value a player picks for `action`."""
    if "trio" in action:
        return "take", str(action["trio"])
    if "keep" in action:
        seats = [seat.name for seat in engine.public_view().seats]
        return "split", f"{action['keep']}:{seats.index(action['give_to'])}"
    verb = next(v for v in ("play", "discard", "pass", "place") if v in action)
    return verb, str(action[verb])


async def click(emu: FakeDiscord, table: Table, engine: Any, action: dict[str, Any]) -> Interaction:
    """Makes `action` from the player's hand message; returns the move's interaction
    (acknowledged)."""
    player = table.players[action["by"]]
    verb, value = _pick(engine, action)
    wanted = ("place", "column") if verb == "place" else (verb,)
    try:  # the controls drawn for this version: a turn's new DM, a take's redrawn hand
        hand = await emu.wait_for(
            lambda: _hand(player, wanted, engine.moves), timeout=3.0, what="fresh controls"
        )
    except TimeoutError:  # still valid older ones: a Paranoia pass others answered first
        hand = await emu.wait_for(
            lambda: _hand(player, wanted), what=f"{player.name}'s {verb} controls"
        )
    if verb in ("take", "split"):  # a menu, or buttons (Gracias's keep/give, C5)
        interaction = await choose(player, hand, verb, value)
    elif verb == "place":  # one of the cell menus; a column first past four menus
        if value not in cell_menus(hand):
            column = find_menu(hand, "column")
            assert column is not None, f"{value} is offered nowhere on {hand!r}"
            await (await player.select(hand, column, [value[0]])).ack()
            await hand.wait_until(lambda m: value in cell_menus(m))
        interaction = await player.select(hand, cell_menus(hand)[value], [value])
    else:
        menu = find_menu(hand, verb)
        assert menu is not None, f"no {verb} menu on {hand!r}"
        interaction = await player.select(hand, menu, [value])
    await interaction.ack()
    return interaction


async def quiet(emu: FakeDiscord, seconds: float = 0.15) -> None:
    """Until the bot has made no REST call for `seconds` (a move's publication is done)."""
    await emu.quiet(seconds)


async def clicked_move(
    emu: FakeDiscord,
    database: Database,
    table: Table,
    rng: random.Random,
    settle: float = 0.15,
) -> tuple[float, list[str]] | None:
    """One random move clicked on the hand message, once the last one's publication is
    over (no REST call for `settle` seconds): (server-side seconds, the REST calls
    outside interaction responses by what they do), or None once no such move is left.
    A shorter `settle` may count a move's last calls with the next move's."""
    await quiet(emu, settle)
    game = stored(database, table.game_id)
    engine = game.engine() if game.status == "running" else None
    action = clickable(engine, rng) if engine is not None else None
    if engine is None or action is None:
        return None
    edits = table.message.edits
    first = len(emu.requests)
    interaction = await click(emu, table, engine, action)
    # Every move edits the table, or sends it again at the bottom of the channel when
    # other messages (score sheets) pushed it up, deleting the old one.
    await emu.wait_for(
        lambda: table.message.edits > edits or table.message.deleted, what="the table redrawn"
    )
    if table.message.deleted:
        table.message = await emu.wait_for(
            lambda: next((m for m in reversed(table.channel.messages()) if m.buttons()), None),
            what="the table sent again",
        )
    await quiet(emu, settle)
    assert stored(database, table.game_id).version == game.version + 1, f"{action} not applied"
    mine = [r for r in emu.requests[first:] if r.started >= interaction.created]
    outside = [METHODS.get(r.method, "other") for r in mine if not r.path.startswith(EXEMPT)]
    return max(r.finished for r in mine) - interaction.created, outside
