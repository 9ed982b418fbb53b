"""A finished game watched again, as an animated picture: `/<game> replay` (this
channel's last game, or `game:` a number; Grass `hand:`, Gracias `round:` for one part)
and the game-over message's Watch the replay. Answered privately, with Share to post it
in the channel; drawn by the replay worker (bot/core/replays.py) from the stored move
log, through games/watch.py, which shows only what the table showed."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord

from bot.core.errors import Refusal
from bot.core.session import Session
from bot.core.sharing import Reply, arguments, number
from bot.exts._exports import stored_replay
from bot.exts._stepping import STEP_THROUGH, StepButton, check_watchable, first_page
from games.text import Duration, Listed, Text, _, _n, joined
from render.animation import NoSuchPart

if TYPE_CHECKING:
    from bot.client import GameBot

UPLOAD_LIMIT = 8 * 1024 * 1024
"""The largest replay sent: under the 10 MiB a bot may upload in any server."""


async def send_animation(
    bot: GameBot, reply: Reply, session: Session, part: int | None = None
) -> None:
    """The game's animated replay (or its `part`-th hand or round), privately with
    Share, or in the channel when the Share button asked."""
    interaction = reply.interaction
    words = session.record.words
    check_watchable(interaction, session)
    if part is not None and words.part is None:
        raise Refusal(_("{game} is not played in hands or rounds.", game=words.title))
    await reply.begin()
    reply.shared_as("replay", str(session.id), str(part or 0))
    document = await stored_replay(bot, session)
    speech = await reply.speech()
    # One replay at a time per server; in a DM, per member.
    who = interaction.guild_id or -interaction.user.id
    try:
        made = await bot.replays.draw(who, document, speech.language, part)
    except NoSuchPart as missing:
        assert words.no_part is not None
        raise Refusal(words.no_part(missing.asked, missing.count)) from None
    if len(made.data) > UPLOAD_LIMIT:
        raise Refusal(_("That replay is too long to send; ask for one hand or round of it."))
    what = _("{game} game {number}", game=words.title, number=session.id)
    if part is not None and words.part is not None:
        what = Text.verbatim("{what}, {part}", what=what, part=words.part(part))
    text = _n(
        "**{what}** replayed as its table showed it: {count} picture, {time}.",
        "**{what}** replayed as its table showed it: {count} pictures, {time}.",
        made.frames,
        what=what,
        time=Duration(round(made.milliseconds / 1000)),
    )
    alt = joined(" ", [_("An animated replay of {what}.", what=what), ending(session)])
    file = discord.File(
        io.BytesIO(made.data),
        filename=f"{session.kind}-game-{session.id}.gif",
        description=speech.plain(alt)[:1024],
    )
    step_through = StepButton(session.id, await first_page(bot, session, part), "o", STEP_THROUGH)
    await reply.send(speech(text), [file], items=[step_through])


def ending(session: Session) -> Text:
    """Who won, in the reader's words; an abandoned game says so."""
    outcome = session.engine.outcome()
    if outcome is None:
        return _("The game was abandoned; no result was recorded.")
    return _("Game over: {players} won.", players=Listed(list(outcome.winners)))


async def shared_animation(
    bot: GameBot, interaction: discord.Interaction[Any], reply: Reply, args: tuple[str, ...]
) -> None:
    """The replay again, posted in the channel (its Share button): game, part (0: all)."""
    game, part = arguments(args, 2)
    session = await bot.sessions.started(number(game))
    await send_animation(bot, reply, session, number(part) or None)
