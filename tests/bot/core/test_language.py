"""The words of bot/core/language.py: a member's name shown as itself in a message
(`markdown_safe`, and `Speech` escaping a sentence's names but never its own markup),
bidirectional controls stripped wherever a name is shown, mentions and Discord
timestamps left as markup, slash commands named in the reader's language, lengths of
time said exactly, which locales are ours, and the words of real discord.ui controls
translated in place within Discord's limits (`localise_items`, `localise_view`)."""

from __future__ import annotations

import discord

from bot.core.gameui import Control, GameButton
from bot.core.language import (
    BIDI_CONTROLS,
    BUTTON_LABEL,
    INPUT_LABEL,
    OPTION_WORDS,
    PLACEHOLDER,
    Speech,
    localise_items,
    localise_view,
    markdown_safe,
    mention,
    moment,
    moment_from_now,
    ours,
    public,
    slash,
    time_span,
    within,
)
from games.text import _, _p
from lang import translate

RIGHT_TO_LEFT = "\u202e"
"""Turns the rest of a line around: a name holding it would reverse the bot's words."""


def test_a_members_name_in_a_message_is_no_link_bold_mention_or_ping() -> None:
    assert markdown_safe("[prize](https://example.com)") == r"\[prize\]\(https\://example.com\)"
    assert markdown_safe("**ann**") == r"\*\*ann\*\*"
    assert markdown_safe("<@123>") == r"\<@123\>"
    assert markdown_safe("# bob_the_great") == r"\# bob\_the\_great"
    assert markdown_safe("@everyone and @here") == "@\u200beveryone and @\u200bhere"
    assert markdown_safe("cy") == "cy"


def test_a_sentence_escapes_its_names_but_keeps_its_own_markup() -> None:
    sentence = _("**{player}** takes the trio.", player="*dee*")
    assert Speech("en")(sentence) == r"**\*dee\*** takes the trio."
    # A control shows no markdown: there the name stays as typed.
    assert Speech("en").plain(sentence) == "***dee*** takes the trio."
    # A plain string (no `Text`) is said as it is: it has no fields to escape.
    assert Speech("fr")("plain **words**") == "plain **words**"


def test_bidirectional_controls_are_stripped_from_names_wherever_they_are_shown() -> None:
    name = f"eve{BIDI_CONTROLS}{RIGHT_TO_LEFT}"
    sentence = _("{player} played", player=name)
    assert markdown_safe(name) == "eve"
    assert Speech("en")(sentence) == "eve played"
    assert Speech("en").plain(sentence) == "eve played"
    button = discord.ui.Button[discord.ui.View](label=sentence)
    localise_items([button], "en")
    assert button.label == "eve played"


def test_mentions_and_moments_stay_discords_markup_in_every_language() -> None:
    assert (mention(42), moment(1_700_000_000.9), moment_from_now(1_700_000_000.2)) == (
        "<@42>",
        "<t:1700000000:f>",
        "<t:1700000000:R>",
    )
    sentence = _(
        "Deadline for {players}: {date} ({left}).",
        players=mention(42),
        date=moment(1_700_000_000),
        left=moment_from_now(1_700_000_000),
    )
    assert Speech("fr")(sentence) == (
        "Heure limite pour <@42>\xa0: <t:1700000000:f> (<t:1700000000:R>)."
    )


def test_a_slash_command_is_named_as_the_readers_app_shows_it() -> None:
    assert slash("grass start", "timer") == "`/grass start timer:`"
    assert translate(slash("grass start", "timer"), "fr") == "`/grass lancer minuteur:`"
    assert Speech("fr")(slash("graps board")) == "`/graps plateau`"


def test_a_length_of_time_is_said_in_its_largest_whole_unit() -> None:
    said = [str(time_span(minutes)) for minutes in (0, 1, 90, 60, 180, 24 * 60, 7 * 24 * 60)]
    assert said == [
        "0 minutes",
        "1 minute",
        "90 minutes",
        "1 hour",
        "3 hours",
        "1 day",
        "7 days",
    ]
    assert str(time_span(25 * 60)) == "25 hours"
    assert translate(time_span(180), "fr") == "3 heures"


def test_only_our_languages_are_ours_and_a_game_without_one_speaks_english() -> None:
    assert [ours(locale) for locale in ("fr", "en-GB", "de", "IT")] == ["fr", "en", "de", "it"]
    assert [ours(locale) for locale in ("pt-BR", "ja", "", None)] == [None, None, None, None]
    assert public(None).language == "en" and public("de").language == "de"


async def test_controls_words_are_translated_in_place_within_discords_limits() -> None:
    """Real controls, as a hand message sends them: a dynamic game button, a menu and a
    form field, each cut at a word's end where the words run past Discord's limit."""
    long_name = "fay " * 40
    shown = GameButton(Control(7, 3, "hand"), _p("button", "Show my hand"))
    long_button = discord.ui.Button[discord.ui.View](label=_("{player} plays", player=long_name))
    menu = discord.ui.Select[discord.ui.View](
        placeholder=_("{player} chooses", player=long_name),
        options=[discord.SelectOption(label=_("someone"), description=_("a server channel"))],
    )
    view = discord.ui.View()
    for item in (shown, long_button, menu):
        view.add_item(item)
    assert localise_view(view, "fr") is view
    assert shown.item.label == "Voir ma main"
    assert long_button.label is not None and len(long_button.label) <= BUTTON_LABEL
    assert long_button.label.startswith("fay fay") and long_button.label.endswith("fay…")
    assert menu.placeholder is not None and len(menu.placeholder) <= PLACEHOLDER
    assert menu.placeholder.endswith("…")
    option = menu.options[0]
    assert (option.label, option.description) == ("quelqu'un", "un salon de serveur")
    assert len(option.label) <= OPTION_WORDS

    field = discord.ui.TextInput[discord.ui.Modal](
        label=_("{player} names the trio", player=long_name), default=_("someone")
    )
    localise_items([field], "fr")
    label = field.label or ""
    assert len(label) <= INPUT_LABEL and label.endswith("…")
    assert field.default == "quelqu'un"
    assert localise_view(None, "fr") is None


def test_words_cut_for_a_control_lose_the_punctuation_before_the_ellipsis() -> None:
    assert within("ann, bob; cy", 12) == "ann, bob; cy"
    assert within("ann, bob; cy and dee", 12) == "ann, bob…"
