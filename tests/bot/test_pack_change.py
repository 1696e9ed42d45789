"""Issue 21 item 1: a pack change never stops a running game (docs/versioning.md, point 4). The
store keeps each game's pack by hash; after a restart, a game whose pack was edited, moved or
upgraded on disk plays on with the pack it started with, and a new game uses the current one."""

from __future__ import annotations

from bot.service import GameService
from engine.core import load_ruleset
from tests.bot.gamehelpers import ALICE, CHANNEL, GUILD
from tests.packs import humans_pack


async def alices_move(service: GameService, game_id: int) -> None:
    view = await service.view(game_id, ALICE)
    assert view.legal, "Alice is awaited"
    await service.act(game_id, ALICE, view.legal[0])


async def test_a_running_game_plays_on_with_its_own_pack_after_the_pack_changed(store, tmp_path, monkeypatch):
    monkeypatch.delenv("RUNETABLE_DATA_PACK", raising=False)
    service = GameService(store)
    record = await service.create_game(GUILD, CHANNEL, "runewars", {}, ALICE, seed=3, lobby={"table_size": 2, "ai_fill": True})
    await service.join(record.id, ALICE)
    await service.start(record.id)
    await alices_move(service, record.id)
    started_with = (await store.get_game(record.id)).pack_hash

    edited = humans_pack(tmp_path / "edited", start_influence=9)
    monkeypatch.setenv("RUNETABLE_DATA_PACK", str(edited))  # the server's default pack changes
    current = load_ruleset("runewars").pack_hash({})
    assert current != started_with

    restarted = GameService(store)  # a new process: nothing of the old one's memory
    before = (await store.get_game(record.id)).seq
    await alices_move(restarted, record.id)  # refused with IncompatibleState before the fix
    assert (await store.get_game(record.id)).seq > before
    assert (await restarted.pack_of(record.id)).factions["humans"].start_influence != 9  # the game's own pack
    assert "year" in (await restarted.public_status(record.id))["view"]

    fresh = await restarted.create_game(GUILD, CHANNEL + 1, "runewars", {}, ALICE)
    assert fresh.pack_hash == current  # a new game uses the current pack
