"""games/registry.py: the one list of game kinds, its entries checked when made, and
the words of its refusals (a replay file naming a game this installation lacks)."""

from __future__ import annotations

import pytest

from games import registry
from games.ai.grass_easy import GrassEasy
from games.ai.grass_hard import GrassHard
from games.graps import Graps
from games.protocol import StateFormatError
from games.registry import Kind, Level


@pytest.mark.parametrize("name", ["Grass", "", "1x", "a-b"])
def test_a_kinds_name_is_a_lowercase_identifier(name: str) -> None:
    with pytest.raises(ValueError) as refused:
        Kind(name, "games.graps:Graps")
    assert str(refused.value) == f"a kind's name is a lowercase identifier, not {name!r}"


@pytest.mark.parametrize(
    ("engine", "computer", "bad"),
    [
        ("nocolon", None, "nocolon"),
        ("a:b:c", None, "a:b:c"),
        ("games.graps:Graps", {Level.EASY: "a:b:c"}, "a:b:c"),
    ],
)
def test_every_part_is_named_as_module_colon_attribute(engine, computer, bad) -> None:
    with pytest.raises(ValueError) as refused:
        Kind("x", engine, computer)
    assert str(refused.value) == f"{bad!r} is not of the form module:attr"


def test_an_entry_fills_in_its_packages_and_finds_its_parts() -> None:
    bare = Kind("x", "games.graps:Graps")
    assert (bare.render, bare.bot, bare.seats, bare.iterations) == (
        "render.x",
        "bot.exts.x",
        2,
        100,
    )
    assert bare.levels == () and bare.computer_factory(Level.EASY) is None
    with pytest.raises(ValueError) as refused:
        bare.engine_class()
    assert str(refused.value) == "the x entry names the engine of graps"
    grass = registry.get("grass")
    assert grass.levels == (Level.RANDOM, Level.EASY, Level.HARD)
    assert grass.computer_factory(Level.RANDOM) is None  # the same for every kind
    assert grass.computer_factory(Level.EASY) is GrassEasy
    assert grass.computer_factory(Level.HARD) is GrassHard
    assert grass.render_package().__name__ == "render.grass"
    assert registry.game_class("graps") is Graps
    easy_only = Kind("x", "games.graps:Graps", {Level.EASY: "games.ai.graps_easy:GrapsEasy"})
    assert easy_only.levels == (Level.RANDOM, Level.EASY)


def test_the_projects_games_are_listed_in_order_and_all_import() -> None:
    assert registry.kind_names() == ("grass", "gracias", "graps")
    assert [kind.name for kind in registry.kinds()] == ["grass", "gracias", "graps"]
    assert registry.available_kinds() == ["grass", "gracias", "graps"]
    assert [(k.seats, k.iterations) for k in registry.BUILT_IN] == [(4, 100), (4, 200), (2, 100)]


@pytest.mark.parametrize("name", ["chess", 3, None])
def test_an_unknown_kind_is_refused_naming_the_known_ones(name: object) -> None:
    with pytest.raises(StateFormatError) as refused:
        registry.get(name)
    assert str(refused.value) == f"unknown game {name!r}; known games: grass, gracias, graps"


def test_a_kind_registers_once_for_a_while_and_the_projects_stay() -> None:
    extra = Kind("extra", "games.graps:Graps")
    with registry.registered(extra):
        assert registry.get("extra") is extra and registry.kind_names()[-1] == "extra"
        with pytest.raises(ValueError) as twice:
            registry.register(Kind("extra", "games.graps:Graps"))
        assert str(twice.value) == "the game kind extra is registered twice"
    assert "extra" not in registry.kind_names()
    with pytest.raises(ValueError) as kept:
        registry.unregister("grass")
    assert str(kept.value) == "grass is one of this project's games"


class Extra(Graps):
    """A kind from outside the project: Graps under another name."""

    kind = "extra"


def test_a_kind_whose_engine_does_not_import_is_not_available() -> None:
    with registry.registered(Kind("ghost", "games.no_such_module:Ghost")):
        assert "ghost" in registry.kind_names()
        assert registry.available_kinds() == ["grass", "gracias", "graps"]
        # A kind registered after the missing one is still found.
        with registry.registered(Kind("extra", f"{__name__}:Extra")):
            assert registry.available_kinds() == ["grass", "gracias", "graps", "extra"]
            assert registry.kind_names()[-2:] == ("ghost", "extra")


def test_a_kinds_computer_levels_are_fixed_when_it_is_made() -> None:
    levels = {Level.EASY: "games.ai.graps_easy:GrapsEasy"}
    kind = Kind("x", "games.graps:Graps", levels)
    levels[Level.HARD] = "games.ai.graps_hard:GrapsHard"  # the caller's dict changes later
    assert kind.levels == (Level.RANDOM, Level.EASY)
    assert kind.computer is not None and dict(kind.computer) == {
        Level.EASY: "games.ai.graps_easy:GrapsEasy"
    }
    with pytest.raises(TypeError):
        kind.computer[Level.HARD] = "games.ai.graps_hard:GrapsHard"  # type: ignore[index]
