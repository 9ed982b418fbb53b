"""Display names that are markdown, mentions or bidirectional controls, through a whole
game and the commands around it (audit finding 5): in every text a player reads they
read as themselves, never as a link, bold, code, a mention or reversed text; what is
stored stays as the player wrote it."""

from __future__ import annotations

import random
import re
import sqlite3
from typing import Any

from tests.fakediscord.model import as_read
from tests.stress.driver import game_id_in, open_table, play, stored

LINK = "[claim prize](https://e.vil/x)"
HOSTILE = [
    LINK,
    "**bold** ann",
    "`code` bob",
    "@everyone",
    "<@1000000000000000001>",
    "cy\u202eevil",
]
"""Six display names, one per seat of a Grass table."""


def unescaped(content: str, name: str) -> bool:
    """Whether `name`'s markdown is live in `content`: the name stands there as written."""
    return name in content


def seats(bot: Any, game_id: int) -> list[tuple[int, str]]:
    with sqlite3.connect(bot.database_path) as db:
        query = "SELECT user_id, name FROM seats WHERE game_id = ? ORDER BY seat"
        return [(int(user), str(name)) for user, name in db.execute(query, (game_id,))]


async def test_hostile_names_read_as_themselves_in_every_text(fake_discord, start_bot):
    emu = fake_discord
    bot = await start_bot(env={"GAME_SEED": "4", "AI_DELAY": "0.01"})
    channel = emu.channel("names")
    table = await open_table(emu, "grass", channel, list(HOSTILE), target=25_000, timer=0)
    table.game_id = game_id_in(bot.database_path, channel, "grass")
    members = dict(table.players)
    table.players = {name: emu.player_by_id(user) for user, name in seats(bot, table.game_id)}
    rng = random.Random(4)
    while await play(emu, bot.database_path, table, rng):
        pass
    assert stored(bot.database_path, table.game_id).status == "finished"
    await channel.wait_message(lambda m: m.content.startswith("**Game over!**"))
    # A new lobby, joined by everyone: its seats keep the names as written, which the
    # scoreboards and the player card then show.
    first = members[HOSTILE[0]]
    lobby = await (await first.slash(channel, "grass start")).message()
    for name in HOSTILE[1:]:
        await (await members[name].click(lobby, "Join")).ack()
    await lobby.wait_until(lambda m: f"({len(HOSTILE)} of" in m.text)
    assert {name for _, name in seats(bot, table.game_id + 1)} == set(HOSTILE)
    for player in members.values():
        for command in ("grass scoreboard", "stats", "grass scores"):
            await (await player.slash(channel, command)).message()
    await (await first.slash(channel, "grass scoreboard", text=True)).message()

    seen_as_themselves = set()
    for player in members.values():
        for message, version in player.history():
            texts = [version.content]
            texts += [str(e.get("description") or "") for e in version.embeds]
            for text in texts:
                where = f"{message!r}: {text[:200]!r}"
                assert "\u202e" not in text, where
                assert not re.search(r"(?<!\\)\[claim prize", text), where
                assert not re.search(r"(?<!\\)\]\(https:?//e\.v", text), where
                assert "**bold**" not in text and "`code`" not in text, where
                assert not re.search(r"(?<!\\)<@1000000000000000001>", text), where
                assert "@everyone" not in text, where
                read = as_read(text).replace("\u200b", "")  # a zero-width space is not seen
                seen_as_themselves |= {name for name in HOSTILE if name in read}
            labels = [b.label or "" for b in message.buttons()]
            assert not any("\u202e" in label for label in labels), labels
    # Each name reads as written somewhere (the table, the game-over message, the
    # scoreboards); the reversing control is gone, its letters stay.
    assert seen_as_themselves >= set(HOSTILE[:5]), seen_as_themselves
    assert any("cyevil" in as_read(v.content) for _, v in first.history())
