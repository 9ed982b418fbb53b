"""The Grass hand image: one player's cards (G1), grouped, readable at phone size.

Cards are grouped by kind (money first, Paranoia last); the card just drawn is marked
NEW, the cards another player just gave them (a Paranoia pass, G13, or a trade, G20)
RECEIVED, the card chosen for a Paranoia pass TO PASS (G13); a trade offer the player
is a party to is spelled out under the cards from their side (G20).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.grass.cards import Card, Kind
from games.grass.views import GrassPlayerView, Market
from games.text import Money, Text, _, _p, joined
from render.grass.cards import Size, face
from render.toolkit import (
    ALERT,
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    INK_DARK,
    INK_SOFT,
    RGB,
    ellipsize,
    hex_rgb,
    panel,
    pill,
    text,
    wrap,
)

MARGIN = 16
# The received mark: sky blue, not the drawn card's gold, so the two read apart at a
# glance. Nirvana's card colours, so the shared PNG palette already holds them.
RECEIVED = hex_rgb("#8ed2f0")
RECEIVED_INK = hex_rgb("#0f3550")
# Three cards a row, 644 px wide: shown 360 px wide on a phone, the badges (17 px)
# read 9.5 px and the status line (22 px) 12 px, as the cards' own words do (cards.py).
BADGE_SIZE = 17
STATUS_SIZE = 22
HEADER = 124  # the title, then the status on up to two lines
TOP = 144  # the first row of cards

HAND_COLUMNS = 3
HAND_GAP = 20
HAND_ORDER = (
    Kind.PEDDLE,
    Kind.PROTECT,
    Kind.MARKET_OPEN,
    Kind.HEAT_ON,
    Kind.HEAT_OFF,
    Kind.PAY_FINE,
    Kind.NIRVANA,
    Kind.SKIM,
    Kind.MARKET_CLOSE,
    Kind.PARANOIA,
)
_CARD_ORDER = {card: index for index, card in enumerate(Card)}
MARKETS: dict[Market, Text] = {
    Market.OPEN: _("open market"),
    Market.BLOCKED: _("blocked market"),
    Market.CLOSED: _("closed market"),
}


def hand_order(cards: tuple[Card, ...]) -> list[Card]:
    """Grouped by kind (money first, Paranoia last), then in G1's order."""
    return sorted(cards, key=lambda c: (HAND_ORDER.index(c.kind), _CARD_ORDER[c]))


def hand_image(view: GrassPlayerView) -> Image.Image:
    """One player's hand, grouped, the card just drawn marked NEW, the cards received in
    a pass or trade RECEIVED (G13, G20), the card chosen for a pass marked TO PASS (G13),
    and the trade offer they are a party to spelled out (G20)."""
    cards = hand_order(view.hand)
    fw, fh = Size.FULL.value
    columns = HAND_COLUMNS
    rows = max(1, -(-len(cards) // columns))
    width = MARGIN * 2 + columns * fw + (columns - 1) * HAND_GAP + 32
    top = TOP
    offer = offer_lines(view)
    height = top + rows * (fh + HAND_GAP) + 24 + (len(offer) * 32 + 28 if offer else 0)
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    public = view.public
    # G22: a player who left has no seat any more, yet their (empty) hand is drawn.
    seat = next((s for s in public.seats if s.name == view.name), None)
    draw.rectangle((0, 0, width, HEADER), fill=FELT_DARK)
    room = width - 2 * (MARGIN + 16)
    title = ellipsize(_("{player}'s hand", player=view.name), room, 30, bold=True)
    text(image, (MARGIN + 16, 34), title, 30, GOLD, bold=True, anchor="lm")
    status: Text
    if seat is None:
        status = _("hand {hand}  ·  you left this game", hand=public.hand)
    else:
        # TRANSLATORS: {market} is "open market", "blocked market" or "closed market";
        # {total} the player's running total in dollars.
        status = _(
            "hand {hand}  ·  {market}  ·  {total}",
            hand=public.hand,
            market=MARKETS[seat.market],
            total=Money(seat.total),
        )
    if public.to_move == view.name and not public.over:
        # TRANSLATORS: {status} is the rest of the line: "hand 2  ·  open market  ·  $25,000".
        status = _("your turn  ·  {status}", status=status)
    lines = wrap(status, room, STATUS_SIZE)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    for index, line in enumerate(lines):
        shown = ellipsize(line, room, STATUS_SIZE)
        at = (MARGIN + 16, 76 + index * 30)
        text(image, at, shown, STATUS_SIZE, INK, anchor="lm", key=True)
    # One copy each is marked, even when the hand holds two cards of that type.
    drawn_index = cards.index(view.drawn) if view.drawn in cards else None
    pass_index = cards.index(view.pass_choice) if view.pass_choice in cards else None
    received = received_indexes(cards, view.received, drawn_index)
    if not cards:
        empty = _("no cards in hand")
        text(image, (width / 2, top + fh / 2), empty, 24, INK_SOFT, anchor="mm")
    left = MARGIN + 16
    for index, card in enumerate(cards):
        x = left + (index % columns) * (fw + HAND_GAP)
        y = top + (index // columns) * (fh + HAND_GAP)
        draw.rounded_rectangle((x + 3, y + 5, x + fw + 3, y + fh + 5), 15, fill=FELT_DARK)
        card_face = face(card)
        image.paste(card_face, (x, y), card_face)
        if index == drawn_index:
            # TRANSLATORS: a badge in capitals on the card just drawn.
            _mark(image, draw, (x, y), _p("badge", "NEW"), GOLD, INK_DARK)
        elif index in received:
            # TRANSLATORS: a badge in capitals on a card another player just gave them.
            _mark(image, draw, (x, y), _p("badge", "RECEIVED"), RECEIVED, RECEIVED_INK)
        if index == pass_index:
            # TRANSLATORS: a badge in capitals on the card chosen for a Paranoia pass.
            to_pass = _p("badge", "TO PASS")
            pill(image, draw, (x + 8, y - 12), to_pass, BADGE_SIZE, ALERT, (255, 255, 255))
    if offer:
        box_top = top + rows * (fh + HAND_GAP) + 4
        panel(draw, (MARGIN, box_top, width - MARGIN, height - MARGIN), FELT_DARK)
        for index, line in enumerate(offer):
            shown = ellipsize(line, width - 2 * MARGIN - 40, 21, bold=index == 0)
            text(
                image,
                (MARGIN + 20, box_top + 14 + index * 32),
                shown,
                21,
                GOLD if index == 0 else INK,
                bold=index == 0,
            )
    return image


def received_indexes(
    cards: list[Card], received: tuple[Card, ...], drawn_index: int | None
) -> set[int]:
    """The places in `cards` (the hand in drawing order) marked RECEIVED: one copy per
    received card, never the copy marked NEW, so a hand holding two Mexicos of which
    one was received marks one."""
    taken = {drawn_index} if drawn_index is not None else set()
    marked: set[int] = set()
    for card in received:
        index = next(
            (i for i, c in enumerate(cards) if c is card and i not in taken | marked), None
        )
        if index is not None:
            marked.add(index)
    return marked


def _mark(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    label: Text,
    fill: RGB,
    ink: RGB,
) -> None:
    """A frame round a full-size card and a badge over its top right corner."""
    x, y = xy
    fw, fh = Size.FULL.value
    draw.rounded_rectangle((x - 5, y - 5, x + fw + 4, y + fh + 4), 18, outline=fill, width=5)
    pill(image, draw, (x + fw - 8, y - 12), label, BADGE_SIZE, fill, ink, anchor_x="r")


def _cards(cards: tuple[Card, ...], stash: tuple[Card, ...]) -> Text:
    """The cards of one side of an offer, by their printed names."""
    named = [card.title for card in cards]
    # TRANSLATORS: a card offered from the stash, not from the hand (G20).
    named += [_("{card} (stash)", card=card.title) for card in stash]
    # TRANSLATORS: one side of a trade offer gives no card (G20).
    return joined(", ", named) if named else _p("trade", "nothing")


def offer_lines(view: GrassPlayerView) -> list[Text]:
    """G20: the offer in words from the viewer's side; [] when they are party to none."""
    offer = view.offer
    if offer is None:
        return []
    given, taken = _cards(offer.give, offer.give_stash), _cards(offer.take, offer.take_stash)
    if offer.by == view.name:
        return [
            _("Your offer to {player}, waiting for an answer", player=offer.to),
            # TRANSLATORS: {cards} are card names separated by commas, or "nothing".
            _("you give: {cards}", cards=given),
            # TRANSLATORS: {cards} are card names separated by commas, or "nothing".
            _("you get: {cards}", cards=taken),
        ]
    return [
        _("{player} offers you a trade: accept or decline", player=offer.by),
        _("you get: {cards}", cards=given),
        _("you give: {cards}", cards=taken),
    ]
