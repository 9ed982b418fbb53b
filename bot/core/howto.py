"""How to play, told in Discord itself: the texts a game kind gives `/<game> rules`
(`HowTo`: an overview and topics in detail, each a `Topic`), the embeds they become,
and the `topic:` option's choices.

The texts are the games' own (bot/exts/<game>/howto.py), written for players from the
rules documents (docs/rules/); the rule ids a topic plays appear only in its embed's
footer, as a small footnote ("Rules: G3, G11"), never in its words. The answer itself
(ephemeral, with the rules document attached to the overview) is `GameCommands.
send_rules` (bot/exts/_commands.py).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field

import discord
from discord import app_commands

from bot.core.errors import Refusal
from bot.core.language import slash
from games.protocol import quoted
from games.text import Listed, Text, _, _n, _p, joined
from lang import ENGLISH, LANGUAGES, spoken, translate


@dataclass(frozen=True)
class Topic:
    """One embed of how-to-play text."""

    title: str
    text: str
    """The embed's description: a few short paragraphs."""
    sections: tuple[tuple[str, str], ...] = ()
    """Fields under the text, each a heading and its words."""
    rules: tuple[str, ...] = ()
    """The rule ids (docs/rules/) the text tells, for the footnote."""

    def embed(self, colour: int) -> discord.Embed:
        embed = discord.Embed(title=self.title, description=self.text, colour=colour)
        for name, value in self.sections:
            embed.add_field(name=name, value=value, inline=False)
        if self.rules:
            embed.set_footer(text=footnote(self.rules))
        return embed


@dataclass(frozen=True)
class HowTo:
    """A game kind's how-to-play texts: the overview `/<game> rules` shows, and the
    topics its `topic:` option offers, by the name players pick (in the order offered).
    """

    overview: Topic
    topics: Mapping[str, Topic] = field(default_factory=dict)
    more: str = ""
    """A line for the overview's "More" field beyond the topics (Grass: its cards)."""
    colour: int = 0x2E8B57

    def overview_embed(self, name: str, attached: bool, language: str = ENGLISH) -> discord.Embed:
        """The overview, ending with where to read more: the topics, `more`, and the
        rules document when it is `attached` to the answer. The document (docs/rules/)
        is the project's reference, with its rule ids, and is written in English only:
        a reader of another `language` is told so."""
        embed = self.overview.embed(self.colour)
        lines: list[str] = []
        if self.topics:
            topics = Listed(
                (Text.verbatim("*{topic}*", topic=topic) for topic in self.topics), "or"
            )
            # TRANSLATORS: {command} is "/grass rules topic:", {topics} the topics to choose.
            line = _("{command} {topics}.", command=slash(f"{name} rules", "topic"), topics=topics)
            lines.append(line)
        if self.more:
            lines.append(self.more)
        if attached and language == ENGLISH:
            lines.append(_("The attached file holds the full rules as this bot plays them."))
        elif attached:
            lines.append(
                _("The attached file holds the full rules as this bot plays them, in English.")
            )
        if lines:
            # TRANSLATORS: the heading of where to read more about a game's rules.
            embed.add_field(name=_p("heading", "More"), value=joined("\n", lines), inline=False)
        return embed

    def topic(self, typed: str) -> Topic:
        """The topic a player picked or typed (its name or title in any of the four
        languages, case, accents and punctuation ignored, or the start of one); a
        `Refusal` naming the topics otherwise."""
        wanted = _squash(typed)
        for name, topic in self.topics.items():
            if wanted in _said(name) | _said(topic.title):
                return topic
        starting = [
            t
            for n, t in self.topics.items()
            if wanted and any(said.startswith(wanted) for said in _said(n))
        ]
        if len(starting) == 1:
            return starting[0]
        if not self.topics:
            raise Refusal(_("This game's rules have no topics: `rules` alone tells them all."))
        raise Refusal(
            _(
                "There is no topic {typed}; the topics are {topics}.",
                typed=quoted(typed[:60]),
                topics=Listed(self.topics),
            )
        )

    def choices(self, typed: str) -> list[app_commands.Choice[str]]:
        """The `topic:` option's autocomplete: the topics whose name holds what was typed,
        in the reader's language (`spoken`) or in English."""
        wanted = _squash(typed)
        return [
            app_commands.Choice(name=spoken(name), value=name)
            for name in self.topics
            if wanted in _squash(name) or wanted in _squash(spoken(name))
        ][:25]


def footnote(rules: tuple[str, ...]) -> Text:
    """ "Rule: G10", "Rules: G3, G11": the only place a player meets rule ids."""
    # TRANSLATORS: {rules} are rule ids of the rules document ("G3, G11").
    return _n("Rule: {rules}", "Rules: {rules}", len(rules), rules=", ".join(rules))


def _squash(text: str) -> str:
    """Letters and digits only, lowercase and without accents: "Märkte" -> "markte"."""
    plain = unicodedata.normalize("NFKD", text.lower())
    return re.sub(r"[^a-z0-9]", "", plain)


def _said(text: str) -> set[str]:
    """`text` squashed, in each language."""
    return {_squash(translate(text, language)) for language in LANGUAGES}
