"""`/grass ...` slash commands: declarations, autocomplete and parsing only.

Every command body is a call into the shared machinery (bot/exts/_commands.py, the lobby,
the session service); the words and controls live in bot/exts/grass/ui.py.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.errors import Refusal
from bot.core.gameui import Hand
from bot.core.language import CHOICE_NAME, LANGUAGE_OPTION, language_choices, within
from bot.exts import _commands as shared
from bot.exts._lobby import PACE_OPTION, open_lobby, pace_choices
from bot.exts.grass.cards import effect, parse_card, parse_cards
from bot.exts.grass.howto import HOWTO, card_topic
from games.grass import Card, GrassPlayerView
from games.grass.actions import Discard, GrassAction, MakeOffer, PassCard, Play
from games.protocol import JSON
from games.text import Text, _, joined
from lang import spoken
from render.grass.cards import card_label

Player = Hand[GrassPlayerView]
Choices = list[app_commands.Choice[str]]


def _card_arg(text: str) -> Card:
    try:
        return parse_card(text)
    except ValueError as error:
        raise Refusal(str(error)) from None


def _cards_arg(text: str | None) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(text))
    except ValueError as error:
        raise Refusal(str(error)) from None


def _choice_name(card: Card) -> Text:
    return Text.verbatim("{card}: {effect}", card=card_label(card), effect=effect(card))


def _not_playing(user: discord.User) -> Refusal:
    return Refusal(_("{player} is not playing in this game.", player=user.display_name))


def _choices(cards: list[Card], typed: str) -> Choices:
    typed = typed.lower()
    return [
        app_commands.Choice(name=within(spoken(_choice_name(card)), CHOICE_NAME), value=card.value)
        for card in dict.fromkeys(cards)
        if typed in card.title.lower() or typed in card.value
    ][:25]


class GrassCommands(shared.GameCommands, group_name="grass", group_description="Play Grass"):
    async def _legal(self, interaction: discord.Interaction[Any]) -> Player | None:
        return await shared.hand_here(self.bot, interaction, self.kind)

    async def _legal_cards(
        self, interaction: discord.Interaction[Any], typed: str, action: type[Any]
    ) -> Choices:
        """The cards the caller may use now in an action of this type, as choices."""
        hand = await self._legal(interaction)
        if hand is None:
            return []
        return _choices([a.card for a in hand.legal if isinstance(a, action)], typed)

    async def _card_move(
        self,
        interaction: discord.Interaction[Any],
        action: type[Discard | PassCard],
        chosen: Card,
        done: Text,
    ) -> None:
        """A move naming one card (discard, pass); `done` is said once it is made."""
        await shared.act(
            self.bot,
            interaction,
            self.kind,
            lambda hand: action(hand.name, chosen),
            done,
        )

    # -- lobby and hand ------------------------------------------------------------

    @app_commands.command(name="start", description="Open a Grass table in this channel")
    @app_commands.describe(
        target="The running total that wins the game, default 250000",
        heat_stacking="Heat On may land on an already blocked market, default on",
        secret_trades="Trades show the table only that they happened; hand cards only; default off",
        learning="Step-by-step decks for new players, one hand at a time, default off",
        timer="Minutes per turn before the computer moves for an absent player; 0: off, default 3",
        thread="Play in a new thread of this channel, default off",
        language=LANGUAGE_OPTION,
        pace=PACE_OPTION,
    )
    @app_commands.choices(language=language_choices())
    @app_commands.choices(pace=pace_choices())
    async def start(
        self,
        interaction: discord.Interaction[Any],
        target: app_commands.Range[int, 25_000, 10_000_000] = 250_000,
        heat_stacking: bool = True,
        secret_trades: bool = False,
        learning: bool = False,
        timer: app_commands.Range[int, 0, 60] | None = None,
        thread: bool = False,
        language: str | None = None,
        pace: int | None = None,
    ) -> None:
        options: dict[str, JSON] = {
            "target": target,
            "heat_stacking": heat_stacking,
            "secret_trades": secret_trades,
            "learning": learning,
        }
        await open_lobby(
            self.bot,
            interaction,
            self.kind,
            options,
            timer=timer,
            thread=thread,
            language=language,
            pace=pace,
        )

    # -- moves typed as commands -----------------------------------------------------

    @app_commands.command(name="play", description="Play a card from your hand")
    @app_commands.describe(
        card="One of the cards you may play now",
        target="The player to aim Heat On or Steal at",
        cover="Protect: the stash peddles to cover, separated by commas",
    )
    async def play(
        self,
        interaction: discord.Interaction[Any],
        card: str,
        target: discord.User | None = None,
        cover: str | None = None,
    ) -> None:
        chosen = _card_arg(card)
        covered = _cards_arg(cover)

        def build(hand: Player) -> GrassAction:
            target_name = None
            if target is not None:
                target_name = hand.table.name_of(target.id)
                if target_name is None:
                    raise _not_playing(target)
            return Play(hand.name, chosen, target_name, covered)

        await shared.act(
            self.bot,
            interaction,
            self.kind,
            build,
            _("You played {card}.", card=chosen.title),
        )

    @play.autocomplete("card")
    async def play_card(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        return await self._legal_cards(interaction, typed, Play)

    @play.autocomplete("cover")
    async def play_cover(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        """G12: the legal cover sets of the Protect card named in `card`."""
        hand = await self._legal(interaction)
        card = str(getattr(interaction.namespace, "card", "") or "")
        if hand is None or not card:
            return []
        try:
            chosen = parse_card(card)
        except ValueError:
            return []
        covers = [
            a.cover for a in hand.legal if isinstance(a, Play) and a.card is chosen and a.cover
        ]
        choices = []
        for cover in covers:
            label = joined(" + ", [card_label(c) for c in cover])
            if typed.lower() in label.lower():
                value = ", ".join(c.value for c in cover)
                name = within(spoken(label), CHOICE_NAME)
                choices.append(app_commands.Choice(name=name, value=value[:100]))
        return choices[:25]

    @app_commands.command(name="discard", description="Discard a card from your hand")
    @app_commands.describe(card="One of the cards you may discard now")
    async def discard(self, interaction: discord.Interaction[Any], card: str) -> None:
        chosen = _card_arg(card)
        done = _("You discarded {card}.", card=chosen.title)
        await self._card_move(interaction, Discard, chosen, done)

    @discard.autocomplete("card")
    async def discard_card(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        return await self._legal_cards(interaction, typed, Discard)

    @app_commands.command(name="pass", description="Paranoia pass: the card to pass left")
    @app_commands.describe(card="The card from your hand that goes to your left")
    async def pass_card(self, interaction: discord.Interaction[Any], card: str) -> None:
        chosen = _card_arg(card)
        done = _("You chose to pass {card}.", card=chosen.title)
        await self._card_move(interaction, PassCard, chosen, done)

    @pass_card.autocomplete("card")
    async def pass_choices(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        return await self._legal_cards(interaction, typed, PassCard)

    @app_commands.command(name="trade", description="Offer a trade on your turn")
    @app_commands.describe(
        player="Who you offer the trade to",
        give="Cards from your hand you give, separated by commas",
        take="Cards you ask from their hand, separated by commas",
        give_stash="Peddles from your stash you give (not when trades are secret)",
        take_stash="Peddles you ask from their stash (not when trades are secret)",
    )
    async def trade(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User,
        give: str | None = None,
        take: str | None = None,
        give_stash: str | None = None,
        take_stash: str | None = None,
    ) -> None:
        lists = {
            "give": _cards_arg(give),
            "take": _cards_arg(take),
            "give_stash": _cards_arg(give_stash),
            "take_stash": _cards_arg(take_stash),
        }

        def build(hand: Player) -> GrassAction:
            to = hand.table.name_of(player.id)
            if to is None:
                raise _not_playing(player)
            return MakeOffer(hand.name, to, **lists)

        await shared.act(
            self.bot,
            interaction,
            self.kind,
            build,
            _("Your offer went to {player}.", player=player.mention),
        )

    @trade.autocomplete("give")
    async def trade_give(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        hand = await self._legal(interaction)
        if hand is None:
            return []
        return self._list_choices(list(hand.view.hand), typed)

    @trade.autocomplete("take")
    async def trade_take(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        return self._list_choices(list(Card), typed)

    @trade.autocomplete("give_stash")
    async def trade_give_stash(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        hand = await self._legal(interaction)
        if hand is None:
            return []
        public = hand.view.public
        if public.options.secret_trades:  # only hand cards: stashes lie face up (G20)
            return []
        seat = public.seat(hand.name)
        return self._list_choices([p.card for p in seat.stash if not p.covered], typed)

    @trade.autocomplete("take_stash")
    async def trade_take_stash(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        hand = await self._legal(interaction)
        partner = getattr(interaction.namespace, "player", None)
        if hand is None or partner is None:
            return []
        other = hand.table.name_of(partner.id)
        public = hand.view.public
        seat = next((s for s in public.seats if s.name == other), None)  # gone if they left
        if seat is None or public.options.secret_trades:
            return []
        return self._list_choices([p.card for p in seat.stash if not p.covered], typed)

    def _list_choices(self, cards: list[Card], typed: str) -> Choices:
        """Comma-separated lists: complete the last item, keep the ones before."""
        done, _comma, last = typed.rpartition(",")
        prefix = (done + ", ") if done else ""
        return [
            app_commands.Choice(name=(prefix + c.title)[:100], value=(prefix + c.value)[:100])
            for c in dict.fromkeys(cards)
            if last.strip().lower() in c.title.lower()
        ][:25]

    @app_commands.command(name="replay", description="Watch a finished game again, animated")
    @app_commands.describe(
        game="The game's number; leave empty for this channel's last game",
        hand="One hand of it only",
    )
    async def replay(  # type: ignore[override]
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1, shared.GAME_NUMBERS] | None = None,
        hand: app_commands.Range[int, 1, 100] | None = None,
    ) -> None:
        await self.answer_replay(interaction, game, hand)

    @app_commands.command(name="rules", description="How to play, one part in detail, or one card")
    @app_commands.describe(
        topic="One part of the rules, in detail", card="A card, for what it does"
    )
    async def rules(  # type: ignore[override]
        self,
        interaction: discord.Interaction[Any],
        topic: str | None = None,
        card: str | None = None,
    ) -> None:
        details = [card_topic(_card_arg(card)).embed(HOWTO.colour)] if card is not None else []
        await self.send_rules(interaction, topic, details)

    @rules.autocomplete("topic")
    async def rules_topics(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        return shared.topic_choices(self.kind, typed)

    @rules.autocomplete("card")
    async def rules_card(self, interaction: discord.Interaction[Any], typed: str) -> Choices:
        return _choices(list(Card), typed)
