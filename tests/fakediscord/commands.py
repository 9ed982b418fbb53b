"""Application commands: the JSON the bot synced (global and per guild), and slash commands typed
by a player built from it, refused as Discord's client refuses them: unknown command, unknown
or missing required option, wrong type, value out of range, value not among the choices."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord.core import ApiError, CommandRefused, SnowflakeFactory, invalid_form
from tests.fakediscord.model import Channel, User

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
PRIMARY_ENTRY_POINT = 4  # a command type: an Activity's launch (tests/fakediscord/activities.py)
ENTRY_POINT_REMOVED = (
    "You cannot remove this app's Entry Point command in a bulk update operation. "
    "Please include the Entry Point command in your update request or delete it separately."
)
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
TYPE_NAMES = {
    STRING: "text",
    INTEGER: "a whole number",
    BOOLEAN: "true or false",
    USER: "a user",
    CHANNEL: "a channel",
    ROLE: "a role",
    MENTIONABLE: "a user or role",
    NUMBER: "a number",
    ATTACHMENT: "a file",
}
MAX_SAFE = 2**53
LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)
"""The locales Discord accepts in `*_localizations`."""


def _check_localisations(what: str, raw: dict[str, Any], name_rule: bool) -> None:
    """As Discord checks them: known locales; a name lowercase without spaces, 1 to 32
    characters (`name_rule`; choices' names are 1 to 100 of anything); a description of
    1 to 100."""
    names = raw.get("name_localizations") or {}
    descriptions = raw.get("description_localizations") or {}
    for locale in (*names, *descriptions):
        if locale not in LOCALES:
            raise invalid_form(f"{what}: unknown locale {locale!r}")
    for locale, name in names.items():
        if name_rule:
            if not 1 <= len(name) <= 32 or name != name.lower() or " " in name:
                raise invalid_form(f"{what}: {locale} name must be 1-32 lower case: {name!r}")
        elif not 1 <= len(name) <= 100:
            raise invalid_form(f"{what}: {locale} choice name must be 1-100: {name!r}")
    for locale, description in descriptions.items():
        if not 1 <= len(description) <= 100:
            raise invalid_form(f"{what}: {locale} description must be 1-100: {description!r}")


@dataclass
class Invocation:
    """A command typed by a player, checked: the interaction `data` and the resolved objects."""

    command: dict[str, Any]
    data: dict[str, Any]
    # Users and channels named in options, for the interaction's `resolved` block.
    targets: list[User | Channel] = field(default_factory=list)


class CommandStore:
    def __init__(self, application_id: int, ids: SnowflakeFactory) -> None:
        self.application_id = application_id
        self.ids = ids
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.syncs = 0

    def overwrite(self, guild_id: int | None, commands: Any) -> list[dict[str, Any]]:
        """PUT: replaces the whole set (keeping ids of commands whose name stays)."""
        if not isinstance(commands, list) or len(commands) > 100:
            raise invalid_form("a bulk overwrite takes a list of at most 100 commands")
        _check_entry_point(self.listing(guild_id), commands, guild_id)
        old = {(c["name"], c["type"]): c for c in self.listing(guild_id)}
        names: set[tuple[str, int]] = set()
        stored = []
        for raw in commands:
            key = (str(raw.get("name")), int(raw.get("type") or 1))
            command = self._normalise(raw, guild_id, old.get(key))
            key = (command["name"], command["type"])
            if key in names:
                raise invalid_form(f"duplicate command name {command['name']!r}")
            names.add(key)
            stored.append(command)
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        self.syncs += 1
        return stored

    def upsert(self, guild_id: int | None, raw: Any) -> dict[str, Any]:
        key = (raw.get("name"), int(raw.get("type") or 1))
        current = [c for c in self.listing(guild_id) if (c["name"], c["type"]) != key]
        self.overwrite(guild_id, [*current, raw])
        return next(c for c in self.listing(guild_id) if (c["name"], c["type"]) == key)

    def listing(self, guild_id: int | None) -> list[dict[str, Any]]:
        return self.global_commands if guild_id is None else self.guild_commands.get(guild_id, [])

    def known(self) -> bool:
        """The bot synced commands (the Entry Point command is Discord's own)."""
        mine = [c for c in self.global_commands if c["type"] != PRIMARY_ENTRY_POINT]
        return bool(mine) or any(self.guild_commands.values())

    def _normalise(
        self, raw: Any, guild_id: int | None, previous: dict[str, Any] | None
    ) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise invalid_form("a command is an object")
        name = raw.get("name")
        kind = int(raw.get("type", 1))
        if not isinstance(name, str) or not 1 <= len(name) <= 32:
            raise invalid_form(f"command name must be 1 to 32 characters: {name!r}")
        if kind == 1 and (name != name.lower() or " " in name):
            raise invalid_form(f"slash command names are lower case without spaces: {name!r}")
        if kind == 1 and not 1 <= len(str(raw.get("description", ""))) <= 100:
            raise invalid_form(f"command {name!r} needs a description of 1 to 100 characters")
        _check_localisations(f"command {name!r}", raw, name_rule=kind == 1)
        _check_options(name, raw.get("options") or [])
        command = dict(raw)
        command.update(
            id=previous["id"] if previous else str(self.ids.next()),
            application_id=str(self.application_id),
            version=str(self.ids.next()),
            type=kind,
            default_member_permissions=raw.get("default_member_permissions"),
        )
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    def find(self, path: str, guild_id: int | None) -> tuple[dict[str, Any], bool]:
        """The slash command a player can use here (guild commands first, then global)."""
        top = path.split()[0]
        if guild_id is not None:
            for c in self.guild_commands.get(guild_id, []):
                if c["name"] == top and c["type"] == 1:
                    return c, True
        for c in self.global_commands:
            if c["name"] == top and c["type"] == 1:
                if guild_id is None and not _usable_in_dms(c):
                    raise CommandRefused(f"/{top} cannot be used in direct messages")
                return c, False
        known = sorted({c["name"] for c in self.global_commands} | _guild_names(self, guild_id))
        raise CommandRefused(f"no command /{path} here (synced commands: {known})")

    def invocation(
        self, path: str, guild_id: int | None, values: dict[str, Any], *, focused: str | None = None
    ) -> Invocation:
        """Builds the interaction data for `/path` with option values (autocomplete when
        `focused` names the option being typed: no required-option or choice checks then)."""
        command, is_guild = self.find(path, guild_id)
        words = path.split()
        options_spec: list[dict[str, Any]] = command.get("options") or []
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
        if is_guild:
            data["guild_id"] = command["guild_id"]
        container: list[dict[str, Any]] = []
        data["options"] = container
        for depth, word in enumerate(words[1:], start=1):
            sub = next(
                (
                    o
                    for o in options_spec
                    if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                raise CommandRefused(f"/{' '.join(words[:depth])} has no subcommand {word!r}")
            inner: list[dict[str, Any]] = []
            container.append({"name": word, "type": sub["type"], "options": inner})
            container, options_spec = inner, sub.get("options") or []
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options_spec):
            names = [o["name"] for o in options_spec]
            raise CommandRefused(f"/{path} needs a subcommand, one of {names}")
        invocation = Invocation(command=command, data=data)
        container.extend(_fill_options(path, options_spec, values, focused, invocation.targets))
        return invocation


def _check_entry_point(
    current: list[dict[str, Any]], commands: list[Any], guild_id: int | None
) -> None:
    """Discord's rules for the Entry Point command (type 4) of an app with Activities:
    global only, one, and a bulk overwrite that would drop it is refused (50240)."""
    entries = [c for c in commands if isinstance(c, dict) and c.get("type") == PRIMARY_ENTRY_POINT]
    if entries and guild_id is not None:
        raise invalid_form("an Entry Point command can only be a global command")
    if len(entries) > 1:
        raise invalid_form("an application has at most one Entry Point command")
    had = [c for c in current if c["type"] == PRIMARY_ENTRY_POINT]
    if had and not entries:
        raise ApiError(400, 50240, ENTRY_POINT_REMOVED)
    if had and entries and entries[0].get("id") not in (None, had[0]["id"]):
        raise invalid_form("the Entry Point command's id is not this app's Entry Point command")


def _guild_names(store: CommandStore, guild_id: int | None) -> set[str]:
    return (
        {c["name"] for c in store.guild_commands.get(guild_id, [])}
        if guild_id is not None
        else set()
    )


def _usable_in_dms(command: dict[str, Any]) -> bool:
    contexts = command.get("contexts")
    if contexts is not None:
        return 1 in contexts
    return command.get("dm_permission") is not False


def _check_options(name: str, options: list[dict[str, Any]]) -> None:
    if len(options) > 25:
        raise invalid_form(f"command {name!r} has more than 25 options")
    seen_optional = False
    for o in options:
        if (
            not 1 <= len(str(o.get("name", ""))) <= 32
            or not 1 <= len(str(o.get("description", ""))) <= 100
        ):
            raise invalid_form(
                f"option of {name!r} needs a name (1-32) and description (1-100): {o!r}"
            )
        _check_localisations(f"option {o.get('name')!r} of {name!r}", o, name_rule=True)
        for choice in o.get("choices") or []:
            _check_localisations(f"a choice of {o.get('name')!r}", choice, name_rule=False)
        if o.get("choices") and o.get("autocomplete"):
            raise invalid_form(f"option {o['name']!r} cannot have both choices and autocomplete")
        if len(o.get("choices") or []) > 25:
            raise invalid_form(f"option {o['name']!r} has more than 25 choices")
        if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            _check_options(f"{name} {o['name']}", o.get("options") or [])
        elif o.get("required"):
            if seen_optional:
                raise invalid_form(
                    f"required option {o['name']!r} of {name!r} after an optional one"
                )
        else:
            seen_optional = True


def _fill_options(
    path: str,
    spec: list[dict[str, Any]],
    values: dict[str, Any],
    focused: str | None,
    targets: list[User | Channel],
) -> list[dict[str, Any]]:
    by_name = {o["name"]: o for o in spec}
    for name in values:
        if name not in by_name:
            raise CommandRefused(f"/{path} has no option {name!r} (options: {sorted(by_name)})")
    if focused is not None and focused not in by_name:
        raise CommandRefused(f"/{path} has no option {focused!r}")
    if focused is not None and not by_name[focused].get("autocomplete"):
        raise CommandRefused(f"option {focused!r} of /{path} has no autocomplete")
    out = []
    for o in spec:
        name = o["name"]
        if name == focused:
            out.append(
                {
                    "name": name,
                    "type": o["type"],
                    "value": str(values.get(name, "")),
                    "focused": True,
                }
            )
        elif name in values:
            raw = values[name]
            if isinstance(raw, User | Channel):
                targets.append(raw)
            value = _check_value(path, o, raw) if focused is None else _plain(raw)
            out.append({"name": name, "type": o["type"], "value": value})
        elif o.get("required") and focused is None:
            raise CommandRefused(f"/{path} needs the option {name!r}")
    return out


def _check_value(path: str, option: dict[str, Any], value: Any) -> Any:
    """The option value as Discord sends it, or CommandRefused for what its client rejects."""
    kind, name = option["type"], option["name"]
    wrong = CommandRefused(
        f"option {name!r} of /{path} takes {TYPE_NAMES.get(kind, kind)}, not {value!r}"
    )
    if kind == STRING:
        if not isinstance(value, str):
            raise wrong
        low, high = int(option.get("min_length", 0)), int(option.get("max_length", 6000))
        if not low <= len(value) <= high:
            raise CommandRefused(f"option {name!r} of /{path} takes {low} to {high} characters")
    elif kind in (INTEGER, NUMBER):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise wrong
        if kind == INTEGER and not isinstance(value, int):
            raise wrong
        low, high = option.get("min_value", -MAX_SAFE), option.get("max_value", MAX_SAFE)
        if not low <= value <= high:
            raise CommandRefused(f"option {name!r} of /{path} takes {low} to {high}, not {value}")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise wrong
    elif kind in (USER, MENTIONABLE):
        if not isinstance(value, User):
            raise wrong
        return str(value.id)
    elif kind == CHANNEL:
        if not isinstance(value, Channel) or value.guild_id is None:
            raise wrong
        kinds = option.get("channel_types")
        if kinds and value.kind not in kinds:
            raise CommandRefused(f"option {name!r} of /{path} takes channels of types {kinds}")
        return str(value.id)
    else:
        raise CommandRefused(f"option type {kind} of {name!r} is not emulated")
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        names = [c["value"] for c in choices]
        raise CommandRefused(f"option {name!r} of /{path} must be one of {names}, not {value!r}")
    return value


def _plain(value: Any) -> Any:
    """Other options of an autocomplete interaction arrive as typed so far (ids for objects)."""
    return str(value.id) if isinstance(value, User | Channel) else value
