"""The words of Grass's table drawn in a web page (render/web/grass.js), in the reader's
language: what the drawer shows that the public view does not hold.

Every message is one the pictures or the table message already say (render/grass/
table.py, cards.py, scores.py, bot/exts/grass/ui.py), by the same message id, so its
translations exist. A message with fields comes as a template, its fields left as
"{name}" for the drawer to fill (`filled` in render/web/draw.js); one whose words
depend on a number comes in three forms, for 0, 1 and more (".0", ".1", ".n"): the
plural rules of our four languages tell no other numbers apart. Amounts: "money" is
the language's pattern of an amount ("${amount}", "{amount} $") and "group" the mark
between thousands; a loss puts a minus sign before the whole amount, in every
language. A card's name and the big words of its small table face ("$50K", "OPEN",
a Paranoia's "-$25K" penalty) are the same functions' as the picture's.
"""

from __future__ import annotations

from games.grass.cards import Card, Kind
from games.text import Money, Text, _, _n, _p
from lang import spoken
from render.grass.cards import MINI_NAMES, card_label
from render.grass.scores import BEST_HAND, PARTS, SCORE, TOTAL
from render.scoreboard import WINNER
from render.toolkit import money, short_money

LEFT_OUT: frozenset[str] = frozenset({"last_turns", "recent", "deck_size", "after_pass"})
"""The public view's fields the drawer does not read: each player's last turn (what
the computer players read of a hand, and the heaviest field), the last event texts
(the page says the moves in words of its own), the deck's size and who plays after
a Paranoia pass (neither is drawn)."""


def _template(text: Text) -> str:
    """`text` in the reader's words with its fields left as "{name}"."""
    return spoken(text.with_fields(**{name: "{" + name + "}" for name in text.fields}))


def _forms(key: str, singular: str, plural: str) -> dict[str, str]:
    """A message that depends on a number, as templates for 0, 1 and more."""
    return {
        f"{key}.{suffix}": _template(_n(singular, plural, count, count=count))
        for suffix, count in (("0", 0), ("1", 1), ("n", 2))
    }


def _money_pattern() -> tuple[str, str]:
    """The language's pattern of an amount, and the mark between thousands."""
    sample = money(1_234_567)
    group = sample[sample.index("1") + 1]
    return sample.replace(group.join(("1", "234", "567")), "{amount}"), group


def _face(card: Card) -> str:
    """The big words of the card's small table face (render/grass/cards.py)."""
    if card.value_usd and card.kind is not Kind.PARANOIA:
        return short_money(card.value_usd)
    return MINI_NAMES.get(card, card.title)


def words() -> dict[str, str]:
    """Every word the Grass drawer shows beside the view, in the reader's language
    (call it inside `lang.speaking`)."""
    pattern, group = _money_pattern()
    found: dict[str, str] = {
        "money": pattern,
        "group": group,
        # The header (render/grass/table.py).
        "hand": _template(_("Hand {hand}  ·  first to {target}", hand=0, target=Money(0))),
        "trades_open": spoken(_("trades open")),
        "no_trading": spoken(_("no trading")),
        "secret_trades": spoken(_("secret trades")),
        "learning": spoken(_("learning deck")),
        "won": _template(_("Game over: {player} wins", player="")),
        "shared_win": _template(_("Game over: shared win, {players}", players="")),
        "pass_waiting": _template(_("Paranoia pass: waiting for {players}", players="")),
        "offers": _template(_("{player} offers {other} a trade", player="", other="")),
        "extra_turn": _template(_("{player} to play (Nirvana extra turn)", player="")),
        "to_play": _template(_("{player} to play", player="")),
        "draw_pile": spoken(_("draw pile")),
        "draw_pile_count": _template(_("draw pile {count}", count=0)),
        "discard_pile": spoken(_("discard pile")),
        "empty_pile": spoken(_p("pile", "empty")),
        "pile_count": _template(_p("pile", "x{count}", count=0)),
        # A seat's tile.
        "passing": spoken(_p("paranoia pass", "passing")),
        "passed": spoken(_p("paranoia pass", "passed")),
        "no_market": spoken(_("no\nmarket")),
        "empty_stash": spoken(_("empty stash")),
        "all_covered": spoken(_p("covered peddles", "SAFE")),
        "covered": _template(_p("covered peddles", "{count} SAFE", count=0)),
        # A seat's figures, as the table message says them (bot/exts/grass/ui.py).
        "stash": _template(_("stash {amount}", amount=Money(0))),
        **_forms("in_hand", "{count} in hand", "{count} in hand"),
        **_forms("skips", "skips {count}", "skips {count}"),
        "market.closed": spoken(_("market closed")),
        "market.open": spoken(_("market open")),
        "market.blocked": spoken(_("market blocked")),
        # The last scored hand (render/grass/scores.py).
        "scored_hand": _template(_("Hand {hand}", hand=0)),
        "best_hand": spoken(BEST_HAND[0]),
        "winner": spoken(WINNER[0]),
        "score": spoken(SCORE),
        "total": spoken(TOTAL),
        **{f"part.{index}": spoken(part) for index, part in enumerate(PARTS)},
    }
    for card in Card:
        found[f"card.{card.value}"] = card.title
        found[f"face.{card.value}"] = _face(card)
        if card.kind is Kind.PEDDLE:  # the Activity's trade form names it with its value
            found[f"label.{card.value}"] = spoken(card_label(card))
        if card.kind is Kind.PARANOIA:
            found[f"penalty.{card.value}"] = short_money(-card.value_usd)
    return found


def part_name(number: str) -> Text:
    """A hand as the replay page heads it, as the score sheets do (the same message)."""
    return _("Hand {hand}", hand=number)
