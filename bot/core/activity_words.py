"""The Activity page's own words (activity/src): its buttons, headings and questions,
sent in the welcome's `labels` beside the table drawer's words (render/page.py), in the
player's language. A "{field}" left in one is filled in by the page."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.text import Text, _, _n, _p
from lang import spoken
from render.web import JSON


def page_labels(asked_first: Sequence[tuple[str, Text]]) -> dict[str, JSON]:
    """The page's own few words (activity/src/app.js), beside the drawer's: its buttons,
    its headings, its waiting line; `asked_first`: the kind's plays asked about first
    (`Words.asked_first`). A "{field}" left in one is filled in by the page. Call it
    inside `lang.speaking`."""
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
        # The question the chat asks before a card that cannot be taken back (the
        # kind's `asked_first`: the hand message asks the same), keyed by its notation.
        "confirm_question": spoken(_("Play **{card}**?", card="{card}")),
        "confirm": spoken(_("Yes, play {card}", card="{card}")),
        "back": spoken(_p("button", "Back")),
        "confirmed": {card: spoken(words) for card, words in asked_first},
        # Grass trade offers: the page's trade form and an offer's contents.
        "trade": grass_trade_labels(),
        # The other kinds' hands (activity/src/hands/gracias.js, graps.js).
        "gracias": gracias_hand_labels(),
        "graps": graps_hand_labels(),
    }


def grass_trade_labels() -> dict[str, JSON]:
    """The words of the page's Grass trade form and of an offer shown to its parties
    (activity/src/hands/grass_trade.js): the chat's own (bot/exts/grass/trade.py's menus
    and `problem`, ui.py's hand message), by the same message ids, so their translations
    exist. A number's words come in three forms, for 0, 1 and more (".0", ".1", ".n"),
    as the table drawer's do (render/grass/web.py)."""

    def counted(key: str, singular: str, plural: str) -> dict[str, JSON]:
        return {
            f"{key}.{form}": spoken(_n(singular, plural, count, count="{count}"))
            for form, count in (("0", 0), ("1", 1), ("n", 2))
        }

    send = _("Send the offer")
    return {
        "open": spoken(_("Offer a trade…")),
        "whom": spoken(_("Offer a trade to whom?")),
        "with": spoken(
            _(
                "**Trade with {player}**: choose what you give and what you ask for.",
                player="{player}",
            )
        ),
        "give_hand": spoken(_("Cards you give from your hand")),
        "take_hand": spoken(_("Cards you ask from {player}'s hand", player="{player}")),
        "give_stash": spoken(_("Peddles you give from your stash")),
        "take_stash": spoken(_("Peddles you ask from {player}'s stash", player="{player}")),
        "gives": spoken(_("You give: {cards}", cards="{cards}")),
        "asks": spoken(_("You ask for: {cards}", cards="{cards}")),
        "nothing_yet": spoken(_("nothing yet")),
        "from_hand": spoken(_("{card} from your hand", card="{card}")),
        "from_stash": spoken(_("{card} from your stash", card="{card}")),
        "from_their_hand": spoken(
            _("{card} from {player}'s hand", card="{card}", player="{player}")
        ),
        "from_their_stash": spoken(
            _("{card} from {player}'s stash", card="{card}", player="{player}")
        ),
        "secret": spoken(_("Trades are secret in this game: only hand cards change hands.")),
        "if_held": spoken(
            _(
                "{player} can accept only if they hold the cards you ask from their hand.",
                player="{player}",
            )
        ),
        "ready": spoken(_("Ready: press **{button}**.", button=send)),
        "send": spoken(send),
        "cancel": spoken(_p("button", "Cancel")),
        **trade_problems(),
        **counted("cards", "{count} card", "{count} cards"),
        # An offer as its parties see it (bot/exts/grass/ui.py's hand message).
        "offered": spoken(_("{player} offers you a trade:", player="{player}")),
        "you_get": spoken(_("you get: {cards}", cards="{cards}")),
        "you_give": spoken(_("you give: {cards}", cards="{cards}")),
        "nothing": spoken(_("nothing")),
        "waits": spoken(_("Your offer to {player} waits for an answer.", player="{player}")),
    }


def trade_problems() -> dict[str, JSON]:
    """Why an offer cannot be sent yet: `problem`'s words (bot/exts/grass/trade.py)."""
    return {
        "pending": spoken(_("A trade offer is already waiting for an answer.")),
        "not_mover": spoken(_("Only the player whose turn it is can offer a trade.")),
        "not_seven": spoken(
            _("Trades are offered while you hold 7 cards, before you play or discard.")
        ),
        "no_trading": spoken(_("This hand is played without trading.")),
        "no_offers": spoken(
            _("You have made the most trade offers a turn allows: play or discard a card.")
        ),
        "gone": spoken(_("That player is no longer at the table.")),
        "secret_stash": spoken(
            _("Trades are secret in this game, so only hand cards can be traded.")
        ),
        "choose_give": spoken(_("Choose at least one card you give.")),
        "choose_take": spoken(_("Choose at least one card you ask for.")),
        "one_for_one": spoken(
            _(
                "Hand cards go one for one, so hands stay at 7 and 6: you give {given} from "
                "your hand and ask for {asked} from {player}'s hand.",
                given="{given}",
                asked="{asked}",
                player="{player}",
            )
        ),
    }


def forms(message: Callable[[int], Text]) -> dict[str, JSON]:
    """A counted message in the forms the page picks from: for 0, 1 and more ("0", "1",
    "n"), its "{count}" left for the page to fill."""
    return {
        form: spoken(message(number).with_fields(count="{count}"))
        for form, number in (("0", 0), ("1", 1), ("n", 2))
    }


def gracias_hand_labels() -> dict[str, JSON]:
    """The words of the page's Gracias hand (activity/src/hands/gracias.js): the chat's
    own (bot/exts/gracias/ui.py's hand message and buttons), by the same message ids. The
    colours' and a face-down card's words are the table drawer's (render/gracias/web.py)."""
    return {
        "hidden": spoken(_("Hidden cards (only you see them): {cards}", cards="{cards}")),
        "none": spoken(_p("hidden cards", "none")),
        "new": spoken(_p("badge", "NEW")),
        "your_turn": spoken(
            _(
                "Your turn: take a trio. You will see its face-down card before you "
                "choose which face-up card to keep and whom to give the other to."
            )
        ),
        "take": spoken(_("Take {trio}", trio="{trio}")),
        "trio": spoken(_("trio {number}: {cards}", number="{number}", cards="{cards}")),
        "took": spoken(
            _(
                "You took trio {number}: its face-down card is **{colour}** (now one of "
                "your hidden cards).",
                number="{number}",
                colour="{colour}",
            )
        ),
        "split": spoken(
            _(
                "Keep one face-up card ({cards}) and give the other to an opponent: pick "
                "the card you give and to whom; you keep the other.",
                cards="{cards}",
            )
        ),
        "give": spoken(_("Give {colour} to {player}", colour="{colour}", player="{player}")),
    }


def graps_hand_labels() -> dict[str, JSON]:
    """The words of the page's Graps hand (activity/src/hands/graps.js): the chat's own
    (bot/exts/graps/ui.py's move text, picker.py's cell menus), by the same message ids.
    A side's words are keyed by the opponent's side, as the chat picks them."""
    return {
        # The heading over the player's moves (a Graps player holds no hand).
        "your_turn": spoken(_("Your turn")),
        "setup": spoken(
            _("Your move: place your set-up grape anywhere on row {row}.", row="{row}")
        ),
        "grape": forms(
            lambda n: _n(
                "You rolled a **grape**: {count} cell, dotted on the board.",
                "You rolled a **grape**: {count} cells, dotted on the board.",
                n,
            )
        ),
        "prunes": {
            "dark": spoken(_("It prunes every dark pawn in the eight cells around it.")),
            "light": spoken(_("It prunes every light pawn in the eight cells around it.")),
        },
        "blank": {
            "dark": forms(
                lambda n: _n(
                    "You rolled a **blank**: {count} cell, dotted on the board: beside your "
                    "vines, never touching a dark pawn or a dark grape's ring.",
                    "You rolled a **blank**: {count} cells, dotted on the board: beside your "
                    "vines, never touching a dark pawn or a dark grape's ring.",
                    n,
                )
            ),
            "light": forms(
                lambda n: _n(
                    "You rolled a **blank**: {count} cell, dotted on the board: beside your "
                    "vines, never touching a light pawn or a light grape's ring.",
                    "You rolled a **blank**: {count} cells, dotted on the board: beside your "
                    "vines, never touching a light pawn or a light grape's ring.",
                    n,
                )
            ),
        },
        # What a cell would do, as the chat's cell menus say it (picker.py's cell_note).
        "wins": spoken(_("reaches {player}'s land: you win", player="{player}")),
        "blank_row": spoken(_("a blank on row {row}", row="{row}")),
        "grape_row": spoken(_("a grape on row {row}", row="{row}")),
        "pruned": {
            "dark": forms(lambda n: _n("prunes {count} dark pawn", "prunes {count} dark pawns", n)),
            "light": forms(
                lambda n: _n("prunes {count} light pawn", "prunes {count} light pawns", n)
            ),
        },
        "pick": spoken(_("Place your {face} on…", face="{face}")),
        # TRANSLATORS: the Activity page's button confirming the cell tapped on the Graps
        # board: "Place your grape on H8" ({face} is the die face's word).
        "place_on": spoken(_("Place your {face} on {cell}", face="{face}", cell="{cell}")),
    }
