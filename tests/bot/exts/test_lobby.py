"""Engine names from Discord display names (the engine knows players by name; the
seats table maps them back to user ids)."""

from __future__ import annotations

from bot.core.gameui import Control
from bot.core.tables import MAX_NAME, unique_names


def test_names_are_made_unique_in_join_order():
    assert unique_names(["ann", "ann", "bob", "ann"]) == ["ann", "ann 2", "bob", "ann 3"]


def test_markdown_mentions_and_blank_names_are_cleaned():
    names = unique_names(["**bob**", "<@123>", "   ", "a" * 40, "cy\n\tdee", "eve\u202eyaf"])
    assert names == ["bob", "123", "player", "a" * MAX_NAME, "cy dee", "eveyaf"]


def test_the_longest_display_name_discord_allows_is_kept_whole():
    longest = "Zoë Weißenfels-Brandstätter-Lenz"  # 32 characters, Discord's most
    assert len(longest) == 32
    assert unique_names([longest, longest]) == [longest, f"{longest} 2"]


def test_control_ids_round_trip_and_refuse_what_discord_would_not_carry():
    control = Control(12, 34, "target", ("bust", "2"))
    assert control.custom_id() == "g:12:34:target:bust:2"
    assert control.custom_id("s").startswith("s:12:34:")
    for bad in (Control(1, 0, "Bad Verb"), Control(1, 0, "play", ("x" * 120,))):
        try:
            bad.custom_id()
        except ValueError:
            continue
        raise AssertionError(f"{bad} should not make a custom id")
