"""Answers that are private by default, with a Share button that posts them to the
channel: `/stats`, `/scoreboard`, `/<game> scoreboard` and `/<game> scores` would
otherwise fill a game's channel with pictures nobody else asked for.

The Share button's custom id says what to draw again (`share:<what>:<args>`), so it
works after a restart: the extension that answers `<what>` draws it once more, this
time as the click's public answer, in the language of public answers (the server's
setting, else the sharer's; bot/core/language.py). A game's own score sheets and its
game-over message are the table's, and stay public.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.core.errors import Refusal, report
from bot.core.language import Speech, private, server
from games.text import _, _p

SHARE_TEMPLATE = r"share:(?P<what>[a-z_]{1,20})(?P<args>(?::[A-Za-z0-9_.+-]*)*)"
MAX_CUSTOM_ID = 100
SHARE = _p("button", "Share")


class Reply:
    """Where an answer goes: only to its asker, with a Share button (`share`: what
    the button's id says, None where there is no channel to share to, in a DM), or
    to the channel (a Share clicked)."""

    def __init__(self, interaction: discord.Interaction[Any], public: bool = False) -> None:
        self.interaction = interaction
        self.public = public
        self.share: tuple[str, ...] | None = None
        self._speech: Speech | None = None

    def shared_as(self, what: str, *args: str) -> None:
        """What the Share button draws again: `what`'s answer with `args`."""
        if self.interaction.guild_id is not None and not self.public:
            custom_id = ":".join(["share", what, *args])
            if len(custom_id) <= MAX_CUSTOM_ID and re.fullmatch(SHARE_TEMPLATE, custom_id):
                self.share = (what, *args)

    async def begin(self) -> None:
        """The answer acknowledged ("thinking"), privately unless it is public."""
        await self.interaction.response.defer(thinking=True, ephemeral=not self.public)

    async def speech(self) -> Speech:
        """The reader's words for a private answer; the public answers' for the channel."""
        if self._speech is None:
            self._speech = await (server if self.public else private)(self.interaction)
        return self._speech

    async def send(
        self,
        content: str,
        files: Sequence[discord.File] = (),
        last: bool = True,
        items: Sequence[discord.ui.Item[Any]] = (),
    ) -> None:
        """One message of the answer (translated already); the `last` carries Share
        after its other controls (`items`)."""
        extra: dict[str, Any] = {}
        shown = [*items, *([ShareButton(self.share)] if last and self.share else [])]
        if shown:
            speech = await self.speech()
            view = discord.ui.View(timeout=None)
            for item in shown:
                view.add_item(item)
            extra["view"] = speech.view(view)
        await self.interaction.followup.send(
            content,
            files=list(files),
            ephemeral=not self.public,
            allowed_mentions=discord.AllowedMentions.none(),
            **extra,
        )


class ShareButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=SHARE_TEMPLATE):
    def __init__(self, share: tuple[str, ...], label: str = SHARE) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=":".join(["share", *share]),
            )
        )
        self.share = share

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ShareButton:
        args = match["args"] or ""
        return cls((match["what"], *(args.split(":")[1:] if args else ())))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        answers: dict[str, Shared] = getattr(interaction.client, "shared_answers", {})
        what, *args = self.share
        answer = answers.get(what)
        try:
            if answer is None:  # an extension not loaded (yet): nothing to draw it with
                speech = await private(interaction)
                words = _("This answer cannot be shared now; ask for it again in a moment.")
                await interaction.response.send_message(speech(words), ephemeral=True)
                return
            await answer(interaction, Reply(interaction, public=True), tuple(args))
        except Exception as error:
            await report(interaction, error)


Shared = Callable[[discord.Interaction[Any], Reply, tuple[str, ...]], Awaitable[None]]
"""Draws an answer again from its Share button's arguments, as `Reply` says."""


def arguments(args: tuple[str, ...], count: int) -> tuple[str, ...]:
    """A Share button's `count` arguments; `Refusal` for an id not made by this bot."""
    if len(args) != count:
        raise Refusal(_("This Share button is out of date; ask for the answer again."))
    return args


def number(arg: str) -> int:
    """A Share button's id argument as a number (ASCII digits only, else 0)."""
    return int(arg) if re.fullmatch("[0-9]{1,19}", arg) else 0
