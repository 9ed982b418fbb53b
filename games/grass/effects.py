"""What each card needs (the "playable only when" rules) and what it does.

`check_play` / `check_discard` raise `IllegalAction` and change nothing; `do_play` /
`do_discard` change the state and only run after a successful check, which keeps
`Grass.apply` atomic. Rule ids: G4 discard, G5 Market Open, G5b equal values, G6
market states, G7 Peddle, G8 Heat On, G9 Heat Off, G10 Pay Fine, G11 Nirvana,
G12 Protect, G13 Paranoia, G14 Steal, G15 Banker, G16 Market Close.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

from games.grass.actions import Play
from games.grass.cards import (
    LIFTS,
    PARANOIA_LOST_TURNS,
    PEDDLE_VALUES,
    PROTECT_LIMITS,
    Card,
    Kind,
)
from games.grass.state import Peddle, Seat, State
from games.grass.views import GrassEventKind
from games.protocol import Event, IllegalAction
from games.text import Money, Text, _, _n, joined

_NONE: MappingProxyType[str, str] = MappingProxyType({})  # no private words


def _market_words(seat: Seat) -> Text:
    """Why the seat's market is not clear (G6): the `{why}` of the refusals below."""
    if not seat.market_open:
        return _("your market is closed (no Market Open in your hassle pile)")
    # TRANSLATORS: {card} is the Heat On card over the player's market ("Bust").
    return _("your market is blocked by {card}", card=seat.heat[0].title)


def _not_held(card: Card, rule: str) -> IllegalAction:
    return IllegalAction(_("you do not hold {card}", card=card.title), rule)


def check_discard(seat: Seat, card: Card) -> None:
    if card not in seat.hand:
        raise _not_held(card, "G3")
    kind = card.kind
    if kind is Kind.NIRVANA or kind is Kind.PARANOIA:
        raise IllegalAction(
            _(
                "{card} cannot be discarded: putting it on the discard pile is playing it",
                card=card.title,
            ),
            "G4",
        )


def check_play(state: State, seat: Seat, action: Play) -> None:
    card = action.card
    if card not in seat.hand:
        raise _not_held(card, "G3")
    kind = card.kind
    if action.target is not None and kind is not Kind.HEAT_ON and kind is not Kind.SKIM:
        raise IllegalAction(_("{card} is not played on another player", card=card.title), "G8")
    if action.cover and kind is not Kind.PROTECT:
        raise IllegalAction(
            _("only a Protect card covers peddles, not {card}", card=card.title), "G12"
        )
    if kind is Kind.MARKET_OPEN:
        if seat.market_open:
            raise IllegalAction(
                _(
                    "you already have a Market Open in your hassle pile; this one can only be "
                    "discarded"
                ),
                "G5",
            )
    elif kind is Kind.PEDDLE:
        if not seat.clear:
            # TRANSLATORS: {why} is "your market is closed (...)" or "your market is
            # blocked by ...".
            raise IllegalAction(_("you cannot peddle: {why}", why=_market_words(seat)), "G7")
    elif kind is Kind.HEAT_ON:
        _check_heat_on(state, seat, action)
    elif kind is Kind.HEAT_OFF:
        if not seat.heat:
            raise IllegalAction(
                _("{card} lifts Heat, and your market is not blocked", card=card.title), "G9"
            )
        if LIFTS[card] is not seat.heat[0]:
            raise IllegalAction(
                # TRANSLATORS: {card} is a Heat Off card, {lifted} the Heat On it lifts,
                # {oldest} the Heat On that blocks the market first.
                _(
                    "{card} only lifts {lifted}; the oldest Heat On over your market is {oldest}",
                    card=card.title,
                    lifted=LIFTS[card].title,
                    oldest=seat.heat[0].title,
                ),
                "G9",
            )
    elif kind is Kind.PAY_FINE:
        if not seat.heat:
            raise IllegalAction(_("Pay Fine lifts Heat, and your market is not blocked"), "G10")
        if seat.lowest() is None:
            raise IllegalAction(_("Pay Fine needs an unprotected peddle in your stash"), "G10")
    elif kind is Kind.PROTECT:
        _check_protect(seat, action)
    elif card is Card.STEAL_YOUR_NEIGHBORS_POT:
        if not seat.clear:
            # TRANSLATORS: {why} is "your market is closed (...)" or "your market is
            # blocked by ...".
            raise IllegalAction(_("you cannot steal: {why}", why=_market_words(seat)), "G14")
        target = _opponent(state, seat, action, "G14")
        if target.lowest() is None:
            raise IllegalAction(
                _("{player} has no unprotected peddle to steal", player=target.name), "G14"
            )
    elif card is Card.BANKER:
        raise IllegalAction(
            _("the Banker has no effect when played: you can discard it or trade it"), "G15"
        )
    elif kind is Kind.MARKET_CLOSE and not seat.clear:
        raise IllegalAction(
            # TRANSLATORS: {why} is "your market is closed (...)" or "your market is
            # blocked by ...".
            _("you cannot close the market: {why}", why=_market_words(seat)),
            "G16",
        )
    # Nirvana (G11) and Paranoia (G13) are playable at any time on your turn.


def _opponent(state: State, seat: Seat, action: Play, rule: str) -> Seat:
    if action.target is None:
        raise IllegalAction(_("{card} needs a target player", card=action.card.title), rule)
    target = state.seat(action.target)
    if target is None:
        raise IllegalAction(_("{player} is not playing in this game", player=action.target), rule)
    if target is seat:
        raise IllegalAction(
            _("{card} is played on an opponent, not on you", card=action.card.title), rule
        )
    return target


def _check_heat_on(state: State, seat: Seat, action: Play) -> None:
    target = _opponent(state, seat, action, "G8")
    if seat.heat:
        raise IllegalAction(_("you cannot put Heat On others while your market is blocked"), "G8")
    if not target.market_open:
        raise IllegalAction(
            _("{player}'s market is closed: there is nothing to block", player=target.name),
            "G8",
        )
    if target.heat and not state.options.heat_stacking:
        raise IllegalAction(
            _(
                "{player}'s market is already blocked (heat stacking is off in this game)",
                player=target.name,
            ),
            "G8",
        )


def _check_protect(seat: Seat, action: Play) -> None:
    card = action.card
    if not seat.clear:
        # TRANSLATORS: {why} is "your market is closed (...)" or "your market is
        # blocked by ...".
        raise IllegalAction(_("you cannot protect: {why}", why=_market_words(seat)), "G12")
    if not action.cover:
        # TRANSLATORS: {card} is the Protect card being played ("Grab a Snack").
        raise IllegalAction(_("name the stash peddles {card} covers", card=card.title), "G12")
    wanted = Counter(action.cover)
    if Card.DR_FEELGOOD in wanted:
        raise IllegalAction(_("Dr. Feelgood can never be protected"), "G12")
    for peddle_card, count in wanted.items():
        if peddle_card not in PEDDLE_VALUES:
            raise IllegalAction(_("{card} is not a peddle", card=peddle_card.title), "G12")
        free = sum(1 for p in seat.stash if p.card is peddle_card and not p.covered)
        if free < count:
            raise IllegalAction(
                # TRANSLATORS: {card} is a peddle's name as printed ("Panama"), the same
                # for one copy or several.
                _n(
                    "you do not have {count} unprotected {card} in your stash",
                    "you do not have {count} unprotected {card} in your stash",
                    count,
                    card=peddle_card.title,
                ),
                "G12",
            )
    total = sum(PEDDLE_VALUES[c] for c in action.cover)
    limit = PROTECT_LIMITS[card]
    if total > limit:
        raise IllegalAction(
            # TRANSLATORS: {card} is a Protect card; {limit} the most it covers, {total}
            # what the peddles named add up to (amounts: "$50,000").
            _(
                "{card} covers up to {limit}; the named peddles are worth {total}",
                card=card.title,
                limit=Money(limit),
                total=Money(total),
            ),
            "G12",
        )


# -- effects (only after a successful check) ---------------------------------------


def _to_stash(seat: Seat, card: Card) -> None:
    seat.stash.append(Peddle(card))


def do_discard(state: State, seat: Seat, card: Card, out: list[Event]) -> None:
    seat.hand.remove(card)
    state.discard.append(card)
    text = _("{player} discarded {card}", player=seat.name, card=card.title)
    out.append(Event(GrassEventKind.DISCARD, text, seat.name, _NONE, _NONE))


def do_play(state: State, seat: Seat, action: Play, out: list[Event]) -> None:
    """Apply a checked play; the turn flow (next turn, pass, extra turn) is the caller's."""
    card = action.card
    kind = card.kind
    name = seat.name
    title = card.title
    seat.hand.remove(card)
    discard = state.discard
    text: Text | None = None  # None: "{player} played {card}" and nothing more
    if kind is Kind.MARKET_OPEN:
        seat.market_open = True  # G5
    elif kind is Kind.PEDDLE:
        _to_stash(seat, card)  # G7
        # TRANSLATORS: {value} is the peddle's value ("$25,000").
        text = _(
            "{player} played {card} ({value})",
            player=name,
            card=title,
            value=Money(PEDDLE_VALUES[card]),
        )
    elif kind is Kind.HEAT_ON:
        target = state.seat(action.target or "")
        assert target is not None
        target.heat.append(card)  # G8: stacked, lifted oldest first
        # TRANSLATORS: {card} is a Heat On card, {target} the player whose market it blocks.
        text = _("{player} played {card} on {target}", player=name, card=title, target=target.name)
    elif kind is Kind.HEAT_OFF:
        discard.append(seat.heat.pop(0))  # G9: the oldest Heat On
        discard.append(card)
    elif kind is Kind.PAY_FINE:
        lifted = seat.heat.pop(0)  # G10
        fine = seat.lowest()
        assert fine is not None
        seat.stash.remove(fine)
        discard.extend((lifted, fine.card, card))
        # TRANSLATORS: {card} is Pay Fine, {heat} the Heat On card it lifts, {fine} the
        # peddle from the player's stash that pays the fine.
        text = _(
            "{player} played {card}, lifting {heat} and paying {fine} as the fine",
            player=name,
            card=title,
            heat=lifted.title,
            fine=fine.card.title,
        )
    elif kind is Kind.NIRVANA:
        text = _nirvana(state, seat, card)
        discard.append(card)
    elif kind is Kind.PROTECT:
        for cover in action.cover:  # G12: the earliest unprotected copies
            for peddle in seat.stash:
                if peddle.card is cover and not peddle.covered:
                    peddle.covered = True
                    break
        seat.protection.append(card)
        # TRANSLATORS: {card} is a Protect card; {cards} the peddles it covers, as
        # printed, separated by commas ("Panama, Mexico").
        text = _(
            "{player} played {card} covering {cards}",
            player=name,
            card=title,
            cards=", ".join(c.title for c in action.cover),
        )
    elif kind is Kind.PARANOIA:
        text = _paranoia(state, seat, card)
        discard.append(card)
    elif card is Card.STEAL_YOUR_NEIGHBORS_POT:
        target = state.seat(action.target or "")
        assert target is not None
        taken = target.highest()  # G14
        assert taken is not None
        target.stash.remove(taken)
        _to_stash(seat, taken.card)
        discard.append(card)
        # TRANSLATORS: {target} is the player stolen from, {taken} the peddle taken.
        text = _(
            "{player} played {card} on {target}, taking {taken}",
            player=name,
            card=title,
            target=target.name,
            taken=taken.card.title,
        )
    else:  # Market Close (G16); the caller ends the hand
        discard.append(card)
    if text is None:
        text = _("{player} played {card}", player=name, card=title)
    data = {"card": card.value, "target": action.target}
    out.append(Event(GrassEventKind.PLAY, text, name, _NONE, data))


def _nirvana(state: State, seat: Seat, card: Card) -> Text:
    """G11: lift every Heat On, collect a peddle from each opponent; the play's words."""
    state.discard.extend(seat.heat)
    seat.heat.clear()
    taken: list[Text] = []
    for other in state.seats:
        if other is seat:
            continue
        peddle = other.lowest() if card is Card.STONEHIGH else other.highest()
        if peddle is not None:
            other.stash.remove(peddle)
            _to_stash(seat, peddle.card)
            # TRANSLATORS: a peddle a Nirvana card takes: "Panama from bob".
            taken.append(_("{card} from {player}", card=peddle.card.title, player=other.name))
    if not taken:
        # TRANSLATORS: {card} is a Nirvana card (Stonehigh, Euphoria).
        return _(
            "{player} played {card}; nobody had a peddle to give and plays an extra turn",
            player=seat.name,
            card=card.title,
        )
    # TRANSLATORS: {card} is a Nirvana card (Stonehigh, Euphoria); {taken} the peddles it
    # takes, each "Panama from bob", separated by commas.
    return _(
        "{player} played {card}; takes {taken} and plays an extra turn",
        player=seat.name,
        card=card.title,
        taken=joined(", ", taken),
    )


def _paranoia(state: State, seat: Seat, card: Card) -> Text:
    """G13: the player's own loss, and the play's words; the pass is started by the
    caller."""
    turns = PARANOIA_LOST_TURNS[card]
    seat.skip += turns
    lost: list[Peddle] = []
    if card is Card.SOLD_OUT:
        low = seat.lowest()
        lost = [low] if low else []
    elif card is Card.DOUBLE_CROSSED:
        high = seat.highest()
        lost = [high] if high else []
    else:
        lost = seat.unprotected()
    for peddle in lost:
        seat.stash.remove(peddle)
        state.discard.append(peddle.card)
    wiped = card is Card.UTTERLY_WIPED_OUT and (seat.market_open or seat.heat)
    if wiped:
        if seat.market_open:
            state.discard.append(Card.MARKET_OPEN)
        state.discard.extend(seat.heat)
        seat.market_open = False
        seat.heat.clear()
    name, title = seat.name, card.title
    discarded = ", ".join(p.card.title for p in lost)
    if lost and wiped:
        # TRANSLATORS: {card} is a Paranoia card; {cards} the peddles its player discards,
        # separated by commas; the hassle pile is their Market Open and Heat On cards.
        return _n(
            "{player} played {card}, loses {count} turn and discards {cards} and the whole "
            "hassle pile; everyone passes a card left",
            "{player} played {card}, loses {count} turns and discards {cards} and the whole "
            "hassle pile; everyone passes a card left",
            turns,
            player=name,
            card=title,
            cards=discarded,
        )
    if lost:
        # TRANSLATORS: {card} is a Paranoia card; {cards} the peddles its player discards,
        # separated by commas.
        return _n(
            "{player} played {card}, loses {count} turn and discards {cards}; everyone "
            "passes a card left",
            "{player} played {card}, loses {count} turns and discards {cards}; everyone "
            "passes a card left",
            turns,
            player=name,
            card=title,
            cards=discarded,
        )
    if wiped:
        # TRANSLATORS: {card} is a Paranoia card; the hassle pile is its player's Market
        # Open and Heat On cards.
        return _n(
            "{player} played {card}, loses {count} turn and the whole hassle pile; everyone "
            "passes a card left",
            "{player} played {card}, loses {count} turns and the whole hassle pile; everyone "
            "passes a card left",
            turns,
            player=name,
            card=title,
        )
    # TRANSLATORS: {card} is a Paranoia card.
    return _n(
        "{player} played {card}, loses {count} turn; everyone passes a card left",
        "{player} played {card}, loses {count} turns; everyone passes a card left",
        turns,
        player=name,
        card=title,
    )
