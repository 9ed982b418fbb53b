"""What a tournament says (bot/core/tournaments.py): its sign-up message, each round's
opening, the standings in words and as a picture, and its answers to a member. Plain
values: the Discord side sends them in the tournament's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from babel.numbers import format_decimal

from bot.core.kinds import GameKind
from bot.core.language import channel_mention, mention, moment, moment_from_now, time_span
from bot.core.pairing import Standing
from bot.core.storage.tournaments import Board, EntrantRow, TournamentRow
from games.text import Text, _, _n, joined
from lang import money_in
from render.scoreboard import Scoreboard

FRACTIONS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 5): "⅕",
    Fraction(2, 5): "⅖",
    Fraction(3, 5): "⅗",
    Fraction(4, 5): "⅘",
    Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚",
}
"""Points shared on a tie are halves, thirds... of whole points: "2½" reads the same in
every language."""
LISTED_MOST = 20
"""Standings lines a message lists; the picture and `/tournament standings` have all."""


@dataclass(frozen=True)
class Notice:
    """One tournament message: its words, the members it pings (nobody else is), the
    standings picture, and whether it carries the sign-up buttons (Join, Leave)."""

    words: Text
    pinged: tuple[int, ...] = ()
    standings: Scoreboard | None = None
    signup: bool = False


def figure(value: float, language: str) -> str:
    """Points as a whole number and a fraction ("2½"), or a decimal in the language."""
    exact = Fraction(value).limit_denominator(60)
    whole, part = divmod(exact, 1)
    if part == 0:
        return format_decimal(int(whole), locale=language)
    if part in FRACTIONS:
        return (str(int(whole)) if whole else "") + FRACTIONS[part]
    return format_decimal(round(value, 2), locale=language)


def title(tournament: TournamentRow, record: GameKind) -> Text:
    return _("{game} tournament", game=record.words.title)


def pairing_words(tournament: TournamentRow, record: GameKind) -> Text:
    if tournament.table_size == 2:
        return _("Swiss pairing, a bye scoring as a win")
    return _n(
        "tables of {count} grouped by the standings, rank points 6 for the first down to 1 "
        "for the last",
        "tables of {count} grouped by the standings, rank points 6 for the first down to 1 "
        "for the last",
        tournament.table_size,
    )


def signup_notice(
    tournament: TournamentRow, record: GameKind, entrants: Sequence[EntrantRow]
) -> Notice:
    names = [entrant.name for entrant in entrants]
    rounds = _n("{count} round", "{count} rounds", tournament.rounds)
    head = _(
        "🏆 **{tournament}**, hosted by {host}: {rounds}, {pairing}; {pace} per turn.",
        tournament=title(tournament, record),
        host=mention(tournament.host_id),
        rounds=rounds,
        pairing=pairing_words(tournament, record),
        pace=time_span(tournament.pace),
    )
    when = _(
        "Sign-ups close {moment} ({from_now}); the first round opens then, or when the host "
        "starts it. Each game is played in a thread of this channel.",
        moment=moment(tournament.closes),
        from_now=moment_from_now(tournament.closes),
    )
    listed = _n(
        "**{count} player**: {names}",
        "**{count} players**: {names}",
        len(names),
        names=", ".join(names),
    )
    return Notice(joined("\n", [head, when, listed]), signup=True)


def closed_signup(
    tournament: TournamentRow, record: GameKind, cancelled: bool = False, short: int | None = None
) -> Notice:
    """The sign-up message once sign-ups are over: started, or called off."""
    name = title(tournament, record)
    if short is not None:
        words = _n(
            "~~{tournament}~~: called off, as only {count} player signed up by the close.",
            "~~{tournament}~~: called off, as only {count} players signed up by the close.",
            short,
            tournament=name,
        )
    elif cancelled:
        words = _("~~{tournament}~~: called off by its host.", tournament=name)
    else:
        words = _(
            "🏆 **{tournament}**: sign-ups are closed; the rounds open below.", tournament=name
        )
    return Notice(words)


def joined_words(tournament: TournamentRow, record: GameKind) -> Text:
    return _(
        "You are signed up for the {tournament}. The first round opens {moment} at the "
        "latest; you are mentioned here when each of your games opens in its thread.",
        tournament=title(tournament, record),
        moment=moment(tournament.closes),
    )


def left_words(tournament: TournamentRow) -> Text:
    if tournament.round == 0:
        return _("You are no longer signed up for this tournament.")
    return _(
        "You left the tournament: you will not be paired in the rounds to come. A game of "
        "yours under way plays on."
    )


def board_label(tournament: TournamentRow, board: Board) -> Text:
    if tournament.table_size == 2:
        return _("board {number}", number=board.board)
    return _("table {number}", number=board.board)


def board_heading(tournament: TournamentRow, board: Board) -> Text:
    """A board's label at the start of a line ("Board 2")."""
    if tournament.table_size == 2:
        return _("Board {number}", number=board.board)
    return _("Table {number}", number=board.board)


def thread_name(tournament: TournamentRow, record: GameKind, board: Board) -> Text:
    return _(
        "{tournament} · round {round} · {board}",
        tournament=title(tournament, record),
        round=board.round,
        board=board_label(tournament, board),
    )


def board_words(
    tournament: TournamentRow, record: GameKind, board: Board, names: Sequence[str]
) -> Text:
    """A board's first message in its thread, as its game starts."""
    where = _(
        "**{tournament}**, round {round} of {rounds}, {board}",
        tournament=title(tournament, record),
        round=board.round,
        rounds=tournament.rounds,
        board=board_label(tournament, board),
    )
    if len(names) == 2:
        who = _("{first} against {second}; {first} begins.", first=names[0], second=names[1])
    else:
        who = _("{players}; {first} begins.", players=", ".join(names), first=names[0])
    # TRANSLATORS: a tournament game's first message: where it stands, then who plays.
    return _("{where}: {who}", where=where, who=who)


def _line(tournament: TournamentRow, board: Board, threads: Mapping[int, int]) -> Text:
    people = [mention(player) for player in board.players]
    if board.bye:
        return _("Bye: {player} (scores as a win)", player=people[0])
    label = board_heading(tournament, board)
    if len(people) == 2:
        players = _("{first} against {second}", first=people[0], second=people[1])
    else:
        players = joined(", ", people)
    thread = threads.get(board.board)
    if thread is None:
        return _("{board}: {players}", board=label, players=players)
    return _(
        "{board}: {players}, in {thread}",
        board=label,
        players=players,
        thread=channel_mention(thread),
    )


def round_notice(
    tournament: TournamentRow,
    record: GameKind,
    entrants: Sequence[EntrantRow],
    ranked: Sequence[Standing],
    boards: Sequence[Board],
    threads: Mapping[int, int],
) -> Notice:
    """A round's opening: every board with its thread, the players pinged, and after
    the first round the standings so far."""
    current = [board for board in boards if board.round == tournament.round]
    head = _(
        "🏆 **{tournament}, round {round} of {rounds}**: your games are open, each in its "
        "thread; {pace} per turn. A player who does not show is replaced by the computer "
        "and scores last.",
        tournament=title(tournament, record),
        round=tournament.round,
        rounds=tournament.rounds,
        pace=time_span(tournament.pace),
    )
    lines = [head, *(_line(tournament, board, threads) for board in current)]
    pinged = tuple(player for board in current for player in board.players)
    picture = None
    if tournament.round > 1:
        done = tournament.round - 1
        lines.append(_("Standings after round {round}:", round=done))
        lines += standings_lines(tournament, record, entrants, ranked, LISTED_MOST)
        picture = standings_board(tournament, record, entrants, ranked, done)
    return Notice(joined("\n", lines), pinged=pinged, standings=picture)


def standings_notice(
    tournament: TournamentRow,
    record: GameKind,
    entrants: Sequence[EntrantRow],
    ranked: Sequence[Standing],
    done: int,
) -> Notice:
    if done == 0:
        head = _("**{tournament}**: no round is over yet.", tournament=title(tournament, record))
    else:
        head = _(
            "**{tournament}**: standings after round {round} of {rounds}.",
            tournament=title(tournament, record),
            round=done,
            rounds=tournament.rounds,
        )
    lines = [head, *standings_lines(tournament, record, entrants, ranked, LISTED_MOST)]
    return Notice(
        joined("\n", lines), standings=standings_board(tournament, record, entrants, ranked, done)
    )


def final_notice(
    tournament: TournamentRow,
    record: GameKind,
    entrants: Sequence[EntrantRow],
    ranked: Sequence[Standing],
) -> Notice:
    names = {entrant.user_id: entrant.name for entrant in entrants}
    head = _(
        "🏆 **{tournament}: final standings.** {winner} wins the tournament!",
        tournament=title(tournament, record),
        winner=names[ranked[0].player],
    )
    lines = [head, *standings_lines(tournament, record, entrants, ranked, LISTED_MOST)]
    picture = standings_board(tournament, record, entrants, ranked, tournament.rounds, final=True)
    return Notice(joined("\n", lines), standings=picture)


def tiebreak_figure(tournament: TournamentRow, record: GameKind, standing: Standing) -> str:
    """The tie-break's figure: Buchholz points, or the total score (dollars in Grass)."""
    language = tournament.language or "en"
    if tournament.table_size != 2 and record.words.money:
        return money_in(int(standing.tiebreak), language)
    return figure(standing.tiebreak, language)


def _tiebreak(tournament: TournamentRow, record: GameKind, standing: Standing) -> Text:
    shown = tiebreak_figure(tournament, record, standing)
    if tournament.table_size == 2:
        return _("Buchholz {points}", points=shown)
    return _("total {amount}", amount=shown)


def standings_lines(
    tournament: TournamentRow,
    record: GameKind,
    entrants: Sequence[EntrantRow],
    ranked: Sequence[Standing],
    most: int,
) -> list[Text]:
    """ "1. ann: 2½ points · Buchholz 3 · 3 games", the leaders first."""
    language = tournament.language or "en"
    names = {entrant.user_id: entrant.name for entrant in entrants}
    dropped = {e.user_id for e in entrants if e.dropped_after is not None}
    lines = []
    for place, standing in enumerate(ranked[:most], start=1):
        points = _n(
            "{points} point",
            "{points} points",
            1 if standing.points == 1 else 2,
            points=figure(standing.points, language),
        )
        played = _n("{count} game", "{count} games", standing.games)
        if standing.byes:
            played = joined(" · ", [played, _n("{count} bye", "{count} byes", standing.byes)])
        line = _(
            "{place}. **{name}**: {points} · {tiebreak} · {games}",
            place=place,
            name=names[standing.player],
            points=points,
            tiebreak=_tiebreak(tournament, record, standing),
            games=played,
        )
        if standing.player in dropped:
            line = _("{line} (left)", line=line)
        lines.append(line)
    if len(ranked) > most:
        lines.append(_n("…and {count} more.", "…and {count} more.", len(ranked) - most))
    return lines


def standings_board(
    tournament: TournamentRow,
    record: GameKind,
    entrants: Sequence[EntrantRow],
    ranked: Sequence[Standing],
    done: int,
    final: bool = False,
) -> Scoreboard:
    """The standings as a picture: the scoreboard's sheet, a row per player (place and
    name, points), their tie-break and games under them."""
    language = tournament.language or "en"
    names = {entrant.user_id: entrant.name for entrant in entrants}
    if final:
        heading = _("{tournament}: final standings", tournament=title(tournament, record))
    else:
        heading = _(
            "{tournament}: after round {round} of {rounds}",
            tournament=title(tournament, record),
            round=done,
            rounds=tournament.rounds,
        )
    tiebreak = _("Buchholz") if tournament.table_size == 2 else _("total")
    columns = (_("Player"), _("Points"), tiebreak, _("games"), _("byes"))
    rows = []
    for place, standing in enumerate(ranked, start=1):
        second = tiebreak_figure(tournament, record, standing)
        rows.append(
            (
                f"{place}. {names[standing.player]}",
                figure(standing.points, language),
                second,
                str(standing.games),
                str(standing.byes) if standing.byes else "-",
            )
        )
    return Scoreboard(heading, columns, tuple(rows), 0 if final else None)
