"""Hand-built Grass views: fixed, so the tests' golden images and the PNG palette
(render/encode.py) stay stable while the engine changes how it reaches a state. Each
shows a lot at once: crowded and covered stashes, blocked markets, a Paranoia pass, a
trade's received card."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PIL import Image

from games.grass.cards import Card
from games.grass.views import (
    GrassOptions,
    GrassPlayerView,
    GrassPublicView,
    HandScore,
    Market,
    Phase,
    ScoreRow,
    SeatView,
    StashCard,
)

C = Card
NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")


def _seat(index: int, name: str, **changes: Any) -> SeatView:
    empty = SeatView(name, index, Market.CLOSED, False, (), (), (), 6, 0, 0, False, False)
    return replace(empty, **changes)


def stash(*cards: Card, covered: int = 0) -> tuple[StashCard, ...]:
    """The first `covered` cards covered (G12)."""
    return tuple(StashCard(card, index < covered) for index, card in enumerate(cards))


CROWDED = stash(
    C.PANAMA,
    C.COLOMBIA,
    C.HOME_GROWN,
    C.MEXICO,
    C.JAMAICA,
    C.DR_FEELGOOD,
    C.HOME_GROWN,
    C.COLOMBIA,
    C.MEXICO,
    C.PANAMA,
    C.JAMAICA,
    covered=2,
)


def hand_scores(players: tuple[str, ...]) -> tuple[HandScore, ...]:
    hands = []
    totals = dict.fromkeys(players, 0)
    for hand in (1, 2):
        rows = []
        for index, name in enumerate(players):
            table = 25_000 * ((index + hand) % 4)
            banker = -5_000 if index == 1 else 0
            hand_peddle = 5_000 * (index % 2)
            paranoia = 25_000 if index == 2 and hand == 2 else 0
            net = table + banker - hand_peddle - paranoia
            rows.append((name, table, banker, hand_peddle, paranoia, net))
        top = max(row[5] for row in rows)
        score_rows = []
        for name, table, banker, hand_peddle, paranoia, net in rows:
            bonus = 25_000 if net == top else 0
            totals[name] += net + bonus
            score_rows.append(
                ScoreRow(
                    name, table, banker, hand_peddle, paranoia, bonus, net + bonus, totals[name]
                )
            )
        hands.append(HandScore(hand, tuple(score_rows)))
    return tuple(hands)


def six() -> GrassPublicView:
    """Six players mid-hand: crowded, blocked, closed and covered stashes."""
    scores = hand_scores(NAMES)
    totals = {row.name: row.total for row in scores[-1].rows}
    seats = (
        _seat(
            0,
            "ann",
            market=Market.OPEN,
            market_open=True,
            stash=CROWDED,
            protection=(C.LUST_CONQUERS_ALL,),
            total=totals["ann"],
        ),
        _seat(
            1,
            "bob",
            market=Market.BLOCKED,
            market_open=True,
            heat=(C.BUST, C.SEARCH_AND_SEIZURE),
            stash=stash(C.COLOMBIA, C.MEXICO),
            total=totals["bob"],
            hand_size=7,
        ),
        _seat(2, "cy", total=totals["cy"], skip=2),
        _seat(
            3,
            "dee",
            market=Market.OPEN,
            market_open=True,
            stash=stash(C.PANAMA, C.JAMAICA, C.HOME_GROWN, covered=1),
            protection=(C.GRAB_A_SNACK,),
            total=totals["dee"],
        ),
        _seat(
            4,
            "eve",
            market=Market.BLOCKED,
            market_open=True,
            heat=(C.FELONY, C.DETAINED, C.BUST, C.FELONY),
            stash=stash(C.DR_FEELGOOD),
            total=totals["eve"],
        ),
        _seat(
            5,
            "fay",
            market=Market.OPEN,
            market_open=True,
            stash=stash(
                C.MEXICO, C.MEXICO, C.COLOMBIA, C.PANAMA, C.JAMAICA, C.HOME_GROWN, C.COLOMBIA
            ),
            total=totals["fay"],
        ),
    )
    return GrassPublicView(
        hand=3,
        phase=Phase.TURN,
        to_move="bob",
        awaiting=("bob",),
        draw_pile=23,
        deck_size=104,
        discard_pile=(C.MARKET_OPEN, C.IMMUNITY),
        seats=seats,
        extra_turn=False,
        trading=True,
        offer=None,
        scores=scores,
        options=GrassOptions(),
        winners=(),
        recent=(  # the engine's words: a Paranoia pass, a trade, a long line cut
            "cy played Sold Out: loses 1 turn",
            "Paranoia: everyone passed a card to the left",
            "ann and bob traded: ann gives Panama (hand); bob gives Banker (hand), Mexico (stash)",
            "eve played Felony on eve's market",
            "ann played Lust Conquers All, covering Panama and Colombia",
            "dee discarded Immunity",
            "bob drew a card",
        ),
    )


def two() -> GrassPublicView:
    """Two players at the start of hand 1: empty stashes, nothing discarded."""
    return GrassPublicView(
        hand=1,
        phase=Phase.TURN,
        to_move="ann",
        awaiting=("ann",),
        draw_pile=91,
        deck_size=104,
        discard_pile=(),
        seats=(_seat(0, "ann", hand_size=7), _seat(1, "bob")),
        extra_turn=False,
        trading=True,
        offer=None,
        scores=(),
        options=GrassOptions(),
        winners=(),
        recent=("Hand 1: 6 cards dealt to each player", "ann drew a card"),
    )


def hand(public: GrassPublicView | None = None) -> GrassPlayerView:
    public = public or six()
    return GrassPlayerView(
        public=public,
        name="bob",
        hand=(
            C.SOLD_OUT,
            C.PANAMA,
            C.IMMUNITY,
            C.MARKET_CLOSE,
            C.STEAL_YOUR_NEIGHBORS_POT,
            C.CATCH_A_BUZZ,
            C.HOME_GROWN,
        ),
        drawn=C.IMMUNITY,
        pass_choice=None,
        offer=None,
        received=(C.HOME_GROWN,),  # given in a trade: its badge beside the drawn one's
    )


def palette_parts() -> list[Image.Image]:
    """The pictures of these views, and every card face in both sizes with the back,
    for the shared PNG palette (render/tools/make_palette.py)."""
    from render.grass.cards import Size, back, face
    from render.grass.hand import hand_image
    from render.grass.scores import score_sheet_image
    from render.grass.table import table_image

    cards = Image.new("RGB", (27 * 184, 256), (29, 74, 51))
    for index, card in enumerate(Card):
        cards.paste(face(card), (index * 184, 0), face(card))
        cards.paste(face(card, Size.MINI), (index * 184, 0), face(card, Size.MINI))
    cards.paste(back(), (0, 0), back())
    return [table_image(six()), hand_image(hand()), score_sheet_image(six()), cards]
