"""What players read must be plain words: no rule ids as the engines and docs write them
("(G13)", "(C8)", "(P5)", "(G1, G21)", "rule G13"), no "(s)" plurals or "1 games", and no turn line
addressed to a computer seat. Graps cell names like C13 are not rule ids: they are never
written in brackets. The one place a player meets rule ids is the footnote of a
`/<game> rules` embed ("Rule: C6", "Rules: G3, G11": bot/core/howto.py), which `RULE_ID`
lets through; tests/bot/exts/test_howto.py holds the embeds' texts to no id at all.

`developer_words(emu)` lists every such text the emulator showed a player: every
version of every message (content, embeds, buttons, menus and their options), every
form the bot opened and every autocomplete choice; `undescribed(emu)` the attachments
sent without alt text."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.model import components_text, embed_text

ROBOT_ADDRESSED = re.compile(r"Robot \d+ \((?:easy|hard)\)(?:, [^,\n]*)*, (?:your turn|choose)")
"""A turn line speaking to a computer seat ("Robot 1 (hard), your turn")."""
RULE_ID = re.compile(r"\((?:rule )?[GCP]\d{1,2}[a-z]?(?:,\s*[GCP]\d{1,2}[a-z]?)*\)|\brule [GCP]\d")
ANY_PLURAL = re.compile(r"\w\(s\)")
ONE_MANY = re.compile(
    r"(?<![\d,.$])\b1 (?:games|wins|turns|cards|points|players|moves|hands|rounds|pawns|"
    r"minutes|seconds|offers|legal cells|cells|grapes|peddles)\b"
)
"""A plural after exactly one ("1 games"): the count was not passed to `plural`."""


def shown_texts(emu: FakeDiscord) -> Iterator[str]:
    for message in emu.messages.values():
        for version in message.versions:
            yield version.content
            for embed in version.embeds:
                yield from embed_text(embed)
            yield from components_text(list(version.components))
    for interaction in emu.interactions.values():
        modal = interaction.modal_opened
        if modal is not None:
            yield modal.title
            yield from components_text(list(modal.components))
        for choice in interaction.autocomplete_choices or []:
            yield choice.name


def developer_words(emu: FakeDiscord) -> list[str]:
    return [
        text
        for text in shown_texts(emu)
        if text
        and (
            RULE_ID.search(text)
            or ANY_PLURAL.search(text)
            or ONE_MANY.search(text)
            or ROBOT_ADDRESSED.search(text)
        )
    ]


def undescribed(emu: FakeDiscord) -> list[str]:
    """The attachments the bot sent without a description (alt text: what a picture
    shows, in words, for screen readers)."""
    return [
        attachment.filename
        for message in emu.messages.values()
        for version in message.versions
        for attachment in version.attachments
        if not (attachment.description or "").strip()
    ]
