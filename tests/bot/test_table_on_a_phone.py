"""The table message on a phone: its text over the picture (whose moment it is, the
game's line, each seat's figures), the picture, the last actions and the controls
stand in about one phone screen for up to four players and at most 1.3 screens for
five or six (tests/bot/screens.py models the phone). Measured every few moves over a
game's first moves, in English and German (the longest words), the tallest kept."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import discord
import pytest

from bot.core.gameui import ANY_VERSION, Control, GameButton, SharedVerb
from bot.core.kinds import GameKind
from bot.core.session import Session
from bot.core.storage import GameRow, SeatRow, Status
from bot.core.table_words import table_message_words
from bot.exts.gracias import KIND as GRACIAS
from bot.exts.graps import KIND as GRAPS
from bot.exts.grass import KIND as GRASS
from games.registry import game_class
from lang import speaking
from tests.bot.screens import screens

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")
EVERY = 9  # moves between two looks
MOVES = 180  # moves looked at: a table's height hangs on its players, not on the hour
MOST = {2: 1.05, 3: 1.05, 4: 1.05, 5: 1.3, 6: 1.3}
"""The most phone screens a table message may take, by the number of players: about
one (within 5%) up to four, 1.3 for five or six."""

CASES = [
    *((GRASS, n, {"target": 250_000}) for n in range(2, 7)),
    *((GRACIAS, n, {}) for n in range(3, 7)),
    (GRAPS, 2, {}),
]


def tallest(kind: GameKind, players: int, options: dict[str, int], language: str) -> float:
    names = list(NAMES[:players])
    engine = game_class(kind.name).create(names, options, 7)
    row = GameRow(1, 1, 1, kind.name, options, Status.RUNNING, 100, None, None, 0, None)
    row = replace(row, language=language)
    seats = [SeatRow(1, n, 100 + n, name, None, None, None, False) for n, name in enumerate(names)]
    button = GameButton(Control(1, ANY_VERSION, SharedVerb.HAND), "Show my hand")
    rng = random.Random(7)
    most, step = 0.0, 0
    while engine.outcome() is None and engine.awaiting and step < MOVES:
        if step % EVERY == 0:
            session = Session(row, engine, seats, Status.RUNNING, None, kind)
            words = table_message_words(session, 60.0)
            with speaking(language):
                picture = kind.pictures.table(session.public_view())
            file = discord.File(io.BytesIO(b""), filename="table.png")
            components = words.laid_out(file, [button]).to_components()
            most = max(most, screens(components, {"table.png": picture.size}))
        mover = engine.awaiting[0]
        engine.apply(rng.choice(list(engine.legal_actions(mover))))
        step += 1
    return most


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(
    ("kind", "players", "options"), CASES, ids=[f"{k.name}-{n}" for k, n, _ in CASES]
)
def test_the_table_message_stands_in_about_one_phone_screen(
    kind: GameKind, players: int, options: dict[str, int], language: str
) -> None:
    found = tallest(kind, players, options, language)
    assert found <= MOST[players], f"{found:.2f} phone screens"
