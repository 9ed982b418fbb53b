"""Grass card faces as players read them: amounts in the picture's language and whole at
their size in all four, every category translated, and Heat Off's bar clear of words."""

from __future__ import annotations

import pytest
from PIL import Image

from games.grass.cards import Card, Kind
from lang import LANGUAGES, speaking, spoken
from render import measure
from render.grass import cards
from render.grass.cards import BAR, FULL_VALUE, MINI_VALUE, STYLES, Size, face
from render.toolkit import short_money, text_width
from tests.render.helpers import close

NBSP = "\u00a0"
BARRED = [card for card in Card if card.kind in (Kind.HEAT_OFF, Kind.PAY_FINE)]


def drawn(card: Card, size: Size, language: str) -> tuple[Image.Image, list[measure.Drawn]]:
    """The face drawn afresh (`face` keeps faces), with every text it holds."""
    draw = cards._full_face if size is Size.FULL else cards._mini_face
    with speaking(language), measure.recording() as notes:
        image = draw(card)
    return image, [note for note in notes if note.image is image]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["$5K", "$25K", "$100K", "-$50K", "-$100K"]),
        ("fr", [f"5{NBSP}k$", f"25{NBSP}k$", f"100{NBSP}k$", f"-50{NBSP}k$", f"-100{NBSP}k$"]),
        ("it", [f"5{NBSP}k$", f"25{NBSP}k$", f"100{NBSP}k$", f"-50{NBSP}k$", f"-100{NBSP}k$"]),
        ("de", [f"5{NBSP}k$", f"25{NBSP}k$", f"100{NBSP}k$", f"-50{NBSP}k$", f"-100{NBSP}k$"]),
    ],
)
def test_short_amounts_are_written_as_the_pictures_language_writes_money(
    language: str, expected: list[str]
) -> None:
    with speaking(language):
        shown = [short_money(value) for value in (5_000, 25_000, 100_000, -50_000, -100_000)]
        assert shown == expected
        # Not whole thousands: the full amount, as the rest of the picture writes it.
        assert short_money(2_500) == {"en": "$2,500", "fr": f"2\u202f500{NBSP}$"}.get(
            language, f"2.500{NBSP}$"
        )


@pytest.mark.parametrize("language", ["fr", "it", "de"])
def test_a_table_face_shows_its_amount_in_the_pictures_language(language: str) -> None:
    for card in (Card.DR_FEELGOOD, Card.LUST_CONQUERS_ALL, Card.UTTERLY_WIPED_OUT):
        with speaking(language):
            amount = short_money(-card.value_usd if card.kind is Kind.PARANOIA else card.value_usd)
            kept = face(card, Size.MINI)
        words = [note.words for note in drawn(card, Size.MINI, language)[1]]
        assert amount in words
        assert not [said for said in words if said.startswith(("$", "-$"))]
        # The kept faces are one per language, not the first language's for all.
        assert kept.tobytes() != face(card, Size.MINI).tobytes()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_on_every_face_stays_whole_in_its_place_at_its_size(language: str) -> None:
    """Every text of every face inside its area (the card's inside, or the plate it
    stands on), never cut, and what a card is worth at its size (phone legibility)."""
    problems = []
    for card in Card:
        for size in Size:
            image, notes = drawn(card, size, language)
            whole = (0, 0, image.width, image.height)
            floor = MINI_VALUE if size is Size.MINI else FULL_VALUE
            for note in notes:
                where = f"{card.name} {size.name} {note.words!r}"
                if note.area == whole:
                    problems.append(f"{where} has no area of its own on the face")
                if measure.outside(note):
                    problems.append(f"{where} {note.box} leaves {note.area}")
                if note.key and ("…" in note.words or note.size < floor):
                    problems.append(f"{where} cut or shrunk to {note.size} px")
    assert problems == []


def test_each_languages_widest_amounts_fit_a_table_card_at_their_size() -> None:
    """Measured, not hoped: a peddle's or Protect's amount within the card's inside, a
    Paranoia's penalty within the light plate between the card's grey edges, both at
    MINI_VALUE ("-$100K" and "-100 k$" the widest)."""
    width, inset = Size.MINI.width, 4  # the card's rim
    for language in LANGUAGES:
        with speaking(language):
            values = [short_money(value) for value in (5_000, 25_000, 50_000, 100_000)]
            penalties = [short_money(-value) for value in (25_000, 50_000, 100_000)]
        widest = max(text_width(value, MINI_VALUE, bold=True) for value in values)
        assert widest <= width - 2 * inset, (language, values)
        widest = max(text_width(penalty, MINI_VALUE, bold=True) for penalty in penalties)
        assert widest <= width - 2, (language, penalties)
        image, notes = drawn(Card.UTTERLY_WIPED_OUT, Size.MINI, language)
        penalty = next(note for note in notes if note.key)
        x0, _, x1, _ = penalty.box
        assert penalty.size == MINI_VALUE
        assert x0 > 1 and x1 < image.width - 1, (language, penalty)


def test_french_cards_name_the_protect_category_in_french() -> None:
    """As Italian does ("PROTEZIONE"), and as French names the Market ("MARCHÉ"); the
    band holds it (the test above)."""
    with speaking("fr"):
        assert spoken(STYLES[Kind.PROTECT].label) == "PROTECTION"


# The bar drawn in a colour no face uses, to tell it from dark words (a plate's).
MARKED_BAR = (0, 0, 255)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", list(Size))
@pytest.mark.parametrize("card", BARRED, ids=lambda card: card.name)
def test_heat_offs_bar_never_runs_over_words(
    card: Card, size: Size, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cards, "BAR", MARKED_BAR)
    image, notes = drawn(card, size, language)
    # The category, the name and what it does; the short name on a table card.
    assert len(notes) >= (3 if size is Size.FULL else 1)
    for note in notes:
        x0, y0, x1, y1 = note.box
        crossed = [
            (x, y)
            for x in range(x0, x1)
            for y in range(y0, y1)
            if close(image.getpixel((x, y)), MARKED_BAR, 60)
        ]
        assert crossed == [], f"the bar crosses {note.words!r}"


@pytest.mark.parametrize("size", list(Size))
def test_heat_off_is_still_red_with_a_black_diagonal_bar(size: Size) -> None:
    """As the German article describes it: the bar runs from the top left towards the
    bottom right, under the words' plates."""
    image = face(Card.A_BREEZE_TO_FLY, size)
    w, h = size.value
    black = [(x, y) for x in range(w) for y in range(h) if close(image.getpixel((x, y)), BAR, 40)]
    assert len(black) > w * h * 0.04
    upper = [x for x, y in black if y < h / 2]
    lower = [x for x, y in black if y > h / 2]
    assert upper and lower
    assert sum(upper) / len(upper) < sum(lower) / len(lower)
