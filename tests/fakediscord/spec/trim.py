"""Writes `requests.json` beside this file: the request bodies of the routes the emulator
serves, as Discord's published API description states them (discord/discord-api-spec,
`specs/openapi.json`), with only the schemas they reach.

    python -m tests.fakediscord.spec.trim path/to/openapi.json

Run it again when Discord's description changes; the emulator reads the result
(tests/fakediscord/spec/__init__.py). The routes' paths are written with their
parameters blanked ("/channels/{}/messages"), as the emulator matches them."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
PARAMETER = re.compile(r"\{[^}]*\}")
# A JSON body wherever the description gives several encodings: discord.py sends JSON,
# or a multipart form whose `payload_json` part is that same JSON.
JSON = "application/json"


def blank(path: str) -> str:
    return PARAMETER.sub("{}", path)


def _refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"]} if isinstance(node.get("$ref"), str) else set()
        for value in node.values():
            found |= _refs(value)
        return found
    if isinstance(node, list):
        return set().union(*map(_refs, node)) if node else set()
    return set()


def trimmed(spec: dict[str, Any]) -> dict[str, Any]:
    operations: dict[str, Any] = {}
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if body and JSON in body.get("content", {}):
                operations[f"{method.upper()} {blank(path)}"] = body["content"][JSON]["schema"]
    schemas = spec["components"]["schemas"]
    kept: dict[str, Any] = {}
    todo = _refs(operations)
    while todo:
        ref = todo.pop()
        name = ref.rsplit("/", 1)[-1]
        if name not in kept:
            kept[name] = schemas[name]
            todo |= _refs(schemas[name])
    # Discord takes a snowflake as a number as well as a string, though the description
    # says string; discord.py sends the ids of new attachments as numbers.
    kept["SnowflakeType"] = {"anyOf": [kept["SnowflakeType"], {"type": "integer", "minimum": 0}]}
    return {
        "source": "discord/discord-api-spec specs/openapi.json (MIT licence, LICENSE here)",
        "version": spec["info"].get("version"),
        "operations": dict(sorted(operations.items())),
        "components": {"schemas": dict(sorted(kept.items()))},
    }


def main(argv: list[str]) -> None:
    spec = json.loads(Path(argv[1]).read_text())
    out = HERE / "requests.json"
    out.write_text(json.dumps(trimmed(spec), indent=0, sort_keys=False) + "\n")
    print(f"{out}: {out.stat().st_size} bytes")


if __name__ == "__main__":
    main(sys.argv)
