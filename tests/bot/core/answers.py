"""The parts of a discord.Interaction's answering that bot/core's screen-side modules
use (`response`, `followup`), for their in-process tests: what was sent, deferred or
refused, recorded in order. A stand-in for discord.py's objects, not for the bot's."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import discord


@dataclass
class Sent:
    content: str
    options: dict[str, Any]


class Refused:
    """The parts of an HTTP response discord.HTTPException reads."""

    status = 404
    reason = "Not Found"


@dataclass
class Response:
    """discord.InteractionResponse: done once a message was sent or the answer deferred
    (or `done` from the start); `refuses`: Discord refuses the answer."""

    done: bool = False
    refuses: bool = False
    sent: list[Sent] = field(default_factory=list)
    deferred: list[dict[str, Any]] = field(default_factory=list)

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, content: str, **options: Any) -> None:
        if self.refuses:
            raise discord.HTTPException(Refused(), "Unknown interaction")
        self.sent.append(Sent(content, options))
        self.done = True

    async def defer(self, **options: Any) -> None:
        self.deferred.append(options)
        self.done = True


@dataclass
class Followup:
    """discord.Webhook, as `interaction.followup`."""

    sent: list[Sent] = field(default_factory=list)

    async def send(self, content: str, **options: Any) -> None:
        self.sent.append(Sent(content, options))


@dataclass
class Answering:
    """The parts of a discord.Interaction that answer it; each test adds the rest its
    module reads (the client, the server)."""

    locale: discord.Locale = discord.Locale.american_english
    response: Response = field(default_factory=Response)
    followup: Followup = field(default_factory=Followup)
    id: int = 4321

    def real(self) -> discord.Interaction[Any]:
        return cast("discord.Interaction[Any]", self)

    def answers(self) -> list[Sent]:
        """Every message sent, the response first, then the follow-ups."""
        return self.response.sent + self.followup.sent
