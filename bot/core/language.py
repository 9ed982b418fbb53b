"""Which language each reader gets (lang/), and the slash commands in theirs.

- Private things (DMs, ephemeral answers, autocomplete, forms) are in the member's
  language: the one they chose with `/language`, else their Discord client's
  (`interaction.locale`). The client's locale is remembered, so DMs sent outside any
  interaction (a turn, a hand dealt) are in it too.
- Public things of a game (lobby, table, score sheets, game-over) are in the game's
  language: the `language` option of `/<game> start`, else the server's setting
  (`/settings language`), else the host's own language (their `/language`, else their
  Discord app's) when it is one of ours, else the server's Discord locale, else
  English. A non-Community server's locale is always en-US: the host's language is
  what makes a French group's table French. The host may switch it in the lobby.
- Public answers to commands (`/stats`, `/scoreboard`, a shared `/<game> scores`)
  follow the same order without the option: the server's setting, else the asker's.
- Command names, descriptions and choices are translated by `CommandTranslator` from
  the same catalogs, so a French client shows the commands in French.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.core.storage import Storage
from games.text import Text, _n
from lang import ENGLISH, LANGUAGES, NAMES, catalog, language_of, shown_seat, translate

log = logging.getLogger(__name__)

COMMAND_NAME = "command name"
"""The catalogs' context of command, group and option names (bot/catalogs.py)."""
_NAMES = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}


class CommandTranslator(app_commands.Translator):
    """discord.py asks for every command string in every Discord locale when it syncs;
    the answer is the catalog's translation, or None (Discord then shows the English)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale.value)
        if language == ENGLISH:
            return None
        found = catalog(language)
        if context.location in _NAMES:
            translated = found.pgettext(COMMAND_NAME, string.message)
        else:
            translated = found.gettext(string.message)
        return translated if translated != string.message else None


LANGUAGE_OPTION = "The table's language, default the server's or yours"
"""The description of the start commands' `language` option."""


def language_choices() -> list[app_commands.Choice[str]]:
    """The languages, each named in its own words ("Deutsch")."""
    return [app_commands.Choice(name=NAMES[code], value=code) for code in LANGUAGES]


AUTO = "auto"
"""The language option's value for "no choice of one's own": the default applies."""


def language_options(auto_name: str) -> list[app_commands.Choice[str]]:
    """A language option's choices: `auto_name` (no choice), then every language."""
    return [app_commands.Choice(name=auto_name, value=AUTO), *language_choices()]


class Languages:
    """Reads and remembers members' languages. One per bot (`bot.languages`)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._locales_seen: dict[int, str] = {}
        """Client locales already stored, so that a click writes nothing when the
        locale did not change."""
        self._writing: set[asyncio.Task[None]] = set()

    def seen(self, interaction: discord.Interaction[Any]) -> None:
        """Remembers the member's client locale (every interaction tells it), for the
        DMs sent later outside any interaction. Written only when it changed, in the
        background: an answer never waits for this write (the database may be busy
        with another program's write, and answers need only reads)."""
        user_id = interaction.user.id
        locale = str(interaction.locale.value) if interaction.locale else None
        if locale is None or self._locales_seen.get(user_id) == locale:
            return
        self._locales_seen[user_id] = locale
        task = asyncio.create_task(self._remember(user_id, locale))
        self._writing.add(task)
        task.add_done_callback(self._writing.discard)

    async def _remember(self, user_id: int, locale: str) -> None:
        try:
            await self.storage.set_client_locale(user_id, locale)
        except Exception:
            self._locales_seen.pop(user_id, None)  # tried again at the next interaction
            log.exception("could not remember the client locale of %s", user_id)

    async def reader(self, interaction: discord.Interaction[Any]) -> str:
        """The language of the member behind `interaction`, for what only they see."""
        return await self.own(interaction) or ENGLISH

    async def own(self, interaction: discord.Interaction[Any]) -> str | None:
        """The language the member behind `interaction` chose, else their client's when
        it is one of ours; None when neither is."""
        user_id = interaction.user.id
        locale = str(interaction.locale.value) if interaction.locale else None
        self.seen(interaction)
        settings = (await self.storage.user_languages([user_id])).get(user_id)
        if settings is not None and settings.chosen in LANGUAGES:
            return settings.chosen
        return ours(locale)

    async def members(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Each member's language for DMs sent outside any interaction: chosen, else
        their client's last seen, else English."""
        ids = list(user_ids)
        found = await self.storage.user_languages(ids)
        languages: dict[int, str] = {}
        for user_id in ids:
            settings = found.get(user_id)
            if settings is not None and settings.chosen in LANGUAGES:
                languages[user_id] = settings.chosen
            else:
                languages[user_id] = language_of(settings.client_locale if settings else None)
        return languages

    async def for_new_game(
        self, interaction: discord.Interaction[Any], chosen: str | None = None
    ) -> str:
        """A new game's language: `chosen` (the start command's option), else the
        server's setting, else the host's own (`own`), else the server's Discord
        locale, else English. Also the language of a public answer to a command, its
        asker in the host's place."""
        if chosen in LANGUAGES:
            return chosen
        if interaction.guild_id is not None:
            setting = await self.storage.guild_language(interaction.guild_id)
            if setting in LANGUAGES:
                return setting
        host = await self.own(interaction)
        if host is not None:
            return host
        guild_locale = interaction.guild_locale
        return language_of(guild_locale.value if guild_locale else None)


def ours(locale: str | None) -> str | None:
    """The language of a Discord locale when it is one of ours ("fr", "en-GB"), else
    None ("pt-BR", "ja", nothing)."""
    if not locale:
        return None
    language = str(locale).split("-")[0].lower()
    return language if language in LANGUAGES else None


def within(words: str, limit: int) -> str:
    """`words` if they fit in `limit` characters, else cut at a word's end with an
    ellipsis: Discord refuses a whole message whose control has a word too many."""
    if len(words) <= limit:
        return words
    cut = words[: limit - 1]
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,.;:") + "…"


# Discord's limits on the words of controls, in characters.
BUTTON_LABEL, OPTION_WORDS, PLACEHOLDER, INPUT_LABEL, INPUT_PLACEHOLDER = 80, 100, 150, 45, 100
MODAL_TITLE, CHOICE_NAME = 45, 100


def localise_items(items: Iterable[discord.ui.Item[Any]], language: str) -> None:
    """The words of controls (labels, placeholders, options, form fields) translated in
    place, just before they are sent, and kept within Discord's limits (a translation
    may be longer than the English)."""
    speech = Speech(language)  # controls show no markdown: words as they are
    for item in items:
        if isinstance(item, discord.ui.DynamicItem):
            item = item.item
        if isinstance(item, discord.ui.Button):
            if item.label:
                item.label = within(speech.plain(item.label), BUTTON_LABEL)
        elif isinstance(item, discord.ui.Select):
            if item.placeholder:
                item.placeholder = within(speech.plain(item.placeholder), PLACEHOLDER)
            for option in item.options:
                option.label = within(speech.plain(option.label), OPTION_WORDS)
                if option.description:
                    option.description = within(speech.plain(option.description), OPTION_WORDS)
        elif isinstance(item, discord.ui.TextInput):
            if item.label:
                item.label = within(speech.plain(item.label), INPUT_LABEL)
            if item.placeholder:
                item.placeholder = within(speech.plain(item.placeholder), INPUT_PLACEHOLDER)
            if item.default:
                item.default = speech.plain(item.default)


def _without_bidi_controls(words: str) -> str:
    return words.translate(_WITHOUT_BIDI)


def localise_view(view: discord.ui.View | None, language: str) -> discord.ui.View | None:
    """`view` with its controls' words in `language` (see `localise_items`)."""
    if view is not None:
        localise_items(view.children, language)
    return view


def time_span(minutes: int) -> Text:
    """A length of time chosen in whole minutes, hours or days, said exactly ("1 minute",
    "3 hours", "7 days"): a turn timer, a slow game's deadline, how long a lobby waits.
    (A time left is rounded instead: `Duration`.)"""
    if minutes and minutes % (24 * 60) == 0:
        return _n("{count} day", "{count} days", minutes // (24 * 60))
    if minutes and minutes % 60 == 0:
        return _n("{count} hour", "{count} hours", minutes // 60)
    return _n("{count} minute", "{count} minutes", minutes)


def slash(path: str, *options: str) -> Text:
    """A slash command named in a message ("`/grass hand`"), in the words of the
    reader's Discord app: each command and option name in its catalog's translation
    (context "command name"), as their client shows the commands. `options`: option
    names to add as "name:" ("`/grass start timer:`")."""
    names = [Text(word, {}, context=COMMAND_NAME) for word in path.split()]
    fields: dict[str, Text] = {f"c{index}": name for index, name in enumerate(names)}
    template = "`/" + " ".join(f"{{c{index}}}" for index in range(len(names)))
    for index, option in enumerate(options):
        fields[f"o{index}"] = Text(option, {}, context=COMMAND_NAME)
        template += f" {{o{index}}}:"
    return Text(template + "`", fields, translatable=False)


BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""Characters that reorder the text after them: a name holding U+202E would turn the
rest of the bot's sentence (or a picture's line) around."""
_WITHOUT_BIDI = dict.fromkeys(map(ord, BIDI_CONTROLS))


_MARKDOWN = re.compile(r"([\\*_~`|\[\]()<>#:-])")
"""The characters that make markdown, links, mentions, emoji or timestamps in a Discord
message, alone or with what follows the name: each is escaped wherever it stands."""


def markdown_safe(words: str) -> str:
    """A plain string (a member's name, what they typed) as Discord shows it in a message
    as itself: every markdown character escaped (a name `[prize](https://...)` is no
    link, `**` no bold, `<@id>` no mention), `@everyone` and `@here` broken, and
    bidirectional controls removed. What is stored stays as written."""
    escaped = _MARKDOWN.sub(r"\\\1", words.translate(_WITHOUT_BIDI))
    return re.sub(r"@(everyone|here)", "@\u200b\\1", escaped)


def mention(user_id: int) -> Text:
    """A member's mention in a message (its id is no name: never escaped)."""
    return Text.verbatim("<@{user}>", user=user_id)


def channel_mention(channel_id: int) -> Text:
    return Text.verbatim("<#{channel}>", channel=channel_id)


def moment(seconds: float) -> Text:
    """A moment as Discord shows it to each reader, in their app's language and time
    zone: "28 November 2026 16:00"."""
    return Text.verbatim("<t:{time}:f>", time=int(seconds))


def moment_from_now(seconds: float) -> Text:
    """A moment as Discord shows it to each reader from now, live ("in 11 hours", "in
    5 minutes"): true however long ago the message was written."""
    return Text.verbatim("<t:{time}:R>", time=int(seconds))


class Speech:
    """Words in one language: `speech(text)` translates a message, its plain string
    fields (names) escaped (`markdown_safe`); `speech.plain(text)` words that Discord
    shows without markdown (alt texts, a form's title); `speech.view(...)` and
    `speech.embed(...)` the words of controls and embeds, just before they are sent.
    `await private(interaction)` speaks to the member behind an interaction,
    `public(row)` to a game's channel."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __call__(self, text: str) -> str:
        return translate(text, self.language, self._escaped)

    def plain(self, text: str) -> str:
        """Words shown as they are, without markdown (names unescaped, but no
        bidirectional controls)."""
        return translate(text, self.language, self._unmarked)

    def _escaped(self, name: str) -> str:
        return markdown_safe(translate(shown_seat(name), self.language))

    def _unmarked(self, name: str) -> str:
        return _without_bidi_controls(translate(shown_seat(name), self.language))

    def view(self, view: discord.ui.View) -> discord.ui.View:
        localise_items(view.children, self.language)
        return view

    def embed(self, embed: discord.Embed) -> discord.Embed:
        """The embed's words translated in place: the title, description and fields
        are markdown (their names escaped), the footer and author plain words."""
        if embed.title:
            embed.title = self(embed.title)
        if embed.description:
            embed.description = self(embed.description)
        for index, field in enumerate(embed.fields):
            embed.set_field_at(
                index,
                name=self(str(field.name)),
                value=self(str(field.value)),
                inline=bool(field.inline),
            )
        if embed.footer.text:
            embed.set_footer(text=self.plain(embed.footer.text), icon_url=embed.footer.icon_url)
        if embed.author.name:
            embed.set_author(name=self.plain(embed.author.name), url=embed.author.url)
        return embed


async def private(interaction: discord.Interaction[Any]) -> Speech:
    """The words of what only the member behind `interaction` reads."""
    languages = getattr(interaction.client, "languages", None)
    if languages is None:  # a client without storage (the emulator's own tests)
        return Speech(language_of(interaction.locale.value if interaction.locale else None))
    return Speech(await languages.reader(interaction))


def public(language: str | None) -> Speech:
    """The words of a game's public things, in its language (None stored: English)."""
    return Speech(language or ENGLISH)


async def server(interaction: discord.Interaction[Any]) -> Speech:
    """The words of a public answer that belongs to no game (a scoreboard, a player's
    card): the server's setting, else the asker's language (`Languages.for_new_game`
    without a choice)."""
    languages = getattr(interaction.client, "languages", None)
    if languages is None:
        return Speech(ENGLISH)
    return Speech(await languages.for_new_game(interaction))
