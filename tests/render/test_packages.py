"""Every game kind of games/registry.py has its render package (`render.kind_package`),
as it has its engine package in games/ and its package in bot/exts/: the drawing
functions the bot imports, hand-built sample views for the PNG palette, and its
pictures for the gallery and the bench, which read the kinds from the registry."""

from __future__ import annotations

import importlib
import inspect

import pytest

from games.registry import BUILT_IN, available_kinds, kind_names
from render import kind_package
from render.tools import kind_modules


def test_every_kind_is_available_so_none_is_left_out_of_the_tools() -> None:
    assert available_kinds() == list(kind_names())


@pytest.mark.parametrize("kind", [kind.name for kind in BUILT_IN])
def test_every_kind_has_a_render_package(kind: str) -> None:
    package = importlib.import_module(kind_package(kind))
    assert package.__name__ == f"render.{kind}" and package.__file__
    assert package.__file__.endswith("__init__.py")
    drawing = [getattr(package, name) for name in package.__all__]
    assert drawing and all(name.endswith("_image") for name in package.__all__)
    assert all(inspect.isfunction(function) for function in drawing)
    gallery = importlib.import_module(f"{kind_package(kind)}.gallery")
    samples = importlib.import_module(f"{kind_package(kind)}.samples")
    assert callable(gallery.pictures) and callable(gallery.bench_cases)
    assert callable(samples.palette_parts)


def test_the_tools_find_each_kind_in_the_registry_order() -> None:
    names = [module.__name__ for module in kind_modules("gallery")]
    assert names == [f"render.{kind}.gallery" for kind in kind_names()]
