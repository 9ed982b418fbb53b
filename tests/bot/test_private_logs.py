"""Audit finding 15: logs carry no private things.

Logs are read by whoever runs the bot, who may play too: at DEBUG they once held every
action whole (a Paranoia pass's card, a secret trade's cards), discord.py's gateway
lines every interaction (the cards picked in a DM's menu among them) and its webhook
lines every interaction's token, and aiosqlite's every state written. And the bot's
token must not show in the text of an exception either, whatever library raised it.
"""

from __future__ import annotations

import io
import logging

from bot.__main__ import _RedactToken
from games.grass.cards import Card
from tests.bot.scenario import MOVES
from tests.bot.table import play_move, start_game


async def test_debug_logs_name_who_acted_and_how_but_no_card(fake_discord, start_bot, setup_file):
    emu = fake_discord
    bot = await start_bot(env={"GAME_SETUP_FILE": str(setup_file)}, log_level="DEBUG")
    general = emu.channel("general")
    players, _ = await start_game(emu, general)
    for version, move in enumerate(MOVES[:16]):  # through the Paranoia pass
        await play_move(emu, players, general, version, move)
    await emu.wait_for(lambda: "version 16" in bot.log_text(), what="the last pass logged")
    log = bot.log_text()
    assert "ann's pass committed" in log and "bob's offer committed" in log
    shown = sorted(card.value for card in Card if card.value in log)
    assert shown == [], f"card ids in the log: {shown}"
    # An interaction's token lets whoever holds it answer as the bot for 15 minutes.
    assert emu.interactions and not any(token in log for token in emu.interactions)


def test_the_token_is_redacted_from_exception_texts():
    token = "MTIz.secret.token-value"
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(_RedactToken(token))
    logger = logging.getLogger("tests.redaction")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        try:
            raise RuntimeError(f"GET /gateway failed with Authorization: Bot {token}")
        except RuntimeError:
            logger.exception("the gateway failed")
        logger.error("plain %s", token, stack_info=True)
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert "the gateway failed" in text and "RuntimeError" in text and "plain" in text
    assert token not in text and text.count("********") >= 2
