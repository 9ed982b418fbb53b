"""The Activity page's own words (activity/src): its buttons, headings and questions,
sent in the welcome's `labels` beside the table drawer's words (render/page.py), in the
player's language. A "{field}" left in one is filled in by the page."""

from __future__ import annotations

from games.text import _, _p
from lang import spoken
from render.web import JSON


def page_labels() -> dict[str, JSON]:
    """The page's own few words (activity/src/app.js), beside the drawer's: its buttons,
    its headings, its waiting line. A "{field}" left in one is filled in by the page.
    Call it inside `lang.speaking`."""
    return {
        # TRANSLATORS: the Activity page's button under a card of the player's hand.
        "play": spoken(_p("button", "Play")),
        # TRANSLATORS: the Activity page's button under a card that is played on a
        # player (a Heat On card, a Skim card): "Play on bob".
        "play_on": spoken(_("Play on {player}", player="{player}")),
        # TRANSLATORS: the Activity page's button under a card of the player's hand.
        "discard": spoken(_p("button", "Discard")),
        # TRANSLATORS: the Activity page's button under a card, in a Paranoia pass.
        "pass": spoken(_p("button", "Pass left")),
        "accept": spoken(_("Accept the trade")),
        "decline": spoken(_p("button", "Decline")),
        "withdraw": spoken(_("Withdraw my offer")),
        # TRANSLATORS: the Activity page's heading over the player's own cards.
        "hand": spoken(_("Your hand")),
        # TRANSLATORS: the Activity page's line saying who must act now.
        "waiting": spoken(_("Waiting for {players}", players="{players}")),
        # TRANSLATORS: the Activity page's words for a viewer without a seat.
        "watching": spoken(_("You are watching this table: you have no seat at it.")),
        # TRANSLATORS: the Activity page's words while its connection is down.
        "reconnecting": spoken(_("The connection was lost; reconnecting…")),
        # The question the chat asks before a card that cannot be taken back (the same
        # words as bot/exts/grass/ui.py's CONFIRMED), keyed by the card's notation.
        "confirm_question": spoken(_("Play **{card}**?", card="{card}")),
        "confirm": spoken(_("Yes, play {card}", card="{card}")),
        "back": spoken(_p("button", "Back")),
        "confirmed": {
            "market_close": spoken(_("It ends this hand for everyone, and the hand is scored.")),
            "utterly_wiped_out": spoken(
                _("You lose 2 turns, your market and every unprotected peddle.")
            ),
        },
    }
