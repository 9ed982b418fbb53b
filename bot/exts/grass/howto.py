"""How to play Grass, in plain words, for `/grass rules`: the overview, the topics
(`topic:`) and what each card does (`card:`).

Written from docs/rules/grass.md and played exactly as the engine does (games/grass/);
the ids of the rules each text tells (G1..G22) ride along for the footnote only.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.core.howto import HowTo, Topic
from games.grass import Card
from games.grass.cards import COUNTS, HEAT_OFF_FOR, LIFTS, Kind
from games.text import Money, Text, _, _n, _p, joined
from render.grass.cards import card_label

OVERVIEW = Topic(
    _("How to play {game}", game="Grass"),
    _(
        "A card game for 2 to 6 players: peddle cards worth money into your stash, put the "
        "heat on the others and keep your own stash safe."
    ),
    (
        (
            _("Your turn"),
            _(
                "Draw a card (you hold 7), offer trades if you like, then play or discard one "
                "card. Then the next player goes."
            ),
        ),
        (
            _("The cards"),
            _(
                "**Market Open** opens your market; you need it to peddle.\n"
                "**Peddles** ($5,000 to $100,000) go into your stash while your market is clear.\n"
                "**Heat On** blocks an opponent's market until a **Heat Off** or **Pay Fine** "
                "lifts it.\n"
                "**Protect** keeps peddles in your stash safe.\n"
                "**Stonehigh**, **Euphoria**, **Steal Your Neighbor's Pot** and the **Banker** "
                "take money from the others; **Paranoia** costs you turns and peddles.\n"
                "**Market Close** ends the hand."
            ),
        ),
        (
            _("Scoring"),
            _(
                "When a hand ends, your stash counts for you; the most valuable peddle left in "
                "your hand and any Paranoia card you hold count against you. The hand's best "
                "score earns a $25,000 bonus."
            ),
        ),
        (
            _("The end"),
            _(
                "A hand ends with a Market Close or when the draw pile runs out. Once someone's "
                "total reaches the target ($250,000 unless the host chose another), the highest "
                "total wins; until then, a new hand is dealt."
            ),
        ),
    ),
)

A_TURN = Topic(
    _("A turn"),
    _(
        "**Dealing.** Everyone gets 6 cards; the rest is the draw pile. The first hand starts "
        "with the first player who joined, and each new hand starts one seat further on.\n\n"
        "**Your turn.** Draw the top card, so you hold 7. You may offer trades (see the topic "
        "*trading*). Then do exactly one thing: play a card, or discard one face up. You end "
        "with 6 cards, and it is the next player's turn. The discard pile is open for all to "
        "see, and nothing ever comes back from it.\n\n"
        "**What you may discard.** Any card except Stonehigh, Euphoria and the Paranoia cards "
        "(Sold Out, Double Crossed, Utterly Wiped Out): those always take effect, so you play "
        "them instead.\n\n"
        "**Lost turns.** Paranoia cards cost turns. A lost turn is skipped whole: no draw, no "
        "play. Turns still owed when a hand ends are forgiven.\n\n"
        "**The end of a hand.** A hand ends when someone plays Market Close, or when someone "
        "must draw and the draw pile is empty.\n\n"
        "**On Discord.** Your hand comes by direct message, with menus to play it. "
        "`/grass play card:` and `/grass discard card:` do the same by typing."
    ),
    rules=("G2", "G3", "G4", "G17"),
)

MARKET_AND_HEAT = Topic(
    _("The market and Heat"),
    _(
        "**Your market** starts every hand closed. Play a Market Open to open it; you can only "
        "do that while it is closed, so a second Market Open can only be discarded.\n\n"
        "**Heat On** (Bust, Detained, Felony, Search and Seizure) goes on an opponent's open "
        "market and blocks it. With heat stacking (on unless the host turned it off) it may "
        "also go on a market that is already blocked. You cannot put Heat on anyone while your "
        "own market is blocked, but yours need not be open.\n\n"
        "**Blocked** means you cannot peddle, protect, steal or close the market. A market "
        "that is open and not blocked is **clear**.\n\n"
        "**Lifting Heat.** Heat comes off oldest first. Each Heat On has its own Heat Off: "
        "Immunity lifts Bust, A Breeze to Fly lifts Detained, Hearsay Evidence lifts Felony, "
        "Charges Dropped lifts Search and Seizure. A Heat Off only lifts the oldest Heat over "
        "your market; one that matches nothing can only be discarded. Pay Fine lifts the "
        "oldest Heat of any kind, and your cheapest unprotected peddle pays the fine. "
        "Stonehigh and Euphoria lift all your Heat at once. With no Heat left, your market is "
        "clear again.\n\n"
        "**Equal peddles.** Whenever a card takes your cheapest or most valuable peddle and "
        "two are worth the same, the one that went into the stash first goes."
    ),
    rules=("G5", "G5b", "G6", "G8", "G9", "G10"),
)

PEDDLING = Topic(
    _("Peddling and protection"),
    _(
        "**Peddles** are the money: Home Grown and Mexico ($5,000), Colombia and Jamaica "
        "($25,000), Panama ($50,000) and Dr. Feelgood ($100,000). Play one while your market "
        "is clear and it goes face up into your stash. At the end of the hand your stash "
        "counts for you, but the most valuable peddle left in your hand counts against you: "
        "peddle while you can.\n\n"
        "**Protect cards** keep peddles safe: Lust Conquers All covers up to $50,000, Grab a "
        "Snack and Catch a Buzz up to $25,000 each. Play one while your market is clear and "
        "choose which unprotected peddles in your stash it covers: at least one, worth no "
        "more than the card in all. Dr. Feelgood can never be protected.\n\n"
        "**Covered peddles** stay covered until the end of the hand, and they still score. "
        "Nobody can take them, you cannot lose them to Paranoia, the Banker or a fine, and "
        "they cannot be traded. Peddles you add later are not covered.\n\n"
        "**On Discord.** Pick a Protect card in your hand's menu, then the peddles it covers; "
        "or type `/grass play card:Grab a Snack cover:Colombia`."
    ),
    rules=("G7", "G12"),
)

SPECIAL_CARDS = Topic(
    _("Special cards"),
    _(
        "**Stonehigh and Euphoria.** Play one on your turn at any time, even blocked or with "
        "your market closed. All your Heat is lifted; each opponent gives you their cheapest "
        "unprotected peddle (Euphoria: their most valuable one) into your stash; then you take "
        "an extra turn: draw, trade if you like, and play or discard again.\n\n"
        "**Paranoia.** Sold Out, Double Crossed and Utterly Wiped Out are costly to hold at the "
        "end of a hand ($25,000, $50,000 and $100,000), and costly to play. Sold Out costs you "
        "your next turn and your cheapest unprotected peddle; Double Crossed your next 2 turns "
        "and your most valuable one; Utterly Wiped Out your next 2 turns, every unprotected "
        "peddle and your market with its Heat, so you need a new Market Open. Then everyone, "
        "you too, picks a card from their hand, and all the picked cards go face down to the "
        "next player, the one on their left. You may play one on your turn at any time, even "
        "blocked.\n\n"
        "**Steal Your Neighbor's Pot.** With a clear market, take the most valuable "
        "unprotected peddle of any opponent, even a blocked one.\n\n"
        "**Banker.** Does nothing when played: you can only discard it or trade it. Whoever "
        "holds it when the hand ends takes 20% of every other player's unprotected stash.\n\n"
        "**Market Close.** With a clear market, it ends the hand at once. You may also discard "
        "it, harmlessly."
    ),
    rules=("G11", "G13", "G14", "G15", "G16"),
)

TRADING = Topic(
    _("Trading"),
    _(
        "On your turn, after drawing and before you play, you may offer trades, to one player "
        "at a time.\n\n"
        "**What can move.** Cards from your hands (the same number each way), unprotected "
        "peddles from your stashes (any number each way), or both. Each side gives at least "
        "one card. "
        "You may ask for cards you only hope they hold: if they do not, they can only "
        "decline.\n\n"
        "**The answer.** The other player accepts or declines, and you may withdraw the offer; "
        "nothing else happens until then. While it waits, only the two of you see it.\n\n"
        "**Limits.** At most 10 offers a turn, however they ended; then play or discard. "
        "Peddles arrive in their new stash unprotected. Covered peddles and discarded cards "
        "can never be traded.\n\n"
        "**Public or secret.** The table sees which cards moved, unless the host chose secret "
        "trades: then it only sees that a trade happened, and only hand cards can be traded.\n\n"
        "**On Discord.** Use *Offer a trade…* in your hand message, or type "
        "`/grass trade player: give: take:`."
    ),
    rules=("G20",),
)

SCORING = Topic(
    _("Scoring and the end"),
    _(
        "**The end of a hand.** Someone plays Market Close, or someone must draw and the draw "
        "pile is empty. A Paranoia pass under way finishes first.\n\n"
        "**Your score for the hand:**\n"
        "- **plus** every peddle in your stash, covered or not;\n"
        "- **minus** the most valuable peddle left in your hand (just that one);\n"
        "- **minus** $25,000 for each Sold Out, $50,000 for each Double Crossed and $100,000 "
        "for each Utterly Wiped Out left in your hand;\n"
        "- **the Banker:** its holder takes 20% of every other player's unprotected stash.\n"
        "The best score of the hand earns a $25,000 bonus (all tied players get it). A score "
        "may be negative; it is added to your running total.\n\n"
        "*Example:* Panama and Colombia in your stash, Jamaica and Sold Out in your hand: "
        "$75,000 − $25,000 − $25,000 = $25,000, before any bonus.\n\n"
        "**The end of the game.** After a hand is scored, if anyone's total has reached the "
        "target ($250,000 unless the host chose another), the highest total wins; an exact tie "
        "shares the win. Otherwise the cards are shuffled and a new hand is dealt.\n\n"
        "**Leaving.** `/grass leave` gives up your seat at any time: your cards go to the "
        "discard pile, and your past scores stay on the sheet. When only one player is left, "
        "they win."
    ),
    rules=("G17", "G18", "G19", "G22"),
)

OPTIONS = Topic(
    _("Options"),
    _(
        "The host chooses these with `/grass start`.\n\n"
        "**target** (default $250,000): the running total that ends the game.\n\n"
        "**heat_stacking** (default on): Heat On may go on a market that is already blocked. "
        "Off: only on a clear one.\n\n"
        "**secret_trades** (default off): the table only sees that a trade happened, and only "
        "hand cards can be traded.\n\n"
        "**learning** (default off): the deck grows hand by hand, for new players. Hand 1 is "
        "played without Stonehigh, Euphoria, Protect, Paranoia, Steal Your Neighbor's Pot and "
        "the Banker, and without trades; hand 2 allows trades; hand 3 adds Protect, Steal "
        "Your Neighbor's Pot and the Banker; from hand 4 on, the whole deck.\n\n"
        "**timer** (default 3): the minutes a turn may wait before the computer plays it for "
        "an absent player; 0 turns it off."
    ),
    rules=("G8", "G19", "G20", "G21"),
)

HOWTO = HowTo(
    OVERVIEW,
    {
        # TRANSLATORS: the topics of /grass rules, as players pick them (lowercase).
        _p("rules topic", "a turn"): A_TURN,
        _p("rules topic", "the market and heat"): MARKET_AND_HEAT,
        _p("rules topic", "peddling and protection"): PEDDLING,
        _p("rules topic", "special cards"): SPECIAL_CARDS,
        _p("rules topic", "trading"): TRADING,
        _p("rules topic", "scoring and the end"): SCORING,
        _p("rules topic", "options"): OPTIONS,
    },
    more=_("`/grass rules card:` tells what one card does."),
)
"""Grass's `/grass rules` texts."""


# -- the cards --------------------------------------------------------------------

NO_DISCARD = _("You cannot simply discard it: it always takes effect.")


def _peddle(card: Card) -> Text:
    text = _(
        "A peddle worth {amount}. Play it while your market is clear (open, with no Heat On "
        "over it) and it goes into your stash, where it counts for you at the end of the "
        "hand. The most valuable peddle left in your hand then counts against you.",
        amount=Money(card.value_usd),
    )
    if card is Card.DR_FEELGOOD:
        return joined(" ", [text, _("Dr. Feelgood can never be protected.")])
    return text


def _heat_on(card: Card) -> Text:
    return _(
        "Heat On. Play it on an opponent whose market is open, to block it: they cannot "
        "peddle, protect, steal or close the market until the Heat is lifted. With heat "
        "stacking (on unless the host turned it off) it may also go on a market that is "
        "already blocked. You cannot play it while your own market is blocked. "
        "{heat_off} lifts it, as do Pay Fine, Stonehigh and Euphoria.",
        heat_off=HEAT_OFF_FOR[card].title,
    )


def _heat_off(card: Card) -> Text:
    # TRANSLATORS: {heat_on} is a Heat On card's printed name ("Bust").
    return _(
        "Heat Off: lifts a {heat_on} from your market. Play it when your market is blocked "
        "and the oldest Heat On over it is a {heat_on}. With no Heat left, your market is "
        "clear again. If it matches nothing, you can only discard it.",
        heat_on=LIFTS[card].title,
    )


def _protect(card: Card) -> Text:
    return _(
        "Protect, up to {amount}. Play it while your market is clear and choose which "
        "unprotected peddles in your stash it covers: at least one, worth {amount} or less "
        "in all, never Dr. Feelgood. They stay safe until the end of the hand and still "
        "score: nobody can take them, you cannot lose them to Paranoia, the Banker or a "
        "fine, and they cannot be traded.",
        amount=Money(card.value_usd),
    )


def _nirvana(card: Card) -> Text:
    if card is Card.STONEHIGH:
        text = _(
            "Play it on your turn at any time, even blocked or with your market closed. All "
            "the Heat over your market is lifted, each opponent gives you their cheapest "
            "unprotected peddle into your stash, and then you take an extra turn: draw, trade "
            "if you like, and play or discard again."
        )
    else:
        text = _(
            "Play it on your turn at any time, even blocked or with your market closed. All "
            "the Heat over your market is lifted, each opponent gives you their most valuable "
            "unprotected peddle into your stash, and then you take an extra turn: draw, trade "
            "if you like, and play or discard again."
        )
    return joined(" ", [text, NO_DISCARD])


PARANOIA_PLAYED: Mapping[Card, Text] = {
    Card.SOLD_OUT: _(
        "Playing it (on your turn, at any time, even blocked) costs you your next turn and "
        "your cheapest unprotected peddle."
    ),
    Card.DOUBLE_CROSSED: _(
        "Playing it (on your turn, at any time, even blocked) costs you your next 2 turns and "
        "your most valuable unprotected peddle."
    ),
    Card.UTTERLY_WIPED_OUT: _(
        "Playing it (on your turn, at any time, even blocked) costs you your next 2 turns, "
        "every unprotected peddle and your market with its Heat: you need a new Market Open "
        "before you peddle again."
    ),
}
"""What playing each Paranoia card costs (G13)."""


def _paranoia(card: Card) -> Text:
    return joined(
        " ",
        [
            _(
                "Paranoia. Held when the hand ends, it costs you {amount}.",
                amount=Money(card.value_usd),
            ),
            PARANOIA_PLAYED[card],
            _(
                "Then everyone, you too, picks a card from their hand, and all the picked "
                "cards go face down to the next player, the one on their left."
            ),
            NO_DISCARD,
        ],
    )


SPECIFIC: Mapping[Card, Text] = {
    Card.MARKET_OPEN: _(
        "Opens your market, so you can peddle. Play it while your market is closed: at the "
        "start of every hand, or after Utterly Wiped Out took your market away. Otherwise "
        "you can only discard it. It never lifts Heat."
    ),
    Card.PAY_FINE: _(
        "Lifts the oldest Heat On over your market, whatever its kind; your cheapest "
        "unprotected peddle pays the fine and goes to the discard pile. Play it when your "
        "market is blocked and you have an unprotected peddle in your stash."
    ),
    Card.STEAL_YOUR_NEIGHBORS_POT: _(
        "Play it while your market is clear, on any opponent with an unprotected peddle in "
        "their stash, even a blocked one: you take their most valuable unprotected peddle "
        "into your stash."
    ),
    Card.BANKER: _(
        "Does nothing when played: you can only discard it or trade it. Whoever holds it "
        "when the hand ends takes 20% of every other player's unprotected stash."
    ),
    Card.MARKET_CLOSE: _(
        "Ends the hand at once, and the hand is scored. Play it while your market is clear. "
        "You may also discard it, with no effect."
    ),
}
BY_KIND = {
    Kind.PEDDLE: _peddle,
    Kind.HEAT_ON: _heat_on,
    Kind.HEAT_OFF: _heat_off,
    Kind.PROTECT: _protect,
    Kind.NIRVANA: _nirvana,
    Kind.PARANOIA: _paranoia,
}

CARD_RULES: Mapping[Kind, tuple[str, ...]] = {
    Kind.MARKET_OPEN: ("G5",),
    Kind.PEDDLE: ("G7", "G18"),
    Kind.HEAT_ON: ("G8",),
    Kind.HEAT_OFF: ("G9",),
    Kind.PAY_FINE: ("G10",),
    Kind.NIRVANA: ("G4", "G11"),
    Kind.PROTECT: ("G12",),
    Kind.PARANOIA: ("G4", "G13", "G18"),
    Kind.MARKET_CLOSE: ("G16",),
}
SKIM_RULES: Mapping[Card, tuple[str, ...]] = {
    Card.STEAL_YOUR_NEIGHBORS_POT: ("G14",),
    Card.BANKER: ("G15", "G18"),
}


def card_text(card: Card) -> Text:
    """What the card does, in a few sentences, and how many the deck holds."""
    specific = SPECIFIC.get(card)
    text = specific if specific is not None else BY_KIND[card.kind](card)
    held = _n("There is {count} in the deck.", "There are {count} in the deck.", COUNTS[card])
    return joined("\n\n", [text, held])


def card_topic(card: Card) -> Topic:
    """The embed of `/grass rules card:`."""
    rules = SKIM_RULES.get(card) or CARD_RULES[card.kind]
    return Topic(card_label(card), card_text(card), rules=rules)
