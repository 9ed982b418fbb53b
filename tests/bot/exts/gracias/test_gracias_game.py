"""A complete 4-player Gracias game through the emulator, acting as the players: lobby,
hidden cards by DM, each turn in two steps (take a trio, see its face-down card
privately, then keep one card and give the other, C5), "Gracias!" in the table log,
three rounds scored with the round-score image (C6), the winner by C8, results, scores,
the scoreboards and the export; and no hidden card ever in the channel (every version
of every public message, and every public image against renders of the public view)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

from PIL import Image

from games.replay import replay
from render.encode import to_png
from render.gracias import round_score_image, table_image
from render.progress import gracias_progress_image
from tests.bot.gracias_play import MOVES, gracias_bot, open_table, play_move, reference  # noqa: F401
from tests.bot.table import control_ids, hand_dm
from tests.fakediscord.model import Message


def pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


def says(*words: str) -> Callable[[Message], bool]:
    return lambda message: all(word in message.text for word in words)


def shows(control: str) -> Callable[[Message], bool]:
    """The message carries a control whose id contains `control` (":5:split")."""
    return lambda message: any(control in custom_id for custom_id in control_ids(message))


def public_pictures() -> set[bytes]:
    """Every picture the channel may show: the public table after each move, and the
    round scores after each scored round (both drawn from the public view only)."""
    game = reference()
    allowed = {pixels(to_png(table_image(game.public_view())))}
    for move in MOVES:
        events = game.apply_json(move)
        view = game.public_view()
        allowed.add(pixels(to_png(table_image(view))))
        if any(event.kind == "round_scored" for event in events):
            allowed.add(pixels(to_png(round_score_image(view))))
        if game.outcome() is not None:  # the game-over message's chart
            allowed.add(pixels(to_png(gracias_progress_image(view))))
    return allowed


async def test_a_whole_4_player_game_from_start_to_scoreboard_c2_c5_c6_c8(
    fake_discord,
    gracias_bot,  # noqa: F811
):
    emu = fake_discord
    general = emu.channel("general")
    players, table = await open_table(emu, general)
    ann, bob, cy, dee = players.values()
    first = await hand_dm(emu, ann, 0)
    assert first.images() and "Your turn: take a trio" in first.text
    assert "Not your turn" in (await bob.dms())[-1].text

    game = reference()
    scored = 0
    cy_hand = [v for v, move in enumerate(MOVES) if move["by"] == "cy"][:2]
    for version, move in enumerate(MOVES):
        name = move["by"]
        where = None
        if version in cy_hand:  # cy plays from /gracias hand (the closed-DM way)
            await hand_dm(emu, cy, version)
            where = await (await cy.slash(general, "gracias hand")).message()
            assert where.ephemeral and where.images()
        mark = general.mark()
        used = await play_move(emu, players, version, move, where)
        events = game.apply_json(move)
        if "trio" in move:
            # C5: the face-down card is shown to its taker alone, before the choice
            hidden = game.view_for(name).just_taken
            assert hidden is not None
            shown = await used.wait_until(shows(f":{version + 1}:split"))
            assert f"its face-down card is **{hidden.symbol} {hidden.id}**" in shown.text
        else:
            given = f"{name} kept {move['keep']}"
            await table.wait_until(says(given, "Gracias!"))
        if any(event.kind == "round_scored" for event in events):
            scored += 1
            sheet = await general.wait_message(says(f"Round {scored} scored"), after=mark)
            assert sheet.images() and "(C6)" not in sheet.content
            head = "Gracias scores, winner: bob." if scored == 3 else "Gracias scores."
            described = sheet.attachments[0].description or ""
            assert described.startswith(f"{head} Round {scored}: ann "), described
            # Each player's score and total in the message's own words too.
            score_lines = [line for line in sheet.content.split("\n") if " · total " in line]
            assert [line.split(" ")[0] for line in score_lines] == [
                f"**{name}**" for name in ("ann", "bob", "cy", "dee")
            ]
    assert scored == 3
    assert await emu.settle() == [], "every click was answered within Discord's 3 seconds"
    assert emu.rejected == []

    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("bob",)
    over = await general.wait_message(lambda m: "Game over!" in m.content)
    assert bob.mention in over.content and "1. bob: 19 points" in over.content
    await table.wait_until(lambda m: "Game over: bob wins." in m.text and not m.buttons())

    scores = await (await cy.slash(general, "gracias scores")).message()
    assert scores.images()
    assert scores.attachments[0].description == (  # the scores, for screen readers
        "Gracias scores, winner: bob. Round 3: ann 2 (blue 1, purple 1), bob 6 (red 1, "
        "orange 1, yellow 2, green 1, blue 1), cy 5 (yellow 2, green 1, purple 2), dee 6 "
        "(red 1, orange 2, yellow 2, green 1); best round: bob and dee. ann: total 14 "
        "(round 1: 9, round 2: 3, round 3: 2). bob: total 19 (round 1: 7, round 2: 6, "
        "round 3: 6). cy: total 10 (round 1: 1, round 2: 4, round 3: 5). dee: total 13 "
        "(round 1: 1, round 2: 6, round 3: 6)."
    )
    board = await (await dee.slash(general, "gracias scoreboard")).message()
    assert board.images() and "4 players" in board.text
    mine = await (await dee.slash(general, "gracias scoreboard", player=bob)).message()
    assert "place 1, 1 game, 1 win, win rate 100%" in mine.text and "average 19" in mine.text
    overall = await (await ann.slash(general, "scoreboard")).message()
    assert overall.images() and "all games" in overall.text and "4 players" in overall.text
    one = await (await ann.slash(general, "scoreboard", game="gracias")).message()
    assert one.images() and "Gracias scoreboard" in one.text
    exported = await (await ann.slash(general, "gracias export")).message()
    data = json.loads(exported.attachments[0].data)
    assert data["actions"] == MOVES and data["decks"]
    assert replay(data).state_json() == game.state_json()

    # No hidden card in the channel: no hand message words, and every picture in every
    # version of every public message is a render of the public view.
    allowed = public_pictures()
    public = [m for m in general.messages() if m.visible_to is None]
    pictures = 0
    for message in public:
        for version in message.versions:
            assert "Hidden cards" not in version.content
            assert "face-down card is" not in version.content
            for attachment in version.attachments:
                if attachment.filename == "scoreboard.png":
                    continue  # standings only, after the game
                pictures += 1
                assert attachment.filename != "hand.png"
                assert pixels(attachment.data) in allowed, attachment.filename
    assert pictures >= len(MOVES)
