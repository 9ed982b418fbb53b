"""REST calls per move outside interaction responses (Discord's global limit of
50 requests per second per bot counts them; interaction callbacks and follow-ups are
exempt). A short scripted sequence of moves typed as commands in each game, counted
from the emulator's request record: an upper bound on what a move costs, not a timing.

What a move may cost (docs/performance.md): the table edit (one per move; the turn line
is its first line, so no separate ping), a new DM for each player whose turn begins
(the notification) and the deletion of their previous hand message (one hand message
per player), an edit of each other player whose hand changed. A click on the hand
message redraws it through the interaction's response, and the player's next new
message and the old one's deletion go through that click's token: all exempt. Typed
moves pay for all of it, and for taking the mover's controls off their DM.
"""

from __future__ import annotations

import random
import statistics

import pytest

from tests.bot.table import hand_dm, menu
from tests.fakediscord.emulator import FakeDiscord
from tests.stress.clicks import EXEMPT, clicked_move, quiet
from tests.stress.driver import (
    Table,
    answer_text,
    choose,
    game_id_in,
    open_table,
    send,
    stored,
)

MOVES = 12
BOUNDS = {
    "typed": {"graps": (4.0, 4), "gracias": (3.5, 4), "grass": (5.0, 6)},
    "clicked": {"graps": (1.5, 3), "gracias": (1.5, 3), "grass": (1.5, 5)},
}
"""way -> kind -> (mean per move at most, any single move at most), three players in the
card games. Typed: the table edit, the next mover's new DM and their old one's deletion,
the mover's controls taken off (a Paranoia pass that completes also changes every
hand). Clicked: the table edit; the next mover's new DM and the deletion go through
their own last click, except before their first click (the first moves cost 3); a
Paranoia pass that completes edits the other hands. Before one hand message per player,
clicked moves cost 2 (the next mover's new DM was a plain call)."""


async def counted_moves(emu: FakeDiscord, database, table: Table, seed: int) -> list[int]:
    rng = random.Random(seed)
    calls = []
    await quiet(emu, 0.3)
    for _ in range(MOVES):
        game = stored(database, table.game_id)
        action = choose(game.engine(), rng) if game.status == "running" else None
        if action is None:
            break
        await quiet(emu)  # the last move's publication is over: nothing of it counts here
        first = len(emu.requests)
        text = await answer_text(emu, await send(table, action))
        assert text.startswith("You "), f"{action} was refused: {text}"
        await quiet(emu)  # all of this move's publication, however slow the machine
        outside = [r for r in emu.requests[first:] if not r.path.startswith(EXEMPT)]
        calls.append(len(outside))
    return calls


async def clicked_moves(emu: FakeDiscord, database, table: Table, seed: int) -> list[int]:
    """The same, the moves picked in the menus of the players' DM hand messages."""
    rng = random.Random(seed)
    calls = []
    for _ in range(MOVES):
        result = await clicked_move(emu, database, table, rng)
        if result is None:
            break
        calls.append(len(result[1]))
    return calls


@pytest.mark.parametrize("way", ["typed", "clicked"])
@pytest.mark.parametrize("kind", ["graps", "gracias", "grass"])
async def test_rest_calls_per_move_stay_within_the_budget(fake_discord, start_bot, kind, way):
    emu = fake_discord
    bot = await start_bot(env={"GAME_SEED": "7"})
    table = await open_table(emu, kind, emu.channel(f"budget-{kind}"))
    table.game_id = game_id_in(bot.database_path, table.channel, kind)
    count = counted_moves if way == "typed" else clicked_moves
    calls = await count(emu, bot.database_path, table, seed=7)
    assert len(calls) >= MOVES // 2, "the sequence was too short to mean anything"
    mean_bound, move_bound = BOUNDS[way][kind]
    print(f"{kind}: REST calls per {way} move {calls}, mean {statistics.mean(calls):.2f}")
    assert statistics.mean(calls) <= mean_bound, calls
    assert max(calls) <= move_bound, calls


async def test_a_move_clicked_on_the_hand_message_edits_it_through_the_response(
    fake_discord, start_bot
):
    """The mover's hand after a click on it is redrawn by the click's own response
    (exempt from the global limit), not by a REST edit of the DM."""
    emu = fake_discord
    await start_bot(env={"GAME_SEED": "7"})
    table = await open_table(emu, "grass", emu.channel("budget-click"))
    ann = table.players["ann"]
    hand = await hand_dm(emu, ann, 0)
    await quiet(emu, 0.3)
    first = len(emu.requests)
    play = next(s for s in hand.selects() if s.custom_id == menu(hand, "play"))
    click = await ann.select(hand, menu(hand, "play"), [play.values[0]])
    await click.ack()
    await table.message.wait_until(lambda m: "ann played" in m.text)
    await quiet(emu, 0.3)
    calls = emu.requests[first:]
    assert ann.dm is not None
    own_dm = [r for r in calls if f"/channels/{ann.dm.id}/" in r.path]
    assert own_dm == [], own_dm
    through_response = [r for r in calls if r.interaction_id == click.id and r.method == "PATCH"]
    assert through_response, "the hand was not redrawn through the click's response"
    assert hand.edits > 0
