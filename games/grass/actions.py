"""Grass actions and their JSON notation (docs/notation.md, "Grass").

    {"by": P, "play": CARD}                    + "target": Q (Heat On, Steal)
                                               + "cover": [CARD, ...] (Protect, G12)
    {"by": P, "discard": CARD}                 G4
    {"by": P, "pass": CARD}                    G13
    {"by": P, "offer": {"to": Q, "give": [...], "take": [...],
                        "give_stash": [...], "take_stash": [...]}}   G20
    {"by": Q, "accept": true} / {"by": Q, "decline": true} / {"by": P, "withdraw": true}
    {"by": P, "leave": true}                   the player gives up (project decision)

Parsing checks only the notation (keys, types, card ids) and raises
`MalformedAction`; whether the rules allow the action is decided by `Grass.apply`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from games.grass.cards import Card
from games.grass.views import Offer
from games.protocol import JSON, Action, MalformedAction, quoted
from games.text import _


class GrassAction(Action):
    """Base of every Grass action."""

    by: str


def _ids(cards: tuple[Card, ...]) -> list[str]:
    return [card.value for card in cards]


@dataclass(frozen=True, slots=True)
class Play(GrassAction):
    by: str
    card: Card
    target: str | None = None
    cover: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"by": self.by, "play": self.card.value}
        if self.target is not None:
            data["target"] = self.target
        if self.cover:
            data["cover"] = _ids(self.cover)
        return data


@dataclass(frozen=True, slots=True)
class Discard(GrassAction):
    by: str
    card: Card

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "discard": self.card.value}


@dataclass(frozen=True, slots=True)
class PassCard(GrassAction):
    by: str
    card: Card

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "pass": self.card.value}


@dataclass(frozen=True, slots=True)
class MakeOffer(GrassAction):
    by: str
    to: str
    give: tuple[Card, ...] = ()
    take: tuple[Card, ...] = ()
    give_stash: tuple[Card, ...] = ()
    take_stash: tuple[Card, ...] = ()

    def offer(self) -> Offer:
        return Offer(self.by, self.to, self.give, self.take, self.give_stash, self.take_stash)

    def to_json(self) -> dict[str, JSON]:
        body: dict[str, JSON] = {"to": self.to}
        for key in ("give", "take", "give_stash", "take_stash"):
            cards: tuple[Card, ...] = getattr(self, key)
            if cards:
                body[key] = _ids(cards)
        return {"by": self.by, "offer": body}


@dataclass(frozen=True, slots=True)
class _Flag(GrassAction):
    """An action written `{"by": P, "<verb>": true}`."""

    verb: ClassVar[str] = ""
    by: str

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, self.verb: True}


@dataclass(frozen=True, slots=True)
class Accept(_Flag):
    verb: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class Decline(_Flag):
    verb: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Withdraw(_Flag):
    verb: ClassVar[str] = "withdraw"
    optional: ClassVar[bool] = True  # the partner's answer moves the game on (G20)


@dataclass(frozen=True, slots=True)
class Leave(_Flag):
    verb: ClassVar[str] = "leave"


_FLAGS: dict[str, type[_Flag]] = {cls.verb: cls for cls in (Accept, Decline, Withdraw, Leave)}
_VERBS = frozenset({"play", "discard", "pass", "offer", *_FLAGS})
_EXTRA = {"play": frozenset({"target", "cover"})}
_OFFER_KEYS = frozenset({"to", "give", "take", "give_stash", "take_stash"})


def _card(value: JSON) -> Card:
    try:
        return Card.parse(value)
    except ValueError:
        # TRANSLATORS: {typed} is what was given as a card id, quoted as written.
        raise MalformedAction(
            _("{typed} is not a Grass card id", typed=quoted(value)), "G1"
        ) from None


def _cards(value: JSON, key: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        # TRANSLATORS: {key} is a key of the actions' JSON notation ("give", "cover"),
        # written as it is in every language.
        raise MalformedAction(_('"{key}" must be a list of card ids', key=key))
    return tuple(_card(item) for item in value)


def parse_action(data: Mapping[str, JSON]) -> GrassAction:
    """The action written in `data`; `MalformedAction` if it is not valid notation."""
    if not isinstance(data, Mapping):
        raise MalformedAction(_("an action is a JSON object"))
    by = data.get("by")
    if not isinstance(by, str) or not by:
        raise MalformedAction(_('an action needs "by": the acting player\'s name'))
    verbs = [key for key in data if key in _VERBS]
    if len(verbs) != 1:
        raise MalformedAction(
            # TRANSLATORS: {keys} lists the notation's action keys ("accept, decline, ...");
            # {found} is the list of those the action held ("['play', 'discard']").
            _(
                "an action needs exactly one of: {keys} (got {found})",
                keys=", ".join(sorted(_VERBS)),
                found=str(verbs),
            )
        )
    verb = verbs[0]
    unknown = set(data) - {"by", verb} - _EXTRA.get(verb, frozenset())
    if unknown:
        # TRANSLATORS: {verb} is the action's key ("play"), {keys} the keys it does not
        # take; both as the JSON notation writes them.
        raise MalformedAction(
            _("unknown key(s) for {verb}: {keys}", verb=verb, keys=", ".join(sorted(unknown)))
        )
    value = data[verb]
    if verb in _FLAGS:
        if value is not True:
            # TRANSLATORS: {verb} is a key of the JSON notation ("accept", "leave").
            raise MalformedAction(_('"{verb}" must be true', verb=verb))
        return _FLAGS[verb](by)
    if verb == "play":
        target = data.get("target")
        if target is not None and not isinstance(target, str):
            raise MalformedAction(_('"target" must be a player name'))
        cover = _cards(data["cover"], "cover") if "cover" in data else ()
        return Play(by, _card(value), target, cover)
    if verb == "discard":
        return Discard(by, _card(value))
    if verb == "pass":
        return PassCard(by, _card(value))
    if not isinstance(value, Mapping):
        raise MalformedAction(_('"offer" must be an object with "to" and the cards'))
    unknown = set(value) - _OFFER_KEYS
    if unknown:
        # TRANSLATORS: {keys} are keys of the JSON notation, written as they are.
        raise MalformedAction(_("unknown key(s) in offer: {keys}", keys=", ".join(sorted(unknown))))
    to = value.get("to")
    if not isinstance(to, str) or not to:
        raise MalformedAction(_('an offer needs "to": the other player\'s name'))
    lists = {key: _cards(value.get(key, []), key) for key in sorted(_OFFER_KEYS - {"to"})}
    return MakeOffer(by, to, lists["give"], lists["take"], lists["give_stash"], lists["take_stash"])
