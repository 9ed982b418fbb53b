"""Message bodies the bot sends (JSON, or multipart with payload_json and files[n]) turned into
message state, with the checks Discord applies: lengths, embed limits, components, empty
messages, attachment size, and the attachment URLs the emulator serves."""

from __future__ import annotations

import io
import json
import mimetypes
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web
from PIL import Image

from tests.fakediscord import spec
from tests.fakediscord.components import check_components, media_urls
from tests.fakediscord.core import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_SUPPRESS_NOTIFICATIONS,
    ApiError,
    invalid_form,
)
from tests.fakediscord.model import DM_CHANNEL, Attachment, Message

if TYPE_CHECKING:
    from tests.fakediscord.emulator import FakeDiscord

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
# Flags a bot may set on a message it sends (suppress embeds, silent, components V2).
SETTABLE_FLAGS = (1 << 2) | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2


@dataclass(frozen=True)
class Upload:
    index: int
    filename: str
    data: bytes


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
    """The JSON payload and the uploaded files of a request (JSON body or multipart form),
    refused as Discord would refuse it when its description of the route says the body
    is wrong (tests/fakediscord/spec)."""
    payload, uploads = await _read_body(request)
    body = payload.get("_list", payload)
    resource = request.match_info.route.resource
    if resource is not None and (wrong := spec.problem(request.method, resource.canonical, body)):
        raise invalid_form(wrong)
    return payload, uploads


async def _read_body(request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        uploads: list[Upload] = []
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            data = bytes(await part.read())
            if name == "payload_json":
                payload = json.loads(data)
            elif name.startswith("files[") and name.endswith("]"):
                uploads.append(Upload(int(name[6:-1]), part.filename or "file", data))
            else:
                raise invalid_form(f"unexpected multipart field {name!r}")
        return payload, uploads
    if not request.can_read_body:
        return {}, []
    try:
        body = await request.json()
    except ValueError as exc:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
    return (body if isinstance(body, dict) else {"_list": body}), []


def make_attachment(
    emu: FakeDiscord, channel_id: int, upload: Upload, entry: dict[str, Any]
) -> Attachment:
    if len(upload.data) > ATTACHMENT_SIZE_LIMIT:
        raise ApiError(413, 40005, "Request entity too large")
    filename = str(entry.get("filename") or upload.filename)
    attachment_id = emu.ids.next()
    content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
    width = height = None
    if content_type.startswith("image/"):
        try:
            with Image.open(io.BytesIO(upload.data)) as image:
                width, height = image.size
        except OSError as exc:
            raise invalid_form(f"{filename} is not a readable image") from exc
    return Attachment(
        id=attachment_id,
        filename=filename,
        content_type=content_type,
        data=upload.data,
        url=f"{emu.url}/attachments/{channel_id}/{attachment_id}/{filename}",
        description=entry.get("description"),
        width=width,
        height=height,
    )


def _attachments(
    emu: FakeDiscord,
    message: Message,
    payload: dict[str, Any],
    uploads: list[Upload],
    creating: bool,
) -> list[Attachment]:
    by_index = {u.index: u for u in uploads}
    if "attachments" not in payload:
        kept = [] if creating else list(message.attachments)
        return kept + [make_attachment(emu, message.channel.id, u, {}) for u in uploads]
    existing = {a.id: a for a in message.attachments}
    result: list[Attachment] = []
    used: set[int] = set()
    for entry in payload["attachments"] or []:
        raw_id = int(entry.get("id"))
        if raw_id in by_index:
            used.add(raw_id)
            result.append(make_attachment(emu, message.channel.id, by_index[raw_id], entry))
        elif raw_id in existing:
            result.append(existing[raw_id])
        else:
            raise invalid_form(f"attachment {raw_id} is neither an upload nor on the message")
    result += [
        make_attachment(emu, message.channel.id, u, {})
        for i, u in by_index.items()
        if i not in used
    ]
    return result


def _check_embeds(embeds: Any) -> list[dict[str, Any]]:
    if not isinstance(embeds, list) or len(embeds) > 10:
        raise invalid_form("a message has at most 10 embeds")
    total = 0
    for embed in embeds:
        limits = {"title": 256, "description": 4096}
        for key, limit in limits.items():
            if len(str(embed.get(key) or "")) > limit:
                raise invalid_form(f"embed {key} longer than {limit} characters")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            raise invalid_form("an embed has at most 25 fields")
        for f in fields:
            if (
                not 1 <= len(str(f.get("name", ""))) <= 256
                or not 1 <= len(str(f.get("value", ""))) <= 1024
            ):
                raise invalid_form(
                    f"embed field name (1-256) or value (1-1024) out of range: {f!r}"
                )
        total += sum(len(str(embed.get(k) or "")) for k in ("title", "description"))
        total += sum(len(str(f.get("name", ""))) + len(str(f.get("value", ""))) for f in fields)
        total += len(str((embed.get("footer") or {}).get("text") or ""))
    if total > 6000:
        raise invalid_form("the embeds of a message hold at most 6000 characters in all")
    return embeds


ATTACHMENT_URL = "attachment://"


def _check_media(components: list[dict[str, Any]], attachments: list[Attachment]) -> None:
    """A layout shows the message's own files by `attachment://<filename>`; one it does
    not carry is refused."""
    names = {a.filename for a in attachments}
    for url in media_urls(components):
        if url.startswith(ATTACHMENT_URL) and url[len(ATTACHMENT_URL) :] not in names:
            raise invalid_form(f"{url} is not a file of this message")


def apply_message(
    emu: FakeDiscord,
    message: Message,
    payload: dict[str, Any],
    uploads: list[Upload],
    *,
    creating: bool,
    extra_flags: int = 0,
) -> None:
    """Sets (creating) or edits a message from a bot payload, or raises the ApiError Discord
    would answer; the message is untouched when the payload is refused."""
    if "content" in payload:
        content = payload["content"] or ""
        if not isinstance(content, str) or len(content) > 2000:
            raise invalid_form("content must be a string of at most 2000 characters")
    else:
        content = "" if creating else message.content
    embeds = _check_embeds(payload["embeds"] or []) if "embeds" in payload else message.embeds
    flags = message.flags
    if "flags" in payload and payload["flags"] is not None:
        flags = (flags & ~SETTABLE_FLAGS) | (int(payload["flags"]) & SETTABLE_FLAGS)
        flags |= message.flags & FLAG_COMPONENTS_V2  # once set, it stays
    flags |= extra_flags
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    components = message.components
    if "components" in payload:
        components = payload["components"] or []
        check_components(components, v2=v2)
    attachments = _attachments(emu, message, payload, uploads, creating)
    if len(attachments) > 10:
        raise invalid_form("a message has at most 10 attachments")
    if v2 and (content or embeds):
        raise invalid_form("a Components V2 message cannot have content or embeds")
    if v2:
        _check_media(components, attachments)
    if not (
        content
        or embeds
        or attachments
        or components
        or payload.get("poll")
        or payload.get("sticker_ids")
    ):
        raise ApiError(400, 50006, "Cannot send an empty message")
    message.content, message.embeds, message.components = content, list(embeds), list(components)
    message.attachments, message.flags = attachments, flags
    message.snapshot()


def allowed_user_mentions(message: Message, payload: dict[str, Any]) -> set[int]:
    """The users a message's content mentions and its `allowed_mentions` lets ping (none
    given: Discord parses every mention)."""
    mentioned = {int(user["id"]) for user in message.payload()["mentions"]}
    allowed = payload.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or []):
        return mentioned
    return mentioned & {int(user_id) for user_id in allowed.get("users") or []}


def record_pushes(message: Message, payload: dict[str, Any], *, answer: bool = False) -> None:
    """Who a message just posted notifies (a push on their phone), as Discord decides: none
    if it is ephemeral or silent (`FLAG_SUPPRESS_NOTIFICATIONS`); in a DM, its recipient,
    unless it is the `answer` to their own command or click (they are looking at it);
    anywhere, the users it mentions and its `allowed_mentions` lets ping."""
    if message.flags & (FLAG_EPHEMERAL | FLAG_SUPPRESS_NOTIFICATIONS):
        message.pushes = frozenset()
        return
    pushed = allowed_user_mentions(message, payload)
    recipient = message.channel.recipient
    if message.channel.kind == DM_CHANNEL and recipient is not None and not answer:
        pushed.add(recipient.id)
    message.pushes = frozenset(pushed)
