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
import re
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
#: exactly what the README's invite asks for (no Manage Threads, no Manage Messages)
BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | SEND_MESSAGES_IN_THREADS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
)

# Message flags (resources/message)
EPHEMERAL = 1 << 6
SUPPRESS_NOTIFICATIONS = 1 << 12  # message flag: sent without a push notification (a silent message)
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

# Channel types
GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12

# Interaction types and callback types
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 6, 7, 8, 9

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024  # the default upload limit per file (reference: Uploading Files)
REQUEST_SIZE_LIMIT = 25 * 1024 * 1024  # all files of one request together

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


class _Errors:
    """Discord's nested form errors: ``{"components": {"0": {"_errors": [...]}}}``."""

    def __init__(self) -> None:
        self.errors: dict[str, Any] = {}

    def __call__(self, path: str, code: str, message: str) -> None:
        node = self.errors
        for key in path.split("."):
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def length(self, path: str, text: Any, low: int, high: int) -> None:
        size = len(text) if isinstance(text, str) else -1
        if not low <= size <= high:
            if low == 0:
                self(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
            else:
                self(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def body(self) -> dict[str, Any] | None:
        return invalid_form_body(self.errors) if self.errors else None


def invalid_form_body(errors: dict[str, Any]) -> dict[str, Any]:
    """Discord's 400 body for a request that breaks a documented limit."""
    return {"code": 50035, "errors": errors, "message": "Invalid Form Body"}


# Application commands (interactions/application-commands: "Application Command Naming",
# "Application Command Option Structure", "Limits")
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP, STRING_OPTION = 1, 2, 3
#: Python's re has no \p{L}/\p{N}; \w is Unicode letters, digits (and marks) plus "_"
COMMAND_NAME = re.compile(r"^[-\w]{1,32}$")
COMMAND_SIZE = 4000
GLOBAL_COMMANDS = {CHAT_INPUT: 100}


def _longest(item: dict[str, Any], key: str) -> int:
    """A field's length for the size limit: the longest of it and its localizations."""
    texts = [item.get(key) or "", *((item.get(f"{key}_localizations") or {}).values())]
    return max(len(str(t)) for t in texts)


def _check_name(fail: _Errors, path: str, item: dict[str, Any], *, chat_input: bool) -> None:
    names = [("name", item.get("name"))] + [
        (f"name_localizations.{locale}", text) for locale, text in (item.get("name_localizations") or {}).items()
    ]
    for key, name in names:
        if not chat_input:
            fail.length(f"{path}.{key}", name, 1, 32)
        elif not isinstance(name, str) or not COMMAND_NAME.match(name):
            fail(f"{path}.{key}", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
        elif name != name.lower():
            fail(f"{path}.{key}", "APPLICATION_COMMAND_INVALID_NAME", "Command name must be lowercase")


def _check_description(fail: _Errors, path: str, item: dict[str, Any]) -> None:
    fail.length(f"{path}.description", item.get("description"), 1, 100)
    for locale, text in (item.get("description_localizations") or {}).items():
        fail.length(f"{path}.description_localizations.{locale}", text, 1, 100)


def _check_options(fail: _Errors, path: str, options: list[dict[str, Any]], *, depth: int) -> int:
    """Check one level of options; returns their characters for the 4,000 limit."""
    size = 0
    if len(options) > 25:
        fail(f"{path}", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    nested = [o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options]
    if any(nested) and not all(nested):
        fail(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Sub-commands cannot be mixed with other options")
    seen: set[str] = set()
    optional_seen = False
    for i, option in enumerate(options):
        here, kind = f"{path}.{i}", option.get("type")
        _check_name(fail, here, option, chat_input=True)
        _check_description(fail, here, option)
        if option.get("name") in seen:
            fail(f"{here}.name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option name already exists")
        seen.add(option.get("name"))
        size += _longest(option, "name") + _longest(option, "description")
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if kind == SUB_COMMAND_GROUP and depth > 0 or kind == SUB_COMMAND and depth > 1:
                fail(f"{here}.type", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Sub-commands nest at most two levels")
            children = option.get("options") or []
            if kind == SUB_COMMAND_GROUP and any(c.get("type") != SUB_COMMAND for c in children):
                fail(f"{here}.options", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "A group holds sub-commands only")
            size += _check_options(fail, f"{here}.options", children, depth=depth + 1)
            continue
        if option.get("required"):
            if optional_seen:
                fail(
                    f"{here}.required",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        choices = option.get("choices") or []
        if len(choices) > 25:
            fail(f"{here}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        if choices and option.get("autocomplete"):
            fail(f"{here}.autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID", "Autocomplete cannot be set with choices")
        for j, choice in enumerate(choices):
            fail.length(f"{here}.choices.{j}.name", choice.get("name"), 1, 100)
            for locale, text in (choice.get("name_localizations") or {}).items():
                fail.length(f"{here}.choices.{j}.name_localizations.{locale}", text, 1, 100)
            if kind == STRING_OPTION:
                fail.length(f"{here}.choices.{j}.value", choice.get("value"), 1, 100)
            size += _longest(choice, "name") + len(str(choice.get("value", "")))
        for key in ("min_length", "max_length"):
            if key in option and not 0 <= option[key] <= 6000:
                fail(f"{here}.{key}", "NUMBER_TYPE_MAX", "Must be between 0 and 6000.")
    return size


def command_problems(commands: Any, *, guild: bool) -> dict[str, Any] | None:
    """Discord's 400 answer for a bulk command overwrite that breaks a documented limit, or None."""
    fail = _Errors()
    if not isinstance(commands, list):
        fail("_", "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return fail.body()
    counts: dict[int, int] = {}
    seen: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        here, kind = str(i), command.get("type", CHAT_INPUT)
        counts[kind] = counts.get(kind, 0) + 1
        chat_input = kind == CHAT_INPUT
        _check_name(fail, here, command, chat_input=chat_input)
        if (kind, command.get("name")) in seen:
            fail(f"{here}.name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
        seen.add((kind, command.get("name")))
        size = _longest(command, "name")
        if chat_input:
            _check_description(fail, here, command)
            size += _longest(command, "description")
            size += _check_options(fail, f"{here}.options", command.get("options") or [], depth=0)
        if size > COMMAND_SIZE:
            fail(here, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({COMMAND_SIZE})")
    for kind, limit in GLOBAL_COMMANDS.items():
        if counts.get(kind, 0) > limit:
            fail("_", "APPLICATION_COMMANDS_TOO_MANY", f"Maximum number of application commands of type {kind} reached ({limit})")
    return fail.body()


def choices_problems(choices: Any) -> dict[str, Any] | None:
    """Autocomplete results (interactions/receiving-and-responding: Autocomplete): at most
    25 choices, names 1-100, string values at most 100."""
    fail = _Errors()
    if not isinstance(choices, list) or len(choices) > 25:
        fail("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        return fail.body()
    for j, choice in enumerate(choices):
        fail.length(f"data.choices.{j}.name", choice.get("name"), 1, 100)
        if isinstance(choice.get("value"), str):
            fail.length(f"data.choices.{j}.value", choice["value"], 0, 100)
    return fail.body()


def modal_problems(data: dict[str, Any]) -> dict[str, Any] | None:
    """A modal: custom_id 1-100, title 1-45, 1-5 components; text inputs with custom_id 1-100,
    label 1-45, style 1 or 2, placeholder at most 100, value at most 4,000, min_length 0-4,000
    and max_length 1-4,000; label components with label 1-45 and description at most 100."""
    fail = _Errors()
    fail.length("data.custom_id", data.get("custom_id"), 1, 100)
    fail.length("data.title", data.get("title"), 1, 45)
    if not 0 < len(data.get("components") or []) <= 5:
        fail("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    for path, item in walk_components(data.get("components") or [], "data.components"):
        if item.get("type") == 4:  # Component Reference: Text Input
            fail.length(f"{path}.custom_id", item.get("custom_id"), 1, 100)
            if item.get("label") is not None:
                fail.length(f"{path}.label", item["label"], 1, 45)
            if item.get("style") not in (1, 2):
                fail(f"{path}.style", "BASE_TYPE_CHOICES", "Value must be one of (1, 2).")
            fail.length(f"{path}.placeholder", item.get("placeholder") or "", 0, 100)
            fail.length(f"{path}.value", item.get("value") or "", 0, 4000)
            low, high = item.get("min_length", 0), item.get("max_length", 4000)
            if not 0 <= low <= 4000:
                fail(f"{path}.min_length", "NUMBER_TYPE_MAX", "Must be between 0 and 4000.")
            if not 1 <= high <= 4000:
                fail(f"{path}.max_length", "NUMBER_TYPE_MAX", "Must be between 1 and 4000.")
        elif item.get("type") == 18:  # Component Reference: Label
            fail.length(f"{path}.label", item.get("label"), 1, 45)
            fail.length(f"{path}.description", item.get("description") or "", 0, 100)
    return fail.body()


def thread_problems(body: dict[str, Any]) -> dict[str, Any] | None:
    """Thread names are 1-100 characters (resources/channel: Start Thread)."""
    fail = _Errors()
    fail.length("name", body.get("name"), 1, 100)
    return fail.body()


def upload_problem(files: list[tuple[str, str, bytes]]) -> dict[str, Any] | None:
    """A file over the default upload limit, or a request over 25 MiB: Discord answers 413 / 40005."""
    sizes = [len(data) for _, _, data in files]
    if any(size > ATTACHMENT_SIZE_LIMIT for size in sizes) or sum(sizes) > REQUEST_SIZE_LIMIT:
        return {"code": 40005, "message": "Request entity too large"}
    return None


def message_problems(body: dict[str, Any], files: int, *, edit: bool = False) -> dict[str, Any] | None:
    """Discord's 400 answer for a message body that breaks a documented limit, or None."""
    fail = _Errors()
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
            fail.length(f"embeds.{i}.fields.{j}.name", field.get("name", ""), 1, 256)
            fail.length(f"embeds.{i}.fields.{j}.value", field.get("value", ""), 1, 1024)
        footer, author = (embed.get("footer") or {}).get("text", ""), (embed.get("author") or {}).get("name", "")
        fail.length(f"embeds.{i}.footer.text", footer, 0, 2048)
        fail.length(f"embeds.{i}.author.name", author, 0, 256)
        total += len(footer) + len(author)
    if total > EMBED_TOTAL:
        fail("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
    components = body.get("components") or []
    if body.get("flags", 0) & IS_COMPONENTS_V2:
        _check_layout(fail, body)
    else:
        if len(components) > 5:
            fail("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            children = row.get("components", [])
            selects = [c for c in children if c.get("type") != 2]
            if row.get("type") != 1:
                fail(f"components.{i}.type", "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).')
            if not children or len(children) > 5 or (selects and len(children) > 1):
                fail(f"components.{i}.components", "BASE_TYPE_BAD_LENGTH", "An action row holds 1-5 buttons or one select.")
    custom_ids: set[str] = set()
    for path, item in walk_components(components):
        kind, custom_id = item.get("type"), item.get("custom_id")
        if custom_id is not None:
            fail.length(f"{path}.custom_id", custom_id, 1, 100)
            if custom_id in custom_ids:
                fail(f"{path}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
            custom_ids.add(custom_id)
        if kind == 2:
            _check_button(fail, path, item)
        elif kind in SELECTS:
            _check_select(fail, path, item)
    for i, attachment in enumerate(body.get("attachments") or []):
        if attachment.get("description") is not None:
            fail.length(f"attachments.{i}.description", attachment["description"], 0, 1024)
    if files > 10:
        fail("files", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    errors = fail.errors
    if errors:
        return invalid_form_body(errors)
    has_something = content or embeds or components or files or body.get("attachments") or body.get("poll")
    if not edit and not has_something:
        return {"code": 50006, "message": "Cannot send an empty message"}
    return None


LINK = 5
SELECTS = {3, 5, 6, 7, 8}  # string, user, role, mentionable, channel selects

# Components V2 (reference: Component Reference; change log 2025-04-22 "Components V2")
ACTION_ROW, BUTTON, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 1, 2, 9, 10, 11, 12, 13, 14, 17
#: the components a V2 message holds at its top level, and a container inside it
LAYOUT_TOP = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
CONTAINER_CHILDREN = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR}
#: every component of a message together, nested ones included
V2_COMPONENTS = 40
#: the characters of every text display of a message together
V2_TEXT = 4000
LEGACY_FIELDS = ("content", "embeds", "sticker_ids", "poll")
LEGACY_CODE = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"


def v2_texts(components: list[dict[str, Any]]) -> list[str]:
    """Every text display's content of a V2 message, in reading order."""
    return [item.get("content") or "" for _, item in walk_components(components) if item.get("type") == TEXT_DISPLAY]


def text_of(payload: dict[str, Any]) -> str:
    """What a message says as text: its content, else (a Components V2 message) its text displays."""
    return "\n".join(part for part in [payload.get("content") or "", *v2_texts(payload.get("components") or [])] if part)


def media_of(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Every media item of a V2 message (gallery items, thumbnails, files): ``{"media": {"url"}, "description"}``."""
    found = []
    for _, item in walk_components(payload.get("components") or []):
        if item.get("type") == MEDIA_GALLERY:
            found += item.get("items") or []
        elif item.get("type") in (THUMBNAIL, FILE):
            found.append({"media": item.get("media") or item.get("file") or {}, "description": item.get("description")})
    return found


def _check_layout(fail: _Errors, body: dict[str, Any]) -> None:
    """A message flagged IS_COMPONENTS_V2: no content, embeds, stickers or poll beside its
    components; at most 40 components in all; only layout and content components at the top
    (buttons and selects sit in action rows, sections or containers); a container holds no
    container; a section 1 to 3 text displays and a button or thumbnail accessory; a media
    gallery 1 to 10 items with a url each; text displays together at most 4,000 characters."""
    for key in LEGACY_FIELDS:
        if body.get(key):
            fail(key, LEGACY_CODE, f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
    components = body.get("components") or []
    every = list(walk_components(components))
    if len(every) > V2_COMPONENTS:
        fail("components", "BASE_TYPE_MAX_LENGTH", f"Must be {V2_COMPONENTS} or fewer in length.")
    for i, item in enumerate(components):
        if item.get("type") not in LAYOUT_TOP:
            fail(f"components.{i}.type", "UNION_TYPE_CHOICES", "This component cannot be at the top level of a message.")
    if sum(len(text) for text in v2_texts(components)) > V2_TEXT:
        fail("components", "MAX_TEXT_DISPLAY_LENGTH", f"Text displays must be {V2_TEXT} or fewer in length together.")
    for path, item in every:
        kind, children = item.get("type"), item.get("components") or []
        if kind == CONTAINER:
            for j, child in enumerate(children):
                if child.get("type") not in CONTAINER_CHILDREN:
                    fail(f"{path}.components.{j}.type", "UNION_TYPE_CHOICES", "A container cannot hold this component.")
        elif kind == ACTION_ROW:
            selects = [c for c in children if c.get("type") != BUTTON]
            if not children or len(children) > 5 or (selects and len(children) > 1):
                fail(f"{path}.components", "BASE_TYPE_BAD_LENGTH", "An action row holds 1-5 buttons or one select.")
        elif kind == SECTION:
            if not 1 <= len(children) <= 3 or any(c.get("type") != TEXT_DISPLAY for c in children):
                fail(f"{path}.components", "BASE_TYPE_BAD_LENGTH", "A section holds 1-3 text displays.")
            if (item.get("accessory") or {}).get("type") not in (BUTTON, THUMBNAIL):
                fail(f"{path}.accessory", "BASE_TYPE_REQUIRED", "A section needs a button or thumbnail accessory.")
        elif kind == TEXT_DISPLAY:
            if not item.get("content"):
                fail(f"{path}.content", "BASE_TYPE_REQUIRED", "This field is required")
        elif kind == MEDIA_GALLERY:
            items = item.get("items") or []
            if not 1 <= len(items) <= 10:
                fail(f"{path}.items", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 10 in length.")
            for j, media in enumerate(items):
                if not (media.get("media") or {}).get("url"):
                    fail(f"{path}.items.{j}.media.url", "BASE_TYPE_REQUIRED", "This field is required")
                if media.get("description") is not None:
                    fail.length(f"{path}.items.{j}.description", media["description"], 0, 1024)


def layout_edit_problem(before: dict[str, Any], body: dict[str, Any]) -> dict[str, Any] | None:
    """An edit of a message against Components V2: the flag cannot be taken off a V2 message,
    and a message turned V2 by an edit must be left with no content or embeds."""
    was, flags = bool(before.get("flags", 0) & IS_COMPONENTS_V2), body.get("flags")
    fail = _Errors()
    if was and flags is not None and not flags & IS_COMPONENTS_V2:
        fail("flags", "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG", "The IS_COMPONENTS_V2 flag cannot be removed from a message")
    if not was and flags is not None and flags & IS_COMPONENTS_V2:
        for key in ("content", "embeds"):
            if before.get(key) and key not in body:
                fail(key, LEGACY_CODE, f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
    if was:
        for key in LEGACY_FIELDS:
            if body.get(key):
                fail(key, LEGACY_CODE, f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
    return invalid_form_body(fail.errors) if fail.errors else None


def _check_button(fail: _Errors, path: str, button: dict[str, Any]) -> None:
    """resources/message components, Button: label at most 80, a label or an emoji; a link
    button has a url and no custom_id; every other (non-premium) style has a custom_id."""
    fail.length(f"{path}.label", button.get("label") or "", 0, 80)
    style = button.get("style")
    if style == 6:  # premium: sku_id only
        return
    if not button.get("label") and not button.get("emoji"):
        fail(path, "BUTTON_LABEL_OR_EMOJI_REQUIRED", "A button needs a label or an emoji")
    if style == LINK:
        if not button.get("url"):
            fail(f"{path}.url", "BASE_TYPE_REQUIRED", "This field is required")
        if button.get("custom_id") is not None:
            fail(f"{path}.custom_id", "BUTTON_LINK_CUSTOM_ID", "A link button cannot have a custom_id")
        elif len(button.get("url") or "") > 512:
            fail(f"{path}.url", "BASE_TYPE_MAX_LENGTH", "Must be 512 or fewer in length.")
    elif button.get("custom_id") is None:
        fail(f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")


def _check_select(fail: _Errors, path: str, select: dict[str, Any]) -> None:
    """resources/message components, Select Menu: placeholder at most 150, min_values 0-25,
    max_values 1-25, min <= max; a string select has 1-25 options (label and value 1-100,
    description at most 100) and max_values at most its number of options."""
    if select.get("custom_id") is None:
        fail(f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
    fail.length(f"{path}.placeholder", select.get("placeholder") or "", 0, 150)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= 25:
        fail(f"{path}.min_values", "NUMBER_TYPE_MAX", "Must be between 0 and 25.")
    if not 1 <= high <= 25:
        fail(f"{path}.max_values", "NUMBER_TYPE_MAX", "Must be between 1 and 25.")
    if low > high:
        fail(f"{path}.min_values", "SELECT_COMPONENT_MIN_VALUES_TOO_HIGH", "min_values must be at most max_values")
    if select.get("type") != 3:
        return
    options = select.get("options") or []
    if not 0 < len(options) <= 25:
        fail(f"{path}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
    elif high > len(options):
        fail(f"{path}.max_values", "SELECT_COMPONENT_MAX_VALUES_TOO_HIGH", "max_values must be at most the number of options")
    for j, option in enumerate(options):
        fail.length(f"{path}.options.{j}.label", option.get("label"), 1, 100)
        fail.length(f"{path}.options.{j}.value", option.get("value"), 1, 100)
        if option.get("description") is not None:
            fail.length(f"{path}.options.{j}.description", option["description"], 0, 100)


def walk_components(components: list[dict[str, Any]], path: str = "components"):
    """Every component, nested rows and layout components included, with its form path."""
    for i, item in enumerate(components):
        here = f"{path}.{i}"
        yield here, item
        yield from walk_components(item.get("components") or [], f"{here}.components")
        for key in ("accessory", "component"):
            if isinstance(item.get(key), dict):
                yield from walk_components([item[key]], f"{here}.{key}")
