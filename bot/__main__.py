"""`python -m bot`: start the bot with the settings from the environment and `.env`.

Exit statuses: 0 after a clean stop (Ctrl-C or SIGTERM); 2 when the token is missing
or Discord rejects it (with a paragraph on how to set the bot up); 1 for a bad setting,
a database it must not use (another bot has it open, or a newer bot wrote it) or when
Discord cannot be reached.
"""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import logging
import signal
import sys

import aiohttp
import discord

from bot.core.settings import Settings, SettingsError, load_settings
from bot.core.storage import StorageError

SETUP_HELP = """\
The bot needs a valid DISCORD_TOKEN (in the environment or in a .env file; see \
.env.example). To get one: open https://discord.com/developers/applications, choose \
"New Application", then on the "Bot" tab choose "Reset Token" and copy the token into \
DISCORD_TOKEN. The bot needs no privileged intents (leave Presence, Server Members and \
Message Content off). To invite it, on the "OAuth2" tab tick the scopes "bot" and \
"applications.commands" and the permissions View Channels, Send Messages, Attach Files, \
Embed Links, Read Message History, Use Application Commands, Send Messages in \
Threads, Create Public Threads and Manage Events (permissions integer 319975181312), \
open the generated URL and pick your server. Then run `make run` again."""

log = logging.getLogger("bot")


class _RedactToken(logging.Filter):
    """Belt and braces: no log record may carry the token, whoever formats it: not in
    its message, nor in the text of an exception it carries (an error from a library
    may quote a header or a URL)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self._token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._token:
            return True
        if self._token in record.getMessage():
            record.msg = record.getMessage().replace(self._token, "********")
            record.args = None
        if record.exc_info and not record.exc_text:
            # The formatter uses `exc_text` when it is set: set it, redacted.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text and self._token in record.exc_text:
            record.exc_text = record.exc_text.replace(self._token, "********")
        if record.stack_info and self._token in record.stack_info:
            record.stack_info = record.stack_info.replace(self._token, "********")
        return True


def _configure_logging(settings: Settings) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    if settings.token is not None:
        handler.addFilter(_RedactToken(settings.token.reveal()))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(settings.log_level)
    # Libraries whose DEBUG lines carry private things whole: discord.py's gateway logs
    # every event (the cards a player picked in a DM's menu), its webhooks every
    # interaction's token (which can answer as the bot), aiosqlite every statement with
    # its parameters (every hand of every game); discord.py's HTTP lines are noise.
    for name in ("discord.http", "discord.gateway", "discord.webhook", "aiosqlite"):
        logging.getLogger(name).setLevel(max(logging.INFO, root.level))


async def _run(settings: Settings, token: str) -> None:
    from bot.client import GameBot

    # The bot has no voice features: spare server owners two warnings about voice libraries.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False

    bot = GameBot(settings)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        await bot.start(token)


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"Bad setting: {error}", file=sys.stderr)
        return 1
    if settings.token is None:
        print(SETUP_HELP, file=sys.stderr)
        return 2
    _configure_logging(settings)
    if hasattr(signal, "SIGUSR1"):  # `kill -USR1 <pid>` prints every thread's stack
        faulthandler.register(signal.SIGUSR1)
    try:
        asyncio.run(_run(settings, settings.token.reveal()))
    except discord.LoginFailure:
        print("Discord rejected the token.\n\n" + SETUP_HELP, file=sys.stderr)
        return 2
    except StorageError as error:
        print(f"Cannot use the database: {error}", file=sys.stderr)
        return 1
    except (aiohttp.ClientConnectionError, OSError) as error:
        print(
            f"Cannot reach Discord ({error}). Check this machine's network connection "
            "(and any proxy or firewall), then run the bot again.",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
