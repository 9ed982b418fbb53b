"""What a tournament's rounds so far make: the standings, and the next round's boards.
Plain values in and out (the boards as storage gives them); the pairing itself is
bot/core/pairing.py's.

A board's outcome comes from its game's results. A player whose seat the computer took
over for their absence (or who has no result: the game was abandoned) forfeits: in a
two-player game the opponent wins, and if both forfeited neither scores; at a table,
those who forfeited share the last places with no score. Everyone else is ranked by
their places in the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.core.pairing import (
    Entrant,
    Standing,
    seat_tables,
    swiss_round,
    swiss_standings,
    table_standings,
)
from bot.core.storage.tournaments import Board

DARK, LIGHT = "dark", "light"


def places(board: Board) -> dict[int, int]:
    """Each player's place at the board's game, those who forfeited sharing the place
    after the last (`len(players) + 1`)."""
    last = len(board.players) + 1
    found = {result.user_id: result.place for result in board.results}
    return {
        player: found[player] if found.get(player, last) < last else last
        for player in board.players
    }


def scores(board: Board) -> dict[int, int]:
    found = {result.user_id: result.score for result in board.results}
    return {player: found.get(player, 0) for player in board.players}


def duel_points(board: Board) -> tuple[float, float]:
    """A two-player board's points (seat 0's, seat 1's): 1 for a win, ½ each for a draw,
    0 each when both forfeited."""
    first, second = (places(board)[player] for player in board.players)
    last = len(board.players) + 1
    if first == second:
        return (0.0, 0.0) if first == last else (0.5, 0.5)
    return (1.0, 0.0) if first < second else (0.0, 1.0)


def standings(
    players: Sequence[int], boards: Sequence[Board], duel: bool, through: int
) -> list[Standing]:
    """The standings of `players` (every entrant, in order of entry) after round
    `through`: a later round's bye counts once its round is over."""
    done = [board for board in boards if board.round <= through and board.over]
    if duel:
        games = [
            (board.players[0], board.players[1], *duel_points(board))
            for board in done
            if not board.bye
        ]
        byes = [board.players[0] for board in done if board.bye]
        return swiss_standings(players, games, byes)
    tables: list[Mapping[int, tuple[float, float]]] = []
    for board in done:
        at, won = places(board), scores(board)
        tables.append({player: (at[player], won[player]) for player in board.players})
    return table_standings(players, tables)


def field(
    playing: Sequence[int], ranked: Sequence[Standing], boards: Sequence[Board]
) -> list[Entrant]:
    """The players still `playing`, in standings order, with who they met, their byes and
    their sides so far."""
    met: dict[int, set[int]] = {player: set() for player in playing}
    sides: dict[int, list[str]] = {player: [] for player in playing}
    byes = {player: 0 for player in playing}
    for board in boards:
        for seat, player in enumerate(board.players):
            if player not in met:
                continue
            if board.bye:
                byes[player] += 1
                continue
            met[player].update(other for other in board.players if other != player)
            sides[player].append(DARK if seat == 0 else LIGHT)
    return [
        Entrant(
            standing.player,
            standing.points,
            frozenset(met[standing.player]),
            byes[standing.player],
            sides[standing.player].count(DARK),
            sides[standing.player].count(LIGHT),
            sides[standing.player][-1] if sides[standing.player] else None,
        )
        for standing in ranked
        if standing.player in met
    ]


def next_boards(
    entrants: Sequence[Entrant], duel: bool, target: int, smallest: int, largest: int
) -> list[tuple[int, ...]]:
    """The round's boards, each its players in seat order: Swiss pairs (dark first) and
    the bye last, or tables grouped by the standings. `ValueError` for a field the game
    cannot seat."""
    if duel:
        found = swiss_round(entrants)
        boards: list[tuple[int, ...]] = [tuple(pair) for pair in found.pairs]
        if found.bye is not None:
            boards.append((found.bye,))
        return boards
    return [tuple(table) for table in seat_tables(entrants, target, smallest, largest)]
