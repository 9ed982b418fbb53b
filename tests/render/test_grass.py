"""Grass images: table (G6, G8, G12), hand, score sheet (G18), hidden cards never drawn."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

from games.grass.cards import Card, Kind, full_deck
from games.registry import game_class
from render import grass
from render.grass import hand as grass_hand
from render.grass import samples as grass_samples
from render.grass import scores as grass_scores
from render.grass import table as grass_table
from render.grass.cards import STYLES, Size, face
from render.toolkit import ALERT, GOLD, text_width
from tests.render.helpers import assert_image_similar, assert_not_blank, close

PURPLE = STYLES[Card.LUST_CONQUERS_ALL.kind].colour
RED = STYLES[Card.BUST.kind].colour


def test_six_player_table_matches_golden():
    image = grass.table_image(grass_samples.six())
    assert image.width == grass_table.WIDTH == 640
    assert 1600 < image.height < 1900  # six panels, a header and six recent events
    assert_not_blank(image)
    assert_image_similar(image, "grass-table-6p")


def test_two_player_table_with_empty_stashes():
    image = grass.table_image(grass_samples.two())
    assert image.size[0] == 640 and image.height < 900
    assert_image_similar(image, "grass-table-2p")


def test_g12_covered_peddle_is_marked_and_uncovered_is_not():
    view = grass_samples.six()
    image = grass.table_image(view)
    where = grass_table.layout(view)
    dee = 3  # stash: covered Panama, then Jamaica and Home Grown
    piles = grass_table.stash_piles(view.seats[dee])
    assert [p.covered for p in piles] == [1, 0, 0]
    (x, y), (x2, y2) = where.seats[dee].stash[0], where.seats[dee].stash[1]
    h = Size.MINI.height
    assert close(image.getpixel((x + 50, y + h - 10)), PURPLE)  # the band at the foot
    assert not close(image.getpixel((x2 + 50, y2 + h - 10)), PURPLE)


def test_g12_a_pile_counts_its_covered_peddles():
    ann = grass_samples.six().seats[0]  # 11 peddles, a Panama and a Colombia covered
    piles = grass_table.stash_piles(ann)
    assert [(p.card.value_usd, p.covered, p.count) for p in piles] == [
        (100_000, 0, 1),
        (50_000, 1, 2),
        (25_000, 1, 4),
        (5_000, 0, 4),
    ]
    assert sum(p.count for p in piles) == len(ann.stash)


def _crowded(view):
    """ann holds every peddle value, some covered, and every Protect card (G12)."""
    ann = replace(
        view.seats[0],
        stash=view.seats[0].stash * 3,
        protection=(Card.LUST_CONQUERS_ALL, Card.GRAB_A_SNACK, Card.CATCH_A_BUZZ) * 2,
    )
    return replace(view, seats=(ann, *view.seats[1:]))


def test_g12_no_card_hides_another_cards_value():
    """Stash and Protect cards sit side by side, one pile per value, in the fullest
    row a deck can make: every value at the card's top stays in sight."""
    view = _crowded(grass_samples.six())
    for seat, where in zip(view.seats, grass_table.layout(view).seats, strict=True):
        xs = [x for x, _ in where.stash + where.protection]
        assert len(xs) == len(grass_table.stash_piles(seat)) + len(grass_table.protect_piles(seat))
        # A pile's lower cards peek out 4 px to the right of its top card.
        assert all(b - a >= Size.MINI.width + 4 for a, b in pairwise(xs))
    ann = grass_table.layout(view).seats[0]
    assert len(ann.stash) == 4 and len(ann.protection) == 2


def test_g8_heat_on_stack_shows_every_card_over_the_market_open():
    view = grass_samples.six()
    eve = view.seats[4]
    assert len(eve.heat) == 4
    where = grass_table.layout(view).seats[4]
    assert len(where.hassle) == 5  # the Market Open and four Heat On cards, fanned
    image = grass.table_image(view)
    for x, y in where.hassle[1:]:
        assert close(image.getpixel((x + 8, y + 60)), RED)


def test_the_mover_is_outlined_gold():
    view = grass_samples.six()
    image = grass.table_image(view)
    bob = grass_table.layout(view).seats[1].row
    assert close(image.getpixel(((bob[0] + bob[2]) // 2, bob[1] + 1)), GOLD)
    ann = grass_table.layout(view).seats[0].row
    assert not close(image.getpixel(((ann[0] + ann[2]) // 2, ann[1] + 1)), GOLD)


def test_crowded_stash_stays_inside_its_panel():
    view = _crowded(grass_samples.six())
    image = grass.table_image(view)
    where = grass_table.layout(view).seats[0]
    right = max(x for x, _ in where.stash + where.protection) + Size.MINI.width + 4
    assert right <= grass_table.RIGHT < where.row[2]
    assert_not_blank(image)


def test_the_log_shows_six_lines_the_engines_keep():
    """At least six recent events on every table, and the engines keep as many."""
    from games.gracias.seeing import RECENT as GRACIAS_KEPT
    from games.graps.state import RECENT as GRAPS_KEPT
    from games.grass.engine import RECENT as GRASS_KEPT

    assert 6 <= grass_table.RECENT <= GRASS_KEPT
    view = grass_samples.six()
    assert len(view.recent) > grass_table.RECENT
    shorter = replace(view, recent=view.recent[-1:])
    grown = grass_table.layout(view).size[1] - grass_table.layout(shorter).size[1]
    assert grown == (grass_table.RECENT - 1) * grass_table.LINE
    from render.gracias import table as gracias_table
    from render.graps import board as graps_board

    assert 6 <= gracias_table.RECENT <= GRACIAS_KEPT and 6 <= graps_board.RECENT <= GRAPS_KEPT


def test_table_refuses_a_player_view():
    with pytest.raises(TypeError):
        grass.table_image(grass_samples.hand())  # type: ignore[arg-type]


def test_hand_marks_the_card_just_drawn():
    view = grass_samples.hand()
    image = grass.hand_image(view)
    assert_image_similar(image, "grass-hand")
    order = grass_hand.hand_order(view.hand)
    assert order[0].is_peddle and order[-1] is Card.SOLD_OUT  # money first, Paranoia last


def test_g18_score_sheet_matches_golden():
    image = grass.score_sheet_image(grass_samples.six())
    assert image.width == grass_scores.WIDTH == 640
    assert_image_similar(image, "grass-score-sheet")


def test_every_card_type_has_its_own_face():
    faces = {card: face(card).tobytes() for card in Card}
    assert len(set(faces.values())) == len(Card) == 27


def test_the_tables_faces_tell_apart_every_kind_and_value():
    """The table piles peddles and Protect cards by value (G12), so a small face with
    a value shows it, not one card's name: two cards share a small face exactly when
    they are of one kind and one value (a Paranoia's value is a penalty: it keeps its
    name)."""
    kinds = {card: (card.kind, card.value_usd) for card in Card}
    assert kinds[Card.JAMAICA] == kinds[Card.COLOMBIA]  # two $25,000 peddles
    for card in Card:
        valued = bool(card.value_usd) and card.kind is not Kind.PARANOIA
        for other in Card:
            same = face(card, Size.MINI).tobytes() == face(other, Size.MINI).tobytes()
            assert same == (card == other or (valued and kinds[card] == kinds[other]))


def _game_with_deck(deck: list[Card]):
    header = {
        "game": "grass",
        "players": ["ann", "bob"],
        "seed": 5,
        "decks": [[c.value for c in deck]],
    }
    game = game_class("grass").from_replay(header)
    # ann and bob each discard a card both games deal them alike: public moves only.
    game.apply_json({"by": "ann", "discard": deck[0].value})
    game.apply_json({"by": "bob", "discard": deck[1].value})
    return game


def test_table_is_the_same_whatever_the_players_hold():
    """Two games with the same public history but different hands (G2: cards are dealt
    alternately from the top, ann first) render the very same table image."""
    rest = full_deck()
    front = [Card.MARKET_CLOSE, Card.BANKER, Card.PANAMA, Card.BUST, Card.MEXICO, Card.STONEHIGH]
    for card in front:
        rest.remove(card)
    deck_a = front + rest
    deck_b = list(deck_a)
    deck_b[2], deck_b[3] = deck_b[3], deck_b[2]  # Panama to bob, Bust to ann
    deck_b[4], deck_b[5] = deck_b[5], deck_b[4]  # Mexico to bob, Stonehigh to ann
    game_a, game_b = _game_with_deck(deck_a), _game_with_deck(deck_b)
    assert game_a.view_for("ann").hand != game_b.view_for("ann").hand
    assert game_a.public_view() == game_b.public_view()
    image_a = grass.table_image(game_a.public_view())
    image_b = grass.table_image(game_b.public_view())
    assert image_a.tobytes() == image_b.tobytes()
    assert (
        grass.hand_image(game_a.view_for("ann")).tobytes()
        != grass.hand_image(game_b.view_for("ann")).tobytes()
    )


def test_g13_chosen_pass_card_is_marked_once():
    view = replace(
        grass_samples.hand(),
        hand=(Card.MEXICO, Card.MEXICO, Card.BUST),
        drawn=None,
        pass_choice=Card.MEXICO,
    )
    image = grass.hand_image(view)
    marked = replace(view, pass_choice=None)
    assert image.tobytes() != grass.hand_image(marked).tobytes()
    # The badge sits over the first Mexico's top edge only (cards are 180 px wide, 20 apart).
    first_x, second_x = grass_hand.MARGIN + 16 + 8, grass_hand.MARGIN + 16 + 200 + 8
    top = grass_hand.TOP - 12
    assert close(image.getpixel((first_x + 4, top + 11)), ALERT, 30)
    assert not close(image.getpixel((second_x + 4, top + 11)), ALERT, 30)


def test_g13_g20_a_received_card_is_marked_once_in_its_own_colour():
    view = replace(
        grass_samples.hand(),
        hand=(Card.MEXICO, Card.MEXICO, Card.BUST),
        drawn=None,
        received=(Card.MEXICO,),
    )
    image = grass.hand_image(view)
    assert image.tobytes() != grass.hand_image(replace(view, received=())).tobytes()
    # The badge's right end sits over the first Mexico's top right corner only, and a
    # frame runs down its left side (cards are 180 px wide, 20 apart).
    first_x, top = grass_hand.MARGIN + 16, grass_hand.TOP
    right = first_x + 180 - 8 - 4
    assert close(image.getpixel((right, top - 12 + 11)), grass_hand.RECEIVED, 30)
    assert not close(image.getpixel((right + 200, top - 12 + 11)), grass_hand.RECEIVED, 30)
    assert close(image.getpixel((first_x - 3, top + 126)), grass_hand.RECEIVED, 30)
    assert not close(image.getpixel((first_x + 200 - 3, top + 126)), grass_hand.RECEIVED, 30)
    assert not close(grass_hand.RECEIVED, GOLD, 60)  # told apart from the NEW badge


def test_g13_received_and_drawn_copies_of_one_card_are_marked_apart():
    cards = [Card.MEXICO, Card.MEXICO, Card.BUST]
    assert grass_hand.received_indexes(cards, (Card.MEXICO,), 0) == {1}
    assert grass_hand.received_indexes(cards, (Card.MEXICO,), None) == {0}
    assert grass_hand.received_indexes(cards, (Card.MEXICO, Card.BUST), None) == {0, 2}
    assert grass_hand.received_indexes(cards, (Card.PANAMA,), None) == set()  # not held
    view = replace(grass_samples.hand(), hand=tuple(cards), drawn=Card.MEXICO)
    image = grass.hand_image(replace(view, received=(Card.MEXICO,)))
    first_right = grass_hand.MARGIN + 16 + 180 - 8 - 4
    assert close(image.getpixel((first_right, grass_hand.TOP - 1)), GOLD, 30)  # NEW on the first
    assert close(image.getpixel((first_right + 200, grass_hand.TOP - 1)), grass_hand.RECEIVED, 30)


def test_the_received_badge_fits_a_card():
    badge = text_width("RECEIVED", grass_hand.BADGE_SIZE, bold=True) + grass_hand.BADGE_SIZE
    assert badge < Size.FULL.width - 16


def test_g20_offer_is_spelled_out_on_both_hands():
    from games.grass.views import Offer

    offer = Offer("bob", "ann", give=(Card.PANAMA,), take=(Card.BUST,), take_stash=(Card.MEXICO,))
    bob = replace(grass_samples.hand(), offer=offer)
    assert grass_hand.offer_lines(bob)[1:] == ["you give: Panama", "you get: Bust, Mexico (stash)"]
    ann = replace(bob, name="ann", hand=(Card.BUST,) * 6, drawn=None)
    assert grass_hand.offer_lines(ann)[1:] == ["you get: Panama", "you give: Bust, Mexico (stash)"]
    plain = grass.hand_image(grass_samples.hand())
    assert grass.hand_image(bob).height > plain.height
