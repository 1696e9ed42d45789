"""The double understands Components V2 messages and refuses what Discord refuses (issue 32 item 3).

Sources: Discord's Component Reference and change log of 2025-04-22 ("Components V2"): a
message flagged IS_COMPONENTS_V2 (1 << 15) has no ``content``, embeds, stickers or poll; at
most 40 components in all, nested ones counted; only layout and content components at its top;
a section 1 to 3 text displays and an accessory; a media gallery 1 to 10 items; text displays
of at most 4,000 characters together; a media item ``attachment://name`` names an attachment of
the message; the flag cannot be taken off an edited message. The bot's dashboard
(bot/ui/dashboard.py) is served within them, and its media resolve to its attachments.
"""

from __future__ import annotations

import pytest

from bot.i18n import tr_for
from bot.ui.dashboard import dashboard
from loopback import payloads as p
from tests.e2e.test_double_limits import call, error_at

V2 = p.IS_COMPONENTS_V2
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


def text(content: str = "t") -> dict:
    return {"type": p.TEXT_DISPLAY, "content": content}


def button(custom_id: str = "b") -> dict:
    return {"type": 2, "style": 1, "label": "go", "custom_id": custom_id}


def container(*children: dict) -> dict:
    return {"type": p.CONTAINER, "components": list(children)}


CASES = [
    ({"content": "x", "components": [text()]}, "content", p.LEGACY_CODE, "content-beside-components"),
    ({"embeds": [{"title": "t"}], "components": [text()]}, "embeds", p.LEGACY_CODE, "embed-beside-components"),
    ({"components": [text(str(i)) for i in range(41)]}, "components", "BASE_TYPE_MAX_LENGTH", "41-components"),
    (
        {"components": [container(*[text(str(i)) for i in range(40)])]},
        "components",
        "BASE_TYPE_MAX_LENGTH",
        "41-with-the-nested-ones",
    ),
    ({"components": [button()]}, "components.0.type", "UNION_TYPE_CHOICES", "button-at-the-top"),
    ({"components": [container(button())]}, "components.0.components.0.type", "UNION_TYPE_CHOICES", "button-in-a-container"),
    ({"components": [container(container(text()))]}, "components.0.components.0.type", "UNION_TYPE_CHOICES", "nested-containers"),
    ({"components": [text("x" * 2001), text("y" * 2000)]}, "components", "MAX_TEXT_DISPLAY_LENGTH", "text-over-4000"),
    ({"components": [{"type": p.MEDIA_GALLERY, "items": []}]}, "components.0.items", "BASE_TYPE_BAD_LENGTH", "empty-gallery"),
    (
        {"components": [{"type": p.MEDIA_GALLERY, "items": [{"media": {"url": "https://example.org/a.png"}}] * 11}]},
        "components.0.items",
        "BASE_TYPE_BAD_LENGTH",
        "11-gallery-items",
    ),
    (
        {"components": [{"type": p.SECTION, "components": [text()] * 4, "accessory": button()}]},
        "components.0.components",
        "BASE_TYPE_BAD_LENGTH",
        "section-of-4",
    ),
    (
        {"components": [{"type": p.SECTION, "components": [text()]}]},
        "components.0.accessory",
        "BASE_TYPE_REQUIRED",
        "section-without-accessory",
    ),
    ({"components": [container({"type": 1, "components": [button(str(i)) for i in range(6)]})]}, None, None, "6-buttons"),
]


@pytest.mark.parametrize("body,path,code,case", CASES, ids=[c[3] for c in CASES])
async def test_a_layout_breaking_a_limit_is_refused(double, body, path, code, case):
    status, answer = await call(double, "POST", f"/channels/{double.channel.id}/messages", {**body, "flags": V2})
    assert status == 400, case
    if path is not None:
        assert code in error_at(answer, path), case
    assert double.channel_messages(double.channel) == []


async def test_a_gallery_item_must_name_an_attachment_of_the_message(double):
    gallery = {"type": p.MEDIA_GALLERY, "items": [{"media": {"url": "attachment://map.png"}}]}
    status, answer = await call(double, "POST", f"/channels/{double.channel.id}/messages", {"flags": V2, "components": [gallery]})
    assert status == 400 and "UNRESOLVED_ATTACHMENT" in error_at(answer, "components")


async def test_the_dashboard_is_served_and_its_media_resolve_to_its_attachments(double):
    """bot/ui/dashboard.py: the status text, the gallery of the message's pictures and the My
    decisions button, 7 components at most, within every limit above."""
    view = dashboard(
        "📜 **Game #1** · year 1, spring · move 3\nstatus\nWaiting for: <@1> (deadline <t:1700000000:R>)",
        1,
        tr_for(None),
        [("f0.bin", "the map"), ("f1.bin", "the map around 4A")],
    )
    body = {"flags": V2, "components": view.to_components(), "attachments": [{"id": 0}, {"id": 1}]}
    assert len(list(p.walk_components(body["components"]))) <= 7
    status, answer = await call(double, "POST", f"/channels/{double.channel.id}/messages", body, files=[PNG, PNG])
    assert status == 200, answer
    [message] = double.channel_messages(double.channel)
    assert message.content == "" and message.flags & V2
    assert "<t:1700000000:R>" in p.text_of(message.payload)
    urls = [m["media"]["url"] for m in p.media_of(message.payload)]
    assert urls == [a["url"] for a in message.attachments]
    assert message.component(label="My decisions")["custom_id"] == "g:1:me"


async def test_an_edit_keeps_the_flag_and_adds_no_content(double):
    body = {"flags": V2, "components": [text("first")]}
    status, answer = await call(double, "POST", f"/channels/{double.channel.id}/messages", body)
    assert status == 200, answer
    path = f"/channels/{double.channel.id}/messages/{answer['id']}"
    status, refused = await call(double, "PATCH", path, {"flags": 0, "content": "classic"})
    assert status == 400 and "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG" in error_at(refused, "flags")
    status, refused = await call(double, "PATCH", path, {"content": "beside"})
    assert status == 400 and p.LEGACY_CODE in error_at(refused, "content")
    status, edited = await call(double, "PATCH", path, {"flags": V2, "components": [text("second")]})
    assert status == 200 and p.text_of(edited) == "second"


async def test_a_classic_message_turned_v2_must_drop_its_content(double):
    status, answer = await call(double, "POST", f"/channels/{double.channel.id}/messages", {"content": "classic"})
    path = f"/channels/{double.channel.id}/messages/{answer['id']}"
    status, refused = await call(double, "PATCH", path, {"flags": V2, "components": [text()]})
    assert status == 400 and p.LEGACY_CODE in error_at(refused, "content")
    status, edited = await call(double, "PATCH", path, {"flags": V2, "content": "", "components": [text()]})
    assert status == 200, edited
