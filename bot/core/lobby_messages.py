"""The messages of a game that has not started, drawn as the table is (bot/core/
publisher.py draws the table): a lobby with its seats and buttons, a rematch's lobby
waiting for the last game's players, and a challenge to one member. Words are `Text`s,
translated where the message is sent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.core.gameui import ANY_VERSION, Control, GameButton, GameSelect, LobbyVerb, view_of
from bot.core.kinds import GameKind
from bot.core.language import mention, public, time_span
from bot.core.limits import EXPIRIES_TO_REPLACE, REMATCH_MINUTES, slow, turn_minutes
from bot.core.screen import Lobby
from bot.core.storage import GameRow, SeatRow
from games.text import Text, _, _n, _p, joined
from lang import ENGLISH, LANGUAGES, NAMES

Fields = dict[str, Any]
"""A message's content, view and allowed mentions, as the fields of a send or edit."""


def message_fields(
    row: GameRow, text: str, view: discord.ui.View | None = None, pinged: Sequence[int] = ()
) -> Fields:
    """A message of the game in its language; nobody pinged but the members `pinged`."""
    speech = public(row.language)
    if pinged:
        users = [discord.Object(user_id) for user_id in pinged]
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=users)
    else:
        mentions = discord.AllowedMentions.none()
    return {
        "content": speech(text),
        "view": speech.view(view) if view is not None else None,
        "allowed_mentions": mentions,
    }


def drawn(lobby: Lobby) -> Fields:
    """The message a service asked for (`Lobby`), as the fields of a send or edit."""
    row, record = lobby.row, lobby.record
    if lobby.words is not None:
        return message_fields(row, lobby.words, pinged=lobby.pinged)
    if row.challenged_id is not None:
        text, view = challenge_message(record, row, lobby.seats)
    else:
        text, view = lobby_message(record, row, lobby.seats, lobby.expected)
    return message_fields(row, text, view, pinged=lobby.pinged)


def timer_text(row: GameRow, default: int) -> Text:
    minutes = turn_minutes(row, default)
    if minutes == 0:
        return _("Turn timer: off.")
    if slow(row):
        return _(
            "A slow game: {time} for each turn (a reminder at half time; then the computer "
            "moves for an absent player, and takes the seat after {turns} turns in a row).",
            time=time_span(minutes),
            turns=EXPIRIES_TO_REPLACE,
        )
    return _n(
        "Turn timer: {count} minute (a reminder at half time; then the computer moves for an "
        "absent player, and takes the seat after {turns} turns in a row).",
        "Turn timer: {count} minutes (a reminder at half time; then the computer moves for an "
        "absent player, and takes the seat after {turns} turns in a row).",
        minutes,
        turns=EXPIRIES_TO_REPLACE,
    )


def seat_line(number: int, seat: SeatRow) -> Text:
    who = seat.name if seat.is_ai else mention(seat.user_id)
    return Text.verbatim("{number}. {player}", number=number, player=who)


def language_line(row: GameRow) -> Text:
    """Which language the table will speak, each language named in its own words."""
    name = Text.verbatim("{name}", name=NAMES[row.language or ENGLISH])
    return _("Language of the table: {language} (the host can change it below).", language=name)


def language_menu(row: GameRow) -> GameSelect:
    """The host's one-click switch of the table's language: each language in its own
    words, the current one shown as chosen."""
    current = row.language or ENGLISH
    options = [
        discord.SelectOption(label=NAMES[code], value=code, default=code == current)
        for code in LANGUAGES
    ]
    control = Control(row.id, ANY_VERSION, LobbyVerb.LANGUAGE)
    return GameSelect(control, _("Language of the table"), options, row=2)


def _button(
    game: int,
    verb: LobbyVerb,
    label: Text,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    row: int | None = None,
) -> GameButton:
    return GameButton(Control(game, ANY_VERSION, verb), label, style, row=row)


def lobby_message(
    kind: GameKind, row: GameRow, seats: Sequence[SeatRow], expected: Sequence[int] = ()
) -> tuple[str, discord.ui.View]:
    """The lobby; for a rematch, `expected` are the players it waits for."""
    cls = kind.engine
    title, host = kind.words.title, mention(row.host_id)
    seated = joined("\n", [seat_line(n, seat) for n, seat in enumerate(seats, start=1)])
    opening = _("**{game}**: a new game, hosted by {host}.", game=title, host=host)
    closing = _("Press **Join** to take a seat; the host presses **Start**.")
    if row.rematch_of is not None:
        here = {seat.user_id for seat in seats}
        waiting = joined(" ", [mention(user_id) for user_id in expected if user_id not in here])
        opening = _("**{game}**: a rematch, asked for by {host}.", game=title, host=host)
        # TRANSLATORS: {players} are the mentions of the players the rematch waits for.
        closing = _n(
            "Waiting for {players}: press **Join** here or **Rematch** on the game-over "
            "message. The game starts once everyone is back, or in {count} minute with those "
            "who are.",
            "Waiting for {players}: press **Join** here or **Rematch** on the game-over "
            "message. The game starts once everyone is back, or in {count} minutes with those "
            "who are.",
            REMATCH_MINUTES,
            players=waiting,
        )
    # TRANSLATORS: {count} players are seated; the game is for {low} to {high} players.
    players = _(
        "Players ({count} of {low} to {high}):",
        count=len(seats),
        low=cls.min_players,
        high=cls.max_players,
    )
    text = joined(
        "\n",
        [
            opening,
            kind.ui.lobby_options_text(row.options),
            timer_text(row, kind.turn_minutes),
            language_line(row),
            players,
            seated,
            closing,
        ],
    )
    game, primary, success = row.id, discord.ButtonStyle.primary, discord.ButtonStyle.success
    items: list[discord.ui.Item[Any]] = [
        _button(game, LobbyVerb.JOIN, _p("button", "Join"), primary),
        _button(game, LobbyVerb.LEAVE, _p("button", "Leave")),
        _button(game, LobbyVerb.START, _p("button", "Start"), success),
        _button(game, LobbyVerb.CANCEL, _p("button", "Cancel"), discord.ButtonStyle.danger),
    ]
    if kind.computer_players:  # the host fills seats with computer players
        items += [
            _button(game, LobbyVerb.AI_EASY, _p("button", "Add AI (easy)"), row=1),
            _button(game, LobbyVerb.AI_HARD, _p("button", "Add AI (hard)"), row=1),
            _button(game, LobbyVerb.AI_REMOVE, _p("button", "Remove AI"), row=1),
        ]
    items.append(language_menu(row))
    return text, view_of(items)


def challenge_message(
    kind: GameKind, row: GameRow, seats: Sequence[SeatRow]
) -> tuple[str, discord.ui.View]:
    """The challenge: the host (seat 0) against the invited player (seat 1); the host
    switches the table's language as in a lobby."""
    host, opponent = mention(seats[0].user_id), mention(seats[1].user_id)
    text = joined(
        "\n",
        [
            _(
                "**{game}**: {host} challenges {opponent}.",
                game=kind.words.title,
                host=host,
                opponent=opponent,
            ),
            kind.ui.lobby_options_text(row.options),
            language_line(row),
            _(
                "{opponent}, press **Accept** to play or **Decline**; {host} may **Cancel**.",
                opponent=opponent,
                host=host,
            ),
        ],
    )
    items = [
        _button(row.id, LobbyVerb.ACCEPT_GAME, _p("button", "Accept"), discord.ButtonStyle.success),
        _button(
            row.id, LobbyVerb.DECLINE_GAME, _p("button", "Decline"), discord.ButtonStyle.danger
        ),
        _button(row.id, LobbyVerb.CANCEL, _p("button", "Cancel")),
        language_menu(row),
    ]
    return text, view_of(items)
