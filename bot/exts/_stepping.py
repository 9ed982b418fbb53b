"""A finished game stepped through one picture at a time: the table as it stood after
each move, with the words of what the move did, and First / Back / Next / Last and a
jump to each hand or round. Opened privately from an animated replay's Step through;
Share posts the picture shown in the channel, where a click on its controls opens a
private copy for whoever clicked (the shared message stays as it was posted).

The controls' custom ids carry the game and the picture they lead to
(`watch:<game>:<page>:<role>`): nothing is kept per message, so they work after a
restart. The pictures are `games.watch.pages`, the ones the animated replay shows, from
the same steps, so neither can show more than the table did."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.core.errors import Refusal, report
from bot.core.gameui import Table
from bot.core.language import Speech, localise_items, private
from bot.core.layout import laid_out
from bot.core.session import Session
from bot.core.sharing import Reply, ShareButton, arguments, number
from bot.core.storage import Status
from bot.exts._exports import here_or_played, stored_replay
from games.text import Text, _, _p, joined
from games.watch import Page, Step, pages, parts

if TYPE_CHECKING:
    from bot.client import GameBot

STEP_BUTTON_TEMPLATE = r"watch:(?P<game>[0-9]{1,19}):(?P<page>[0-9]{1,6}):(?P<role>[ofbnl])"
"""A step-through control: the game, the picture it leads to, and which control it is
(o: Step through, opening a new message; f, b, n, l: First, Back, Next, Last)."""
STEP_SELECT_TEMPLATE = r"watch:(?P<game>[0-9]{1,19}):(?P<page>[0-9]{1,6}):j"
"""The jump to a hand or round: its options' values are the pictures they lead to (the
id's picture is the one shown, so that every message's ids differ)."""

STEP_THROUGH = _p("button", "Step through")
FIRST = _p("button", "First")
BACK = _p("button", "Back")
NEXT = _p("button", "Next")
LAST = _p("button", "Last")
JUMP = _("Jump to…")
RUNNING = _("A game is replayed once it is over; meanwhile its table shows every move.")
ELSEWHERE = _("That game was played on another server: it is replayed there, or to its players.")


class StepButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=STEP_BUTTON_TEMPLATE):
    def __init__(
        self, game: int, page: int, role: str, label: str = "?", disabled: bool = False
    ) -> None:
        style = discord.ButtonStyle.primary if role == "n" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                custom_id=f"watch:{game}:{page}:{role}",
                disabled=disabled,
            )
        )
        self.game, self.page, self.role = game, page, role

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StepButton:
        return cls(int(match["game"]), int(match["page"]), match["role"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        fresh = self.role == "o"
        await stepped(interaction, self.game, self.page, fresh)


class StepSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=STEP_SELECT_TEMPLATE):
    def __init__(self, game: int, page: int, options: Sequence[discord.SelectOption] = ()) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"watch:{game}:{page}:j",
                placeholder=JUMP,
                options=list(options)[:25] or [discord.SelectOption(label="?")],
            )
        )
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StepSelect:
        return cls(int(match["game"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        await stepped(interaction, self.game, number(values[0]) if values else self.page, False)


async def stepped(interaction: discord.Interaction[Any], game: int, page: int, fresh: bool) -> None:
    """A step-through control clicked: the picture `page` of `game`, in the clicked
    message when it is the clicker's own (private) one, else in a new private message."""
    bot: GameBot = interaction.client
    try:
        session = await bot.sessions.started(game)
        check_watchable(interaction, session)
        message = interaction.message
        in_place = not fresh and message is not None and message.flags.ephemeral
        if in_place:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        speech = await private(interaction)
        shared = interaction.guild_id is not None
        layout, files = await step_message(bot, session, page, speech, with_share=shared)
        if in_place:
            await interaction.edit_original_response(attachments=files, view=layout)
        else:
            await interaction.followup.send(view=layout, files=files, ephemeral=True)
    except Exception as error:
        await report(interaction, error)


def check_watchable(interaction: discord.Interaction[Any], session: Session) -> None:
    """`Refusal` unless the asker may step through the game: over, and in its server or
    one of its players (game ids follow each other)."""
    if not here_or_played(interaction, session):
        raise Refusal(ELSEWHERE)
    if session.status == Status.RUNNING:
        raise Refusal(RUNNING)


async def game_steps(bot: GameBot, session: Session) -> list[Step]:
    """The game's public steps (games/watch.py), kept for the games watched lately."""

    async def document() -> dict[str, Any]:
        return await stored_replay(bot, session)

    return await bot.replays.steps(session.id, document)


async def step_message(
    bot: GameBot, session: Session, page: int, speech: Speech, *, with_share: bool
) -> tuple[discord.ui.LayoutView, list[discord.File]]:
    """The message of the game's picture `page` (from 0; past the last, the last) in
    `speech`'s words: where it stands, the table's words as they stood, the picture,
    what the move did, the controls (and Share, `with_share`)."""
    steps = await game_steps(bot, session)
    shown = pages(steps)
    page = max(0, min(page, len(shown) - 1))
    at = shown[page]
    step = steps[at.step]
    kind = session.record
    table = table_at(session, step, last=at.step == len(steps) - 1)
    words = kind.ui.table_text(table)
    where = picture_number(page, len(shown))
    owners = parts_of(steps, shown)
    if kind.words.part is not None and owners[-1] > 0:  # a game of several parts
        part = kind.words.part(owners[page] + 1)
        where = Text.verbatim("{part} · {where}", part=part, where=where)
    head = Text.verbatim("**{replay}** · {where}", replay=_("Replay"), where=where)
    if at.scores and kind.pictures.scores is not None:
        draw, alt = kind.pictures.scores, scores_alt(session, step)
        top = joined("\n", [head, words.head])
    else:
        draw, alt = kind.pictures.table, words.text
        top = joined("\n", [head, words.top()])
    language = speech.language
    name = "scores.png" if at.scores else "table.png"
    picture = await bot.publisher.pictures.render(draw, step.view, name, alt, language)
    said = joined("\n", [f"- {line}" for line in step.lines]) if step.lines else ""
    items = controls(session.id, page, len(shown), parts_start(owners), kind.words.part)
    if with_share:
        items.append(ShareButton(("steps", str(session.id), str(page))))
    localise_items(items, language)
    alt_words = speech.plain(alt) if picture is not None else None
    layout = laid_out(speech(top), picture, alt_words, speech(said), items)
    return layout, [picture] if picture is not None else []


async def first_page(bot: GameBot, session: Session, part: int | None) -> int:
    """The first picture of the game's `part`-th hand or round (from 1), or of the game."""
    if part is None:
        return 0
    steps = await game_steps(bot, session)
    starts = parts_start(parts_of(steps, pages(steps)))
    return starts[part - 1] if 1 <= part <= len(starts) else 0


def picture_number(page: int, count: int) -> Text:
    return _("picture {number} of {count}", number=page + 1, count=count)


def table_at(session: Session, step: Step, last: bool) -> Table[Any]:
    """The game as its UI reads it at `step`: its public view then, awaiting nobody (a
    replay shows, it asks for nothing); its end, on the last step."""
    table = session.table()
    return Table(
        game=table.game,
        version=table.version,
        channel_id=table.channel_id,
        status=table.status if last else Status.RUNNING,
        seats=table.seats,
        players=table.players,
        awaiting=(),
        view=step.view,
        outcome=table.outcome if last else None,
    )


def scores_alt(session: Session, step: Step) -> str:
    words = session.record.pictures.scores_words
    return words(step.view) if words is not None else ""


def parts_of(steps: Sequence[Step], shown: Sequence[Page]) -> list[int]:
    """Which hand or round (from 0) each picture shows. The table after the move that
    closed one is already the next one's deal: it belongs to the next."""
    found = parts(steps)
    owner = {step: index for index, part in enumerate(found) for step in part}
    last = len(steps) - 1
    return [
        owner[page.step] + (steps[page.step].closed and not page.scores and page.step < last)
        for page in shown
    ]


def parts_start(owners: Sequence[int]) -> list[int]:
    """The first picture of each hand or round (the deal's table), from which part each
    picture shows (`parts_of`)."""
    starts: dict[int, int] = {}
    for index, part in enumerate(owners):
        starts.setdefault(part, index)
    return [starts[part] for part in sorted(starts)]


def controls(
    game: int, page: int, count: int, starts: Sequence[int], part_name: Any
) -> list[discord.ui.Item[Any]]:
    """First, Back, Next, Last, and the jump to each hand or round (at most 25)."""
    last = count - 1
    items: list[discord.ui.Item[Any]] = [
        StepButton(game, 0, "f", FIRST, disabled=page == 0),
        StepButton(game, max(page - 1, 0), "b", BACK, disabled=page == 0),
        StepButton(game, min(page + 1, last), "n", NEXT, disabled=page == last),
        StepButton(game, last, "l", LAST, disabled=page == last),
    ]
    if len(starts) > 1 and part_name is not None:
        current = max(i for i, start in enumerate(starts) if start <= page)
        options = [
            discord.SelectOption(label=part_name(i + 1), value=str(start), default=i == current)
            for i, start in enumerate(starts)
        ]
        if len(options) > 25:  # the 25 around the current one
            first = min(max(current - 12, 0), len(options) - 25)
            options = options[first : first + 25]
        items.append(StepSelect(game, page, options))
    return items


async def shared_steps(
    bot: GameBot, interaction: discord.Interaction[Any], reply: Reply, args: tuple[str, ...]
) -> None:
    """A step-through picture posted in the channel (its Share button): game, picture."""
    game, page = arguments(args, 2)
    session = await bot.sessions.started(number(game))
    check_watchable(interaction, session)
    await reply.begin()
    speech = await reply.speech()
    layout, files = await step_message(bot, session, number(page), speech, with_share=False)
    await interaction.followup.send(
        view=layout, files=files, allowed_mentions=discord.AllowedMentions.none()
    )
