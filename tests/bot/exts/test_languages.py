"""Languages through the emulator: `/language` and `/settings language` change what
comes next and survive a restart; a new game's language comes from its option, the
server's setting or the server's Discord locale; the synced commands carry their
French, Italian and German names within Discord's limits."""

from __future__ import annotations

import sqlite3

from bot.core.language import slash
from games.text import _
from lang import translate

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


async def test_a_new_games_language_comes_from_its_option_the_server_or_discord(
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
    await (await ann.slash(emu.channel("tavolo", server=italian), "gracias start")).message()
    assert game_languages(proc.database_path) == ["en", "de", "fr", "it"]


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
