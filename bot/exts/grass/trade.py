"""Grass's trade form: the offer's card lists (G20) typed as text, opened by the hand
message's "Offer a trade…" once a partner is chosen. Its answer comes back by its
custom id to the router, which asks the UI (ui.py) what the lists mean."""

from __future__ import annotations

import discord

from bot.core.gameui import Control

FORM_SECONDS = 15 * 60.0
"""How long discord.py keeps an opened trade form (Discord's own interaction lifetime)."""


HAND_LISTS = ("give", "take")
ALL_LISTS = ("give", "take", "give_stash", "take_stash")


def trade_lists(secret: bool) -> tuple[str, ...]:
    """The offer's lists the trade form asks for: with secret trades only hand cards
    may be traded (stashes lie face up), so the stash fields are left out."""
    return HAND_LISTS if secret else ALL_LISTS


class TradeForm(discord.ui.Modal):
    """The offer's lists (G20) as text: card names or ids separated by commas; the
    stash lists only where trades are public. The answer is routed by the custom id
    (bot/exts/router.py), not by this object."""

    def __init__(self, control: Control, partner: str, secret: bool = False) -> None:
        # discord.py keeps every opened form until it is sent or times out; one closed
        # without sending would stay for ever. Its answer is routed by id anyway.
        super().__init__(
            title=f"Trade with {partner}"[:45],
            custom_id=control.custom_id("m"),
            timeout=FORM_SECONDS,
        )
        fields = {
            "give": ("Cards you give from your hand", "e.g. Home Grown, Bust"),
            "take": (f"Cards you ask from {partner}'s hand"[:45], "e.g. Panama"),
            "give_stash": ("Peddles you give from your stash", "unprotected ones only"),
            "take_stash": (f"Peddles you ask from {partner}'s stash"[:45], "unprotected ones only"),
        }
        for key in trade_lists(secret):
            label, hint = fields[key]
            self.add_item(
                discord.ui.TextInput(label=label, placeholder=hint, required=False, max_length=200)
            )
