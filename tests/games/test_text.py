"""games/text.py: a `Text` is its English sentence, and keeps what a translation
needs through copies, pickling and JSON."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from games.registry import Level
from games.text import (
    Duration,
    Listed,
    Money,
    Text,
    _,
    _n,
    _p,
    field_names,
    joined,
    literal,
    restored,
    saved,
)


def test_a_text_is_its_english_sentence():
    text = _("{player} played {card} ({value})", player="ann", card="Panama", value=Money(25000))
    assert text == "ann played Panama ($25,000)"
    assert isinstance(text, str) and str(text) is text
    assert text.msgid == "{player} played {card} ({value})"
    assert json.dumps({"t": text}) == '{"t": "ann played Panama ($25,000)"}'


def test_plurals_pick_the_english_form_by_count():
    assert _n("{count} turn", "{count} turns", 1) == "1 turn"
    assert _n("{count} turn", "{count} turns", 0) == "0 turns"
    assert _n("{count} turn", "{count} turns", 2).number == 2


def test_fields_keep_their_kind():
    losses = Money(-5000)
    names = Listed(["ann", "bob", "cy"], "or")
    text = _("{who} lost {amount}", who=names, amount=losses)
    assert text == "ann, bob or cy lost -$5,000"
    assert isinstance(text.fields["who"], Listed) and text.fields["who"].last == "or"
    assert isinstance(text.fields["amount"], Money)
    assert _("{n:,} cells", n=12000) == "12,000 cells"  # plain numbers keep format specs


def test_contexts_and_frames():
    assert _p("button", "Play").context == "button"
    frame = Text.verbatim("**{title}**", title=_("Scores"))
    assert frame == "**Scores**" and frame.translatable is False
    lines = joined("\n", [_("One {x}", x="a"), "two {braces}"])
    assert lines == "One a\ntwo {braces}" and not lines.translatable


@pytest.mark.parametrize(
    "clone", [copy.copy, copy.deepcopy, lambda t: pickle.loads(pickle.dumps(t))]
)
def test_copies_keep_the_message(clone):
    text = _n("{count} card for {who}", "{count} cards for {who}", 3, who=Listed(["a", "b"]))
    copied = clone(text)
    assert copied == text and type(copied) is Text
    assert (copied.msgid, copied.plural, copied.number) == (text.msgid, text.plural, 3)
    assert copied.fields["who"].last == "and"


def test_json_round_trip():
    inner = _p("colour", "red")
    text = _n(
        "{count} {colour} card to {who} for {amount}",
        "{count} {colour} cards to {who} for {amount}",
        2,
        colour=inner,
        who=Listed(["ann", "bob"]),
        amount=Money(100),
    )
    back = Text.from_json(json.loads(json.dumps(text.to_json())))
    assert back == text and back.to_json() == text.to_json()
    assert back.fields["colour"].context == "colour"


def test_a_field_of_another_kind_is_refused_in_json():
    with pytest.raises(TypeError):
        _("{x}", x=1.5).to_json()


def test_field_names():
    assert field_names("{player} played {card:>3} {{not}}") == {"player", "card"}


@pytest.mark.parametrize("kind", ["grass", "gracias", "graps"])
def test_saved_states_keep_their_texts_translatable(kind):
    """The recent events (and Graps's end reason) come back from a saved state as the
    messages they were, so a table redrawn after a restart is still translated."""
    import random

    from games.registry import game_class

    cls = game_class(kind)
    players = ["ann", "bob", "cy"][: max(cls.min_players, 2)]
    game = cls.create(players, {}, 11)
    rng = random.Random(3)
    for _step in range(400):
        if game.outcome() is not None:
            break
        player = rng.choice(game.awaiting)
        game.apply(rng.choice(game.legal_actions(player)))
    loaded = cls.from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.to_json() == game.to_json()
    recent = loaded.public_view().recent
    assert recent and all(isinstance(text, Text) for text in recent)
    assert [text.msgid for text in recent] == [text.msgid for text in game.public_view().recent]
    old = json.loads(json.dumps(game.to_json()))
    old.pop("texts", None)  # as states saved before texts were kept
    if kind == "gracias":
        for event in old["log"]:
            event.pop("message", None)
            event.pop("private_messages", None)
    plain = cls.from_json(old).public_view().recent
    assert list(plain) == list(recent)  # the same English, though no longer all messages
    assert any(not isinstance(text, Text) for text in plain)


def test_a_literal_is_its_words_exactly_braces_included():
    drawing = literal("{a}\n}b{")
    assert drawing == "{a}\n}b{" and drawing.fields == {} and drawing.translatable is False
    assert drawing.to_json() == {"msgid": "{{a}}\n}}b{{", "fields": {}, "verbatim": True}
    assert Text.from_json(drawing.to_json()) == drawing


def test_lengths_of_time_and_lists_keep_their_kind_through_json():
    text = _(
        "{who} may play within {time}",
        who=Listed([Listed(["ann", "bob"], "or"), "cy"]),
        time=Duration(5400),
    )
    assert text == "ann or bob and cy may play within 90 minutes"
    assert text.to_json() == {
        "msgid": "{who} may play within {time}",
        "fields": {
            "who": {"list": [{"list": ["ann", "bob"], "last": "or"}, "cy"], "last": "and"},
            "time": {"duration": 5400},
        },
    }
    back = Text.from_json(json.loads(json.dumps(text.to_json())))
    assert back == text and back.to_json() == text.to_json()
    assert type(back.fields["time"]) is Duration and back.fields["who"][0].last == "or"


def test_a_message_field_of_another_kind_is_named_in_the_refusal():
    with pytest.raises(TypeError) as refused:
        _("{x}", x=1.5).to_json()
    assert str(refused.value) == "a message field cannot hold 1.5"
    with pytest.raises(ValueError) as unknown:
        Text.from_json({"msgid": "{x}", "fields": {"x": {"euros": 5}}})
    assert str(unknown.value) == "not a message field: {'euros': 5}"


def test_a_string_field_is_kept_in_json_as_a_plain_string():
    """A `StrEnum` member (a computer's level, a word code compares) is JSON as its value."""
    text = _("{player} plays at level {level}", player="eve", level=Level.EASY)
    fields = text.to_json()["fields"]
    assert fields == {"player": "eve", "level": "easy"}
    assert type(fields["level"]) is str


def test_a_separator_with_braces_joins_as_it_is():
    lines = joined(" {or} ", ["ann", _("{count} card", count=1)])
    assert lines == "ann {or} 1 card" and lines.translatable is False
    assert lines.msgid == "{p0} {{or}} {p1}"


def test_saved_texts_keep_none_for_plain_strings_and_restore_past_unusable_messages():
    played = _("{player} played {card}", player="ann", card="Panama")
    english = ["bob passed", "ann played Panama", "cy passed", "ann played Panama"]
    messages = saved(["bob passed", played, "cy passed", played])
    assert messages == [None, played.to_json(), None, played.to_json()]
    # A plain string's None, and a message that no longer loads, leave their text as
    # it is and do not stop the texts after them being restored.
    messages[2] = {"msgid": "{gone}", "fields": {"gone": {"euros": 1}}}
    texts = restored(english, messages)
    assert texts == english
    assert [type(text) for text in texts] == [str, Text, str, Text]
    assert saved(["bob passed"]) is None


def test_a_message_with_a_field_changed_keeps_its_message_and_form():
    said = _n("{player} has {count} card", "{player} has {count} cards", 2, player="ann")
    mentioned = said.with_fields(player="<@10>")
    assert mentioned == "<@10> has 2 cards" and said == "ann has 2 cards"
    assert (mentioned.msgid, mentioned.plural, mentioned.number) == (
        said.msgid,
        said.plural,
        2,
    )
