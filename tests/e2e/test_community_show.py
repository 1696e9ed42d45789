"""Issue 32 items 2 and 3 through the wire: the living dashboard and the timelapse.

A 2-player Runewars game played to its end through the loopback double: the status message is
one Components V2 layout within the double's limits (docs/bot.md, "The status message"), edited
in place; at the end it carries the game's timelapse (the public map after each chapter, under
10 MiB: issue 32 "Done when"), and ``/game review timelapse:true`` gives the same file. The leak
audit re-derives the timelapse from the public views and finds nothing else in it.
"""

from __future__ import annotations

import pytest

from bot.frontend import frontend_for
from bot.service.games import renderer_for
from bot.table.timelapse import chapter_frames
from engine.core import Engine, decode
from loopback import payloads as p
from loopback.brains import Table
from loopback.harness import bot_in_process, delivered, reader
from loopback.players import Player
from renderer.timelapse import animate, frames_of
from tests.e2e import leaks

TEN_MIB = 10 * 1024 * 1024


@pytest.mark.slow
async def test_a_two_player_game_ends_with_its_timelapse_on_the_dashboard(double, database):
    async with bot_in_process(double, database, seeds=[3]) as _, reader(database) as service:
        table = Table(double, service, [Player(double, double.add_user(n)) for n in ("alice", "bob")], seed=3)
        await table.open()
        chapters: list[str] = []

        async def note(step) -> None:
            chapter = frontend_for("runewars").chapter((await table.seat_view(None)).view)
            if chapter is not None and chapter not in chapters:
                chapters.append(chapter)

        public = await table.play(after_step=note, max_steps=100_000)
        assert public.view.get("result") is not None
        await delivered(database, table.game_id, timeout=120.0)

        status_id = (await service.store.get_setting("game", table.game_id, "status_message"))["message_id"]
        status = double.messages[status_id]

        def shown() -> list[dict]:
            return [a for a in status.attachments if leaks.TIMELAPSE_FILE.fullmatch(a["filename"])]

        await double.wait_for(shown, timeout=90.0, what="the timelapse on the status message at the end")
        # one Components V2 layout, edited in place, within Discord's limits (the double refuses any other)
        assert status.flags & p.IS_COMPONENTS_V2 and status.content == "" and status.embeds == []
        assert len(status.history) > 10, "edited in place"
        for version in [*status.history, status.payload]:
            assert version["flags"] & p.IS_COMPONENTS_V2
            assert len(list(p.walk_components(version["components"]))) <= p.V2_COMPONENTS
            assert version["components"][0]["type"] == p.CONTAINER
        assert "📜 **Game #" in p.text_of(status.payload) and status.component(label="My decisions")
        galleries = [v for v in status.history if p.media_of(v)]
        assert galleries and all(m["media"]["url"].startswith("http://127.0.0.1") for v in galleries for m in p.media_of(v))
        deadline_or_waiting = [v for v in status.history if "Waiting for:" in p.text_of(v)]
        assert deadline_or_waiting, "the dashboard says whose decision it is"
        crops = [a for v in status.history for a in v["attachments"] if leaks.PUBLIC_MAP_FILE.fullmatch(a["filename"])]
        assert crops, "a battle's area was shown larger beside the map"

        [timelapse] = shown()
        data = status.files[timelapse["id"]]
        assert timelapse["filename"].endswith(".webp") and len(data) < TEN_MIB
        assert len(frames_of(data)) == len(chapters)
        assert timelapse["url"] in [m["media"]["url"] for m in p.media_of(status.payload)]

        asked = await table.brains[1].slash("game review", timelapse=True)
        answer = asked.followups[0] if asked.followups else asked.message
        assert answer.ephemeral
        [again] = [answer.files[a["id"]] for a in answer.attachments if leaks.TIMELAPSE_FILE.fullmatch(a["filename"])]
        assert again == data

        problems = await leaks.audit(double, service, table.game_id)
        assert problems == []

        # the audit's canary: a timelapse drawn from a seat's views (its hand, its runes) is caught
        record = await service.store.get_game(table.game_id)
        ruleset = service.ruleset_of(record)
        engine, pack = Engine(ruleset), ruleset.pack(record.options)
        state = engine.setup(decode(record.state).options, 2, record.seed).state
        seat_views = [(1, engine.view(state, 0))]
        for row in (await service.store.actions(table.game_id))[1:]:
            state = engine.apply(state, decode(row.action)[0].action).state
            seat_views.append((row.seq, engine.view(state, 0)))
        renderer = renderer_for("runewars")
        frames = chapter_frames("runewars", seat_views)
        leaked = animate([(renderer.render_png(f.view, pack, seat=0), f.label) for f in frames])
        status.files[timelapse["id"]] = leaked.data
        moments = await leaks.Moments.load(service, table.game_id, double)
        found = await leaks.timelapse_problems(double, moments, service)
    assert found and all("not drawn from the public views" in f for f in found)
