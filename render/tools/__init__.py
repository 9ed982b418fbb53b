"""Tools for people, not used by the bot: the gallery of every image kind
(`python -m render.tools.gallery OUT_DIR`, `make gallery`), the renderers' speed
(`python -m render.tools.bench`, part of `make bench`) and the shared PNG palette
(`python -m render.tools.make_palette`). seeded.py plays the seeded games they draw.

Every game kind in games/registry.py brings its own pictures: its render package's
gallery.py (`pictures()` for the gallery, `bench_cases()` for the bench) and
samples.py (`palette_parts()` for the palette), found through `render.kind_package`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from games.registry import available_kinds
from render import kind_package


def kind_modules(module: str) -> list[ModuleType]:
    """`module` ("gallery", "samples") of every game kind's render package, in the
    registry's order. A kind drawn by one module rather than a package (a kind from
    outside the project, such as the tests' tic-tac-toe) offers its parts in it."""
    found = []
    for kind in available_kinds():
        package = importlib.import_module(kind_package(kind))
        if hasattr(package, "__path__"):
            found.append(importlib.import_module(f"{package.__name__}.{module}"))
        else:
            found.append(package)
    return found
