"""How to play, told in Discord (bot/core/howto.py): a typed `topic:` is found by its
name or title in any of the bot's languages (case, accents and punctuation ignored) or
by the start of one name, and refused in words naming the topics otherwise; the
overview ends with where to read more; the topic choices are offered in the reader's
language. The games' own texts (bot/exts/<game>/howto.py) are the examples; the whole
`/<game> rules` answer through Discord is tests/bot/exts/test_howto.py."""

from __future__ import annotations

import pytest

from bot.core.errors import Refusal
from bot.core.howto import HowTo, Topic
from bot.exts.gracias.howto import HOWTO as GRACIAS
from bot.exts.graps.howto import HOWTO as GRAPS
from bot.exts.grass.howto import HOWTO as GRASS
from lang import speaking, translate


def refusal(howto: HowTo, typed: str) -> str:
    with pytest.raises(Refusal) as refused:
        howto.topic(typed)
    return str(refused.value)


def test_a_topic_is_found_in_any_language_whatever_its_case_accents_and_punctuation():
    trading, scoring = GRASS.topics["trading"], GRACIAS.topics["scoring"]
    [name] = [name for name in GRASS.topics if name == "trading"]
    assert translate(name, "de") == "Tauschen"  # the name, as a German reader says it
    assert GRASS.topic("tauschen!") is trading
    assert GRASS.topic("ÉCHANGES") is trading  # the French title, shouted
    assert GRASS.topic("Echanges") is trading  # without its accent
    assert GRACIAS.topic("Décompte d'une manche") is scoring  # a French title
    assert GRACIAS.topic("scoring a round") is scoring  # the English title
    assert GRAPS.topic("  Potatura  ") is GRAPS.topics["pruning"]  # Italian, spaced


def test_the_start_of_a_single_topics_name_finds_it():
    assert GRAPS.topic("prun") is GRAPS.topics["pruning"]
    assert GRACIAS.topic("Wer b") is GRACIAS.topics["who starts"]  # "wer beginnt"
    assert GRASS.topic("spec") is GRASS.topics["special cards"]


def test_a_start_shared_by_two_topics_is_refused_naming_the_topics():
    """ "Spiel" starts both German names "Spielablauf" (a turn) and "Spiel verlassen"
    (leaving): neither is guessed."""
    topics = "the topics are a turn, who starts, scoring, winning and leaving."
    assert refusal(GRACIAS, "Spiel") == f"There is no topic 'Spiel'; {topics}"
    assert refusal(GRACIAS, "wer") == f"There is no topic 'wer'; {topics}"


TOPICS = "the topics are a turn, blanks and grapes, pruning, winning and options."


def test_an_unknown_topic_is_refused_quoting_only_the_start_of_what_was_typed():
    typed = "castling" * 50
    assert refusal(GRAPS, typed) == f"There is no topic '{'castling' * 4}castli…; {TOPICS}"
    assert refusal(GRAPS, "") == f"There is no topic ''; {TOPICS}"


def test_a_game_without_topics_says_its_rules_alone_tell_everything():
    bare = HowTo(Topic("How to play Tag", "Catch someone."))
    assert refusal(bare, "a turn") == (
        "This game's rules have no topics: `rules` alone tells them all."
    )
    assert bare.choices("") == []
    assert bare.overview_embed("tag", attached=False).fields == []  # nothing more to read


def test_the_overview_ends_with_the_topics_the_extra_line_and_the_attached_rules():
    english = GRASS.overview_embed("grass", attached=True)
    more = english.fields[-1]
    assert more.name == "More"
    assert str(more.value).split("\n") == [
        "`/grass rules topic:` *a turn*, *the market and heat*, *peddling and protection*, "
        "*special cards*, *trading*, *scoring and the end* or *options*.",
        "`/grass rules card:` tells what one card does.",
        "The attached file holds the full rules as this bot plays them.",
    ]
    french = GRASS.overview_embed("grass", attached=True, language="fr")
    assert str(french.fields[-1].value).endswith("as this bot plays them, in English.")
    unattached = GRAPS.overview_embed("graps", attached=False)
    assert "attached" not in str(unattached.fields[-1].value)


def test_the_topic_choices_are_named_in_the_readers_language_and_keep_english_values():
    with speaking("fr"):
        by_french = GRASS.choices("ech")
        by_english = GRASS.choices("trad")
        every = GRASS.choices("")
    expected = [("échanges", "trading")]
    assert [(c.name, c.value) for c in by_french] == expected
    assert [(c.name, c.value) for c in by_english] == expected
    assert [c.value for c in every] == list(GRASS.topics)
    assert [c.name for c in GRASS.choices("trad")] == ["trading"]  # an English reader


def test_a_topics_embed_holds_its_sections_and_its_rules_in_the_footnote_only():
    topic = Topic("Trading", "Offer a card.", (("Who", "Anyone."), ("When", "Your turn.")), ("G3",))
    embed = topic.embed(0x2E8B57)
    assert embed.colour is not None and embed.colour.value == 0x2E8B57
    assert (embed.title, embed.description) == ("Trading", "Offer a card.")
    assert [(f.name, f.value, f.inline) for f in embed.fields] == [
        ("Who", "Anyone.", False),
        ("When", "Your turn.", False),
    ]
    assert embed.footer.text == "Rule: G3"
