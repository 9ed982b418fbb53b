"""Messages laid out with Discord's Components V2: text displays around a picture, then
the controls, in one message. The text is native text, shown at the reader's own font
size on a phone and on a desktop alike, and read by screen readers; the picture shows
what only a picture can (the cards on the table, the board).

Discord's limits on such a message: no content or embeds, 40 components at every depth,
4,000 characters over all its text displays (each part is kept to its share below), and
a picture shown only through a component (`attachment://<filename>`). A message sent
without the flag is upgraded by an edit that sets its content to null; once set, the flag
stays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.core.gameui import fit

TOP_LIMIT = 2400
UNDER_LIMIT = 1000
INSTEAD_LIMIT = 600
"""Each part's share of the 4,000 characters: the words over the picture, those under
it, and the words standing in for a picture the channel refused."""


def laid_out(
    top: str,
    picture: discord.File | None = None,
    alt: str | None = None,
    under: str = "",
    items: Sequence[discord.ui.Item[Any]] = (),
    instead: str = "",
) -> discord.ui.LayoutView:
    """`top` over the picture (or the words `instead` of it), `under` after it, then the
    controls in rows of five (dynamic items: nothing is kept per message, so a click
    after a restart still routes)."""
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.TextDisplay(fit(top, TOP_LIMIT)))
    if picture is not None:
        item = discord.MediaGalleryItem(picture, description=fit(alt, 1024) if alt else None)
        layout.add_item(discord.ui.MediaGallery(item))
    elif instead:
        layout.add_item(discord.ui.TextDisplay(fit(instead, INSTEAD_LIMIT)))
    if under:
        layout.add_item(discord.ui.TextDisplay(fit(under, UNDER_LIMIT)))
    for row in rows(items):
        layout.add_item(discord.ui.ActionRow(*row))
    return layout


def _inner(item: discord.ui.Item[Any]) -> discord.ui.Item[Any]:
    return item.item if isinstance(item, discord.ui.DynamicItem) else item


def rows(items: Sequence[discord.ui.Item[Any]]) -> list[list[discord.ui.Item[Any]]]:
    """The controls in action rows as a classic message lays them out: a select menu
    alone in its row, buttons five to a row, a new row where an item asks for one (its
    `row`), at most five rows."""
    found: list[list[discord.ui.Item[Any]]] = []
    asked: int | None = None
    for item in items:
        inner = _inner(item)
        alone = isinstance(inner, discord.ui.Select)
        wanted = inner.row
        new_row = (
            not found
            or alone
            or isinstance(_inner(found[-1][0]), discord.ui.Select)
            or len(found[-1]) == 5
            or (wanted is not None and wanted != asked)
        )
        if new_row:
            found.append([])
        found[-1].append(item)
        asked = wanted
    return found[:5]
