"""Discord API v10 object shapes the double serves, and the message limits it enforces.

Shapes follow the documented objects (discord/discord-api-docs: resources/user, guild,
channel, message; interactions/receiving-and-responding; topics/gateway-events), with the
fields discord.py 2.x reads. Ids are snowflakes (strings on the wire). Limits are Discord's
documented ones; a payload that breaks one gets Discord's 400 answer (code 50035 "Invalid
Form Body", or 50006 for an empty message), so a bug that would only show on Discord shows
here.
"""

from __future__ import annotations

import itertools
import struct
import time
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (topics/permissions)
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
MEMBER_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = MEMBER_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS

# Message flags (resources/message)
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

# Channel types
GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12

# Interaction types and callback types
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 6, 7, 8, 9

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

_counter = itertools.count()


def snowflake() -> int:
    """A fresh id: milliseconds since the Discord epoch, then a process-wide increment."""
    return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(_counter) & 0x3FFFFF)


def timestamp() -> str:
    return datetime.now(UTC).isoformat()


def user(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "global_name": None if bot else name,
        "avatar": None,
        "bot": bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
    }


def member(
    user_payload: dict[str, Any], joined_at: str, *, permissions: int | None = None, roles: list[int] = ()
) -> dict[str, Any]:
    """A guild member; interaction members also carry their ``permissions``."""
    data = {
        "user": user_payload,
        "nick": None,
        "avatar": None,
        "roles": [str(r) for r in roles],
        "joined_at": joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
    }
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def everyone_role(guild_id: int) -> dict[str, Any]:
    """@everyone (its id is the guild's): what every member may do."""
    return {
        "id": str(guild_id),
        "name": "@everyone",
        "color": 0,
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": 0,
        "permissions": str(MEMBER_PERMISSIONS),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def bot_role(role_id: int, bot_id: int, name: str) -> dict[str, Any]:
    """The managed role Discord gives a bot on joining, with the permissions it was invited with."""
    return {
        "id": str(role_id),
        "name": name,
        "color": 0,
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": 1,
        "permissions": str(BOT_PERMISSIONS),
        "managed": True,
        "mentionable": False,
        "flags": 0,
        "tags": {"bot_id": str(bot_id)},
    }


def guild_text_channel(channel_id: int, guild_id: int, name: str, position: int) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": GUILD_TEXT,
        "guild_id": str(guild_id),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "parent_id": None,
        "topic": None,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def thread_channel(
    thread_id: int,
    guild_id: int,
    parent_id: int,
    owner_id: int,
    name: str,
    kind: int,
    auto_archive_minutes: int,
    members: int,
    created: str,
) -> dict[str, Any]:
    return {
        "id": str(thread_id),
        "type": kind,
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "total_message_sent": 0,
        "member_count": members,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": auto_archive_minutes,
            "archive_timestamp": created,
            "locked": False,
            "invitable": kind == PRIVATE_THREAD,
            "create_timestamp": created,
        },
    }


def dm_channel(channel_id: int, recipient: dict[str, Any]) -> dict[str, Any]:
    return {"id": str(channel_id), "type": DM, "last_message_id": None, "recipients": [recipient], "flags": 0}


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's IHDR chunk, as Discord reports them for images."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    return None


# --- limits ---------------------------------------------------------------------------

EMBED_LIMITS = {"title": 256, "description": 4096}
EMBED_TOTAL = 6000


def message_problems(body: dict[str, Any], files: int, *, edit: bool = False) -> dict[str, Any] | None:
    """Discord's 400 answer for a message body that breaks a documented limit, or None."""
    errors: dict[str, Any] = {}

    def fail(path: str, code: str, message: str) -> None:
        node = errors
        for key in path.split("."):
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    content = body.get("content") or ""
    if len(content) > 2000:
        fail("content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        fail("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        for key, limit in EMBED_LIMITS.items():
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                fail(f"embeds.{i}.{key}", "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            fail(f"embeds.{i}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, field in enumerate(fields):
            total += len(field.get("name", "")) + len(field.get("value", ""))
            if not 0 < len(field.get("name", "")) <= 256:
                fail(f"embeds.{i}.fields.{j}.name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 256 in length.")
            if not 0 < len(field.get("value", "")) <= 1024:
                fail(f"embeds.{i}.fields.{j}.value", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 1024 in length.")
        total += len((embed.get("footer") or {}).get("text", "")) + len((embed.get("author") or {}).get("name", ""))
    if total > EMBED_TOTAL:
        fail("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
    components = body.get("components") or []
    if not (body.get("flags", 0) & IS_COMPONENTS_V2):
        if len(components) > 5:
            fail("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            children = row.get("components", [])
            selects = [c for c in children if c.get("type") != 2]
            if not children or len(children) > 5 or (selects and len(children) > 1):
                fail(f"components.{i}.components", "BASE_TYPE_BAD_LENGTH", "An action row holds 1-5 buttons or one select.")
    custom_ids: set[str] = set()
    for path, item in walk_components(components):
        custom_id = item.get("custom_id")
        if custom_id is not None:
            if not 0 < len(custom_id) <= 100:
                fail(f"{path}.custom_id", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            if custom_id in custom_ids:
                fail(f"{path}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
            custom_ids.add(custom_id)
        if len(item.get("label") or "") > 80:
            fail(f"{path}.label", "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.")
        if item.get("type") == 3:
            options = item.get("options", [])
            if not 0 < len(options) <= 25:
                fail(f"{path}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
            for j, option in enumerate(options):
                if not 0 < len(option.get("label", "")) <= 100 or not 0 < len(option.get("value", "")) <= 100:
                    fail(f"{path}.options.{j}", "BASE_TYPE_BAD_LENGTH", "Label and value must be 1 to 100 long.")
    if files > 10:
        fail("files", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    if errors:
        return {"code": 50035, "errors": errors, "message": "Invalid Form Body"}
    has_something = content or embeds or components or files or body.get("attachments") or body.get("poll")
    if not edit and not has_something:
        return {"code": 50006, "message": "Cannot send an empty message"}
    return None


def walk_components(components: list[dict[str, Any]], path: str = "components"):
    """Every component, nested rows and layout components included, with its form path."""
    for i, item in enumerate(components):
        here = f"{path}.{i}"
        yield here, item
        yield from walk_components(item.get("components") or [], f"{here}.components")
        for key in ("accessory", "component"):
            if isinstance(item.get(key), dict):
                yield from walk_components([item[key]], f"{here}.{key}")
