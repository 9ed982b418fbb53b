"""The service for a game before it starts, beside the tables service that starts and
closes it (bot/core/tables.py): opening a game, the lobby's seats (Join, Leave, the
computer seats), a challenge's answer, the host's Start and Cancel, and the rematch of
a finished game. It takes ids and names, never a Discord interaction, and says what to
show as plain values (`Lobby`, bot/core/screen.py): the command or click that asks
hands it an `Answer`, its Discord side (acknowledge, show). Each change
is judged, then made under the game's lock: refusals first (as `Refusal`), then the
click acknowledged, the change stored, and the message shown, so that two clicks at
once never show an older seat list over a newer one.

One open game per kind per channel. Seats are taken in join order (G2 and its
Gracias/Graps equivalents seat players that way). A challenge is stored as such
(games.challenged_id), so its Start, Join, Leave and AI buttons are refused even when
forged. A game opened against the computer seats it second and starts at once. A
rematch keeps a seat for each player of the last game until it starts.

An AI seat is a seat row with a level (`Level.EASY` or `Level.HARD`, stored as "easy" or
"hard") and a negative user id, which
belongs to nobody: no DM is sent to it, no mention pings it, and its results stay off
the server's standings. A person's seat handed to the computer (kicked, or absent for
three turns in a row) gets such an id too, so that person is no longer seated.
"""

from __future__ import annotations

import asyncio
import dataclasses
import weakref
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from bot.core.clock import SYSTEM_CLOCK, Clock
from bot.core.errors import Refusal
from bot.core.gameui import LobbyVerb
from bot.core.kinds import GameKind
from bot.core.language import mention, slash
from bot.core.limits import (
    CHALLENGE_MINUTES,
    LOBBY_MINUTES,
    REMATCH_MINUTES,
    lobby_expired,
)
from bot.core.openings import (
    Opening,
    ai_name,
    busy,
    check_humans,
    expiry_text,
    table_full,
)
from bot.core.screen import Lobby
from bot.core.session import Session
from bot.core.start_limits import check_caps, check_cooldown
from bot.core.storage import MAX_ROW_ID, GameRow, SeatRow, Status
from bot.core.tables import Member, Tables
from games.registry import Level
from games.text import _, _n
from lang import LANGUAGES

AI_VERBS = frozenset({LobbyVerb.AI_EASY, LobbyVerb.AI_HARD, LobbyVerb.AI_REMOVE})
CHALLENGE_VERBS = frozenset(
    {LobbyVerb.ACCEPT_GAME, LobbyVerb.DECLINE_GAME, LobbyVerb.CANCEL, LobbyVerb.LANGUAGE}
)
"""The only controls of a challenge: its answers, and the host's language menu."""


Post = Callable[[Lobby], Awaitable[int]]
"""Sends a new game's first message (its table message from then on); its id."""
NewThread = Callable[[], Awaitable[int]]
"""Makes the thread a new game is played in; its id."""


class Answer(Protocol):
    """The Discord side of a click the service handles."""

    async def ready(self) -> None:
        """The refusals are past: the click is acknowledged before anything is written,
        so a database kept busy by another writer cannot make it late."""

    async def show(self, lobby: Lobby) -> None:
        """The clicked message, edited."""


class Lobbies:
    """Games before they start (see the module's docstring). One per bot
    (`bot.lobbies`)."""

    def __init__(self, tables: Tables, clock: Clock = SYSTEM_CLOCK) -> None:
        self.tables = tables
        self.clock = clock
        """What `expire` measures the waits on (the tests move their own)."""
        self.storage = tables.sessions.storage
        self.kinds = tables.sessions.kinds
        self._openings: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        """Per server, held while a game is opened there: the caps, the cooldown and one
        open game per kind and channel are judged and kept in one step, the game's
        thread made in between. A server's commands all come to the one process that
        runs its shard, so this process's lock is enough. (The cooldown counts a
        member's starts on every server: two sent to two servers at the same instant
        may both pass it, which the caps of each server still bound.)"""

    @property
    def _minute(self) -> float:
        return self.tables.settings.timer_minute

    def _record(self, row: GameRow) -> GameKind:
        """The kind a stored game is of; `Refusal` for a kind this bot no longer has."""
        record = self.known(row.kind)
        if record is None:
            raise Refusal(_("That game no longer exists."))
        return record

    def known(self, kind: str) -> GameKind | None:
        """The kind of that name, if this bot has it (a stored game's, a tournament's, a
        game night's: the sweeps leave the others alone)."""
        return self.kinds.get(kind)

    def _opening(self, guild_id: int) -> asyncio.Lock:
        """The lock of games opened on this server (`_openings`)."""
        lock = self._openings.get(guild_id)
        if lock is None:
            lock = self._openings[guild_id] = asyncio.Lock()
        return lock

    # -- opening ---------------------------------------------------------------------

    async def open(self, opening: Opening, new_thread: NewThread | None = None) -> int:
        """The game stored as opened (judge it first): `Refusal` when a cap is reached,
        the member opened one too recently, or the channel has a game of this kind
        already (an expired lobby in the way is closed to make room). `new_thread`:
        the game is played in a thread it makes, once every refusal is past, so a
        refused start leaves no thread behind. Its id; show it with `post`."""
        record = opening.record
        async with self._opening(opening.guild_id):
            await check_caps(self.storage, opening.guild_id, opening.host.id, self._minute)
            existing = None  # a new thread holds no game yet
            if new_thread is None:
                # Reads go through the read connection, so this refusal comes at once
                # even while another program holds the write lock.
                existing = await self.storage.open_game(opening.channel_id, record.name)
                if existing is not None and not lobby_expired(existing, self._minute):
                    raise Refusal(busy(record, existing))
            await check_cooldown(self.storage, opening.host.id, self._minute)
            # Every refusal is past: from here on the game is made.
            if existing is not None:
                await self.tables.close(existing, expiry_text(record.words.title, existing))
            if new_thread is not None:
                opening = dataclasses.replace(opening, channel_id=await new_thread())
            game_id = await self.storage.create_game(
                opening.guild_id,
                opening.channel_id,
                record.name,
                opening.options,
                opening.host.id,
                opening.host.name,
                language=opening.language,
            )
            if opening.opponent is not None:
                opponent = opening.opponent
                await self.storage.add_challenged(game_id, opponent.id, opponent.name)
            if opening.ai is not None:
                name = ai_name([opening.host.name], opening.ai)
                await self.storage.add_ai_seat(game_id, name, opening.ai)
            if opening.turn_minutes is not None:
                await self.storage.set_turn_minutes(game_id, opening.turn_minutes)
            return game_id

    async def post(self, game_id: int, post: Post) -> None:
        """The opened game's message sent by `post` and kept as its table message: the
        lobby, the challenge (its opponent pinged), or, against the computer, the table
        of a game started at once. Under the game's lock until the message id is stored,
        so a click on it as soon as it shows (Accept, Start) waits for it."""
        async with self.tables.sessions.lock(game_id):
            row = await self.storage.game(game_id)
            assert row is not None
            seats = await self.storage.seats(game_id)
            record = self._record(row)
            title = record.words.title
            # Opened against the computer, seated second: no lobby, this is the table.
            if len(seats) > 1 and seats[1].is_ai:
                starting = _(
                    "**{game}**: {host} plays against {robot}; the game is starting.",
                    game=title,
                    host=mention(row.host_id),
                    robot=seats[1].name,
                )
                message_id = await post(Lobby(record, row, words=starting))
                await self.storage.set_table_message(game_id, message_id)
                await self.tables.start(row, seats)
                return
            if row.challenged_id is not None:
                # The challenged player is pinged, so Discord tells them; nobody else is.
                lobby = Lobby(record, row, tuple(seats), pinged=(row.challenged_id,))
            else:
                # Seated players are listed as mentions (names that stay current), no ping.
                lobby = Lobby(record, row, tuple(seats))
            await self.storage.set_table_message(game_id, await post(lobby))

    # -- clicks on a lobby -----------------------------------------------------------

    async def click(
        self,
        game_id: int,
        channel_id: int,
        member: Member,
        verb: str,
        answer: Answer,
        manages_server: bool = False,
        values: Sequence[str] = (),
    ) -> None:
        """A lobby's or challenge's button pressed by `member` in the channel
        `channel_id` (`manages_server`: they have Manage Server, which may cancel any
        lobby); `values`: what was picked in the lobby's menu."""
        if not 0 < game_id <= MAX_ROW_ID:  # a forged id no database holds: no lock on it
            raise Refusal(_("That game no longer exists."))
        async with self.tables.sessions.lock(game_id):
            row = await self.storage.game(game_id)
            if row is None or row.kind not in self.kinds:
                raise Refusal(_("That game no longer exists."))
            if row.channel_id != channel_id:  # a forged id from elsewhere
                raise Refusal(_("That lobby belongs to another channel."))
            if row.status != Status.LOBBY:
                raise Refusal(_("This lobby is closed: the game has started or was cancelled."))
            seats = await self.storage.seats(game_id)
            record = self._record(row)
            if row.challenged_id is not None and verb not in CHALLENGE_VERBS:
                # A challenge starts only by the challenged member's Accept; a forged
                # Start (or Join, Leave, Add AI) from anyone, the challenger too, is refused.
                raise Refusal(
                    _(
                        "This is a challenge to {player}: only their **Accept** starts the "
                        "game (or **Decline** ends it); the challenger may **Cancel**.",
                        player=mention(row.challenged_id),
                    )
                )
            if verb == LobbyVerb.JOIN:
                if await self._join(row, record, seats, member, answer.ready):
                    return
            elif verb == LobbyVerb.LEAVE:
                await self._leave(row, seats, member, answer)
            elif verb in AI_VERBS:
                await self._computer_seat(row, record, seats, member.id, verb, answer)
            elif verb == LobbyVerb.LANGUAGE:
                row = await self._switch_language(row, member.id, values, answer)
            elif verb == LobbyVerb.CANCEL:
                await self._cancel(row, record, member, manages_server, answer)
                return
            elif verb in (LobbyVerb.ACCEPT_GAME, LobbyVerb.DECLINE_GAME):
                await self._answer_challenge(row, record, seats, member, verb, answer)
                return
            elif verb == LobbyVerb.START:
                await self._start(row, record, seats, member.id, answer)
                return
            else:
                raise Refusal(_("Unknown lobby button."))
            await answer.show(await self.lobby(row, record))

    async def _join(
        self,
        row: GameRow,
        record: GameKind,
        seats: Sequence[SeatRow],
        member: Member,
        ready: Callable[[], Awaitable[None]],
    ) -> bool:
        """The member takes a seat (Join, or Rematch on the game-over message), `ready`
        once the refusals are past; the lock held. True if that started the game (a
        rematch everyone is back to)."""
        most = record.engine.max_players
        if any(seat.user_id == member.id for seat in seats):
            raise Refusal(_("You already have a seat at this table."))
        if len(seats) >= most:
            raise Refusal(table_full(record.words.title, most))
        # A rematch keeps a seat for each player of the last game until it starts (or
        # its wait is over): a stranger's Join must not shut one of them out.
        expected = await self.rematch_players(row)
        if expected and member.id not in expected:
            seated = {seat.user_id for seat in seats}
            kept = sum(1 for user_id in expected if user_id not in seated)
            if len(seats) + kept >= most:
                raise Refusal(
                    _(
                        "The seats of this rematch are kept for the players of the last game "
                        "until it starts."
                    )
                )
        await ready()
        await self.storage.add_seat(row.id, member.id, member.name)
        return await self._start_if_everyone_is_back(row)

    async def _leave(
        self, row: GameRow, seats: Sequence[SeatRow], member: Member, answer: Answer
    ) -> None:
        if not any(seat.user_id == member.id for seat in seats):
            raise Refusal(_("You have no seat at this table."))
        if member.id == row.host_id:
            raise Refusal(_("The host cannot leave the lobby; press Cancel to call it off."))
        await answer.ready()
        await self.storage.remove_seat(row.id, member.id)

    async def _computer_seat(
        self,
        row: GameRow,
        record: GameKind,
        seats: Sequence[SeatRow],
        user_id: int,
        verb: str,
        answer: Answer,
    ) -> None:
        """The lobby's Add AI (easy / hard) and Remove AI buttons: the host's choice."""
        if not record.computer_players:
            raise Refusal(_("{game} has no computer players.", game=record.words.title))
        if user_id != row.host_id:
            raise Refusal(_("Only the host can add or remove computer players."))
        if verb == LobbyVerb.AI_REMOVE:
            computers = [seat for seat in seats if seat.is_ai]
            if not computers:
                raise Refusal(_("There is no computer player at this table to remove."))
            await answer.ready()
            await self.storage.remove_seat(row.id, computers[-1].user_id)
            return
        most = record.engine.max_players
        if len(seats) >= most:
            raise Refusal(table_full(record.words.title, most))
        level = Level(verb.removeprefix("ai_"))
        await answer.ready()
        name = ai_name([seat.name for seat in seats], level)
        await self.storage.add_ai_seat(row.id, name, level)

    async def _switch_language(
        self, row: GameRow, user_id: int, values: Sequence[str], answer: Answer
    ) -> GameRow:
        """The lobby's language menu: the host's choice, for everything the table will
        show; the row as it is now."""
        if user_id != row.host_id:
            raise Refusal(_("Only the host can change the language of the table."))
        if len(values) != 1 or values[0] not in LANGUAGES:
            raise Refusal(_("Choose one of the languages the menu offers."))
        await answer.ready()
        await self.storage.set_game_language(row.id, values[0])
        return dataclasses.replace(row, language=values[0])

    async def _cancel(
        self, row: GameRow, record: GameKind, member: Member, manages_server: bool, answer: Answer
    ) -> None:
        if member.id != row.host_id and not manages_server:
            raise Refusal(_("Only the host (or someone with Manage Server) can cancel."))
        await answer.ready()
        await self.storage.set_status(row.id, Status.ABANDONED)
        title = record.words.title
        text = _("~~{game} lobby~~: cancelled by {player}.", game=title, player=mention(member.id))
        await answer.show(Lobby(record, row, words=text))

    async def _answer_challenge(
        self,
        row: GameRow,
        record: GameKind,
        seats: Sequence[SeatRow],
        member: Member,
        verb: str,
        answer: Answer,
    ) -> None:
        if row.challenged_id is None or member.id != row.challenged_id:
            raise Refusal(_("Only the challenged player can answer this challenge."))
        await answer.ready()
        if verb == LobbyVerb.DECLINE_GAME:
            await self.storage.set_status(row.id, Status.ABANDONED)
            text = _(
                "~~{game} challenge~~: {player} declined {host}'s challenge.",
                game=record.words.title,
                player=mention(member.id),
                host=mention(row.host_id),
            )
            await answer.show(Lobby(record, row, words=text))
            return
        # The accepting member's own display name, as for a seat taken with Join.
        named = [
            dataclasses.replace(seat, name=member.name) if seat.user_id == member.id else seat
            for seat in seats
        ]
        await self.tables.start(row, named)

    async def _start(
        self, row: GameRow, record: GameKind, seats: Sequence[SeatRow], user_id: int, answer: Answer
    ) -> None:
        if user_id != row.host_id:
            raise Refusal(_("Only the host can start the game."))
        least = record.engine.min_players
        if len(seats) < least:
            raise Refusal(
                _n(
                    "{game} needs at least {count} player; {seated} seated so far.",
                    "{game} needs at least {count} players; {seated} seated so far.",
                    least,
                    game=record.words.title,
                    seated=len(seats),
                )
            )
        check_humans(seats)
        await answer.ready()
        await self.tables.start(row, seats)

    async def lobby(self, row: GameRow, record: GameKind) -> Lobby:
        """The lobby (or challenge) message as it is now."""
        seats = tuple(await self.storage.seats(row.id))
        if row.challenged_id is not None:
            return Lobby(record, row, seats)
        return Lobby(record, row, seats, tuple(await self.rematch_players(row)))

    # -- rematches -------------------------------------------------------------------

    async def rematch_players(self, row: GameRow) -> list[int]:
        """The people a rematch waits for: those who played the finished game to its end
        (not those who left it or whose seat the computer took)."""
        if row.rematch_of is None:
            return []
        seats = await self.storage.seats(row.rematch_of)
        return [seat.user_id for seat in seats if seat.user_id > 0]

    async def _start_if_everyone_is_back(self, row: GameRow) -> bool:
        """A rematch starts as soon as all its players are seated (its lock held)."""
        if row.rematch_of is None:
            return False
        seats = await self.storage.seats(row.id)
        seated = {seat.user_id for seat in seats}
        if not all(user_id in seated for user_id in await self.rematch_players(row)):
            return False
        await self.tables.start(row, seats)
        return True

    async def rematch(self, session: Session, member: Member, post: Post, welcome: Answer) -> None:
        """The game-over message's Rematch: opens the finished game's rematch, sent by
        `post` (the players it waits for pinged), or seats `member` in the one opened
        already (`welcome` acknowledges it, then the rematch's lobby is redrawn)."""
        record = session.record
        if session.status != Status.FINISHED:
            raise Refusal(_("A rematch can be asked for once the game is over."))
        if not any(seat.user_id == member.id for seat in session.seats):
            raise Refusal(
                _(
                    "Only the players of that game can ask for its rematch; {command} opens a "
                    "new game.",
                    command=slash(f"{record.name} start"),
                )
            )
        async with self._opening(session.row.guild_id):
            rematch = await self.storage.rematch(session.id)
            if rematch is not None:
                await self._come_back(rematch.id, record, member, welcome)
                return
            # A rematch is a new game its opener hosts: the caps count it (against the
            # computer it starts at once). No cooldown: each needs a game played to its
            # end, so rematches cannot come faster than the starts before them.
            await check_caps(self.storage, session.row.guild_id, member.id, self._minute)
            game_id = await self._open_rematch(session, member)
        async with self.tables.sessions.lock(game_id):
            row = await self.storage.game(game_id)
            assert row is not None
            seats = await self.storage.seats(game_id)
            expected = await self.rematch_players(row)
            # The players it waits for are pinged: this new message is how they hear of it.
            waiting = tuple(user_id for user_id in expected if user_id != member.id)
            lobby = Lobby(record, row, tuple(seats), tuple(expected), pinged=waiting)
            message_id = await post(lobby)
            await self.storage.set_table_message(game_id, message_id)
            await self._start_if_everyone_is_back(row)  # a game against the computer only

    async def _open_rematch(self, session: Session, member: Member) -> int:
        row = session.row
        title = session.record.words.title
        existing = await self.storage.open_game(row.channel_id, row.kind)
        if existing is not None and not lobby_expired(existing, self._minute):
            raise Refusal(
                _(
                    "Another {game} game is already waiting or being played in this channel "
                    "(one at a time).",
                    game=title,
                )
            )
        if existing is not None:
            closed = _("~~{game} lobby~~: closed to make room.", game=title)
            await self.tables.close(existing, closed)
        game_id = await self.storage.create_game(
            row.guild_id,
            row.channel_id,
            row.kind,
            row.options,
            member.id,
            member.name,
            rematch_of=row.id,
            language=row.language,
        )
        for seat in session.seats:
            if seat.is_ai and seat.replaced_user_id is None and seat.ai_level is not None:
                await self.storage.add_ai_seat(game_id, seat.name, seat.ai_level)
        if row.turn_minutes is not None:
            await self.storage.set_turn_minutes(game_id, row.turn_minutes)
        return game_id

    async def _come_back(
        self, game_id: int, record: GameKind, member: Member, welcome: Answer
    ) -> None:
        """`member` takes their seat in the rematch opened already (its Join)."""
        async with self.tables.sessions.lock(game_id):
            row = await self.storage.game(game_id)
            if row is None or row.status != Status.LOBBY:
                raise Refusal(_("This game's rematch has started already (or was called off)."))
            seats = await self.storage.seats(game_id)
            if await self._join(row, record, seats, member, welcome.ready):
                return
            if row.table_message_id is not None:
                lobby = await self.lobby(row, record)
                await self.tables.screen.edit_lobby(row.table_message_id, lobby)

    # -- what waited too long --------------------------------------------------------

    async def expire(self, serves: Callable[[int], bool]) -> None:
        """Lobbies and challenges that waited too long closed; rematches whose wait is
        over started with those who came back if they are enough, else called off. Only
        the games of servers `serves` names (this process's shards)."""
        now = self.clock.time()
        lobbies = await self.storage.lobbies_opened_before(
            now - LOBBY_MINUTES * self._minute, now - CHALLENGE_MINUTES * self._minute
        )
        for row in lobbies:
            record = self.known(row.kind)
            # Those of slow games wait longer than the query's shortest wait.
            expired = lobby_expired(row, self._minute, now)
            if record is not None and expired and serves(row.guild_id):
                await self.tables.close(row, expiry_text(record.words.title, row))
        before = now - REMATCH_MINUTES * self._minute
        for row in await self.storage.rematches_opened_before(before):
            record = self.known(row.kind)
            if record is not None and serves(row.guild_id):
                await self._rematch_overdue(row, record)

    async def _rematch_overdue(self, row: GameRow, record: GameKind) -> None:
        async with self.tables.sessions.lock(row.id):
            fresh = await self.storage.game(row.id)
            if fresh is None or fresh.status != Status.LOBBY or fresh.table_message_id is None:
                return
            seats = await self.storage.seats(row.id)
            humans = any(not seat.is_ai for seat in seats)
            if humans and len(seats) >= record.engine.min_players:
                await self.tables.start(fresh, seats)
                return
        called_off = _(
            "~~{game} rematch~~: not enough players came back. {command} opens a new game.",
            game=record.words.title,
            command=slash(f"{record.name} start"),
        )
        await self.tables.close(row, called_off)
