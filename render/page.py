"""A finished game as one web page: the replay page, a single HTML file that steps
through the game's public steps (games/watch.py), drawing each step's table in HTML and
SVG with its kind's drawer (render/web/<kind>.js) and listing the moves in words.

The page holds everything it needs: the style sheets and scripts inline, the steps as
JSON, the words in the reader's language; it fetches nothing and its
Content-Security-Policy forbids it to, so it works opened from disk or from a chat's
attachment alike. Each step holds only the top-level fields of the public view that
changed since the step before (the script rebuilds the whole views): a four-hand Grass
game's 298 views are 0.65 MB of JSON whole and 0.32 MB so, its page 0.41 MB. Fields the
drawer does not read (its kind's `LEFT_OUT`) are left out. What the page shows is what
`watch` gives, so it cannot show more than the table did.
"""

from __future__ import annotations

import html
import importlib
import json
from collections.abc import Callable, Mapping
from importlib import resources
from types import ModuleType
from typing import Any

from games import registry
from games.text import Listed, Text, _, _p
from games.watch import Step, parts, watch
from lang import speaking, spoken
from render.web import JSON, plain, script

POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
"""Nothing from the network, ever: the page is whole as it is."""


def replay_page(document: Mapping[str, Any], language: str) -> str:
    """The replay page of a replay document (docs/notation.md), its words in `language`.
    The errors of `games.watch.watch` for a document that does not replay."""
    steps = watch(document)
    kind = registry.get(document.get("game"))
    web = _web_module(kind.render_package())
    left_out: frozenset[str] = getattr(web, "LEFT_OUT", frozenset())
    with speaking(language):
        # TRANSLATORS: the replay page's title; {game} is the game's name ("Grass").
        title = spoken(_("{game} replay", game=kind.engine_class().title))
        labels = _labels(getattr(web, "part_name", None))
        data: dict[str, JSON] = {
            "kind": kind.name,
            "title": title,
            "players": spoken(Text.verbatim("{players}", players=Listed(document["players"]))),
            "language": language,
            "steps": _steps(steps, left_out),
            "parts": [[found[0], found[-1]] for found in parts(steps)],
            "words": dict(web.words()) if web is not None else {},
            "labels": labels,
        }
    styles = [script("table.css"), _beside(f"{kind.name}.css"), script("replay.css")]
    scripts = [script("draw.js"), _beside(f"{kind.name}.js"), script("replay.js")]
    return _html(language, title, str(labels["noscript"]), data, styles, scripts)


def live_words(kind: str) -> dict[str, JSON]:
    """The words a kind's drawer shows beside a view (render/<kind>/web.py), for a live
    page drawing the table as the replay page does; {} for a kind without a drawer. Call
    it inside `lang.speaking`."""
    web = _web_module(registry.get(kind).render_package())
    return dict(web.words()) if web is not None else {}


def has_page(kind: str) -> bool:
    """Whether games of `kind` have a replay page: their kind draws its table in a web
    page (render/<kind>/web.py beside its pictures)."""
    return _web_module(registry.get(kind).render_package()) is not None


def _web_module(package: ModuleType) -> ModuleType | None:
    """The kind's web module (render/<kind>/web.py: its drawer's words and the view's
    fields it leaves out), None for a kind without one."""
    name = f"{package.__name__}.web"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return None


def _beside(name: str) -> str:
    """A kind's script or style sheet in render/web, "" for a kind without one."""
    found = resources.files("render.web").joinpath(name)
    return found.read_text(encoding="utf-8") if found.is_file() else ""


def _steps(steps: list[Step], left_out: frozenset[str]) -> list[JSON]:
    """Each step as the page reads it, its view as the fields that changed since the
    step before (the first step's all of them): the script rebuilds the whole views."""
    found: list[JSON] = []
    before: dict[str, JSON] = {}
    for step in steps:
        view = plain(step.view)
        assert isinstance(view, dict)
        shown = {name: value for name, value in view.items() if name not in left_out}
        changed = {
            name: value
            for name, value in shown.items()
            if name not in before or before[name] != value
        }
        before = shown
        shown_step: dict[str, JSON] = {
            "changed": changed,
            "lines": [spoken(line) for line in step.lines],
            "moment": step.moment.value,
            "actor": step.actor,
            "closed": step.closed,
        }
        if not step.lines and step.actor is not None:
            # TRANSLATORS: the replay page's words for a move that said nothing public
            # (a card passed face down): the table shows only what changed.
            shown_step["quiet"] = spoken(_("{player} moved.", player=step.actor))
        found.append(shown_step)
    return found


def _labels(part: Callable[[str], Text] | None) -> dict[str, JSON]:
    """The page's own words, in the language of the enclosing `speaking` block; a
    "{field}" left in one is filled in by the script. `part`: what a part of the game is
    called (the kind's web module's `part_name`), None for a game not played in parts."""
    return {
        # TRANSLATORS: the replay page's counter: "Step 37 of 298", one step per move.
        "step": spoken(_("Step {number} of {count}", number="{number}", count="{count}")),
        "part": spoken(part("{number}")) if part is not None else None,
        "first": spoken(_p("button", "First")),
        "back": spoken(_p("button", "Back")),
        "next": spoken(_p("button", "Next")),
        "last": spoken(_p("button", "Last")),
        # TRANSLATORS: the heading of the replay page's list of every move, in words.
        "moves": spoken(_("Moves")),
        # TRANSLATORS: the replay page's label of the game's table drawn for a step.
        "table": spoken(_("The table")),
        # TRANSLATORS: the replay page's words for its first step, the table as dealt.
        "start": spoken(_("Before the first move")),
        # TRANSLATORS: shown by the replay page in a browser that runs no scripts.
        "noscript": spoken(_("This replay needs a web browser that runs scripts.")),
    }


def _html(
    language: str, title: str, needs: str, data: JSON, styles: list[str], scripts: list[str]
) -> str:
    """The page: its style sheets, the data, then the scripts that draw it."""
    for text in (*styles, *scripts):
        if "</style" in text.lower() or "</script" in text.lower():
            raise ValueError("an inline script or style sheet would end its own element")
    # JSON holds "<" only inside strings, where "\u003c" reads the same: no "</script>"
    # or "<!--" in the data can end its element or change how it is read.
    embedded = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    style = "\n".join(text for text in styles if text)
    code = "".join(f"<script>\n{text}\n</script>\n" for text in scripts if text)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html.escape(language)}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>\n{style}\n</style>\n</head>\n<body>\n"
        f'<noscript><p class="replay-noscript">{html.escape(needs)}</p></noscript>\n'
        '<main id="replay" class="replay"></main>\n'
        f'<script type="application/json" id="replay-data">{embedded}</script>\n'
        f"{code}</body>\n</html>\n"
    )
