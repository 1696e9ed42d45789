"""Phone-legible pictures through the bot (issue 19 item 7; docs/bot.md "Pictures on phones"):
the ``layout`` setting picks the gallery of ``/game map``, ``/game map public`` posts the
public view's pictures in the channel (never the caller's seat's), and every gallery fits
Discord's limits (10 attachments, 10 MiB per file)."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from PIL import Image

from bot.errors import RunetableError
from bot.service import GameService
from bot.ui import info
from renderer import phone
from tests.bot.gamehelpers import ALICE, BOB, CAROL, CHANNEL
from tests.bot.playhelpers import positioned_game
from tests.renderer.conftest import SHOWCASE


@pytest.fixture
async def game(store):
    """A Runewars position where seat 0 (Alice) holds a tactics card and knows a rune the table does not."""
    service = GameService(store)
    game_id = await positioned_game(service, (ALICE, BOB, CAROL), SHOWCASE, channel=CHANNEL, seed=5)  # the showcase map
    return SimpleNamespace(service=service), game_id


def sizes(reply) -> list[tuple[int, int]]:
    return [Image.open(io.BytesIO(f.png)).size for f in reply.files]


def within_discord_limits(reply) -> bool:
    return 1 <= len(reply.files) <= phone.MAX_ATTACHMENTS and all(len(f.png) <= phone.MAX_FILE_BYTES for f in reply.files)


async def test_the_phone_layout_sends_a_gallery_of_pictures_at_most_1200_px_tall(game):
    client, game_id = game
    [wide] = await info.game_map(client, CHANNEL, ALICE)
    assert len(wide.files) == 1 and not wide.public  # the default: one wide picture, as before
    await client.service.set_player_setting(ALICE, "layout", "phone")
    [reply] = await info.game_map(client, CHANNEL, ALICE)
    names = [f.filename for f in reply.files]
    assert not reply.public and within_discord_limits(reply)
    kinds = [name.rsplit("-", 2)[-2] for name in names]  # the map's parts, then the panel's pages
    assert kinds == sorted(kinds) and kinds[0] == "map" and kinds[-1] == "panel" and names[0].endswith("-map-1.png")
    assert all(h <= phone.MAX_HEIGHT for _, h in sizes(reply)), sizes(reply)
    assert max(h for _, h in sizes(wide)) > phone.MAX_HEIGHT  # the wide picture is the tall one phones struggle with
    assert all(len(f.alt) <= 1024 and f.alt for f in reply.files)
    [crop] = await info.game_map(client, CHANNEL, ALICE, "10a")
    assert crop.files[0].filename.endswith("-10A-map.png") and "around 10A" in crop.panel.text
    assert all(h <= phone.MAX_HEIGHT for _, h in sizes(crop)) and within_discord_limits(crop)


async def test_game_map_public_posts_the_public_views_pictures_never_the_callers(game, monkeypatch):
    client, game_id = game
    service = client.service
    await service.set_player_setting(ALICE, "palette", "contrast")  # the caller's colours stay theirs
    await service.set_player_setting(ALICE, "layout", "phone")
    asked = []
    view = service.view

    async def spy(game, user):
        asked.append(user)
        return await view(game, user)

    monkeypatch.setattr(service, "view", spy)
    [reply] = await info.game_map(client, CHANNEL, ALICE, public=True)
    assert asked == [None]  # only the public view was read
    assert reply.public and within_discord_limits(reply) and "public map" in reply.panel.text
    public_view = await view(game_id, None)
    expected = await service.map_images(game_id, public_view.view, None)
    assert [(f.png, f.alt) for f in reply.files] == [(png, alt) for png, alt, _ in expected]
    assert all(h <= phone.MAX_HEIGHT for _, h in sizes(reply))
    # Alice's own pictures show her tactics card and the rune only she knows: none of them was posted
    seat_view = await view(game_id, ALICE)
    mine = await service.map_images(game_id, seat_view.view, seat_view.seat)
    posted = {f.png for f in reply.files}
    assert all(png not in posted for png, _, name in mine if name.startswith("panel"))  # her hand is on her panel
    assert any(png not in posted for png, _, name in mine if name.startswith("map"))  # her known rune on her map


async def test_a_public_map_of_an_area_is_the_public_crop(game):
    client, game_id = game
    [reply] = await info.game_map(client, CHANNEL, ALICE, "10A", public=True)
    public_view = await client.service.view(game_id, None)
    expected = await client.service.map_images(game_id, public_view.view, None, crop="10A")
    assert reply.public and [f.png for f in reply.files] == [png for png, _, _ in expected]
    [refused] = await info.game_map(client, CHANNEL, ALICE, "99Z", public=True)
    assert refused.panel.text == "There is no area 99Z on this map." and not refused.files


async def test_the_layout_setting_round_trips_and_refuses_nonsense(game):
    client, _ = game
    assert await client.service.player_setting(ALICE, "layout") == "wide"
    [shown] = await info.settings(client, ALICE, layout="phone")
    assert "**layout: phone**" in shown.panel.text and await client.service.player_setting(ALICE, "layout") == "phone"
    [shown] = await info.settings(client, ALICE)
    assert "**layout: phone**" in shown.panel.text
    [refused] = await info.settings(client, ALICE, layout="tablet")
    assert refused.panel.text == "The layout is one of wide, phone."
    with pytest.raises(RunetableError):
        await client.service.set_player_setting(ALICE, "layout", "tablet")
