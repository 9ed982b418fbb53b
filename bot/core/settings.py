"""The bot's settings, from the environment and an optional `.env` file.

The environment wins over `.env`. The token is held in a `Secret`, whose repr and str
never show it, so a settings object can be logged safely. `.env` is parsed by hand
(KEY=VALUE lines, `#` comments, optional quotes) to keep the dependencies few.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
AI_DELAY = 1.5
"""Seconds a computer player waits before it moves, so that its turn reads naturally."""
AI_SECONDS = 0.9
"""The hard level's thinking time per decision: its search reads the clock before each
iteration (a few milliseconds at most), so a decision stays within a second on one core."""
MAX_AI_SECONDS = 1.0
"""The most `AI_SECONDS` may be set to."""
MAX_AI_WORKERS = 64
"""The most `AI_WORKERS` may be set to."""


class SettingsError(ValueError):
    """A setting has a value the bot cannot use; the message says which and why."""


@dataclass(frozen=True, slots=True)
class Secret:
    """A value that is never printed: `repr`, `str` and f-strings show stars."""

    _value: str = field(repr=False)

    def reveal(self) -> str:
        return self._value

    def __str__(self) -> str:
        return "********"

    def __repr__(self) -> str:
        return "Secret('********')"


@dataclass(frozen=True, slots=True)
class Settings:
    token: Secret | None
    database_path: Path = Path("data/bot.sqlite3")
    """The SQLite file, unless `database_url` names a PostgreSQL server."""
    database_url: Secret | None = None
    """A PostgreSQL URL (it may hold a password, so it is never printed)."""
    shard_count: int | None = None
    """How many shards the whole bot runs (every process alike); None: Discord's advice."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs; None: all of them."""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    game_seed: int | None = None
    """Tests and bug reproduction only: every new game uses this seed."""
    game_setup: Mapping[str, Any] = field(default_factory=dict)
    """Tests and bug reproduction only: kind -> replay header keys for new games (Grass
    "decks", Graps "rolls"), so a test knows every card that will be dealt."""
    ai_delay: float = AI_DELAY
    """Seconds between a game's last move and a computer player's move."""
    ai_seconds: float = AI_SECONDS
    """The hard computer player's thinking budget per decision, at most `MAX_AI_SECONDS`.
    It thinks during its pause (`ai_delay`), so a table waits the longer of the two for
    each computer move, not their sum."""
    ai_workers: int | None = None
    """Worker processes for the hard computer players' searches, shared fairly by every
    server of this process (bot/core/thinking.py); None: one per core. Several bot
    processes on one machine each start their own: give each its share of the cores."""
    timer_minute: float = 60.0
    """Seconds in one minute of a turn timer; tests shrink it to run timers quickly."""
    rest_per_second: int = 50
    """Discord's global REST limit for this bot, all processes together: 50 unless
    Discord raised it (benchmarks lift it to measure the bot alone)."""
    metrics_port: int | None = None
    """The port of the operators' metrics and health checks (docs/operations.md); None:
    none are served. 0: a free port, written to the log (tests)."""
    metrics_host: str = "127.0.0.1"
    """The address they are served on: this machine only, unless set."""
    activity_port: int | None = None
    """The port of the Activity's server (docs/activity.md); None: no Activity. 0: a
    free port, written to the log (tests)."""
    activity_host: str = "127.0.0.1"
    """The address it is served on (behind the HTTPS host Discord's proxy reaches)."""
    client_secret: Secret | None = None
    """The application's OAuth2 client secret, for the Activity's code exchange."""

    @property
    def database(self) -> Path | str:
        """What `Storage.open` takes: the PostgreSQL URL, else the SQLite file."""
        return self.database_url.reveal() if self.database_url else self.database_path


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines of a `.env` file; blank lines and `#` comments are skipped."""
    values: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return values
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise SettingsError(f"{path}, line {number}: expected KEY=VALUE")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def _optional_int(name: str, raw: str) -> int | None:
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a whole number, not {raw!r}") from None


def _seconds(name: str, raw: str, default: float) -> float:
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number of seconds, not {raw!r}") from None
    if not 0 <= value <= 3600:
        raise SettingsError(f"{name} must be between 0 and 3600 seconds, not {raw!r}")
    return value


def database_location(url: str) -> Path | Secret:
    """A `DATABASE_URL`: `sqlite:///relative/file`, `sqlite:////absolute/file`, or a
    `postgresql://` (or `postgres://`) URL, kept secret. The refusal never repeats the URL,
    which may hold a password."""
    if url.startswith(("postgresql://", "postgres://")):
        return Secret(url)
    if url.startswith("sqlite:///") and len(url) > len("sqlite:///"):
        return Path(url[len("sqlite:///") :])
    scheme = url.partition("://")[0] if "://" in url else "no scheme"
    raise SettingsError(
        "DATABASE_URL must be sqlite:///path/to/file or postgresql://user:password@host/"
        f"database, not a URL with {scheme}"
    )


def shard_ids(raw: str, count: int | None) -> tuple[int, ...] | None:
    """`SHARD_IDS`: shard numbers and ranges, as "0-3" or "0,2,4-5"; each below
    `SHARD_COUNT`, which it needs (a process must know how the bot is split)."""
    if not raw:
        return None
    if count is None:
        raise SettingsError("SHARD_IDS needs SHARD_COUNT: how many shards the whole bot runs")
    ids: set[int] = set()
    for part in raw.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            low, high = int(first), int(last if dash else first)
        except ValueError:
            raise SettingsError(
                f"SHARD_IDS must list shard numbers and ranges, like 0-3 or 0,2,4-5, not {raw!r}"
            ) from None
        if not 0 <= low <= high < count:
            raise SettingsError(
                f"SHARD_IDS {part.strip()!r}: shards are numbered 0 to {count - 1} "
                f"(SHARD_COUNT is {count})"
            )
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))


def _rest_limit(raw: str) -> int:
    limit = _optional_int("REST_PER_SECOND", raw)
    if limit is None:
        return 50
    if not 1 <= limit <= 100_000:
        raise SettingsError(f"REST_PER_SECOND must be between 1 and 100000, not {limit}")
    return limit


def _port(name: str, raw: str) -> int | None:
    port = _optional_int(name, raw)
    if port is not None and not 0 <= port <= 65535:
        raise SettingsError(f"{name} must be a port number (1 to 65535), not {port}")
    return port


def _ai_workers(raw: str) -> int | None:
    workers = _optional_int("AI_WORKERS", raw)
    if workers is not None and not 1 <= workers <= MAX_AI_WORKERS:
        raise SettingsError(
            f"AI_WORKERS must be between 1 and {MAX_AI_WORKERS}, not {workers} "
            "(leave it empty for one per core)"
        )
    return workers


def load_settings(
    environ: Mapping[str, str] | None = None, env_file: Path = Path(".env")
) -> Settings:
    """The settings from `.env` overlaid with the environment."""
    values = read_env_file(env_file)
    values.update(os.environ if environ is None else environ)

    token = values.get("DISCORD_TOKEN", "").strip()
    level = values.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
    setup: Mapping[str, Any] = {}
    setup_file = values.get("GAME_SETUP_FILE", "").strip()
    if setup_file:
        try:
            setup = json.loads(Path(setup_file).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise SettingsError(f"GAME_SETUP_FILE {setup_file!r} is unreadable: {error}") from None
        if not isinstance(setup, dict) or not all(isinstance(v, dict) for v in setup.values()):
            raise SettingsError("GAME_SETUP_FILE must hold a JSON object: kind -> header keys")
    database_path = Path(values.get("DATABASE_PATH", "").strip() or "data/bot.sqlite3")
    database_url = None
    url = values.get("DATABASE_URL", "").strip()
    if url:  # it wins over DATABASE_PATH
        location = database_location(url)
        if isinstance(location, Path):
            database_path = location
        else:
            database_url = location
    shard_count = _optional_int("SHARD_COUNT", values.get("SHARD_COUNT", "").strip())
    if shard_count is not None and not 1 <= shard_count <= 10_000:
        raise SettingsError(f"SHARD_COUNT must be between 1 and 10000, not {shard_count}")
    shards = shard_ids(values.get("SHARD_IDS", "").strip(), shard_count)
    if database_url is None and shards is not None and len(shards) != shard_count:
        raise SettingsError(
            "SHARD_IDS names only some shards, so other processes would run the rest, but "
            "SQLite serves one process only: give every process one PostgreSQL database "
            "(DATABASE_URL=postgresql://...), or run all the shards in this one"
        )
    return Settings(
        token=Secret(token) if token else None,
        database_path=database_path,
        database_url=database_url,
        shard_count=shard_count,
        shard_ids=shards,
        dev_guild_id=_optional_int("DEV_GUILD_ID", values.get("DEV_GUILD_ID", "").strip()),
        log_level=level,
        game_seed=_optional_int("GAME_SEED", values.get("GAME_SEED", "").strip()),
        game_setup=setup,
        ai_delay=_seconds("AI_DELAY", values.get("AI_DELAY", "").strip(), AI_DELAY),
        ai_seconds=min(
            MAX_AI_SECONDS, _seconds("AI_SECONDS", values.get("AI_SECONDS", "").strip(), AI_SECONDS)
        ),
        ai_workers=_ai_workers(values.get("AI_WORKERS", "").strip()),
        timer_minute=_seconds("TIMER_MINUTE", values.get("TIMER_MINUTE", "").strip(), 60.0),
        rest_per_second=_rest_limit(values.get("REST_PER_SECOND", "").strip()),
        metrics_port=_port("METRICS_PORT", values.get("METRICS_PORT", "").strip()),
        metrics_host=values.get("METRICS_HOST", "").strip() or "127.0.0.1",
        activity_port=_port("ACTIVITY_PORT", values.get("ACTIVITY_PORT", "").strip()),
        activity_host=values.get("ACTIVITY_HOST", "").strip() or "127.0.0.1",
        client_secret=Secret(secret)
        if (secret := values.get("DISCORD_CLIENT_SECRET", "").strip())
        else None,
    )
