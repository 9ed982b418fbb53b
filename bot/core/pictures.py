"""The pictures of messages: drawn in a thread pool, off the event loop, and kept by
view, so a picture whose view did not change is not drawn again; each sent with a
description in words for screen readers (`alt_text`)."""

from __future__ import annotations

import asyncio
import inspect
import io
import logging
import re
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import discord

from bot.core.gameui import fit
from bot.core.language import Speech
from games.text import _
from lang import ENGLISH, speaking

log = logging.getLogger(__name__)

RENDER_TIMEOUT = 20.0
"""Seconds a picture may take before the words go out without it (a stuck renderer must
never hold a game's lock for ever)."""

IMAGE_CACHE = 128
"""Pictures kept by view (PNG bytes, tens of KB each): enough for the hand and table
messages redrawn with an unchanged picture (new controls, `/grass hand`)."""


def _png(draw: Callable[[Any], Any], view: Any, language: str) -> bytes:
    from render.encode import to_png

    with speaking(language):  # the renderers' words in the reader's language
        return to_png(draw(view))


def _retrieved(drawing: asyncio.Future[bytes]) -> None:
    """A drawing nobody awaited (a prefetch for a failed commit) must not warn."""
    if not drawing.cancelled():
        drawing.exception()


def _image_key(draw: Callable[[Any], Any], view: Any, language: str) -> tuple[str, str, str] | None:
    """The cache key of `draw(view)`: the function's name and the view's repr (views are
    frozen dataclasses: their repr is their whole content). None, not cached, when the
    name does not say everything the picture is drawn from: a lambda or closure carries
    input of its own (two servers' scoreboards drawn by `lambda _: ...` would share one
    key), and another callable's name is not a promise either."""
    function = getattr(draw, "__func__", draw)  # a bound method: its function
    if not inspect.isfunction(function) or function.__closure__ or function.__name__ == "<lambda>":
        return None
    return function.__qualname__, repr(view), language


ALT_LIMIT = 1024
"""Characters Discord keeps of an attachment's description."""


SOMEONE = _("someone")
"""A member's mention in a picture's description (a screen reader would read its id)."""
A_CHANNEL = _("a server channel")
"""A channel's mention in a picture's description, when its name is not known."""
A_PICTURE = _("A picture of the game.")


def alt_text(
    text: str,
    speech: Speech | None = None,
    channel_name: Callable[[int], str | None] = lambda channel_id: None,
) -> str:
    """Words for an attachment's description in `speech`'s language: without
    Markdown's marks, a channel's mention as its name ("#general", else "a server
    channel"), a member's as "someone", cut to what Discord keeps."""
    speech = speech or Speech(ENGLISH)

    def named(mention: re.Match[str]) -> str:
        if mention[1] == "#":
            name = channel_name(int(mention[2]))
            return f"#{name}" if name else speech.plain(A_CHANNEL)
        return speech.plain(SOMEONE)

    plain = re.sub(r"<([@#])!?(\d+)>", named, text.replace("**", "").replace("*", ""))
    return fit(plain.strip(), ALT_LIMIT) or speech.plain(A_PICTURE)


class Pictures:
    """Drawing pictures for the publisher and the commands that answer with one."""

    def __init__(
        self,
        executor: Executor,
        channel_name: Callable[[int], str | None] = lambda channel_id: None,
    ) -> None:
        self.executor = executor
        self._channel_name = channel_name
        """A channel's name by id, for the descriptions (None when unknown)."""
        self._images: OrderedDict[tuple[str, str, str], asyncio.Future[bytes]] = OrderedDict()

    async def render(
        self,
        draw: Callable[[Any], Any],
        view: Any,
        filename: str,
        alt: str,
        language: str = ENGLISH,
    ) -> discord.File | None:
        """The picture as an attachment, drawn in the thread pool in `language`, with
        `alt`, what it shows in words, as its description (screen readers read it); None
        if drawing fails (the words still go out: a broken image must never stop a game)."""
        drawing = self.drawing(draw, view, language)
        try:
            data = await asyncio.shield(drawing)
        except Exception:
            log.exception("drawing %s failed", filename)
            return None
        speech = Speech(language)
        description = alt_text(speech.plain(alt), speech, self._channel_name)
        return discord.File(io.BytesIO(data), filename=filename, description=description)

    def drawing(
        self, draw: Callable[[Any], Any], view: Any, language: str = ENGLISH
    ) -> asyncio.Future[bytes]:
        """The PNG of `draw(view)` in `language`: from the cache, being drawn, or started
        now."""
        key = _image_key(draw, view, language)
        drawing = self._images.get(key) if key is not None else None
        if key is not None and drawing is not None:
            failed = drawing.done() and (drawing.cancelled() or drawing.exception() is not None)
            if not failed:
                self._images.move_to_end(key)
                return drawing
        loop = asyncio.get_running_loop()
        drawing = asyncio.ensure_future(
            asyncio.wait_for(
                loop.run_in_executor(self.executor, _png, draw, view, language), RENDER_TIMEOUT
            )
        )
        drawing.add_done_callback(_retrieved)
        if key is not None:
            self._images[key] = drawing
            if len(self._images) > IMAGE_CACHE:
                self._images.popitem(last=False)
        return drawing
