"""The messages of a game not started yet (bot/core/lobby_messages.py), drawn from rows
and seats stored on a real SQLite file: a lobby (its host, options, turn timer,
language and seats, its buttons and language menu), a rematch's lobby waiting for the
last game's players, a challenge, and the fields a message is sent with (its words in
the table's language, nobody pinged but the members asked for). What the lobbies
service does with them is tests/bot/core/test_lobbies.py."""

from __future__ import annotations

from typing import Any

import discord

from bot.core.gameui import GameButton, GameSelect
from bot.core.lobby_messages import (
    challenge_message,
    drawn,
    lobby_message,
    message_fields,
    timer_text,
)
from bot.core.screen import Lobby
from bot.core.storage import GameRow, SeatRow, Storage
from tests.bot.core.harness import KINDS

ANN, BOB, CY = 10, 11, 12
SERVER, CHANNEL = 1, 50
PRIMARY, SECONDARY = discord.ButtonStyle.primary, discord.ButtonStyle.secondary
SUCCESS, DANGER = discord.ButtonStyle.success, discord.ButtonStyle.danger
CLOSING = "Press **Join** to take a seat; the host presses **Start**."


async def lobby(
    storage: Storage, kind: str = "grass", people: tuple[int, ...] = (ANN, BOB), **more: Any
) -> tuple[GameRow, list[SeatRow]]:
    """A lobby opened by ann, with `people` seated (ann first) and `more` of `create_game`."""
    names = {ANN: "ann", BOB: "bob", CY: "cy"}
    game_id = await storage.create_game(SERVER, CHANNEL, kind, {}, ANN, "ann", **more)
    for user_id in people[1:]:
        await storage.add_seat(game_id, user_id, names[user_id])
    row = await storage.game(game_id)
    assert row is not None
    return row, list(await storage.seats(game_id))


def controls(view: discord.ui.View) -> list[tuple[str, Any, Any, Any]]:
    """Each control's custom id, label, style (a menu: its type) and row."""
    found = []
    for child in view.children:
        assert isinstance(child, GameButton | GameSelect)
        item: Any = child.item
        style = item.style if isinstance(item, discord.ui.Button) else item.type
        found.append((item.custom_id, getattr(item, "label", None), style, item.row))
    return found


async def test_a_lobby_tells_its_host_options_timer_language_and_seats(storage):
    row, _ = await lobby(storage)
    await storage.add_ai_seat(row.id, "Robot 1 (easy)", "easy")
    text, _ = lobby_message(KINDS["grass"], row, await storage.seats(row.id))
    lines = str(text).split("\n")
    assert lines[0] == "**Grass**: a new game, hosted by <@10>."
    assert str(KINDS["grass"].ui.lobby_options_text(row.options)) in text
    assert "Turn timer: 3 minutes (a reminder at half time;" in text  # Grass's default
    assert lines[-6:] == [
        "Language of the table: English (the host can change it below).",
        "Players (3 of 2 to 6):",
        "1. <@10>",
        "2. <@11>",
        "3. Robot 1 (easy)",
        CLOSING,
    ]


async def test_a_lobby_has_its_buttons_and_the_hosts_language_menu(storage):
    row, seats = await lobby(storage, language="de")
    _, view = lobby_message(KINDS["grass"], row, seats)
    game = row.id
    assert controls(view) == [
        (f"g:{game}:0:join", "Join", PRIMARY, None),
        (f"g:{game}:0:leave", "Leave", SECONDARY, None),
        (f"g:{game}:0:start", "Start", SUCCESS, None),
        (f"g:{game}:0:cancel", "Cancel", DANGER, None),
        (f"g:{game}:0:ai_easy", "Add AI (easy)", SECONDARY, 1),
        (f"g:{game}:0:ai_hard", "Add AI (hard)", SECONDARY, 1),
        (f"g:{game}:0:ai_remove", "Remove AI", SECONDARY, 1),
        (f"s:{game}:0:language", None, discord.ComponentType.string_select, 2),
    ]
    language = view.children[-1]
    assert isinstance(language, GameSelect)
    menu = language.item
    assert [(o.label, o.value, o.default) for o in menu.options] == [
        ("English", "en", False),
        ("Français", "fr", False),
        ("Italiano", "it", False),
        ("Deutsch", "de", True),  # the table's language, chosen
    ]


async def test_the_timer_line_says_off_slow_or_minutes(storage):
    row, _ = await lobby(storage)

    async def timer(minutes: int | None) -> str:
        await storage.set_turn_minutes(row.id, minutes)
        stored = await storage.game(row.id)
        assert stored is not None
        return str(timer_text(stored, KINDS["grass"].turn_minutes))

    assert await timer(0) == "Turn timer: off."
    assert (await timer(1)).startswith("Turn timer: 1 minute (a reminder at half time;")
    assert (await timer(None)).startswith("Turn timer: 3 minutes (")
    assert (await timer(2 * 24 * 60)).startswith("A slow game: 2 days for each turn (")
    assert (await timer(3 * 60)).endswith("takes the seat after 3 turns in a row).")


async def test_a_rematch_waits_for_the_last_games_players_not_back_yet(storage):
    last, _ = await lobby(storage, people=(ANN, BOB, CY))
    row, seats = await lobby(storage, people=(ANN, CY), rematch_of=last.id)
    text, _ = lobby_message(KINDS["grass"], row, seats, expected=[ANN, BOB, CY])
    lines = str(text).split("\n")
    assert lines[0] == "**Grass**: a rematch, asked for by <@10>."
    assert lines[-1] == (
        "Waiting for <@11>: press **Join** here or **Rematch** on the game-over message. "
        "The game starts once everyone is back, or in 2 minutes with those who are."
    )
    assert CLOSING not in text


async def test_a_challenge_names_both_players_and_who_presses_what(storage):
    row, seats = await lobby(storage, "graps")  # ann challenges bob
    text, view = challenge_message(KINDS["graps"], row, seats)
    lines = str(text).split("\n")
    assert lines[0] == "**Graps**: <@10> challenges <@11>."
    assert lines[-1] == "<@11>, press **Accept** to play or **Decline**; <@10> may **Cancel**."
    game = row.id
    assert controls(view) == [
        (f"g:{game}:0:accept_game", "Accept", SUCCESS, None),
        (f"g:{game}:0:decline_game", "Decline", DANGER, None),
        (f"g:{game}:0:cancel", "Cancel", SECONDARY, None),
        (f"s:{game}:0:language", None, discord.ComponentType.string_select, 2),
    ]


async def test_a_messages_fields_speak_the_tables_language_and_ping_only_those_pinged(storage):
    row, seats = await lobby(storage, language="fr")
    text, view = lobby_message(KINDS["grass"], row, seats)
    fields = message_fields(row, text, view, pinged=[BOB])
    # French puts a no-break space before a colon.
    assert fields["content"].startswith("**Grass**\u00a0: une nouvelle partie, ouverte par <@10>.")
    assert "Langue de la table\u00a0: Français" in fields["content"]
    assert fields["view"] is view and controls(view)[0][1] == "Rejoindre"
    mentions = fields["allowed_mentions"]
    assert [user.id for user in mentions.users] == [BOB]
    # @everyone and roles are left to the client's defaults, which the bot turns off.
    bots_default = discord.AllowedMentions(everyone=False, roles=False, users=True)
    assert bots_default.merge(mentions).to_dict()["parse"] == []


async def test_an_italian_lobby_names_its_host_by_a_short_phrase(storage):
    """The lobby speaks of its host twice after naming them: "chi ha aperto il tavolo"
    each time made three long phrases of one lobby."""
    row, seats = await lobby(storage, language="it")
    text, view = lobby_message(KINDS["grass"], row, seats)
    content = message_fields(row, text, view, pinged=[])["content"]
    assert content.startswith("**Grass**: una nuova partita, aperta da <@10>.")
    assert "chi ha aperto il tavolo" not in content
    assert content.count("chi ospita") == 2, content


async def test_a_message_without_pings_pings_nobody_and_without_a_view_drops_it(storage):
    row, seats = await lobby(storage)
    text, _ = lobby_message(KINDS["grass"], row, seats)
    fields = message_fields(row, text)
    assert fields["content"] == text  # English: no language stored
    assert fields["view"] is None
    assert fields["allowed_mentions"].to_dict() == {"parse": []}


async def test_what_a_service_asks_for_is_drawn_as_the_message_it_names(storage):
    row, seats = await lobby(storage)
    grass = KINDS["grass"]
    drawn_lobby = drawn(Lobby(grass, row, tuple(seats)))
    assert drawn_lobby["content"] == lobby_message(grass, row, seats)[0]
    assert drawn_lobby["view"] is not None
    assert drawn_lobby["allowed_mentions"].users is False  # the seated are listed, not pinged
    words = drawn(Lobby(grass, row, words="~~Grass lobby~~: cancelled by <@10>."))
    assert words["content"] == "~~Grass lobby~~: cancelled by <@10>." and words["view"] is None
    game_id = await storage.create_game(SERVER, CHANNEL + 1, "graps", {}, ANN, "ann")
    await storage.add_challenged(game_id, BOB, "bob")
    challenge = await storage.game(game_id)
    assert challenge is not None
    both = tuple(await storage.seats(game_id))
    drawn_challenge = drawn(Lobby(KINDS["graps"], challenge, both, pinged=(BOB,)))
    assert drawn_challenge["content"] == challenge_message(KINDS["graps"], challenge, both)[0]
    assert [user.id for user in drawn_challenge["allowed_mentions"].users] == [BOB]
