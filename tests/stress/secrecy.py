"""Helpers of the secrecy tests (test_secrecy.py): deals that differ only in cards
that stay private for a whole game, checked on reference engines; what a channel or a
player shows, reduced to comparable values (texts, embeds, components, decoded
pixels); and which card names a player must never read.

A "variant" deal is only accepted when a reference engine fed the same public moves
gives equal public views after every move (so nothing public may differ between the
two bot runs) while some player's own view differs (so the deals really differ).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from games.gracias import Gracias
from games.grass import Grass
from games.grass.cards import PARANOIA_PENALTIES, PEDDLE_VALUES, Card
from tests.fakediscord.model import Channel, Message, MessageVersion
from tests.fakediscord.players import Player

# -- reference engines ----------------------------------------------------------------


def grass_game(header: dict[str, Any], decks: Sequence[Sequence[str]]) -> Grass:
    return Grass.from_replay({**header, "decks": [list(d) for d in decks]})


def gracias_game(header: dict[str, Any], decks: Sequence[Sequence[str]]) -> Gracias:
    return Gracias.from_replay({**header, "decks": [list(d) for d in decks]})


def steps(game: Any, moves: Sequence[dict[str, Any]]) -> Iterator[Any]:
    """The game before any move, then after each move (the same object, advanced)."""
    yield game
    for move in moves:
        game.apply_json(move)
        yield game


def same_public(
    a: Any, b: Any, moves_a: Sequence[dict[str, Any]], moves_b: Sequence[dict[str, Any]]
) -> tuple[bool, bool]:
    """(public views equal after every move, some player's view differed somewhere)."""
    differed = False
    for x, y in zip(steps(a, moves_a), steps(b, moves_b), strict=True):
        if x.public_view() != y.public_view():
            return False, differed
        differed = differed or any(x.view_for(p) != y.view_for(p) for p in players_of(x))
    return True, differed


def players_of(game: Any) -> list[str]:
    return [seat.name for seat in game.public_view().seats]


# -- Grass: a swapped card that never leaves a hand ----------------------------------


def _neutral(card: Card) -> bool:
    """A card whose presence in a hand changes no score (G15, G18)."""
    return card not in PEDDLE_VALUES and card not in PARANOIA_PENALTIES and card is not Card.BANKER


def grass_variant(
    header: dict[str, Any],
    decks: Sequence[Sequence[str]],
    moves: Sequence[dict[str, Any]],
    moves_b: Sequence[dict[str, Any]],
    hand: int,
    dealt: int,
) -> list[list[str]]:
    """`decks` with one dealt card of hand `hand` (0-based; `dealt` cards are dealt)
    replaced by another of the same kind, the replaced copy going to the draw pile's
    bottom region in its place: the first such change under which the reference
    engines agree on every public view and disagree on a player's view."""
    for position in range(dealt):
        old = Card(decks[hand][position])
        if not _neutral(old):
            continue
        for new in Card:
            if new is old or new.kind is not old.kind or not _neutral(new):
                continue
            deck = list(decks[hand])
            # the deepest copy of `new` (never drawn) takes `old` in exchange
            deep = max(i for i, c in enumerate(deck) if c == new.value)
            deck[position], deck[deep] = new.value, old.value
            variant = [list(d) for d in decks]
            variant[hand] = deck
            try:
                ok, differed = same_public(
                    grass_game(header, decks), grass_game(header, variant), moves, moves_b
                )
            except Exception:  # the variant made a move illegal: not a candidate
                continue
            if ok and differed:
                return variant
    raise AssertionError(f"no private-only change found in hand {hand + 1}")


def gracias_variant(
    header: dict[str, Any], decks: Sequence[Sequence[str]], moves: Sequence[dict[str, Any]]
) -> list[list[str]]:
    """`decks` with two cards of round 1 exchanged such that the public views stay equal
    through all `moves` while a player's view differs: in practice two face-down cards
    (C5) that end among the same player's hidden cards, in a different order."""
    first = list(decks[0])
    used = 48  # 4 turns x 4 trios x 3 cards is more than round 1 of 4 players lays out
    for i in range(used):
        for j in range(i + 1, used):
            if first[i] == first[j]:
                continue
            deck = list(first)
            deck[i], deck[j] = deck[j], deck[i]
            variant = [deck, *[list(d) for d in decks[1:]]]
            a, b = gracias_game(header, decks), gracias_game(header, variant)
            try:
                ok, differed = same_public(a, b, moves, moves)
            except Exception:
                continue
            if ok and differed:
                return variant
    raise AssertionError("no private-only exchange found in round 1")


# -- what players see, as comparable values ------------------------------------------


TABLE_LINK = re.compile(r"https://discord\.com/channels/\d+/\d+/\d+")


def version_value(version: MessageVersion, channel: Channel) -> tuple[Any, ...]:
    """Everything a Discord client gets of a message state, images as decoded pixels;
    the game's channel (a different one in each run) named by the same word."""
    pictures = []
    for attachment in version.attachments:
        image = attachment.image()
        pictures.append((attachment.filename, image.size, image.convert("RGB").tobytes()))
    words = (
        version.content,
        json.dumps(version.embeds, sort_keys=True),
        json.dumps(version.components, sort_keys=True),
    )
    # The link to the table names the run's server, channel and message.
    plain = (TABLE_LINK.sub("TABLE", w) for w in words)
    return (*(w.replace(str(channel.id), "CHANNEL") for w in plain), tuple(pictures))


def distinct_values(message: Message, channel: Channel) -> list[tuple[Any, ...]]:
    """The message's states in order, a state repeated by an edit counted once."""
    values: list[tuple[Any, ...]] = []
    for version in message.versions:
        value = version_value(version, channel)
        if not values or values[-1] != value:
            values.append(value)
    return values


def public_record(channel: Channel) -> list[list[tuple[Any, ...]]]:
    """Every message everyone could see in `channel` (deleted ones too), every state."""
    return [distinct_values(m, channel) for m in channel.all_messages if m.visible_to is None]


def dm_record(player: Player, channel: Channel, skip: int = 0) -> list[list[tuple[Any, ...]]]:
    """The player's DMs after the first `skip`, every state."""
    messages = [] if player.dm is None else player.dm.all_messages
    return [distinct_values(m, channel) for m in messages[skip:]]


def dm_count(player: Player) -> int:
    return 0 if player.dm is None else len(player.dm.all_messages)


def texts(version: MessageVersion) -> str:
    """All the words of a state: content, embeds and component texts and values."""
    return "\n".join([version.content, json.dumps(version.embeds), json.dumps(version.components)])


# -- Grass: the card names a player must never read ----------------------------------


def _own_cards(view: Any) -> set[Card]:
    cards = set(view.hand)
    cards |= {c for c in (view.drawn, view.pass_choice) if c is not None}
    if view.offer is not None:
        offer = view.offer
        cards |= {*offer.give, *offer.take, *offer.give_stash, *offer.take_stash}
    return cards


def grass_forbidden(
    header: dict[str, Any], decks: Sequence[Sequence[str]], moves: Sequence[dict[str, Any]]
) -> dict[str, set[Card]]:
    """For each player: the cards another player held privately (hand, draw, pass
    choice, offer) at some moment of the game, of which no copy was ever public (on the
    table, in the discard pile, named in the table's texts or score rows) and which the
    player never held themself. Their names may never reach that player."""
    game = grass_game(header, decks)
    names = players_of(game)
    private: dict[str, set[Card]] = {name: set() for name in names}
    public = ""
    for step in steps(game, moves):
        public += repr(step.public_view())
        for name in names:
            private[name] |= _own_cards(step.view_for(name))
    seen = {card for card in Card if card.title in public or f"Card.{card.name}" in public}
    return {
        name: set().union(*(private[o] for o in names if o != name)) - seen - private[name]
        for name in names
    }
