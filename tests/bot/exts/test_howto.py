"""`/<game> rules` tells players how to play, in Discord itself: an ephemeral overview
embed (with the rules document attached, for the curious), every `topic:` of each
game, and Grass's `card:`. Every embed fits Discord's limits, reads in plain words, and
shows rule ids only in its footnote ("Rules: G3, G11")."""

from __future__ import annotations

import re

import discord
import pytest

from bot.core.howto import HowTo, Topic, footnote
from bot.exts.gracias.howto import HOWTO as GRACIAS
from bot.exts.graps.howto import HOWTO as GRAPS
from bot.exts.grass.howto import HOWTO as GRASS
from bot.exts.grass.howto import card_topic
from games.grass import Card
from lang import translate
from tests.bot.table import answer
from tests.fakediscord.emulator import FakeDiscord

HOWTOS: dict[str, HowTo] = {"grass": GRASS, "gracias": GRACIAS, "graps": GRAPS}

# Discord's embed limits.
TITLE, DESCRIPTION, FIELD_NAME, FIELD_VALUE, FIELDS, MESSAGE = 256, 4096, 256, 1024, 25, 6000

BARE_RULE_ID = re.compile(r"\b[GCP]\d{1,2}[a-z]?\b")
"""A rule id anywhere, bracketed or not (stricter than tests/bot/plain_words.py, which
must let Graps cells such as C13 through): none in an embed's title, text or fields."""
FOOTNOTE = re.compile(r"Rules?: [GCP]\d{1,2}[a-z]?(?:, [GCP]\d{1,2}[a-z]?)*")
SINGULAR_COUNT = re.compile(r"\b1 (?!is\b|was\b)([a-z]+s)\b")
"""A plural after one ("1 turns"); "hand 1 is" is fine."""


def every_embed() -> list[tuple[str, discord.Embed]]:
    embeds = []
    for name, howto in HOWTOS.items():
        embeds.append((f"{name} overview", howto.overview_embed(name, attached=True)))
        embeds += [(f"{name} {topic}", t.embed(howto.colour)) for topic, t in howto.topics.items()]
    embeds += [(f"card {card.value}", card_topic(card).embed(GRASS.colour)) for card in Card]
    return embeds


def body(embed: discord.Embed) -> list[str]:
    """What a player reads above the footnote."""
    return [embed.title or "", embed.description or ""] + [
        f"{field.name}\n{field.value}" for field in embed.fields
    ]


@pytest.mark.parametrize(
    ("what", "embed"), [pytest.param(what, embed, id=what) for what, embed in every_embed()]
)
def test_every_embed_fits_discord_and_reads_in_plain_words(what, embed):
    assert 0 < len(embed.title or "") <= TITLE, what
    assert 0 < len(embed.description or "") <= DESCRIPTION, what
    assert len(embed.fields) <= FIELDS, what
    for field in embed.fields:
        assert 0 < len(field.name or "") <= FIELD_NAME and 0 < len(field.value or "") <= FIELD_VALUE
    # A topic and a card may go out together in one message: half the budget each.
    assert len(embed) <= MESSAGE // 2, what
    for text in body(embed):
        assert not BARE_RULE_ID.search(text), (what, BARE_RULE_ID.search(text))
        assert "(s)" not in text and not SINGULAR_COUNT.search(text), (what, text)
    footer = embed.footer.text
    assert footer is None or FOOTNOTE.fullmatch(footer), (what, footer)


def test_the_overviews_read_in_under_a_minute():
    """About 250 words a minute, read on a screen."""
    for name, howto in HOWTOS.items():
        embed = howto.overview_embed(name, attached=True)
        words = sum(len(text.split()) for text in body(embed))
        assert words <= 250, (name, words)


def test_topics_are_found_by_name_title_or_start_and_refused_otherwise():
    assert GRASS.topic("Trading") is GRASS.topics["trading"]
    assert GRASS.topic("the market and Heat") is GRASS.topics["the market and heat"]
    assert GRAPS.topic("prun") is GRAPS.topics["pruning"]
    with pytest.raises(Exception, match="the topics are a turn, who starts"):
        GRACIAS.topic("bananas")
    assert [c.value for c in GRASS.choices("trad")] == ["trading"]
    assert len(GRASS.choices("")) == len(GRASS.topics)


def test_a_topic_footnote_names_its_rules():
    topic = Topic("t", "words", rules=("G3", "G11"))
    assert topic.embed(0).footer.text == "Rules: G3, G11"
    assert Topic("t", "words", rules=("C6",)).embed(0).footer.text == "Rule: C6"
    assert Topic("t", "words").embed(0).footer.text is None


async def test_each_game_answers_its_overview(fake_discord: FakeDiscord, bot_process) -> None:
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    expected = {
        "grass": ("How to play Grass", "Market Open", "peddling and protection", "card:"),
        "gracias": ("How to play Gracias", "trio", "who starts", "packet"),
        "graps": ("How to play Graps", "grape", "blanks and grapes", "Pruning"),
    }
    for game, words in expected.items():
        shown = await (await ann.slash(general, f"{game} rules")).message()
        assert shown.ephemeral and len(shown.embeds) == 1, game
        for word in words:
            assert word in shown.text, (game, word)
        assert f"`/{game} rules topic:`" in shown.text
        document = shown.attachments[0]
        assert document.filename == f"{game}-rules.md" and document.description
        assert "full rules" in shown.text
    assert fake_discord.rejected == []


async def test_every_topic_answers_with_its_footnote(
    fake_discord: FakeDiscord, bot_process
) -> None:
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    for game, howto in HOWTOS.items():
        for name, topic in howto.topics.items():
            shown = await (await ann.slash(general, f"{game} rules", topic=name)).message()
            assert shown.ephemeral and not shown.attachments, (game, name)
            (embed,) = shown.embeds
            assert embed["title"] == topic.title
            footer = embed.get("footer", {}).get("text")
            assert footer == (footnote(topic.rules) if topic.rules else None), (game, name)
    assert fake_discord.rejected == []


async def test_topics_are_offered_and_unknown_ones_refused(
    fake_discord: FakeDiscord, bot_process
) -> None:
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    for game, howto in HOWTOS.items():
        offered = await ann.autocomplete(general, f"{game} rules", "topic", "")
        assert [c.value for c in offered] == list(howto.topics), game
    assert [c.name for c in await ann.autocomplete(general, "grass rules", "topic", "trad")] == [
        "trading"
    ]
    refused = await answer(await ann.slash(general, "graps rules", topic="castling"))
    assert "no topic" in refused and "pruning" in refused
    # Typed rather than picked: its title works too.
    scoring = await (await ann.slash(general, "gracias rules", topic="Scoring a round")).message()
    assert scoring.embeds[0]["title"] == "Scoring a round"
    # Typed in another language (accents and case aside): the same topic, in the
    # reader's language.
    trading = HOWTOS["grass"].topics["trading"]
    ann.locale = "fr"
    assert translate(trading.title, "fr") == "Échanges"
    shown = await (await ann.slash(general, "grass rules", topic="echanges")).message()
    assert shown.embeds[0]["title"] == "Échanges"
    assert fake_discord.rejected == []


async def test_the_rules_answer_in_a_dm(fake_discord: FakeDiscord, start_bot) -> None:
    """The rules are about no game: they answer in the bot's DM too (commands registered
    globally, as DMs need)."""
    await start_bot(dev_guild=False)
    ann = fake_discord.user("ann")
    dm = ann.dm_channel()
    overview = await (await ann.slash(dm, "gracias rules")).message()
    assert overview.ephemeral and "How to play Gracias" in overview.text and overview.attachments
    topic = await (await ann.slash(dm, "graps rules", topic="winning")).message()
    assert topic.ephemeral and "your opponent's land" in topic.text
    card = await (await ann.slash(dm, "grass rules", card="Market Close")).message()
    assert "Ends the hand" in card.text
    assert fake_discord.rejected == []


async def test_grass_cards_answer_in_plain_words(fake_discord: FakeDiscord, bot_process) -> None:
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    for card, words in (
        (Card.PAY_FINE, ("oldest Heat On", "cheapest unprotected peddle pays", "4 in the deck")),
        (Card.PANAMA, ("Panama ($50,000)", "market is clear", "5 in the deck")),
        (Card.BUST, ("Immunity lifts it", "already blocked")),
        (Card.IMMUNITY, ("lifts a Bust",)),
        (Card.SOLD_OUT, ("$25,000", "next turn", "the one on their left", "There are 4")),
        (Card.EUPHORIA, ("most valuable", "extra turn", "There is 1 in the deck")),
        (Card.BANKER, ("20%",)),
    ):
        shown = await (await ann.slash(general, "grass rules", card=card.title)).message()
        assert shown.ephemeral and len(shown.embeds) == 1, card
        for word in words:
            assert word in shown.text, (card, word)
    # A card and a topic at once: both embeds, the topic first.
    both = await (await ann.slash(general, "grass rules", topic="trading", card="banker")).message()
    assert [e["title"] for e in both.embeds] == ["Trading", "Banker"]
    assert fake_discord.rejected == []


async def test_every_grass_card_answers(fake_discord: FakeDiscord, bot_process) -> None:
    ann = fake_discord.user("ann")
    general = fake_discord.channel("general")
    for card in Card:
        shown = await (await ann.slash(general, "grass rules", card=card.value)).message()
        assert shown.embeds[0]["title"].startswith(card.title), card
    assert fake_discord.rejected == []


async def test_a_reader_of_another_language_is_told_the_rules_file_is_english(
    fake_discord: FakeDiscord, bot_process
) -> None:
    ann = fake_discord.user("ann")
    ann.locale = "fr"
    general = fake_discord.channel("general")
    overview = await (await ann.slash(general, "grass rules")).message()
    assert overview.attachments and "en anglais" in overview.text
    assert translate(GRASS.overview.title, "fr") in overview.text
