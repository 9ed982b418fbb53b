"""Grass images: table (G6, G8, G12), hand, score sheet (G18), hidden cards never drawn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.grass.cards import Card, Kind, full_deck
from games.grass.views import Phase
from games.registry import game_class
from lang import LANGUAGES, speaking
from render import grass, measure
from render.grass import cards as grass_cards
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
    assert image.height <= 780  # three rows of two tiles under the header
    assert_not_blank(image)
    assert_image_similar(image, "grass-table-6p")


def test_two_player_table_with_empty_stashes():
    image = grass.table_image(grass_samples.two())
    assert image.size[0] == 640 and image.height <= 360
    assert_image_similar(image, "grass-table-2p")


def _seated(view, players):
    return replace(view, seats=view.seats[:players])


@pytest.mark.parametrize(("players", "tallest"), [(2, 360), (3, 560), (4, 560), (5, 780), (6, 780)])
def test_the_table_fits_a_phone_screen_with_its_native_text(players, tallest):
    """The figures are native text beside the picture (bot/exts/grass/ui.py): the picture
    holds the cards only, short enough that the whole message fits about one phone
    screen up to four players, and a desktop does not shrink it to a thumbnail."""
    crowded = grass.table_image(_crowded(_seated(grass_samples.six(), players)))
    assert crowded.size == (640, grass_table.layout(_seated(grass_samples.six(), players)).size[1])
    assert crowded.height <= tallest
    if players == 2:  # the height depends on the number of players only: no jumps
        assert grass.table_image(grass_samples.two()).height == crowded.height


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seats_sit_two_a_row_in_seat_order(players):
    tiles = [seat.row for seat in grass_table.layout(_seated(grass_samples.six(), players)).seats]
    for index, (x0, y0, x1, y1) in enumerate(tiles):
        assert 0 < x0 < x1 < 640 and grass_table.HEADER <= y0 < y1
        if index % 2:
            left = tiles[index - 1]
            assert left[1] == y0 and left[2] < x0  # beside the one before, right of it
        elif index:
            assert tiles[index - 2][3] < y0  # a new row under the last
    lone = tiles[-1] if players % 2 else None
    if lone is not None:
        assert abs((lone[0] + lone[2]) / 2 - 320) <= 1  # a lone last tile is centred


def test_the_picture_draws_neither_figures_nor_events():
    """Running totals, cards in hand, lost turns and the last events are native text
    now: they change nothing in the picture."""
    view = grass_samples.six()
    seats = tuple(
        replace(seat, total=seat.total + 5_000, hand_size=seat.hand_size + 1, skip=seat.skip + 1)
        for seat in view.seats
    )
    other = replace(view, seats=seats, recent=())
    assert grass.table_image(view).tobytes() == grass.table_image(other).tobytes()


def test_g12_covered_peddle_is_marked_and_uncovered_is_not():
    view = grass_samples.six()
    image = grass.table_image(view)
    where = grass_table.layout(view)
    dee = 3  # stash: covered Panama, then Jamaica and Home Grown
    piles = grass_table.stash_piles(view.seats[dee])
    assert [p.covered for p in piles] == [1, 0, 0]
    (x, y), (x2, y2) = where.seats[dee].stash[0], where.seats[dee].stash[1]
    h = where.seats[dee].pile_size[1]
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
    """ann holds every peddle value, some covered, and every Protect card (G12), and
    her market is blocked by four Heat On cards (G8)."""
    ann = replace(
        view.seats[0],
        stash=view.seats[0].stash * 3,
        protection=(Card.LUST_CONQUERS_ALL, Card.GRAB_A_SNACK, Card.CATCH_A_BUZZ) * 2,
        market_open=True,
        heat=(Card.FELONY, Card.DETAINED, Card.BUST, Card.SEARCH_AND_SEIZURE),
    )
    return replace(view, seats=(ann, *view.seats[1:]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_pile_may_cover_a_card_beside_it_up_to_its_value_only(language):
    """A face's value spans its whole width but for the rim: the steps the table closes
    piles up to leave every value's ink whole, in every language."""
    with speaking(language):
        for card in Card:
            if card.value_usd and card.kind in (Kind.PEDDLE, Kind.PROTECT):
                with measure.recording() as drawn:
                    mini = grass_cards._mini_face(card)
                (value,) = [d for d in drawn if d.image is mini and d.key]
                assert value.box[2] < grass_table.CARD_STEP_MIN
                # The short card shows the face from 2 px further right.
                assert value.box[2] - 2 < grass_table.SHORT_STEP_MIN
                assert value.box[3] <= grass_table.SHORT_VALUE_H


def test_g12_no_card_hides_another_cards_value():
    """In every tile, the fullest a deck can make among them (four peddle values, two
    Protect values, a blocked market), every stash and Protect value is drawn whole, as
    on its face: no card, badge or band lies over it."""
    view = _crowded(grass_samples.six())
    image = grass.table_image(view)
    ann = grass_table.layout(view).seats[0]
    assert len(ann.stash) == 4 and len(ann.protection) == 2 and ann.short
    for seat, where in zip(view.seats, grass_table.layout(view).seats, strict=True):
        piles = grass_table.stash_piles(seat) + grass_table.protect_piles(seat)
        for pile, (x, y) in zip(piles, where.stash + where.protection, strict=True):
            if where.short:
                card, value = grass_table.short_face(pile.card), (4, 14, 72, 36)
            else:
                card, value = face(pile.card, Size.MINI), (6, 14, 74, 36)
            # The value's ink from under the count badge's foot (it sits on the top edge).
            drawn = image.crop((x + value[0], y + value[1], x + value[2], y + value[3]))
            assert drawn.tobytes() == card.convert("RGB").crop(value).tobytes(), seat.name
        _, _, x1, y1 = where.row
        width, height = where.pile_size
        cards = [(x + width, y + height) for x, y in where.stash + where.protection]
        cards += [(x + Size.MINI.width, y + Size.MINI.height) for x, y in where.hassle]
        assert all(x <= x1 - 4 and y <= y1 - 4 for x, y in cards)  # clear of the outline


def test_g8_heat_on_stack_shows_every_card_over_the_market_open():
    view = grass_samples.six()
    eve = view.seats[4]
    assert len(eve.heat) == 4
    where = grass_table.layout(view).seats[4]
    assert len(where.hassle) == 5  # the Market Open and four Heat On cards, fanned
    image = grass.table_image(view)
    for x, y in where.hassle[1:]:
        assert close(image.getpixel((x + 8, y + 60)), RED)
    # Beside a full stash the stack fans down the tile instead, each card still apart.
    crowded = grass_table.layout(_crowded(view)).seats[0].hassle
    assert len(crowded) == 5 and len({y for _, y in crowded}) == 5


def test_the_mover_is_outlined_gold():
    view = grass_samples.six()
    image = grass.table_image(view)
    bob = grass_table.layout(view).seats[1].row
    assert close(image.getpixel(((bob[0] + bob[2]) // 2, bob[1] + 1)), GOLD)
    ann = grass_table.layout(view).seats[0].row
    assert not close(image.getpixel(((ann[0] + ann[2]) // 2, ann[1] + 1)), GOLD)


def test_g13_a_paranoia_pass_shows_who_is_awaited():
    view = grass_samples.six()
    seats = (replace(view.seats[0], to_pass=True), replace(view.seats[1], passed=True))
    passing = replace(view, phase=Phase.PASS, seats=seats + view.seats[2:])
    with measure.recording() as drawn:
        grass.table_image(passing)
    words = [d.words for d in drawn if d.key]
    assert "passing" in words and "passed" in words


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
