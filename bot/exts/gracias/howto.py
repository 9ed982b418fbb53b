"""How to play Gracias, in plain words, for `/gracias rules`: the overview and the
topics (`topic:`).

Written from docs/rules/gracias.md and played exactly as the engine does
(games/gracias/); the ids of the rules each text tells (C1..C8) ride along for the
footnote only.
"""

from __future__ import annotations

from bot.core.howto import HowTo, Topic
from games.text import _, _p

OVERVIEW = Topic(
    _("How to play {game}", game="Gracias"),
    _(
        "A card game for 3 to 6 players, in 3 rounds of 4 turns. Collect many cards of every "
        "colour, but never the most of a colour: at the end of a round, whoever holds the most "
        "of a colour throws those cards away."
    ),
    (
        (
            _("The cards"),
            _(
                "108 cards, 18 in each of six colours, each with its symbol: ♥ red, ▲ orange, "
                "★ yellow, ♣ green, ◆ blue, ● purple. Each round you start with 2 cards face up "
                "in your **reserve**, which everyone can see."
            ),
        ),
        (
            _("A turn"),
            _(
                "One player lays out a **trio** for each player: two cards face up and one face "
                "down. Then, one after another, everyone takes a trio. Its face-down card joins "
                "your **hidden cards**, which only you see. Of its two face-up cards, you keep "
                "one in your reserve and give the other to an opponent of your choice, who says "
                '"Gracias!"'
            ),
        ),
        (
            _("Scoring a round"),
            _(
                "After 4 turns, your hidden cards join your reserve. Five cards of one colour "
                "make a **packet**, set aside: it is safe and worth 1 point. Then, colour by "
                "colour, whoever has the most face-up cards throws them away (tied players "
                "too). Every face-up card left is worth 1 point."
            ),
        ),
        (
            _("The end"),
            _(
                "After 3 rounds the highest total wins; between equal totals, the best single "
                "round decides."
            ),
        ),
    ),
)

A_TURN = Topic(
    _("A turn"),
    _(
        "**Laying out.** The turn's opener lays out as many trios as there are players, "
        "numbered from 1: one face-up card on each, a second face-up card on each, then one "
        "face-down card on each.\n\n"
        "**Taking a trio.** The opener takes a trio first, then the others in seat order, each "
        "from the trios left. Its face-down card joins your hidden cards: you alone see them, "
        "and you may look at them whenever you like. Then you keep one of its face-up cards "
        "in your reserve and give the other to an opponent of your choice, into their reserve. "
        "You cannot keep both or give both. The one you give away should earn you a "
        '"Gracias!"\n\n'
        "**What everyone sees.** Every reserve (how many cards of each colour), the face-up "
        "cards of the trios, and how many hidden cards each player has, never which.\n\n"
        "**On Discord.** Your hidden cards and your menus come by direct message. Take a "
        "trio, look at its face-down card, then choose what to keep and whom to give the "
        "other card; or type `/gracias take trio:` and `/gracias give keep: to:`. If a turn "
        "waits longer than the turn timer (3 minutes unless the host chose another), the "
        "computer plays it for the absent player."
    ),
    rules=("C5",),
)

OPENERS = Topic(
    _("Who starts"),
    _(
        "**Dealing.** At the start of every round all 108 cards are shuffled, and everyone gets "
        "2 cards face up in their reserve, one at a time, starting with the round's first "
        "player. Reserves and hidden cards from the round before are gone.\n\n"
        "**The round's first player** is the first player who joined in round 1, the next "
        "seat in round 2, and the one after in round 3.\n\n"
        "**The turn's opener**, who lays out the trios and takes one first, is the round's "
        "first player in turn 1, then moves one seat on each turn. With 3 players, round 1's "
        "openers are seats 1, 2, 3 and 1 again.\n\n"
        "The others then take their trios in seat order after the opener, going round the "
        "table."
    ),
    rules=("C3", "C4", "C7"),
)

SCORING = Topic(
    _("Scoring a round"),
    _(
        "After the fourth turn everyone has 4 hidden cards. Then, in this order:\n\n"
        "**1. Hidden cards** are turned face up into your reserve.\n\n"
        "**2. Packets.** With 5 or more cards of a colour, you set exactly 5 of them aside as "
        "a packet. At most one packet per colour: with 10 red, 5 go into a packet and 5 stay "
        "face up.\n\n"
        "**3. The most of a colour.** Colour by colour, the player with the most face-up "
        "cards of that colour throws those cards away; packets do not count. Tied players all "
        "throw theirs away, and holding a colour alone is holding the most. A colour nobody "
        "has face up costs nobody anything.\n\n"
        "**4. Points.** Each face-up card left is worth 1 point, and each packet 1 point (not "
        "5).\n\n"
        "*Example:* you have 7 red: 5 make a packet, 2 stay face up. Bob has 4 red face up, "
        "the most, so he throws them away. You keep your packet and your 2 red: 3 points from "
        "red."
    ),
    rules=("C6",),
)

WINNING = Topic(
    _("Winning"),
    _(
        "After round 3 is scored the game is over, and the highest total of the 3 rounds "
        "wins.\n\n"
        "**Equal totals.** The player with the best single round wins; if that is equal too, "
        "the second-best round decides, then the third (best to worst, whatever order they "
        "were played in). Players still equal share the win."
    ),
    rules=("C8",),
)

LEAVING = Topic(
    _("Leaving"),
    _(
        "`/gracias leave` gives up your seat at any time, even when it is not your turn.\n\n"
        "**The round goes on without you.** Your reserve and hidden cards leave the round, so "
        "they count for no colour, and nobody can give you a card. If you had taken a trio "
        "and not split it yet, its face-up cards leave too. From the next turn there is one "
        "trio fewer, and openers skip your seat.\n\n"
        "**Your scores.** The rounds you already scored stay on the sheet, but you score no "
        "more and cannot win.\n\n"
        "**Fewer than 3 players left** ends the game at once: the round under way is not "
        "scored, and the others are ranked by the rounds already scored (with no round "
        "scored, they share the win)."
    ),
)

HOWTO = HowTo(
    OVERVIEW,
    {
        # TRANSLATORS: the topics of /gracias rules, as players pick them (lowercase).
        _p("rules topic", "a turn"): A_TURN,
        _p("rules topic", "who starts"): OPENERS,
        _p("rules topic", "scoring"): SCORING,
        _p("rules topic", "winning"): WINNING,
        _p("rules topic", "leaving"): LEAVING,
    },
    colour=0xE67E22,
)
"""Gracias's `/gracias rules` texts."""
