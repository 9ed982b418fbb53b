"""Control verbs are named values: every verb enum of the bot derives from
`bot.core.gameui.Verb`, a control is built from a member, and the members' values are
the words custom ids already sent hold (so old buttons still route)."""

from __future__ import annotations

import re

import pytest

import bot.exts.gracias.ui
import bot.exts.graps.picker
import bot.exts.grass.trade
import bot.exts.grass.ui
from bot.core import takeback
from bot.core.gameui import _TAIL, Control, LobbyVerb, SharedVerb, Verb
from games.registry import Level

VERBS = [
    SharedVerb,
    LobbyVerb,
    takeback.TakeBackVerb,
    bot.exts.grass.ui.GrassVerb,
    bot.exts.grass.trade.TradeVerb,
    bot.exts.gracias.ui.GraciasVerb,
    bot.exts.graps.picker.GrapsVerb,
]


@pytest.mark.parametrize("verbs", VERBS, ids=lambda verbs: verbs.__name__)
def test_every_verb_is_a_named_word_of_the_custom_ids(verbs: type[Verb]) -> None:
    assert issubclass(verbs, Verb)
    for verb in verbs:
        control = Control(12, 3, verb, ("a1",))
        assert re.fullmatch("g" + _TAIL, control.custom_id())
        assert control.custom_id() == f"g:12:3:{verb.value}:a1"


def test_the_lobby_s_computer_buttons_name_the_levels_stored() -> None:
    assert Level(LobbyVerb.AI_EASY.removeprefix("ai_")) is Level.EASY
    assert Level(LobbyVerb.AI_HARD.removeprefix("ai_")) is Level.HARD
    assert [level.value for level in Level] == ["random", "easy", "hard"]
