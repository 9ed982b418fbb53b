"""The `Screen` protocol (bot/core/screen.py), the one way the game services reach what
players see, holds both ways: the publisher (bot/core/publisher.py) and the services'
test screen (tests/bot/core/harness.py `RecordingScreen`) provide every method it
declares with its very parameters (names, kinds, defaults) and the same async-ness, so
neither drifts from it; and the services (sessions, tables, lobbies, turns, take-back
requests) call the screen only through methods it declares, found by walking their
source for `<...>.screen.<method>`."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import bot.core.lobbies
import bot.core.sessions
import bot.core.tables
import bot.core.takeback_requests
import bot.core.turns
from bot.core.publisher import Publisher
from bot.core.screen import Screen
from tests.bot.core.harness import RecordingScreen

SERVICES: tuple[ModuleType, ...] = (
    bot.core.sessions,
    bot.core.tables,
    bot.core.lobbies,
    bot.core.turns,
    bot.core.takeback_requests,
)


def declared() -> dict[str, Any]:
    """The protocol's methods, by name."""
    return {
        name: value
        for name, value in vars(Screen).items()
        if inspect.isfunction(value) and not name.startswith("_")
    }


def parameters(function: Any) -> list[tuple[str, Any, Any]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


def screen_calls(source: str) -> set[str]:
    """The names used on a screen: `x.screen.<name>`, `self.tables.screen.<name>`, or
    `screen.<name>` on a variable named so."""
    used = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if (isinstance(owner, ast.Attribute) and owner.attr == "screen") or (
            isinstance(owner, ast.Name) and owner.id == "screen"
        ):
            used.add(node.attr)
    return used


def test_the_protocol_declares_what_the_services_may_ask_to_show():
    assert set(declared()) == {
        "prefetch",
        "publish",
        "refresh",
        "say",
        "remind",
        "update_hands",
        "flush",
        "close_lobby",
        "edit_lobby",
    }


@pytest.mark.parametrize("screen", [Publisher, RecordingScreen], ids=lambda c: c.__name__)
def test_a_screen_provides_every_method_with_the_protocols_signature(screen):
    for name, method in declared().items():
        provided = getattr(screen, name, None)
        assert provided is not None, f"{screen.__name__} has no {name}"
        assert parameters(provided) == parameters(method), f"{screen.__name__}.{name}"
        assert inspect.iscoroutinefunction(provided) == inspect.iscoroutinefunction(method), (
            f"{screen.__name__}.{name}: async or not, as the protocol says"
        )


@pytest.mark.parametrize("service", SERVICES, ids=lambda m: m.__name__.rpartition(".")[2])
def test_a_service_calls_the_screen_only_through_the_protocol(service):
    assert service.__file__ is not None
    used = screen_calls(Path(service.__file__).read_text(encoding="utf-8"))
    assert used, f"{service.__name__} shows nothing: is the walk still finding its calls?"
    assert used <= set(declared()), f"{service.__name__} calls {used - set(declared())}"


def test_the_walk_finds_screen_calls_however_the_screen_is_reached():
    source = (
        "async def move(self, tables, session):\n"
        "    await self.screen.publish(session, [], ())\n"
        "    await tables.screen.shout(session)\n"
        "    screen = self.screen\n"
        "    screen.prefetch(session, [])\n"
        "    self.screens.append(session)\n"
    )
    assert screen_calls(source) == {"publish", "shout", "prefetch"}
