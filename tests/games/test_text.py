"""games/text.py: a `Text` is its English sentence, and keeps what a translation
needs through copies, pickling and JSON."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from games.text import Listed, Money, Text, _, _n, _p, field_names, joined, literal


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
