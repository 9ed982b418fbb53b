"""Secrecy: over whole games, nothing a player can see shows another
player's private cards (G13, G20 for Grass; C5 for Gracias).

Each game is played twice through the bot, as the players do (hand-message menus and
buttons, `/grass trade`), from deals that differ only in cards that stay private for
the whole game, found and checked on reference engines (tests/stress/secrecy.py):
- every state of every public message (texts, embeds, components, every image
  decoded pixel for pixel) is identical between the two runs, while some player's DMs
  differ (the deals really differ);
- every public image is a render of the reference engine's public view at some point
  (render/grass/, render/gracias/, through render.encode.to_png);
- Grass: no player ever reads the name of a card that was only ever private to others
  (their whole history: channel, their ephemerals, their DMs).
The default runs a whole Grass game (two hands, a declined offer whose contents differ
between the runs, an accepted trade, a Paranoia pass) and Gracias round 1 (scored);
RUN_SLOW=1 plays all three Gracias rounds. A game with secret trades checks that only
hand cards change hands and the channel never names them.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from PIL import Image

from games.watch import watch
from render.animation import game_animation
from render.encode import to_png
from render.page import replay_page
from tests.bot import gracias_play
from tests.bot.scenario import DECLINED, HAND_1, HAND_2, MOVES, OPTIONS, PLAYERS
from tests.bot.table import answer, hand_dm, play_move
from tests.fakediscord.model import TEXT_CHANNEL
from tests.stress.driver import SLOW
from tests.stress.secrecy import (
    dm_count,
    dm_record,
    gracias_game,
    gracias_variant,
    grass_forbidden,
    grass_game,
    grass_variant,
    public_record,
    steps,
    texts,
)

GRASS_HEADER: dict[str, Any] = {
    "game": "grass",
    "players": list(PLAYERS),
    "options": OPTIONS,
    "seed": 5,
}
# G20: the declined offer asks bob for another card in the second run; its contents
# are private to ann and bob, so only their DMs may differ.
OTHER_OFFER = {**DECLINED, "take": ["pay_fine"]}
MOVES_B = [{**m, "offer": OTHER_OFFER} if m.get("offer") == DECLINED else m for m in MOVES]
DEALT = 6 * len(PLAYERS)
# Lines of hand messages (bot/exts/grass/ui.py, bot/exts/gracias/ui.py) that no channel message
# may carry.
PRIVATE_WORDS = (
    "You just drew",
    "Your Grass hand",
    "offers you a trade:",
    "You chose to pass",
    "Hidden cards",
    "face-down card is",
)


def pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


def setup_file(tmp_path: Path, tag: str, setup: dict[str, Any]) -> str:
    path = tmp_path / f"setup-{tag}.json"
    path.write_text(json.dumps(setup), encoding="utf-8")
    return str(path)


def forget_dms(emu, players) -> None:
    """The next run's bot numbers its game 1 too: its controls would look like this
    run's, so this run's DMs are deleted once recorded (the players no longer see them)."""
    for player in players:
        for message in player.dm_messages():
            emu.delete_message(message)


# -- Grass -------------------------------------------------------------------------


async def grass_run(emu, start_bot, tmp_path, tag: str, decks, moves) -> dict[str, Any]:
    setup = setup_file(tmp_path, tag, {"grass": {"decks": decks}})
    bot = await start_bot(env={"GAME_SETUP_FILE": setup, "GAME_SEED": "5"})
    players = {name: emu.user(name) for name in PLAYERS}
    before = {name: dm_count(p) for name, p in players.items()}
    seen_before = {name: len(p.history()) for name, p in players.items()}
    channel = emu.channel(f"secrecy-{tag}")
    ann = players["ann"]
    table = await (await ann.slash(channel, "grass start", target=100000)).message()
    for name in PLAYERS[1:]:
        await (await players[name].click(table, "Join")).ack()
    await table.wait_until(lambda m: f"{len(PLAYERS)} of" in m.text)
    await (await ann.click(table, "Start")).ack()
    await table.wait_until(lambda m: f"{ann.mention}, your turn" in m.text)
    for version, move in enumerate(moves):
        await play_move(emu, players, channel, version, move)
    await table.wait_until(lambda m: "Game over" in m.text and not m.buttons())
    await channel.wait_message(lambda m: "Game over!" in m.content and m.id != table.id)
    assert await emu.settle() == []
    await quiet(emu)
    await bot.stop()
    forget_dms(emu, players.values())
    return {
        "public": public_record(channel),
        "dms": {name: dm_record(p, channel, before[name]) for name, p in players.items()},
        "seen": {name: p.history()[seen_before[name] :] for name, p in players.items()},
        "channel": channel,
    }


def grass_pictures(decks, moves, header=GRASS_HEADER) -> set[bytes]:
    """Every picture the channel may show: the table after each move and the score
    sheets, drawn from the reference engine's public view only."""
    from render.grass import table_image
    from render.grass.scores import score_sheet_image
    from render.progress import grass_progress_image

    allowed = set()
    for game in steps(grass_game(header, decks), moves):
        view = game.public_view()
        allowed.add(pixels(to_png(table_image(view))))
        if view.scores:
            allowed.add(pixels(to_png(score_sheet_image(view))))
        if game.outcome() is not None:  # the game-over message's chart
            allowed.add(pixels(to_png(grass_progress_image(view))))
    return allowed


def check_public_pictures(channel, allowed: set[bytes]) -> int:
    count = 0
    for message in channel.all_messages:
        if message.visible_to is not None:
            continue
        for version in message.versions:
            for attachment in version.attachments:
                count += 1
                assert pixels(attachment.data) in allowed, (
                    f"{attachment.filename} in the channel is no render of a public view"
                )
    return count


def check_no_forbidden_names(seen, forbidden) -> None:
    for name, history in seen.items():
        cards = forbidden[name]
        for message, version in history:
            words = texts(version)
            for card in cards:
                assert card.title not in words and f'"{card.value}"' not in words, (
                    f"{name} could read {card.title}, private to another player: {words[:300]}"
                )
            if message.visible_to is None and message.channel.kind == TEXT_CHANNEL:
                for private in PRIVATE_WORDS:
                    assert private not in words, f"the channel says {private!r}"


async def test_grass_channel_is_the_same_for_different_private_deals_g13_g20(
    fake_discord, start_bot, tmp_path
):
    decks_a = [HAND_1, HAND_2]
    decks_b = grass_variant(GRASS_HEADER, decks_a, MOVES, MOVES_B, 0, DEALT)
    decks_b = grass_variant(GRASS_HEADER, decks_b, MOVES, MOVES_B, 1, DEALT)
    a = await grass_run(fake_discord, start_bot, tmp_path, "a", decks_a, MOVES)
    b = await grass_run(fake_discord, start_bot, tmp_path, "b", decks_b, MOVES_B)

    assert len(a["public"]) >= 3 and sum(map(len, a["public"])) > len(MOVES)
    assert a["public"] == b["public"], "the channel showed something of the private deal"
    assert a["dms"]["ann"] != b["dms"]["ann"], "the deals differ for ann"
    assert a["dms"]["bob"] != b["dms"]["bob"], "the offers differ for bob"
    # cy's private cards and everything cy took part in are the same in both runs
    assert a["dms"]["cy"] == b["dms"]["cy"]

    assert check_public_pictures(a["channel"], grass_pictures(decks_a, MOVES)) > len(MOVES)
    for run, decks, moves in ((a, decks_a, MOVES), (b, decks_b, MOVES_B)):
        forbidden = grass_forbidden(GRASS_HEADER, decks, moves)
        assert all(forbidden.values()), f"every player has cards to keep from: {forbidden}"
        check_no_forbidden_names(run["seen"], forbidden)


async def test_secret_trades_show_the_table_only_that_a_trade_happened_g20(
    fake_discord, start_bot, tmp_path, on_database
):
    """Audit finding 13: with secret trades, stash peddles changing hands would show on
    the face-up stashes; only hand cards may be traded, the form and `/grass trade` say
    so, and every public picture is a render of the public view, which names no card
    of the trade."""
    emu = fake_discord
    header = {**GRASS_HEADER, "options": {**OPTIONS, "secret_trades": True}}
    setup = setup_file(tmp_path, "secret", {"grass": {"decks": [HAND_1, HAND_2]}})
    await start_bot(env={"GAME_SETUP_FILE": setup, "GAME_SEED": "5"}, **on_database)
    players = {name: emu.user(name) for name in PLAYERS}
    ann, bob, cy = players.values()
    channel = emu.channel("secret-trades")
    start = await ann.slash(channel, "grass start", target=100000, secret_trades=True)
    table = await start.message()
    for player in (bob, cy):
        await (await player.click(table, "Join")).ack()
    await table.wait_until(lambda m: "(3 of" in m.text)
    await (await ann.click(table, "Start")).ack()
    for version in range(9):  # to bob's turn, his Mexico and cy's Jamaica in their stashes
        await play_move(emu, players, channel, version, MOVES[version])
    refused = await answer(
        await bob.slash(channel, "grass trade", player=cy, take="detained", give_stash="mexico")
    )
    assert "only hand cards can be traded" in refused
    message = await hand_dm(emu, bob, 9)
    assert "trades of hand cards first: 10 offers left" in message.text
    await (await bob.click(message, "Offer a trade…")).ack()
    await message.wait_until(lambda m: "to whom" in m.text)
    await (await bob.click(message, "cy")).ack()
    await message.wait_until(lambda m: "Trade with cy" in m.text)
    form = await (await bob.click(message, "Type it instead…")).modal()
    give, take = "Cards you give from your hand", "Cards you ask from cy's hand"
    assert [f.label for f in form.fields] == [give, take]  # no stash fields
    await (await bob.submit(form, **{give: "Colombia", take: "detained"})).ack()
    await play_move(emu, players, channel, 10, MOVES[10])
    await table.wait_until(lambda m: "bob and cy traded" in m.text)
    assert "Detained" in (await hand_dm(emu, bob, 11)).text  # bob knows what he got
    await quiet(emu)
    for moved in ("Colombia", "Detained"):
        assert all(moved not in texts(v) for m in channel.all_messages for v in m.versions)
    decks = [HAND_1, HAND_2]
    shown = check_public_pictures(channel, grass_pictures(decks, MOVES[:11], header))
    assert shown > 11


# -- Gracias -----------------------------------------------------------------------

GRACIAS_MOVES = gracias_play.MOVES if SLOW else gracias_play.MOVES[:32]
"""Round 1 (4 turns x 4 players x take and split) and its scoring; all 3 rounds slow."""


async def quiet(emu) -> None:
    """A round trip through the bot in another channel, so that the posts and DM edits
    of the last move are done before the run is recorded."""
    eve = emu.user("eve")
    for _ in range(2):
        await (await eve.slash(emu.channel("elsewhere"), "ping")).message()


async def gracias_run(emu, start_bot, tmp_path, tag: str, decks, moves) -> dict[str, Any]:
    setup = setup_file(tmp_path, tag, {"gracias": {"decks": decks}})
    bot = await start_bot(env={"GAME_SETUP_FILE": setup, "GAME_SEED": str(gracias_play.SEED)})
    before = {name: dm_count(emu.user(name)) for name in gracias_play.PLAYERS}
    channel = emu.channel(f"secrecy-{tag}")
    players, table = await gracias_play.open_table(emu, channel)
    for version, move in enumerate(moves):
        await gracias_play.play_move(emu, players, version, move)
    rounds = len(moves) // 32
    # the round's score post (the table's log says "Round N scored" too, a bit earlier)
    await channel.wait_message(lambda m: f"Round {rounds} scored" in m.content and m.id != table.id)
    if rounds == 3:
        await table.wait_until(lambda m: "Game over" in m.text and not m.buttons())
    else:
        await hand_dm(emu, players[gracias_play.MOVES[len(moves)]["by"]], len(moves))
    assert await emu.settle() == []
    await quiet(emu)
    await bot.stop()
    forget_dms(emu, players.values())
    return {
        "public": public_record(channel),
        "dms": {name: dm_record(p, channel, before[name]) for name, p in players.items()},
        "channel": channel,
    }


def gracias_pictures(decks, moves) -> set[bytes]:
    """The table after each move and the round scores, from public views only."""
    from render.gracias import round_score_image, table_image
    from render.progress import gracias_progress_image

    allowed = set()
    for game in steps(gracias_game(gracias_play.HEADER, decks), moves):
        view = game.public_view()
        allowed.add(pixels(to_png(table_image(view))))
        if view.last_round is not None:
            allowed.add(pixels(to_png(round_score_image(view))))
        if game.outcome() is not None:  # the game-over message's chart
            allowed.add(pixels(to_png(gracias_progress_image(view))))
    return allowed


async def test_gracias_channel_is_the_same_for_different_face_down_cards_c5(
    fake_discord, start_bot, tmp_path
):
    decks_a = gracias_play.DECKS
    decks_b = gracias_variant(gracias_play.HEADER, decks_a, gracias_play.MOVES)
    a = await gracias_run(fake_discord, start_bot, tmp_path, "a", decks_a, GRACIAS_MOVES)
    b = await gracias_run(fake_discord, start_bot, tmp_path, "b", decks_b, GRACIAS_MOVES)

    assert sum(map(len, a["public"])) > len(GRACIAS_MOVES)
    assert a["public"] == b["public"], "the channel showed a face-down or hidden card"
    differ = [name for name in gracias_play.PLAYERS if a["dms"][name] != b["dms"][name]]
    assert differ, "the deals differ for some player"
    pictures = check_public_pictures(a["channel"], gracias_pictures(decks_a, GRACIAS_MOVES))
    assert pictures > len(GRACIAS_MOVES)


# -- Replays -----------------------------------------------------------------------


def replay_document(header: dict[str, Any], decks: Any, moves: Any) -> dict[str, Any]:
    return {**header, "decks": [list(deck) for deck in decks], "actions": list(moves)}


def test_replays_of_games_with_different_private_cards_are_the_same_g13_g20_c5():
    """The replays (games/watch.py's steps, the animated GIF and the replay page drawn
    from them) of two games whose deals differ only in cards that stayed private are
    identical, frame for frame and byte for byte, and their words name no card that was
    only ever private to another."""
    grass_b = grass_variant(GRASS_HEADER, [HAND_1, HAND_2], MOVES, MOVES_B, 0, DEALT)
    grass_b = grass_variant(GRASS_HEADER, grass_b, MOVES, MOVES_B, 1, DEALT)
    gracias_b = gracias_variant(gracias_play.HEADER, gracias_play.DECKS, gracias_play.MOVES)
    pairs = [
        (
            replay_document(GRASS_HEADER, [HAND_1, HAND_2], MOVES),
            replay_document(GRASS_HEADER, grass_b, MOVES_B),
        ),
        (
            replay_document(gracias_play.HEADER, gracias_play.DECKS, gracias_play.MOVES),
            replay_document(gracias_play.HEADER, gracias_b, gracias_play.MOVES),
        ),
    ]
    for a, b in pairs:
        steps_a, steps_b = watch(a), watch(b)
        assert len(steps_a) > len(a["actions"]) // 2
        assert steps_a == steps_b, "a replay showed something of the private deal"
        assert game_animation(a, "en").data == game_animation(b, "en").data
        assert replay_page(a, "en") == replay_page(b, "en")
    forbidden = set().union(*grass_forbidden(GRASS_HEADER, [HAND_1, HAND_2], MOVES).values())
    said = " ".join(line for step in watch(pairs[0][0]) for line in step.lines)
    assert forbidden and not {card for card in forbidden if card.title in said}
