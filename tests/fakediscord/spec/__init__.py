"""The bot's requests checked against Discord's published API description: each request
body the emulator reads is validated against the schema Discord states for its route
(requests.json, written by trim.py from discord/discord-api-spec), so a field Discord
does not know, a wrong type or a component that does not exist is refused as Discord
would refuse it, with 400 Invalid Form Body and the path of what was wrong."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

SPEC = Path(__file__).parent / "requests.json"
PARAMETER = re.compile(r"\{[^}]*\}")
API_PREFIX = "/api/v10"


@functools.cache
def _document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(SPEC.read_text())
    return document


def _schema(operation: str) -> dict[str, Any] | None:
    """The operation's schema as the root, beside the schemas its "#/components/..."
    references point at."""
    document = _document()
    schema = document["operations"].get(operation)
    return None if schema is None else {**schema, "components": document["components"]}


@functools.cache
def _checker(operation: str) -> Any:
    """The fast check, compiled in Rust (about 2 us a body, against 3 ms in Python): the
    emulator reads every request the bot sends."""
    schema = _schema(operation)
    return None if schema is None else jsonschema_rs.Draft202012Validator(schema)


@functools.cache
def _validator(operation: str) -> Draft202012Validator | None:
    """The slow check, which says what is wrong in words, for a body the fast one
    refused."""
    schema = _schema(operation)
    return None if schema is None else Draft202012Validator(schema)


def operation(method: str, route: str) -> str:
    """The description's key for a route the emulator serves ("POST /channels/{}/messages")."""
    path = route.removeprefix(API_PREFIX)
    return f"{method.upper()} {PARAMETER.sub('{}', path)}"


def problem(method: str, route: str, body: Any) -> str | None:
    """What Discord's description finds wrong in a request body, or None: it fits, or the
    route has no body described."""
    key = operation(method, route)
    checker = _checker(key)
    if checker is None or checker.is_valid(body):
        return None
    validator = _validator(key)
    if validator is None:
        return None
    # Not jsonschema's best_match: it descends into a choice by its own relevance, which
    # picks a type the component is not.
    error = next(iter(validator.iter_errors(body)), None)
    if error is None:  # the two checks disagree: the fast one's own words
        return "body: " + str(next(iter(checker.iter_errors(body))))[:300]
    return _said(_meant(error))


def _meant(error: ValidationError) -> ValidationError:
    """Within a choice of schemas (a component of any type, a choice's value of any
    type), the error of the one the body meant: not those whose `type` it is not, nor
    a bare null; of the rest, the one it comes closest to (the fewest errors)."""
    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.schema_path[0], []).append(sub)
        meant = [errors for errors in branches.values() if not any(map(_not_this, errors))]
        if not meant:
            break
        closest = min(meant, key=len)
        error = max(closest, key=lambda e: len(e.absolute_path))
    return error


def _not_this(error: ValidationError) -> bool:
    """The error says the body is another kind of thing: another component type, or not
    null where null alone was allowed."""
    here = list(error.relative_path)
    return here == ["type"] or (here == [] and error.validator == "type")


def _said(error: ValidationError) -> str:
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    words = error.message
    if len(words) > 160:  # it quotes a long value: the rule alone says enough
        words = f"breaks {error.validator} {error.validator_value!r}"[:160]
    return f"body{where}: {words}"
