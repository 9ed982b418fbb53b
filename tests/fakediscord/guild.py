"""The JSON Discord sends about the emulated guild: its members and their permissions (an
@everyone role, a Manage Server role, the attach-files denial of a channel), GUILD_CREATE,
READY, the application, and INTERACTION_CREATE with every field discord.py reads."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.fakediscord.core import (
    ADMINISTRATOR,
    ATTACH_FILES,
    EVERYONE_PERMISSIONS,
    MANAGE_EVENTS,
    MANAGE_GUILD,
    iso_time,
)
from tests.fakediscord.model import DM_CHANNEL, Channel, User
from tests.fakediscord.players import Player

if TYPE_CHECKING:
    from tests.fakediscord.emulator import FakeDiscord
    from tests.fakediscord.interactions import Interaction


def interaction_payload(emu: FakeDiscord, interaction: Interaction) -> dict[str, Any]:
    channel = interaction.channel
    body: dict[str, Any] = {
        "id": str(interaction.id),
        "application_id": str(emu.application_id),
        "type": interaction.kind,
        "token": interaction.token,
        "version": 1,
        "data": interaction.data,
        "channel_id": str(channel.id),
        "channel": channel.payload(),
        "app_permissions": str(emu.permissions(emu.bot_user, channel)),
        "locale": interaction.user.locale,
        "entitlements": [],
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if channel.guild_id is not None:
        body.update(
            guild_id=str(channel.guild_id),
            guild={
                "id": str(channel.guild_id),
                "locale": emu.guild_locale(channel.guild_id),
                "features": [],
            },
            guild_locale=emu.guild_locale(channel.guild_id),
            member=emu.member_payload(interaction.user, channel),
            authorizing_integration_owners={"0": str(channel.guild_id)},
            context=0,
        )
    else:
        body.update(
            user=interaction.user.payload(),
            authorizing_integration_owners={"0": "0"},
            context=1,
        )
    if interaction.source is not None:
        body["message"] = interaction.source.payload()
    return body


def permissions(emu: FakeDiscord, user: User, channel: Channel | None = None) -> int:
    if user.id == emu.owner.id:
        return (1 << 53) - 1
    value = EVERYONE_PERMISSIONS
    if isinstance(user, Player) and user.manage_guild:
        value |= MANAGE_GUILD
    if isinstance(user, Player) and user.manage_events:
        value |= MANAGE_EVENTS
    if user is emu.bot_user:
        value |= emu.bot_granted  # its role on the server (the invite's permissions)
    if channel is not None and channel.parent is not None:
        channel = channel.parent  # a thread has its channel's permissions
    if channel is not None and channel.kind != DM_CHANNEL and not channel.attach_files:
        value &= ~ATTACH_FILES
    if channel is not None and user is emu.bot_user:
        value &= ~channel.bot_denied
    return value & ~ADMINISTRATOR


def member_payload(emu: FakeDiscord, user: User, channel: Channel | None = None) -> dict[str, Any]:
    roles = [str(emu.manager_role_id)] if isinstance(user, Player) and user.manage_guild else []
    return {
        "user": user.payload(),
        "roles": roles,
        "joined_at": iso_time(1700000000),
        "nick": None,
        "avatar": None,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "permissions": str(emu.permissions(user, channel)),
    }


def guild_payload(emu: FakeDiscord, guild_id: int) -> dict[str, Any]:
    members = [emu.bot_user, emu.owner, *emu.players.values()]
    everyone = {
        "id": str(guild_id),
        "name": "@everyone",
        "permissions": str(EVERYONE_PERMISSIONS),
    }
    managers = {
        "id": str(emu.manager_role_id),
        "name": "Managers",
        "permissions": str(MANAGE_GUILD),
    }
    return {
        "id": str(guild_id),
        "name": "Emulated Server" if guild_id == emu.guild_id else f"Emulated Server {guild_id}",
        "icon": None,
        "owner_id": str(emu.owner.id),
        "unavailable": False,
        "member_count": len(members),
        "large": False,
        "features": [],
        "preferred_locale": emu.guild_locale(guild_id),
        "roles": [
            {
                **role,
                "position": i,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
            }
            for i, role in enumerate((everyone, managers))
        ],
        "emojis": [],
        "stickers": [],
        "channels": [c.payload() for c in emu.channels.values() if c.guild_id == guild_id],
        "threads": [],
        "members": [emu.member_payload(m) for m in members],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": emu.events.guild_payloads(guild_id),
        "joined_at": iso_time(1700000000),
    }


def ready_payload(
    emu: FakeDiscord, session_id: str, shard: Any, guild_ids: list[int]
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "v": 10,
        "user": {**emu.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
        "guilds": [{"id": str(guild_id), "unavailable": True} for guild_id in guild_ids],
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": emu.ws_url,
        "application": {"id": str(emu.application_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "user_settings": {},
        "geo_ordered_rtc_regions": [],
        "_trace": ["fakediscord"],
    }
    if shard is not None:
        body["shard"] = shard
    return body


def application_payload(emu: FakeDiscord) -> dict[str, Any]:
    return {
        "id": str(emu.application_id),
        "name": emu.bot_user.name,
        "description": "An emulated application",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": emu.owner.payload(),
        "verify_key": "0" * 64,
        "flags": 0,
        "bot": emu.bot_user.payload(),
        "team": None,
    }
