"""Languages through the emulator: `/language` and `/settings language` change what
comes next and survive a restart; a new game's language comes from its option, the
server's setting, the host's own language or the server's Discord locale, and the host
switches it in the lobby; public answers speak the asker's language unless the server
chose one; the synced commands carry their French, Italian and German names within
Discord's limits."""

from __future__ import annotations

import sqlite3

import pytest

from bot.core.language import markdown_safe, slash
from games.text import _, _p
from lang import NAMES, translate

NO_GAME = _(
    "No {game} game is being played in this channel; start one with {command}.",
    game="Grass",
    command=slash("grass start"),
)


def game_languages(database) -> list[str | None]:
    with sqlite3.connect(database) as db:
        return [row[0] for row in db.execute("SELECT language FROM games ORDER BY id")]


async def test_a_member_chooses_a_language_and_keeps_it_across_a_restart(fake_discord, start_bot):
    proc = await start_bot()
    emu = fake_discord
    ann = emu.user("ann")
    ann.locale = "fr"
    general = emu.channel("general")

    # Her Discord app speaks French: so do the answers only she reads.
    refused = await (await ann.slash(general, "grass hand")).message()
    assert refused.text == translate(NO_GAME, "fr") != str(NO_GAME)
    assert "`/grass lancer`" in refused.text  # the command as her app names it

    chosen = await (await ann.slash(general, "language", language="it")).message()
    assert "Italiano" in chosen.text and chosen.ephemeral
    await proc.stop()
    await proc.start()
    refused = await (await ann.slash(general, "grass hand")).message()
    assert refused.text == translate(NO_GAME, "it")

    await (await ann.slash(general, "language", language="auto")).message()
    refused = await (await ann.slash(general, "grass hand")).message()
    assert refused.text == translate(NO_GAME, "fr")


async def test_a_new_games_language_comes_from_its_option_the_server_or_the_host(
    fake_discord, start_bot
):
    proc = await start_bot(dev_guild=False)  # commands everywhere, not only in the first server
    emu = fake_discord
    ann, owner = emu.user("ann"), emu.user("dee", manage_guild=True)
    general, other = emu.channel("general"), emu.channel("other")

    await (await ann.slash(general, "grass start")).message()  # nothing chosen: English
    answer = await (await owner.slash(general, "settings language", language="de")).message()
    assert "Deutsch" in answer.text
    await proc.stop()
    await proc.start()
    await (await ann.slash(other, "gracias start")).message()  # the server's setting
    await (await ann.slash(other, "graps start", ai="easy", language="fr")).message()
    await (await owner.slash(general, "settings language", language="auto")).message()

    italian = emu.add_server()
    emu.guild_locales[italian] = "it"
    tavolo = emu.channel("tavolo", server=italian)
    # A host whose Discord speaks a language of ours outranks the server's locale; the
    # server's locale serves a host whose language is not one of ours.
    bob, cy, eve = emu.user("bob"), emu.user("cy"), emu.user("eve")
    bob.locale, cy.locale, eve.locale = "de", "pt-BR", "en-GB"
    await (await cy.slash(tavolo, "gracias start")).message()
    await (await bob.slash(tavolo, "grass start")).message()
    french = emu.add_server()  # a server's cap on waiting lobbies: another server
    emu.guild_locales[french] = "fr"
    await (await eve.slash(emu.channel("table", server=french), "grass start")).message()
    assert game_languages(proc.database_path) == ["en", "de", "fr", "it", "de", "en"]


def lobby_game(lobby) -> str:
    return str(next(b.custom_id for b in lobby.buttons() if b.custom_id)).split(":")[1]


def opening(host_id: int) -> str:
    return _("**{game}**: a new game, hosted by {host}.", game="Grass", host=f"<@{host_id}>")


@pytest.mark.parametrize("locale", ["fr", "de", "it"])
async def test_a_hosts_discord_language_makes_the_table_on_an_english_server(
    fake_discord, bot_process, locale
):
    # An ordinary server's Discord locale is en-US and cannot be changed: without the
    # option or a server setting, the host's own language decides.
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    ann.locale = locale
    general = emu.channel("general")
    assert emu.guild_locale(emu.guild_id) == "en-US"
    lobby = await (await ann.slash(general, "grass start")).message()
    assert lobby.text.startswith(translate(opening(ann.id), locale))
    said = _(
        "Language of the table: {language} (the host can change it below).",
        language=NAMES[locale],
    )
    assert translate(said, locale) in lobby.text
    join, start = (f"g:{lobby_game(lobby)}:0:{verb}" for verb in ("join", "start"))
    await (await bob.click(lobby, join)).ack()  # the button is labelled in her language
    await lobby.wait_until(lambda m: f"<@{bob.id}>" in m.text)
    await (await ann.click(lobby, start)).ack()
    turn = translate(_("{players}, your turn (hand {hand}).", players=ann.mention, hand=1), locale)
    await lobby.wait_until(lambda m: turn in m.text)
    assert game_languages(bot_process.database_path) == [locale]


async def test_the_host_switches_the_tables_language_in_the_lobby(fake_discord, bot_process):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    ann.locale = "fr"
    general = emu.channel("general")
    lobby = await (await ann.slash(general, "grass start")).message()
    menu = next(s.custom_id for s in lobby.selects() if s.custom_id.endswith(":language"))
    assert menu == f"s:{menu.split(':')[1]}:0:language"  # a public, restart-proof id

    refused = await (await bob.select(lobby, menu, ["en"])).message()
    assert refused.ephemeral
    assert refused.text == "Only the host can change the language of the table."

    await (await ann.select(lobby, menu, ["de"])).ack()
    await lobby.wait_until(lambda m: m.text.startswith(translate(opening(ann.id), "de")))
    assert game_languages(bot_process.database_path) == ["de"]
    chosen = next(s for s in lobby.selects() if s.custom_id == menu)
    assert [o.value for o in chosen.options if o.default] == ["de"]

    await bot_process.stop()  # the menu still works after a restart
    await bot_process.start()
    await (await ann.select(lobby, menu, ["it"])).ack()
    await lobby.wait_until(lambda m: m.text.startswith(translate(opening(ann.id), "it")))
    assert game_languages(bot_process.database_path) == ["it"]


async def test_a_challenge_says_its_tables_language_and_the_host_switches_it(
    fake_discord, bot_process
):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    ann.locale = "fr"
    general = emu.channel("general")
    challenge = await (await ann.slash(general, "graps start", opponent=bob)).message()
    said = _(
        "Language of the table: {language} (the host can change it below).",
        language=NAMES["fr"],
    )
    assert translate(said, "fr") in challenge.text
    menu = next(s.custom_id for s in challenge.selects() if s.custom_id.endswith(":language"))
    game = lobby_game(challenge)
    assert menu == f"s:{game}:0:language"

    refused = await (await bob.select(challenge, menu, ["en"])).message()
    assert refused.ephemeral
    assert refused.text == "Only the host can change the language of the table."

    await (await ann.select(challenge, menu, ["de"])).ack()
    opening = _(
        "**{game}**: {host} challenges {opponent}.",
        game="Graps",
        host=f"<@{ann.id}>",
        opponent=f"<@{bob.id}>",
    )
    await challenge.wait_until(lambda m: m.text.startswith(translate(opening, "de")))
    assert translate(_p("button", "Accept"), "de") in [b.label for b in challenge.buttons()]
    assert game_languages(bot_process.database_path) == ["de"]
    await (await bob.click(challenge, f"g:{game}:0:accept_game")).ack()
    await challenge.wait_until(lambda m: not m.selects())
    assert game_languages(bot_process.database_path) == ["de"]


async def test_synced_commands_carry_their_names_in_three_languages(fake_discord, bot_process):
    # The emulator refuses a sync whose localisations break Discord's limits (names of
    # 1 to 32 lowercase characters without spaces, descriptions of 1 to 100), as Discord does.
    listing = fake_discord.commands.listing(fake_discord.guild_id)
    assert listing
    for command in listing:
        localised = command.get("description_localizations") or {}
        assert set(localised) >= {"fr", "it", "de"}, command["name"]
    by_name = {command["name"]: command for command in listing}
    assert by_name["language"]["name_localizations"] == {
        "fr": "langue",
        "it": "lingua",
        "de": "sprache",
    }
    assert "name_localizations" not in by_name["ping"] or not by_name["ping"]["name_localizations"]
    grass = by_name["grass"]["options"]
    hand = next(o for o in grass if o["name"] == "hand")
    assert hand["name_localizations"] == {"fr": "main", "it": "mano"}  # German: "hand" too
    start = next(o for o in grass if o["name"] == "start")
    language = next(o for o in start["options"] if o["name"] == "language")
    assert {c["name"] for c in language["choices"]} == {
        "English",
        "Français",
        "Italiano",
        "Deutsch",
    }


async def test_a_lobby_cancelled_or_a_challenge_declined_says_so_in_the_games_language(
    fake_discord, bot_process
):
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    general = emu.channel("general")
    lobby = await (await ann.slash(general, "grass start", language="fr")).message()
    await (await ann.click(lobby, "Annuler")).ack()
    cancelled = translate(
        _("~~{game} lobby~~: cancelled by {player}.", game="Grass", player=f"<@{ann.id}>"),
        "fr",
    )
    await lobby.wait_until(lambda m: m.content == cancelled and not m.buttons())
    challenge = await (
        await ann.slash(general, "graps start", opponent=bob, language="de")
    ).message()
    await (await bob.click(challenge, "Ablehnen")).ack()
    declined = translate(
        _(
            "~~{game} challenge~~: {player} declined {host}'s challenge.",
            game="Graps",
            player=f"<@{bob.id}>",
            host=f"<@{ann.id}>",
        ),
        "de",
    )
    await challenge.wait_until(lambda m: m.content == declined and not m.buttons())


async def test_answers_are_private_until_shared_in_the_public_answers_language(
    fake_discord, bot_process
):
    emu = fake_discord
    ann, dee = emu.user("ann"), emu.user("dee", manage_guild=True)
    ann.locale = "fr"
    general = emu.channel("general")
    nothing_yet = _("{player} has no finished game on this server yet.", player=f"<@{ann.id}>")

    answer = await (await ann.slash(general, "stats")).message()
    assert answer.ephemeral and answer.content == translate(nothing_yet, "fr")
    share = translate(_p("button", "Share"), "fr")
    assert [b.custom_id for b in answer.buttons()] == [f"share:stats:{ann.id}:"]
    shared = await (await ann.click(answer, share)).message()
    # The same answer, now for the channel, in the sharer's language (no server setting).
    assert not shared.ephemeral and shared.content == translate(nothing_yet, "fr")
    assert not shared.buttons()
    assert shared in general.messages()

    await (await dee.slash(general, "settings language", language="de")).message()
    await bot_process.stop()  # a Share button still works after a restart
    await bot_process.start()
    shared = await (await ann.click(answer, share)).message()
    assert shared.content == translate(nothing_yet, "de")  # the server chose German

    board = await (await ann.slash(general, "scoreboard")).message()
    assert board.ephemeral
    assert [b.custom_id for b in board.buttons()] == ["share:boards:all:0"]

    game = await (await ann.slash(general, "graps start", ai="easy")).message()
    await game.wait_until(lambda m: bool(m.buttons()))
    scores = await (await ann.slash(general, "graps scores")).message()
    assert scores.ephemeral and scores.images()
    shared = await (await ann.click(scores, share)).message()
    assert not shared.ephemeral and shared.images() and shared in general.messages()


async def test_computer_seats_and_pictures_descriptions_speak_the_readers_words(
    fake_discord, bot_process
):
    emu = fake_discord
    ann = emu.user("ann")
    ann.locale = "fr"
    general = emu.channel("general")
    lobby = await (await ann.slash(general, "grass start")).message()
    await (await ann.click(lobby, f"g:{lobby_game(lobby)}:0:ai_hard")).ack()
    robot = _("Robot {number} ({level})", number=1, level=_p("level", "hard"))
    shown = markdown_safe(translate(robot, "fr"))
    assert shown == "Robot 1 \\(difficile\\)"
    await lobby.wait_until(lambda m: shown in m.content)
    # The stored name stays the replay notation's: English.
    with sqlite3.connect(bot_process.database_path) as db:
        assert [row[0] for row in db.execute("SELECT name FROM seats WHERE user_id < 0")] == [
            "Robot 1 (hard)"
        ]

    # The hand's picture is described in French, its channel named, nobody's id read out.
    await (await ann.click(lobby, f"g:{lobby_game(lobby)}:0:start")).ack()
    hand = await emu.wait_for(lambda: next((m for m in ann.dm_messages() if m.images()), None))
    described = hand.attachments[0].description or ""
    assert described.startswith("Ta main de Grass"), described
    assert "#general" in described and "quelqu'un" not in described
    # The Graps board's description names the computer seat in French too.
    other = emu.channel("annexe")
    await (await ann.slash(other, "graps start", ai="easy")).message()
    board = await emu.wait_for(
        lambda: next((m for m in ann.dm_messages() if "Graps" in m.text and m.images()), None)
    )
    assert board.attachments[0].description == (
        "Plateau de Graps, coup 0\xa0: ann (foncé)\xa0: aucun pion sur le plateau\xa0; Robot 1 "
        "(facile) (clair)\xa0: aucun pion sur le plateau. ann place un raisin de départ "
        "n'importe où sur la rangée 1."
    )


async def test_scores_asked_in_a_dm_come_in_the_readers_language(fake_discord, start_bot):
    await start_bot(dev_guild=False)  # commands everywhere, DMs too
    emu = fake_discord
    ann, bob = emu.user("ann"), emu.user("bob")
    bob.locale = "fr"
    general = emu.channel("general")
    game = await (await ann.slash(general, "graps start", opponent=bob, language="de")).message()
    await (await bob.click(game, f"g:{lobby_game(game)}:0:accept_game")).ack()
    await game.wait_until(
        lambda m: not any(b.custom_id.endswith("accept_game") for b in m.buttons())
    )
    sheet = await (await bob.slash(bob.dm_channel(), "graps scores")).message()
    # The table speaks German; bob reads his own answer in French, with nothing to share.
    assert sheet.ephemeral and not sheet.buttons() and sheet.images()
    number = _("game {number}", number=int(lobby_game(game)))
    head = translate(number, "fr")
    assert head != translate(number, "de")
    assert sheet.content.startswith(f"**Graps** {head}: "), sheet.content
