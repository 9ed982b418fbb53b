"""Security: only seated players act; only the host or someone with Manage Server
abandons a game or kicks a player; the token never reaches the bot's log or anything
a member can read, errors included; and all SQL in bot/ is parameterised (a test
parses bot/ for SQL built from f-strings, concatenation, % or .format)."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from tests.stress.driver import (
    answer_text,
    bot_log_errors,
    check_invariants,
    choose,
    command_for,
    game_id_in,
    open_table,
    play,
    stored,
)

BOT = Path(__file__).resolve().parents[2] / "bot"
SQL = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE|PRAGMA|CREATE|DROP|ALTER|BEGIN)\b", re.I)
ALLOWED = {
    # The migration script and its number: constants of the module (no input), and
    # PRAGMA user_version takes no parameters.
    ("sqlite.py", "BEGIN; {script}; PRAGMA user_version = {number:d}; COMMIT;"),
    # Rows copied between databases (bot/migrate.py): the table and column names are
    # constants of the bot, checked to be plain names; the values are parameters.
    ("sqlite.py", "INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"),
}


def _text(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            _text(v) if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + _spec(v) + "}"
            for v in node.values
            if isinstance(v, ast.Constant | ast.FormattedValue)
        )
    return ast.unparse(node)


def _spec(value: ast.AST) -> str:
    if isinstance(value, ast.FormattedValue) and value.format_spec is not None:
        return ":" + _text(value.format_spec)
    return ""


def string_built_sql(source: str) -> list[str]:
    """SQL text made at run time: an f-string with a placeholder, `+` or `%` on a string,
    or `.format(...)`, whose text looks like SQL."""
    found = []
    for node in ast.walk(ast.parse(source)):
        text = None
        if isinstance(node, ast.JoinedStr) and any(
            isinstance(v, ast.FormattedValue) for v in node.values
        ):
            text = _text(node)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
            parts = [node.left, node.right]
            if any(isinstance(p, ast.Constant) and isinstance(p.value, str) for p in parts):
                text = ast.unparse(node)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
        ):
            text = ast.unparse(node)
        if text is not None and SQL.search(text):
            found.append(text)
    return found


def test_sql_is_parameterised_everywhere_in_bot():
    built = [
        (path.name, text)
        for path in sorted(BOT.rglob("*.py"))
        for text in string_built_sql(path.read_text(encoding="utf-8"))
    ]
    flagged = [item for item in built if item not in ALLOWED]
    assert flagged == [], f"SQL built from strings: {flagged}"
    assert len(built) == len(ALLOWED), "the allow-list names only what is really there"


def test_the_sql_check_catches_string_built_sql():
    source = (
        "db.execute(f'SELECT * FROM games WHERE id = {game_id}')\n"
        "db.execute('DELETE FROM seats WHERE name = ' + name)\n"
        "db.execute('UPDATE games SET state = %s' % state)\n"
        "db.execute('SELECT {} FROM moves'.format(column))\n"
        "db.execute('SELECT * FROM games WHERE id = ?', (game_id,))\n"
        "log.info(f'game {game_id} moved')\n"
    )
    assert len(string_built_sql(source)) == 4


async def test_only_seated_players_act_and_only_hosts_or_managers_end_games(
    fake_discord, start_bot, on_database
):
    emu = fake_discord
    bot = await start_bot(env={"GAME_SEED": "41"}, log_level="DEBUG", **on_database)
    database = bot.database
    rng = random.Random(41)
    channel = emu.channel("security")
    table = await open_table(emu, "grass", channel)
    table.game_id = game_id_in(database, channel, "grass")
    await play(emu, database, table, rng)
    # A failed table edit puts a traceback in the log (the token must not be in it).
    emu.fail_next(f"/channels/{channel.id}/messages/*", method="PATCH", status=503)
    await play(emu, database, table, rng)
    eve = emu.user("eve")  # not seated
    fay = emu.user("fay", manage_guild=True)  # not seated, manages the server
    ann, bob, cy = table.players.values()

    # An onlooker types the awaited player's move, and clicks the table's hand button.
    action = choose(stored(database, table.game_id).engine(), rng)
    assert action is not None
    _, command, options = command_for(table, action)
    text = await answer_text(emu, await eve.slash(channel, command, **options))
    assert "not playing in this game" in text
    hand = table.message.buttons()[0].label or ""
    text = await answer_text(emu, await eve.click(table.message, hand))
    assert "not playing in this game" in text
    # A seated player clicks someone else's hand-message menu (a forged click).
    other = next(p for p in (ann, bob, cy) if p.name != action["by"])
    dm = table.players[action["by"]].dm_messages()[-1]
    menu = dm.selects()[0]
    forged = await other.forge(
        dm.channel,
        3,
        {"custom_id": menu.custom_id, "component_type": 3, "values": [menu.values[0]]},
        message=dm,
    )
    await forged.ack()
    reply = await emu.wait_for(lambda: [m for m in forged.followups if not m.loading])
    text = reply[0].text
    assert reply[0].visible_to is other, text
    # Refused, or told it is out of date along with their own hand: never the mover's.
    assert "not" in text.lower() or f"), {other.name}:" in text
    assert f"), {action['by']}:" not in text
    assert stored(database, table.game_id).version == 2, "no refused move was applied"

    # Kicking and abandoning: not a player, not the host; then Manage Server may.
    text = await answer_text(emu, await bob.slash(channel, "grass kick", player=cy))
    assert "Only the game's host" in text
    text = await answer_text(emu, await eve.slash(channel, "grass abandon"))
    assert "Only the game's host" in text
    assert stored(database, table.game_id).status == "running"
    text = await answer_text(emu, await fay.slash(channel, "grass abandon"))
    assert "abandoned" in text
    assert stored(database, table.game_id).status == "abandoned"
    check_invariants(database, table.game_id)

    # The token: not in the log (DEBUG, with a failed request's traceback in it), not in
    # anything any member could ever read.
    assert await emu.settle() == []
    await bot.stop()
    log = bot.log_text()
    assert "Traceback" in log and "503" in log
    assert emu.token not in log
    for secret in (emu.token, emu.token.split(".")[0], emu.token.split(".")[-1]):
        for player in (ann, bob, cy, eve, fay):
            for message, version in player.history():
                assert secret not in version.content, f"the token reached {message!r}"


async def test_a_forged_lobby_click_on_a_game_no_database_holds_is_refused(
    fake_discord, start_bot, on_database
):
    # A lobby's click takes the game's lock before reading it (PostgreSQL's advisory
    # lock takes a 64-bit number): an id beyond it is refused in words, not an error.
    emu = fake_discord
    bot = await start_bot(**on_database)
    channel = emu.channel("forged-lobby")
    ann, bob = emu.user("ann"), emu.user("bob")
    lobby = await (await ann.slash(channel, "grass start")).message()
    join = next(b for b in lobby.buttons() if b.label == "Join")
    parts = (join.custom_id or "").split(":")
    parts[0], parts[1] = "m", "9" * 19  # a form's id, a game beyond 64 bits
    data = {"custom_id": ":".join(parts), "components": []}
    forged = await bob.forge(channel, 5, data, message=lobby)
    assert "That game no longer exists." in await answer_text(emu, forged)
    assert bot_log_errors(bot.log_text()) == []
