"""Which new hand messages notify their player (a push on their phone), and which go out
silently (Discord's "suppress notifications" flag): a player is pushed when the table
needs them and they are not already there.

- A game's first hand message, and a request only they can answer (a take-back to
  agree to, a trade offered to them), always notify.
- At the start of their turn, a player who acted in the last `AWAY_MINUTES` gets the
  new hand message silently: they are at their screen, and it appears under their
  eyes; a player away longer is pushed, at every one of their turn starts.
- Anything else new (a hand message sent again because the old one was deleted) is
  silent.

Each member may choose otherwise with `/notify` (bot/exts/notify.py): every turn, only
when away (the default), or never (silent always; they watch the table themselves);
and quiet hours in their own time zone (the night, working hours), in which every new
hand message comes silently whatever else they chose.
A player whose DMs are closed is pinged in the channel as before (the publisher).

"Acted" is any interaction of theirs with the bot (a click, a command, in any game or
none): someone typing `/stats` is at their screen too. It is kept in this process's
memory, on the bot's clock (`Settings.timer_minute` seconds a minute, shrunk in tests):
after a restart, or when another process (docs/scaling.md) publishes the move, nobody
has acted yet, so the player is pushed, as before this existed.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.core.storage import QuietHours, Storage

AWAY_MINUTES = 2
"""A player who has not acted for this long is away, and pushed at their turn's start.
Two minutes: in a live game of three or four players who click promptly a player's turn
comes back well within it (every turn of theirs goes out silently), while a player who
put their phone down, or a table waiting on a slow thinker, gets a push from then on. A
phone's screen goes dark after about that long too, so a silent message is one they would
still see."""


class Notify(StrEnum):
    """A member's choice of pushes (stored in `user_settings.notify`)."""

    EVERY = "every"
    AWAY = "away"
    NEVER = "never"


DEFAULT = Notify.AWAY


class Pushes:
    """When each member last acted (this process), and whether a new hand message
    notifies them. One per publisher."""

    def __init__(
        self,
        storage: Storage,
        minute: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self._wall = wall
        """The time of day, for quiet hours (seconds since the epoch)."""
        self.minute = minute
        """Seconds of a minute on the bot's clock (`Settings.timer_minute`)."""
        self.window = AWAY_MINUTES * minute
        """Seconds of the bot's clock after an action during which a member is present."""
        self._clock = clock
        self._acted: OrderedDict[int, tuple[float, int | None]] = OrderedDict()
        """user id -> when they last acted, and by which interaction, oldest first; those
        older than the window are dropped as others act, so it holds only the members
        present."""
        self._answered: dict[int, float] = {}
        """user id -> when a private answer was last posted in their DM, for the members
        present (dropped with them)."""

    def acted(self, user_id: int, interaction_id: int | None = None) -> None:
        """The member did something with the bot just now (`interaction_id`, if known)."""
        now = self._clock()
        self._acted[user_id] = (now, interaction_id)
        self._acted.move_to_end(user_id)
        while self._acted:
            oldest, (since, _) = next(iter(self._acted.items()))
            if now - since <= self.window:
                break
            del self._acted[oldest]
            self._answered.pop(oldest, None)

    def answered(self, user_id: int) -> None:
        """A private answer (a refusal, a hand shown again) was just posted in the
        member's DM: it, not their hand message, is now the newest thing there."""
        if user_id in self._acted:
            self._answered[user_id] = self._clock()

    def answered_since(self, user_id: int, since: float) -> bool:
        """Whether a private answer was posted in the member's DM after `since`."""
        return self._answered.get(user_id, float("-inf")) > since

    def now(self) -> float:
        """The time on the clock `acted` keeps."""
        return self._clock()

    def latest(self, user_id: int) -> int | None:
        """The member's latest interaction while they are present, if known."""
        found = self._acted.get(user_id)
        return found[1] if found is not None and self.present(user_id) else None

    def present(self, user_id: int) -> bool:
        """Whether the member acted within the window."""
        found = self._acted.get(user_id)
        return found is not None and self._clock() - found[0] <= self.window

    async def setting(self, user_id: int) -> Notify:
        """The member's choice (`/notify`), the default if none."""
        stored = await self.storage.user_notify(user_id)
        try:
            return Notify(stored) if stored is not None else DEFAULT
        except ValueError:
            return DEFAULT

    async def notifies(self, user_id: int, *, turn: bool, first: bool, asked: bool) -> bool:
        """Whether a new hand message for the member notifies them: `turn`, their turn
        starts with it; `first`, the game's first to them; `asked`, it asks them for an
        answer only they can give."""
        chosen = await self.setting(user_id)
        if chosen is Notify.NEVER:
            return False
        quiet = await self.storage.user_quiet(user_id)
        if quiet is not None and within(quiet, self._wall()):
            return False
        if first or asked:
            return True
        if not turn:
            return False
        return chosen is Notify.EVERY or not self.present(user_id)


def within(quiet: QuietHours, when: float) -> bool:
    """Whether `when` (seconds since the epoch) falls in the quiet hours, in their time
    zone (an unknown one: never, so that nobody misses a turn over it)."""
    try:
        local = datetime.fromtimestamp(when, ZoneInfo(quiet.time_zone))
    except (ZoneInfoNotFoundError, ValueError):
        return False
    minute = local.hour * 60 + local.minute
    if quiet.start <= quiet.end:
        return quiet.start <= minute < quiet.end
    return minute >= quiet.start or minute < quiet.end  # through midnight


def answered_in_dm(interaction: Any) -> None:
    """Notes a private answer just posted for `interaction` (a `discord.Interaction`) when
    it went to a DM: the member's hand message is no longer the newest message there."""
    if interaction.guild_id is not None:
        return
    pushes = getattr(interaction.client, "pushes", None)
    if isinstance(pushes, Pushes):
        pushes.answered(interaction.user.id)
